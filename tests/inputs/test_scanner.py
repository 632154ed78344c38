"""Keyboard-mode barcode scanners: key codes decoded with a US table, never typed text.

There is no /dev/input here: the scanner is its twin, `hid-replay:FILE` (recorded key
events), or a fake device for unplugging; a real one is checked on a Pi
(hardware/CHECK-ON-A-PI.md).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.config.settings import ReaderSettings, hardware_from_dict
from companion.inputs import IntentBus, start_inputs
from companion.inputs.framing import Reject, Tag
from companion.inputs.intents import CardScanned, DeviceStatus
from companion.inputs.keys import DAMAGED_LABEL, EV_KEY, LAYOUT_ADVICE, KeyDecoder, key_events
from companion.inputs.scanner import (
    HidReader,
    ScannerError,
    open_source,
    read_replay,
    replay_text,
)
from companion.inputs.tagmap import damaged_label
from companion.labelcodes import CARD_IDS, barcode
from companion.languages import LANGUAGES
from tests.inputs.inputs_support import quiet_for, wait_for

ROOT = Path(__file__).resolve().parents[2]


def decode(events) -> list:
    decoder = KeyDecoder()
    return [item for event in events for item in decoder.feed(*event)]


def reader_test(port: str, tmp_path: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion", "reader-test", "--state-dir", str(tmp_path),
         "--port", port, *extra],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )


def test_reader_test_prints_us_codes_and_rejects_a_shifted_burst(tmp_path: Path) -> None:
    events = (key_events(barcode("C-bank"), 0.0)
              + key_events("04A23B1C", 1.0)
              # A scanner left in French mode: Shift with every digit.
              + key_events(barcode("D-port"), 2.0, shift_digits=True)
              + [(2.9, 4, 4, 458792), (2.9, 0, 0, 0)]  # EV_MSC and EV_SYN: not keys
              + key_events(barcode("D-port"), 3.0))
    replay = tmp_path / "scans.events"
    replay.write_text("# recorded from a scanner\n" + replay_text(events), encoding="utf-8")
    # Played with its timing (3 s of scans, at 10 times their speed).
    done = reader_test(f"hid-replay:{replay}?speed=10", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "READY",
        f"TAG {barcode('C-bank')}",
        "TAG 04A23B1C",
        f"REJECT {LAYOUT_ADVICE}",
        f"TAG {barcode('D-port')}",
    ]
    assert "US keyboard" in LAYOUT_ADVICE


def test_reader_test_names_a_bad_replay_line_without_a_traceback(tmp_path: Path) -> None:
    replay = tmp_path / "bad.events"
    replay.write_text("0.0 1 2 1\n0.1 one 2 0\n", encoding="utf-8")
    done = reader_test(f"hid-replay:{replay}", tmp_path)
    assert done.returncode != 0
    assert f"{replay}:2:" in done.stderr and "Traceback" not in done.stderr


def test_a_missing_evdev_is_a_message_saying_how_to_install_it(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "evdev", None)
    with pytest.raises(ScannerError, match="python3-evdev"):
        open_source("hid:/dev/input/by-id/usb-scanner-event-kbd")


digit_codes = st.text(alphabet="0123456789", min_size=4, max_size=64)


@settings(max_examples=200, deadline=None)
@given(code=digit_codes, step=st.floats(0.0005, 0.45), start=st.floats(0, 1e5))
def test_any_digit_code_round_trips(code: str, step: float, start: float) -> None:
    expected = Reject(DAMAGED_LABEL) if damaged_label(code) else Tag(code)
    assert decode(key_events(code, start, step)) == [expected]


@settings(max_examples=100, deadline=None)
@given(card=st.sampled_from(CARD_IDS), data=st.data())
def test_a_label_with_keys_lost_or_doubled_is_refused_not_a_tag(card: str, data) -> None:
    code = barcode(card)
    assert decode(key_events(code)) == [Tag(code)]
    i = data.draw(st.integers(0, len(code) - 1))
    j = data.draw(st.integers(0, len(code) - 2))
    lost_one = code[:i] + code[i + 1:]
    lost_two = lost_one[:j] + lost_one[j + 1:]
    for damaged in (lost_one, lost_two, code[:i] + code[i] + code[i:]):
        assert decode(key_events(damaged)) == [Reject(DAMAGED_LABEL)]


@settings(max_examples=200, deadline=None)
@given(code=digit_codes)
def test_a_shifted_digit_burst_is_never_a_tag(code: str) -> None:
    assert decode(key_events(code, shift_digits=True)) == [Reject(LAYOUT_ADVICE)]


@settings(max_examples=200, deadline=None)
@given(code=digit_codes, data=st.data(), gap=st.floats(2.0, 3600.0))
def test_a_2_s_gap_splits_codes(code: str, data, gap: float) -> None:
    cut = data.draw(st.integers(1, len(code) - 1))
    first = key_events(code[:cut], 0.0)[:-2]  # the first part ends without Enter
    last = first[-1][0]
    rest = key_events(code[cut:], last + gap)
    out = decode(first + rest)
    tags = [item for item in out if isinstance(item, Tag)]
    assert Tag(code) not in tags
    assert isinstance(out[0], Reject)  # the unfinished part is dropped, said so
    if len(code) - cut >= 4:
        assert tags == [Tag(code[cut:])]


@settings(max_examples=100, deadline=None)
@given(code=digit_codes, keys=st.lists(st.sampled_from(list(range(2, 12))), max_size=20),
       data=st.data())
def test_a_key_from_another_device_never_joins_a_code(code, keys, data) -> None:
    """Each device has its own decoder: a keyboard typing between the scanner's keys
    changes nothing in the scanner's code (and its keys, without Enter, are no tag)."""
    scanner = key_events(code, 0.0)
    times = data.draw(st.lists(st.floats(0.0, scanner[-1][0]), min_size=len(keys),
                               max_size=len(keys)))
    other = sorted((t, EV_KEY, k, 1) for t, k in zip(times, keys, strict=True))
    decoders = {"scanner": KeyDecoder(), "keyboard": KeyDecoder()}
    merged = sorted([(e, "scanner") for e in scanner] + [(e, "keyboard") for e in other])
    out = {name: [] for name in decoders}
    for event, device in merged:
        out[device] += decoders[device].feed(*event)
    assert out == {"scanner": [Tag(code)], "keyboard": []}


