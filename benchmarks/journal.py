"""The journal: syncs per action (exactly one) and the median append time.

Each run is a child process that appends one generated 5-player game to a
fresh state directory, timing every append and counting every sync call
(os.fsync and os.fdatasync are wrapped). The baseline, in the same run, is
the floor of a durable append on this disk: write one JSON line and
fdatasync it, nothing else. When strace is installed, one more child runs
under it and every sync system call of the process is counted, which proves
no sync happens behind Python's back (SQLite would, for instance).
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from benchmarks import (
    Figure,
    Size,
    check_child,
    child_env,
    python,
    run_child,
    unavailable,
)
from benchmarks.adapters import NotAvailable

NAME = "journal"
SYNC_CALLS = "fsync,fdatasync,sync,syncfs,msync,sync_file_range"


def _child(impl: str, index: int) -> tuple[dict[str, float], list[float]]:
    with tempfile.TemporaryDirectory(prefix="bench-journal-") as tmp:
        run = check_child(
            run_child([python(), "-m", "benchmarks._journal_child", impl, tmp, str(index)]),
            f"journal child ({impl})",
        )
    times = [float(x) for line in run.stdout.splitlines() if line.startswith("TIMES ")
             for x in line.split()[1:]]
    return run.marks(), times


def strace_syncs(impl: str, index: int) -> list[int] | None:
    """Sync system calls per append of one child, counted by strace; None without strace.

    The child writes a marker to /dev/null before each append (and one after
    the last), so the log splits into one part per append.
    """
    strace = shutil.which("strace")
    if strace is None:
        return None
    with tempfile.TemporaryDirectory(prefix="bench-journal-") as tmp:
        log = Path(tmp) / "strace.log"
        state = Path(tmp) / "state"
        state.mkdir()
        proc = subprocess.run(
            [strace, "-f", "-qq", "-e", f"trace={SYNC_CALLS},write", "-o", str(log),
             python(), "-m", "benchmarks._journal_child", impl, str(state), str(index)],
            capture_output=True, text=True, env=child_env(), timeout=300,
        )
        if proc.returncode != 0:
            return None
        per_append: list[int] = []
        calls = None
        for line in log.read_text().splitlines():
            if "@@append" in line:
                if calls is not None:
                    per_append.append(calls)
                calls = 0
            elif calls is not None and any(f"{name}(" in line for name in SYNC_CALLS.split(",")):
                calls += 1
        return per_append


def run(size: Size) -> list[Figure]:
    try:
        from benchmarks.adapters import _store

        _store()
    except NotAvailable as exc:
        base = [statistics.median(_child("bare", i)[1]) for i in range(size.repeats)]
        return [
            unavailable(NAME, "journal syncs per action", "syncs", str(exc), target="exactly 1"),
            Figure(NAME, "journal append, median", "µs", [], baseline_name="bare write + fdatasync",
                   baseline_runs=base, available=False, notes=str(exc)),
        ]
    base_medians: list[float] = []
    store_medians: list[float] = []
    store_p95: list[float] = []
    per_action: list[float] = []
    last_syncs: set[int] = set()
    body_counts: set[int] = set()
    for index in range(size.repeats):
        # Alternate, so a burst of disk traffic from a neighbour hits both alike.
        base_medians.append(statistics.median(_child("bare", index)[1]))
        marks, times = _child("store", index)
        store_medians.append(statistics.median(times))
        store_p95.append(sorted(times)[int(len(times) * 0.95)])
    traced = strace_syncs("store", 0)
    if traced is not None:
        method = "strace: every sync system call of the process (fsync, fdatasync, sync, syncfs, " \
            "msync, sync_file_range), SQLite's included"
        body, last = traced[:-1], traced[-1]
        per_action = [sum(body) / len(body)]
        body_counts = set(body)
        last_syncs = {last}
    else:
        method = "wrapping os.fsync/os.fdatasync (strace is not installed: syncs made by C " \
            "libraries such as SQLite are not seen)"
        marks, _ = _child("store", 0)
        per_action = [marks["syncs_in_appends"] / marks["appends"]]
        body_counts = {int(marks["min_syncs_per_append"]), int(marks["max_syncs_per_append"])}
    lo, hi = min(body_counts), max(body_counts)
    figures = [
        Figure(NAME, "journal syncs per action", "syncs", per_action, target="exactly 1",
               check=lambda f: lo == hi == 1,
               notes=f"every action of a 5-player game but its last made {lo}"
               + (f"-{hi}" if hi != lo else "") + f" sync call(s); counted by {method}"),
    ]
    if last_syncs:
        figures.append(Figure(
            NAME, "syncs for a game's last action (journal + archive)", "syncs",
            [float(x) for x in last_syncs],
            notes="the action that ends the game is journaled with one sync like every other, "
            "then the finished game is archived into history.db (SQLite) with its own syncs",
        ))
    figures.append(Figure(
        NAME, "journal append, median", "µs", store_medians,
        baseline_name="bare write + fdatasync", baseline_runs=base_medians, target="(report)",
        notes="GameSession.submit: validate with the engine, encode, append, sync; p95 per run: "
        + ", ".join(f"{v:.0f}" for v in store_p95) + " µs",
    ))
    return figures
