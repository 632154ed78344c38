"""The intent bus's descriptor and `Waiter`: woken by an intent or a device, by nothing else."""

from __future__ import annotations

import os
import select
import threading

from companion.inputs import intents as it
from companion.inputs.bus import IntentBus
from companion.inputs.wake import InputDevices, Waiter


def readable(fd: int) -> bool:
    return bool(select.select([fd], [], [], 0)[0])


def test_the_bus_descriptor_is_readable_while_intents_wait() -> None:
    bus = IntentBus()
    bus.put(it.Ok())  # before anyone asked for the descriptor
    fd = bus.fileno()
    assert readable(fd)
    assert bus.drain() == [it.Ok()]
    assert not readable(fd)
    bus.put(it.Undo())
    bus.put(it.Redo())
    assert readable(fd)
    assert bus.drain() == [it.Undo(), it.Redo()]
    assert not readable(fd)
    bus.close()
    bus.put(it.Ok())  # a closed descriptor does not stop the queue
    assert bus.drain() == [it.Ok()]


def test_a_waiter_sleeps_until_an_intent_comes_from_another_thread() -> None:
    bus = IntentBus()
    waiter = Waiter([bus.fileno()])
    assert waiter.wait(0) == []
    timer = threading.Timer(0.05, bus.put, args=(it.Ok(),))
    timer.start()
    assert waiter.wait(None)  # no timeout: only the put can end it
    assert bus.drain() == [it.Ok()]
    timer.join()
    bus.close()


def fake_device(directory, name="event0"):
    """A FIFO standing in for an evdev device (readable when written to), and its writer."""
    path = directory / name
    os.mkfifo(path)
    reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # so the writer can open
    writer = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    return path, reader, writer


def test_a_waiter_wakes_on_an_input_device_and_throws_its_bytes_away(tmp_path) -> None:
    path, keep, writer = fake_device(tmp_path)
    devices = InputDevices(tmp_path)
    assert list(devices.fds.values()) == [str(path)]
    waiter = Waiter(devices=devices)
    assert waiter.watching_input
    assert waiter.wait(0) == []
    os.write(writer, b"\0" * 24)  # one input_event
    assert waiter.wait(None)
    assert waiter.wait(0) == []  # what it read is gone: no busy loop
    # A device unplugged: the directory changes, the next wake-up lets it go.
    os.unlink(path)
    waiter.wait(0)
    assert not waiter.watching_input
    # And one plugged in is watched from the next wake-up on.
    path2, keep2, writer2 = fake_device(tmp_path, "event3")
    waiter.wait(0)
    assert list(devices.fds.values()) == [str(path2)]
    os.write(writer2, b"\0" * 24)
    assert waiter.wait(None)
    waiter.close()
    for fd in (keep, writer, keep2, writer2):
        os.close(fd)


def test_no_readable_device_means_not_watching(tmp_path) -> None:
    (tmp_path / "event0").write_bytes(b"")
    os.chmod(tmp_path / "event0", 0)
    devices = InputDevices(tmp_path / "missing")
    assert devices.fds == {}
    assert not Waiter(devices=devices).watching_input
    assert not Waiter().watching_input
