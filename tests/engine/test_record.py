"""companion/engine/record.py: reading and replaying records.

The record as a file (line ends, line separators inside strings, `replay_actions` and
`to_record`), then data-driven record tests: tests/records/NAME.jsonl against
NAME.expected.json.

`NAME.expected.json` is exactly what `replay --json` prints (`Replay.to_json()`).
A dumped expectation alone cannot find a bug, so the key numbers of each
record are also worked out by hand from docs/rules.md below (`HAND`), and the
expected files must agree with them. Every record uses `setup.cards` for the
fire points and fireman values it relies on, never the placeholders.

fires-ties (3 players, 12 rounds, quick form)
    Firemen: red A-fireman-1 (2, round 1), blue A-fireman-2 (2, round 1),
    green B-fireman-3 (2, round 4 after B-fire), red C-fireman-1 (1, round 7
    after C-fire).
    B-fire 3: sums 2/2/0 -> tie at the highest: red, blue +3; green -3.
    C-fire 4: sums 2/2/2 -> all equal: nobody.
    D-fire 5: sums 3/2/2 -> red +5; tie at the lowest: blue, green -5.
    E-fire 6 (after round 12's income): red +6; blue, green -6.
    Track: red 3+5+6 = 14; blue 3-5-6 = -8; green -3-5-6 = -14 (below 0).
    Coins: 5 + income - prices. red bought in rounds 1 and 7 (1 coin each):
    5 + (10*2 + 2*1) - 2 = 25; blue (round 1): 5 + (11*2 + 1) - 1 = 27;
    green (round 4): 27. Firemen score 0: totals = track. red wins.

bank-coin-tiebreak (2 players, 16 rounds; fires all equal at 0 firemen)
    Rounds 1-8 nobody buys: 5 + 8*2 = 21 each.
    Round 9: blue buys C-bank for 3: red +2 -> 23; blue 21 - 3 + 1 + 1 (bank) = 20.
    Rounds 10-16 (7 rounds): red +2 each -> 37; blue +1 +1 +1 (bank) -> 20 + 21 = 41.
    Totals 0 and 0 (the bank scores 0): the tie goes to more coins -> blue.

shared-win (2 players, blue first)
    Round 1: red A-spice-trader for 2, blue A-vulcanizer for 2.
    Round 2: red A-counting-office for 1. Round 5: blue B-counting-office for 1.
    Each: 1 merchant + 1 counting office (2) = 3 points; coins
    5 + (14*2 + 2*1) - 3 = 32 each. Equal total and coins: both win.

every-category (4 players, 10 rounds)
    red: A-contract-1 (coffee+tea, 5), A-contract-3 (rubber+coffee+tea, 8),
    B-contract-3 (4 goods, 11), all filled from B-ship-1..3; B-ship-5's three
    rubber in the warehouse (3). 24 + 3 = 27. Bought in rounds 1, 3, 4, 5
    (8 cards at 1): 5 - 8 + (4*1 + 6*2) = 13 coins.
    blue: 4 counting offices (A, B, D-1, D-2) = 14; A-contract-2 never filled
    = 0. 5 cards at 1 in rounds 1, 3, 8, 9: 5 - 5 + 16 = 16 coins.
    green: coffee roaster + tea taster (2), sells B-ship-4's coffee and tea
    (+2 coins), keeps its saffron in the market hall (0 points); port with
    B-ship-4, C-ship-1, C-ship-2 (3); chamber of commerce = coins. 7 cards at 1
    in rounds 2, 4, 7, 8: 5 - 7 + 16 + 2 = 16 coins -> 2 + 3 + 16 = 21.
    yellow: spice trader + carpet trader (2), boatsmen church (3), St.
    Michaelis (4), bank (0) = 9. 5 cards at 1 in rounds 2, 5, 9: 5 - 5 +
    (3*1 + 7*2) + 6 (bank, rounds 5-10) = 23 coins.
    Cubes: red 9 on contracts + 3 in the warehouse, green 1 in the market
    hall; every ship was revealed, so the bag is empty and the stock holds 32.

third-fire-ending (5 players, green first)
    red A-fireman-1 (3) in round 1. B-fire 2 (round 3), C-fire 3 (round 5):
    red +2 +3, the rest -2 -3. Autumn's 12 regular cards in rounds 7-8 leave
    [D-fire, E] on the pile: round 9's Supply reveals D-fire (4) and then E (5)
    at once; no phases, no income. Track red 14, the rest -14.
    Coins: red 5 - 1 + (1 + 7*2) = 19; the rest 5 + 8*2 = 21.
    The metal coin passed 8 times from green: red holds it. round 9, last_round.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine import RecordError, Reveal, Setup, Undo, replay, replay_actions, to_record
from tests.engine.refusals import refused

RECORDS = Path(__file__).resolve().parents[1] / "records"
NAMES = sorted(p.name.removesuffix(".jsonl") for p in RECORDS.glob("*.jsonl"))

HAND: dict[str, dict] = {
    "fires-ties": {
        "round": 12, "first_player": "red",
        "coins": {"red": 25, "blue": 27, "green": 27},
        "track": {"red": 14, "blue": -8, "green": -14},
        "fires": [("B-fire", 3, ["red", "blue"], ["green"]), ("C-fire", 4, [], []),
                  ("D-fire", 5, ["red"], ["blue", "green"]),
                  ("E-fire", 6, ["red"], ["blue", "green"])],
        "totals": {"red": 14, "blue": -8, "green": -14},
        "ranking": ["red", "blue", "green"], "winners": ["red"],
    },
    "bank-coin-tiebreak": {
        "round": 16, "first_player": "red",
        "coins": {"red": 37, "blue": 41}, "track": {"red": 0, "blue": 0},
        "totals": {"red": 0, "blue": 0}, "ranking": ["blue", "red"], "winners": ["blue"],
    },
    "shared-win": {
        "round": 16, "first_player": "blue",
        "coins": {"red": 32, "blue": 32},
        "scores": {p: {"merchants": 1, "counting_offices": 2} for p in ("red", "blue")},
        "totals": {"red": 3, "blue": 3}, "ranking": ["red", "blue"], "winners": ["red", "blue"],
    },
    "every-category": {
        "round": 10, "first_player": "green",
        "coins": {"red": 13, "blue": 16, "green": 16, "yellow": 23},
        "scores": {
            "red": {"contracts": 24, "warehouse": 3},
            "blue": {"counting_offices": 14, "contracts": 0},
            "green": {"merchants": 2, "port": 3, "chamber_of_commerce": 16},
            "yellow": {"merchants": 2, "boatsmen_church": 3, "st_michaelis": 4},
        },
        "totals": {"red": 27, "blue": 14, "green": 21, "yellow": 9},
        "ranking": ["red", "green", "blue", "yellow"], "winners": ["red"],
        "bag": 0, "stock": 32,
    },
    "third-fire-ending": {
        "round": 9, "first_player": "red", "last_round": True,
        "coins": {"red": 19, "blue": 21, "green": 21, "yellow": 21, "purple": 21},
        "track": {"red": 14, "blue": -14, "green": -14, "yellow": -14, "purple": -14},
        "fires": [("B-fire", 2, ["red"], ["blue", "green", "yellow", "purple"]),
                  ("C-fire", 3, ["red"], ["blue", "green", "yellow", "purple"]),
                  ("D-fire", 4, ["red"], ["blue", "green", "yellow", "purple"]),
                  ("E-fire", 5, ["red"], ["blue", "green", "yellow", "purple"])],
        "totals": {"red": 14, "blue": -14, "green": -14, "yellow": -14, "purple": -14},
        "ranking": ["red", "blue", "green", "yellow", "purple"], "winners": ["red"],
    },
}


def test_every_record_has_an_expectation_and_a_hand_check():
    assert NAMES == sorted(HAND)
    for name in NAMES:
        assert (RECORDS / f"{name}.expected.json").is_file()


@pytest.mark.parametrize("name", NAMES)
def test_replay_gives_exactly_the_expected_json(catalogue, name):
    data = (RECORDS / f"{name}.jsonl").read_bytes()
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert replay(data, catalogue).to_json() == expected


@pytest.mark.parametrize("name", NAMES)
def test_the_expectation_agrees_with_the_numbers_worked_out_by_hand(name):
    state = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    hand = HAND[name]
    assert "error" not in state
    assert state["phase"] == "over"
    assert state["round"] == hand["round"]
    assert state["first_player"] == hand["first_player"]
    assert state["last_round"] is hand.get("last_round", True)
    players = state["players"]
    assert {p: s["coins"] for p, s in players.items()} == hand["coins"]
    if "track" in hand:
        assert {p: s["track"] for p, s in players.items()} == hand["track"]
    if "fires" in hand:
        got = [(f["card"], f["points"], f["gained"], f["lost"]) for f in state["fires"]]
        assert got == hand["fires"]
    final = state["final"]
    for pid, categories in hand.get("scores", {}).items():
        for category, points in categories.items():
            assert final["scores"][pid][category] == points, (pid, category)
    assert {p: s["total"] for p, s in final["scores"].items()} == hand["totals"]
    assert final["ranking"] == hand["ranking"]
    assert final["winners"] == hand["winners"]
    if "bag" in hand:
        assert sum(state["bag"].values()) == hand["bag"]
        assert sum(state["stock"].values()) == hand["stock"]


@pytest.mark.parametrize("name", NAMES)
def test_the_command_line_prints_the_expected_json(capsys, tmp_path, name):
    from companion import cli
    from companion.paths import SHIPPED_CONFIG_DIR

    status = cli.main(["replay", str(RECORDS / f"{name}.jsonl"), "--json",
                       "--config", str(SHIPPED_CONFIG_DIR), "--state-dir", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert status == 0
    expected = json.loads((RECORDS / f"{name}.expected.json").read_text(encoding="utf-8"))
    assert json.loads(out) == expected


def test_iter_states_steps_through_a_record_and_names_the_bad_line(catalogue):
    """The one replay loop: (line, action, state) per line, blank lines counted, and the
    refusal of the first bad line carries that line's number."""
    from companion.engine import RecordError, RuleError, iter_states, parse_line

    setup = '{"type": "setup", "players": ["red", "blue"], "first": "red"}'
    reveal = '{"type": "reveal", "card": "A-warehouse"}'
    text = f"{setup}\n\n{reveal}\n"
    steps = list(iter_states(text, catalogue))
    assert [(n, a.type) for n, a, _ in steps] == [(1, "setup"), (3, "reveal")]
    assert steps[1][2].slots[0].card == "A-warehouse"
    assert steps[1][2].previous is steps[0][2]
    # parsed actions are numbered from 1 and give the same states
    again = list(iter_states([parse_line(setup), parse_line(reveal)], catalogue))
    assert [s.to_json() for _, _, s in again] == [s.to_json() for _, _, s in steps]
    with pytest.raises(RuleError) as caught:
        list(iter_states(text + reveal + "\n", catalogue))
    assert caught.value.line == 4 and caught.value.code == "card_revealed"
    with pytest.raises(RecordError) as caught:
        list(iter_states(f"{reveal}\n", catalogue))
    assert caught.value.line == 1 and caught.value.code == "record_not_setup_first"
    assert list(iter_states("\n\n", catalogue)) == []


