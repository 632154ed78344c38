"""companion/ui/layouts/setup.py: the setup guide's places, worked out without drawing."""

from __future__ import annotations

from itertools import pairwise

import pytest

from companion.ui import layout
from companion.ui.canvas import BODY
from companion.ui.layouts import setup as places
from tests.ui.layouts.rooms import body_of

STEPS = ["Take out (back in the box): Fireman 1, Contract 4.",
         "Shuffle each season on its own. Stack the pile: the 4th fire at the bottom, then "
         "Autumn (D), Summer (C), Spring (B), and Winter (A) on top.",
         "Each player: 5 coins, 1 market hall, 3 workers; the 4th worker on 0 of the score "
         "track.",
         "All 45 goods cubes go into the bag; the goods stock starts empty.",
         "Anna takes the metal coin and starts."]


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1920, 1080), (480, 800)])
def test_steps_a_finger_tall_one_below_the_other_each_mark_and_words_inside(size):
    c, body = body_of(size)
    plan = places.setup(c, body, "Setup for 4 players", STEPS)
    assert len(plan.steps) == len(STEPS)
    assert plan.steps[0].box.top > plan.title.top
    for step, text in zip(plan.steps, STEPS, strict=True):
        assert step.box.h >= c.u(56) and body.contains(step.box)
        assert step.box.contains(step.mark) and step.box.contains(step.words)
        assert step.mark.right < step.words.left
        # The words fit their box whole.
        assert layout.fit(c, text, step.words.w, step.words.h, BODY).cut is False
    for above, below in pairwise(plan.steps):
        assert above.box.bottom + c.u(8) == below.box.top


def test_a_long_step_takes_a_taller_box_and_moves_the_ones_below():
    c, body = body_of((800, 480))
    short = places.setup(c, body, "Setup", ["One.", "Two."])
    long = places.setup(c, body, "Setup", [" ".join(["A long step of the guide."] * 8), "Two."])
    assert long.steps[0].box.h > short.steps[0].box.h
    assert long.steps[1].box.top > short.steps[1].box.top


def test_the_same_data_give_the_same_places():
    c, body = body_of((480, 800))
    assert places.setup(c, body, "Setup", STEPS) == places.setup(c, body, "Setup", STEPS)
