"""The printed-value question's layout (`companion.ui.layouts.confirm`): every answer a
finger at least, apart and inside the body, in landscape and portrait; the same question
gives the same places; the goods one by one sit below the texts."""

from __future__ import annotations

import pygame
import pytest

from companion.ui.canvas import BODY, LARGE, Canvas
from companion.ui.layouts import confirm as places
from companion.ui.views.confirm import confirm_view

from ..framecheck import TARGET_PX, at_least, scale

BODIES = {(800, 480): pygame.Rect(0, 0, 800, 400), (480, 800): pygame.Rect(0, 0, 480, 720)}


@pytest.fixture(params=sorted(BODIES), ids=lambda s: f"{s[0]}x{s[1]}")
def canvas(request):
    pygame.font.init()
    return Canvas(pygame.Surface(request.param)), BODIES[request.param]


@pytest.mark.parametrize("field", ["points", "value", "goods"])
def test_every_answer_is_a_finger_apart_inside_the_body(canvas, field):
    c, body = canvas
    view = confirm_view("Fire 2?", field, "2")
    plan = places.answers(c, body, view, steps=field == "points")
    cells = [box for group in plan.cells for box in group]
    steps = [plan.steps[0], plan.steps[2]] if plan.steps else []
    least = at_least(TARGET_PX, scale([c.w, c.h]))
    assert len(cells) == sum(len(g) for g in view.groups)
    for i, a in enumerate(cells + steps):
        assert body.contains(a) and a.w >= least and a.h >= least, a
        assert not any(a.colliderect(b) for b in (cells + steps)[i + 1:])
    for text in plan.texts:
        assert not any(text.colliderect(box) for box in cells)
    # A contract's answers show their goods as cubes inside their button.
    for group, boxes, cubes in zip(view.groups, plan.cells, plan.cubes, strict=True):
        for answer, box, row in zip(group, boxes, cubes, strict=True):
            assert len(row) == len(answer.goods) and all(box.contains(r) for r in row)
    assert (plan.steps is not None) == (field == "points")


def test_the_same_question_gives_the_same_places(canvas):
    c, body = canvas
    view = confirm_view("Contract ?", "goods", None)
    assert places.answers(c, body, view, steps=False) == \
        places.answers(c, body, view, steps=False)


def test_the_goods_one_by_one_sit_below_the_texts(canvas):
    c, body = canvas
    plan = places.by_goods(c, body, [("Contract Co·Te?", LARGE, "title", 1),
                                     ("Which goods does this contract show?", BODY, None, None)])
    assert plan.title.y < plan.question.y < min(r.y for r in plan.cubes)
    targets = [*plan.cubes, plan.clear, *plan.goods]
    for i, a in enumerate(targets):
        assert body.contains(a)
        assert not any(a.colliderect(b) for b in targets[i + 1:])
    for box, under in zip(plan.goods, plan.under, strict=True):
        assert under.top > box.bottom and under.centerx == box.centerx


def test_the_guess_line_keeps_its_place_where_nothing_is_guessed(canvas):
    """A contract told by its face has no guess: its line's place is kept all the same,
    as tall as the longest choice the buttons may say there, so the answers do not move
    when one is pressed."""
    c, body = canvas
    told = confirm_view("Contract ?", "goods", None)
    plan = places.answers(c, body, told, steps=False)
    assert told.guess == "" and len(plan.texts) == 3
    cells = [box for group in plan.cells for box in group]
    assert plan.texts[2].bottom < min(box.top for box in cells)
