"""`check-config`: the shipped files pass; each broken file is refused with file, line and key."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.config import settings
from tests.pi.pitools import REPO, check_config_command, run

SHIPPED = REPO / "config"


def check(config_dir: Path) -> tuple[int, str, str]:
    result = run([*check_config_command(), str(config_dir)], timeout=60)
    return result.returncode, result.stdout, result.stderr


def test_shipped_config_passes() -> None:
    status, out, err = check(SHIPPED)
    assert status == 0, out + err
    assert "configuration ok" in out
    assert "companion.yaml: ok" in out and "hardware.yaml: ok" in out
    assert "cards.yaml: ok (54 cards" in out
    assert "Traceback" not in out + err


def test_the_command_is_registered() -> None:
    from companion import cli

    assert "companion.commands.check_config" in cli.COMMAND_MODULES


@dataclass
class Broken:
    """One broken config: in `file`, replace line `old` by `new`; expect `key` on that line."""

    name: str
    file: str
    old: str
    new: str
    key: str
    words: str = ""
    line_offset: int = 0  # the error's line relative to the replaced one


CASES = [
    Broken("unknown key", "companion.yaml", "log_level: info", "log_level: info\ncolour: blue",
           "colour", "unknown setting", line_offset=1),
    Broken("unknown nested key", "hardware.yaml", "  pull_up: true", "  pullup: true",
           "buttons.pullup", "unknown setting"),
    Broken("wrong type", "hardware.yaml", "  debounce_ms: 30", "  debounce_ms: thirty",
           "buttons.debounce_ms", "whole number"),
    Broken("wrong type for a section", "companion.yaml", "display:", "display: big\nold_display:",
           "display", "group of settings"),
    Broken("duplicate pin", "hardware.yaml", "    blue: 6", "    blue: 5",
           "buttons.pins.blue", "GPIO 5 is already the red button's pin"),
    Broken("invalid pin", "hardware.yaml", "    ok: 20", "    ok: 40",
           "buttons.pins.ok", "out of range"),
    Broken("pin of the HAT EEPROM", "hardware.yaml", "    undo: 21", "    undo: 1",
           "buttons.pins.undo", "out of range"),
    Broken("unknown button", "hardware.yaml", "    undo: 21", "    undo: 21\n    redo: 22",
           "buttons.pins.redo", "unknown setting", line_offset=1),
    Broken("bad framing", "hardware.yaml", "  framing: rdm6300", "  framing: wiegand",
           "reader.framing", "'wiegand' is not one of line, rdm6300"),
    Broken("bad line ending", "hardware.yaml", "  line_ending: any", "  line_ending: nl",
           "reader.line_ending", "not one of"),
    Broken("bad baud rate", "hardware.yaml", "  baudrate: 9600", "  baudrate: 9601",
           "reader.baudrate", "standard rate"),
    Broken("negative seconds", "hardware.yaml", "  settle_s: 2.0", "  settle_s: -1",
           "reader.settle_s", "out of range"),
    Broken("bad language", "companion.yaml", "language: en", "language: nl",
           "language", "'nl' is not one of en, de, fr"),
    Broken("bad purchase form", "companion.yaml", "purchase_form: quick", "purchase_form: fast",
           "purchase_form", "not one of"),
    Broken("display size too small", "companion.yaml", "  size: [800, 480]", "  size: [0, 480]",
           "display.size[0]", "out of range"),
    Broken("display size not a pair", "companion.yaml", "  size: [800, 480]", "  size: 800",
           "display.size", "[width, height]"),
    Broken("bad rotation", "companion.yaml", "  rotation: 0", "  rotation: 45",
           "display.rotation", "not one of 0, 90, 180, 270"),
    Broken("bad fullscreen", "companion.yaml", "  fullscreen: auto", "  fullscreen: maybe",
           "display.fullscreen", "auto, true or false"),
    Broken("bad log level", "companion.yaml", "log_level: info", "log_level: loud",
           "log_level", "not one of"),
    Broken("serial URL of an unknown kind", "hardware.yaml",
           "  port: /dev/speicherstadt-reader", "  port: tcp://reader:4000",
           "reader.port", "unknown URL kind tcp://"),
    Broken("serial URL without a port", "hardware.yaml",
           "  port: /dev/speicherstadt-reader", "  port: socket://reader",
           "reader.port", "host:port"),
    Broken("serial port without /dev", "hardware.yaml",
           "  port: /dev/speicherstadt-reader", "  port: ttyUSB0",
           "reader.port", "neither a device path"),
    Broken("serial port not text", "hardware.yaml",
           "  port: /dev/speicherstadt-reader", "  port: 3",
           "reader.port", "device path or a pyserial URL"),
    Broken("unknown key in a card", "cards.yaml", "    good: tea", "    good: tea\n    colour: red",
           "cards[1].colour", "unknown key", line_offset=1),
    Broken("unknown card kind", "cards.yaml", "    kind: warehouse", "    kind: storehouse",
           "cards[5].kind", "must be one of"),
    Broken("unknown YAML tag", "companion.yaml", "language: en",
           "language: !!python/object:os.system x", "language", "not a valid value"),
    Broken("impossible date", "hardware.yaml", "  settle_s: 2.0", "  settle_s: 2026-13-45",
           "reader.settle_s", "not a valid value"),
    Broken("alias that contains itself", "companion.yaml", "log_level: info",
           "log_level: &l [*l]", "log_level[0]", "contains itself"),
    Broken("key given twice", "companion.yaml", "purchase_form: quick",
           "purchase_form: quick\npurchase_form: tracked", "purchase_form", "given twice",
           line_offset=1),
]


def write_broken(tmp_path: Path, case: Broken) -> tuple[Path, int]:
    """A copy of the shipped config with one line changed; returns (dir, line of the change)."""
    shutil.copytree(SHIPPED, tmp_path, dirs_exist_ok=True)
    path = tmp_path / case.file
    lines = path.read_text(encoding="utf-8").split("\n")
    index = lines.index(case.old)  # the first such line
    lines[index] = case.new
    path.write_text("\n".join(lines), encoding="utf-8")
    return tmp_path, index + 1 + case.line_offset


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_config_is_refused_with_file_line_and_key(tmp_path: Path, case: Broken) -> None:
    config_dir, line = write_broken(tmp_path, case)
    status, out, err = check(config_dir)
    assert status == 2, out + err
    assert "Traceback" not in out + err
    expected = f"{config_dir / case.file}:{line}: {case.key}: "
    matching = [m for m in err.splitlines() if m.startswith(expected)]
    assert matching, f"no line starting {expected!r} in:\n{err}"
    assert case.words in matching[0]


def test_invalid_yaml_names_file_and_line(tmp_path: Path) -> None:
    shutil.copytree(SHIPPED, tmp_path, dirs_exist_ok=True)
    path = tmp_path / "hardware.yaml"
    text = path.read_text().replace("    red: 5", "    red: [5")
    path.write_text(text)
    status, out, err = check(tmp_path)
    assert status == 2
    assert "Traceback" not in out + err
    assert f"{path}:" in err and "not valid YAML" in err
    line = int(err.split(f"{path}:", 1)[1].split(":", 1)[0])
    red_line = text.split("\n").index("    red: [5") + 1
    assert red_line <= line <= red_line + 2, err


def test_non_utf8_file_is_refused(tmp_path: Path) -> None:
    shutil.copytree(SHIPPED, tmp_path, dirs_exist_ok=True)
    path = tmp_path / "companion.yaml"
    path.write_bytes(path.read_bytes().replace(b"language: en", b"language: fran\xe7ais"))
    status, out, err = check(tmp_path)
    assert status == 2
    assert "Traceback" not in out + err
    assert f"{path}: not UTF-8" in err


@pytest.mark.parametrize("missing", ["companion.yaml", "hardware.yaml", "cards.yaml"])
def test_missing_file_is_refused(tmp_path: Path, missing: str) -> None:
    shutil.copytree(SHIPPED, tmp_path, dirs_exist_ok=True)
    (tmp_path / missing).unlink()
    status, out, err = check(tmp_path)
    assert status == 2
    assert "Traceback" not in out + err
    assert f"{tmp_path / missing}: the file does not exist" in err


def test_owners_card_corrections_are_checked_with_state_dir(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "cards.yaml").write_text("# confirmed at the table\nno-such-card:\n  points: 1\n")
    result = run([*check_config_command(), "--state-dir", str(state), str(SHIPPED)], timeout=60)
    assert result.returncode == 2
    assert f"{state / 'cards.yaml'}:2: no-such-card: unknown card id" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_missing_directory_is_refused(tmp_path: Path) -> None:
    status, out, err = check(tmp_path / "nowhere")
    assert status == 2
    assert "not a directory" in err
    assert "Traceback" not in out + err


def test_every_error_of_a_file_is_reported(tmp_path: Path) -> None:
    shutil.copytree(SHIPPED, tmp_path, dirs_exist_ok=True)
    path = tmp_path / "hardware.yaml"
    text = path.read_text()
    for old, new in [("blue: 6", "blue: 5"), ("ok: 20", "ok: 99"),
                     ("framing: rdm6300", "framing: x"), ("baudrate: 9600", "baudrate: fast")]:
        text = text.replace(old, new)
    path.write_text(text)
    (tmp_path / "companion.yaml").write_text("language: xx\n")
    status, out, err = check(tmp_path)
    assert status == 2
    keys = [line.split(": ")[1] for line in err.splitlines() if line.startswith(str(tmp_path))
            and ".yaml:" in line]
    assert keys == ["language", "buttons.pins.blue", "buttons.pins.ok", "reader.baudrate",
                    "reader.framing"], err
    assert "5 errors" in err


def test_config_option_is_used_when_no_dir_is_given(tmp_path: Path) -> None:
    shutil.copytree(SHIPPED, tmp_path, dirs_exist_ok=True)
    (tmp_path / "companion.yaml").write_text("language: xx\n")
    cmd = check_config_command()
    result = run([*cmd, "--config", str(tmp_path)], timeout=60)
    assert result.returncode == 2
    assert str(tmp_path / "companion.yaml") in result.stderr


# ----------------------------------------------------------------------- the settings objects


def test_shipped_settings_as_values_and_dicts() -> None:
    s = settings.load_settings(SHIPPED)
    assert s.companion.language == "en"
    assert s.companion.display.size == (800, 480)
    assert s.companion.display.fullscreen == "auto"
    assert s.hardware.buttons.pins["undo"] == 21
    assert s.hardware.reader.settle_s == 2.0
    plain = s.hardware.as_dict()
    assert plain["buttons"]["pins"] == {
        "red": 5, "blue": 6, "green": 13, "yellow": 19, "purple": 26, "ok": 20, "undo": 21,
    }
    assert plain["reader"] == {
        "enabled": True, "port": "/dev/speicherstadt-reader", "baudrate": 9600,
        "framing": "rdm6300", "line_ending": "any", "settle_s": 2.0,
        "repeat_suppress_s": 1.5, "reconnect_s": 2.0,
    }


def test_left_out_keys_take_the_defaults(tmp_path: Path) -> None:
    (tmp_path / "companion.yaml").write_text("# nothing set\n")
    (tmp_path / "hardware.yaml").write_text("reader:\n  enabled: false\n")
    s = settings.load_settings(tmp_path)
    assert s.companion == settings.CompanionSettings()
    assert s.hardware.buttons == settings.ButtonSettings()
    assert s.hardware.reader.enabled is False


def test_load_settings_raises_one_error_listing_all(tmp_path: Path) -> None:
    (tmp_path / "companion.yaml").write_text("language: xx\nrotation: 90\n")
    with pytest.raises(settings.ConfigProblems) as caught:
        settings.load_settings(tmp_path)
    assert caught.value.exit_status == 2
    lines = str(caught.value).splitlines()
    assert lines[0].endswith("companion.yaml:1: language: 'xx' is not one of en, de, fr")
    assert "companion.yaml:2: rotation: unknown setting" in lines[1]
    assert lines[2].endswith("hardware.yaml: the file does not exist")


@pytest.mark.parametrize(
    "port",
    ["/dev/ttyUSB0", "/dev/serial/by-id/usb-1a86_USB_Serial-if00-port0", "loop://",
     "loop://?logging=debug", "socket://192.168.1.20:4000", "rfc2217://[::1]:2217",
     "spy:///dev/ttyUSB0", "hwgrep://1a86:7523"],
)
def test_good_serial_ports(port: str) -> None:
    assert settings.serial_port_problem(port) is None


@pytest.mark.parametrize(
    "port",
    ["", " /dev/ttyUSB0", "COM3", "ttyUSB0", "/dev/", "/dev/../etc/passwd", "/dev/tty USB0",
     "socket://host:0", "socket://host:99999", "socket://:4000", "http://x", "spy://"],
)
def test_bad_serial_ports(port: str) -> None:
    assert settings.serial_port_problem(port)


@pytest.mark.parametrize("port", ["socket://192.168.1.20:4000", "rfc2217://[::1]:2217"])
def test_a_network_reader_port_is_refused_as_the_service_cannot_reach_it(
    tmp_path: Path, port: str
) -> None:
    config = tmp_path / "config"
    shutil.copytree(SHIPPED, config)
    path = config / "hardware.yaml"
    text = path.read_text()
    assert "  port: /dev/speicherstadt-reader" in text
    path.write_text(text.replace("  port: /dev/speicherstadt-reader", f'  port: "{port}"'))
    line = next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if port in ln)
    status, out, err = check(config)
    assert status == 2, out + err
    assert f"{path}:{line}: reader.port: '{port}'" in err
    assert "PrivateNetwork=yes" in err
    # The unit is what blocks it; if this changes, so must check-config.
    unit = (REPO / "systemd" / "speicherstadt-companion.service").read_text()
    assert "PrivateNetwork=yes" in unit
