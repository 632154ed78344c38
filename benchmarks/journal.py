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


def strace_syncs(impl: str, index: int) -> tuple[int, dict[str, float]] | None:
    """Every sync system call of one child, counted by strace; None without strace."""
    strace = shutil.which("strace")
    if strace is None:
        return None
    with tempfile.TemporaryDirectory(prefix="bench-journal-") as tmp:
        log = Path(tmp) / "strace.log"
        state = Path(tmp) / "state"
        state.mkdir()
        proc = subprocess.run(
            [strace, "-f", "-qq", "-e", f"trace={SYNC_CALLS}", "-o", str(log),
             python(), "-m", "benchmarks._journal_child", impl, str(state), str(index)],
            capture_output=True, text=True, env=child_env(), timeout=300,
        )
        if proc.returncode != 0:
            return None
        calls = sum(1 for line in log.read_text().splitlines()
                    if any(f"{name}(" in line for name in SYNC_CALLS.split(",")))
        marks = {}
        for line in proc.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[0] == "MARK":
                marks[parts[1]] = float(parts[2])
        return calls, marks


def run(size: Size) -> list[Figure]:
    base_medians: list[float] = []
    for index in range(size.repeats):
        _, times = _child("bare", index)
        base_medians.append(statistics.median(times))
    try:
        from benchmarks.adapters import open_session  # noqa: F401

        store_medians: list[float] = []
        store_p95: list[float] = []
        per_action: list[float] = []
        minmax: set[tuple[int, int]] = set()
        for index in range(size.repeats):
            marks, times = _child("store", index)
            store_medians.append(statistics.median(times))
            store_p95.append(sorted(times)[int(len(times) * 0.95)])
            per_action.append(marks["syncs_in_appends"] / marks["appends"])
            minmax.add((int(marks["min_syncs_per_append"]), int(marks["max_syncs_per_append"])))
    except (NotAvailable, RuntimeError) as exc:
        why = str(exc).splitlines()[-1] if "NotAvailable" in str(exc) else str(exc)[-400:]
        return [
            unavailable(NAME, "syncs per action", "syncs", why, target="exactly 1"),
            Figure(NAME, "journal append, median", "µs", [], baseline_name="bare write + fdatasync",
                   baseline_runs=base_medians, available=False, notes=why),
        ]
    lo = min(a for a, _ in minmax)
    hi = max(b for _, b in minmax)
    notes = f"counted by wrapping os.fsync/os.fdatasync: every append made {lo}" + (
        f"-{hi}" if hi != lo else "") + " sync call(s)"
    traced = strace_syncs("store", 0)
    if traced is not None:
        calls, marks = traced
        seen = int(marks.get("syncs_total", -1))
        notes += (f"; strace counted {calls} sync system calls in the whole process, the wrapper "
                  f"{seen} ({int(marks.get('appends', 0))} appends plus the game's creation)")
        if calls != seen:
            notes += " — MISMATCH: some sync happens outside Python's os module"
            hi = max(hi, 2)
    else:
        notes += "; strace not installed, so syncs outside Python's os module are not counted"
    return [
        Figure(NAME, "syncs per action", "syncs", per_action, target="exactly 1",
               check=lambda f: lo == hi == 1, notes=notes),
        Figure(NAME, "journal append, median", "µs", store_medians,
               baseline_name="bare write + fdatasync", baseline_runs=base_medians,
               target="(report)",
               notes="GameSession.apply: validate, encode, append, sync; p95 per run: "
               + ", ".join(f"{v:.0f}" for v in store_p95) + " µs"),
    ]



