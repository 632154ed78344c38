"""The `buttons:` and `reader:` sections of hardware.yaml, checked and typed.

Configuration reaches the inputs as plain dicts (the parsed hardware.yaml);
this module turns them into settings and raises `ConfigError` naming the key
for anything wrong. A missing section means the device is not used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.config.settings import ConfigProblems, HardwareSettings, hardware_from_dict
from companion.errors import ConfigError
from companion.inputs.intents import COLOURS

#: Roles a button can have: a player colour, or one of these.
BUTTON_ROLES = (*COLOURS, "ok", "back", "undo")
FRAMINGS = ("rdm6300", "line")
LINE_ENDINGS = ("any", "cr", "lf", "crlf")

_FILE = "hardware.yaml"


def _err(key: str, problem: str) -> ConfigError:
    return ConfigError(f"{_FILE}: {key}: {problem}")


def _section(hardware: dict[str, Any] | None, name: str) -> dict[str, Any] | None:
    if hardware is None:
        return None
    if not isinstance(hardware, dict):
        raise _err("(top level)", "must be a mapping")
    section = hardware.get(name)
    if section is None:
        return None
    if not isinstance(section, dict):
        raise _err(name, "must be a mapping")
    return section


def _bool(section: dict[str, Any], name: str, key: str, default: bool) -> bool:
    value = section.get(key, default)
    if not isinstance(value, bool):
        raise _err(f"{name}.{key}", f"must be true or false, not {value!r}")
    return value


def _number(
    section: dict[str, Any], name: str, key: str, default: float, *, minimum: float = 0.0
) -> float:
    value = section.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _err(f"{name}.{key}", f"must be a number, not {value!r}")
    if value < minimum:
        raise _err(f"{name}.{key}", f"must be at least {minimum:g}, not {value!r}")
    return float(value)


def _choice(
    section: dict[str, Any], name: str, key: str, default: str, choices: tuple[str, ...]
) -> str:
    value = section.get(key, default)
    if value not in choices:
        raise _err(f"{name}.{key}", f"must be one of {', '.join(choices)}, not {value!r}")
    return str(value)


@dataclass(frozen=True)
class ButtonSettings:
    """The `buttons:` section."""

    enabled: bool = False
    pull_up: bool = True
    """Buttons close to ground and the Pi's pull-ups are used (active low)."""
    debounce_s: float = 0.030
    """A level must hold this long to count; shorter blips are contact bounce."""
    long_press_s: float = 0.800
    """Holding Undo this long gives Redo."""
    pins: dict[str, int] = field(default_factory=dict)
    """Role (colour, "ok", "back", "undo") -> BCM pin number."""


@dataclass(frozen=True)
class ReaderSettings:
    """The `reader:` section."""

    enabled: bool = False
    port: str = "/dev/speicherstadt-reader"
    """Any pyserial URL: a device, `loop://`, a pty."""
    baudrate: int = 9600
    framing: str = "rdm6300"
    line_ending: str = "any"
    settle_s: float = 2.0
    repeat_suppress_s: float = 1.5
    reconnect_s: float = 2.0


def button_settings(hardware: dict[str, Any] | None) -> ButtonSettings:
    """The checked `buttons:` section (disabled when it is missing)."""
    section = _section(hardware, "buttons")
    if section is None:
        return ButtonSettings(enabled=False)
    name = "buttons"
    debounce_ms = _number(section, name, "debounce_ms", 30)
    long_ms = _number(section, name, "long_press_ms", 800)
    if long_ms <= debounce_ms:
        raise _err(f"{name}.long_press_ms", "must be longer than debounce_ms")
    pins_raw = section.get("pins", {})
    if not isinstance(pins_raw, dict):
        raise _err(f"{name}.pins", "must map roles to BCM pin numbers")
    pins: dict[str, int] = {}
    seen: dict[int, str] = {}
    for role, pin in pins_raw.items():
        key = f"{name}.pins.{role}"
        if role not in BUTTON_ROLES:
            raise _err(key, f"unknown role; roles are {', '.join(BUTTON_ROLES)}")
        if isinstance(pin, bool) or not isinstance(pin, int) or not 0 <= pin <= 27:
            raise _err(key, f"must be a BCM pin number 0-27, not {pin!r}")
        if pin in seen:
            raise _err(key, f"GPIO{pin} is already used by {seen[pin]}")
        seen[pin] = role
        pins[role] = pin
    return ButtonSettings(
        enabled=_bool(section, name, "enabled", True),
        pull_up=_bool(section, name, "pull_up", True),
        debounce_s=debounce_ms / 1000.0,
        long_press_s=long_ms / 1000.0,
        pins=pins,
    )


def reader_settings(hardware: dict[str, Any] | None) -> ReaderSettings:
    """The checked `reader:` section (disabled when it is missing)."""
    section = _section(hardware, "reader")
    if section is None:
        return ReaderSettings(enabled=False)
    name = "reader"
    port = section.get("port", ReaderSettings.port)
    if not isinstance(port, str) or not port.strip():
        raise _err(f"{name}.port", "must be a device path or pyserial URL")
    baud = section.get("baudrate", 9600)
    if isinstance(baud, bool) or not isinstance(baud, int) or baud <= 0:
        raise _err(f"{name}.baudrate", f"must be a positive whole number, not {baud!r}")
    return ReaderSettings(
        enabled=_bool(section, name, "enabled", True),
        port=port.strip(),
        baudrate=baud,
        framing=_choice(section, name, "framing", "rdm6300", FRAMINGS),
        line_ending=_choice(section, name, "line_ending", "any", LINE_ENDINGS),
        settle_s=_number(section, name, "settle_s", 2.0),
        repeat_suppress_s=_number(section, name, "repeat_suppress_s", 1.5),
        reconnect_s=_number(section, name, "reconnect_s", 2.0, minimum=0.05),
    )


def check_hardware_config(hardware: dict[str, Any] | None) -> list[ConfigError]:
    """Every problem in the two sections (for `check-config`); empty when all is well."""
    problems = []
    for parse in (button_settings, reader_settings):
        try:
            parse(hardware)
        except ConfigError as exc:
            problems.append(exc)
    return problems


def hardware_settings(hardware: HardwareSettings | dict[str, Any] | None) -> HardwareSettings:
    """`hardware` as validated settings; a dict (or None: all defaults) is checked first.

    Raises `ConfigProblems` listing every error of a dict.
    """
    if isinstance(hardware, HardwareSettings):
        return hardware
    return hardware_from_dict(hardware)


__all__ = ["ConfigProblems", "hardware_settings"]
