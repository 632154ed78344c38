"""companion/ui/layouts/stack.py: a column of texts placed as `layout.Flow` draws them, without
drawing."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, SMALL, TEXT, Canvas
from companion.ui.layouts.stack import Stack, flow_text, taken, text_box

#: (text, size, role, line limit): a title, a long text that wraps, nothing, a line whose
#: stacked accents reach below its line's height, a long word cut to one line.
PIECES = [
    ("Phones", LARGE, "title", None),
    ("Scan with the phone's camera: score, coins, fires, each tableau and the rules, live, "
     "in the phone's language. " * 3, BODY, None, None),
    ("", BODY, None, None),
    ("\u1eb0\u1e7a \u1eb0\u1e7a", SMALL, None, None),
    ("Feuerwehrhauptmannsstellvertreter" * 3, SMALL, "secondary", 1),
    ("Tap anywhere to close.", BODY, "secondary", None),
]


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1920, 1080)])
def test_texts_drawn_into_the_stacks_boxes_land_where_a_flow_draws_them(size):
    flown, stacked = Canvas(pygame.Surface(size)), Canvas(pygame.Surface(size))
    rect = layout.inset(pygame.Rect(0, 0, *size), flown.u(16), flown.u(6))
    flow = layout.Flow(flown, rect, flown.u(6))
    stack = Stack(stacked, rect, stacked.u(6))
    for text, text_size, role, most in PIECES:
        used = flow.text(text, text_size, TEXT, role=role, max_lines=most)
        box = stack.text(text, text_size, role=role, max_lines=most)
        if text:
            assert taken(stacked, text, box, text_size, role, most) == used
            layout.draw_text(stacked, text, box, text_size, TEXT, role=role, max_lines=most)
        else:
            assert box.h == 0  # nothing to draw, and no gap taken
        assert stack.rest() == flow.rest()
    assert flown.text_rects == stacked.text_rects
    assert pygame.image.tobytes(flown.surface, "RGB") == pygame.image.tobytes(
        stacked.surface, "RGB")


def test_stacked_accents_take_more_than_their_lines_height():
    c = Canvas(pygame.Surface((800, 480)))
    box = pygame.Rect(0, 0, 700, 400)
    assert taken(c, "\u1eb0\u1e7a", box, SMALL).h > layout.line_height(c, SMALL)
    assert taken(c, "Ab", box, SMALL).h == layout.line_height(c, SMALL)


def test_a_piece_that_does_not_fit_leaves_no_room_below_it():
    c = Canvas(pygame.Surface((800, 480)))
    stack = Stack(c, pygame.Rect(10, 10, 200, 100), c.u(8))
    assert stack.take(80) == pygame.Rect(10, 10, 200, 80)
    assert stack.take(80) == pygame.Rect(10, 98, 200, 12)  # what is left, no more
    assert stack.rest().h == 0
    assert stack.texts([("One", BODY), ("Two", BODY)])[1].h == 0


@pytest.mark.parametrize("align", ["left", "center", "right"])
@pytest.mark.parametrize("valign", ["top", "center", "bottom"])
def test_text_box_is_where_draw_text_draws(align, valign):
    c = Canvas(pygame.Surface((800, 480)))
    box = pygame.Rect(20, 30, 300, 200)
    text = "Ignored as damaged: cards.yaml, settings.yaml. The reason is in the log."
    expected = layout.draw_text(c, text, box, BODY, align=align, valign=valign)
    assert text_box(c, text, box, BODY, align=align, valign=valign) == expected


def test_flow_text_goes_on_below_the_text_as_flow_text_does():
    c = Canvas(pygame.Surface((800, 480)))
    area = pygame.Rect(10, 10, 240, 400)
    drawn, placed = layout.Flow(c, area, 8), layout.Flow(c, area, 8)
    text = "A setting whose name takes more than one line at this width"
    drawn.text(text)
    box = flow_text(c, placed, text)
    assert box == pygame.Rect(10, 10, 240, 400) and placed.y == drawn.y
