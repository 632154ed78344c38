"""The camera as an input device: the app's socket turns the camera process's messages
into the card intents a reader sends, and nothing the camera sends can stop the table."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import labelcodes
from companion.camerawire import MAX_LINE, decode, encode, socket_path
from companion.inputs import IntentBus, start_inputs
from companion.inputs.camera import CameraSocket
from companion.inputs.intents import CameraCard, CardScanned, CardUnread, DeviceStatus
from tests.inputs.inputs_support import wait_for


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A state directory with a short path (a Unix socket's path holds 107 bytes)."""
    with tempfile.TemporaryDirectory(prefix="c24-") as tmp:
        yield Path(tmp)


@pytest.fixture
def listening(short_dir: Path, bus: IntentBus) -> Iterator[CameraSocket]:
    cam = CameraSocket(socket_path(short_dir, {}), bus).start()
    assert cam.listening.is_set()
    yield cam
    cam.close()


def connect(cam: CameraSocket) -> socket.socket:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(os.fspath(cam.path))
    return s


def card(card_id: str) -> bytes:
    return encode({"type": "card", "marker": labelcodes.marker_id(card_id)})


def test_the_cameras_cards_arrive_as_a_readers_scans_in_the_order_sent(listening, bus):
    with connect(listening) as s:
        s.sendall(encode({"type": "hello", "source": "folder"}))
        s.sendall(card("C-bank") + card("A-warehouse") + card("B-ship-2"))
        got = wait_for(bus, lambda i: isinstance(i, CardScanned) and i.card_id == "B-ship-2")
    assert got[0] == DeviceStatus("camera", True, "camera connected (folder)")
    # A reader's scan in every way (its subclass, so the Supply knows the camera sent it).
    assert [i for i in got if isinstance(i, CardScanned)] == [
        CameraCard(labelcodes.barcode(c), c) for c in ("C-bank", "A-warehouse", "B-ship-2")]


def test_an_unread_place_arrives_between_the_cards_around_it(listening, bus):
    with connect(listening) as s:
        s.sendall(card("C-bank") + encode({"type": "unread", "place": 2}) + card("D-port"))
        for bad in (0, True, "2", 100):  # a bad place is dropped; the connection stays
            s.sendall(encode({"type": "unread", "place": bad}))
        s.sendall(card("A-warehouse"))
        got = wait_for(bus, lambda i: isinstance(i, CardScanned) and i.card_id == "A-warehouse")
    assert got == [CameraCard(labelcodes.barcode("C-bank"), "C-bank"), CardUnread(2),
                   CameraCard(labelcodes.barcode("D-port"), "D-port"),
                   CameraCard(labelcodes.barcode("A-warehouse"), "A-warehouse")]


def test_bad_lines_are_dropped_and_the_connection_keeps_working(listening, bus):
    with connect(listening) as s:
        for bad in (b"not json\n", b"[1, 2]\n", b'{"v": 2, "type": "card", "marker": 3}\n',
                    b'{"v": 1, "type": "card", "marker": 99}\n',
                    b'{"v": 1, "type": "card", "marker": "3"}\n',
                    b'{"v": 1, "type": "teleport"}\n', b"\xff\xfe\n",
                    b'{"v": 1, "type": "card", "marker": ' + b"1" * (MAX_LINE * 2) + b"}\n"):
            s.sendall(bad)
        s.sendall(card("D-port"))
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
    assert got == [CameraCard(labelcodes.barcode("D-port"), "D-port")]


def test_a_line_split_over_several_sends_is_one_message(listening, bus):
    line = card("C-fire")
    with connect(listening) as s:
        for i in range(len(line)):
            s.sendall(line[i:i + 1])
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
    assert got[-1].card_id == "C-fire"


def test_the_cameras_status_and_its_going_away_are_shown(listening, bus):
    s = connect(listening)
    s.sendall(encode({"type": "hello", "source": "picamera2"}))
    s.sendall(encode({"type": "status", "ok": False, "message": "no camera found"}))
    got = wait_for(bus, lambda i: isinstance(i, DeviceStatus) and not i.ok)
    assert got[-1] == DeviceStatus("camera", False, "camera: no camera found")
    s.close()
    got = wait_for(bus, lambda i: isinstance(i, DeviceStatus) and "went away" in i.message)
    assert got[-1].ok is False


def test_only_the_apps_user_may_connect_and_close_removes_the_socket(short_dir, bus):
    cam = CameraSocket(socket_path(short_dir, {}), bus).start()
    assert stat.S_IMODE(cam.path.stat().st_mode) == 0o600
    cam.close()
    assert not cam.path.exists()


def test_a_socket_left_by_an_earlier_run_is_replaced(short_dir, bus):
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(os.fspath(short_dir / "camera.sock"))
    stale.close()
    cam = CameraSocket(short_dir / "camera.sock", bus).start()
    try:
        assert cam.listening.is_set()
    finally:
        cam.close()


def test_a_socket_that_cannot_listen_is_reported_not_raised(tmp_path, bus):
    cam = CameraSocket(tmp_path / ("x" * 120) / "camera.sock", bus).start()
    cam.close()
    got = bus.drain()
    assert len(got) == 1 and got[0].device == "camera" and not got[0].ok
    assert "cannot listen" in got[0].message and "107 bytes" in got[0].message


def test_the_socket_is_in_the_runtime_directory_under_systemd(tmp_path):
    assert socket_path(tmp_path, {"RUNTIME_DIRECTORY": "/run/x:/run/y"}) == Path(
        "/run/x/camera.sock")
    assert socket_path(tmp_path, {}) == tmp_path / "camera.sock"


