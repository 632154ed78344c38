"""Idle CPU on the round screen, against a pygame loop at clock.tick(60).

Both run as child processes for the same number of seconds (10 in a full
run); the CPU time (user + system, every thread) of that window is measured
inside the child with getrusage. The app is resumed into a 5-player game in
its Loading phase, so it shows the round screen with everything on it, and
then nobody touches it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

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
from benchmarks import games as G
from benchmarks.adapters import NotAvailable, seed_game
from benchmarks.startup import app_available

NAME = "idle"


def round_screen_game(actions: tuple | None = None) -> tuple:  # type: ignore[type-arg]
    """A game (by default a 5-player one) stopped in the Loading phase of round 3."""
    actions = actions or G.game(0)
    dones = 0
    for i, action in enumerate(actions):
        if action.type == "done":
            dones += 1
            if dones == 2:
                # Into round 3, up to its Loading phase: stop at its first move or done.
                for j in range(i + 1, len(actions)):
                    if actions[j].type in ("move", "convert", "market_sell", "done"):
                        return actions[:j]
    return actions[: len(actions) // 2]


def run(size: Size) -> list[Figure]:
    seconds = size.idle_seconds
    repeats = size.runs
    base: list[float] = []
    refs: dict[str, list[float]] = {"wait": [], "sleep20": []}
    app: list[float] = []
    frames: list[float] = []
    rss: list[float] = []
    base_rss: list[float] = []
    missing = app_available()
    with tempfile.TemporaryDirectory(prefix="bench-idle-") as tmp:
        if missing is None:
            try:
                seed_game(Path(tmp), round_screen_game())
            except NotAvailable as exc:
                missing = str(exc)
        for _ in range(repeats):
            run_ = check_child(run_child([python(), BARE, str(seconds)]),
                               "bare pygame loop")
            base.append(run_.marks()["idle_cpu"] / seconds * 100)
            base_rss.append(run_.max_rss_kib / 1024)
            for loop, values in refs.items():
                # The references are steady; half the time is enough for them.
                run_ = check_child(
                    run_child([python(), BARE, str(seconds / 2), loop]),
                    f"bare pygame loop ({loop})")
                values.append(run_.marks()["idle_cpu"] / (seconds / 2) * 100)
            if missing is None:
                run_ = check_child(
                    run_child([python(), APP, "idle", tmp, str(seconds)]),
                    "the app, idle",
                )
                marks = run_.marks()
                app.append(marks["idle_cpu"] / seconds * 100)
                rss.append(run_.max_rss_kib / 1024)
                frames.append(marks["idle_frames"])
    what = f"idle CPU on the round screen over {seconds:g} s"
    baseline = "pygame loop at clock.tick(60)"
    references = [
        Figure(NAME, "idle CPU, bare loop blocked in pygame.event.wait(1000)", "% of a core",
               refs["wait"], baseline, base,
               notes="reference, nothing drawn: pygame-ce's event.wait polls SDL's queue with a "
               "1 ms sleep (SDL_Delay(1)) when the video driver cannot block, as under dummy "
               "and KMS/DRM; that is the floor of any loop built on it"),
        Figure(NAME, "idle CPU, bare loop: 20 ms sleep then pygame.event.get()", "% of a core",
               refs["sleep20"], baseline, base,
               notes="reference, nothing drawn: waiting in Python (or on the intent bus) and "
               "pumping SDL 50 times a second"),
    ]
    if missing:
        return [Figure(NAME, what, "% of a core", [], baseline, base,
                       target="ratio <= 0.3", available=False, notes=missing), *references]
    return [
        Figure(NAME, what, "% of a core", app, "pygame loop at clock.tick(60)", base,
               target="ratio <= 0.3", check=ratio_at_most(0.3),
               notes="frames drawn while idle, per run: " + ", ".join(f"{f:.0f}" for f in frames)),
        Figure(NAME, "peak memory (RSS), resumed on the round screen", "MiB", rss,
               "bare pygame-ce, running its loop", base_rss, target="ratio <= 2.0",
               check=ratio_at_most(2.0),
               notes=f"the same runs: the app resumed into a 5-player game and left {seconds:g} s "
               "on its round screen; the baseline's loop ran as long"),
        *references,
    ]



