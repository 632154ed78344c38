"""The layout of the round screens in real game states (issue 11: 2, 3, 9, 14, 17, 20):
five panels a finger tall even with a long message, Loading's stores named in words,
Supply's revealed cards told on their own places, names never cut (pages instead)."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger, clean
from companion.engine import State
from companion.inputs import intents as it
from companion.ui import names, words
from companion.ui.core import UI
from companion.ui.hyphen import plain
from companion.ui.i18n import _, set_language
from companion.ui.samples import Demo

from .framecheck import moved, problems


def at(ui, test, players=5, **kw) -> Finger:
    Demo(ui, players).at(test, **kw)
    return Finger(ui)


def test_five_panels_stay_a_finger_tall_while_a_long_message_shows(ui):
    finger = at(ui, lambda b, a: a.phase == "supply" and not a.slots)
    set_language("fr")
    try:
        ui.set_language("fr")
        ui.info("Le sac ne laissait pas le choix : caoutchouc, tapis, tapis. " * 2)
        frame = finger.frame()
        state = ui.game.state
        panels = [t for t in frame["targets"] if t["label"] in
                  [words.player_name(state, p) for p in state.players]]
        assert len(panels) == 5
        assert all(t["rect"][3] >= 56 for t in panels), [t["rect"] for t in panels]
        assert any(t["label"].startswith("Le sac") for t in frame["targets"])  # tap: closed
        assert not problems(frame)
        finger.tap(lambda label: label.startswith("Le sac"))
        assert ui.message is None
    finally:
        ui.set_language("en")
        set_language("en")


def test_loading_names_the_warehouse_and_the_market_hall_in_words(ui):
    def stored(b: State, a: State) -> bool:
        return a.phase == "loading" and any(a.player(p).warehouse and a.player(p).market
                                            for p in a.players)

    finger = at(ui, stored, players=4)
    state = ui.game.state
    pid = next(p for p in state.players if state.player(p).warehouse and state.player(p).market)
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    texts = finger.texts()
    assert plain(words.place(state, "warehouse")) in texts
    assert plain(words.place(state, "market")) in texts
    assert "WH" not in texts and "MH" not in texts


def test_supply_tells_the_cards_revealed_this_round_on_their_places(ui):
    def two_revealed(b: State, a: State) -> bool:
        return a.phase == "supply" and len(a.slots) == 2 and all(
            a.catalogue[s.card].season == a.top_season() for s in a.slots)

    finger = at(ui, two_revealed, players=4)
    state = ui.game.state
    texts = " ".join(finger.texts())
    for i, slot in enumerate(state.slots):
        assert plain(f"{i + 1}.\u00a0{names.card_in_season(state.catalogue[slot.card])}") in texts
    assert "\u2026" not in texts


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_season_s_long_names_are_all_reachable_and_never_cut(ui, language):
    """Autumn's first Supply: every card by touch, whole, turning pages where they do not
    fit (cards that read alike share one button, so the five ships take one place)."""
    long_names = {"chamber_of_commerce", "st_michaelis", "boatsmen_church"}

    def season_start(b: State, a: State) -> bool:
        season = a.top_season()
        if a.phase != "supply" or a.slots or season is None:
            return False
        unseen = a.unseen[season]
        return len(unseen) >= 13 and long_names <= {a.catalogue[c].kind for c in unseen}

    finger = at(ui, season_start, players=2, seed=3)
    ui.set_language(language)
    frame = finger.frame()
    assert not problems(frame), problems(frame)
    state = ui.game.state
    unseen = state.unseen[state.top_season()]
    asked = ui.top.asked_kinds(state)

    def face(cid: str) -> str:  # what its button says ("Fireman ?" asks what it shows)
        kind = state.catalogue[cid].kind
        return clean(ui.top.pick_label(kind) if cid in asked.get(kind, ())
                     else names.card_in_season(state.catalogue[cid]))

    seen = set()
    for _page in range(5):
        labels = finger.labels()
        seen |= {cid for cid in unseen if face(cid) in labels}
        assert not problems(finger.frame())
        if not finger.has("\u203a"):
            break
        finger.tap("\u203a")
    assert {face(cid) for cid in seen} == {face(cid) for cid in unseen}
    while finger.has("\u2039"):
        finger.tap("\u2039")  # back to the first page
    ui.set_language("en")


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


@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
@pytest.mark.parametrize("language", ["fr", "de", "en"])
def test_a_tracked_offer_keeps_pass_a_finger_tall_in_portrait(services, language, size):
    """Tracked Purchase at five players in portrait: the tiles, the offer and Pass share
    what the panels leave; Pass stays a finger tall (it had collapsed to 0 px in French)
    and a tap on it sends the worker home."""
    services.settings["purchase_form"] = "tracked"
    ui = UI(services, size)
    ui.open("home")
    ui.set_language(language)
    try:
        Demo(ui, 5).at(lambda b, a: a.phase == "purchase" and a.form == "tracked"
                       and a.settling < len(a.slots) and bool(a.slots[a.settling].workers),
                       form="tracked")
        finger = Finger(ui)
        frame = finger.frame()
        assert not problems(frame), problems(frame)
        state = ui.game.state
        settling = state.settling
        workers = len(state.slots[settling].workers)
        finger.tap(_("Pass"))
        after = ui.game.state
        assert after.settling > settling or len(after.slots[settling].workers) == workers - 1
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
