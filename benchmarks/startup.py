"""Start to first frame, and peak memory, against bare pygame-ce in the same run.

Both programs run as fresh child processes, alternating, so a burst of noise
hits both alike. "Start" is just before the child is spawned (the parent's
monotonic clock, which is the system's); "first frame" is the child's first
`pygame.display.flip`/`update`. Peak memory is the child's own VmHWM, read in
that first flip (not wait4's ru_maxrss: a child spawned by vfork, as subprocess
does, inherits the parent's peak at exec, so in a full run every child "peaked" at
the harness's ~34 MiB, the app and bare pygame-ce alike). The app starts with an
empty state directory (home screen); the resume benchmark covers starting into a game.
"""

from __future__ import annotations

import tempfile

from benchmarks import (
    APP,
    BARE,
    Figure,
    Size,
    check_child,
    python,
    ratio_at_most,
    run_child,
)

NAME = "startup"


def bare_first_frame() -> tuple[float, int]:
    """(seconds to first frame, peak RSS in KiB up to it) of one bare pygame-ce child."""
    run = check_child(run_child([python(), BARE]), "bare pygame")
    return run.marks()["first_frame"] - run.started, int(run.marks()["hwm_kib"])


def app_first_frame(state_dir: str) -> tuple[float, int]:
    """(seconds to first frame, peak RSS in KiB up to it) of one app child on `state_dir`."""
    run = check_child(
        run_child([python(), APP, "first", state_dir]), "the app"
    )
    return run.marks()["first_frame"] - run.started, int(run.marks()["hwm_kib"])


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
    missing = app_available()
    bare_first_frame()  # warm the page cache for both
    for _ in range(repeats):
        if missing is None:
            with tempfile.TemporaryDirectory(prefix="bench-start-") as tmp:
                # The first start ever on a state directory checks the YAML and writes the
                # config cache; every later start (each boot of the Pi) reads the cache.
                t_first, _ = app_first_frame(tmp)
                t_bare, m_bare = bare_first_frame()
                t, m = app_first_frame(tmp)
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
    ]



