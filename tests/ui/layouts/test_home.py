"""companion/ui/layouts/home.py: Home's places, worked out without drawing."""

from __future__ import annotations

import pytest

from companion.ui import layout
from companion.ui.canvas import BODY, SMALL
from companion.ui.layouts import home as places
from tests.ui.layouts.rooms import body_of

NAME = "Speicherstadt Table Companion"
ABOUT = "Keeps the books: coins, score, cards, fires, income, final score."
NOTES = [("The saved game cannot be resumed: the journal is damaged at line 7.", BODY),
         ("Ignored as damaged: cards.yaml. The reason is in the log.", SMALL),
         ("Simulated buttons: keys 1-5 players, Enter OK, Backspace Undo.", SMALL)]
SIZES = [(800, 480), (1024, 600), (1920, 1080), (480, 800)]


def apart(c, rects):
    """No two rectangles nearer than the 8 px (at 800x480) between touch targets."""
    g = 2 * c.u(8)
    return all(not a.inflate(g, g).colliderect(b) for i, a in enumerate(rects)
               for b in rects[i + 1:])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("notes", [0, 1, 3])
def test_the_ways_elsewhere_are_a_finger_big_apart_and_on_screen(size, notes):
    c, body = body_of(size)
    plan = places.home(c, body, NAME, ABOUT, NOTES[:notes])
    assert len(plan.buttons) == places.BUTTONS
    assert apart(c, plan.buttons)
    assert all(not a.colliderect(b) for a in (plan.slot, *plan.buttons, *plan.notes)
               for b in (plan.slot, *plan.buttons, *plan.notes) if a is not b)
    for rect in plan.buttons:
        assert rect.w >= c.u(56) and rect.h >= c.u(56)
        assert body.contains(rect)
    assert plan.slot.top >= plan.title.bottom
    assert all(plan.slot.bottom <= b.top for b in plan.buttons)
    assert all(b.bottom <= n.top for b in plan.buttons for n in plan.notes)
    # Two columns in landscape, one in portrait.
    assert len({b.x for b in plan.buttons}) == (2 if size[0] > size[1] else 1)


def test_the_same_words_give_the_same_places():
    c, body = body_of((800, 480))
    assert places.home(c, body, NAME, ABOUT, NOTES) == places.home(c, body, NAME, ABOUT, NOTES)


def test_the_slot_keeps_two_lines_so_a_game_waiting_moves_no_button():
    """The slot is as tall as what the companion does needs, two lines at least: what
    shows in it (that text, or the game waiting) never moves the buttons."""
    c, body = body_of((1920, 1080))
    plan = places.home(c, body, NAME, "Short.", [])
    assert plan.slot_lines == 2
    assert plan.slot.h == 2 * layout.line_height(c, BODY)


def test_a_long_title_takes_a_smaller_size_or_two_lines_not_the_buttons():
    c, body = body_of((480, 800))
    one = places.title(c, body, "Companion")
    long = places.title(c, body, "Speicherstadt-Tischbegleiter und Buchhalter " * 2)
    assert long.size < one.size  # not at the largest size: it would not keep one line
    plan = places.home(c, body, "Speicherstadt-Tischbegleiter und Buchhalter " * 2, ABOUT, [])
    assert plan.slot.top >= long.bottom


@pytest.mark.parametrize("size", SIZES)
def test_the_question_and_its_answers_side_by_side_below_it(size):
    c, body = body_of(size)
    text = ("A game is in progress (round 3: Anna, Ben, Cleo, Dora, Emil). Start a new "
            "game? The game in progress is set aside, not deleted, and cannot be resumed here.")
    plan = places.question(c, body, NAME, text)
    used = places.text_box(c, text, plan.question, BODY, align="center")
    assert plan.question.top >= plan.title.bottom
    assert used.bottom <= plan.keep.top and plan.keep.y == plan.new.y
    assert apart(c, [plan.keep, plan.new])
    assert plan.keep.centerx < body.centerx < plan.new.centerx
    for rect in (plan.keep, plan.new):
        assert rect.h >= c.u(56) and rect.w >= c.u(56) and body.contains(rect)
