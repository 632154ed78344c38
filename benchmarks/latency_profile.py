"""Where the frame time goes: `python -m benchmarks.latency_profile [--against REV] [--top N]`.

Runs the latency child once (``_app_child.py latency`` with ``BENCH_PROFILE``) on the
working tree, and on revision REV beside it when given (``--kind select``: only the
button selects, the UI alone), and prints each side's cProfile of
the frame path (inputs handled, frames drawn; the waiting left out), by own time and by
cumulative time. cProfile slows every call, so compare its shares between the sides, not
its times with the benchmark's.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import pstats
import shutil
import sys
import tempfile
from pathlib import Path

from benchmarks import APP, ROOT, check_child, python, run_child
from benchmarks.revision import check_tree, checkout, resumes_same, seed_in, tree_env


def profile(tree: Path, work: Path, samples: int, game: Path | None = None) -> pstats.Stats:
    """`tree`'s frame path, playing the game in `game` (copied) or one it seeds itself."""
    state = work / "state"
    if game is not None:
        shutil.copytree(game, state)
    else:
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
    parser.add_argument("--kind", metavar="KINDS",
                        help="profile only these inputs' path: select, intent, touch "
                        "(comma-separated; default all)")
    args = parser.parse_args(argv)
    if args.kind:
        os.environ["BENCH_PROFILE_KIND"] = args.kind  # read by the child (`_app_child`)
    with contextlib.ExitStack() as stack:
        sides = {"working tree": ROOT}
        if args.against:
            sides[args.against] = stack.enter_context(checkout(args.against))
        # The same game on both sides when the revision resumes it (as `latency --against`).
        game = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-prof-")))
        (game / "state").mkdir()
        seed_in(ROOT, game / "state")
        for name, tree in sides.items():
            work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-prof-")))
            same = tree == ROOT or resumes_same(tree, game / "state")
            print(f"==== {name}" + ("" if same else " (its own game: it cannot resume ours)"))
            stats = profile(tree, work, args.samples, game / "state" if same else None)
            print(show(stats, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
