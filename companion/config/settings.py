"""The owner's settings: `companion.yaml` and `hardware.yaml`, validated into frozen values.

Both files are optional key by key: a key left out takes the default shown in
the shipped files (config/ in the source). A key that is not known, a value of
the wrong type or out of range is a `ConfigError` naming the file, the line
and the key. Every problem of a file is collected, not just the first, so
`check-config` can list them all at once.

    settings = load_settings(config_dir)        # raises ConfigProblems
    settings.companion.display.width            # typed values for the app
    settings.hardware                           # what companion.inputs starts from

`check_companion_file(path)` and `check_hardware_file(path)` return
`(settings or None, [errors])` for callers that want every error.
`hardware_from_dict(data)` checks hardware settings that are already a dict
(shaped like hardware.yaml) with the same rules and raises `ConfigProblems`.

This is the only place hardware.yaml is validated: companion.inputs takes
its settings from here. A section or key left out takes its default (the
values of the shipped file); a device is off only with `enabled: false`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar, cast

from companion.config import yamlfile
from companion.config.yamlfile import KeyPath, YamlDocument
from companion.errors import ConfigError
from companion.languages import LANGUAGES

__all__ = [
    "BAUDRATES",
    "BUTTON_ROLES",
    "COMPANION_FILE",
    "HARDWARE_FILE",
    "ButtonSettings",
    "CompanionSettings",
    "ConfigProblems",
    "DisplaySettings",
    "HardwareSettings",
    "PhonesSettings",
    "ReaderSettings",
    "Settings",
    "as_dict",
    "check_companion_file",
    "check_hardware_file",
    "hardware_from_dict",
    "load_settings",
    "replace",
]

COMPANION_FILE = "companion.yaml"
HARDWARE_FILE = "hardware.yaml"

#: The engine's `words.Form` values (config is read by the inputs, which never import the
#: engine; tests/config/test_words.py checks that the two agree).
PURCHASE_FORMS = ("quick", "tracked")
ROTATIONS = (0, 90, 180, 270)
LOG_LEVELS = ("debug", "info", "warning", "error")
#: Display sizes outside this are a typo, not a panel (the smallest is a 2.8" SPI one).
DISPLAY_WIDTH = (320, 7680)
DISPLAY_HEIGHT = (240, 4320)

#: One button per player colour, plus OK and Undo; Back is optional (no default pin).
#: The colours are the engine's `words.Colour` (checked by tests/config/test_words.py).
BUTTON_ROLES = ("red", "blue", "green", "yellow", "purple", "ok", "back", "undo")
#: The BCM numbers of the GPIOs on the 40-pin header (0 and 1 are the HAT EEPROM's).
BCM_PINS = (2, 27)
DEBOUNCE_MS = (0, 500)
LONG_PRESS_MS = (100, 10_000)

FRAMINGS = ("line", "rdm6300")
LINE_ENDINGS = ("cr", "lf", "crlf", "any")
#: The standard serial rates (termios' own constants; pyserial accepts all of them).
BAUDRATES = (
    300, 600, 1200, 2400, 4800, 9600, 19200, 38400, 57600,
    115200, 230400, 460800, 500000, 576000, 921600, 1000000,
)
SETTLE_S = (0.0, 30.0)
REPEAT_SUPPRESS_S = (0.0, 60.0)
#: Not zero: a reader that is gone would be retried in a busy loop.
RECONNECT_S = (0.1, 300.0)

#: pyserial URL handlers and whether the part after `://` may be empty.
SERIAL_URL_SCHEMES = {
    "loop": True,
    "socket": False,
    "rfc2217": False,
    "spy": False,
    "alt": False,
    "hwgrep": False,
    "cp2110": True,
}
_DEV_PATH = re.compile(r"/dev/[A-Za-z0-9_.+:@-]+(/[A-Za-z0-9_.+:@-]+)*")
_HOST_PORT = re.compile(r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(?P<port>[0-9]{1,5})")


# --------------------------------------------------------------------------- values


class _Frozen:
    """What `@dataclass(frozen=True)` gave the settings: fields (the class's `__slots__`,
    in order) set once by its `__init__`; equality by class and fields; a hash of the
    fields; a repr naming them; copies and pickles by value; `as_dict` and `replace` below.

    Not `dataclasses`: on Python 3.11 each frozen dataclass compiles six functions with
    `exec` as its module loads, and these eight cost ~30 M instructions (~4 ms), 8 % of
    the app's way to its first frame (benchmarks/RESULTS.md, "Start and memory, issue
    19"). Not `companion.engine.values` either: the inputs read these settings, and they
    never import the engine (a contract of `make test`)."""

    __slots__: tuple[str, ...] = ()

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__qualname__}({inner})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of {type(self).__name__}: "
                             "settings are frozen (settings.replace makes a changed copy)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of {type(self).__name__}")

    def __reduce__(self) -> tuple[Any, ...]:  # copy, deepcopy and pickle rebuild by value
        return (type(self), self._values())


F = TypeVar("F", bound=_Frozen)


def as_dict(value: _Frozen) -> dict[str, Any]:
    """The fields as a dict, settings within as dicts too (as `dataclasses.asdict`)."""
    out: dict[str, Any] = {}
    for name in value.__slots__:
        item = getattr(value, name)
        out[name] = as_dict(item) if isinstance(item, _Frozen) else \
            dict(item) if isinstance(item, dict) else item
    return out


def replace(value: F, **changes: Any) -> F:
    """A copy of `value` with `changes` (as `dataclasses.replace`)."""
    fields = {name: getattr(value, name) for name in value.__slots__}
    fields.update(changes)
    return cast(F, cast(Any, type(value))(**fields))


class DisplaySettings(_Frozen):
    """How the screen is drawn."""

    __slots__ = ("width", "height", "fullscreen", "rotation")
    #: Pixels across, as the panel is mounted before rotation.
    width: int
    #: Pixels down.
    height: int
    #: "auto" (fullscreen on the console, a window on a desktop), True or False.
    fullscreen: str | bool
    #: Degrees the drawing and touch input are turned: 0, 90, 180 or 270.
    rotation: int

    def __init__(self, width: int = 800, height: int = 480, fullscreen: str | bool = "auto",
                 rotation: int = 0) -> None:
        self._set(width=width, height=height, fullscreen=fullscreen, rotation=rotation)

    @property
    def size(self) -> tuple[int, int]:
        """(width, height)."""
        return (self.width, self.height)


class PhonesSettings(_Frozen):
    """companion.yaml `phones`: the live page for the players' phones (docs/phones.md)."""

    __slots__ = ("bind", "port", "wifi_ssid", "wifi_password")
    #: The address `serve` listens on: loopback (this machine only) unless the owner opens it
    #: to the table's network (the Pi's Wi-Fi or hotspot address, or 0.0.0.0 for every one).
    bind: str
    port: int
    #: The table's Wi-Fi (its hotspot), shown as a second QR code beside the page's; none if "".
    wifi_ssid: str
    wifi_password: str

    def __init__(self, bind: str = "127.0.0.1", port: int = 8080, wifi_ssid: str = "",
                 wifi_password: str = "") -> None:
        self._set(bind=bind, port=port, wifi_ssid=wifi_ssid, wifi_password=wifi_password)


