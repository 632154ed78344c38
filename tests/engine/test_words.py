"""The game words are defined once (engine/words.py) and stay plain strings in JSON."""

from __future__ import annotations

import json
from enum import StrEnum

from companion.engine import Catalogue, State, replay, to_record, words
from companion.engine.simulate import random_game


def test_every_word_is_its_string() -> None:
    for enum in (words.Phase, words.Kind, words.Good, words.Colour, words.Form, words.Store,
                 words.Outcome, words.Category):
        for member in enum:
            assert issubclass(enum, StrEnum)
            assert member == member.value and hash(member) == hash(member.value)
            assert f"{member}" == member.value and json.dumps(member) == f'"{member.value}"'


def test_the_state_json_holds_plain_strings(catalogue: Catalogue) -> None:
    """A whole game's state and record read back the same as text: the enums are invisible."""
    actions, final = random_game(catalogue, 3, seed=4, form="mixed")
    text = json.dumps(final.to_json(), ensure_ascii=False)
    again = replay(to_record(actions), catalogue)
    assert again.error is None and isinstance(again.state, State)
    assert json.dumps(again.state.to_json(), ensure_ascii=False) == text
    assert json.loads(text)["phase"] == "over"
    assert list(json.loads(text)["final"]["scores"][final.players[0]]) == [
        *words.SCORE_CATEGORIES, words.TOTAL]


def test_the_catalogue_uses_the_kinds(catalogue: Catalogue) -> None:
    assert {card.kind for card in catalogue} == set(words.Kind)
    assert all(isinstance(card.kind, words.Kind) for card in catalogue)


def test_each_printed_value_is_described_once() -> None:
    assert words.PRINTED_FIELD == {"fire": "points", "fireman": "value", "contract": "goods"}
    fireman = words.printed_for_field("value")
    assert fireman is not None and (fireman.low, fireman.high) == (1, 5)
    assert fireman.allows(5) and not fireman.allows(6)
    assert words.printed_for_field("colour") is None
