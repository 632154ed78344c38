"""companion/ui/bar.py: where the bottom bar's buttons go, without a UI or a scene stack."""

from __future__ import annotations

import pygame

from companion.ui.bar import BarLayout
from companion.ui.canvas import Canvas


def canvas(size):
    return Canvas(pygame.Surface(size))


def item(label, key):
    return (label, (lambda: None), key, (90, 90, 90))


def bar_of(c):
    return pygame.Rect(0, c.h - c.u(72), c.w, c.u(72))


def test_left_from_the_left_primary_from_the_right():
    c = canvas((800, 480))
    bar = bar_of(c)
    placed, above = BarLayout().place(c, "scene", bar, [item("Undo", "undo"),
                                                        item("?", "help")],
                                      [item("Loading done", "ok")])
    assert above == []
    rects = {key: rect for rect, _label, _action, key, _colour in placed}
    assert rects["undo"].x == c.u(8) and rects["help"].x > rects["undo"].right
    assert rects["ok"].right == bar.right - c.u(8)


def test_redo_appearing_last_moves_nothing_before_it():
    c = canvas((800, 480))
    bar = bar_of(c)
    layout = BarLayout()
    left = [item("Undo", "undo"), item("Home", "home"), item("?", "help")]
    before, _ = layout.place(c, "scene", bar, left, [item("OK", "ok")])
    after, _ = layout.place(c, "scene", bar, left + [item("Redo", "redo")], [item("OK", "ok")])
    was = {key: rect for rect, _l, _a, key, _c in before}
    now = {key: rect for rect, _l, _a, key, _c in after}
    assert all(now[key] == was[key] for key in ("undo", "home", "help"))


def test_without_room_the_last_go_above_and_stay_there_for_the_same_screen():
    c = canvas((480, 800))
    bar = bar_of(c)
    layout = BarLayout()
    left = [item("Rückgängig", "undo"), item("Menü", "home"), item("?", "help"),
            item("Wiederholen", "redo")]
    _placed, above = layout.place(c, "scene", bar, left, [item("Verladung fertig", "ok")])
    assert [key for _r, _l, _a, key, _c in above][-1] == "redo"  # the last goes first
    moved = len(above)
    # A shorter primary label would leave room: what went above stays above.
    _placed, above = layout.place(c, "scene", bar, left, [item("OK", "ok")])
    assert len(above) == moved
    # Another screen starts afresh.
    _placed, above = layout.place(c, "other", bar, left, [item("OK", "ok")])
    assert len(above) <= moved
