"""Child process that runs the companion app, with a watch on every frame it puts on screen.

    python -m benchmarks._app_child MODE STATE_DIR [SECONDS]

The app is started through its public entry point exactly as a user would
(`speicherstadt-companion --simulate --state-dir DIR`, headless under SDL's
dummy driver). Before it starts, `pygame.display.flip` and
`pygame.display.update` are wrapped: a call to either is a frame on screen.

MODE:
- ``first``: print ``MARK first_frame <monotonic>`` at the first frame, and
  ``MARK hwm_kib <KiB>``, the process's peak resident memory (VmHWM) read in that
  first flip; exit.
- ``idle``: after the first frame, wait 1 s for the app to settle, then count
  the process's CPU time (all threads) over SECONDS; print it and exit.
- ``latency``: after the first frame, SECONDS samples (a count) of each input,
  each timed to the next frame: a player's button (an intent put on the app's
  intent bus, as the GPIO adapter does) picking a player on the Loading
  screen, which only the UI handles; Undo and Redo intents, alternating,
  which go through the engine and the journal's sync; and taps, posted as
  SDL mouse events at the centre of the Undo and Redo buttons, alternating.
  With ``BENCH_PROFILE=FILE`` in the environment, a cProfile of the frame path
  (inputs handled and frames drawn, not the waiting) is saved to FILE.
- ``frames``: after the first frame, SECONDS redraws (a count) of the same
  screen, each asked for with an SDL expose event (the app redraws on it);
  prints how long each `Runner.frame` took (draw the scene, present, flip).
- ``profile``: cProfile of the start up to the first frame, printed.
- ``wake``: after the first frame, SECONDS samples (a count) of the first tap after a
  quiet spell: each waits until the loop says it is in its deepest idle state
  (`Runner.idle_state`: "deep" when it watches the input devices, else "idle"), then
  taps Undo or Redo (alternating) and times it to the next frame.
- ``serve``: just the app (the idle benchmark measures it from outside, in /proc).

Add ``-evdev`` to ``wake`` or ``serve`` to emulate a Pi's input devices: a FIFO stands
for `/dev/input/event0`, the loop watches it as it watches evdev devices under KMS/DRM,
and each tap also writes an input event into it, as the kernel does for a touch.

The running app is found by wrapping `companion.ui.runner.Runner.__init__`
(its bus, its UI and the targets of the last frame), since the app exposes
no other handle.
"""

from __future__ import annotations

import os
import random
import resource
import sys
import threading
import time
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Run as a script: its folder (benchmarks/) must not shadow anything the program imports.
if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
    del sys.path[0]

import pygame  # noqa: E402

FRAMES: list[float] = []
#: VmHWM (KiB) read in the first flip: the peak resident memory up to the first frame.
HWM_KIB: list[int] = []
first_frame = threading.Event()
new_frame = threading.Condition()
RUNNER: list[object] = []
PROFILING = False


class FirstFrame(BaseException):
    """Raised out of the first flip when profiling the start (no `except Exception` stops it)."""


def _watch(real):  # type: ignore[no-untyped-def]
    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = real(*args, **kwargs)
        with new_frame:
            FRAMES.append(time.monotonic())
            new_frame.notify_all()
        if len(FRAMES) == 1:
            HWM_KIB.append(vm_hwm_kib())
            first_frame.set()
            if PROFILING:
                raise FirstFrame
        return result

    return wrapper


pygame.display.flip = _watch(pygame.display.flip)
pygame.display.update = _watch(pygame.display.update)


def vm_hwm_kib() -> int:
    """This process's peak resident memory so far (VmHWM, KiB). Its own, unlike the
    parent's wait4 ru_maxrss: a child started by vfork/posix_spawn inherits the parent's
    peak at exec, which would hide the child's figure under the harness's."""
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _finish(code: int = 0) -> None:
    sys.stdout.flush()
    os._exit(code)


