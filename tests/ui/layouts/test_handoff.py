"""The hand-off screen's layout (`companion.ui.layouts.handoff`): the code as large as the
screen allows, its words beside or under it and clear of it, Close a full-sized target."""

from __future__ import annotations

import math

import pygame
import pytest

from companion.ui.canvas import BODY, SMALL, Canvas, font
from companion.ui.layouts.handoff import handoff_layout

SCAN = "Scan with your phone to add this play to BG Stats"
NOTE = "BG Stats opens with the play filled in; nothing is sent from here."
TITLE = "Die Speicherstadt, 26 November 2026, 5 players: Anna, Ben, Cleo, Dana, Emil"
SIZES = [(800, 480), (480, 800), (1024, 600), (1920, 1080)]


def plan_at(size, title=TITLE):
    c = Canvas(pygame.Surface(size))
    return c, handoff_layout(c, pygame.Rect(0, 0, *size), title, SCAN, NOTE)


def boxes(c, plan):
    """Each line's box, as drawn (top left at its place)."""
    out = []
    for lines, size in ((plan.title, BODY), (plan.scan, BODY), (plan.note, SMALL)):
        f = font(c.px(size))
        out += [pygame.Rect(at, (min(f.size(line)[0], plan.width), f.get_height()))
                for line, at in lines]
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_everything_is_on_screen_and_nothing_overlaps(size):
    c, plan = plan_at(size)
    screen = pygame.Rect(0, 0, *size)
    assert screen.contains(plan.square) and screen.contains(plan.ok)
    assert plan.square.w == plan.square.h
    lines = boxes(c, plan)
    assert len(lines) >= 3
    for box in lines:
        assert screen.contains(box), box
        assert not box.colliderect(plan.square)
        assert not box.colliderect(plan.ok)
    for a, b in zip(lines, lines[1:], strict=False):
        assert a.y < b.y and a.bottom <= b.y + 1, (a, b)  # one under the other
    assert not plan.ok.colliderect(plan.square)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_close_is_a_full_sized_target(size):
    _c, plan = plan_at(size)
    least = math.floor(56 * min(size) / 480)
    assert plan.ok.w >= least and plan.ok.h >= least


def test_the_code_is_as_large_as_the_screen_allows():
    _c, wide = plan_at((800, 480))
    assert wide.square.h == 480  # the whole height (the code fills it, the bar too)
    _c, tall = plan_at((480, 800))
    assert tall.square.w == 480  # the whole width; the words go under it
    assert all(at[1] >= tall.square.bottom for _line, at in tall.scan)


def test_without_a_title_the_words_move_up_and_nothing_else_moves():
    _c, with_title = plan_at((800, 480))
    _c, without = plan_at((800, 480), title="")
    assert without.title == ()
    assert without.scan[0][1][1] < with_title.scan[0][1][1]
    assert (without.square, without.ok) == (with_title.square, with_title.ok)


def test_the_same_words_give_the_same_places():
    assert plan_at((1024, 600))[1] == plan_at((1024, 600))[1]
