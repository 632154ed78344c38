#!/usr/bin/env bash
# Install the Speicherstadt Table Companion on Raspberry Pi OS (Bookworm or later)
# so that it starts on the touchscreen at every boot.  Run from a clone:
#
#     sudo make install            (or: sudo scripts/install.sh)
#
# Safe to run again (after `git pull`, say): it updates the program and the
# unit, keeps the configuration you edited, and leaves the state (games,
# history) alone.
#
# DESTDIR=/some/dir lays every file down under that folder instead and skips
# everything that touches the running system (user, apt, systemctl, udevadm,
# the boot command line). CI uses it with --no-venv.
#
# Options:
#   --no-venv      do not create the venv nor pip-install the program
#   --no-apt       do not apt-get install the system packages it needs
#   --no-enable    do not enable the service (nor disable the tty1 login prompt)
#   --no-cmdline   do not add consoleblank=0 to the boot command line
#   --python PATH  the python3 to build the venv from (default: python3)
set -euo pipefail
# The venv, the config and the unit must be readable by the user companion.
umask 022

# shellcheck source=scripts/layout.sh
. "$(dirname "${BASH_SOURCE[0]}")/layout.sh"
APP_USER=companion
APP_GROUPS=(video render input gpio dialout)
# python3-evdev reads a USB barcode scanner (hardware.yaml `reader.port: hid:...`); it is
# small, and installed always so that switching to a scanner later needs no reinstall.
# libgl1-mesa-dri: SDL's KMS/DRM video draws through EGL on GBM, which needs Mesa's DRI
# driver for the screen (vc4 on a Pi, kms_swrast on a VM's virtio GPU); Raspberry Pi OS
# with a desktop has it, pure Debian and Lite systems do not (make vm-test found it).
APT_PACKAGES=(python3 python3-venv python3-pip python3-lgpio python3-evdev libgbm1 libegl1 libgles2
              libgl1-mesa-dri libdrm2 libudev1
              fonts-dejavu-core)  # the font with every symbol the screens draw (▶ ★ ↻ ✎ …)

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DESTDIR=${DESTDIR:-}
DESTDIR=${DESTDIR%/}
PYTHON=python3
do_venv=1 do_apt=1 do_enable=1 do_cmdline=1

say() { printf '%s\n' "install: $*"; }
die() { printf '%s\n' "install: error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case $1 in
    --no-venv) do_venv=0 ;;
    --no-apt) do_apt=0 ;;
    --no-enable) do_enable=0 ;;
    --no-cmdline) do_cmdline=0 ;;
    --python) [ $# -ge 2 ] || die "--python needs a path"; PYTHON=$2; shift ;;
    --python=*) PYTHON=${1#--python=} ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
  shift
done

# The running system is only touched without DESTDIR.
live=1
[ -n "$DESTDIR" ] && live=0

if [ "$live" = 1 ]; then
  [ "$(id -u)" = 0 ] || die "run as root: sudo make install"
  if [ -r /etc/os-release ]; then
    # shellcheck disable=SC1091
    . /etc/os-release
    case ${VERSION_ID:-0} in
      ''|*[!0-9]*) say "warning: unknown OS version '${VERSION_ID:-}'; Raspberry Pi OS Bookworm or later is expected" ;;
      *) [ "$VERSION_ID" -ge 12 ] || die "${PRETTY_NAME:-this OS} is too old: Raspberry Pi OS Bookworm (12) or later is needed" ;;
    esac
  fi
fi

# --- system packages --------------------------------------------------------
if [ "$live" = 1 ] && [ "$do_apt" = 1 ] && command -v apt-get >/dev/null; then
  missing=()
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" && continue
    # python3-lgpio only exists in Raspberry Pi OS's archive; skip it elsewhere.
    apt-cache show "$pkg" >/dev/null 2>&1 || { say "warning: no package $pkg here; skipped"; continue; }
    missing+=("$pkg")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    say "installing system packages: ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  fi
fi

# --- user and groups --------------------------------------------------------
if [ "$live" = 1 ]; then
  for group in "${APP_GROUPS[@]}"; do
    if ! getent group "$group" >/dev/null; then
      # The unit names every group in SupplementaryGroups=; a missing one would stop it starting.
      say "creating missing group $group"
      groupadd --system "$group"
    fi
  done
  if ! getent passwd "$APP_USER" >/dev/null; then
    say "creating system user $APP_USER"
    useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
      --shell /usr/sbin/nologin --comment "Speicherstadt Table Companion" "$APP_USER"
  fi
  usermod --append --groups "$(IFS=,; echo "${APP_GROUPS[*]}")" "$APP_USER"
fi

# --- the program ------------------------------------------------------------
install -d -m 0755 "$DESTDIR$OPT" "$DESTDIR$OPT/doc" "$DESTDIR/usr/local/bin"
if [ "$do_venv" = 1 ]; then
  # --system-site-packages: the system's python3-lgpio (gpiozero's pin backend on
  # Bookworm) is not on PyPI for every Pi, so the venv must see it.
  if [ ! -x "$DESTDIR$VENV/bin/python" ]; then
    say "creating the venv $VENV"
    "$PYTHON" -m venv --system-site-packages "$DESTDIR$VENV"
  fi
  pip_args=(--quiet --disable-pip-version-check --no-input --upgrade)
  # A staged root is only laid down, not run: the dependencies are not needed there.
  [ "$live" = 0 ] && pip_args+=(--no-deps)
  # Build from a copy: a build as root would leave root-owned build/ and
  # *.egg-info folders in the owner's clone.
  build=$(mktemp -d)
  trap 'rm -rf "$build"' EXIT
  tar -C "$SRC" --exclude=./.git --exclude=./.venv --exclude=./build \
    --exclude='./*.egg-info' -cf - . | tar -C "$build" -xf -
  say "installing the program into $VENV"
  "$DESTDIR$VENV/bin/python" -m pip install "${pip_args[@]}" "$build"
