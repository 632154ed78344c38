"""An earlier revision of the project beside the working tree, for same-run comparisons.

`checkout(rev)` unpacks REV's files (`git archive`, local, no network) into a temporary
directory and removes it afterwards; nothing is written into the repository (a
`git worktree` left an entry behind whenever a run was killed). A measured child runs
the revision's code by having that tree first on its PYTHONPATH (`tree_env`): the path
entries come before the venv's editable install of the working tree (setuptools'
editable finder is appended to `sys.meta_path`, after the path finder), so `import
companion` finds the revision's package. The children print where `companion` came
from, and the benchmark refuses a run whose child imported the wrong tree (`check_tree`).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from pathlib import Path

from benchmarks import ROOT, child_env


def describe(rev: str) -> str:
    """`abc1234 (subject)`, or RuntimeError when REV is not a commit of this repository."""
    out = subprocess.run(
        ["git", "log", "-1", "--format=%h %s", f"{rev}^{{commit}}", "--"], cwd=ROOT,
        capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout.strip():
        raise RuntimeError(f"{rev!r} is not a revision of {ROOT}: {out.stderr.strip()}")
    short, _, subject = out.stdout.strip().partition(" ")
    return f"{short} ({subject[:60]}{'…' if len(subject) > 60 else ''})"


@contextlib.contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """REV's files in a temporary directory, with its translations compiled."""
    describe(rev)
    with tempfile.TemporaryDirectory(prefix="bench-rev-") as tmp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        archive = subprocess.run(["git", "archive", "--format=tar", f"{rev}^{{commit}}"],
                                 cwd=ROOT, check=True, capture_output=True)
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            # Only plain files and folders inside the tree (the "data" filter).
            tar.extractall(tree, filter="data")
        if (tree / "companion" / "ui" / "msgfmt.py").exists():
            # The .mo files are built, not committed (`make mo`): the app reads them.
            subprocess.run([sys.executable, "-m", "companion.ui.msgfmt",
                            str(tree / "companion" / "locale")], cwd=tree,
                           env=tree_env(tree), check=True, capture_output=True)
        yield tree


def tree_env(tree: Path) -> dict[str, str]:
    """A child's environment (as `child_env`) that imports the project from `tree`."""
    env = child_env()
    rest = [p for p in env.get("PYTHONPATH", "").split(os.pathsep)
            if p and Path(p).resolve() != ROOT]
    env["PYTHONPATH"] = os.pathsep.join([str(tree), *rest])
    return env


def seed_in(tree: Path, state_dir: Path) -> None:
    """The latency benchmarks' game (Loading of round 3, 5 players) left in `state_dir` by
    `tree`'s own store and simulator."""
    code = ("import sys; from pathlib import Path; "
            "from benchmarks.adapters import seed_game; "
            "from benchmarks.idle import round_screen_game; "
            "seed_game(Path(sys.argv[1]), round_screen_game())")
    out = subprocess.run([sys.executable, "-c", code, str(state_dir)], cwd=tree,
                         env=tree_env(tree), capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"seeding the game with {tree} failed:\n{out.stderr[-2000:]}")


def resumes_same(tree: Path, state_dir: Path) -> bool:
    """Whether `tree`'s store resumes the game in `state_dir` at the same moment as the
    working tree's (the record's format is public and versioned, so an earlier revision
    usually reads a later one's record; when it does not, it needs a game of its own)."""
    code = ("import sys, json; from pathlib import Path; "
            "from benchmarks.adapters import resume; "
            "s = resume(Path(sys.argv[1])); "
            "print(json.dumps([str(s.phase), s.round, s.actions, repr(s.last_action), "
            "[[p, list(s.player(p).dock), s.player(p).coins] for p in s.players]]))")
    states = []
    for where in (ROOT, tree):
        out = subprocess.run([sys.executable, "-c", code, str(state_dir)], cwd=where,
                             env=tree_env(where), capture_output=True, text=True)
        if out.returncode != 0:
            return False
        states.append(out.stdout.strip().splitlines()[-1:])
    return states[0] == states[1]


def check_tree(stdout: str, tree: Path) -> str:
    """Where the child's `companion` came from (its ``WHERE companion <file>`` line);
    RuntimeError unless that is inside `tree`."""
    where = next((line.split(None, 2)[2] for line in stdout.splitlines()
                  if line.startswith("WHERE companion ")), None)
    if where is None:
        raise RuntimeError("the child did not say where it imported companion from")
    if not Path(where).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"the child imported companion from {where}, not from {tree}")
    return where
