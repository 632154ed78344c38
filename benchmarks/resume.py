"""Resume: starting the app into a game at its last round, against a fresh start.

- App level: start to first frame with the state directory holding a 5-player
  game at its last round, against the same with an empty state directory,
  alternating child processes.
- Store level, how it grows: the store's resume of a game of one game's
  length and of ten games' worth of actions (the same game with undo/redo
  pairs), in this process, median of several runs.
"""

from __future__ import annotations

import gc
import tempfile
import time
from pathlib import Path

from benchmarks import Figure, Size, ratio_at_most, unavailable
from benchmarks import games as G
from benchmarks.adapters import NotAvailable, resume, seed_game
from benchmarks.startup import app_available, app_first_frame

NAME = "resume"


def run(size: Size) -> list[Figure]:
    return [*_app(size), *_growth(size)]


def _app(size: Size) -> list[Figure]:
    what = "start to first frame, resuming a game at its last round"
    missing = app_available()
    if missing:
        return [unavailable(NAME, what, "ms", missing, target="ratio <= 1.2")]
    game = G.last_round_prefix(G.game(0))
    repeats = max(3, size.repeats + 2) if size.name != "tiny" else 1
    fresh, resumed = [], []
    with tempfile.TemporaryDirectory(prefix="bench-resume-") as tmp:
        try:
            seed_game(Path(tmp), game)
        except NotAvailable as exc:
            return [unavailable(NAME, what, "ms", str(exc), target="ratio <= 1.2")]
        app_first_frame(tmp)  # warm up
        for _ in range(repeats):
            with tempfile.TemporaryDirectory(prefix="bench-fresh-") as empty:
                fresh.append(app_first_frame(empty)[0] * 1000)
            resumed.append(app_first_frame(tmp)[0] * 1000)
    return [
        Figure(NAME, what, "ms", resumed, "a fresh start (empty state directory)", fresh,
               target="ratio <= 1.2", check=ratio_at_most(1.2),
               notes=f"a 5-player game resumed after {len(game) - 1} actions"),
    ]


def _growth(size: Size) -> list[Figure]:
    one = G.game(0)
    ten = G.padded(one, 10)
    out: dict[str, list[float]] = {"one": [], "ten": []}
    repeats = max(3, size.repeats)
    with tempfile.TemporaryDirectory(prefix="bench-resume-") as tmp:
        dirs = {"one": Path(tmp) / "one", "ten": Path(tmp) / "ten"}
        try:
            for key, actions in (("one", one), ("ten", ten)):
                dirs[key].mkdir()
                # Unfinished: the game without its final `done` (a finished game is not resumed).
                seed_game(dirs[key], actions[:-1])
            resume(dirs["one"])
        except NotAvailable as exc:
            return [unavailable(NAME, "store resume time vs actions", "ms", str(exc))]
        for _ in range(repeats):
            for key in ("one", "ten"):
                gc.collect()
                t0 = time.perf_counter()
                resume(dirs[key])
                out[key].append((time.perf_counter() - t0) * 1000)
    return [
        Figure(NAME, f"store resume, one game ({len(one) - 1} actions)", "ms", out["one"]),
        Figure(NAME, f"store resume, ten games' worth ({len(ten) - 1} actions)", "ms", out["ten"],
               baseline_name="one game x 10 (linear growth)",
               baseline_runs=[t * (len(ten) - 1) / (len(one) - 1) for t in out["one"]],
               target="ratio <= 1.2 (linear)", check=ratio_at_most(1.2)),
    ]
