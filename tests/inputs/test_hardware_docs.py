"""The hardware/ documents stay in step with the code: pins, reader settings, udev rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from companion.config.settings import check_hardware, hardware_from_dict
from companion.config.yamlfile import parse

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "hardware"


def shipped() -> dict:
    return yaml.safe_load((ROOT / "config" / "hardware.yaml").read_text(encoding="utf-8"))


def test_the_wiring_table_matches_the_shipped_pins() -> None:
    text = (HARDWARE / "WIRING.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| [^|]+ \| `(\w+)` \| GPIO (\d+) \|", text, re.M))
    assert {role: int(pin) for role, pin in table.items()} == shipped()["buttons"]["pins"]
    assert hardware_from_dict(shipped()).buttons.pins == {k: int(v) for k, v in table.items()}


def reader_blocks() -> list[str]:
    text = (HARDWARE / "READERS.md").read_text(encoding="utf-8")
    return re.findall(r"```yaml\n(.*?)```", text, re.S)


def test_readers_md_has_settings_for_each_reader() -> None:
    blocks = reader_blocks()
    assert len(blocks) == 4
    readers = [hardware_from_dict(yaml.safe_load(b)).reader for b in blocks]
    assert [r.framing for r in readers[:3]] == ["rdm6300", "line", "line"]
    # D: a USB barcode scanner in keyboard mode, read as an input device.
    assert readers[3].port.startswith("hid:/dev/input/by-id/")


@pytest.mark.parametrize("index", range(4))
def test_each_documented_setting_passes_check_config(index: int) -> None:
    block = reader_blocks()[index]
    settings, errors = check_hardware(parse(block, "READERS.md"))
    assert errors == []
    assert hardware_from_dict(settings.as_dict()).reader.enabled


def test_the_udev_rule_names_the_reader_for_group_dialout() -> None:
    rules = (HARDWARE / "99-speicherstadt-reader.rules").read_text(encoding="utf-8")
    lines = [ln for ln in rules.splitlines() if ln.strip() and not ln.startswith("#")]
    assert lines
    for line in lines:
        assert line.startswith('SUBSYSTEM=="tty", ATTRS{idVendor}=="'), line
        assert 'SYMLINK+="speicherstadt-reader"' in line
        assert 'GROUP="dialout"' in line and 'MODE="0660"' in line
        # Every key is either a match (==) or an assignment (=, +=), comma separated.
        for part in line.split(", "):
            assert re.fullmatch(r'[A-Z_]+(\{\w+\})?(==|\+=|=)"[^"]*"', part), part
    assert shipped()["reader"]["port"] == "/dev/speicherstadt-reader"
