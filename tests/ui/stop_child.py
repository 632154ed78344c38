"""Child process for tests/ui/test_stop.py: the app, driven by taps to one screen.

    python tests/ui/stop_child.py STATE_DIR KEY [KEY ...]

Starts the app as a table does (`speicherstadt-companion --state-dir DIR`, no
--simulate, SDL's dummy driver), then taps the on-screen buttons named by the
KEYs one after the other (the keys tests find buttons by), each once the frame
before it is on screen (KEY~: a button that changes the screen it is on rather than
opening another), and prints ``AT <scene name>`` when the last frame is
drawn. The parent then sends SIGTERM. Taps are posted as SDL mouse events, as
the benchmarks do (benchmarks/_app_child.py).
"""

from __future__ import annotations

import os
import sys
import threading
import time

if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
    del sys.path[0]

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout carries the AT line only

import pygame  # noqa: E402

from companion.ui import runner  # noqa: E402
from companion.ui.core import DOUBLE_TAP_S  # noqa: E402

RUNNERS: list[runner.Runner] = []
frames = threading.Condition()
SHOWN: list[str] = []


def _wrap() -> None:
    init, frame = runner.Runner.__init__, runner.Runner.frame

    def wrapped_init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        init(self, *args, **kwargs)
        RUNNERS.append(self)

    def wrapped_frame(self):  # type: ignore[no-untyped-def]
        frame(self)
        with frames:
            SHOWN.append(self.ui.top.name)
            frames.notify_all()

    runner.Runner.__init__ = wrapped_init  # type: ignore[method-assign]
    runner.Runner.frame = wrapped_frame  # type: ignore[method-assign]


def _frame_after(count: int, timeout: float = 20.0) -> str:
    with frames:
        if not frames.wait_for(lambda: len(SHOWN) > count, timeout):
            print(f"FAIL no frame after {SHOWN}", flush=True)
            os._exit(3)
        return SHOWN[-1]


def _drive(keys: list[str]) -> None:
    _frame_after(0, 60.0)
    r = RUNNERS[0]
    deadline = time.monotonic() + 60
    while r.waiter is None:  # the loop runs: inputs started, hardware checked
        if time.monotonic() > deadline:
            print("FAIL the loop never started", flush=True)
            os._exit(3)
        time.sleep(0.01)
    ui = r.ui
    for step in keys:
        # KEY opens another screen; KEY~ changes the screen it is on (a question on Home).
        # KEY+ is tapped again until it opens another screen (Loading's done: each player
        # still holding ship cubes says done in turn, the last one's ends the phase).
        key, stays = step.removesuffix("~").removesuffix("+"), step.endswith("~")
        for _again in range(8 if step.endswith("+") else 1):
            if _tap(ui, key, stays, again=step.endswith("+")):
                break
    print(f"AT {ui.top.name}", flush=True)


def _tap(ui, key: str, stays: bool, again: bool) -> bool:  # type: ignore[no-untyped-def]
    """Tap `key` once it is on screen and wait for the screen it opens or changes; True
    when it opened another screen (or, `stays`, changed this one)."""
    with frames:
        frames.wait_for(lambda: not ui.dirty, 20.0)  # the last change is on screen
    hit = next((h for h in reversed(ui.canvas.hits) if h.key == key), None)
    if hit is None:
        print(f"FAIL no button {key!r} on {ui.top.name}: "
              f"{[h.key for h in ui.canvas.hits]}", flush=True)
        os._exit(3)
    # A tap within the display's debounce (0.15 s) of the last counts not, nor one at the
    # same spot within the double-tap interval after a screen change (docs/touch.md).
    time.sleep(max(0.16, DOUBLE_TAP_S + 0.05))
    before = ui.top
    count = len(SHOWN)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hit.rect.center,
                                         button=1, touch=False))
    with frames:  # wait until the screen it opens (or changes) is drawn
        if not frames.wait_for(lambda c=count, b=before, s=stays: len(SHOWN) > c
                               and (s or again or ui.top is not b)
                               and SHOWN[-1] == ui.top.name, 20.0):
            print(f"FAIL {key!r} did not leave {before.name}", flush=True)
            os._exit(3)
    return stays or ui.top is not before


def main() -> None:
    state_dir, keys = sys.argv[1], sys.argv[2:]
    _wrap()
    threading.Thread(target=_drive, args=(keys,), daemon=True).start()
    from companion.cli import main as app_main

    sys.exit(app_main(["--state-dir", state_dir]))


if __name__ == "__main__":
    main()