def _the_runner() -> Any:
    """The app's running `Runner`; without one, say so (the parent reports the mode as
    unavailable) and exit."""
    if not RUNNER:
        print("MARK no_runner 1")
        _finish()
    return RUNNER[0]


def _monitor(mode: str, seconds: float) -> None:
    if not first_frame.wait(120):
        print("no frame within 120 s", file=sys.stderr)
        _finish(1)
    if mode == "first":
        print(f"MARK first_frame {FRAMES[0]:.6f}")
        print(f"MARK hwm_kib {HWM_KIB[0]}")
        _finish()
    time.sleep(1.0)
    if mode == "latency":
        _latency(int(seconds))
    if mode == "frames":
        _frames(int(seconds))
    if mode == "wake":
        _wake(int(seconds))
    c0, w0, f0 = _cpu(), time.monotonic(), len(FRAMES)
    time.sleep(seconds)
    print(f"MARK idle_cpu {_cpu() - c0:.6f}")
    print(f"MARK idle_wall {time.monotonic() - w0:.6f}")
    print(f"MARK idle_frames {len(FRAMES) - f0}")
    print(f"MARK threads {threading.active_count()}")
    print("THREADS " + ", ".join(sorted(t.name for t in threading.enumerate())))
    _finish()


def profile_start(state_dir: str, top: int = 25) -> None:
    """Print where the time to the first frame goes (cProfile, cumulative, imports included)."""
    global PROFILING
    import cProfile
    import pstats

    PROFILING = True
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        from companion.cli import main as app_main

        app_main(["--simulate", "--state-dir", state_dir])
    except FirstFrame:
        pass
    profiler.disable()
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("cumulative").print_stats(top)
    _finish()


def _catch_runner() -> None:
    try:
        from companion.ui import runner
    except ImportError:
        return
    init = runner.Runner.__init__

    def wrapped(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        init(self, *args, **kwargs)
        RUNNER.append(self)

    runner.Runner.__init__ = wrapped  # type: ignore[method-assign]


#: Durations (ms) of the parts of an input's path, recorded in latency mode.
PARTS: dict[str, list[float]] = {}
#: Which inputs the latency child is sending now ("select", "intent", "touch"): each part's
#: durations are kept per kind, so a breakdown tells the UI alone from undo/redo.
KIND: list[str] = [""]


def _time_method(cls: type, name: str, label: str) -> None:
    real = getattr(cls, name)

    def wrapped(*args, **kwargs):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            key = f"{label} [{KIND[0]}]" if KIND[0] else label
            PARTS.setdefault(key, []).append((time.perf_counter() - t0) * 1000)

    setattr(cls, name, wrapped)


def _instrument() -> None:
    """Time the parts of an input's path: journal, engine, scene drawing."""
    try:
        from companion.store.session import GameSession

        if hasattr(GameSession, "commit"):  # the session applies once: prepare, then commit
            _time_method(GameSession, "prepare", "prepare (the engine applies the action)")
            _time_method(GameSession, "commit", "commit (journal write + sync)")
        else:  # an earlier revision: submit did both
            _time_method(GameSession, "submit", "submit (engine + journal sync)")
    except ImportError:
        pass
    try:
        from companion.ui.core import UI

        _time_method(UI, "render", "render (draw the scene)")
        _time_method(UI, "intent", "ui.intent (handle an intent, submit included)")
        _time_method(UI, "tap", "ui.tap (handle a tap, submit included)")
    except ImportError:
        pass


#: With BENCH_PROFILE=FILE in latency mode: one cProfile over the frame path (handling an
#: event or an intent, and drawing the frame), saved to FILE (pstats) at the end.
PROFILE: list[Any] = []


def _profile_frame_path() -> None:
    """Profile only the main loop's work on inputs and frames, not its waiting."""
    import cProfile

    profiler = cProfile.Profile()
    PROFILE.append(profiler)
    # BENCH_PROFILE_KIND=select (or intent, touch; comma-separated): only those inputs' path.
    only = set(filter(None, os.environ.get("BENCH_PROFILE_KIND", "").split(","))) or {
        "", "select", "intent", "touch"}
    depth = [0]

    def profiled(real):  # type: ignore[no-untyped-def]
        def wrapped(*args, **kwargs):  # type: ignore[no-untyped-def]
            depth[0] += 1
            if depth[0] == 1 and KIND[0] in only:
                profiler.enable()
            try:
                return real(*args, **kwargs)
            finally:
                depth[0] -= 1
                if depth[0] == 0:
                    profiler.disable()

        return wrapped

    from companion.ui import runner

    for name in ("frame", "handle", "guarded", "drain_intents"):
        if hasattr(runner.Runner, name):  # an earlier revision may lack one
            setattr(runner.Runner, name, profiled(getattr(runner.Runner, name)))


def _frame_after(count: int, timeout: float = 2.0) -> float | None:
    """The time of frame number `count` (0-based), waiting up to `timeout` s for it."""
    with new_frame:
        if new_frame.wait_for(lambda: len(FRAMES) > count, timeout):
            return FRAMES[count]
    return None


def _tap_undo_redo(ui: object, i: int) -> tuple[float, int] | None:
    """Tap Undo (even `i`) or Redo (odd) as a finger would: (when, frames drawn before), or
    None when the button is not on screen."""
    pos = _target(ui, "undo" if i % 2 == 0 else "redo")
    if pos is None:
        return None
    count = len(FRAMES)
    t0 = time.monotonic()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1,
                                         touch=False))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1,
                                         touch=False))
    return t0, count


