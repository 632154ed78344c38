"""companion/ui/layouts/stats.py: the statistics table's places, apart from its drawing."""

from __future__ import annotations

import pygame
import pytest

from companion.engine import SCORE_CATEGORIES
from companion.ui import names
from companion.ui.canvas import Canvas
from companion.ui.layouts import stats

SIZES = [(800, 480), (480, 800), (1280, 720)]
TOTALS = ("Games", "Wins", "Average total", "Best total")
PLAYERS = ("Anna", "Ben", "Cleo", "Dirk", "Emma", "Finn", "Greta", "Hugo", "Ida", "Jan")


def canvas(size: tuple[int, int]) -> Canvas:
    return Canvas(pygame.Surface(size))


def body(c: Canvas) -> pygame.Rect:
    return pygame.Rect(0, 0, c.w, c.h - c.u(64))


def cells(plan: stats.StatsPlan) -> list[tuple[int, int]]:
    return [*plan.names, *(v for row in plan.rows for v in row.values)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("labels", [TOTALS, tuple(names.category(c) for c in SCORE_CATEGORIES)])
def test_the_table_fits_the_screen_and_its_rows_follow_each_other(size, labels):
    c = canvas(size)
    room = body(c)
    plan = stats.place(c, room, PLAYERS[:2], labels, 2, 0, False)
    assert plan.prev is None and plan.next is None  # two players fit: no pages
    assert len(plan.rows) == len(labels) and len(plan.names) == 2
    bands = [row.band for row in plan.rows]
    assert all(room.contains(b) for b in bands)
    assert all(a.bottom == b.top for a, b in zip(bands, bands[1:], strict=False))
    assert all(room.collidepoint(p) for p in cells(plan))
    for row in plan.rows:
        # The label left of every value, in its row.
        assert row.band.contains(row.label)
        assert all(row.label.right < x and row.band.top <= y < row.band.bottom
                   for x, y in row.values)
    # The names above the rows, the columns apart by at least a name's width.
    assert all(y < bands[0].top for _x, y in plan.names)
    xs = [x for x, _y in plan.names]
    assert all(b - a >= plan.name_width for a, b in zip(xs, xs[1:], strict=False))


@pytest.mark.parametrize("size", SIZES)
def test_more_players_than_fit_go_a_page_at_a_time_with_arrows_a_finger_wide(size):
    c = canvas(size)
    plan = stats.place(c, body(c), PLAYERS, TOTALS, len(PLAYERS), 0, False)
    assert plan.per_page < len(PLAYERS)
    assert plan.prev is not None and plan.next is not None
    for arrow in (plan.prev, plan.next):
        assert arrow.w >= c.u(56) and arrow.h >= c.u(56)
        assert body(c).contains(arrow) and not arrow.colliderect(plan.head)
    assert not plan.prev.colliderect(plan.next)
    assert len(plan.names) == plan.per_page
    # The last page shows what is left.
    last = stats.place(c, body(c), PLAYERS, TOTALS, len(PLAYERS), len(PLAYERS) - 1, False)
    assert len(last.names) == 1 and all(len(row.values) == 1 for row in last.rows)
    assert last.names[0] == plan.names[0]  # the first column stays where it was


def test_the_note_of_games_left_out_goes_below_the_table():
    c = canvas((800, 480))
    plan = stats.place(c, body(c), PLAYERS[:4], TOTALS, 4, 0, True)
    assert plan.note is not None
    assert plan.rows[-1].band.bottom <= plan.note.top
    assert plan.empty.bottom < plan.note.top
    assert plan.problem.bottom == plan.note.bottom  # a problem takes the note's room too


def test_the_same_players_get_the_same_places():
    c = canvas((1024, 600))
    args = (c, body(c), PLAYERS[:5], TOTALS, 5, 0, True)
    assert stats.place(*args) == stats.place(*args)
