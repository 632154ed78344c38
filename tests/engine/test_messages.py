"""Refusals as data: every refusal has a code from the one table, its parameters are
JSON values, and the English sentence is made from them (engine/messages.py)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import companion
from companion.engine import Buy, RecordError, RuleError, Setup, apply, new_game, parse_line
from companion.engine.messages import DOING, MESSAGES, english, placeholders

ROOT = Path(companion.__file__).resolve().parent
ERRORS = {"RuleError", "RecordError", "_bad", "_phase_error"}


def raised_codes() -> dict[str, list[str]]:
    """Every code passed to a refusal in the package, with where (file:line)."""
    found: dict[str, list[str]] = {}
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in ERRORS or not node.args:
                continue
            arg = node.args[1] if name == "_bad" else node.args[0]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if isinstance(arg, ast.Name) and arg.id == "code":
                continue  # inside a helper that passes its caller's code on (cards._bad)
            if name == "_phase_error":
                found.setdefault("wrong_phase", []).append(where)
                continue
            assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), \
                f"{where}: a refusal's code must be a literal string"
            found.setdefault(arg.value, []).append(where)
    return found


def test_every_refusal_raised_has_a_code_in_the_table() -> None:
    codes = raised_codes()
    unknown = {code: where for code, where in codes.items() if code not in MESSAGES}
    assert not unknown
    unused = set(MESSAGES) - set(codes)
    assert not unused, f"codes nobody raises: {sorted(unused)}"


def test_codes_are_short_snake_case() -> None:
    for code in MESSAGES:
        assert code.isascii() and code.replace("_", "").isalnum() and code == code.lower()
        assert len(code) <= 32


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


def test_english_renders_the_words_of_the_parameters() -> None:
    assert english("season_order", {"card": "B-ship-1", "season": "B", "top": "A"}) == (
        "B-ship-1 belongs to Spring (B), but the pile shows Winter (A) cards: "
        "the seasons come out in order")
    assert english("cubes_short", {"player": "red", "have": 0, "good": "tea",
                                   "where": "market", "count": 1}) == (
        "red has 0 tea in the market hall, not 1")
    assert english("goods_not_ship", {"card": "A-bank", "kind": "counting_office"}) == (
        "only a ship carries goods; A-bank is a counting office")
    assert set(DOING) >= {"reveal", "place", "buy", "pass", "discard", "move", "convert",
                          "market_sell", "done"}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_template_formats_with_its_parameters(code: str) -> None:
    params = {name: 1 for name in placeholders(MESSAGES[code])}
    assert "{" not in english(code, params).replace("{\"", "")


def test_a_refusal_survives_pickle_and_copy() -> None:
    import copy
    import pickle

    err = RecordError("line_not_number", key="slot", low=0, high=99, given="-1")
    err.line = 3
    for again in (pickle.loads(pickle.dumps(err)), copy.copy(err)):
        assert type(again) is RecordError and again.line == 3
        assert (again.code, again.params, str(again)) == (err.code, err.params, str(err))
