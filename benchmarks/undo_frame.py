"""Undo's and Redo's intent -> frame without the disk, the working tree against a revision.

`python -m benchmarks.undo_frame [--against REV] [--runs N] [--pairs N] [--selects N]`

The latency benchmark's undo/redo figure (`--only latency --against REV`) is a p95 over
80 samples, each with the journal's `fdatasync` on a shared disk: it moves with the
disk and the other sessions more than with the frame. This one plays the same game (five
players' Loading of round 3, seeded by each tree's own store: `revision.seed_in`; the
app's services over a real state directory, 800x480 with the buttons' legend) in one
child per tree (`_undo_child.py`, the tree first on its path), interleaved, the journal
written but not synced, and times in the child: a player's button on Loading then the
frame (the UI alone), each Undo (into quick Purchase) and Redo (into Loading) with its
frame, both together (as the latency benchmark's figure), the frame alone, and the
frame around the phase's controls (less the scenes' `draw_phase` and `phase_least`).
The figures are the medians over the runs of each run's median and p95, and the working
tree's ratio to the revision's (below 1: faster).
At 22a3587 the Undo went into Income (a bug since fixed): its Undo frame is another
screen's; its Redo frame is Loading's, as ours.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks import ROOT, child_env, percentile
from benchmarks.revision import check_tree, checkout, describe, seed_in, tree_env

CHILD = str(Path(__file__).with_name("_undo_child.py"))


def measure(tree: Path, pairs: int, selects: int) -> dict[str, list[float]]:
    """One child's times (seconds) in `tree`, over a game its own store seeded."""
    env = child_env() if tree == ROOT else tree_env(tree)
    with tempfile.TemporaryDirectory(prefix="bench-undo-") as tmp:
        seed_in(tree, Path(tmp))
        out = subprocess.run([sys.executable, CHILD, tmp, str(pairs), str(selects)],
                             cwd=tree, env=env, capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        raise RuntimeError(f"the Undo/Redo child failed in {tree}:\n{out.stderr[-2000:]}")
    check_tree(out.stdout, tree)
    times: dict[str, list[float]] = json.loads(out.stdout.strip().splitlines()[-1])
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.undo_frame",
                                     description=__doc__)
    parser.add_argument("--against", default="HEAD", help="the revision (default HEAD)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pairs", type=int, default=150)
    parser.add_argument("--selects", type=int, default=100)
    args = parser.parse_args(argv)
    print(f"against {describe(args.against)}, {args.runs} runs of {args.pairs} Undo/Redo "
          f"pairs and {args.selects} selects")
    figures: dict[str, dict[str, list[float]]] = {}
    with checkout(args.against) as base:
        for run in range(args.runs):
            order = (("revision", base), ("working tree", ROOT))
            for name, tree in order if run % 2 == 0 else reversed(order):
                for kind, samples in measure(tree, args.pairs, args.selects).items():
                    got = figures.setdefault(kind, {})
                    got.setdefault(name, []).append(statistics.median(samples))
                    got.setdefault(name + " p95", []).append(percentile(samples, 95))
    for kind, by in figures.items():
        print(f"{kind}:")
        for stat in ("", " p95"):
            if "revision" + stat not in by or "working tree" + stat not in by:
                continue
            base_ms = statistics.median(by["revision" + stat]) * 1000
            work_ms = statistics.median(by["working tree" + stat]) * 1000
            label = "median" if not stat else "p95"
            print(f"  {label}: revision {base_ms:.3f} ms, working tree {work_ms:.3f} ms, "
                  f"ratio {work_ms / base_ms:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
