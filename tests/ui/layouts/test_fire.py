"""The Fire screen's layout (`companion.ui.layouts.fire`): the banner above the rows, one
row per player one under the other, each bar as long as its total against the highest,
the arrows pointing the fire's way, the notes under the rows, in landscape and portrait."""

from __future__ import annotations

import pygame
import pytest

from companion.ui.bar import BAR
from companion.ui.canvas import HUGE, Canvas
from companion.ui.layouts.fire import arrow, fire_layout, flame
from companion.ui.layouts.stack import text_box

SIZES = [(800, 480), (480, 800), (1024, 600), (1920, 1080)]
EQUAL = "All equal \u2014 nobody gains or loses."
LAST = "The 4th fire ends the game."


def plan_at(size, totals=(5, 3, 3, 1, 0), changes=(1, 0, 0, -1, -1), equal="", last="",
            title="Fire 2 (Summer)"):
    c = Canvas(pygame.Surface(size))
    body = pygame.Rect(0, 0, size[0], size[1] - c.u(BAR))
    return c, body, fire_layout(c, body, title=title, points="3 points",
                                rule="Highest firemen total gains, lowest loses.",
                                totals=totals, changes=changes, equal=equal, last=last)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 5])
def test_the_banner_the_rows_and_the_notes_fit_one_under_the_other(size, players):
    totals, changes = (6, 4, 4, 2, 0)[:players], (1, 0, 0, -1, -1)[:players]
    c, body, plan = plan_at(size, totals, changes, EQUAL, LAST)
    assert plan.backdrop.topleft == (0, 0) and plan.backdrop.w == size[0]
    assert plan.backdrop.contains(plan.title) and plan.backdrop.contains(plan.rule)
    assert plan.rule.y >= plan.title.y
    above = plan.backdrop.bottom
    for row in plan.rows:
        assert row.track.y >= above and body.contains(row.track)
        assert row.badge[0] < row.name[0] < row.total[0] < row.track.x < row.change[0]
        above = row.track.bottom
    # The notes come under the rows, the 4th fire's under "All equal", both on screen.
    equal = text_box(c, EQUAL, plan.equal, align="center")
    assert plan.equal.y >= above and plan.last.y >= equal.bottom
    assert text_box(c, LAST, plan.last, align="center").bottom <= body.bottom


def test_each_bar_is_as_long_as_its_total_against_the_highest():
    _c, _b, plan = plan_at((800, 480))
    first, *_rest, nought = plan.rows
    assert first.fill == first.track  # the highest total fills its bar
    assert nought.fill is None  # no firemen, no bar
    assert plan.rows[1].fill.w == first.track.w * 3 // 5
    assert plan.rows[1].fill.w == plan.rows[2].fill.w  # the same total, the same length
    assert len({row.track.w for row in plan.rows}) == 1
    assert len({row.track.x for row in plan.rows}) == 1


def test_the_arrows_point_the_fires_way_and_nothing_changed_has_none():
    _c, _b, plan = plan_at((800, 480))
    gained, same, _same, lost, _lost = plan.rows
    assert gained.arrow[2][1] < gained.arrow[0][1]  # the tip above the base
    assert lost.arrow[2][1] > lost.arrow[0][1]  # the tip below
    assert same.arrow == ()
    c = Canvas(pygame.Surface((800, 480)))
    assert arrow(c, (100, 100), True)[2] == (100, 100 - c.u(12))


def test_without_notes_there_are_no_note_boxes_and_the_rows_take_the_room():
    _c, _b, plain = plan_at((800, 480))
    assert plain.equal is None and plain.last is None
    _c, _b, last = plan_at((800, 480), last=LAST)
    # The 4th fire's note needs room under the rows: they are no taller than without it.
    assert last.rows[0].track.h <= plain.rows[0].track.h


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("title", ["Fire 2 (Summer)", "Brand 3 (Herbst) " * 4])
def test_the_rule_goes_under_the_card_name_however_long(size, title):
    c, _b, plan = plan_at(size, title=title)
    name = text_box(c, title, plan.title, HUGE, role="title", max_lines=2)
    assert name.bottom <= plan.rule.y
    assert plan.title.right < plan.points[0]  # the points stay clear of the name
    assert plan.rule.bottom <= plan.backdrop.bottom


def test_the_flame_flares_from_its_foot():
    c = Canvas(pygame.Surface((800, 480)))
    still, flared = flame(c, 1.0), flame(c, 1.3)
    assert flared[0][1] == still[0][1]  # the foot stays
    assert flared[3][1] < still[3][1]  # the tip rises


def test_the_same_fire_gives_the_same_places():
    assert plan_at((1024, 600))[2] == plan_at((1024, 600))[2]
