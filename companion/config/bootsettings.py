"""The image's boot settings: `speicherstadt.yaml` on the SD card's FAT partition.

A table builder who flashed the image (docs/image.md) edits this small file from any
computer before the first boot: the language of the screens, the time zone, the Wi-Fi
country, the table's Wi-Fi for the phones, the phones' page, and ssh. At boot the image
applies it (`speicherstadt-companion apply-boot-settings`), after checking it here with
the same rules and messages as companion.yaml and hardware.yaml (`settings._Checker`):
every error names the file, the line and the key, and nothing is applied from a file
with an error.

    settings, errors = check_boot_file(path)     # (BootSettings, []) or (None, [errors])

A key left out changes nothing (the image's own setting stays): `language: None`.
"""

from __future__ import annotations

import base64
import binascii
import re
from pathlib import Path
from typing import Any

from companion.config import yamlfile
from companion.config.settings import _INVALID, _Checker, _Frozen, _show
from companion.config.yamlfile import KeyPath, YamlDocument
from companion.errors import ConfigError
from companion.languages import LANGUAGES

__all__ = ["BOOT_FILE", "BootSettings", "check_boot", "check_boot_file", "SSH_KEY_TYPES"]

#: Its name on the FAT partition (/boot/firmware on the Pi).
BOOT_FILE = "speicherstadt.yaml"
TOP_KEYS = ("language", "timezone", "wifi", "phones", "ssh")
#: The public key kinds OpenSSH 9 (bookworm) accepts for a login.
SSH_KEY_TYPES = (
    "ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521", "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com",
)
_ZONE = re.compile(r"[A-Za-z0-9_+-]+(/[A-Za-z0-9_+-]+)*")


class BootSettings(_Frozen):
    """What `speicherstadt.yaml` asks for; None where the file says nothing."""

    __slots__ = ("language", "timezone", "wifi_country", "wifi_ssid", "wifi_password",
                 "phones", "ssh", "ssh_keys")
    language: str | None
    #: An IANA zone such as Europe/Berlin.
    timezone: str | None
    #: ISO 3166 two letters, upper case (the radio's rules: channels and power).
    wifi_country: str | None
    #: The table's Wi-Fi network the Pi joins ("" for none); password "" is an open one.
    wifi_ssid: str
    wifi_password: str
    #: The phones' page on the table's network (the `serve` unit, bound to every address).
    phones: bool | None
    #: ssh on or off (off unless asked), and the public keys that may log in as root.
    ssh: bool
    ssh_keys: tuple[str, ...]

    def __init__(self, language: str | None = None, timezone: str | None = None,
                 wifi_country: str | None = None, wifi_ssid: str = "", wifi_password: str = "",
                 phones: bool | None = None, ssh: bool = False,
                 ssh_keys: tuple[str, ...] = ()) -> None:
        self._set(language=language, timezone=timezone, wifi_country=wifi_country,
                  wifi_ssid=wifi_ssid, wifi_password=wifi_password, phones=phones, ssh=ssh,
                  ssh_keys=ssh_keys)


def _zones() -> set[str]:
    import zoneinfo

    return set(zoneinfo.available_timezones())


def _countries() -> set[str]:
    """ISO 3166 two-letter codes, from Babel's CLDR data (a dependency already)."""
    from babel import Locale

    return {code for code in Locale("en").territories
            if isinstance(code, str) and len(code) == 2 and code.isalpha()}


def ssh_key_problem(key: str) -> str | None:
    """Why `key` is not one line of an authorized_keys file, or None."""
    fields = key.split()
    if len(fields) < 2 or "\n" in key.strip():
        return "must be one public key on one line (ssh-ed25519 AAAA... name), from your .pub file"
    kind, blob = fields[0], fields[1]
    if kind not in SSH_KEY_TYPES:
        return f"{kind!r} is not a public key kind ({', '.join(SSH_KEY_TYPES[:3])}, ...)"
    try:
        raw = base64.b64decode(blob, validate=True)
    except (binascii.Error, ValueError):
        return "the key's text is damaged (not base64): copy the whole line of your .pub file"
    # The key's data starts with its kind again, as a 4-byte length and the name.
    size = int.from_bytes(raw[:4], "big") if len(raw) >= 4 else -1
    if raw[4:4 + size].decode("ascii", "replace") != kind:
        return "the key's text does not match its kind: copy the whole line of your .pub file"
    return None


