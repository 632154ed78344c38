"""Where the frame time goes: `python -m benchmarks.latency_profile [--against REV] [--top N]`.

Runs the latency child once (``_app_child.py latency`` with ``BENCH_PROFILE``) on the
working tree, and on revision REV beside it when given, and prints each side's cProfile of
the frame path (inputs handled, frames drawn; the waiting left out), by own time and by
cumulative time. cProfile slows every call, so compare its shares between the sides, not
its times with the benchmark's.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import pstats
import sys
import tempfile
from pathlib import Path

from benchmarks import APP, ROOT, check_child, python, run_child
from benchmarks.revision import check_tree, checkout, seed_in, tree_env


def profile(tree: Path, work: Path, samples: int) -> pstats.Stats:
    state = work / "state"
    state.mkdir()
    seed_in(tree, state)
    out = work / "frame.prof"
    child = check_child(run_child(
        [python(), APP, "latency", str(state), str(samples)],
        env={**tree_env(tree), "BENCH_PROFILE": str(out)}, cwd=tree, timeout=300),
        f"the app of {tree}, latency with a profile")
    print(f"-- companion from {check_tree(child.stdout, tree)}")
    return pstats.Stats(str(out))


def show(stats: pstats.Stats, top: int) -> str:
    text = io.StringIO()
    stats.stream = text  # type: ignore[attr-defined]
    stats.strip_dirs().sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return text.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.latency_profile",
                                     description=__doc__)
    parser.add_argument("--against", metavar="REV")
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    with contextlib.ExitStack() as stack:
        sides = {"working tree": ROOT}
        if args.against:
            sides[args.against] = stack.enter_context(checkout(args.against))
        for name, tree in sides.items():
            work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-prof-")))
            print(f"==== {name}")
            print(show(profile(tree, work, args.samples), args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
