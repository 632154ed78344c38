"""Supply's frame time, the working tree against an earlier revision in the same run.

`python -m benchmarks.supply_frame [--against REV] [--runs N] [--frames N]`

Each run starts one child per tree (`_supply_child.py`, the tree first on its path:
`benchmarks.revision`), interleaved, on the sample Supply of 5 players at 800x480
(`companion.ui.shots`, picture "supply"): the time of `UI.render` for steady redraws of
the same state, and for frames after a reveal and its Undo alternately (a new state: a
new view and plan; the reveal and the Undo themselves are not timed). The figures are
the medians over the runs of each run's median and p95, and the working tree's ratio to
the revision's (below 1: faster). Issue 36: Supply's view -> plan -> paint must not make
its frame slower.
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
from benchmarks.revision import check_tree, checkout, describe, tree_env

CHILD = str(Path(__file__).with_name("_supply_child.py"))


def measure(tree: Path, frames: int) -> dict[str, list[float]]:
    env = child_env() if tree == ROOT else tree_env(tree)
    with tempfile.TemporaryDirectory(prefix="bench-supply-") as tmp:
        out = subprocess.run([sys.executable, CHILD, tmp, str(frames), "800", "480"],
                             cwd=tree, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"the Supply child failed in {tree}:\n{out.stderr[-2000:]}")
    check_tree(out.stdout, tree)
    times: dict[str, list[float]] = json.loads(out.stdout.strip().splitlines()[-1])
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.supply_frame",
                                     description=__doc__)
    parser.add_argument("--against", default="HEAD", help="the revision (default HEAD)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--frames", type=int, default=60)
    args = parser.parse_args(argv)
    print(f"against {describe(args.against)}, {args.runs} runs of {args.frames} frames")
    figures: dict[str, dict[str, list[float]]] = {}
    with checkout(args.against) as base:
        for _run in range(args.runs):
            for name, tree in (("revision", base), ("working tree", ROOT)):
                times = measure(tree, args.frames)
                for kind, samples in times.items():
                    got = figures.setdefault(kind, {}).setdefault(name, [])
                    got.append(statistics.median(samples))
                    figures[kind].setdefault(name + " p95", []).append(
                        percentile(samples, 95))
    for kind, by in figures.items():
        print(f"{kind}:")
        for stat in ("", " p95"):
            base_ms = statistics.median(by["revision" + stat]) * 1000
            work_ms = statistics.median(by["working tree" + stat]) * 1000
            label = "median" if not stat else "p95"
            print(f"  {label}: revision {base_ms:.2f} ms, working tree {work_ms:.2f} ms, "
                  f"ratio {work_ms / base_ms:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
