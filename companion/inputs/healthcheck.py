"""The start-up hardware check: is every device there, and may this user open it?

Each problem names the device, says what is wrong, and gives a hint a
builder can act on ("add user companion to group dialout"). Problems are
logged (logger `companion.inputs`) and returned for the app to show on
screen. In simulate mode the buttons and the reader are simulated and the
display is a window, so nothing is checked.
"""

from __future__ import annotations

import grp
import logging
import os
import pwd
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import ConfigError
from companion.inputs.settings import ConfigProblems, HardwareSettings, hardware_settings

log = logging.getLogger("companion.inputs")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the hardware."""

    device: str
    """"buttons", "touchscreen", "display" or "reader" ("hardware.yaml" for the file as a whole)."""
    message: str
    """What is wrong, in a sentence."""
    hint: str
    """What to do about it."""

    def __str__(self) -> str:
        return f"{self.device}: {self.message} ({self.hint})"


def _user() -> str:
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def _group_of(path: Path) -> str:
    try:
        return grp.getgrgid(path.stat().st_gid).gr_name
    except (KeyError, OSError):
        return "the device's group"


def _join_hint(path: Path, fallback_group: str) -> str:
    group = _group_of(path)
    if group in ("root", "the device's group"):
        group = fallback_group
    user = _user()
    return (
        f"add user {user} to group {group} (sudo usermod -aG {group} {user}), "
        "then log in again or restart the service"
    )


def _config_problems(errors: list[ConfigError]) -> dict[str, list[Problem]]:
    """The errors of hardware.yaml as problems, by the device their key belongs to."""
    by_device: dict[str, list[Problem]] = {}
    for error in errors:
        section = getattr(error, "key_path", ())[:1]
        device = str(section[0]) if section in (("buttons",), ("reader",)) else "hardware.yaml"
        by_device.setdefault(device, []).append(
            Problem(device, error.message, "fix hardware.yaml (check-config)")
        )
    return by_device


def _scanner_problems(
    port: str, dev: Path, can: Callable[[Path, int], bool]
) -> list[Problem]:
    """A keyboard-mode barcode scanner (`hid:`): python-evdev, the device, its permission."""
    import importlib.util

    if port.startswith("hid-replay:"):
        path = Path(port.split(":", 1)[1].split("?speed=", 1)[0])
        if not path.is_file():
            return [Problem("reader", f"the key events file {path} does not exist",
                            "record one, or name the scanner (hid:/dev/input/by-id/...)")]
        return []
    problems = []
    if importlib.util.find_spec("evdev") is None:
        problems.append(Problem(
            "reader", "python-evdev is not installed, so the barcode scanner cannot be read",
            "sudo apt install python3-evdev (scripts/install.sh does it)"))
    device = Path(port.split(":", 1)[1])
    if device.is_relative_to("/dev"):
        device = dev / device.relative_to("/dev")
    if not device.exists():
        problems.append(Problem(
            "reader", f"the barcode scanner {device} does not exist",
            "plug the scanner in; ls /dev/input/by-id/ names it (hardware/READERS.md); "
            "the app keeps looking for it"))
    elif not can(device, os.R_OK):
        problems.append(Problem(
            "reader", f"no permission to read the barcode scanner {device}",
            _join_hint(device, "input")))
    return problems


def check_hardware(
    hardware: HardwareSettings | dict[str, Any] | None,
    *,
    simulate: bool,
    dev: Path = Path("/dev"),
    access: Callable[[Path, int], bool] | None = None,
) -> list[Problem]:
    """The problems found with the hardware that `hardware` uses.

    `hardware`: as for `start_inputs`, the validated settings or a dict shaped
    like hardware.yaml. Its errors are problems too (of the device whose
    section has them); while there are any, no device of hardware.yaml is
    looked for.

    `dev` and `access` exist so the check can be tested against a fake /dev
    (a reader's /dev/... port is looked for below `dev`).
    """
    if simulate:
        return []
    can = access or (lambda path, mode: os.access(path, mode))
    problems: list[Problem] = []
    rw = os.R_OK | os.W_OK

    def check_class(
        device: str, pattern: str, mode: int, missing: Problem, group: str, what: str
    ) -> None:
        found = sorted(dev.glob(pattern))
        if not found:
            problems.append(missing)
            return
        if not any(can(path, mode) for path in found):
            problems.append(
                Problem(
                    device,
                    f"no permission to open {what} ({', '.join(str(p) for p in found[:3])})",
                    _join_hint(found[0], group),
                )
            )

    try:
        settings: HardwareSettings | None = hardware_settings(hardware)
        invalid: dict[str, list[Problem]] = {}
    except ConfigProblems as exc:
        settings = None
        invalid = _config_problems(exc.errors)
    problems += invalid.get("hardware.yaml", []) + invalid.get("buttons", [])
    buttons = settings.buttons if settings else None
    if buttons is not None and buttons.enabled and buttons.pins:
        check_class(
            "buttons",
            "gpiochip*",
            rw,
            Problem(
                "buttons",
                f"no GPIO chip ({dev}/gpiochip*)",
                "this is not a Raspberry Pi, or its kernel is too old; on a desktop use --simulate",
            ),
            "gpio",
            "the GPIO chip",
        )

    check_class(
        "touchscreen",
        "input/event*",
        os.R_OK,
        Problem(
            "touchscreen",
            f"no input devices ({dev}/input/event*)",
            "connect the touchscreen (its USB or DSI cable); buttons and the reader still work",
        ),
        "input",
        "the input devices",
    )
    check_class(
        "display",
        "dri/card*",
        rw,
        Problem(
            "display",
            f"no KMS/DRM display device ({dev}/dri/card*)",
            "enable dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt and reboot",
        ),
        "video",
        "the display",
    )
    render = sorted(dev.glob("dri/renderD*"))
    if render and not any(can(path, rw) for path in render):
        problems.append(
            Problem("display", "no permission to use the GPU", _join_hint(render[0], "render"))
        )

    problems += invalid.get("reader", [])
    reader = settings.reader if settings else None
    if reader is not None and reader.enabled and reader.port.startswith(("hid:", "hid-replay:")):
        problems += _scanner_problems(reader.port, dev, can)
    elif reader is not None and reader.enabled and "://" not in reader.port:
        # A port that is no URL is a /dev path (the validator allows no other): look in `dev`.
        port = Path(reader.port)
        if port.is_relative_to("/dev"):
            port = dev / port.relative_to("/dev")
        if not port.exists():
            problems.append(
                Problem(
                    "reader",
                    f"the card reader's port {reader.port} does not exist",
                    "plug the reader in; check the udev rule "
                    "(hardware/99-speicherstadt-reader.rules and hardware/READERS.md); "
                    "the app keeps looking for it",
                )
            )
        elif not can(port, rw):
            problems.append(
                Problem(
                    "reader",
                    f"no permission to open the card reader's port {reader.port}",
                    _join_hint(port, "dialout"),
                )
            )

    for problem in problems:
        log.warning("hardware check: %s: %s; %s", problem.device, problem.message, problem.hint)
    return problems
