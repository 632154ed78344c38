"""The start-up hardware check against a fake /dev."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from companion.inputs.healthcheck import check_hardware


@pytest.fixture
def dev(tmp_path: Path) -> Path:
    """A /dev with everything a Pi companion needs."""
    root = tmp_path / "dev"
    (root / "input").mkdir(parents=True)
    (root / "dri").mkdir()
    for name in ("gpiochip0", "input/event0", "dri/card0", "dri/renderD128", "ttyUSB0"):
        (root / name).touch()
    return root


def reader_on(hardware, dev: Path) -> None:
    """The reader on /dev/ttyUSB0, which the check looks for in the fake `dev`."""
    hardware["reader"]["port"] = "/dev/ttyUSB0"


def test_all_present_and_allowed_is_no_problem(hardware, dev: Path) -> None:
    reader_on(hardware, dev)
    assert check_hardware(hardware, simulate=False, dev=dev, access=lambda p, m: True) == []


def test_simulate_checks_nothing(hardware, tmp_path: Path) -> None:
    assert check_hardware(hardware, simulate=True, dev=tmp_path / "nothing") == []


def test_missing_devices_are_each_explained(hardware, tmp_path: Path, caplog) -> None:
    empty = tmp_path / "dev"
    empty.mkdir()
    hardware["reader"]["port"] = "/dev/speicherstadt-reader"  # looked for in `empty`
    with caplog.at_level(logging.WARNING, logger="companion.inputs"):
        problems = check_hardware(hardware, simulate=False, dev=empty)
    assert [p.device for p in problems] == ["buttons", "touchscreen", "display", "reader"]
    assert "--simulate" in problems[0].hint
    assert "udev" in problems[3].hint
    assert len([r for r in caplog.records if "hardware check" in r.message]) == 4


def test_no_permission_names_the_group_to_join(hardware, dev: Path) -> None:
    reader_on(hardware, dev)
    problems = check_hardware(hardware, simulate=False, dev=dev, access=lambda p, m: False)
    hints = {p.device: p.hint for p in problems}
    assert set(hints) == {"buttons", "touchscreen", "display", "reader"}
    # The fake devices belong to the test's own group; a real /dev's are root-owned
    # with a group such as dialout. Either way the hint says which group to join.
    for hint in hints.values():
        assert "add user" in hint and "usermod -aG" in hint


def test_a_root_owned_port_gets_the_usual_group(hardware, dev: Path, monkeypatch) -> None:
    reader_on(hardware, dev)
    monkeypatch.setattr("companion.inputs.healthcheck._group_of", lambda path: "root")
    problems = check_hardware(
        hardware, simulate=False, dev=dev, access=lambda p, m: not str(p).endswith("ttyUSB0")
    )
    assert len(problems) == 1
    assert "group dialout" in problems[0].hint


def test_disabled_devices_and_url_ports_are_not_checked(hardware, dev: Path) -> None:
    hardware["buttons"]["enabled"] = False
    hardware["reader"]["port"] = "socket://192.0.2.1:7000"
    os.unlink(dev / "gpiochip0")
    assert check_hardware(hardware, simulate=False, dev=dev, access=lambda p, m: True) == []


def test_a_bad_hardware_section_is_a_problem_not_a_crash(hardware, dev: Path) -> None:
    hardware["reader"]["baudrate"] = "fast"
    reader_on(hardware, dev)
    problems = check_hardware(hardware, simulate=False, dev=dev, access=lambda p, m: True)
    assert [p.device for p in problems] == ["reader"]
    assert "reader.baudrate" in problems[0].message


def test_a_barcode_scanner_is_looked_for_with_its_library_and_group(
    hardware, dev: Path, monkeypatch
) -> None:
    import importlib.util

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "evdev" else real_find_spec(name, *a))
    hardware["reader"]["port"] = "hid:/dev/input/by-id/usb-scanner-event-kbd"
    problems = check_hardware(hardware, simulate=False, dev=dev, access=lambda p, m: True)
    assert [p.device for p in problems] == ["reader", "reader"]
    assert "python3-evdev" in problems[0].hint
    assert "does not exist" in problems[1].message and "by-id" in problems[1].hint
    (dev / "input" / "by-id").mkdir()
    (dev / "input" / "by-id" / "usb-scanner-event-kbd").touch()
    problems = check_hardware(hardware, simulate=False, dev=dev,
                              access=lambda p, m: "by-id" not in str(p))
    assert [p.message for p in problems][1:] == [
        f"no permission to read the barcode scanner {dev}/input/by-id/usb-scanner-event-kbd"]
    assert "group input" in problems[1].hint


def test_a_replayed_scanner_needs_its_file(hardware, dev: Path, tmp_path: Path) -> None:
    hardware["reader"]["port"] = f"hid-replay:{tmp_path}/none.events?speed=0"
    problems = check_hardware(hardware, simulate=False, dev=dev, access=lambda p, m: True)
    assert [p.message for p in problems] == [
        f"the key events file {tmp_path}/none.events does not exist"]
    (tmp_path / "none.events").write_text("")
    assert check_hardware(hardware, simulate=False, dev=dev, access=lambda p, m: True) == []
