"""Quick Purchase by touch (docs/touch.md): a card bought is one tap on the price in the
buyer's row, a higher price than the grid shows is two, nobody is OK; a player's own button
still counts the price up. Played through the touch driver (benchmarks/touch.py: taps on
targets found by their label), with the frame checks on every frame."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger
from companion.engine import Phase
from companion.engine.legal import buy_prices
from companion.engine.words import Outcome
from companion.inputs import intents as it
from companion.ui import words
from companion.ui.core import UI
from companion.ui.samples import Demo

from .conftest import make_services
from .driver import answer
from .framecheck import moved, problems


def own(frame):
    return dict(frame, targets=[t for t in frame["targets"] if not t["bar"]])


def open_purchase(tmp_path, size, players, test=None):
    ui = UI(make_services(tmp_path), size)
    ui.open("home")
    Demo(ui, players).at(test or (lambda b, a: a.phase in (Phase.DEMAND, Phase.PURCHASE)
                                  and a.round >= 2 and a.settling == 0 and any(
                                      len(buy_prices(a, p)) >= 2 for p in a.players)))
    assert ui.top.name == "purchase"
    return ui


@pytest.mark.parametrize(("size", "players"), [((800, 480), 5), ((480, 800), 5),
                                               ((800, 480), 2), ((480, 800), 3)])
def test_a_card_bought_is_one_tap_and_nothing_moves(tmp_path, size, players):
    ui = open_purchase(tmp_path, size, players)
    finger = Finger(ui)
    state = ui.game.state
    pid = next(p for p in state.players if len(buy_prices(state, p)) >= 2)
    before = finger.frame()
    assert problems(before) == []
    taps = finger.taps
    finger.tap(f"{words.letter(state, pid)} 2")
    while ui.top.name == "confirm":  # a guessed printed value is asked (not this screen's)
        answer(ui)  # what the card shows (a key press, not a tap)
    assert finger.taps - taps == 1
    slot = ui.game.state.slots[0]
    assert (slot.outcome, slot.buyer, slot.price) == (Outcome.BOUGHT, pid, 2)
    after = finger.frame()
    assert problems(after) == []
    assert ui.game.state.settling == 1
    assert moved(own(before), own(after)) == []
    # Nobody bought the next card: the primary action, one tap.
    finger.tap_primary()
    assert ui.game.state.slots[1].outcome == Outcome.DISCARDED


def test_a_price_above_the_grid_is_two_taps_and_the_columns_turn_back(tmp_path):
    def rich(b, a):
        return a.phase in (Phase.DEMAND, Phase.PURCHASE) and a.settling < len(a.slots) and \
            any(len(buy_prices(a, p)) >= 5 for p in a.players)

    ui = open_purchase(tmp_path, (800, 480), 5, rich)
    finger = Finger(ui)
    state = ui.game.state
    index = state.settling
    pid = next(p for p in state.players if len(buy_prices(state, p)) >= 5)
    letter = words.letter(state, pid)
    labels = finger.labels()
    assert f"{letter} 4" in labels and f"{letter} 5" not in labels  # four columns here
    before = own(finger.frame())
    taps = finger.taps
    finger.tap("5\u20138 \u203a")
    turned = own(finger.frame())
    assert moved(before, turned) == []
    assert f"{letter} 5" in finger.labels() and "\u2039 1\u20134" in finger.labels()
    finger.tap(f"{letter} 5")
    assert finger.taps - taps == 2
    while ui.top.name == "confirm":
        answer(ui)  # what the card shows (a key press, not a tap)
    slot = ui.game.state.slots[index]
    assert (slot.buyer, slot.price) == (pid, 5)
    if ui.game.state.settling < len(ui.game.state.slots):
        assert f"{letter} 1" in finger.labels() or not buy_prices(ui.game.state, pid)
        assert "5\u20138 \u203a" in finger.labels()


def test_a_players_own_button_counts_the_price_up_and_ok_records_it(tmp_path):
    ui = open_purchase(tmp_path, (800, 480), 4, lambda b, a: a.phase in (
        Phase.DEMAND, Phase.PURCHASE) and a.settling < len(a.slots) and any(
        len(buy_prices(a, p)) >= 3 for p in a.players))
    state = ui.game.state
    index = state.settling
    pid = next(p for p in state.players if len(buy_prices(state, p)) >= 3)
    finger = Finger(ui)
    before = own(finger.frame())
    ui.intent(it.PlayerButton(pid))
    ui.intent(it.PlayerButton(pid))
    assert ui.top.primary()[0] == f"{words.player_name(state, pid)} pays 2"
    assert ui.game.state.actions == state.actions  # not recorded yet
    assert "price +1" in ui.top.hint()
    assert moved(before, own(finger.frame())) == []
    ui.intent(it.Undo())  # takes back the last press: price 1
    assert ui.top.primary()[0] == f"{words.player_name(state, pid)} pays 1"
    ui.intent(it.PlayerButton(pid))
    ui.intent(it.Ok())
    while ui.top.name == "confirm":
        answer(ui)  # what the card shows (a key press, not a tap)
    slot = ui.game.state.slots[index]
    assert (slot.outcome, slot.buyer, slot.price) == (Outcome.BOUGHT, pid, 2)
