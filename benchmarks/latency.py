"""Input to frame on screen: an intent (GPIO button, card reader) and a touch.

The app runs headless in a child process, resumed into a 5-player game on
its round screen. Intents are put on the app's intent bus exactly as the
button and reader adapters do; taps are posted as SDL mouse-button events at
the centre of an on-screen button. Each sample is timed from the input to the
next `pygame.display.flip` (see `_app_child`). The samples alternate Undo
and Redo, so every one goes through the engine and the journal's sync before
the frame. Each run gives a 95th percentile; the figure is the median of the
runs' percentiles.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from benchmarks import (
    APP,
    Figure,
    Size,
    check_child,
    percentile,
    python,
    run_child,
    unavailable,
    value_at_most,
)
from benchmarks.adapters import NotAvailable, seed_game
from benchmarks.idle import round_screen_game
from benchmarks.startup import app_available

NAME = "latency"
WHAT = {
    "select": ("button intent to frame, p95 (the UI alone)", 5.0,
               "a player's button picking whose cubes the Loading screen shows"),
    "intent": ("button intent to frame, p95 (undo/redo: engine + journal sync)", 5.0,
               "Undo and Redo intents, alternating: engine, journal sync, redraw"),
    "touch": ("touch to frame, p95 (undo/redo: engine + journal sync)", 25.0,
              "taps on the Undo and Redo buttons, alternating: engine, journal sync, redraw"),
}


def run(size: Size) -> list[Figure]:
    missing = app_available()
    runs = size.runs
    samples = size.samples
    p95: dict[str, list[float]] = {kind: [] for kind in WHAT}
    medians: dict[str, list[float]] = {kind: [] for kind in WHAT}
    missed = dict.fromkeys(WHAT, 0)
    parts: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-latency-") as tmp:
        if missing is None:
            try:
                seed_game(Path(tmp), round_screen_game())
            except NotAvailable as exc:
                missing = str(exc)
        for _ in range(runs if missing is None else 0):
            child = check_child(
                run_child([python(), APP, "latency", tmp, str(samples)],
                          timeout=300),
                "the app, latency",
            )
            marks = child.marks()
            if marks.get("no_runner"):
                missing = "the app has no companion.ui.runner.Runner to inject inputs into"
                break
            for line in child.stdout.splitlines():
                if line.startswith("PART "):
                    label, _, values = line[5:].partition(":")
                    parts.setdefault(label, []).extend(float(v) for v in values.split())
                if line.startswith("LAT "):
                    kind, *values = line.split()[1:]
                    if values:
                        lat = [float(v) for v in values]
                        p95[kind].append(percentile(lat, 95))
                        medians[kind].append(statistics.median(lat))
            for kind in missed:
                missed[kind] += int(marks.get(f"missed_{kind}", 0))
    figures = []
    breakdown = "; ".join(
        f"{label} median {statistics.median(v):.2f} ms, p95 {percentile(v, 95):.2f} ms"
        for label, v in parts.items() if v)
    for kind, (what, limit, how) in WHAT.items():
        if missing or not p95[kind]:
            why = missing or f"no {kind} reached the screen ({missed[kind]} without a frame)"
            figures.append(unavailable(NAME, what, "ms", why, target=f"<= {limit:g} ms"))
            continue
        figures.append(Figure(
            NAME, what, "ms", p95[kind], target=f"<= {limit:g} ms", check=value_at_most(limit),
            notes=f"{samples} samples per run: {how}; median latency per run: "
            + ", ".join(f"{m:.1f}" for m in medians[kind]) + " ms"
            + (f"; {missed[kind]} inputs gave no frame within 2 s" if missed[kind] else "")
            + (f". Where the time goes, over every sample of every run: {breakdown}"
               if breakdown and kind == "intent" else ""),
        ))
    return figures
