#!/usr/bin/env bash
# Remove what scripts/install.sh installed:  sudo make uninstall
#
# Kept: the state in /var/lib/speicherstadt-companion (games, history, your
# verified cards) and the user "companion" that owns it, so a later install
# carries on where this one stopped. Your configuration is copied into the
# state folder before /etc/speicherstadt-companion is removed.
# consoleblank=0 stays on the boot command line (it does no harm).
#
# DESTDIR=/some/dir removes the files from a staged root instead and leaves
# the running system alone.
set -euo pipefail

# shellcheck source=scripts/layout.sh
. "$(dirname "${BASH_SOURCE[0]}")/layout.sh"

DESTDIR=${DESTDIR:-}
DESTDIR=${DESTDIR%/}
live=1
[ -n "$DESTDIR" ] && live=0

say() { printf '%s\n' "uninstall: $*"; }

case ${1:-} in
  '') ;;
  -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
  *) printf '%s\n' "uninstall: error: unknown option $1 (see --help)" >&2; exit 1 ;;
esac

if [ "$live" = 1 ]; then
  [ "$(id -u)" = 0 ] || { printf '%s\n' "uninstall: error: run as root: sudo make uninstall" >&2; exit 1; }
  if command -v systemctl >/dev/null; then
    systemctl disable --now "$APP.service" 2>/dev/null || systemctl disable "$APP.service" 2>/dev/null || true
    systemctl disable --now "$APP-phones.service" 2>/dev/null || true
    systemctl disable --now "$APP-camera.service" 2>/dev/null || true
    # install.sh took tty1's login prompt away; give it back.
    systemctl enable getty@tty1.service 2>/dev/null || true
  fi
fi

rm -f "$DESTDIR$UNIT_DIR/multi-user.target.wants/$APP.service"
rm -f "$DESTDIR$UNIT_DIR/multi-user.target.wants/$APP-phones.service"
rm -f "$DESTDIR$UNIT_DIR/multi-user.target.wants/$APP-camera.service"
rmdir "$DESTDIR$UNIT_DIR/multi-user.target.wants" 2>/dev/null || true
rm -f "$DESTDIR$UNIT_DIR/$APP.service"
rm -f "$DESTDIR$UNIT_DIR/$APP-phones.service"
rm -f "$DESTDIR$UNIT_DIR/$APP-camera.service"
rm -f "$DESTDIR$UDEV_DIR/$UDEV_RULE"

if [ -d "$DESTDIR$CONF_DIR" ]; then
  if [ -d "$DESTDIR$STATE_DIR" ]; then
    backup=$DESTDIR$STATE_DIR/config-before-uninstall
    rm -rf "$backup"
    cp -a "$DESTDIR$CONF_DIR" "$backup"
    say "your configuration is kept in $STATE_DIR/config-before-uninstall"
  fi
  rm -rf "$DESTDIR$CONF_DIR"
fi

# The symlink only if it is ours.
if [ -L "$DESTDIR$BIN_LINK" ] && [ "$(readlink "$DESTDIR$BIN_LINK")" = "$OPT/venv/bin/$APP" ]; then
  rm -f "$DESTDIR$BIN_LINK"
fi
rm -rf "$DESTDIR$OPT"
# The cache (Mesa's shader cache) is not state.
rm -rf "$DESTDIR/var/cache/$APP"

if [ "$live" = 1 ]; then
  if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
  if command -v udevadm >/dev/null; then udevadm control --reload || true; fi
fi

say "done. Kept: $STATE_DIR and the user companion."