class ClubSettings(_Frozen):
    """companion.yaml `club`: the club this table sends its finished games to (docs/club.md)."""

    __slots__ = ("url", "token")
    #: The club server's address (http://host:port/); "" when the table belongs to no club.
    url: str
    #: The table's token from `club add-table` (32 hex digits).
    token: str

    def __init__(self, url: str = "", token: str = "") -> None:
        self._set(url=url, token=token)

    @property
    def configured(self) -> bool:
        return bool(self.url and self.token)


class CompanionSettings(_Frozen):
    """companion.yaml: the app's own settings."""

    __slots__ = ("language", "purchase_form", "display", "log_level", "phones", "club")
    #: Language of the screens: "en", "de" or "fr".
    language: str
    #: How Demand and Purchase are entered: "quick" or "tracked".
    purchase_form: str
    display: DisplaySettings
    #: "debug", "info", "warning" or "error".
    log_level: str
    phones: PhonesSettings
    club: ClubSettings

    def __init__(self, language: str = "en", purchase_form: str = "quick",
                 display: DisplaySettings | None = None, log_level: str = "info",
                 phones: PhonesSettings | None = None, club: ClubSettings | None = None) -> None:
        self._set(language=language, purchase_form=purchase_form,
                  display=DisplaySettings() if display is None else display,
                  log_level=log_level, phones=PhonesSettings() if phones is None else phones,
                  club=ClubSettings() if club is None else club)


