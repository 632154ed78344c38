"""companion/ui/scenes/income.py: the Income screen paints one plan a frame (issue 36), from
its view (`views.income.income_view`)."""

from __future__ import annotations

import pytest

from companion.ui import shots
from companion.ui.layouts import income as placed

from .plans import count_plans, frames


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_one_plan_a_frame(tmp_path, monkeypatch, size):
    made = count_plans(monkeypatch, placed)
    ui = shots.build("income", size, "en", tmp_path)
    assert ui.top.name == "income"
    start = made[0]
    frames(ui, 4)
    assert made[0] - start == 4
    scene = ui.top
    assert scene.plan is not None and scene.plan.view == scene.view()
    # The same view and room: the last frame's plan, kept.
    assert placed.plan(ui.canvas, scene.plan.view, scene.plan.room, scene.plan) is scene.plan
