"""`apply-boot-settings [FILE]`: apply the image's `speicherstadt.yaml` (docs/image.md).

Run as root by the image's `speicherstadt-companion-boot-settings.service` at every boot,
before the app starts; it does something only when the file changed since it was last
applied (its SHA-256 is kept in `--stamp`). The file is checked first
(`companion.config.bootsettings`, the rules of the rest of the configuration): with any
error nothing is applied, and every error is printed and written beside the file as
`speicherstadt-errors.txt`, which the owner reads on the same card from any computer.

What each key changes (in `--root`, `/` on the Pi):

- `language`, `phones`, `wifi.ssid`/`password`: /etc/speicherstadt-companion/companion.yaml
  (checked again as a whole before it is written), and the phones' unit enabled or not;
- `timezone`: /etc/localtime and /etc/timezone;
- `wifi`: /etc/wpa_supplicant/wpa_supplicant-wlan0.conf (the key as its PSK, never the
  password) and wpa_supplicant@wlan0 enabled;
- `ssh`: /root/.ssh/authorized_keys and ssh.service enabled or disabled.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.errors import ConfigError

DEFAULT_FILE = "/boot/firmware/speicherstadt.yaml"
DEFAULT_STAMP = "/var/lib/speicherstadt-companion-boot/applied.sha256"
ERRORS_FILE = "speicherstadt-errors.txt"
APP = "speicherstadt-companion"
PHONES_UNIT = f"{APP}-phones.service"
WIFI_UNIT = "wpa_supplicant@wlan0.service"
SSH_UNIT = "ssh.service"

Runner = Callable[[Sequence[str]], None]


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add `apply-boot-settings [FILE]` to the command line."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "apply-boot-settings",
        help="apply the image's speicherstadt.yaml from the boot partition (as root)",
        description="Check FILE (default: /boot/firmware/speicherstadt.yaml) and, when it is "
        "valid and changed since the last time, apply it: language, time zone, Wi-Fi, the "
        "phones' page, ssh. Errors are printed and written to speicherstadt-errors.txt "
        "beside FILE (exit status 2); nothing is applied then.",
    )
    parser.add_argument("file", nargs="?", default=DEFAULT_FILE, metavar="FILE")
    parser.add_argument("--root", default="/", metavar="DIR",
                        help="the system to change (default /; a folder for an image)")
    parser.add_argument("--stamp", default=DEFAULT_STAMP, metavar="FILE",
                        help="where the applied file's SHA-256 is kept (inside --root)")
    parser.add_argument("--check", action="store_true",
                        help="only check the file; change nothing")
    parser.set_defaults(func=run)
    return parser


def _inside(root: Path, path: str) -> Path:
    return root / path.lstrip("/")


def systemctl_runner(root: Path) -> Runner:
    """`systemctl` for `root`: the running system (units started or stopped now too) or
    an image's folder (`--root`, links only)."""
    live = root.resolve() == Path("/")

    def run(args: Sequence[str]) -> None:
        if not live and args[0] in ("start", "stop"):
            return
        command = ["systemctl", *([] if live else [f"--root={root}"]), *args]
        subprocess.run(command, check=False, stdout=subprocess.DEVNULL)
    return run


def wpa_conf(country: str | None, ssid: str, password: str) -> str:
    """wpa_supplicant's file: the name in hex and the PSK, so no character needs quoting."""
    lines = ["# Written by speicherstadt-companion apply-boot-settings from speicherstadt.yaml",
             "ctrl_interface=DIR=/run/wpa_supplicant", "update_config=0"]
    if country:
        lines.append(f"country={country}")
    if ssid:
        lines += ["network={", f"    ssid={ssid.encode('utf-8').hex()}", "    scan_ssid=1"]
        if password:
            psk = hashlib.pbkdf2_hmac("sha1", password.encode("utf-8"), ssid.encode("utf-8"),
                                      4096, 32)
            lines.append(f"    psk={psk.hex()}")
        else:
            lines.append("    key_mgmt=NONE")
        lines.append("}")
    return "\n".join(lines) + "\n"


def companion_yaml(text: str, settings: Any) -> str:
    """companion.yaml's text with the boot settings' language, phones and Wi-Fi in it.

    Only the lines of the keys that change are replaced; every comment stays."""
    lines = text.splitlines()

    def top_block(key: str) -> tuple[int, int] | None:
        for i, line in enumerate(lines):
            if line.startswith(f"{key}:"):
                end = i + 1
                while end < len(lines) and (not lines[end].strip() or lines[end][0] in " #"):
                    end += 1
                while end > i + 1 and not lines[end - 1].strip():
                    end -= 1
                return i, end
        return None

    if settings.language is not None:
        found = top_block("language")
        if found:
            lines[found[0]] = f"language: {settings.language}"
        else:
            lines.append(f"language: {settings.language}")
    if settings.phones is not None or settings.wifi_ssid:
        import json

        found = top_block("phones")
        block = lines[found[0] + 1:found[1]] if found else []
        kept = []
        skipping = False
        for line in block:
            stripped = line.strip()
            indent = len(line) - len(line.lstrip())
            if skipping and (not stripped or indent > 2):
                continue
            skipping = False
            if settings.phones is not None and stripped.startswith("bind:") and indent == 2:
                continue
            if settings.wifi_ssid and stripped.startswith("wifi:") and indent == 2:
                skipping = True
                continue
            kept.append(line)
        if settings.phones is not None:
            bind = "0.0.0.0" if settings.phones else "127.0.0.1"
            kept.append(f"  bind: {bind}  # speicherstadt.yaml phones: "
                        f"{'true' if settings.phones else 'false'}")
        if settings.wifi_ssid:
            kept += ["  wifi:", f"    ssid: {json.dumps(settings.wifi_ssid)}"]
            if settings.wifi_password:
                kept.append(f"    password: {json.dumps(settings.wifi_password)}")
        new = ["phones:", *kept]
        if found:
            lines[found[0]:found[1]] = new
        else:
            lines += new
    return "\n".join(lines) + "\n"