class ButtonSettings(_Frozen):
    """hardware.yaml `buttons`: the GPIO buttons."""

    __slots__ = ("enabled", "pull_up", "debounce_ms", "long_press_ms", "pins")
    enabled: bool
    #: Buttons close to ground and use the Pi's internal pull-ups.
    pull_up: bool
    #: Contact bounce shorter than this is ignored.
    debounce_ms: int
    #: Holding Undo this long means Redo, holding OK "OK held".
    long_press_ms: int
    #: Role (player colour, "ok", "back", "undo") -> BCM number. A role left out has
    #: no button; the defaults are the shipped wiring (no Back button).
    pins: dict[str, int]

    def __init__(self, enabled: bool = True, pull_up: bool = True, debounce_ms: int = 30,
                 long_press_ms: int = 800, pins: dict[str, int] | None = None) -> None:
        if pins is None:
            pins = {"red": 5, "blue": 6, "green": 13, "yellow": 19, "purple": 26, "ok": 20,
                    "undo": 21}
        self._set(enabled=enabled, pull_up=pull_up, debounce_ms=debounce_ms,
                  long_press_ms=long_press_ms, pins=pins)

    @property
    def debounce_s(self) -> float:
        """`debounce_ms` in seconds (what the button logic counts in)."""
        return self.debounce_ms / 1000.0

    @property
    def long_press_s(self) -> float:
        """`long_press_ms` in seconds."""
        return self.long_press_ms / 1000.0


class ReaderSettings(_Frozen):
    """hardware.yaml `reader`: the serial card reader."""

    __slots__ = ("enabled", "port", "baudrate", "framing", "line_ending", "settle_s",
                 "repeat_suppress_s", "reconnect_s")
    enabled: bool
    #: A /dev path or a pyserial URL (loop://, socket://host:port, ...).
    port: str
    baudrate: int
    #: "rdm6300" (STX, 10 hex, 2 hex checksum, ETX) or "line" (one tag per line).
    framing: str
    #: For framing "line": "cr", "lf", "crlf" or "any".
    line_ending: str
    #: Seconds to wait after opening the port (Arduino boards reset when opened).
    settle_s: float
    #: The same tag again within this many seconds is a held card.
    repeat_suppress_s: float
    #: Seconds between attempts to reopen a reader that went away.
    reconnect_s: float

    def __init__(self, enabled: bool = True, port: str = "/dev/speicherstadt-reader",
                 baudrate: int = 9600, framing: str = "rdm6300", line_ending: str = "any",
                 settle_s: float = 2.0, repeat_suppress_s: float = 1.5,
                 reconnect_s: float = 2.0) -> None:
        self._set(enabled=enabled, port=port, baudrate=baudrate, framing=framing,
                  line_ending=line_ending, settle_s=settle_s,
                  repeat_suppress_s=repeat_suppress_s, reconnect_s=reconnect_s)


class HardwareSettings(_Frozen):
    """hardware.yaml: the physical inputs."""

    __slots__ = ("buttons", "reader")
    buttons: ButtonSettings
    reader: ReaderSettings

    def __init__(self, buttons: ButtonSettings | None = None,
                 reader: ReaderSettings | None = None) -> None:
        self._set(buttons=ButtonSettings() if buttons is None else buttons,
                  reader=ReaderSettings() if reader is None else reader)

    def as_dict(self) -> dict[str, dict[str, Any]]:
        """The validated settings as plain dicts, shaped like hardware.yaml (for inputs/)."""
        return as_dict(self)


class Settings(_Frozen):
    """Everything read from one configuration directory."""

    __slots__ = ("config_dir", "companion", "hardware")
    config_dir: Path
    companion: CompanionSettings
    hardware: HardwareSettings

    def __init__(self, config_dir: Path, companion: CompanionSettings,
                 hardware: HardwareSettings) -> None:
        self._set(config_dir=config_dir, companion=companion, hardware=hardware)