def test_letters_need_shift_and_other_keys_refuse_the_code() -> None:
    assert decode(key_events("04a2-3B.1c")) == [Tag("04A23B1C")]
    ctrl = [(0.0, EV_KEY, 29, 1)] + key_events("1234", 0.001)
    assert decode(ctrl) == [Reject("Ctrl or Alt held with a key: not a barcode scanner "
                                   "in US mode")]
    f1 = key_events("12", 0.0)[:-2] + [(0.01, EV_KEY, 59, 1)] + key_events("34", 0.02)
    assert decode(f1) == [Reject("key code 59 is not part of a code")]
    # A key held down auto-repeats: that is no typing (one "1", then a long pause).
    held = [(0.0, EV_KEY, 2, 1)] + [(0.1 + i / 30, EV_KEY, 2, 2) for i in range(40)]
    assert decode(held + [(1.5, EV_KEY, 28, 1)]) == [
        Reject("a pause of 1.5 s inside a code: '1' dropped (no Enter)")]
    assert decode(held[:3] + [(0.2, EV_KEY, 28, 1)]) == [Reject("too short: '1'")]


def test_replay_files_are_checked_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "e.events"
    path.write_text("0.5 1 2 1\n0.4 1 2 0\n", encoding="utf-8")
    with pytest.raises(ScannerError, match=r"e.events:2: the time goes back"):
        read_replay(path)
    with pytest.raises(ScannerError, match="cannot read"):
        read_replay(tmp_path / "missing.events")


def test_hardware_yaml_takes_a_scanner_port() -> None:
    settings = hardware_from_dict({"reader": {"port": "hid:/dev/input/by-id/usb-X-event-kbd"}})
    assert settings.reader.port.startswith("hid:")
    for bad in ("hid:", "hid:input/event3", "hid-replay:f?speed=fast"):
        with pytest.raises(Exception, match="reader.port"):
            hardware_from_dict({"reader": {"port": bad}})


def test_the_app_reads_labels_from_a_replayed_scanner(tmp_path: Path) -> None:
    """start_inputs as the app calls it, with hardware.yaml naming the scanner's twin."""
    events = key_events(barcode("B-ship-3"), 0.0) + key_events(barcode("E-fire"), 0.5)
    replay = tmp_path / "scans.events"
    replay.write_text(replay_text(events), encoding="utf-8")
    bus = IntentBus()
    hardware = {"buttons": {"enabled": False},
                "reader": {"port": f"hid-replay:{replay}?speed=0"}}
    inputs = start_inputs(hardware, bus, simulate=False, state_dir=tmp_path)
    try:
        got = wait_for(bus, lambda i: isinstance(i, CardScanned) and i.card_id == "E-fire")
        assert [i for i in got if isinstance(i, CardScanned)] == [
            CardScanned(barcode("B-ship-3"), "B-ship-3"),
            CardScanned(barcode("E-fire"), "E-fire"),
        ]
        assert isinstance(inputs.reader, HidReader)
    finally:
        inputs.close()