def apply(settings: Any, root: Path, systemctl: Runner) -> list[str]:
    """Change the system in `root` as `settings` asks; one line per change, for the log."""
    from companion.config import settings as config
    from companion.config import yamlfile
    from companion.fsio import atomic_write, read_bounded

    done: list[str] = []
    conf = _inside(root, f"/etc/{APP}/{config.COMPANION_FILE}")
    if settings.language is not None or settings.phones is not None or settings.wifi_ssid:
        old = read_bounded(conf, yamlfile.MAX_BYTES).decode("utf-8") if conf.exists() else ""
        new = companion_yaml(old, settings)
        _, errors = config.check_companion(yamlfile.parse(new, conf))
        if errors:
            raise ConfigError("\n".join([f"{conf}: would not be valid with these settings:",
                                         *(e.message for e in errors)]))
        if new != old:
            conf.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(conf, new, 0o644)
            done.append(f"{conf}: language, phones and Wi-Fi set")

    if settings.timezone is not None:
        localtime = _inside(root, "/etc/localtime")
        tmp = localtime.with_name(".localtime.tmp")
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(f"/usr/share/zoneinfo/{settings.timezone}")
        os.replace(tmp, localtime)
        atomic_write(_inside(root, "/etc/timezone"), settings.timezone + "\n", 0o644)
        done.append(f"time zone {settings.timezone}")

    if settings.wifi_country is not None or settings.wifi_ssid:
        path = _inside(root, "/etc/wpa_supplicant/wpa_supplicant-wlan0.conf")
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, wpa_conf(settings.wifi_country, settings.wifi_ssid,
                                    settings.wifi_password), 0o600)
        if settings.wifi_ssid:
            systemctl(["enable", WIFI_UNIT])
            systemctl(["restart", "--no-block", WIFI_UNIT])
            done.append(f"Wi-Fi {settings.wifi_ssid!r} (country {settings.wifi_country})")
        else:
            systemctl(["disable", WIFI_UNIT])
            done.append(f"Wi-Fi country {settings.wifi_country}, no network")

    if settings.phones is not None:
        systemctl(["enable" if settings.phones else "disable", PHONES_UNIT])
        systemctl(["restart" if settings.phones else "stop", "--no-block", PHONES_UNIT])
        done.append(f"the phones' page {'on' if settings.phones else 'off'}")

    keys = _inside(root, "/root/.ssh/authorized_keys")
    if settings.ssh_keys:
        keys.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomic_write(keys, "".join(k + "\n" for k in settings.ssh_keys), 0o600)
    if settings.ssh:
        systemctl(["enable", SSH_UNIT])
        systemctl(["start", "--no-block", SSH_UNIT])
        done.append(f"ssh on ({len(settings.ssh_keys)} key(s))")
    else:
        systemctl(["disable", SSH_UNIT])
        systemctl(["stop", "--no-block", SSH_UNIT])
        done.append("ssh off")
    return done


def run(args: argparse.Namespace, systemctl: Runner | None = None) -> int:
    """Check, then apply if changed; errors to stderr and to speicherstadt-errors.txt."""
    from companion.config import yamlfile
    from companion.config.bootsettings import check_boot_file
    from companion.fsio import atomic_write, read_bounded

    path = Path(args.file)
    root = Path(args.root)
    errors_file = path.with_name(ERRORS_FILE)
    if not path.exists():
        print(f"{path}: no such file; nothing to apply")
        return 0
    try:
        data = read_bounded(path, yamlfile.MAX_BYTES)  # its digest; the checker names a big one
    except OSError as exc:
        from companion.fsio import describe

        print(f"{path}: cannot be read ({describe(exc)}); nothing applied", file=sys.stderr)
        return ConfigError.exit_status
    settings, errors = check_boot_file(path)
    if errors or settings is None:
        messages = [e.message for e in errors]
        for message in messages:
            print(message, file=sys.stderr)
        if not args.check:
            text = ("The settings in speicherstadt.yaml were NOT applied, because of:\n\n"
                    + "\n".join(messages) + "\n\nCorrect the file and start the Pi again.\n")
            try:
                atomic_write(errors_file, text.replace("\n", "\r\n"), 0o644)
            except OSError as exc:
                print(f"{errors_file}: cannot be written ({exc.strerror})", file=sys.stderr)
        return ConfigError.exit_status
    if args.check:
        print(f"{path}: ok")
        return 0
    stamp = _inside(root, args.stamp)
    digest = hashlib.sha256(data).hexdigest()
    if stamp.exists() and read_bounded(stamp, 256).decode("ascii", "replace").strip() == digest:
        print(f"{path}: applied before, unchanged")
        return 0
    try:
        done = apply(settings, root, systemctl or systemctl_runner(root))
    except ConfigError as exc:
        print(exc.message, file=sys.stderr)
        atomic_write(errors_file, (exc.message + "\n").replace("\n", "\r\n"), 0o644)
        return ConfigError.exit_status
    for line in done:
        print(f"applied: {line}")
    errors_file.unlink(missing_ok=True)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(stamp, digest + "\n", 0o644)
    return 0
