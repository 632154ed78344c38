"""`printed.taken_back` and `printed.value_before`: a value confirmed by the tap that
revealed its card, a reveal since undone (QA: a fireman revealed with a mis-tapped
value), read from the game's record alone."""

from __future__ import annotations

from companion.engine import ConfirmValue, Redo, Reveal, Setup, Undo
from companion.engine.cards import Catalogue
from companion.engine.printed import pin_printed, taken_back, value_before
from companion.engine.record import replay_actions

SETUP = Setup(players=("red", "blue"), first="red")


def game(catalogue: Catalogue, *actions: object) -> tuple[list, object]:
    record = [pin_printed(SETUP, catalogue), *actions]
    return record, replay_actions(record, catalogue)


def test_a_tap_s_value_is_taken_back_with_its_reveal_only(catalogue):
    tap = [ConfirmValue("A-fireman-1", "value", 2), Reveal("A-fireman-1")]
    record, state = game(catalogue, *tap)
    assert taken_back(state, record) == frozenset()  # revealed: the game showed it
    record, state = game(catalogue, *tap, Undo())
    assert taken_back(state, record) == {"A-fireman-1"}
    assert state.catalogue["A-fireman-1"].value == 2  # the record's meaning is unchanged
    assert value_before(record, "A-fireman-1", "value") is None  # it was a guess
    record, state = game(catalogue, *tap, Undo(), Redo())
    assert taken_back(state, record) == frozenset()
    # Corrected after the Undo, by the next tap: that one is in effect.
    record, state = game(catalogue, *tap, Undo(), ConfirmValue("A-fireman-1", "value", 3),
                         Reveal("A-fireman-1"))
    assert taken_back(state, record) == frozenset()
    assert state.catalogue["A-fireman-1"].value == 3
    # That one undone too: what came before both taps is still the guess.
    record, state = game(catalogue, *tap, Undo(), ConfirmValue("A-fireman-1", "value", 3),
                         Reveal("A-fireman-1"), Undo())
    assert taken_back(state, record) == {"A-fireman-1"}
    assert value_before(record, "A-fireman-1", "value") is None


def test_a_value_confirmed_apart_from_a_reveal_stays(catalogue):
    # Confirmed on its own (not by the tap that revealed it), or before the game.
    record, state = game(catalogue, ConfirmValue("A-fireman-1", "value", 2))
    assert taken_back(state, record) == frozenset()
    pinned = Setup(players=("red", "blue"), first="red",
                   cards={"A-fireman-1": {"value": 4}})
    record = [pin_printed(pinned, catalogue), ConfirmValue("A-fireman-1", "value", 2),
              Reveal("A-fireman-1"), Undo()]
    state = replay_actions(record, catalogue)
    assert taken_back(state, record) == {"A-fireman-1"}
    assert value_before(record, "A-fireman-1", "value") == 4
