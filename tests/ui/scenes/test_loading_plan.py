"""Loading is view -> plan -> paint (issue 36): each rendered frame makes exactly one plan
(`companion.ui.layouts.loading.plan`), whatever the frame around it measures first, and the
next plan keeps the places the last one showed."""

from __future__ import annotations

import pytest

from companion.inputs import intents as it
from companion.ui.core import UI
from companion.ui.layouts import loading as places

from ..conftest import unhurried
from ..helpers import at


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=["landscape", "portrait"])
def test_one_plan_per_rendered_frame(services, monkeypatch, size):
    ui = unhurried(UI(services, size))
    ui.open("home")
    at(ui, lambda b, a: a.phase == "loading" and len(a.player(a.first_player).dock) >= 2,
       players=4)
    assert ui.top.name == "loading"
    calls: list[str] = []
    plan = places.plan

    def counted(c, view, room, previous):
        calls.append(view.pid)
        got = plan(c, view, room, previous)
        assert previous is None or previous is not got
        return got

    monkeypatch.setattr(places, "plan", counted)
    scene = ui.top
    pid = scene.player
    frames = 0

    def frame() -> None:
        nonlocal frames
        ui.render()
        frames += 1
        assert len(calls) == frames, (frames, calls)
        assert scene.plan is not None and scene.plan.pid == scene.player

    frame()
    frame()  # nothing changed: a plan all the same (the frame is drawn again)
    ui.press("cube:0")  # a cube chosen: its choices in place of the moves
    frame()
    assert isinstance(scene.plan.body, places.Offers)
    ui.press("cube:0")  # unchosen
    frame()
    assert isinstance(scene.plan.body, places.Moves)
    ui.intent(it.PlayerButton(pid))  # a move chosen on the buttons, large
    frame()
    assert isinstance(scene.plan.body, places.Chosen)
    ui.intent(it.Undo())
    frame()
    other = next(p for p in ui.game.state.players if p != pid)
    ui.intent(it.PlayerButton(other))  # another player shown
    frame()
    assert calls[-1] == other


def test_the_plan_keeps_a_choices_place_after_a_move(services):
    """A move's choice gone leaves its place empty: the other choices stay where they were
    (their rects in the plan are the last plan's)."""
    ui = unhurried(UI(services, (800, 480)))
    ui.open("home")
    at(ui, lambda b, a: a.phase == "loading" and len(a.player(a.first_player).dock) >= 3,
       players=4)
    scene = ui.top
    ui.render()
    body = scene.plan.body
    assert isinstance(body, places.Moves)
    before = {choice.key: (place, box) for choice, place, box in body.cells}
    first = next(choice for choice, _place, _box in body.cells
                 if choice.key.startswith("move:") and len(choice.actions) == 1)
    player = scene.player
    ui.press(first.key)
    ui.render()
    after = scene.plan.body
    if scene.player != player or not isinstance(after, places.Moves):
        pytest.skip("the move handed over to the next player")
    kept = [(choice, place, box) for choice, place, box in after.cells
            if choice.key in before and choice.key != first.key]
    assert kept
    for choice, place, box in kept:
        assert before[choice.key] == (place, box), choice.key
