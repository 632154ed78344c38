"""companion/ui/layouts/history.py: History's places, apart from its drawing."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, SMALL, TEXT, Canvas
from companion.ui.layouts import history
from companion.ui.layouts.stack import text_box

SIZES = [(800, 480), (480, 800), (1280, 720)]
NOTES = "Left out, damaged: game 3 (2024-01-01 19:00); game 9 (2024-02-11 20:15)"


def canvas(size: tuple[int, int]) -> Canvas:
    return Canvas(pygame.Surface(size))


def body(c: Canvas) -> pygame.Rect:
    return pygame.Rect(0, 0, c.w, c.h - c.u(64))  # the bar below


@pytest.mark.parametrize("size", SIZES)
def test_the_parts_follow_each_other_inside_the_screen(size):
    c = canvas(size)
    room = body(c)
    plan = history.place(c, room, "History", "Games", "", NOTES)
    parts = [plan.title, plan.notes, plan.games, plan.rows, plan.players]
    assert all(room.contains(p) for p in parts)
    # The notes below the title, the games below the notes, their rows below their heading.
    assert plan.notes.top > plan.title.top and plan.games.top > plan.notes.top
    assert plan.rows.top > plan.games.top
    assert not plan.rows.colliderect(plan.players)
    # Beside each other where the screen is wide, above each other where not.
    if c.w >= c.h:
        assert plan.players.left >= plan.rows.right
    else:
        assert plan.players.top >= plan.rows.bottom
    assert plan.most >= 1 and 0 < plan.inner < plan.rows.w


def test_a_problem_takes_the_place_of_the_notes_and_the_list():
    c = canvas((800, 480))
    plan = history.place(c, body(c), "History", "Games", "The history cannot be read.", NOTES)
    without = history.place(c, body(c), "History", "Games", "", "")
    assert plan.problem.top == without.problem.top  # right under the title
    assert plan.problem == without.notes  # nothing said: the notes' place is the same


@pytest.mark.parametrize("size", SIZES)
def test_game_rows_are_a_finger_tall_and_never_overlap(size):
    c = canvas(size)
    plan = history.place(c, body(c), "History", "Games", "", "")
    tallest = history.row_height(c, "\u2605Anna 41  Ben 38  Cleo 30  Dirk 12", plan.inner)
    assert tallest >= c.u(history.ROW) >= c.u(56)
    rows = history.games(c, plan.rows, tallest, 12, 40, 0)
    boxes = [r.box for r in rows.rows]
    assert boxes and all(plan.rows.contains(b) for b in boxes)
    assert all(b.h == tallest for b in boxes)
    assert all(a.bottom < b.top for a, b in zip(boxes, boxes[1:], strict=False))
    # Forty games do not fit: the arrows beside the rows, each a finger wide and apart.
    assert rows.newer is not None and rows.older is not None
    assert rows.newer.w >= c.u(56) and rows.older.w >= c.u(56)
    assert not rows.newer.colliderect(rows.older)
    assert all(not b.colliderect(rows.newer) and not b.colliderect(rows.older) for b in boxes)
    # Each row's result below its time, inside the row.
    for row in rows.rows:
        assert row.box.collidepoint(row.when) and row.box.contains(row.result)
        assert row.result.top > row.when[1]


def test_every_game_on_the_first_page_needs_no_arrows():
    c = canvas((800, 480))
    plan = history.place(c, body(c), "History", "Games", "", "")
    rows = history.games(c, plan.rows, c.u(history.ROW), 2, 2, 0)
    assert len(rows.rows) == 2 and rows.newer is None and rows.older is None
    assert rows.rows[0].box.w == plan.rows.w  # the rows take the arrows' room


def test_a_later_page_keeps_its_arrows_where_its_rows_all_fit():
    """The last page of lower rows fits more of them than the first: its arrows stay, so
    the table can page back to the newer games."""
    c = canvas((800, 400))
    plan = history.place(c, body(c), "History", "Games", "", "")
    high = history.row_height(c, "\u2605Annabelle-Sophie 41  Bartholom\u00e4us 38  "
                                 "Clementine 30  Dietrich 12  Eleonore 5", plan.inner)
    low = history.row_height(c, "\u2605Anna 21  Ben 21", plan.inner)
    assert high > low
    first = history.games(c, plan.rows, high, 4, 4, 0)
    page = len(first.rows)
    assert page < 4 and first.older is not None
    later = history.games(c, plan.rows, low, 4 - page, 4, page)
    assert later.newer is not None and later.older is not None


def test_the_same_rows_get_the_same_places():
    c = canvas((1024, 600))
    room = body(c)
    assert history.place(c, room, "History", "Games", "", NOTES) == \
        history.place(c, room, "History", "Games", "", NOTES)
    plan = history.place(c, room, "History", "Games", "", "")
    assert history.games(c, plan.rows, c.u(70), 5, 30, 5) == \
        history.games(c, plan.rows, c.u(70), 5, 30, 5)


@pytest.mark.parametrize("size", SIZES)
def test_players_records_are_whole_or_left_out(size):
    c = canvas(size)
    plan = history.place(c, body(c), "History", "Games", "", "")
    records = [f"games {n} \u00b7 wins {n // 2} \u00b7 best {40 + n}" for n in range(30)]
    heading, rows = history.players(c, plan.players, "Players", iter(records))
    assert 0 < len(rows) < 30  # thirty do not fit: as many as fit whole
    assert [r.text for r in rows] == records[:len(rows)]
    boxes = [heading] + [b for r in rows for b in (r.name, r.record)]
    assert all(plan.players.contains(b) for b in boxes)
    for row in rows:
        used = text_box(c, row.text, row.record, BODY)
        assert used.bottom <= plan.players.bottom and row.record.top >= row.name.bottom


@pytest.mark.parametrize("align", ["left", "center", "right"])
@pytest.mark.parametrize("text,size,lines", [
    ("History", LARGE, 1), ("Left out, damaged: game 3; game 9", SMALL, 2),
    ("\u2605Anna\u00a041  Ben\u00a038  Cleo\u00a030  Dirk\u00a0\u221212", BODY, 2),
    ("Kaffee\u00adr\u00f6s\u00adterei und Gew\u00fcrz\u00adh\u00e4nd\u00adler", BODY, None)])
def test_text_box_is_what_drawing_the_text_takes(text, size, lines, align):
    c = canvas((800, 480))
    for box in (pygame.Rect(10, 20, 300, 200), pygame.Rect(5, 5, 90, 60)):
        drawn = layout.draw_text(c, text, box, size, TEXT, align=align, max_lines=lines)
        assert text_box(c, text, box, size, align=align, max_lines=lines) == drawn
