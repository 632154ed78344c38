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
    counts = range(2, 6)
    medians: dict[int, list[float]] = {n: [] for n in counts}
    p95: dict[int, list[float]] = {n: [] for n in counts}
    with tempfile.TemporaryDirectory(prefix="bench-frame-") as tmp:
        dirs = {n: Path(tmp) / str(n) for n in counts}
        if missing is None:
            try:
                for n, folder in dirs.items():
                    folder.mkdir()
                    seed_game(folder, round_screen_game(G.game(0, n)))
            except NotAvailable as exc:
                missing = str(exc)
        # Player counts alternate within each run, so a burst of noise hits them alike.
        for _ in range(runs if missing is None else 0):
            for n in counts:
                child = check_child(run_child(
                    [python(), APP, "frames", str(dirs[n]), str(count)], timeout=300),
                    "the app, frames")
                if child.marks().get("no_runner"):
                    missing = "the app has no companion.ui.runner.Runner to redraw"
                    break
                times = [float(v) for line in child.stdout.splitlines()
                         if line.startswith("FRAMES ") for v in line.split()[1:]]
                if times:
                    medians[n].append(statistics.median(times))
                    p95[n].append(percentile(times, 95))
    figures = []
    for n in counts:
        what = f"round screen frame time, {n} players"
        if missing or not medians[n]:
            figures.append(unavailable(NAME, what, "ms", missing or "no frame was timed"))
            continue
        figures.append(Figure(
            NAME, what, "ms", medians[n], target="(report)",
            notes=f"{count} redraws per run (median per run); p95 per run: "
            + ", ".join(f"{v:.1f}" for v in p95[n]) + " ms",
        ))
    return figures