# --- the record as a file ------------------------------------------------------------

SETUP = '{"type": "setup", "players": ["red", "blue"], "first": "red"}'


def test_crlf_line_ends_and_blank_lines(catalogue):
    text = SETUP + "\r\n\r\n" + '{"type": "reveal", "card": "A-warehouse"}\r\n\r\n'
    result = replay(text.encode("utf-8"), catalogue)
    assert result.error is None and len(result.actions) == 2
    bad = text + '{"type": "reveal", "card": "A-warehouse"}\r\n'
    assert replay(bad.encode("utf-8"), catalogue).error.line == 5  # blank lines count


def test_line_separators_inside_json_strings(catalogue):
    """U+2028, U+0085 and U+001C are line breaks to str.splitlines, not to JSON Lines.

    (A display name may not hold them any more: docs/record-format.md, "Names"; a
    correction's reason may.)"""
    from companion.engine import Adjust

    setup = Setup(players=("red", "blue"), first="red")
    text = to_record([setup, Adjust("red", "A\u2028B", coins=1),
                      Adjust("blue", "C\x85D\x1cE", coins=1), Reveal("A-warehouse")])
    assert text.count("\n") == 4
    for data in (text, text.encode("utf-8")):
        result = replay(data, catalogue)
        assert result.error is None
        assert [a.reason for a in result.actions[1:3]] == ["A\u2028B", "C\x85D\x1cE"]


def test_replay_actions_and_to_record_agree(catalogue):
    actions = [Setup(players=("red", "blue"), first="red"), Reveal("A-warehouse"), Undo()]
    state = replay_actions(actions, catalogue)
    assert state.to_json() == replay(to_record(actions), catalogue).to_json()
    with pytest.raises(RecordError) as err:
        replay_actions([], catalogue)
    refused(err.value, "record_empty")
    with pytest.raises(RecordError) as err:
        replay_actions([Reveal("A-warehouse")], catalogue)
    refused(err.value, "record_not_setup_first", type="reveal")
