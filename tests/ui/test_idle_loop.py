"""The loop's idle: full rate while someone acts, slower when nobody does, woken by input.

Runs the app in-process on Home (as tests/ui/test_app.py does) with the
loop's times shortened; waits for the state the loop exposes
(`Runner.idle_state`), never for a fixed time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time

import pygame

from companion import app
from companion.inputs.bus import IntentBus
from companion.inputs.intents import Ok
from companion.ui import runner

WAIT_FOR_S = 30.0


def args(tmp_path):
    return argparse.Namespace(simulate=True, state_dir=str(tmp_path / "state"), config=None,
                              screenshot_dir=None)


def run_app(tmp_path, monkeypatch, table):
    """Run the app with `table(runner, frames, timeouts)` acting from a thread."""
    bus = IntentBus()
    monkeypatch.setattr(app, "start_inputs", lambda hardware, simulate, state_dir: (None, bus))
    caught: list[runner.Runner] = []
    frames: list[str] = []
    timeouts: list[tuple[str, float]] = []
    seen = threading.Condition()
    init, frame, wait = runner.Runner.__init__, runner.Runner.frame, runner.Runner.wait_intents

    def wrapped_init(self, *a, **k):
        init(self, *a, **k)
        caught.append(self)

    def wrapped_frame(self):
        frame(self)
        with seen:
            frames.append(self.ui.top.name)
            seen.notify_all()

    def wrapped_wait(self, timeout_s):
        real = self.waiter.wait

        def waiter_wait(timeout):  # every wait of the loop, the idle pumps' included
            timeouts.append((self.idle_state, timeout))
            return real(timeout)

        self.waiter.wait = waiter_wait
        try:
            return wait(self, timeout_s)
        finally:
            del self.waiter.wait

    monkeypatch.setattr(runner.Runner, "__init__", wrapped_init)
    monkeypatch.setattr(runner.Runner, "frame", wrapped_frame)
    monkeypatch.setattr(runner.Runner, "wait_intents", wrapped_wait)
    failures: list[BaseException] = []

    def driver():
        try:
            with seen:
                assert seen.wait_for(lambda: frames, WAIT_FOR_S)
            table(caught[0], frames, timeouts, seen)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            failures.append(exc)
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    thread = threading.Thread(target=driver)
    thread.start()
    assert app.run(args(tmp_path)) == 0
    thread.join()
    if failures:
        raise failures[0]
    return frames, timeouts


def until(predicate, what):
    deadline = time.monotonic() + WAIT_FOR_S
    while not predicate():
        assert time.monotonic() < deadline, what
        time.sleep(0.005)


def tap(ui, key):
    hit = next(h for h in ui.canvas.hits if h.key == key)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hit.rect.center, button=1,
                                         touch=False))


def test_after_a_quiet_spell_the_loop_pumps_slowly_and_a_tap_still_gets_through(
        tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "ACTIVE_S", 0.3)

    def table(r, frames, timeouts, seen):
        until(lambda: r.idle_state == "idle", "the loop never went idle")
        n = len(frames)
        tap(r.ui, "settings")
        with seen:
            assert seen.wait_for(lambda: len(frames) > n, WAIT_FOR_S)
        assert frames[-1] == "settings"
        until(lambda: r.idle_state == "active" or len(timeouts) and
              timeouts[-1][0] == "active", "a tap did not make the loop active again")

    _frames, timeouts = run_app(tmp_path, monkeypatch, table)
    states = [s for s, _t in timeouts]
    # Active first, then idle, then active again after the tap.
    assert states[0] == "active" and "idle" in states
    assert "active" in states[states.index("idle"):]
    # Idle: SDL pumped every IDLE_PUMP_S (less only before a deadline); active: every WAIT_S.
    idle = [t for s, t in timeouts if s == "idle"]
    assert max(idle) == runner.IDLE_PUMP_S
    assert statistics.median(idle) == runner.IDLE_PUMP_S
    assert max(t for s, t in timeouts if s == "active") <= runner.WAIT_S


def test_with_watched_input_devices_the_idle_loop_sleeps_until_a_device_wakes_it(
        tmp_path, monkeypatch):
    from companion.inputs import wake

    devices = tmp_path / "input"
    devices.mkdir()
    fifo = devices / "event0"
    os.mkfifo(fifo)
    keep = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
    monkeypatch.setattr(wake, "INPUT_DIR", devices)
    monkeypatch.setattr(runner, "EVDEV_DRIVERS", frozenset({"dummy", "offscreen"}))
    monkeypatch.setattr(runner, "ACTIVE_S", 0.3)
    monkeypatch.setattr(runner, "DEEP_S", 3600.0)  # only a device or an intent can wake it

    def table(r, frames, timeouts, seen):
        until(lambda: r.idle_state == "deep" and timeouts[-1][0] == "deep",
              "the loop never slept deeply")
        n = len(frames)
        # A touch: the kernel makes the device readable and SDL gets the event.
        tap(r.ui, "settings")
        os.write(writer, b"\0" * 24)
        with seen:
            assert seen.wait_for(lambda: len(frames) > n, WAIT_FOR_S)
        assert frames[-1] == "settings"

    try:
        _frames, timeouts = run_app(tmp_path, monkeypatch, table)
    finally:
        os.close(keep)
        os.close(writer)
    assert ("deep", 3600.0) in timeouts


def test_the_deepest_sleep_still_feeds_systemds_watchdog(tmp_path, monkeypatch):
    from companion import app as app_module
    from companion.inputs import wake

    devices = tmp_path / "input"
    devices.mkdir()
    os.mkfifo(devices / "event0")
    keep = os.open(devices / "event0", os.O_RDONLY | os.O_NONBLOCK)
    pings: list[tuple[str, float]] = []

    class Notifier:  # what companion.sdnotify offers the loop, with a 0.4 s watchdog
        @staticmethod
        def ready():
            return True

        @staticmethod
        def watchdog_interval():
            return 0.4

        @staticmethod
        def watchdog():
            pings.append((caught[0].idle_state if caught else "", time.monotonic()))
            return True

        @staticmethod
        def stopping():
            return True

    caught: list[runner.Runner] = []
    init = runner.Runner.__init__

    def wrapped_init(self, *a, **k):
        init(self, *a, **k)
        caught.append(self)

    monkeypatch.setattr(runner.Runner, "__init__", wrapped_init)
    monkeypatch.setattr(app_module, "_sdnotify", lambda: Notifier)
    monkeypatch.setattr(wake, "INPUT_DIR", devices)
    monkeypatch.setattr(runner, "EVDEV_DRIVERS", frozenset({"dummy", "offscreen"}))
    monkeypatch.setattr(runner, "ACTIVE_S", 0.2)
    monkeypatch.setattr(runner, "DEEP_S", 3600.0)
    bus = IntentBus()
    monkeypatch.setattr(app, "start_inputs", lambda hardware, simulate, state_dir: (None, bus))

    failures: list[BaseException] = []

    def table():
        try:
            # Five turns of the loop in the deepest state: only the watchdog can have woken it.
            until(lambda: sum(1 for state, _t in pings if state == "deep") >= 5,
                  "the loop slept through the watchdog's interval")
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            failures.append(exc)
        finally:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            bus.put(Ok())  # wakes the loop to see the QUIT

    thread = threading.Thread(target=table)
    thread.start()
    try:
        assert app.run(args(tmp_path)) == 0
    finally:
        thread.join()
        os.close(keep)
    if failures:
        raise failures[0]
