"""Child process: the History, Statistics and New game screens over a real history.db.

    python benchmarks/_history_child.py STATE_DIR FRAMES

The app's own services (`companion.app.make_services`, the real SQLite history of
STATE_DIR, as the app opens it), an 800x480 UI on Home. Prints ``MARK name ms``:

- ``history_open``: History opened and its first frame drawn;
- ``history_frame``: the median of FRAMES later frames of the same screen;
- ``history_page``: the median time of paging to older games (a tap, then its frame);
- ``stats_open``: Player statistics opened and drawn;
- ``stats_categories``: its second view (the average per category: a tap, then its frame);
- ``newgame_open``: New game opened (the names from earlier games) and drawn.

With a third argument ``pin`` (STATE_DIR holds games of an older version, format 1):
History opened as after an upgrade, the games pinned beside the screen, with

- ``pin_first``: History's first frame (ms); ``pin_done``: until the list is shown;
- ``pin_longest_frame``: the longest frame drawn while the pass runs; ``pin_frames``: how
  many; ``pin_list_frame``: the frame that shows the list once the pass is over;
- ``pins_kib``: the size of pinned-values.json afterwards; ``pin_hwm_kib``: the child's
  peak resident memory (VmHWM, KiB).

- ``hwm_kib``: the child's peak resident memory (VmHWM, KiB), read at its end: its own,
  unlike wait4's ru_maxrss, which for a child spawned by vfork starts at the parent's peak.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Run as a script: its folder (benchmarks/) must not shadow anything the program imports.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent]


def main() -> int:
    state_dir, frames = Path(sys.argv[1]), int(sys.argv[2])
    pin = len(sys.argv) > 3 and sys.argv[3] == "pin"
    import pygame

    from companion import app
    from companion.config.cards import load_catalogue
    from companion.paths import SHIPPED_CONFIG_DIR
    from companion.ui.core import UI

    pygame.display.init()
    pygame.font.init()
    settings = {"language": "en", "purchase_form": "quick",
                "display": {"size": [800, 480], "rotation": 0}}
    # As the app opens it: with the catalogue, so that games of an older version are pinned.
    history = app.open_history(state_dir, lambda: load_catalogue(SHIPPED_CONFIG_DIR, state_dir)
                               ) if pin else app.open_history(state_dir)
    services = app.make_services(settings, state_dir, SHIPPED_CONFIG_DIR,  # type: ignore[arg-type]
                                 app.open_store(), history)
    ui = UI(services, (800, 480))
    ui.open("home")
    ui.render()
    if pin:
        return pinning(ui, state_dir)

    def timed(step) -> float:  # type: ignore[no-untyped-def]
        t0 = time.perf_counter()
        step()
        return (time.perf_counter() - t0) * 1000

    def open_screen(name: str) -> None:
        ui.open(name)
        ui.render()

    marks = {"history_open": timed(lambda: open_screen("history"))}
    marks["history_frame"] = statistics.median(timed(ui.render) for _ in range(frames))

    def older() -> None:
        hit = next((h for h in ui.canvas.hits if h.key == "older"), None)
        if hit is not None:
            hit.action()
        ui.render()

    marks["history_page"] = statistics.median(timed(older) for _ in range(max(3, frames // 4)))
    ui.pop()
    marks["stats_open"] = timed(lambda: open_screen("stats"))

    def per_category() -> None:
        ui.press("secondary")
        ui.render()

    marks["stats_categories"] = timed(per_category)
    ui.pop()
    marks["newgame_open"] = timed(lambda: open_screen("newgame"))
    for name, value in marks.items():
        print(f"MARK {name} {value:.3f}")
    with open("/proc/self/status") as status:
        print(next(f"MARK hwm_kib {line.split()[1]}" for line in status
                   if line.startswith("VmHWM:")))
    return 0


def pinning(ui, state_dir: Path) -> int:  # type: ignore[no-untyped-def]
    """History opened on a history of format 1 games (after an upgrade): its first frame,
    then frames at the UI's pace while the games are pinned beside it, until the list."""
    from companion.ui.core import FRAME_S

    t0 = time.perf_counter()
    ui.open("history")
    ui.render()
    first = time.perf_counter() - t0
    longest, frames, listed = 0.0, 0, first
    scene = ui.top
    while scene.pinning is not None:
        time.sleep(FRAME_S)  # the runner draws a frame each FRAME_S while it animates
        t = time.perf_counter()
        ui.render()
        took = time.perf_counter() - t
        if scene.pinning is not None:  # a frame drawn while the pass runs
            longest = max(longest, took)
            frames += 1
        else:  # the pass ended: this frame reads and shows the list
            listed = took
    done = time.perf_counter() - t0
    assert scene.pinning is None and scene.total > 0, "the list is not shown"
    print(f"MARK pin_first {first * 1000:.3f}")
    print(f"MARK pin_done {done * 1000:.3f}")
    print(f"MARK pin_longest_frame {longest * 1000:.3f}")
    print(f"MARK pin_list_frame {listed * 1000:.3f}")
    print(f"MARK pin_frames {frames}")
    pins = state_dir / "pinned-values.json"
    print(f"MARK pins_kib {pins.stat().st_size / 1024 if pins.exists() else 0:.1f}")
    with open("/proc/self/status") as status:
        print(next(f"MARK pin_hwm_kib {line.split()[1]}" for line in status
                   if line.startswith("VmHWM:")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
