"""The buttons through gpiozero's MockFactory: the same adapter code as on a Pi."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.config.settings import hardware_from_dict
from companion.config.settings import replace as settings_replace
from companion.inputs.bus import IntentBus
from companion.inputs.gpio import ButtonsError, GpioButtons
from companion.inputs.intents import Ok, OkHeld, PlayerButton, Redo, Undo
from tests.inputs.inputs_support import quiet_for, wait_for


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """A fresh mock factory per test, also as gpiozero's default (as gpiozero's tests do)."""
    saved = Device.pin_factory
    Device.pin_factory = factory = MockFactory()
    yield factory
    factory.reset()
    Device.pin_factory = saved


@pytest.fixture
def buttons(hardware, bus: IntentBus, factory: MockFactory) -> Iterator[GpioButtons]:
    # Wider than shipped (30/800 ms), so a test thread paused by a busy machine
    # in the middle of a burst of edges cannot turn it into a press.
    hardware["buttons"]["debounce_ms"] = 100
    hardware["buttons"]["long_press_ms"] = 1500
    made = GpioButtons(hardware_from_dict(hardware).buttons, bus, pin_factory=factory)
    yield made
    made.close()


#: Longer than the debounce time (100 ms here), far shorter than a long press (1500 ms here).
HOLD_S = 0.3


def press(pin, bounces: int = 0) -> None:
    """Pull a pull-up button's pin to ground, bouncing `bounces` times first."""
    for _ in range(bounces):
        pin.drive_low()
        pin.drive_high()
    pin.drive_low()


def release(pin, bounces: int = 0) -> None:
    for _ in range(bounces):
        pin.drive_high()
        pin.drive_low()
    pin.drive_high()


def test_each_colour_button_gives_its_player(buttons: GpioButtons, bus: IntentBus, factory):
    for colour, bcm in [("red", 5), ("blue", 6), ("green", 13), ("yellow", 19), ("purple", 26)]:
        pin = factory.pin(bcm)
        press(pin)
        assert wait_for(bus, lambda i: True) == [PlayerButton(colour)]
        release(pin)
    # OK has a long press: a short one counts at its release (a hold is not known before).
    press(factory.pin(20))
    time.sleep(HOLD_S)
    release(factory.pin(20))
    assert wait_for(bus, lambda i: True) == [Ok()]
    assert quiet_for(bus, 0.2) == []


def test_a_spike_shorter_than_the_debounce_time_is_no_press(buttons, bus, factory) -> None:
    pin = factory.pin(5)
    press(pin, bounces=5)
    release(pin, bounces=5)
    assert quiet_for(bus, 0.2) == []


def test_a_bouncing_button_gives_one_intent(buttons: GpioButtons, bus: IntentBus, factory):
    pin = factory.pin(6)
    press(pin, bounces=20)
    time.sleep(HOLD_S)
    release(pin, bounces=20)
    assert wait_for(bus, lambda i: True) == [PlayerButton("blue")]
    assert quiet_for(bus, 0.3) == []


def test_short_undo_is_undo_and_long_undo_is_redo(buttons: GpioButtons, bus, factory) -> None:
    pin = factory.pin(21)
    press(pin, bounces=3)
    time.sleep(HOLD_S)
    release(pin, bounces=3)
    assert wait_for(bus, lambda i: True) == [Undo()]
    press(pin, bounces=3)
    # Redo comes while the button is still held (long_press_ms is 1500 here).
    assert wait_for(bus, lambda i: True) == [Redo()]
    release(pin, bounces=3)
    assert quiet_for(bus, 0.3) == []


def test_short_ok_is_ok_and_long_ok_is_ok_held_never_both(buttons, bus, factory) -> None:
    """OK's long press (issue 31: quick Purchase's switch at five players) is OK held
    alone: the release after it is no OK, so a long press never does OK as well."""
    pin = factory.pin(20)
    press(pin, bounces=3)
    # OK held comes while the button is still held (long_press_ms is 1500 here).
    assert wait_for(bus, lambda i: True) == [OkHeld()]
    release(pin, bounces=3)
    assert quiet_for(bus, 0.3) == []
    press(pin, bounces=3)
    time.sleep(HOLD_S)
    release(pin, bounces=3)
    assert wait_for(bus, lambda i: True) == [Ok()]
    assert quiet_for(bus, 0.3) == []


def test_buttons_with_pull_downs_are_active_high(hardware, bus, factory) -> None:
    hardware["buttons"]["pull_up"] = False
    made = GpioButtons(hardware_from_dict(hardware).buttons, bus, pin_factory=factory)
    try:
        pin = factory.pin(13)
        pin.drive_high()
        assert wait_for(bus, lambda i: True) == [PlayerButton("green")]
        pin.drive_low()
    finally:
        made.close()


def test_a_busy_pin_is_a_clear_error(hardware, bus, factory) -> None:
    settings = hardware_from_dict(hardware).buttons
    first = GpioButtons(settings, bus, pin_factory=factory)
    try:
        with pytest.raises(ButtonsError, match="cannot set up the buttons"):
            GpioButtons(settings, bus, pin_factory=factory)
    finally:
        first.close()
    # Closing released every pin: they can be claimed again.
    GpioButtons(settings_replace(settings), bus, pin_factory=factory).close()


def test_a_missing_pin_library_is_a_clear_error(hardware, bus, monkeypatch) -> None:
    """GPIOZERO_PIN_FACTORY=lgpio where lgpio is not installed (pure Debian, seen in make
    vm-test): gpiozero's import fails while the first pin is made."""
    settings = hardware_from_dict(hardware).buttons

    def no_lgpio(self: object, role: str, pin: int) -> None:
        raise ModuleNotFoundError("No module named 'lgpio'")

    monkeypatch.setattr(GpioButtons, "_make_button", no_lgpio)
    with pytest.raises(ButtonsError, match="pin library is missing .*No module named 'lgpio'"):
        GpioButtons(settings, bus)


def test_an_error_of_the_pin_library_itself_is_a_clear_error(hardware, bus, monkeypatch) -> None:
    """lgpio raises its own `lgpio.error` (an Exception only) when it cannot open the GPIO
    chip, and gpiozero passes it on: the buttons are off, the app does not crash."""
    settings = hardware_from_dict(hardware).buttons

    class error(Exception):  # noqa: N801 - lgpio's name
        pass

    def no_chip(self: object, role: str, pin: int) -> None:
        raise error("can not open gpiochip")

    monkeypatch.setattr(GpioButtons, "_make_button", no_chip)
    with pytest.raises(ButtonsError, match="error: can not open gpiochip"):
        GpioButtons(settings, bus)
