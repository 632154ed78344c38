"""The layout of the round screens in real game states (issue 11: 2, 3, 9, 14, 17, 20).

What is left here tests the bottom bar (companion/ui/bar.py, whose other tests are in
tests/ui/test_bar.py); the rest moved to tests/ui/scenes/ (round, purchase, supply,
loading)."""

from __future__ import annotations

import pytest

from companion.inputs import intents as it
from companion.ui.core import UI
from companion.ui.i18n import _, set_language

from .framecheck import moved, problems
from .helpers import at

# --- issue 11, the layout in real game states ----------------------------------------------------


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
