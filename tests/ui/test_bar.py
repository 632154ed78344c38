"""companion/ui/bar.py: where the bottom bar's buttons go, without a UI or a scene stack."""

from __future__ import annotations

import pygame
import pytest

from companion.inputs import intents as it
from companion.ui.bar import BarLayout
from companion.ui.canvas import Canvas
from companion.ui.core import UI
from companion.ui.i18n import _, set_language

from .framecheck import moved, problems
from .helpers import at


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


# The bar in real game states, in portrait (from test_real_frames.py: issue 11, the layout
# in real game states).
@pytest.mark.parametrize("language", ["de", "fr", "en"])
def test_in_portrait_the_bar_moves_what_has_no_room_above_it_and_cuts_nothing(services, language):
    """At 480x800, Undo, Redo, Home, "?" and a long primary ("Verladung fertig") do not all
    fit in the bar in German and French: the last on the left go into a strip above it,
    each a finger's size, nothing cut, and a tap there works (Redo redoes)."""
    ui = UI(services, (480, 800))
    ui.open("home")
    ui.set_language(language)
    try:
        finger = at(ui, lambda b, a: b.phase == a.phase == "loading", players=5)
        finger.tap(_("Undo"))
        state = ui.game.state
        assert ui.top.name == "loading"
        assert state.redo  # Undo, Redo, Home, "?" and the primary action are all offered
        frame = finger.frame()
        assert not problems(frame), problems(frame)
        bar_top = finger.find(_("Undo"))["rect"][1]
        for label in (_("Undo"), _("Redo"), _("Home"), "?"):
            target = finger.find(label)
            assert target["rect"][3] >= 56 and target["rect"][2] >= 56
        moved = [t for t in frame["targets"] if t["bar"] and t["rect"][1] < bar_top]
        if language != "en":
            assert moved, "nothing moved above the bar"
        finger.tap(_("Redo"))
        assert ui.game.state.actions == state.actions + 1 and not ui.game.state.redo
    finally:
        ui.set_language("en")
        set_language("en")


def test_in_portrait_the_question_mark_stays_where_it_was_while_a_card_is_entered(services):
    """Quick Purchase, five players, German, 480x800: "Niemand hat gekauft" leaves no room
    for the "?" in the bar, "Blau zahlt 2" would; choosing a buyer with their own button
    must not bring the "?" back into the bar, under a finger on its way to it, nor move
    the grid."""
    ui = UI(services, (480, 800))
    ui.open("home")
    ui.set_language("de")
    try:
        finger = at(ui, lambda b, a: a.phase == "demand" and not a.slots[0].outcome
                    and len(a.slots) == 6, players=5)
        assert ui.top.name == "purchase"
        before = finger.find("?")
        assert before is not None
        grid = finger.frame()
        state = ui.game.state
        ui.intent(it.PlayerButton(state.players[1]))
        assert ui.game.state is state  # only chosen, nothing entered yet
        after = finger.find("?")
        assert after is not None and after["rect"] == before["rect"]
        assert not problems(finger.frame())
        assert moved(grid, finger.frame()) == []
    finally:
        ui.set_language("en")
        set_language("en")