def _target(ui: object, key: str) -> tuple[int, int] | None:
    for hit in reversed(getattr(getattr(ui, "canvas", None), "hits", [])):
        if hit.key == key:
            return hit.rect.center  # type: ignore[no-any-return]
    return None


def _latency(samples: int) -> None:
    import companion
    from companion.inputs import intents as it

    # Which tree's code this is (`--against REV` runs a revision beside the working tree).
    print(f"WHERE companion {companion.__file__}")

    runner = _the_runner()
    bus = getattr(runner, "bus", None)
    ui = getattr(runner, "ui", None)
    out: dict[str, list[float]] = {"select": [], "intent": [], "touch": []}
    missed = {"select": 0, "intent": 0, "touch": 0}
    game = getattr(ui, "game", None)
    players = list(getattr(getattr(game, "state", None), "players", ()))
    if bus is not None and players:
        # A player's button on the Loading screen picks whose cubes are shown: the UI alone.
        KIND[0] = "select"
        for i in range(samples):
            time.sleep(0.03)
            count = len(FRAMES)
            t0 = time.monotonic()
            bus.put(it.PlayerButton(players[i % len(players)]))
            done = _frame_after(count)
            if done is None:
                missed["select"] += 1
            else:
                out["select"].append((done - t0) * 1000)
    if bus is not None:
        KIND[0] = "intent"
        for i in range(samples):
            time.sleep(0.03)  # let the loop go back to waiting
            count = len(FRAMES)
            t0 = time.monotonic()
            bus.put(it.Undo() if i % 2 == 0 else it.Redo())
            done = _frame_after(count)
            if done is None:
                missed["intent"] += 1
            else:
                out["intent"].append((done - t0) * 1000)
    KIND[0] = "touch"
    for i in range(samples):
        time.sleep(0.17)  # longer than the display's debounce of taps (0.15 s)
        tapped = _tap_undo_redo(ui, i)
        if tapped is None:
            missed["touch"] += 1
            continue
        t0, count = tapped
        done = _frame_after(count)
        if done is None:
            missed["touch"] += 1
        else:
            out["touch"].append((done - t0) * 1000)
    if PROFILE:
        PROFILE[0].dump_stats(os.environ["BENCH_PROFILE"])
    for label, values in PARTS.items():
        print(f"PART {label}: " + " ".join(f"{v:.3f}" for v in values))
    for kind, values in out.items():
        print(f"LAT {kind} " + " ".join(f"{v:.3f}" for v in values))
        print(f"MARK missed_{kind} {missed[kind]}")
    _finish()