fi
# So that `speicherstadt-companion check-config` works in a shell.
ln -sfn "$VENV/bin/$APP" "$DESTDIR$BIN_LINK"
for doc in "$SRC"/hardware/*.md; do
  [ -e "$doc" ] || continue
  install -m 0644 "$doc" "$DESTDIR$OPT/doc/"
done

# --- configuration: never overwrite what the owner edited --------------------
install -d -m 0755 "$DESTDIR$CONF_DIR"
for shipped in "$SRC"/config/*.yaml; do
  name=$(basename "$shipped")
  target=$DESTDIR$CONF_DIR/$name
  if [ ! -e "$target" ]; then
    install -m 0644 "$shipped" "$target"
    say "installed $CONF_DIR/$name"
  elif ! cmp -s "$shipped" "$target"; then
    # Keep the owner's file; put the new shipped one beside it to compare.
    install -m 0644 "$shipped" "$target.dist"
    say "kept your $CONF_DIR/$name; the shipped version is $CONF_DIR/$name.dist"
  else
    rm -f "$target.dist"
  fi
done

# --- the barcode scanner's python-evdev, where Debian has none ---------------
# python-evdev has no wheels on PyPI: Debian's python3-evdev (above) is seen through
# --system-site-packages. Where there is none, build it, but only when hardware.yaml
# names a scanner (it needs a compiler and the kernel headers).
if [ "$live" = 1 ] && [ "$do_venv" = 1 ] && ! "$VENV/bin/python" -c "import evdev" 2>/dev/null \
    && grep -Eq '^[[:space:]]*port:[[:space:]]*"?hid:' "$DESTDIR$CONF_DIR/hardware.yaml" 2>/dev/null; then
  say "building python-evdev for the barcode scanner (no python3-evdev package here)"
  "$VENV/bin/python" -m pip install "${pip_args[@]}" evdev \
    || say "warning: python-evdev could not be built; the scanner cannot be read (hardware/READERS.md)"
fi

# --- gpiozero's pin library, where Debian has none -----------------------------
# python3-lgpio exists only in Raspberry Pi OS's archive; on pure Debian (the image of
# `make image`) the venv gets lgpio's wheel from PyPI instead (the unit sets
# GPIOZERO_PIN_FACTORY=lgpio).
if [ "$live" = 1 ] && [ "$do_venv" = 1 ] && ! "$VENV/bin/python" -c "import lgpio" 2>/dev/null; then
  say "installing lgpio for the buttons from PyPI (no python3-lgpio package here)"
  "$VENV/bin/python" -m pip install "${pip_args[@]}" lgpio \
    || say "warning: lgpio could not be installed; the buttons cannot be read (hardware/WIRING.md)"
fi

# --- systemd unit and udev rule -----------------------------------------------
install -d -m 0755 "$DESTDIR$UNIT_DIR"
install -m 0644 "$SRC/systemd/$APP.service" "$DESTDIR$UNIT_DIR/$APP.service"
# The phones' page (hardware/PHONES.md) and the camera (hardware/CAMERA.md): installed,
# enabled only by a table that wants them.
for extra in phones camera; do
  if [ -f "$SRC/systemd/$APP-$extra.service" ]; then
    install -m 0644 "$SRC/systemd/$APP-$extra.service" "$DESTDIR$UNIT_DIR/$APP-$extra.service"
  fi
done
if [ -f "$SRC/hardware/$UDEV_RULE" ]; then
  install -d -m 0755 "$DESTDIR$UDEV_DIR"
  install -m 0644 "$SRC/hardware/$UDEV_RULE" "$DESTDIR$UDEV_DIR/$UDEV_RULE"
  if [ "$live" = 1 ] && command -v udevadm >/dev/null; then
    udevadm control --reload || true
    udevadm trigger --subsystem-match=tty --action=add || true
  fi
else
  say "no hardware/$UDEV_RULE in this version; reader stays at the port named in hardware.yaml"
fi

# --- boot: enable the service ------------------------------------------------
if [ "$do_enable" = 1 ]; then
  if [ "$live" = 1 ]; then
    # Without a running systemd (an image being prepared), enable only links.
    if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
    systemctl enable "$APP.service"
    # The app owns tty1 (Conflicts=getty@tty1.service); without the login prompt
    # wanted there too, boot does not have to pick between the two.
    systemctl disable getty@tty1.service 2>/dev/null || true
  else
    install -d -m 0755 "$DESTDIR$UNIT_DIR/multi-user.target.wants"
    ln -sfn "$UNIT_DIR/$APP.service" "$DESTDIR$UNIT_DIR/multi-user.target.wants/$APP.service"
  fi
fi

# --- screen blanking off ------------------------------------------------------
if [ "$live" = 1 ] && [ "$do_cmdline" = 1 ]; then
  for cmdline in /boot/firmware/cmdline.txt /boot/cmdline.txt; do
    [ -f "$cmdline" ] || continue
    if ! grep -qw 'consoleblank=0' "$cmdline"; then
      cp -p "$cmdline" "$cmdline.before-$APP"
      # cmdline.txt must stay one line.
      sed -i '1 s/[[:space:]]*$/ consoleblank=0/' "$cmdline"
      say "added consoleblank=0 to $cmdline (the old one is $cmdline.before-$APP)"
    fi
    break
  done
fi

say "done."
if [ "$live" = 1 ]; then
  say "check the configuration: $APP check-config"
  say "then reboot (sudo reboot), or start it now: sudo systemctl restart $APP"
fi
