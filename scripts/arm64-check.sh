#!/usr/bin/env bash
# Prove the Raspberry Pi install on arm64 without a Pi: run scripts/install.sh in
# an arm64 Debian 12 (Bookworm) root under qemu-user, then, in that root,
# `check-config`, `replay` of an example from outside the repository, and the
# app itself as the user `companion` with SDL's dummy video driver until it has
# drawn Home (it tells so with sd_notify READY=1, which this script listens for).
#
#     sudo make arm64-check          (or: sudo scripts/arm64-check.sh)
#
# Needs root, network access to Debian's mirror and to PyPI, and minutes: the
# first run builds the arm64 root with debootstrap (kept for the next runs); every
# run installs into a fresh copy of it. Not part of `make test`.
#
# Environment:
#   ARM64_DIR     where the roots and caches live (default /var/tmp/speicherstadt-arm64)
#   ARM64_MIRROR  the Debian mirror (default http://deb.debian.org/debian)
#   ARM64_WAIT    the most seconds the app may take to draw Home (default 600)
#   KEEP=1        leave the installed root in place afterwards (to look inside it)
set -euo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/layout.sh
. "$(dirname "${BASH_SOURCE[0]}")/layout.sh"
DIR=${ARM64_DIR:-/var/tmp/speicherstadt-arm64}
MIRROR=${ARM64_MIRROR:-http://deb.debian.org/debian}
WAIT=${ARM64_WAIT:-600}
BASE=$DIR/base
ROOT=$DIR/root
EXAMPLE=two-players-quick.jsonl

say() { printf '%s\n' "arm64-check: $*"; }
die() { printf '%s\n' "arm64-check: FAILED: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root (debootstrap, chroot and mounts need it): sudo make arm64-check"
case $WAIT in ''|*[!0-9]*) die "ARM64_WAIT must be a whole number of seconds" ;; esac

# --- the host's tools -------------------------------------------------------------
need=()
command -v debootstrap >/dev/null || need+=(debootstrap)
[ -e /usr/libexec/qemu-binfmt/aarch64-binfmt-P ] || command -v qemu-aarch64-static >/dev/null \
  || need+=(qemu-user-static)
command -v update-binfmts >/dev/null || need+=(binfmt-support)
if [ ${#need[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || die "missing ${need[*]} and no apt-get to install them"
  say "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
# In a container binfmt_misc is often not mounted: qemu then is not found for arm64 programs.
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
  mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
fi
[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64 \
  || die "cannot register qemu for arm64 programs (update-binfmts --enable qemu-aarch64)"

# --- the arm64 root -----------------------------------------------------------------
mkdir -p "$DIR" "$DIR/apt-cache" "$DIR/pip-cache"
if [ ! -e "$BASE/.arm64-check-base" ]; then
  say "building an arm64 Debian 12 root in $BASE (debootstrap; several minutes)"
  rm -rf "$BASE"
  # systemd: install.sh enables the unit with systemctl; ca-certificates: pip over https.
  debootstrap --arch=arm64 --variant=minbase --include=systemd,ca-certificates \
    bookworm "$BASE" "$MIRROR"
  touch "$BASE/.arm64-check-base"
fi

mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount -R "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true
  done
  if [ "${KEEP:-0}" != 1 ] && [ -d "$ROOT" ]; then rm -rf --one-file-system "$ROOT"; fi
}
trap cleanup EXIT

bind() {  # bind SOURCE TARGET-INSIDE-ROOT
  mkdir -p "$ROOT$2"
  mount --rbind "$1" "$ROOT$2"
  mount --make-rslave "$ROOT$2"
  mounted+=("$ROOT$2")
}

say "a fresh copy of the root in $ROOT"
if mountpoint -q "$ROOT/proc" 2>/dev/null; then die "$ROOT is still in use (mounted)"; fi
rm -rf --one-file-system "$ROOT"
cp -a "$BASE" "$ROOT"
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
# A site's own certificate authorities (an HTTPS proxy's) are trusted in the root as here.
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
  chroot "$ROOT" update-ca-certificates >/dev/null
fi
# No service may start inside the root.
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
chmod 0755 "$ROOT/usr/sbin/policy-rc.d"
bind /proc /proc
bind /sys /sys
bind /dev /dev
bind "$DIR/apt-cache" /var/cache/apt/archives
bind "$DIR/pip-cache" /root/.cache/pip
# pip's own certificate list would not know a site's authorities: the system's does.
in_root() {
  chroot "$ROOT" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 PIP_CERT=/etc/ssl/certs/ca-certificates.crt "$@"
}
[ "$(in_root uname -m)" = aarch64 ] || die "programs in the root do not run as aarch64"

# The repository as a clone would have it (no venv, no caches, no .git).
say "copying the repository to /root/src in the root"
mkdir -p "$ROOT/root/src"
tar -C "$SRC" --exclude=./.git --exclude=./.venv --exclude=./build --exclude='./*.egg-info' \
  --exclude=__pycache__ --exclude=.pytest_cache --exclude=.mypy_cache --exclude=.ruff_cache \
  --exclude=.hypothesis -cf - . | tar -C "$ROOT/root/src" -xf -

# --- 1. install.sh, as the README says ------------------------------------------------
say "running scripts/install.sh (apt-get and pip inside the arm64 root)"
start=$(date +%s)
in_root bash /root/src/scripts/install.sh --no-cmdline || die "install.sh failed"
say "install.sh finished in $(( $(date +%s) - start )) s"
[ -L "$ROOT/etc/systemd/system/multi-user.target.wants/$APP.service" ] \
  || die "the unit was not enabled"
in_root getent passwd companion >/dev/null || die "no user companion"

# The unit's StateDirectory= and CacheDirectory=, as systemd would make them.
install -d -o "$(in_root id -u companion)" -g "$(in_root id -g companion)" -m 0750 \
  "$ROOT$STATE_DIR" "$ROOT/var/cache/$APP"
as_companion() {
  chroot "$ROOT" /usr/bin/setpriv --reuid=companion --regid=companion --init-groups \
    /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$STATE_DIR" LANG=C.UTF-8 \
    STATE_DIRECTORY="$STATE_DIR" CONFIGURATION_DIRECTORY="$CONF_DIR" \
    XDG_CACHE_HOME="/var/cache/$APP" "$@"
}

# --- 2. check-config and replay, as the user companion -----------------------------
say "check-config"
as_companion "$APP" check-config || die "check-config failed"
cp "$SRC/examples/$EXAMPLE" "$ROOT/tmp/$EXAMPLE"
chmod 0644 "$ROOT/tmp/$EXAMPLE"
say "replay /tmp/$EXAMPLE (outside the repository)"
out=$(cd / && as_companion "$APP" replay "/tmp/$EXAMPLE") || die "replay failed"
printf '%s\n' "$out" | tail -n 5
grep -q . <<<"$out" || die "replay printed nothing"

# --- 3. the app, until it has drawn Home ------------------------------------------------
shots=/tmp/arm64-check-shots
install -d -o "$(in_root id -u companion)" -m 0700 "$ROOT$shots"
say "starting the app as companion (SDL dummy video) and waiting for READY=1 (at most ${WAIT} s)"
# A small listener on the host: it owns the notification socket (an abstract socket,
# shared with the chroot), starts the app, and reports what the app said.
python3 - "$ROOT" "$WAIT" "$shots" "$STATE_DIR" "$CONF_DIR" "$APP" <<'PY' || die "the app did not draw Home"
import os, signal, socket, subprocess, sys, time

root, wait_s, shots, state, conf, app = sys.argv[1], float(sys.argv[2]), *sys.argv[3:]
name = f"speicherstadt-arm64-check-{os.getpid()}"
sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
sock.bind("\0" + name)
cmd = ["chroot", root, "/usr/bin/setpriv", "--reuid=companion", "--regid=companion",
       "--init-groups", "/usr/bin/env", "-i", "PATH=/usr/local/bin:/usr/bin:/bin",
       f"HOME={state}", "LANG=C.UTF-8", f"STATE_DIRECTORY={state}",
       f"CONFIGURATION_DIRECTORY={conf}", f"XDG_CACHE_HOME=/var/cache/{app}",
       "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy", f"NOTIFY_SOCKET=@{name}",
       "PYTHONUNBUFFERED=1", f"/usr/local/bin/{app}", "--screenshot-dir", shots]
# chroot, setpriv and env each exec the next: the child's pid is the app's.
proc = subprocess.Popen(cmd)
deadline = time.monotonic() + wait_s
ready = False
while not ready:
    left = deadline - time.monotonic()
    if left <= 0 or proc.poll() is not None:
        break
    sock.settimeout(min(left, 1.0))
    try:
        message = sock.recv(4096).decode("utf-8", "replace")
    except socket.timeout:
        continue
    print(f"arm64-check: the app says {message.strip()!r}", flush=True)
    ready = "READY=1" in message.split("\n")
if not ready:
    status = proc.poll()
    if status is None:
        proc.kill()
        proc.wait()
        print(f"arm64-check: no READY=1 within {wait_s:.0f} s", file=sys.stderr)
    else:
        print(f"arm64-check: the app exited with status {status} before READY=1",
              file=sys.stderr)
    sys.exit(1)
# Each screen is a picture and its frame description (NNN-<screen>.png and .json).
drawn = sorted(name for name in os.listdir(root + shots) if name.endswith(".png"))
print(f"arm64-check: screens drawn: {drawn}", flush=True)
proc.send_signal(signal.SIGTERM)
try:
    status = proc.wait(timeout=120)
except subprocess.TimeoutExpired:
    proc.kill()
    print("arm64-check: the app did not stop on SIGTERM", file=sys.stderr)
    sys.exit(1)
if not drawn or not drawn[0].endswith("-home.png"):
    print("arm64-check: the first screen drawn was not Home", file=sys.stderr)
    sys.exit(1)
if status not in (0, -signal.SIGTERM):
    print(f"arm64-check: the app stopped with status {status} on SIGTERM", file=sys.stderr)
    sys.exit(1)
print(f"arm64-check: the app stopped on SIGTERM (status {status})", flush=True)
PY

say "PASSED: install.sh, check-config, replay and the app's Home screen on arm64 (aarch64 under qemu)"
