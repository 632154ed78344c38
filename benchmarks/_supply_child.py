"""Child of `benchmarks.supply_frame`: Supply's frame time in one tree (run as a script).

argv: state directory, the number of frames, width, height. Prints where `companion`
came from, then one JSON line: the seconds of each steady redraw (the same state, the
screen asked to draw again) and of each frame after a reveal or its Undo (a new state:
a new view and plan).
"""

import json
import sys
import time
from pathlib import Path

import pygame

from companion.engine import Reveal
from companion.engine.words import Kind
from companion.ui import shots

state_dir, count, w, h = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
import companion  # noqa: E402

print("WHERE companion", companion.__file__, flush=True)
pygame.display.init()
pygame.font.init()
ui = shots.build("supply", (w, h), "en", state_dir, players=5)
assert ui.top.name == "supply"
for _n in range(5):  # warm: fonts, the round's places
    ui.dirty = True
    ui.render()
steady = []
for _n in range(count):
    ui.dirty = True
    start = time.perf_counter()
    ui.render()
    steady.append(time.perf_counter() - start)
state = ui.game.state
card = next(cid for cid in sorted(state.unseen[state.top_season()])
            if state.catalogue[cid].kind not in (Kind.SHIP, Kind.FIRE))
changed = []
for n in range(count):
    if n % 2 == 0:
        ui.game.act(Reveal(card))
    else:
        ui.game.undo()
    ui.dirty = True
    start = time.perf_counter()
    ui.render()
    changed.append(time.perf_counter() - start)
    assert ui.top.name == "supply"
print(json.dumps({"steady": steady, "changed": changed}), flush=True)
