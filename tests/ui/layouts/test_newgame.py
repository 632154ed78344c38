"""companion/ui/layouts/newgame.py: New game's places, worked out without drawing."""

from __future__ import annotations

import pygame
import pytest

from companion.ui.layouts import newgame as places
from tests.ui.layouts.rooms import body_of

NOTE = "Tap \u270e to type a name; names from earlier games appear here too."
SIZES = [(800, 480), (1024, 600), (1920, 1080), (480, 800)]


def words(note=NOTE, **more):
    return places.Words(**{"players": "Players:", "draw": "Draw first", "starts": "starts",
                           "starts_asked": "Starts?", "note": note, **more})


def targets(plan):
    out = [plan.draw, *plan.counts]
    for seat in plan.seats:
        out += [seat.up, seat.colour, seat.name, seat.edit, seat.first]
        out += [seat.down] if seat.down is not None else []
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_target_is_a_finger_big_apart_and_on_screen(size, seats):
    c, body = body_of(size)
    plan = places.newgame(c, body, words(), seats, known=True)
    rects = targets(plan)
    assert len(plan.seats) == seats
    g = 2 * c.u(8)  # 8 px apart at least (docs/ui.md)
    for i, rect in enumerate(rects):
        assert rect.w >= c.u(56) and rect.h >= c.u(56), rect
        assert body.contains(rect), rect
        assert all(not rect.inflate(g, g).colliderect(other) for other in rects[i + 1:])
    assert not plan.title.colliderect(plan.draw)
    if plan.note is not None:
        assert all(r.bottom <= plan.note.top for r in rects) and body.contains(plan.note)


def test_portrait_drops_down_arrows_and_the_cycle_mark():
    c, body = body_of((480, 800))
    plan = places.newgame(c, body, words(), 4, known=True)
    assert plan.narrow
    assert all(s.down is None and s.mark_at is None for s in plan.seats)
    c, body = body_of((800, 480))
    plan = places.newgame(c, body, words(), 4, known=True)
    assert not plan.narrow
    assert all(s.down is not None and s.mark_at is not None for s in plan.seats)


def test_the_note_gives_way_to_five_seats_at_800x480():
    c, body = body_of((800, 480))
    five = places.newgame(c, body, words(), 5, known=False)
    assert five.dropped and five.note is None
    two = places.newgame(c, body, words(), 2, known=False)
    assert not two.dropped and two.note is not None
    none = places.newgame(c, body, words(note=""), 5, known=True)
    assert not none.dropped and none.note is None


def test_known_names_move_no_target_only_the_name_text():
    """The ↻ mark takes room from the name's text, never from a button."""
    c, body = body_of((1024, 600))
    known = places.newgame(c, body, words(note=""), 4, known=True)
    unknown = places.newgame(c, body, words(note=""), 4, known=False)
    assert targets(known) == targets(unknown)
    for a, b in zip(known.seats, unknown.seats, strict=True):
        assert a.name_room < b.name_room and a.mark_at is not None and b.mark_at is None
        assert a.name.contains(pygame.Rect(a.name_at[0] - a.name_room // 2, a.name.y,
                                           a.name_room, a.name.h))


def test_long_words_put_the_counts_on_a_row_of_their_own():
    c, body = body_of((800, 480))
    short = places.newgame(c, body, words(), 3, known=True)
    long = places.newgame(c, body, words(players="Anzahl der Spielerinnen und Spieler:"), 3,
                          known=True)
    assert short.counts[0].y == short.draw.y
    assert long.counts[0].top >= long.draw.bottom


def test_the_same_data_give_the_same_places():
    c, body = body_of((800, 480))
    assert places.newgame(c, body, words(), 4, True) == places.newgame(c, body, words(), 4, True)
