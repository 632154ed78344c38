"""Frame time of the round screen against the number of players (2 to 5).

For each player count the app runs headless in a child process, resumed into
a generated game of that many players in the Loading phase of round 3 (the
busiest round screen: every player's panel, cubes on the docks). It is then
asked to redraw the same screen many times (an SDL expose event each time),
and each `Runner.frame` (draw the scene, present it, flip) is timed. The
figure is the median over the runs of each run's median frame time.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from benchmarks import APP, Figure, Size, check_child, percentile, python, run_child, unavailable
from benchmarks import games as G
from benchmarks.adapters import NotAvailable, seed_game
from benchmarks.idle import round_screen_game
from benchmarks.startup import app_available

NAME = "frame"


def run(size: Size) -> list[Figure]:
    missing = app_available()
    runs = size.runs
    count = max(10, size.samples)
    figures = []
    for players in range(2, 6):
        what = f"round screen frame time, {players} players"
        if missing:
            figures.append(unavailable(NAME, what, "ms", missing))
            continue
        medians: list[float] = []
        p95: list[float] = []
        with tempfile.TemporaryDirectory(prefix="bench-frame-") as tmp:
            try:
                seed_game(Path(tmp), round_screen_game(G.game(0, players)))
            except NotAvailable as exc:
                figures.append(unavailable(NAME, what, "ms", str(exc)))
                continue
            for _ in range(runs):
                child = check_child(run_child(
                    [python(), APP, "frames", tmp, str(count)],
                    timeout=300), "the app, frames")
                if child.marks().get("no_runner"):
                    missing = "the app has no companion.ui.runner.Runner to redraw"
                    break
                times = [float(v) for line in child.stdout.splitlines()
                         if line.startswith("FRAMES ") for v in line.split()[1:]]
                if times:
                    medians.append(statistics.median(times))
                    p95.append(percentile(times, 95))
        if not medians:
            figures.append(unavailable(NAME, what, "ms", missing or "no frame was timed"))
            continue
        figures.append(Figure(
            NAME, what, "ms", medians,
            notes=f"{count} redraws per run; p95 per run: "
            + ", ".join(f"{v:.1f}" for v in p95) + " ms",
        ))
    return figures
