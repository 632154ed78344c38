"""The performance harness of the companion: `python -m benchmarks` (or `make bench`).

Each benchmark is a module of this package with a `run(size) -> list[Figure]`
function. A figure is one number the README quotes: the median of several
runs, with the baseline measured in the same run (these machines are shared
and noisy, so only ratios against a same-run baseline are compared with the
targets), the target and whether it holds.

Sizes: ``quick`` (about a minute for everything) and ``full`` (a few
minutes); ``tiny`` is for the smoke tests in ``tests/benchmarks`` and proves
only that a benchmark runs and produces a well-formed figure.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The repository root (benchmarks/ sits at the top of it).
ROOT = Path(__file__).resolve().parent.parent

SIZES = ("tiny", "quick", "full")

#: Every benchmark module, in the order they run and RESULTS.md lists them.
MODULES = (
    "engine_replay",
    "journal",
    "resume",
    "startup",
    "idle",
    "latency",
    "frame",
    "taps",
    "phones",
    "camera",
)


@dataclass
class Size:
    """How much work a benchmark does: the number of repeats and of games."""

    name: str
    repeats: int
    games: int
    idle_seconds: float
    samples: int
    runs: int
    """Child processes per figure for the app's figures (each gives one value)."""

    @classmethod
    def of(cls, name: str) -> Size:
        if name == "tiny":
            return cls(name, repeats=1, games=1, idle_seconds=0.5, samples=5, runs=1)
        if name == "quick":
            return cls(name, repeats=3, games=5, idle_seconds=2.0, samples=20, runs=2)
        if name == "full":
            return cls(name, repeats=5, games=20, idle_seconds=10.0, samples=80, runs=3)
        raise ValueError(f"unknown size {name!r} (one of {', '.join(SIZES)})")


@dataclass
class Figure:
    """One measured figure: the median of `runs`, and how it compares to its target."""

    benchmark: str
    name: str
    unit: str
    runs: list[float]
    """Every run's value (the figure is their median)."""
    baseline_name: str | None = None
    baseline_runs: list[float] | None = None
    target: str | None = None
    """The target in words, e.g. ``ratio <= 2.0`` or ``>= 50000``."""
    check: Callable[[Figure], bool] | None = field(default=None, repr=False)
    notes: str = ""
    available: bool = True
    """False when what it measures is not (yet) in the project; `notes` says why."""
    paired: bool = True
    """Run i and baseline run i were measured one right after the other: the ratio is the
    median of the runs' own ratios, which a burst of noise spanning a few pairs moves less
    than the ratio of the two medians."""

    @property
    def value(self) -> float:
        return statistics.median(self.runs) if self.runs else float("nan")

    @property
    def baseline(self) -> float | None:
        if not self.baseline_runs:
            return None
        return statistics.median(self.baseline_runs)

    @property
    def ratio(self) -> float | None:
        base = self.baseline
        if base is None or base == 0 or not self.runs:
            return None
        pairs = list(zip(self.runs, self.baseline_runs or [], strict=False))
        if self.paired and len(self.runs) == len(self.baseline_runs or []) and all(
            b > 0 for _, b in pairs
        ):
            return statistics.median(r / b for r, b in pairs)
        return self.value / base

    @property
    def passed(self) -> bool | None:
        if not self.available or self.check is None or not self.runs:
            return None
        return bool(self.check(self))

    def to_json(self) -> dict[str, Any]:
        return {
            "benchmark": self.benchmark,
            "name": self.name,
            "unit": self.unit,
            "value": self.value if self.runs else None,
            "runs": self.runs,
            "baseline_name": self.baseline_name,
            "baseline": self.baseline,
            "baseline_runs": self.baseline_runs,
            "ratio": self.ratio,
            "target": self.target,
            "passed": self.passed,
            "available": self.available,
            "notes": self.notes,
        }


def unavailable(
    benchmark: str, name: str, unit: str, why: str, target: str | None = None
) -> Figure:
    """A figure that could not be measured, saying why."""
    return Figure(benchmark, name, unit, [], target=target, notes=why, available=False)


def ratio_at_most(limit: float) -> Callable[[Figure], bool]:
    return lambda f: f.ratio is not None and f.ratio <= limit


def value_at_most(limit: float) -> Callable[[Figure], bool]:
    return lambda f: f.value <= limit


def value_at_least(limit: float) -> Callable[[Figure], bool]:
    return lambda f: f.value >= limit


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation between closest ranks."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


# --- subprocesses ---------------------------------------------------------------------


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a measured child: headless SDL, quiet pygame, the repo importable."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    path = env.get("PYTHONPATH")
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + path if path else "")
    # An installed companion starts from compiled bytecode (pip compiles on install); a
    # PYTHONDONTWRITEBYTECODE left in the environment would make every child compile every
    # module of the app again and measure the compiler, not the start.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(extra)
    return env


@dataclass
class ChildRun:
    """What one measured child process reported, and what the kernel says it cost."""

    started: float
    """time.monotonic() just before the child was spawned."""
    stdout: str
    stderr: str
    status: int
    max_rss_kib: int
    """Peak resident set size of the child (ru_maxrss, KiB on Linux). Never below the
    harness's own peak: a child spawned by vfork (subprocess) inherits it at exec. For the
    child's own figure, let it print its VmHWM (as `_app_child.py` and `_bare_pygame.py` do)."""
    cpu_seconds: float
    """User plus system CPU time of the child."""
    wall_seconds: float

    def marks(self) -> dict[str, float]:
        """``MARK name value`` lines the child printed, as a dict."""
        out: dict[str, float] = {}
        for line in self.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[0] == "MARK":
                out[parts[1]] = float(parts[2])
        return out


def run_child(argv: Sequence[str], *, env: dict[str, str] | None = None, timeout: float = 120,
              cwd: str | os.PathLike[str] | None = None) -> ChildRun:
    """Run a child to completion; its peak RSS and CPU time come from the kernel (wait4)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.monotonic()
        proc = subprocess.Popen(
            list(argv), stdout=out, stderr=err, text=True,
            env=env or child_env(), cwd=cwd or ROOT,
        )
        deadline = started + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                proc.kill()
                pid, status, usage = os.wait4(proc.pid, 0)
                err.seek(0)
                tail = err.read()[-2000:]
                raise RuntimeError(f"{argv} timed out after {timeout} s; stderr:\n{tail}")
            time.sleep(0.002)
        wall = time.monotonic() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return ChildRun(
            started=started, stdout=out.read(), stderr=err.read(), status=proc.returncode,
            max_rss_kib=usage.ru_maxrss, cpu_seconds=usage.ru_utime + usage.ru_stime,
            wall_seconds=wall,
        )


def check_child(run: ChildRun, what: str) -> ChildRun:
    """The run, or RuntimeError with the end of its stderr if it failed."""
    if run.status != 0:
        raise RuntimeError(f"{what} exited with {run.status}:\n{run.stderr[-3000:]}")
    return run


def python() -> str:
    return sys.executable


#: The measured children, run as scripts (not `-m benchmarks...`), so that they do not
#: import this package and its modules: the start of a child is the program's alone.
BARE = str(Path(__file__).with_name("_bare_pygame.py"))
APP = str(Path(__file__).with_name("_app_child.py"))
