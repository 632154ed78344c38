"""Start to first frame, and peak memory, against bare pygame-ce in the same run.

Both programs run as fresh child processes, alternating, so a burst of noise
hits both alike. "Start" is just before the child is spawned (the parent's
monotonic clock, which is the system's); "first frame" is the child's first
`pygame.display.flip`/`update`. Peak memory is the child's own VmHWM, read in
that first flip (not wait4's ru_maxrss: a child spawned by vfork, as subprocess
does, inherits the parent's peak at exec, so in a full run every child "peaked" at
the harness's ~34 MiB, the app and bare pygame-ce alike). The app starts with an
empty state directory (home screen); the resume benchmark covers starting into a game.

``BENCH_START_AGAINST=DIR`` (a checkout of another commit, e.g. ``git worktree add
/tmp/base <commit>``, with its catalogues compiled: ``python -m companion.ui.msgfmt
companion/locale`` there) also starts that checkout's app in the same runs, each next to
this one's, and gives two more figures: this app's start and peak memory as ratios to
it. "No worse than this morning" is then measured on one machine in one hour, not
against a ratio taken earlier on a differently loaded machine.
"""

from __future__ import annotations

import os
import subprocess
import tempfile

from benchmarks import (
    APP,
    BARE,
    Figure,
    Size,
    check_child,
    child_env,
    python,
    ratio_at_most,
    run_child,
)

NAME = "startup"
#: The environment variable naming another checkout to compare the start with.
AGAINST = "BENCH_START_AGAINST"


def bare_first_frame() -> tuple[float, int]:
    """(seconds to first frame, peak RSS in KiB up to it) of one bare pygame-ce child."""
    run = check_child(run_child([python(), BARE]), "bare pygame")
    return run.marks()["first_frame"] - run.started, int(run.marks()["hwm_kib"])


def app_first_frame(state_dir: str, checkout: str | None = None) -> tuple[float, int]:
    """(seconds to first frame, peak RSS in KiB up to it) of one app child on `state_dir`;
    with `checkout`, the app of that checkout (the same child script measures it)."""
    env = None
    if checkout is not None:
        env = child_env()
        env["PYTHONPATH"] = checkout
    run = check_child(
        run_child([python(), APP, "first", state_dir], env=env), f"the app ({checkout or 'here'})"
    )
    return run.marks()["first_frame"] - run.started, int(run.marks()["hwm_kib"])


def _commit(checkout: str) -> str:
    """`checkout`, with its commit when git can tell."""
    try:
        done = subprocess.run(["git", "-C", checkout, "log", "-1", "--format=%h"],
                              capture_output=True, text=True, timeout=10, check=False)
    except OSError:
        return checkout
    return f"{checkout} at {done.stdout.strip()}" if done.returncode == 0 else checkout


def app_available() -> str | None:
    """None if the app can be started, else why not."""
    try:
        import companion.app  # noqa: F401
    except ImportError as exc:
        return f"companion.app is not on this branch ({exc})"
    return None


def run(size: Size) -> list[Figure]:
    repeats = max(3, size.repeats + 2) if size.name != "tiny" else 1
    bare_t, bare_m, app_t, app_m, first_t = [], [], [], [], []
    other_t: list[float] = []
    other_m: list[float] = []
    other = os.environ.get(AGAINST) or None
    missing = app_available()
    bare_first_frame()  # warm the page cache for both
    for index in range(repeats):
        if missing is None:
            with tempfile.TemporaryDirectory(prefix="bench-start-") as tmp:
                # The first start ever on a state directory checks the YAML and writes the
                # config cache; every later start (each boot of the Pi) reads the cache.
                t_first, _ = app_first_frame(tmp)
                if other is not None:
                    os.mkdir(os.path.join(tmp, "other"))
                    app_first_frame(os.path.join(tmp, "other"), other)  # its own first start
                t_bare, m_bare = bare_first_frame()
                if other is not None and index % 2:  # which of the two goes first alternates
                    t_other, m_other = app_first_frame(os.path.join(tmp, "other"), other)
                t, m = app_first_frame(tmp)
                if other is not None and not index % 2:
                    t_other, m_other = app_first_frame(os.path.join(tmp, "other"), other)
            if other is not None:
                other_t.append(t_other * 1000)
                other_m.append(m_other / 1024)
            first_t.append(t_first * 1000)
            app_t.append(t * 1000)
            app_m.append(m / 1024)
        else:
            t_bare, m_bare = bare_first_frame()
        bare_t.append(t_bare * 1000)
        bare_m.append(m_bare / 1024)
    if missing:
        return [
            Figure(NAME, "start to first frame", "ms", [], "bare pygame-ce", bare_t,
                   target="ratio <= 1.8", available=False, notes=missing),
            Figure(NAME, "peak memory (RSS) at first frame", "MiB", [], "bare pygame-ce", bare_m,
                   target="ratio <= 2.0", available=False, notes=missing),
        ]
    against: list[Figure] = []
    if other is not None:
        label = f"the app of {_commit(other)}"
        against = [
            Figure(NAME, "start to first frame, against another commit", "ms", app_t, label,
                   other_t, notes=f"{AGAINST}: each run next to this app's"),
            Figure(NAME, "peak memory (RSS) at first frame, against another commit", "MiB",
                   app_m, label, other_m),
        ]
    return [
        Figure(NAME, "start to first frame", "ms", app_t, "bare pygame-ce", bare_t,
               target="ratio <= 1.8", check=ratio_at_most(1.8),
               notes="the home screen, as at every boot: the config cache was written "
                     "by an earlier start on the same state directory"),
        Figure(NAME, "start to first frame, the very first start (no config cache)", "ms",
               first_t, "bare pygame-ce", bare_t,
               notes="a new state directory: the YAML files are checked and cached"),
        Figure(NAME, "peak memory (RSS) at first frame", "MiB", app_m, "bare pygame-ce", bare_m,
               target="ratio <= 2.0", check=ratio_at_most(2.0),
               notes="each child's VmHWM read in its first flip (the peak up to the first "
                     "frame), not wait4's ru_maxrss, which holds the harness's own peak"),
        *against,
    ]