class FakeDevice:
    """A scanner that can be unplugged: its events, then ENODEV as the kernel gives."""

    def __init__(self, events, unplug: bool) -> None:
        self._events = events
        self._unplug = unplug
        self.closed = threading.Event()

    def events(self, stop):
        yield from self._events
        if self._unplug:
            raise OSError(errno.ENODEV, "No such device")
        self.closed.wait()

    def close(self) -> None:
        self.closed.set()


def test_unplugging_and_replugging_the_scanner_is_reported_and_it_comes_back() -> None:
    plugged = threading.Event()
    plugged.set()
    looked_for = threading.Event()
    opened = []

    def open_device(port: str):
        if not plugged.is_set():
            looked_for.set()
            raise FileNotFoundError(errno.ENOENT, "No such file or directory")
        n = len(opened)
        code = barcode("C-bank") if n == 0 else barcode("D-port")
        device = FakeDevice(key_events(code, 10.0 * n), unplug=n == 0)
        opened.append(device)
        if n == 0:
            plugged.clear()  # pulled out after its first scan
        return device

    bus = IntentBus()
    settings = ReaderSettings(port="hid:/dev/input/by-id/usb-scanner-event-kbd",
                              reconnect_s=0.1)
    reader = HidReader(settings, bus, lookup=lambda tag: "card", opener=open_device)
    reader.start()
    try:
        got = wait_for(bus, lambda i: isinstance(i, DeviceStatus) and not i.ok
                       and "went away" in i.message)
        assert CardScanned(barcode("C-bank"), "card") in got
        assert looked_for.wait(30)  # while unplugged, it is looked for again (said once)
        plugged.set()
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
        assert DeviceStatus("reader", True, f"card reader ready on {settings.port}") in got
        assert got[-1] == CardScanned(barcode("D-port"), "card")
    finally:
        reader.close()


def test_a_scanner_in_another_layout_is_said_on_the_screen_until_it_reads(
    tmp_path: Path,
) -> None:
    events = (key_events(barcode("C-bank"), 0.0, shift_digits=True)
              + key_events(barcode("C-bank"), 1.0, shift_digits=True)
              + key_events(barcode("C-bank"), 2.0))
    replay = tmp_path / "french.events"
    replay.write_text(replay_text(events), encoding="utf-8")
    bus = IntentBus()
    reader = HidReader(ReaderSettings(port=f"hid-replay:{replay}?speed=0"), bus,
                       lookup=lambda tag: None).start()
    try:
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
        statuses = [i for i in got if isinstance(i, DeviceStatus)]
        assert [s.ok for s in statuses] == [True, False, True]  # the advice once, not twice
        assert statuses[1].message == LAYOUT_ADVICE
        assert got[-1] == CardScanned(barcode("C-bank"), None)
        assert quiet_for(bus, 0.05) == []
    finally:
        reader.close()


class FakeEvdev:
    """python-evdev's InputDevice over a pipe: the code that runs on the Pi (select, read,
    grab, ungrab, close) reads it as it would read /dev/input/event*."""

    def __init__(self) -> None:
        self.devices: list = []
        outer = self

        class InputEvent:
            def __init__(self, t, type_, code, value):
                self.type, self.code, self.value, self._t = type_, code, value, t

            def timestamp(self):
                return self._t

        class InputDevice:
            def __init__(self, path):
                if not Path(path).exists():
                    raise FileNotFoundError(errno.ENOENT, "No such file or directory")
                self.fd, self.w = os.pipe()
                os.set_blocking(self.fd, False)
                self.grabbed = False
                self.closed = False
                outer.devices.append(self)

            def grab(self):
                self.grabbed = True

            def ungrab(self):
                self.grabbed = False

            def read(self):
                data = os.read(self.fd, 65536)  # BlockingIOError when empty
                if not data:
                    raise OSError(errno.ENODEV, "No such device")
                lines = data.decode().split("\n")
                return [InputEvent(float(t), int(a), int(b), int(c))
                        for t, a, b, c in (line.split() for line in lines if line)]

            def close(self):
                self.closed = True
                os.close(self.fd)

            def send(self, events):
                os.write(self.w, replay_text(events).encode())

            def unplug(self):
                os.close(self.w)

        self.InputDevice = InputDevice


