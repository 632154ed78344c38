"""companion/engine/errors.py: a refusal is data (a stable code and JSON parameters), and its
English sentence, `str(err)`, is the one messages.py makes from them."""

from __future__ import annotations

import json

import pytest

from companion.engine import Buy, RecordError, RuleError, Setup, apply, new_game, parse_line


def test_an_unknown_code_is_a_programming_error() -> None:
    with pytest.raises(KeyError):
        RuleError("no_such_code")


def test_a_refusal_carries_its_code_and_params_and_the_same_sentence(catalogue) -> None:
    state = new_game(Setup(players=("red", "blue"), first="red"), catalogue)
    with pytest.raises(RuleError) as caught:
        apply(state, Buy("red", 0, 3))
    err = caught.value
    assert isinstance(err, ValueError)
    assert err.code == "wrong_phase"
    assert err.params == {"doing": "buy", "wanted_phase": "purchase", "phase": "supply"}
    assert str(err) == ("buying a card belongs to the Purchase phase; "
                        "the game is in the Supply phase")
    assert json.loads(json.dumps(err.to_json())) == {"code": "wrong_phase",
                                                     "params": err.params}


def test_a_malformed_line_is_a_record_error_with_a_code() -> None:
    with pytest.raises(RecordError) as caught:
        parse_line('{"type": "buy", "player": "red", "slot": 0, "price": 9}')
    assert caught.value.code == "line_not_number"
    assert caught.value.params == {"key": "price", "low": 1, "high": 8, "given": "9"}
    assert str(caught.value) == '"price" must be a whole number 1-8, not 9'


def test_a_refusal_survives_pickle_and_copy() -> None:
    import copy
    import pickle

    err = RecordError("line_not_number", key="slot", low=0, high=99, given="-1")
    err.line = 3
    for again in (pickle.loads(pickle.dumps(err)), copy.copy(err)):
        assert type(again) is RecordError and again.line == 3
        assert (again.code, again.params, str(again)) == (err.code, err.params, str(err))