def test_decode_names_what_is_wrong():
    assert decode(card("A-vulcanizer"))["marker"] == labelcodes.marker_id("A-vulcanizer")
    with pytest.raises(ValueError, match="not a card's"):
        decode(b'{"v": 1, "type": "card", "marker": 54}')


def test_the_app_starts_the_camera_socket_with_its_inputs(hardware, bus, short_dir):
    hardware["buttons"]["enabled"] = False
    hardware["reader"]["enabled"] = False
    inputs = start_inputs(hardware, bus, simulate=True, state_dir=short_dir)
    try:
        assert inputs.camera is not None and inputs.camera.listening.is_set()
        with connect(inputs.camera) as s:
            s.sendall(card("A-spice-trader"))
            got = wait_for(bus, lambda i: isinstance(i, CardScanned))
        assert got[-1].card_id == "A-spice-trader"
    finally:
        inputs.close()
    assert not (short_dir / "camera.sock").exists()


def test_starting_the_app_and_its_inputs_never_loads_opencv(short_dir):
    """OpenCV (~0.3 s, ~70 MiB) lives in the camera process only."""
    code = (
        "import sys, companion.cli, companion.app\n"
        "from companion.inputs import IntentBus, start_inputs\n"
        "inputs = start_inputs(None, IntentBus(), simulate=True, state_dir=sys.argv[1])\n"
        "assert inputs.camera.listening.is_set()\n"
        "inputs.close()\n"
        "print(sorted(m for m in ('cv2', 'numpy') if m in sys.modules))\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("RUNTIME_DIRECTORY", None)
    done = subprocess.run([sys.executable, "-c", code, str(short_dir)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


#: Issue 35, item 2: every kind of malformed line a camera (or anything else that can reach
#: the socket) may send, 27 of them.
MALFORMED = (
    b"[" * 4000,  # the line that made json recurse until Python gave up
    b"{" * 4000,
    b'{"a":' * 800,
    b"[" * 5 + b"]" * 5,
    b'{"v": 1, "type": "note", "message": [[[[[["deep"]]]]]]}',
    b"]]]]]]]",
    b"not json",
    b"[1, 2]",
    b'"a string"',
    b"42",
    b"null",
    b"\xff\xfe",
    b'{"v": 1, "type": "card", "marker": 1' + b"0" * 4000 + b"}",
    b'{"v": 1, "type": "card", "marker": 1e999}',
    b'{"v": 1, "type": "card", "marker": NaN}',
    b'{"v": 1, "type": "card", "marker": -Infinity}',
    b'{"v": 1, "type": "card", "marker": true}',
    b'{"v": 1, "type": "card", "marker": "3"}',
    b'{"v": 1, "type": "card", "marker": 99}',
    b'{"v": 1, "type": "card"}',
    b'{"v": 2, "type": "card", "marker": 3}',
    b'{"type": "card", "marker": 3}',
    b'{"v": 1, "type": "teleport"}',
    b'{"v": 1, "type": ["card"]}',
    b'{"v": 1, "type": "status", "ok": "yes"}',
    b'{"v": 1, "type": "hello", "source": "\\ud800' + b"x" * 10 + b'"}',
    b'{"v": 1, "type": "card", "marker": 3, "v": 1, "type": "card", "marker": ' + b"9" * 4090,
)


def test_no_line_stops_the_listener_and_a_good_card_still_arrives(listening, bus):
    assert len(MALFORMED) == 27
    with connect(listening) as s:
        for bad in MALFORMED:
            s.sendall(bad + b"\n")
        s.sendall(card("D-port"))
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
    assert got == [CameraCard(labelcodes.barcode("D-port"), "D-port")]
    assert listening.path.is_socket()
    # The 4,000 brackets on a connection of their own, then a card on a new one.
    with connect(listening) as s:
        s.sendall(b"[" * 4000 + b"\n")
    with connect(listening) as s:
        s.sendall(card("C-bank"))
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
    assert got[-1].card_id == "C-bank"


def test_nesting_is_counted_without_recursion_and_strings_do_not_count():
    from companion.camerawire import nesting

    assert nesting(b"[" * 100_000) == 100_000
    assert nesting(b'{"a": "[[[[\\"[[", "b": [1, {"c": 2}]}') == 3
    with pytest.raises(ValueError, match="nested more than"):
        decode(b"[" * 4000)


def test_a_second_app_neither_takes_over_the_socket_nor_removes_it(short_dir, bus):
    """Issue 35, item 3: the second app on a state directory leaves the camera to the first."""
    first = CameraSocket(socket_path(short_dir, {}), bus).start()
    try:
        assert first.listening.is_set()
        made = first.path.stat().st_ino
        second = CameraSocket(socket_path(short_dir, {}), bus).start()
        assert not second.listening.is_set()
        second.close()
        status = [i for i in bus.drain() if isinstance(i, DeviceStatus)]
        assert status and "another companion app" in status[-1].message
        assert first.path.is_socket() and first.path.stat().st_ino == made
        with connect(first) as s:
            s.sendall(card("A-warehouse"))
            got = wait_for(bus, lambda i: isinstance(i, CardScanned))
        assert got[-1].card_id == "A-warehouse"
    finally:
        first.close()
    assert not first.path.exists()
    # Once the first has ended, a new app takes the socket.
    third = CameraSocket(socket_path(short_dir, {}), bus).start()
    try:
        assert third.listening.is_set()
    finally:
        third.close()


def test_the_socket_is_removed_only_while_it_is_the_listeners_own(short_dir, bus):
    cam = CameraSocket(socket_path(short_dir, {}), bus).start()
    cam.path.unlink()
    other = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    other.bind(os.fspath(cam.path))  # someone else's socket now has the name
    try:
        cam.close()
        assert cam.path.is_socket()
    finally:
        other.close()
