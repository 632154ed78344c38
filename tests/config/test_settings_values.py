"""The settings are frozen values (what `@dataclass(frozen=True)` gave, without its cost at
the app's start): equal by class and fields, hashable, named fields in their repr, copied
and pickled by value, `as_dict` and `replace` as `dataclasses.asdict` and `.replace`."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from companion.config import settings as s


def test_defaults_equal_and_hash_by_fields() -> None:
    assert s.DisplaySettings() == s.DisplaySettings(800, 480, "auto", 0)
    assert s.DisplaySettings() != s.DisplaySettings(rotation=90)
    assert s.PhonesSettings() != s.DisplaySettings()  # another class is never equal
    assert len({s.ReaderSettings(), s.ReaderSettings(), s.ReaderSettings(port="loop://")}) == 2
    assert s.CompanionSettings().display == s.DisplaySettings()
    assert s.CompanionSettings().phones == s.PhonesSettings()


def test_each_default_pins_is_its_own_dict() -> None:
    one, two = s.ButtonSettings(), s.ButtonSettings()
    assert one.pins == two.pins and one.pins is not two.pins
    assert one.pins["undo"] == 21 and "back" not in one.pins


def test_frozen() -> None:
    display = s.DisplaySettings()
    with pytest.raises(AttributeError):
        display.width = 1024  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del display.width  # type: ignore[misc]
    with pytest.raises(AttributeError):
        display.colour = "red"  # type: ignore[attr-defined]
    assert display.width == 800


def test_repr_names_the_fields() -> None:
    assert repr(s.PhonesSettings(port=9000)) == (
        "PhonesSettings(bind='127.0.0.1', port=9000, wifi_ssid='', wifi_password='')")


def test_copied_and_pickled_by_value() -> None:
    settings = s.Settings(Path("/etc/x"), s.CompanionSettings(language="de"),
                          s.HardwareSettings(reader=s.ReaderSettings(baudrate=115200)))
    for again in (copy.copy(settings), copy.deepcopy(settings),
                  pickle.loads(pickle.dumps(settings))):
        assert again == settings and again.hardware.reader.baudrate == 115200


def test_as_dict_and_replace() -> None:
    hardware = s.HardwareSettings()
    shaped = hardware.as_dict()
    assert shaped["reader"]["port"] == "/dev/speicherstadt-reader"
    assert shaped["buttons"]["pins"] == hardware.buttons.pins
    assert shaped["buttons"]["pins"] is not hardware.buttons.pins  # a copy, as asdict
    assert s.hardware_from_dict(shaped) == hardware
    display = s.DisplaySettings()
    turned = s.replace(display, rotation=180)
    assert turned == s.DisplaySettings(rotation=180) and display.rotation == 0
    with pytest.raises(TypeError):
        s.replace(display, colour="red")
