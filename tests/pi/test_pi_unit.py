"""The systemd unit: it verifies, it is hardened, and it says what the Pi needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pi.pitools import (
    MAX_EXPOSURE,
    UNIT,
    UNIT_NAME,
    as_unprivileged,
    require_tool,
    run,
    security_exposure,
)

UNIT_DIR = "/etc/systemd/system"


def directives(text: str) -> dict[str, list[str]]:
    """Every `Key=value` of the unit, in order, by key (comments and sections dropped)."""
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";", "[")):
            continue
        key, _, value = line.partition("=")
        found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_verify_as_unprivileged_user_against_the_installed_program(staged_root: Path) -> None:
    analyze = require_tool("systemd-analyze")
    installed = staged_root / UNIT_DIR.lstrip("/") / UNIT_NAME
    program = directives(installed.read_text())["ExecStart"][0].split()[0]
    assert (staged_root / program.lstrip("/")).is_file(), f"{program} was not installed"

    result = run(
        as_unprivileged(
            [analyze, "verify", "--recursive-errors=no", "--man=no",
             f"--root={staged_root}", f"{UNIT_DIR}/{UNIT_NAME}"]
        )
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    # verify only warns (exit 0) about a directive it cannot parse: any line is a failure.
    assert output.strip() == "", output


def test_verify_notices_a_missing_program(open_tmp: Path) -> None:
    """The check above would catch an ExecStart that points nowhere."""
    analyze = require_tool("systemd-analyze")
    unit_dir = open_tmp / UNIT_DIR.lstrip("/")
    unit_dir.mkdir(parents=True)
    (unit_dir / UNIT_NAME).write_text(UNIT.read_text())
    for path in [open_tmp, *open_tmp.rglob("*")]:
        path.chmod(0o755)
    result = run(
        as_unprivileged(
            [analyze, "verify", "--recursive-errors=no", "--man=no",
             f"--root={open_tmp}", f"{UNIT_DIR}/{UNIT_NAME}"]
        )
    )
    assert result.returncode != 0
    assert "is not executable" in result.stdout + result.stderr


def test_security_exposure_is_at_most_two(open_tmp: Path) -> None:
    exposure, output = security_exposure(open_tmp, UNIT)
    assert exposure <= MAX_EXPOSURE, f"exposure {exposure} > {MAX_EXPOSURE}:\n{output}"


def test_the_unit_says_what_the_pi_needs() -> None:
    d = directives(UNIT.read_text())
    one = {key: values[-1] for key, values in d.items()}
    assert one["Type"] == "notify"
    assert one["WatchdogSec"]
    assert one["Restart"] == "on-failure"
    assert one["RestartSec"]
    assert one["User"] == "companion"
    assert set(one["SupplementaryGroups"].split()) == {"video", "render", "input", "gpio",
                                                        "dialout"}
    assert one["StateDirectory"] == "speicherstadt-companion"
    assert one["ConfigurationDirectory"] == "speicherstadt-companion"
    assert one["TTYPath"] == "/dev/tty1"
    env = dict(v.split("=", 1) for v in d["Environment"])
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["SDL_AUDIODRIVER"] == "dummy"
    # PrivateDevices= would hide the screen, GPIO and serial port.
    assert "PrivateDevices" not in d
    assert one["DevicePolicy"] == "closed"
    allowed = " ".join(d["DeviceAllow"])
    for device in ("char-drm", "char-fb", "char-input", "char-gpiochip", "/dev/tty1",
                   "/dev/speicherstadt-reader", "char-ttyS", "char-ttyAMA", "char-ttyUSB",
                   "char-ttyACM"):
        assert device in allowed, device
    assert d["ExecStart"][0].startswith("/opt/speicherstadt-companion/venv/bin/")


@pytest.mark.parametrize(
    "newer_than_bookworm",
    # Directives systemd 252 (Raspberry Pi OS Bookworm) does not know.
    ["ProtectControlGroups=private", "PrivateUsers=self", "ProtectHostname=private",
     "MemoryZSwapWriteback", "PrivatePIDs", "SetLoginEnvironment", "RestrictFileSystems"],
)
def test_no_directive_newer_than_bookworm(newer_than_bookworm: str) -> None:
    assert newer_than_bookworm not in UNIT.read_text()
