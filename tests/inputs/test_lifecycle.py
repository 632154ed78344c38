"""The one input lifecycle (companion/inputs/lifecycle.py) that the serial reader, the HID
scanner and the camera socket share: ready said once, gone said once, back by itself, a
garbled frame is a reject and never an error, a stop during a reconnect wait is at once,
and a device that fails at once backs off. Over ptys, replay files and local sockets;
every wait is for an event, never for a time."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config.settings import ReaderSettings, hardware_from_dict
from companion.config.settings import replace as settings_replace
from companion.inputs.bus import IntentBus
from companion.inputs.camera import CameraSocket
from companion.inputs.cardreader import CardReader
from companion.inputs.framing import encode_rdm6300
from companion.inputs.intents import CardScanned, DeviceStatus
from companion.inputs.keys import EV_KEY, KEY_DOWN, KEY_UP, key_events
from companion.inputs.lifecycle import Backoff, InputThread
from companion.inputs.scanner import HidReader, replay_text
from companion.labelcodes import barcode
from tests.inputs.inputs_support import rdm6300_frames, wait_for


def serial_settings(hardware, **changes) -> ReaderSettings:
    base = hardware_from_dict(hardware).reader
    return settings_replace(base, **{"settle_s": 0.0, "reconnect_s": 0.05, **changes})


def statuses(intents) -> list[bool]:
    return [i.ok for i in intents if isinstance(i, DeviceStatus)]


def test_a_reader_that_goes_away_comes_back_and_ready_and_gone_are_said_once_each(
    hardware, bus: IntentBus, make_pty, tmp_path: Path
) -> None:
    link = tmp_path / "reader"  # the udev name: gone when unplugged, back when plugged
    first = make_pty()
    os.symlink(first.name, link)
    frames = rdm6300_frames(4)
    later = rdm6300_frames(1, start=4)[0]  # a card not shown before (no held-card repeat)
    reader = CardReader(serial_settings(hardware, port=str(link)), bus,
                        lookup=lambda tag: None).start()
    try:
        seen = wait_for(bus, lambda i: isinstance(i, DeviceStatus))
        # Many frames on one connection: one "ready", said before them.
        first.write(b"".join(frame for frame, _ in frames) * 10)
        seen += wait_for(bus, lambda i: isinstance(i, CardScanned) and i.tag == frames[-1][1])
        first.close()
        link.unlink()
        seen += wait_for(bus, lambda i: isinstance(i, DeviceStatus) and not i.ok)
        second = make_pty()
        os.symlink(second.name, link)
        seen += wait_for(bus, lambda i: isinstance(i, DeviceStatus) and i.ok)
        second.write(later[0])
        seen += wait_for(bus, lambda i: isinstance(i, CardScanned))
    finally:
        reader.close()
    # Ready, gone (the attempts while unplugged say nothing new), ready again.
    assert statuses(seen) == [True, False, True]
    said = [i.message for i in seen if isinstance(i, DeviceStatus)]
    assert said[0] == f"card reader ready on {link}"
    assert said[1].startswith(f"card reader at {link} went away")
    assert [i.tag for i in seen if isinstance(i, CardScanned)] == [
        *(tag for _, tag in frames), later[1]]  # 40 frames, 4 cards: a held card is one


def test_a_garbled_frame_is_a_reject_and_the_reader_stays_connected(
    hardware, bus: IntentBus, make_pty
) -> None:
    pty = make_pty()
    rejects: list[str] = []
    reader = CardReader(serial_settings(hardware, port=pty.name), bus,
                        lookup=lambda tag: None, on_reject=rejects.append).start()
    try:
        wait_for(bus, lambda i: isinstance(i, DeviceStatus) and i.ok)
        good = encode_rdm6300("0A12345678")
        garbled = bytearray(encode_rdm6300("0B00000001"))
        garbled[5] ^= 0x01  # one bit flipped: the checksum fails
        pty.write(bytes(garbled) + good)
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
    finally:
        reader.close()
    assert [i for i in got if isinstance(i, CardScanned)] == [CardScanned("0A12345678", None)]
    assert statuses(got) == []  # no "went away", no second "ready"
    assert rejects


def test_a_garbled_burst_from_a_replayed_scanner_is_a_reject_and_the_next_reads(
    tmp_path: Path,
) -> None:
    f1 = 59  # a key that is no part of a code
    garbled = [(0.0, EV_KEY, 2, KEY_DOWN), (0.001, EV_KEY, f1, KEY_DOWN),
               (0.002, EV_KEY, f1, KEY_UP), (0.003, EV_KEY, 28, KEY_DOWN)]
    replay = tmp_path / "scans.events"
    replay.write_text(replay_text(garbled + key_events(barcode("C-bank"), 1.0)),
                      encoding="utf-8")
    bus = IntentBus()
    rejects: list[str] = []
    reader = HidReader(ReaderSettings(port=f"hid-replay:{replay}?speed=0"), bus,
                       lookup=lambda tag: None, on_reject=rejects.append).start()
    try:
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
        assert reader.finished.wait(60)
    finally:
        reader.close()
    assert rejects == [f"key code {f1} is not part of a code"]
    assert got == [DeviceStatus("reader", True, f"card reader ready on hid-replay:{replay}"
                                "?speed=0"),
                   CardScanned(barcode("C-bank"), None)]


@pytest.mark.parametrize("kind", ["serial", "hid", "camera"])
def test_a_stop_while_waiting_to_reconnect_ends_the_thread_at_once(
    hardware, bus: IntentBus, tmp_path: Path, kind: str
) -> None:
    """An hour between attempts: a close() that waited for it would fail the join."""
    hour = 3600.0
    reader: InputThread[object, object]
    if kind == "serial":
        reader = CardReader(serial_settings(hardware, port=str(tmp_path / "none"),
                                            reconnect_s=hour), bus, lookup=lambda tag: None)
    elif kind == "hid":
        reader = HidReader(ReaderSettings(port=f"hid-replay:{tmp_path / 'none'}",
                                          reconnect_s=hour), bus, lookup=lambda tag: None)
    else:
        reader = CameraSocket(tmp_path / ("x" * 120) / "camera.sock", bus, reconnect_s=hour)
    reader.start()
    got = wait_for(bus, lambda i: isinstance(i, DeviceStatus))
    assert statuses(got) == [False]
    reader.close(timeout=60)
    assert not reader._thread.is_alive()


class Flaky(InputThread[int, int]):
    """A device that opens every time and then, after `items` items, goes away."""

    thread_name = "flaky"

    def __init__(self, bus: IntentBus, items: int, *, most_s: float) -> None:
        super().__init__(bus, reconnect_s=0.0, most_s=most_s)
        self.items = items
        self.opens = 0
        self.handled = 0
        self.released = threading.Event()
        self.enough = threading.Event()

    def open(self) -> int:
        self.opens += 1
        return self.opens

    def read(self, conn: int) -> Iterator[int]:
        yield from range(self.items)
        raise OSError("unplugged")

    def handle(self, item: int) -> None:
        self.handled += 1
        if self.handled >= 5:
            self.enough.set()

    def release(self, conn: int) -> None:
        if conn == 2:
            self.released.set()

    def ready_message(self) -> str:
        return "flaky ready"


def test_a_device_that_fails_at_once_backs_off(bus: IntentBus) -> None:
    # The first failure waits reconnect_s (0), the next one most_s (an hour): two opens,
    # each said (ready, gone), not a spin of thousands.
    flaky = Flaky(bus, items=0, most_s=3600.0).start()
    assert flaky.released.wait(60)
    flaky.close(timeout=60)
    assert flaky.opens == 2
    assert statuses(bus.drain()) == [True, False, True, False]


def test_a_device_that_delivered_is_opened_again_at_once(bus: IntentBus) -> None:
    # Each connection reads an item before it goes: the wait stays reconnect_s (0).
    flaky = Flaky(bus, items=1, most_s=3600.0).start()
    assert flaky.enough.wait(60)
    flaky.close(timeout=60)
    assert flaky.opens >= 5


def test_backoff_doubles_up_to_its_most_and_starts_again_after_a_success() -> None:
    backoff = Backoff(0.5, 3.0)
    assert [backoff.failed() for _ in range(5)] == [0.5, 1.0, 2.0, 3.0, 3.0]
    backoff.reset()
    assert backoff.failed() == 0.5


class CrashingOnce(CameraSocket):
    """A camera socket whose first accept fails as a bug would."""

    crashed = False

    def _accept(self, server, sel) -> None:
        if not self.crashed:
            self.crashed = True
            raise RuntimeError("a bug in accept")
        super()._accept(server, sel)


def test_a_listener_that_failed_listens_again_and_says_so(bus: IntentBus) -> None:
    import socket
    import tempfile

    from companion import labelcodes
    from companion.camerawire import encode

    with tempfile.TemporaryDirectory(prefix="c36-") as tmp:
        cam = CrashingOnce(Path(tmp) / "camera.sock", bus, reconnect_s=0.01).start()
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.connect(os.fspath(cam.path))
            got = wait_for(bus, lambda i: isinstance(i, DeviceStatus))
            assert got == [DeviceStatus("camera", False, "camera socket failed; see the log")]
            card = encode({"type": "card", "marker": labelcodes.marker_id("C-bank")})
            while True:  # bound again: a new connection is taken (the old one was closed)
                try:
                    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                        s.connect(os.fspath(cam.path))
                        s.sendall(card)
                    break
                except (FileNotFoundError, ConnectionRefusedError):
                    assert cam._thread.is_alive()
                    cam.listening.wait(60)
            got = wait_for(bus, lambda i: isinstance(i, CardScanned))
        finally:
            cam.close()
    assert got[-1].card_id == "C-bank"
