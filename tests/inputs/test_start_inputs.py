"""start_inputs as the app calls it: real devices, missing devices, and the simulated twin."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from companion.config.settings import ButtonSettings, ConfigProblems, hardware_from_dict
from companion.inputs import IntentBus, start_inputs
from companion.inputs.framing import encode_rdm6300
from companion.inputs.intents import (
    Back,
    CardScanned,
    DeviceStatus,
    Ok,
    PlayerButton,
    Redo,
    Undo,
)
from companion.inputs.tagmap import TAGS_FILE, TagMap
from tests.inputs.inputs_support import quiet_for, wait_for


@pytest.fixture
def started():
    made = []

    def start(*args, **kwargs):
        inputs = start_inputs(*args, **kwargs)
        made.append(inputs)
        return inputs

    yield start
    for inputs in made:
        inputs.close()


def test_a_tag_written_into_a_pty_reaches_the_app_as_the_right_card(
    hardware, bus, state_dir: Path, make_pty, started
) -> None:
    TagMap.in_state_dir(state_dir).bind("0A12345678", "C-fireman-2")
    pty = make_pty()
    hardware["buttons"]["enabled"] = False
    hardware["reader"].update(port=pty.name, settle_s=0.0)
    inputs = started(hardware, bus, simulate=False, state_dir=state_dir)
    assert inputs.simulator is None
    wait_for(bus, lambda i: isinstance(i, DeviceStatus) and i.ok)
    pty.write(b"\x01\xfegarbage" + encode_rdm6300("0A12345678"))
    got = wait_for(bus, lambda i: isinstance(i, CardScanned))
    assert got[-1] == CardScanned("0A12345678", "C-fireman-2")


def test_missing_devices_are_reported_and_do_not_stop_the_start(
    hardware, bus, state_dir: Path, tmp_path: Path, started
) -> None:
    hardware["reader"]["port"] = "/dev/no-such-speicherstadt-reader"
    # On a machine without GPIO the real pin factory cannot load; on a Pi the
    # pins would be claimed. Either way start_inputs returns.
    inputs = started(hardware, bus, simulate=False, state_dir=state_dir)
    got = wait_for(bus, lambda i: isinstance(i, DeviceStatus) and i.device == "reader")
    assert not got[-1].ok
    assert inputs.reader is not None


def test_bad_hardware_settings_are_refused_naming_every_key(
    hardware, bus, state_dir, started
) -> None:
    # Checked by the one validator of hardware.yaml, before anything starts.
    hardware["reader"]["framing"] = "morse"
    hardware["buttons"]["pins"]["red"] = 99
    with pytest.raises(ConfigProblems) as caught:
        started(hardware, bus, simulate=True, state_dir=state_dir)
    messages = [e.message for e in caught.value.errors]
    assert any("reader.framing" in m for m in messages)
    assert any("buttons.pins.red" in m for m in messages)
    assert quiet_for(bus, 0.1) == []


def test_validated_settings_are_taken_as_they_are(hardware, bus, state_dir, started) -> None:
    settings = hardware_from_dict(hardware)
    inputs = started(settings, bus, simulate=True, state_dir=state_dir)
    assert inputs.buttons is not None and inputs.buttons.settings == settings.buttons


def test_a_left_out_section_means_its_defaults(bus, state_dir, started) -> None:
    # As in hardware.yaml: only `enabled: false` switches a device off.
    inputs = started({"reader": {"enabled": False}}, bus, simulate=False, state_dir=state_dir)
    assert inputs.reader is None
    sim = started({"reader": {"enabled": False}}, bus, simulate=True, state_dir=state_dir)
    assert sim.buttons is not None and sim.buttons.settings == ButtonSettings()


def test_a_back_button_gives_back(hardware, bus, state_dir, started) -> None:
    hardware["buttons"]["pins"]["back"] = 12
    inputs = started(hardware, bus, simulate=True, state_dir=state_dir)
    inputs.simulator.press("back")
    got = wait_for(bus, lambda i: not isinstance(i, DeviceStatus))
    assert got[-1] == Back()


def test_a_broken_tag_map_is_reported_and_left_alone(hardware, bus, state_dir, started) -> None:
    (state_dir / TAGS_FILE).write_text("{not json", encoding="utf-8")
    started(hardware, bus, simulate=True, state_dir=state_dir)
    got = wait_for(bus, lambda i: isinstance(i, DeviceStatus) and i.device == "tags")
    assert not got[-1].ok
    assert (state_dir / TAGS_FILE).read_text(encoding="utf-8") == "{not json"


def test_simulated_buttons_go_through_the_real_adapter(hardware, bus, state_dir, started):
    inputs = started(hardware, bus, simulate=True, state_dir=state_dir)
    sim = inputs.simulator
    assert sim is not None
    assert set(sim.roles) == {"red", "blue", "green", "yellow", "purple", "ok", "undo"}
    sim.press("yellow")
    sim.press("ok")
    sim.press("undo")
    sim.press("undo", hold_s=1.0)  # longer than long_press_ms (800)
    sim.press("purple")
    want = [PlayerButton("yellow"), Ok(), Undo(), Redo(), PlayerButton("purple")]
    got = []
    while len(got) < len(want):
        got += [
            i
            for i in wait_for(bus, lambda i: not isinstance(i, DeviceStatus))
            if not isinstance(i, DeviceStatus)
        ]
    assert got == want


def test_simulated_reader_goes_through_the_real_framing(hardware, bus, state_dir, started):
    TagMap.in_state_dir(state_dir).bind("0A0B0C0D0E", "D-port")
    for framing in ("rdm6300", "line"):
        hardware["reader"]["framing"] = framing
        inputs = started(hardware, bus, simulate=True, state_dir=state_dir)
        sim = inputs.simulator
        sim.scan("0a0b0c0d0e")
        tag = sim.scan_card("A-warehouse")
        got = wait_for(bus, lambda i, tag=tag: isinstance(i, CardScanned) and i.tag == tag)
        cards = [i for i in got if isinstance(i, CardScanned)]
        assert cards == [CardScanned("0A0B0C0D0E", "D-port"), CardScanned(tag, "A-warehouse")]
        # The simulated tag is the twin's own: the owner's map is not touched.
        assert TagMap.in_state_dir(state_dir).lookup(tag) is None
        inputs.close()


def test_the_waker_is_called_from_the_adapter_thread(hardware, state_dir, started) -> None:
    bus = IntentBus()
    woken = threading.Event()
    bus.set_waker(woken.set)
    inputs = started(hardware, bus, simulate=True, state_dir=state_dir)
    woken.clear()
    inputs.simulator.scan("0A0B0C0D0E")
    assert woken.wait(10)


def test_simulating_with_a_port_replays_a_scanner_beside_the_simulated_buttons(
        hardware, bus, state_dir, started, tmp_path) -> None:
    """`--simulate --port hid-replay:FILE` (issue 31): the buttons stay simulated, the
    reader is the replayed scanner, its labels read as their cards."""
    from companion.errors import CompanionError
    from companion.inputs.keys import key_events
    from companion.inputs.scanner import replay_text
    from companion.labelcodes import barcode

    events = key_events(barcode("C-bank"), 0.0) + key_events(barcode("A-warehouse"), 1.0)
    replay = tmp_path / "scans.events"
    replay.write_text(replay_text(events), encoding="utf-8")
    inputs = started(hardware, bus, simulate=True, state_dir=state_dir,
                     reader_port=f"hid-replay:{replay}?speed=0")
    sim = inputs.simulator
    assert sim is not None and "red" in sim.roles
    scans: list[CardScanned] = []
    while len(scans) < 2:
        scans += [i for i in wait_for(bus, lambda i: isinstance(i, CardScanned))
                  if isinstance(i, CardScanned)]
    assert [s.card_id for s in scans] == ["C-bank", "A-warehouse"]
    with pytest.raises(CompanionError):  # nothing to write a simulated tag into
        sim.scan_card("C-bank")
    sim.press("red")
    got = wait_for(bus, lambda i: isinstance(i, PlayerButton))
    assert got[-1] == PlayerButton("red")