class ConfigProblems(ConfigError):
    """One or more errors in the configuration; `errors` lists each one.

    The message has one line per error (`file:line: key: problem`).
    """

    def __init__(self, errors: Iterable[ConfigError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(e.message for e in self.errors))


# --------------------------------------------------------------------------- checking

T = TypeVar("T")
_INVALID: Any = object()


class _Checker:
    """Reads values out of one YamlDocument, collecting an error for each bad one."""

    def __init__(self, doc: YamlDocument) -> None:
        self.doc = doc
        self._found: list[tuple[int, int, ConfigError]] = []

    def fail(self, path: KeyPath, problem: str) -> Any:
        error = self.doc.error(path, problem)
        self._found.append((self.doc.line_of(path), len(self._found), error))
        return _INVALID

    @property
    def errors(self) -> list[ConfigError]:
        """Every error so far, in the order of the file's lines."""
        return [error for _, _, error in sorted(self._found, key=lambda f: f[:2])]

    def section(self, path: KeyPath, value: Any, known: Iterable[str]) -> dict[str, Any]:
        """A mapping with only `known` keys; unknown ones are errors. None means empty."""
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.fail(path, f"must be a group of settings (key: value lines), not {_kind(value)}")
            return {}
        known = tuple(known)
        for key in value:
            if key not in known:
                self.fail(path + (key,), f"unknown setting; known here: {', '.join(known)}")
        return value

    def get(
        self, section: dict[str, Any], path: KeyPath, default: T, check: Callable[[KeyPath, Any], T]
    ) -> T:
        key = path[-1]
        if key not in section:
            return default
        result = check(path, section[key])
        return default if result is _INVALID else result

    def choice(self, path: KeyPath, value: Any, choices: tuple[Any, ...]) -> Any:
        if isinstance(value, bool) or value not in choices:
            listed = ", ".join(str(c) for c in choices)
            return self.fail(path, f"{_show(value)} is not one of {listed}")
        return value

    def boolean(self, path: KeyPath, value: Any) -> Any:
        if not isinstance(value, bool):
            return self.fail(path, f"must be true or false, not {_show(value)}")
        return value

    def integer(self, path: KeyPath, value: Any, low: int, high: int, unit: str = "") -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            return self.fail(path, f"must be a whole number, not {_show(value)}")
        if not low <= value <= high:
            return self.fail(path, f"{value} is out of range ({low} to {high}{unit})")
        return value

    def number(self, path: KeyPath, value: Any, low: float, high: float, unit: str = "") -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return self.fail(path, f"must be a number, not {_show(value)}")
        if value != value or not low <= value <= high:  # NaN compares unequal to itself
            return self.fail(path, f"{value} is out of range ({low:g} to {high:g}{unit})")
        return float(value)


def _kind(value: Any) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a group of settings"
    return type(value).__name__


def _show(value: Any) -> str:
    if value is None:
        return _kind(value)
    if isinstance(value, list | dict):
        text = repr(value)
        return text if len(text) <= 40 else _kind(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def _document(path: Path) -> tuple[YamlDocument | None, list[ConfigError]]:
    try:
        doc = yamlfile.load(path)
    except ConfigError as exc:
        return None, [exc]
    return doc, []


# --------------------------------------------------------------------------- companion.yaml


def _check_display(c: _Checker, value: Any) -> DisplaySettings:
    path: KeyPath = ("display",)
    section = c.section(path, value, ("size", "fullscreen", "rotation"))
    default = DisplaySettings()
    width, height = default.width, default.height
    if "size" in section:
        size = section["size"]
        size_path = path + ("size",)
        if (
            not isinstance(size, list)
            or len(size) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in size)
        ):
            c.fail(size_path, f"must be [width, height] in whole pixels, not {_show(size)}")
        else:
            w = c.integer(size_path + (0,), size[0], *DISPLAY_WIDTH, " pixels wide")
            h = c.integer(size_path + (1,), size[1], *DISPLAY_HEIGHT, " pixels high")
            if w is not _INVALID and h is not _INVALID:
                width, height = w, h

    def fullscreen(p: KeyPath, v: Any) -> Any:
        if v == "auto" or isinstance(v, bool):
            return v
        return c.fail(p, f"must be auto, true or false, not {_show(v)}")

    return DisplaySettings(
        width=width,
        height=height,
        fullscreen=c.get(section, path + ("fullscreen",), default.fullscreen, fullscreen),
        rotation=c.get(
            section, path + ("rotation",), default.rotation,
            lambda p, v: c.choice(p, v, ROTATIONS),
        ),
    )


def _check_phones(c: _Checker, value: Any) -> PhonesSettings:
    path: KeyPath = ("phones",)
    section = c.section(path, value, ("bind", "port", "wifi"))
    default = PhonesSettings()

    def address(p: KeyPath, v: Any) -> Any:
        import ipaddress

        try:
            return str(ipaddress.ip_address(v)) if isinstance(v, str) else c.fail(
                p, f"must be an IP address such as 127.0.0.1, not {_show(v)}")
        except ValueError:
            return c.fail(p, f"{_show(v)} is not an IP address (such as 127.0.0.1 or 0.0.0.0)")

    wifi = c.section(path + ("wifi",), section.get("wifi"), ("ssid", "password"))

    def text(limit: tuple[int, int]) -> Callable[[KeyPath, Any], Any]:
        def check(p: KeyPath, v: Any) -> Any:
            if not isinstance(v, str):
                return c.fail(p, f"must be text, not {_show(v)}")
            if not limit[0] <= len(v.encode("utf-8")) <= limit[1]:
                return c.fail(p, f"must be {limit[0]} to {limit[1]} bytes long")
            return v
        return check

    ssid = c.get(wifi, path + ("wifi", "ssid"), "", text((1, 32)))
    password = c.get(wifi, path + ("wifi", "password"), "", text((8, 63)))
    if password and not ssid:
        c.fail(path + ("wifi",), "a password needs the network's name (ssid) beside it")
    return PhonesSettings(
        bind=c.get(section, path + ("bind",), default.bind, address),
        port=c.get(section, path + ("port",), default.port,
                   lambda p, v: c.integer(p, v, 1, 65535)),
        wifi_ssid=ssid,
        wifi_password=password,
    )


def _check_club(c: _Checker, value: Any) -> ClubSettings:
    path: KeyPath = ("club",)
    section = c.section(path, value, ("url", "token"))

    def url(p: KeyPath, v: Any) -> Any:
        from urllib.parse import urlsplit

        if not isinstance(v, str):
            return c.fail(p, f"must be the club server's address as text, not {_show(v)}")
        try:
            parts = urlsplit(v)
            port_ok = parts.port is None or 1 <= parts.port <= 65535
        except ValueError:
            parts, port_ok = None, False
        if (parts is None or parts.scheme not in ("http", "https") or not parts.hostname
                or not port_ok or parts.query or parts.fragment or len(v) > 200
                or not v.isprintable() or " " in v):
            return c.fail(p, f"{_show(v)} is not a club server's address (such as "
                          "http://192.168.1.20:8090/, the `URL` line `club serve` prints)")
        return v

    def token(p: KeyPath, v: Any) -> Any:
        if not isinstance(v, str) or not re.fullmatch(r"[0-9a-f]{32}", v):
            return c.fail(p, "must be the 32 hex digits `club add-table` printed after TOKEN")
        return v

    found = ClubSettings(url=c.get(section, path + ("url",), "", url),
                         token=c.get(section, path + ("token",), "", token))
    if section and bool(found.url) != bool(found.token):
        c.fail(path, "needs both `url` and `token` (or leave the section out)")
    return found


def check_companion(doc: YamlDocument) -> tuple[CompanionSettings | None, list[ConfigError]]:
    """Validate a parsed companion.yaml: (settings, []) or (None, every error)."""
    c = _Checker(doc)
    top = c.section(
        (), doc.data, ("language", "purchase_form", "display", "log_level", "phones", "club"))
    default = CompanionSettings()
    settings = CompanionSettings(
        language=c.get(top, ("language",), default.language,
                       lambda p, v: c.choice(p, v, LANGUAGES)),
        purchase_form=c.get(top, ("purchase_form",), default.purchase_form,
                            lambda p, v: c.choice(p, v, PURCHASE_FORMS)),
        display=_check_display(c, top.get("display")),
        log_level=c.get(top, ("log_level",), default.log_level,
                        lambda p, v: c.choice(p, v, LOG_LEVELS)),
        phones=_check_phones(c, top.get("phones")),
        club=_check_club(c, top.get("club")),
    )
    return (None, c.errors) if c.errors else (settings, [])


def check_companion_file(path: str | Path) -> tuple[CompanionSettings | None, list[ConfigError]]:
    """Load and validate a companion.yaml: (settings, []) or (None, every error)."""
    doc, errors = _document(Path(path))
    return (None, errors) if doc is None else check_companion(doc)


# --------------------------------------------------------------------------- hardware.yaml


def _check_pins(c: _Checker, value: Any, enabled: bool) -> dict[str, int]:
    path: KeyPath = ("buttons", "pins")
    if value is not None and not isinstance(value, dict):
        c.fail(path, f"must list a BCM pin per button (red: 5 ...), not {_show(value)}")
        return {}
    section = c.section(path, value, BUTTON_ROLES)
    pins: dict[str, int] = {}
    used: dict[int, str] = {}
    for role in BUTTON_ROLES:
        if role not in section:
            continue
        pin = c.integer(path + (role,), section[role], *BCM_PINS, ", BCM numbers")
        if pin is _INVALID:
            continue
        if pin in used:
            c.fail(path + (role,), f"GPIO {pin} is already the {used[pin]} button's pin")
            continue
        used[pin] = role
        pins[role] = pin
    if enabled and not section:
        c.fail(path, "buttons are enabled but no pin is given")
    return pins


def _check_buttons(c: _Checker, value: Any) -> ButtonSettings:
    path: KeyPath = ("buttons",)
    section = c.section(
        path, value, ("enabled", "pull_up", "debounce_ms", "long_press_ms", "pins")
    )
    default = ButtonSettings()
    enabled = c.get(section, path + ("enabled",), default.enabled, c.boolean)
    debounce = c.get(section, path + ("debounce_ms",), default.debounce_ms,
                     lambda p, v: c.integer(p, v, *DEBOUNCE_MS, " ms"))
    long_press = c.get(section, path + ("long_press_ms",), default.long_press_ms,
                       lambda p, v: c.integer(p, v, *LONG_PRESS_MS, " ms"))
    if long_press <= debounce:
        c.fail(path + ("long_press_ms",), f"must be longer than debounce_ms ({debounce})")
    pins = _check_pins(c, section["pins"], enabled) if "pins" in section else default.pins
    return ButtonSettings(
        enabled=enabled,
        pull_up=c.get(section, path + ("pull_up",), default.pull_up, c.boolean),
        debounce_ms=debounce,
        long_press_ms=long_press,
        pins=pins,
    )


def serial_port_problem(port: str) -> str | None:
    """Why `port` is not a /dev path or a pyserial URL, or None if its form is fine."""
    if not port.strip():
        return "is empty"
    if port != port.strip():
        return f"{port!r} has spaces around it"
    if port.startswith(("hid:", "hid-replay:")):
        # A USB barcode scanner in keyboard mode, or its twin: a file of key events.
        kind, _, target = port.partition(":")
        path, _, speed = target.partition("?speed=") if kind == "hid-replay" else (target, "", "")
        if not path:
            return f"{port!r}: {kind}: needs a device (hid:/dev/input/by-id/...-event-kbd)"
        if kind == "hid" and (not _DEV_PATH.fullmatch(path) or "/../" in path + "/"):
            return f"{port!r}: hid: needs a device path (hid:/dev/input/by-id/...-event-kbd)"
        if speed and not re.fullmatch(r"[0-9]+(\.[0-9]+)?", speed):
            return f"{port!r}: speed must be a number (hid-replay:FILE?speed=10)"
        return None
    if "://" in port:
        scheme, rest = port.split("://", 1)
        if scheme not in SERIAL_URL_SCHEMES:
            known = ", ".join(f"{s}://" for s in SERIAL_URL_SCHEMES)
            return f"{port!r}: unknown URL kind {scheme}:// (pyserial knows {known})"
        target = rest.split("?", 1)[0]
        if not target and not SERIAL_URL_SCHEMES[scheme]:
            return f"{port!r}: {scheme}:// needs a target after it"
        if scheme in ("socket", "rfc2217"):
            m = _HOST_PORT.fullmatch(target)
            if not m or not 1 <= int(m["port"]) <= 65535:
                return f"{port!r}: {scheme}:// needs host:port (a port from 1 to 65535)"
        if any(ch.isspace() for ch in port):
            return f"{port!r} contains spaces"
        return None
    if port.startswith("/dev/"):
        if not _DEV_PATH.fullmatch(port) or "/../" in port + "/" or port.endswith("/"):
            return f"{port!r} is not a valid device path"
        return None
    return (
        f"{port!r} is neither a device path (/dev/...), a pyserial URL "
        "(loop://, socket://host:port, rfc2217://host:port, ...) nor a barcode scanner "
        "(hid:/dev/input/by-id/...-event-kbd)"
    )


def _check_reader(c: _Checker, value: Any) -> ReaderSettings:
    path: KeyPath = ("reader",)
    section = c.section(
        path, value,
        ("enabled", "port", "baudrate", "framing", "line_ending",
         "settle_s", "repeat_suppress_s", "reconnect_s"),
    )
    default = ReaderSettings()

    def port(p: KeyPath, v: Any) -> Any:
        if not isinstance(v, str):
            return c.fail(p, f"must be a device path or a pyserial URL, not {_show(v)}")
        problem = serial_port_problem(v)
        return c.fail(p, problem) if problem else v

    def baudrate(p: KeyPath, v: Any) -> Any:
        if isinstance(v, bool) or not isinstance(v, int):
            return c.fail(p, f"must be a whole number, not {_show(v)}")
        if v not in BAUDRATES:
            return c.fail(p, f"{v} is not a standard rate (9600 and 115200 are usual)")
        return v

    def seconds(bounds: tuple[float, float]) -> Callable[[KeyPath, Any], Any]:
        return lambda p, v: c.number(p, v, *bounds, " seconds")

    return ReaderSettings(
        enabled=c.get(section, path + ("enabled",), default.enabled, c.boolean),
        port=c.get(section, path + ("port",), default.port, port),
        baudrate=c.get(section, path + ("baudrate",), default.baudrate, baudrate),
        framing=c.get(section, path + ("framing",), default.framing,
                      lambda p, v: c.choice(p, v, FRAMINGS)),
        line_ending=c.get(section, path + ("line_ending",), default.line_ending,
                          lambda p, v: c.choice(p, v, LINE_ENDINGS)),
        settle_s=c.get(section, path + ("settle_s",), default.settle_s, seconds(SETTLE_S)),
        repeat_suppress_s=c.get(section, path + ("repeat_suppress_s",),
                                default.repeat_suppress_s, seconds(REPEAT_SUPPRESS_S)),
        reconnect_s=c.get(section, path + ("reconnect_s",), default.reconnect_s,
                          seconds(RECONNECT_S)),
    )


def check_hardware(doc: YamlDocument) -> tuple[HardwareSettings | None, list[ConfigError]]:
    """Validate a parsed hardware.yaml: (settings, []) or (None, every error)."""
    c = _Checker(doc)
    top = c.section((), doc.data, ("buttons", "reader"))
    settings = HardwareSettings(
        buttons=_check_buttons(c, top.get("buttons")),
        reader=_check_reader(c, top.get("reader")),
    )
    return (None, c.errors) if c.errors else (settings, [])


def check_hardware_file(path: str | Path) -> tuple[HardwareSettings | None, list[ConfigError]]:
    """Load and validate a hardware.yaml: (settings, []) or (None, every error)."""
    doc, errors = _document(Path(path))
    return (None, errors) if doc is None else check_hardware(doc)


def hardware_from_dict(
    data: dict[str, Any] | None, source: str = HARDWARE_FILE
) -> HardwareSettings:
    """Validate hardware settings that are already parsed (shaped like hardware.yaml).

    The same rules as `check_hardware`; errors name `source` and the key (there
    are no lines). None or {} is the defaults. Raises `ConfigProblems` listing
    every error.
    """
    settings, errors = check_hardware(YamlDocument(Path(source), data))
    if errors or settings is None:
        raise ConfigProblems(errors)
    return settings


# --------------------------------------------------------------------------- both


def load_settings(config_dir: str | Path) -> Settings:
    """Read companion.yaml and hardware.yaml from `config_dir`.

    Raises `ConfigProblems` (a ConfigError, exit status 2) listing every error of
    both files; a missing file is an error too.
    """
    config_dir = Path(config_dir)
    companion, errors = check_companion_file(config_dir / COMPANION_FILE)
    hardware, hardware_errors = check_hardware_file(config_dir / HARDWARE_FILE)
    errors += hardware_errors
    if errors or companion is None or hardware is None:
        raise ConfigProblems(errors)
    return Settings(config_dir=config_dir, companion=companion, hardware=hardware)
