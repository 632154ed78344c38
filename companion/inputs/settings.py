"""The hardware settings the inputs run with: those of `companion.config.settings`.

hardware.yaml is validated in one place, `companion.config.settings`; the
inputs do no checking of their own. They are started with either the
validated `HardwareSettings` or a dict shaped like hardware.yaml (what the UI
has); a dict goes through that same validator, and anything wrong in it
raises `ConfigProblems` (a `ConfigError`) naming each bad key.

As in hardware.yaml, a section or key left out takes its default: a device
is off only when its section says `enabled: false`.

`ButtonSettings` counts in milliseconds (`debounce_ms`, `long_press_ms`);
the button logic uses its `debounce_s` and `long_press_s`.
"""

from __future__ import annotations

from typing import Any

from companion.config.settings import (
    ButtonSettings,
    ConfigProblems,
    HardwareSettings,
    ReaderSettings,
    hardware_from_dict,
    replace,
)

__all__ = [
    "ButtonSettings",
    "ConfigProblems",
    "HardwareSettings",
    "ReaderSettings",
    "hardware_settings",
    "replace",
]


def hardware_settings(hardware: HardwareSettings | dict[str, Any] | None) -> HardwareSettings:
    """`hardware` as validated settings; a dict (or None: all defaults) is checked first.

    Raises `ConfigProblems` listing every error of a dict.
    """
    if isinstance(hardware, HardwareSettings):
        return hardware
    return hardware_from_dict(hardware)