def check_boot(doc: YamlDocument) -> tuple[BootSettings | None, list[ConfigError]]:
    """Validate a parsed speicherstadt.yaml: (settings, []) or (None, every error)."""
    c = _Checker(doc)
    top = c.section((), doc.data, TOP_KEYS)

    def zone(p: KeyPath, v: Any) -> Any:
        if not isinstance(v, str) or not _ZONE.fullmatch(v):
            return c.fail(p, f"must be a time zone such as Europe/Berlin, not {_show(v)}")
        zones = _zones()
        if zones and v not in zones:
            import difflib

            near = difflib.get_close_matches(v, sorted(zones), n=1)
            hint = f" (did you mean {near[0]}?)" if near else " (such as Europe/Berlin)"
            return c.fail(p, f"{v!r} is not a time zone{hint}")
        return v

    def country(p: KeyPath, v: Any) -> Any:
        if not isinstance(v, str) or not re.fullmatch(r"[A-Za-z]{2}", v):
            return c.fail(p, f"must be the country's two letters such as DE, GB or FR, "
                             f"not {_show(v)}")
        if v.upper() not in _countries():
            return c.fail(p, f"{v!r} is not a country's code (two letters such as DE, GB or FR)")
        return v.upper()

    def text(low: int, high: int, what: str) -> Any:
        def check(p: KeyPath, v: Any) -> Any:
            if isinstance(v, int | float) and not isinstance(v, bool):
                v = str(v)  # a password of digits only, written without quotes
            if not isinstance(v, str):
                return c.fail(p, f"must be text, not {_show(v)}")
            if not low <= len(v.encode("utf-8")) <= high:
                return c.fail(p, f"{what} must be {low} to {high} bytes long")
            if any(ord(ch) < 32 or ord(ch) == 127 for ch in v):
                return c.fail(p, f"{what} must not contain control characters")
            return v
        return check

    wifi = c.section(("wifi",), top.get("wifi"), ("country", "ssid", "password"))
    wifi_country = c.get(wifi, ("wifi", "country"), None, country)
    ssid = c.get(wifi, ("wifi", "ssid"), "", text(1, 32, "a Wi-Fi name"))
    password = c.get(wifi, ("wifi", "password"), "", text(8, 63, "a Wi-Fi password"))
    if ssid and "country" not in wifi:
        c.fail(("wifi",), "the Wi-Fi needs its country beside the name (country: DE): "
                          "the radio may only use that country's channels")
    if password and "ssid" not in wifi:
        c.fail(("wifi",), "a password needs the network's name (ssid) beside it")

    ssh_value = top.get("ssh")
    ssh_on: Any = False
    keys: tuple[str, ...] = ()
    if isinstance(ssh_value, bool):
        ssh_on = ssh_value
        ssh_section: dict[str, Any] = {}
    else:
        ssh_section = c.section(("ssh",), ssh_value, ("enabled", "authorized_keys"))
        ssh_on = c.get(ssh_section, ("ssh", "enabled"), False, c.boolean)
    if "authorized_keys" in ssh_section:
        listed = ssh_section["authorized_keys"]
        path: KeyPath = ("ssh", "authorized_keys")
        if isinstance(listed, str):
            listed = [listed]
        if not isinstance(listed, list):
            c.fail(path, f"must be a list of public keys (- ssh-ed25519 AAAA...), "
                         f"not {_show(listed)}")
        else:
            found = []
            for i, key in enumerate(listed):
                problem = ssh_key_problem(key) if isinstance(key, str) else \
                    f"must be a public key's line, not {_show(key)}"
                if problem:
                    c.fail(path + (i,), problem)
                else:
                    found.append(" ".join(key.split()))
            keys = tuple(found)
    if ssh_on is True and not keys and "authorized_keys" not in ssh_section:
        c.fail(("ssh",), "ssh needs your public key (authorized_keys: [ssh-ed25519 AAAA...]): "
                         "the image has no password to log in with")

    settings = BootSettings(
        language=c.get(top, ("language",), None, lambda p, v: c.choice(p, v, LANGUAGES)),
        timezone=c.get(top, ("timezone",), None, zone),
        wifi_country=wifi_country,
        wifi_ssid=ssid,
        wifi_password=password,
        phones=c.get(top, ("phones",), None, c.boolean),
        ssh=bool(ssh_on) and ssh_on is not _INVALID,
        ssh_keys=keys,
    )
    return (None, c.errors) if c.errors else (settings, [])


def check_boot_file(path: str | Path) -> tuple[BootSettings | None, list[ConfigError]]:
    """Load and validate a speicherstadt.yaml: (settings, []) or (None, every error)."""
    try:
        doc = yamlfile.load(Path(path))
    except ConfigError as exc:
        return None, [exc]
    assert doc is not None
    return check_boot(doc)
