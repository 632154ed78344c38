"""Child of `benchmarks.undo_frame`: Undo's and Redo's intent -> frame in one tree (a script).

argv: a state directory holding the latency benchmarks' game (`revision.seed_in`: five
players' Loading of round 3), the number of Undo/Redo pairs, the number of button
selects. The app's own services over that directory (the journal, the card files), the
buttons' legend shown, 800x480; the journal is written but not synced (the disk's
`fdatasync` is what makes the latency benchmark's p95 noisy: `benchmarks/FINDINGS.md`).
Prints where `companion` came from, then one JSON line of seconds: each select (a
player's button on Loading, then the frame: the UI alone), each Undo and each Redo (the
intent handled, then the frame), both together, the frame alone of each, and the part of
the frame around the phase's controls (the frame less the scenes' `draw_phase` and
`phase_least`).
"""

import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

import pygame

state_dir, pairs, selects = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
import companion  # noqa: E402
from companion import app  # noqa: E402
from companion.inputs import intents as it  # noqa: E402
from companion.paths import SHIPPED_CONFIG_DIR  # noqa: E402
from companion.store import session as session_module  # noqa: E402
from companion.ui.core import UI  # noqa: E402

print("WHERE companion", companion.__file__, flush=True)
pygame.display.init()
pygame.font.init()
settings: Any = {"language": "en", "purchase_form": "quick",
                 "display": {"size": [800, 480], "rotation": 0}}
services = app.make_services(settings, state_dir, SHIPPED_CONFIG_DIR, app.open_store(), None)
if hasattr(services, "buttons"):  # (an earlier revision may draw no legend)
    services.buttons = True
session_module.sync_data = lambda fd: None  # type: ignore[attr-defined]
ui = UI(services, (800, 480))
ui.open("home")
ui.open_game(ui.top.session)  # type: ignore[attr-defined]
ui.render()
assert ui.top.name == "loading", ui.top.name

# The time spent in the phase's own controls, to tell the frame around them apart.
inside = [0.0]


def timed(real: Any) -> Any:
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            inside[0] += time.perf_counter() - start

    return wrapped


for module in ("purchase", "loading"):
    scenes = importlib.import_module(f"companion.ui.scenes.{module}")
    for cls in vars(scenes).values():
        if isinstance(cls, type) and cls.__module__ == scenes.__name__:
            for name in ("draw_phase", "phase_least"):
                if name in vars(cls):
                    setattr(cls, name, timed(vars(cls)[name]))

players = list(ui.game.state.players)  # type: ignore[union-attr]


def press(intent: object) -> tuple[float, float, float]:
    """(intent and frame, frame, frame around the phase) in seconds."""
    start = time.perf_counter()
    ui.intent(intent)  # type: ignore[arg-type]
    drawn = time.perf_counter()
    inside[0] = 0.0
    ui.render()
    end = time.perf_counter()
    return end - start, end - drawn, end - drawn - inside[0]


for n in range(20):  # warm: fonts, the screens' modules, the layouts kept
    press(it.PlayerButton(players[n % len(players)]))
for _n in range(10):
    press(it.Undo())
    press(it.Redo())
times: dict[str, list[float]] = {}
for n in range(selects):
    times.setdefault("select", []).append(press(it.PlayerButton(players[n % len(players)]))[0])
for _n in range(pairs):
    for kind, intent in (("undo", it.Undo()), ("redo", it.Redo())):
        whole, frame, around = press(intent)
        times.setdefault(kind, []).append(whole)
        times.setdefault(f"{kind} frame", []).append(frame)
        times.setdefault(f"{kind} around", []).append(around)
assert ui.top.name == "loading", ui.top.name
# Both together, as the latency benchmark's undo/redo figure takes them.
times["undo or redo"] = times["undo"] + times["redo"]
print(json.dumps(times), flush=True)