def test_the_evdev_device_is_grabbed_read_and_found_again_after_a_replug(
    tmp_path: Path, monkeypatch
) -> None:
    fake = FakeEvdev()
    monkeypatch.setitem(sys.modules, "evdev", fake)
    device_file = tmp_path / "usb-scanner-event-kbd"
    device_file.touch()
    bus = IntentBus()
    settings = ReaderSettings(port=f"hid:{device_file}", reconnect_s=0.1)
    reader = HidReader(settings, bus, lookup=lambda tag: None).start()
    try:
        wait_for(bus, lambda i: isinstance(i, DeviceStatus) and i.ok)
        first = fake.devices[0]
        assert first.grabbed
        first.send(key_events(barcode("C-bank"), 100.0))
        assert wait_for(bus, lambda i: isinstance(i, CardScanned))[-1] == CardScanned(
            barcode("C-bank"), None)
        device_file.unlink()  # pulled out: the read fails, the device is gone
        first.unplug()
        got = wait_for(bus, lambda i: isinstance(i, DeviceStatus))
        assert not got[-1].ok and "went away" in got[-1].message
        device_file.touch()  # plugged in again
        wait_for(bus, lambda i: isinstance(i, DeviceStatus) and i.ok)
        assert first.closed
        second = fake.devices[-1]
        assert second is not first and second.grabbed
        second.send(key_events(barcode("D-port"), 200.0))
        assert wait_for(bus, lambda i: isinstance(i, CardScanned))[-1] == CardScanned(
            barcode("D-port"), None)
    finally:
        reader.close()
    assert not second.grabbed and second.closed  # closing the app lets the scanner go
    assert quiet_for(bus, 0.05) == []  # and says nothing about it


def test_check_config_names_the_scanner(tmp_path: Path, capsys) -> None:
    import shutil

    from companion.cli import main
    from companion.paths import SHIPPED_CONFIG_DIR

    config = tmp_path / "config"
    shutil.copytree(SHIPPED_CONFIG_DIR, config)
    hardware = config / "hardware.yaml"
    hardware.write_text(hardware.read_text(encoding="utf-8").replace(
        "port: /dev/speicherstadt-reader", "port: hid:/dev/input/by-id/usb-X-event-kbd"),
        encoding="utf-8")
    assert main(["check-config", str(config), "--state-dir", str(tmp_path / "s")]) == 0
    assert "reader barcode scanner on hid:/dev/input/by-id/usb-X-event-kbd" in (
        capsys.readouterr().out)


def test_a_label_read_wrong_is_said_on_the_screen_each_time_and_the_scanner_stays_ready(
    tmp_path: Path,
) -> None:
    """Found playing (QA, `--port hid-replay:`): a label read with a wrong digit was only
    logged; the table saw nothing and waited. The keyboard path said it (ui/runner.py)."""
    good = barcode("C-bank")
    wrong = good[:-1] + str((int(good[-1]) + 1) % 10)  # the check digit fails
    assert damaged_label(wrong)
    events = key_events(wrong, 0.0) + key_events(wrong, 1.0) + key_events(good, 2.0)
    replay = tmp_path / "misread.events"
    replay.write_text(replay_text(events), encoding="utf-8")
    bus = IntentBus()
    reader = HidReader(ReaderSettings(port=f"hid-replay:{replay}?speed=0"), bus,
                       lookup=lambda tag: None).start()
    try:
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
        statuses = [(s.ok, s.message) for s in got if isinstance(s, DeviceStatus)]
        ready = f"card reader ready on hid-replay:{replay}?speed=0"
        assert statuses == [(True, ready), (False, DAMAGED_LABEL), (True, ready),
                            (False, DAMAGED_LABEL), (True, ready)]
        assert got[-1] == CardScanned(good, None)
        assert quiet_for(bus, 0.05) == []
    finally:
        reader.close()


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_a_label_read_wrong_is_said_in_the_table_s_language(language: str) -> None:
    from companion.ui.i18n import _, set_language
    from companion.ui.scenes.hardware import device_line

    set_language(language)
    try:
        line = device_line("reader", DAMAGED_LABEL)
        assert _(DAMAGED_LABEL) != DAMAGED_LABEL and _(DAMAGED_LABEL) in line
    finally:
        set_language("en")
