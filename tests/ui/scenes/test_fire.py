"""companion/ui/scenes/fire.py: the Fire screen paints one plan a frame (issue 36), from its
view (`views.fire.fire_view`); the plan of the last frame is kept while the screen stays."""

from __future__ import annotations

import pytest

from companion.ui import shots
from companion.ui.layouts import fire as placed
from companion.ui.views.fire import fire_view

from .plans import count_plans, frames


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_one_plan_a_frame(tmp_path, monkeypatch, size):
    made = count_plans(monkeypatch, placed)
    ui = shots.build("fire", size, "en", tmp_path)
    assert ui.top.name == "fire"
    start = made[0]
    frames(ui, 4)
    assert made[0] - start == 4
    scene = ui.top
    view = fire_view(ui.game.state, scene.index)
    assert view is not None and scene.plan is not None and scene.plan.view == view
    assert len(scene.plan.rows) == len(view.rows) == len(ui.game.state.players)


def test_a_plan_is_kept_for_the_same_view_and_room(tmp_path):
    ui = shots.build("fire", (800, 480), "en", tmp_path)
    frames(ui, 1)
    scene = ui.top
    kept = scene.plan
    assert kept is not None and kept.view is not None and kept.room is not None
    assert placed.plan(ui.canvas, kept.view, kept.room, kept) is kept
    other = placed.plan(ui.canvas, kept.view, kept.room.inflate(0, -40), kept)
    assert other is not kept and other.room != kept.room
