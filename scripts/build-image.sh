#!/usr/bin/env bash
# Build the ready-to-flash image of the Speicherstadt Table Companion for a Raspberry Pi 3
# or 4: Debian bookworm (arm64), the Pi's firmware, Debian's kernel, and the companion
# installed by scripts/install.sh, the same script a Pi owner runs.
#
#     sudo make image          (or: sudo scripts/build-image.sh)
#
# Writes speicherstadt-companion-<version>-arm64.img.xz into the repository (OUT_DIR).
# Nothing is mounted: the root is built in a folder (mmdebstrap under qemu-user), the
# image is assembled from folders by genimage (mkdosfs + mcopy, mke2fs -d).
#
# Stages and their cache (IMAGE_CACHE, default /work/cache/image, else /var/cache/...):
#   1. base   the Debian root with every package and the initramfs (~40 min under
#             emulation). Kept as base-<key>/, key = hash of image/packages.txt and this
#             script's BASE_RECIPE. Reused while those do not change; install.sh's
#             APT_PACKAGES are preinstalled, and what install.sh lists later it installs
#             itself in stage 2.
#   2. root   a copy of the base, scripts/install.sh run in it, image/rootfs laid over
#             it, the boot files written (~3 min; every run).
#   3. image  genimage, then xz (~2 min).
# Force a new base: REBUILD_BASE=1 make image (or delete the base-* folder).
#
# Environment: IMAGE_CACHE, OUT_DIR, IMAGE_MIRROR (default http://deb.debian.org/debian),
#              IMAGE_SECURITY (default http://deb.debian.org/debian-security),
#              REBUILD_BASE=1, KEEP_ROOT=1 (keep the stage-2 folder to look inside).
set -euo pipefail
umask 022

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/layout.sh
. "$SRC/scripts/layout.sh"
CACHE=${IMAGE_CACHE:-/work/cache/image}
[ -d "$(dirname "$CACHE")" ] || CACHE=/var/cache/$APP-image
OUT_DIR=${OUT_DIR:-$SRC}
MIRROR=${IMAGE_MIRROR:-http://deb.debian.org/debian}
SECURITY=${IMAGE_SECURITY:-http://deb.debian.org/debian-security}
SUITE=bookworm
# Bump when stage 1's recipe below changes in a way the key does not see.
BASE_RECIPE=1

say() { printf '%s\n' "image: $(date +%H:%M:%S) $*"; }
die() { printf '%s\n' "image: error: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root (mmdebstrap, chroot and file owners need it): sudo make image"

# --- the host's tools ---------------------------------------------------------------
need=()
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
command -v genimage >/dev/null || need+=(genimage)
command -v mcopy >/dev/null || need+=(mtools)
command -v mkdosfs >/dev/null || need+=(dosfstools)
command -v xz >/dev/null || need+=(xz-utils)
command -v update-binfmts >/dev/null || need+=(binfmt-support)
command -v arch-test >/dev/null || need+=(arch-test)  # mmdebstrap: a foreign architecture
[ -e /usr/libexec/qemu-binfmt/aarch64-binfmt-P ] || command -v qemu-aarch64-static >/dev/null \
  || need+=(qemu-user-static)
if [ ${#need[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || die "missing ${need[*]} and no apt-get to install them"
  say "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
  mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
fi
[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64 \
  || die "cannot register qemu for arm64 programs (update-binfmts --enable qemu-aarch64)"

VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' "$SRC/pyproject.toml" | head -n 1)
[ -n "$VERSION" ] || die "no version in pyproject.toml"
IMAGE_NAME=$APP-$VERSION-arm64.img


# --- the package lists ----------------------------------------------------------------
# image/packages.txt, and install.sh's own list (read from install.sh, never copied).
mapfile -t BASE_PACKAGES < <(sed 's/#.*//; s/[[:space:]]//g; /^$/d' "$SRC/image/packages.txt")
# shellcheck disable=SC2016
mapfile -t APP_PACKAGES < <(bash -c 'eval "$(sed -n "/^APT_PACKAGES=(/,/)/p" "$1")"
                                     printf "%s\n" "${APT_PACKAGES[@]}"' _ "$SRC/scripts/install.sh")
[ ${#APP_PACKAGES[@]} -gt 0 ] || die "no APT_PACKAGES in scripts/install.sh"

# install.sh's list is not in the key: what a newer install.sh needs beyond the base's
# copy of the list, it installs itself in stage 2 (as on a Pi).
key=$( { echo "recipe $BASE_RECIPE $SUITE $MIRROR"; printf '%s\n' "${BASE_PACKAGES[@]}"
       } | sha256sum | cut -c1-12)
BASE=$CACHE/base-$key
mkdir -p "$CACHE" "$CACHE/apt"

# --- 1. base ----------------------------------------------------------------------------
if [ "${REBUILD_BASE:-0}" = 1 ]; then rm -rf --one-file-system "$BASE"; fi
if [ ! -e "$BASE/.image-base" ]; then
  say "stage 1: the Debian base in $BASE (mmdebstrap under qemu-user; about 40 minutes)"
  rm -rf --one-file-system "$BASE.tmp"
  start=$(date +%s)
  include=$(IFS=,; echo "${BASE_PACKAGES[*]}")
  # The initramfs is made once, at the end: while packages are installed,
  # update-initramfs is diverted to a no-op (each kernel, firmware and trigger would
  # otherwise make it again, minutes each under emulation).
  # shellcheck disable=SC2016  # the hooks expand $1 inside mmdebstrap, not here
  mmdebstrap --arch=arm64 --variant=minbase --components=main,non-free-firmware \
    --include="$include" \
    --essential-hook='mkdir -p "$1/boot/firmware"' \
    --essential-hook='chroot "$1" dpkg-divert --quiet --local --rename --divert /usr/sbin/update-initramfs.real --add /usr/sbin/update-initramfs' \
    --essential-hook='printf "#!/bin/sh\necho update-initramfs: deferred by build-image.sh\n" >"$1/usr/sbin/update-initramfs"; chmod 0755 "$1/usr/sbin/update-initramfs"' \
    --setup-hook='mkdir -p "$1/var/cache/apt/archives"' \
    --setup-hook='sync-in '"$CACHE/apt"' /var/cache/apt/archives/' \
    --skip=download/empty \
    --customize-hook='rm -f "$1/etc/resolv.conf"; cp -L /etc/resolv.conf "$1/etc/resolv.conf"' \
    --customize-hook='set -e; pkgs=""; for p in '"${APP_PACKAGES[*]}"'; do if chroot "$1" apt-cache show "$p" >/dev/null 2>&1; then pkgs="$pkgs $p"; else echo "image: no package $p in Debian; install.sh skips it too"; fi; done; chroot "$1" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $pkgs' \
    --customize-hook='set -e; rm -f "$1/usr/sbin/update-initramfs"; chroot "$1" dpkg-divert --quiet --local --rename --remove /usr/sbin/update-initramfs; echo "image: initramfs start $(date +%s)"; chroot "$1" update-initramfs -c -k all; echo "image: initramfs end $(date +%s)"' \
    --customize-hook='sync-out /var/cache/apt/archives '"$CACHE/apt" \
    --customize-hook='ln -sfn ../run/systemd/resolve/stub-resolv.conf "$1/etc/resolv.conf"' \
    "$SUITE" "$BASE.tmp" \
    "deb $MIRROR $SUITE main non-free-firmware" \
    "deb $MIRROR $SUITE-updates main non-free-firmware" \
    "deb $SECURITY $SUITE-security main non-free-firmware"
  echo "$key $(date -u +%FT%TZ) $(( $(date +%s) - start ))s" >"$BASE.tmp/.image-base"
  mv "$BASE.tmp" "$BASE"
  say "stage 1 done in $(( $(date +%s) - start )) s"
else
  say "stage 1: reusing the base $BASE ($(cat "$BASE/.image-base"))"
fi
[ "${STAGE:-}" = base ] && exit 0

# --- 2. root ----------------------------------------------------------------------------
ROOT=$CACHE/root
WORK=$CACHE/work
mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount -R "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true
  done
}
trap cleanup EXIT
bind() {  # bind SOURCE TARGET-INSIDE-ROOT
  mkdir -p "$ROOT$2"
  mount --rbind "$1" "$ROOT$2"
  mount --make-rslave "$ROOT$2"
  mounted+=("$ROOT$2")
}
in_root() {
  chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 PIP_CERT=/etc/ssl/certs/ca-certificates.crt "$@"
}

stage2=$(date +%s)
say "stage 2: a copy of the base in $ROOT"
if mountpoint -q "$ROOT/proc" 2>/dev/null; then die "$ROOT is still in use (mounted)"; fi
rm -rf --one-file-system "$ROOT"
cp -a "$BASE" "$ROOT"
rm -f "$ROOT/.image-base"
mkdir -p "$CACHE/pip"
# No service may start inside the root while it is prepared.
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
chmod 0755 "$ROOT/usr/sbin/policy-rc.d"
rm -f "$ROOT/etc/resolv.conf"
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
  in_root update-ca-certificates >/dev/null
fi
bind /proc /proc
bind /sys /sys
bind /dev /dev
bind "$CACHE/pip" /root/.cache/pip

# The repository as a clone has it, then install.sh: the one way the companion is installed.
mkdir -p "$ROOT/root/src"
tar -C "$SRC" --exclude=./.git --exclude=./.venv --exclude=./build --exclude='./*.egg-info' \
  --exclude=__pycache__ --exclude=.pytest_cache --exclude=.mypy_cache --exclude=.ruff_cache \
  --exclude=.hypothesis --exclude='./*.img' --exclude='./*.img.xz' --exclude=./vm-test-shots \
  -cf - . | tar -C "$ROOT/root/src" -xf -
# A Pi's system has apt's package lists (the base was cleaned of them): install.sh may
# apt-get what the base does not have yet.
say "stage 2: apt-get update in the image"
in_root apt-get update -qq
say "stage 2: scripts/install.sh in the image (pip under emulation; a few minutes)"
# --no-cmdline: the image's kernel command line comes from raspi-firmware's files below.
in_root bash /root/src/scripts/install.sh --no-cmdline
[ -L "$ROOT/etc/systemd/system/multi-user.target.wants/$APP.service" ] || die "install.sh did not enable the unit"

say "stage 2: the image's own files (image/rootfs) and units"
cp -a "$SRC/image/rootfs/." "$ROOT/"
in_root systemctl enable systemd-networkd.service "$APP-boot-settings.service" \
  speicherstadt-growroot.service >/dev/null
# ssh is off until speicherstadt.yaml turns it on; the host keys are made on the Pi.
in_root systemctl disable ssh.service >/dev/null 2>&1 || true
rm -f "$ROOT"/etc/ssh/ssh_host_*
# Each Pi gets its own machine id at its first boot.
: >"$ROOT/etc/machine-id"
rm -f "$ROOT/var/lib/dbus/machine-id"

# The boot partition: raspi-firmware's own hook writes config.txt and cmdline.txt from
# /etc/default/raspi-*, and copies the kernel, initrd and device trees.
in_root env DEB_MAINT_PARAMS=configure /etc/kernel/postinst.d/z50-raspi-firmware
grep -q 'root=LABEL=RASPIROOT' "$ROOT/boot/firmware/cmdline.txt" || die "cmdline.txt has no root=LABEL=RASPIROOT"
sed 's/ cma=[^ ]*//' "$ROOT/boot/firmware/cmdline.txt" >"$ROOT/boot/firmware/cmdline-pi4.txt"
install -m 0644 "$SRC/image/boot/speicherstadt.yaml" "$ROOT/boot/firmware/speicherstadt.yaml"

# Leave nothing of the build behind.
cleanup
mounted=()
rm -rf "$ROOT/root/src" "$ROOT/root/.cache" "$ROOT/usr/sbin/policy-rc.d"
rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/* "$ROOT"/tmp/* "$ROOT"/var/tmp/*
find "$ROOT/var/log" -type f -exec truncate -s 0 {} +
ln -sfn ../run/systemd/resolve/stub-resolv.conf "$ROOT/etc/resolv.conf"
say "stage 2 done in $(( $(date +%s) - stage2 )) s"

# --- 3. image ---------------------------------------------------------------------------
stage3=$(date +%s)
rm -rf "$WORK"
mkdir -p "$WORK/out" "$WORK/tmp" "$WORK/input"
boot_mb=256
used_mb=$(du -s -x --block-size=1M --exclude=./boot/firmware "$ROOT" | cut -f1)
# Room for the first boot's writes; the partition grows to the card at the first boot anyway.
root_mb=$(( (used_mb * 5 / 4 + 256 + 63) / 64 * 64 ))
sed -e "s/@BOOT_MB@/$boot_mb/" -e "s/@ROOT_MB@/$root_mb/" -e "s/@IMAGE@/$IMAGE_NAME/" \
  "$SRC/image/genimage.cfg.in" >"$WORK/genimage.cfg"
say "stage 3: genimage (boot ${boot_mb} MiB FAT, root ${root_mb} MiB ext4 with ${used_mb} MiB used)"
genimage --config "$WORK/genimage.cfg" --rootpath "$ROOT" --tmppath "$WORK/tmp" \
  --inputpath "$WORK/input" --outputpath "$WORK/out" >"$WORK/genimage.log" 2>&1 \
  || { tail -n 30 "$WORK/genimage.log" >&2; die "genimage failed (log: $WORK/genimage.log)"; }
rm -rf "$WORK/tmp"
say "stage 3: xz -3 (level 6 took over 20 minutes here for a few per cent less)"
xz -T2 -3 -f -k "$WORK/out/$IMAGE_NAME"
mkdir -p "$OUT_DIR"
mv -f "$WORK/out/$IMAGE_NAME.xz" "$OUT_DIR/$IMAGE_NAME.xz"
# The uncompressed image stays in the cache for `make vm-test` to check it is this one.
mv -f "$WORK/out/$IMAGE_NAME" "$CACHE/$IMAGE_NAME"
sha256sum "$OUT_DIR/$IMAGE_NAME.xz" | sed "s#  .*/#  #" >"$OUT_DIR/$IMAGE_NAME.xz.sha256"
say "stage 3 done in $(( $(date +%s) - stage3 )) s"
say "$OUT_DIR/$IMAGE_NAME.xz: $(du -m "$OUT_DIR/$IMAGE_NAME.xz" | cut -f1) MiB compressed," \
  "$(du -m --apparent-size "$CACHE/$IMAGE_NAME" | cut -f1) MiB as flashed, ${used_mb} MiB used on the root"
