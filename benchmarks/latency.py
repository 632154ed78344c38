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

import shutil
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from benchmarks import (
    APP,
    ROOT,
    ChildRun,
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
from benchmarks.revision import (
    check_tree,
    checkout,
    describe,
    resumes_same,
    seed_in,
    tree_env,
)
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
            one = _parse(child)
            if one is None:
                missing = "the app has no companion.ui.runner.Runner to inject inputs into"
                break
            for kind in WHAT:
                if kind in one.p95:
                    p95[kind].append(one.p95[kind])
                    medians[kind].append(one.medians[kind])
                missed[kind] += one.missed[kind]
            for label, values in one.parts.items():
                parts.setdefault(label, []).extend(values)
    figures = []
    breakdown = _breakdown(parts)
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


def _breakdown(parts: dict[str, list[float]]) -> str:
    """Each instrumented part's median and p95 (ms), over every sample of every run."""
    return "; ".join(
        f"{label} median {statistics.median(v):.2f} ms, p95 {percentile(v, 95):.2f} ms"
        for label, v in parts.items() if v)


@dataclass
class _Run:
    """One child's figures: each kind's p95 and median (ms), inputs without a frame, and
    the durations of the instrumented parts of the path."""

    p95: dict[str, float]
    medians: dict[str, float]
    missed: dict[str, int]
    parts: dict[str, list[float]]


def _parse(child: ChildRun) -> _Run | None:
    """What a latency child printed; None when the app had no Runner to drive."""
    marks = child.marks()
    if marks.get("no_runner"):
        return None
    one = _Run({}, {}, {kind: int(marks.get(f"missed_{kind}", 0)) for kind in WHAT}, {})
    for line in child.stdout.splitlines():
        if line.startswith("PART "):
            label, _, values = line[5:].partition(":")
            one.parts.setdefault(label, []).extend(float(v) for v in values.split())
        if line.startswith("LAT "):
            kind, *values = line.split()[1:]
            if values and kind in WHAT:
                lat = [float(v) for v in values]
                one.p95[kind] = percentile(lat, 95)
                one.medians[kind] = statistics.median(lat)
    return one


def run_against(size: Size, rev: str) -> list[Figure]:
    """The working tree beside revision `rev`, in the same run: A and B children
    alternate (the order flips every pair, A B B A ..., so a drift in the machine's load
    falls on both alike), and each figure's ratio is the median of the pairs' ratios
    (working tree / rev). Both sides run this tree's measuring child (`_app_child.py`,
    the same method of measuring), each importing its own tree's `companion`, on the
    same game when the revision's store resumes the working tree's record."""
    missing = app_available()
    if missing:
        return [unavailable(NAME, WHAT[kind][0], "ms", missing) for kind in WHAT]
    label = describe(rev)
    pairs = size.runs + 1
    samples = size.samples
    sides = ("working tree", rev)
    p95: dict[str, dict[str, list[float]]] = {s: {k: [] for k in WHAT} for s in sides}
    medians: dict[str, dict[str, list[float]]] = {s: {k: [] for k in WHAT} for s in sides}
    missed: dict[str, int] = dict.fromkeys(sides, 0)
    parts: dict[str, dict[str, list[float]]] = {s: {} for s in sides}
    with checkout(rev) as tree, tempfile.TemporaryDirectory(prefix="bench-latency-") as tmp:
        trees = {"working tree": ROOT, rev: tree}
        states = {side: Path(tmp) / f"state-{i}" for i, side in enumerate(sides)}
        # One game for both: seeded by the working tree, copied for the revision when its
        # store resumes it at the same moment (the same screen, the same Undo and Redo);
        # else the revision plays its own simulator's game (said in the figures' notes).
        seed_in(ROOT, states["working tree"])
        shutil.copytree(states["working tree"], states[rev])
        same_game = resumes_same(tree, states[rev])
        if not same_game:
            shutil.rmtree(states[rev])
            states[rev].mkdir()
            seed_in(tree, states[rev])
        for pair in range(pairs):
            order = sides if pair % 2 == 0 else sides[::-1]
            for side in order:
                print(f"   pair {pair + 1}/{pairs}: {side}", file=sys.stderr, flush=True)
                child = check_child(
                    run_child([python(), APP, "latency", str(states[side]), str(samples)],
                              env=tree_env(trees[side]), cwd=trees[side], timeout=300),
                    f"the app of {side}, latency",
                )
                where = check_tree(child.stdout, trees[side])
                print(f"      (its companion: {where})", file=sys.stderr, flush=True)
                one = _parse(child)
                if one is None:
                    raise RuntimeError(f"the app of {side} has no Runner to inject inputs into")
                for kind in WHAT:
                    # A kind without samples counts as NaN, keeping the pairs aligned.
                    p95[side][kind].append(one.p95.get(kind, float("nan")))
                    medians[side][kind].append(one.medians.get(kind, float("nan")))
                missed[side] += sum(one.missed.values())
                for part, values in one.parts.items():
                    parts[side].setdefault(part, []).extend(values)
    # Where the time goes on each side (the same parts, timed by this tree's child), so
    # that a gap between the revisions shows in which part it lies.
    breakdown = " | ".join(f"{side}: {_breakdown(parts[side]) or 'no parts timed'}"
                           for side in sides)
    figures = []
    for kind, (what, _limit, _how) in WHAT.items():
        a, b = p95["working tree"][kind], p95[rev][kind]
        kept = [(x, y) for x, y in zip(a, b, strict=True) if x == x and y == y]
        if not kept:
            figures.append(unavailable(NAME, f"{what}: working tree vs {rev}", "ms",
                                       f"no {kind} sample reached the screen"))
            continue
        ratios = [x / y for x, y in kept]
        mid = [(x, y) for x, y in zip(medians["working tree"][kind], medians[rev][kind],
                                      strict=True) if x == x and y == y]
        figures.append(Figure(
            NAME, f"{what}: working tree vs {rev}", "ms", [x for x, _ in kept],
            baseline_name=label, baseline_runs=[y for _, y in kept],
            notes=("the same game on both sides (the working tree's record, resumed by "
                   f"{rev}'s store)" if same_game else f"{rev} could not resume the working "
                   "tree's record: each side plays its own simulator's game")
            + f"; {len(kept)} interleaved pairs of {samples} samples each; ratio per pair "
            "(working tree / revision): " + ", ".join(f"{r:.2f}" for r in ratios)
            + "; the median latency per run (less moved by the machine's load than the p95), "
            "working tree: " + ", ".join(f"{x:.1f}" for x, _ in mid) + f" ms; {rev}: "
            + ", ".join(f"{y:.1f}" for _, y in mid) + " ms; median of their ratios "
            + f"{statistics.median(x / y for x, y in mid):.2f}"
            + (f"; inputs without a frame: working tree {missed['working tree']}, "
               f"{rev} {missed[rev]}" if any(missed.values()) else "")
            + (f". Where the time goes, over every sample of every run: {breakdown}"
               if kind == "intent" else ""),
        ))
    return figures