EVDEV: list[int] = []


def _emulate_evdev() -> None:
    """A FIFO as the only input device, watched by the loop as under KMS/DRM."""
    import tempfile

    from companion.inputs import wake
    from companion.ui import runner

    directory = tempfile.mkdtemp(prefix="bench-input-")
    path = os.path.join(directory, "event0")
    os.mkfifo(path)
    EVDEV.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))  # keeps the FIFO open
    EVDEV.append(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    wake.INPUT_DIR = type(wake.INPUT_DIR)(directory)
    runner.EVDEV_DRIVERS = frozenset({*runner.EVDEV_DRIVERS, "dummy"})


def _wake(samples: int) -> None:
    runner = _the_runner()
    ui = getattr(runner, "ui", None)
    if not hasattr(runner, "idle_state"):
        print("MARK no_idle_state 1")
        _finish()
    out: list[float] = []
    missed = 0
    waits: list[float] = []
    for i in range(samples):
        t0 = time.monotonic()
        waiter = getattr(runner, "waiter", None)
        deepest = "deep" if waiter is not None and waiter.watching_input else "idle"
        while runner.idle_state != deepest:  # type: ignore[attr-defined]
            if time.monotonic() - t0 > 120:
                print(f"MARK never_idle {runner.idle_state}")  # type: ignore[attr-defined]
                _finish(1)
            time.sleep(0.01)
        waits.append(time.monotonic() - t0)
        print(f"STATE {deepest}")
        # A random moment of the idle wait: the first pump starts when the state does.
        time.sleep(random.uniform(0.0, 1.0))
        if runner.idle_state != deepest:  # type: ignore[attr-defined]
            print(f"MARK left_idle {runner.idle_state}")  # type: ignore[attr-defined]
            _finish(1)
        tapped = _tap_undo_redo(ui, i)
        if tapped is None:
            missed += 1
            continue
        t0, count = tapped
        if EVDEV:
            os.write(EVDEV[1], b"\0" * 24)  # the kernel's copy of the touch for our watch
        done = _frame_after(count)
        if done is None:
            missed += 1
        else:
            out.append((done - t0) * 1000)
    print("LAT wake " + " ".join(f"{v:.3f}" for v in out))
    print(f"MARK missed_wake {missed}")
    print(f"MARK idle_reached_s {max(waits):.3f}")
    _finish()


def _frames(count: int) -> None:
    runner = _the_runner()
    durations: list[float] = []
    real = type(runner).frame

    def timed(self):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        real(self)
        durations.append((time.perf_counter() - t0) * 1000)

    type(runner).frame = timed  # type: ignore[method-assign]
    kind = getattr(pygame, "WINDOWEXPOSED", pygame.VIDEOEXPOSE)
    for _ in range(count):
        time.sleep(0.01)
        n = len(FRAMES)
        pygame.event.post(pygame.event.Event(kind))
        _frame_after(n)
    print("FRAMES " + " ".join(f"{d:.3f}" for d in durations))
    _finish()


def main() -> None:
    mode, state_dir = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    if mode == "profile":
        profile_start(state_dir, int(seconds) or 25)
    if mode.endswith("-evdev"):
        mode = mode[: -len("-evdev")]
        _emulate_evdev()
    _catch_runner()
    if mode == "latency":
        _instrument()
        if os.environ.get("BENCH_PROFILE"):
            _profile_frame_path()
    if mode != "serve":
        threading.Thread(target=_monitor, args=(mode, seconds), daemon=True).start()
    from companion.cli import main as app_main

    code = app_main(["--simulate", "--state-dir", state_dir])
    if mode == "serve":
        _finish(code)
    print(f"the app exited ({code}) before the benchmark was done", file=sys.stderr)
    _finish(2)


if __name__ == "__main__":
    main()
