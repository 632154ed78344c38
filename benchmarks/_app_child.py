"""Child process that runs the companion app, with a watch on every frame it puts on screen.

    python -m benchmarks._app_child MODE STATE_DIR [SECONDS]

The app is started through its public entry point exactly as a user would
(`speicherstadt-companion --simulate --state-dir DIR`, headless under SDL's
dummy driver). Before it starts, `pygame.display.flip` and
`pygame.display.update` are wrapped: a call to either is a frame on screen.

MODE:
- ``first``: print ``MARK first_frame <monotonic>`` at the first frame, exit.
- ``idle``: after the first frame, wait 1 s for the app to settle, then count
  the process's CPU time (all threads) over SECONDS; print it and exit.
"""

from __future__ import annotations

import os
import resource
import sys
import threading
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

FRAMES: list[float] = []
first_frame = threading.Event()
PROFILING = False


class FirstFrame(BaseException):
    """Raised out of the first flip when profiling the start (no `except Exception` stops it)."""


def _watch(real):  # type: ignore[no-untyped-def]
    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = real(*args, **kwargs)
        FRAMES.append(time.monotonic())
        if len(FRAMES) == 1:
            first_frame.set()
            if PROFILING:
                raise FirstFrame
        return result

    return wrapper


pygame.display.flip = _watch(pygame.display.flip)
pygame.display.update = _watch(pygame.display.update)


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _finish(code: int = 0) -> None:
    sys.stdout.flush()
    os._exit(code)


def _monitor(mode: str, seconds: float) -> None:
    if not first_frame.wait(120):
        print("no frame within 120 s", file=sys.stderr)
        _finish(1)
    if mode == "first":
        print(f"MARK first_frame {FRAMES[0]:.6f}")
        _finish()
    time.sleep(1.0)
    c0, w0, f0 = _cpu(), time.monotonic(), len(FRAMES)
    time.sleep(seconds)
    print(f"MARK idle_cpu {_cpu() - c0:.6f}")
    print(f"MARK idle_wall {time.monotonic() - w0:.6f}")
    print(f"MARK idle_frames {len(FRAMES) - f0}")
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


def main() -> None:
    mode, state_dir = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    if mode == "profile":
        profile_start(state_dir, int(seconds) or 25)
    threading.Thread(target=_monitor, args=(mode, seconds), daemon=True).start()
    from companion.cli import main as app_main

    code = app_main(["--simulate", "--state-dir", state_dir])
    print(f"the app exited ({code}) before the benchmark was done", file=sys.stderr)
    _finish(2)


if __name__ == "__main__":
    main()
