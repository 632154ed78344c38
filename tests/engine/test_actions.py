"""companion/engine/actions.py: the actions as record lines (docs/record-format.md, the JSON
Lines format, line by line): each action's line, and the lines refused as malformed."""

from __future__ import annotations

import json

import pytest

from companion.engine import (
    Adjust,
    Buy,
    Convert,
    Discard,
    Done,
    MarketSell,
    Move,
    Pass,
    Place,
    RecordError,
    Redo,
    Reveal,
    Setup,
    Undo,
    parse_line,
)
from tests.engine.refusals import refused

EVERY_ACTION = [
    Setup(players=("red", "blue"), first="blue", names={"red": "Zoë"},
          cards={"B-fire": {"points": 4}}),
    Reveal("B-ship-1", ("tea", "tea", "rubber")),
    Reveal("A-warehouse"),
    Place("red", 2),
    Buy("red", 0),
    Buy("blue", 1, 3),
    Pass("blue", 0),
    Discard(4),
    Move("red", "tea", "dock", "A-contract-1"),
    Convert("red", (("tea", "dock"), ("tea", "warehouse"), ("rubber", "market")), "coffee"),
    MarketSell("blue", (("carpet", "dock"), ("carpet", "dock"))),
    Done(),
    Adjust("red", reason="miscounted", coins=-2, points=1),
    Adjust("red", reason="bonus", points=3),
    Undo(),
    Redo(),
]


@pytest.mark.parametrize("action", EVERY_ACTION, ids=[a.type for a in EVERY_ACTION])
def test_every_action_survives_a_trip_through_its_line(action):
    line = action.to_line()
    assert "\n" not in line
    assert parse_line(line) == action
    assert parse_line(line.encode("utf-8")) == action
    assert json.loads(line)["type"] == action.type


def test_move_writes_from_not_source():
    assert Move("red", "tea", "dock", "market").to_json() == {
        "type": "move", "player": "red", "good": "tea", "from": "dock", "to": "market"}


def test_the_time_key_is_ignored():
    assert parse_line('{"type": "done", "t": "2026-11-25T21:00:00Z"}') == Done()


@pytest.mark.parametrize(
    ("line", "code", "params"),
    [
        ('{"type": "buy", "player": "red", "slot": 0, "price": 1.0}', "line_not_number",
         {"key": "price", "low": 1, "high": 8}),
        ('{"type": "buy", "player": "red", "slot": 1e2}', "line_not_number",
         {"key": "slot", "low": 0, "high": 99}),
        ('{"type": "reveal", "card": "B-ship-1", "goods": "tea"}', "line_bad_goods", {}),
        ('{"type": "reveal", "card": "B-ship-1", "goods": ["gold", "tea", "tea"]}',
         "line_not_good", {"key": "goods", "given": '"gold"'}),
        ('{"type": "convert", "player": "red", "give": [["tea", "dock"]], "take": "tea"}',
         "line_not_pairs", {"key": "give", "count": 3}),
        ('{"type": "convert", "player": "red", "give": [["tea", "attic"], ["tea", "dock"],'
         ' ["tea", "dock"]], "take": "tea"}', "line_not_store",
         {"key": "give", "given": '"attic"'}),
        ('{"type": "market_sell", "player": "red", "give": [["tea"], ["tea", "dock"]]}',
         "line_not_pair", {"key": "give"}),
        ('{"type": "move", "player": "", "good": "tea", "from": "dock", "to": "market"}',
         "line_not_text", {"key": "player"}),
        ('{"type": "adjust", "player": "red", "reason": "x", "coins": 1000}', "line_not_number",
         {"key": "coins", "low": -999, "high": 999}),
        ('{"type": "setup", "players": "red blue", "first": "red"}', "line_bad_players", {}),
        ('{"type": "setup", "players": ["a", "b"], "first": "a", "names": ["x"]}',
         "line_bad_names", {}),
        ('{"type": "setup", "players": ["a", "b"], "first": "a", "cards": {"B-fire": 4}}',
         "line_bad_cards", {}),
        ('{"type": "undo", "player": "red"}', "line_unknown_key",
         {"type": "undo", "keys": ['"player"']}),
        ("{}", "line_unknown_type", {}),
        ("null", "line_not_object", {"type_name": "NoneType"}),
        ("NaN", "line_not_object", {"type_name": "float"}),
    ],
)
def test_malformed_values_are_record_errors(line, code, params):
    with pytest.raises(RecordError) as err:
        parse_line(line)
    refused(err.value, code, **params)
