"""docs/rules.md "What the engine refuses", through `replay` on the command line.

Each case builds a legal record, appends one bad line and replays it:
exit status 3, ``line N: <rule>`` on stderr, and with ``--json`` the state
before that line plus ``"error": {"line": N, "code": ..., "params": ..., "message": ...}``
(asserted by its code and parameters, not by the English message) — the same
state as the replay of the record without the bad line.

Most cases call `companion.cli.main` in-process (the code `python -m
companion` runs, minus the process start); a few run a real subprocess.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.engine import Discard, Undo, replay, to_record
from companion.engine.messages import english
from companion.paths import SHIPPED_CONFIG_DIR

REPO = Path(__file__).resolve().parents[2]


def run_replay(capsys, tmp_path, data: bytes) -> tuple[int, dict, str]:
    record = tmp_path / "game.jsonl"
    record.write_bytes(data)
    status = cli.main(["replay", str(record), "--json", "--config", str(SHIPPED_CONFIG_DIR),
                       "--state-dir", str(tmp_path / "state")])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "unexpected" not in err, err
    result = json.loads(out)
    if "error" in result:
        # The refusal as data: its code and parameters make exactly the message.
        error = result["error"]
        assert set(error) == {"line", "message", "code", "params"}, error
        assert english(error["code"], error["params"]) == error["message"]
    return status, result, err


def check_refused(
    capsys, tmp_path, catalogue, t, bad: dict | bytes | str, code: str, params: dict
) -> str:
    """Replay `t`'s record plus `bad`; assert the refusal by its code; return the message."""
    good = to_record(t.actions).encode("utf-8")
    if isinstance(bad, dict):
        bad = json.dumps(bad)
    line = bad if isinstance(bad, bytes) else bad.encode("utf-8")
    number = len(t.actions) + 1
    status, state, err = run_replay(capsys, tmp_path, good + line + b"\n")
    assert status == 3
    error = state.pop("error")
    assert error["line"] == number
    assert error["code"] == code and params.items() <= error["params"].items(), error
    assert f"line {number}: {error['message']}" in err
    # The state is the one before the bad line.
    assert state == replay(good, catalogue).to_json() == t.json
    return str(error["message"])


# --- the refusals of docs/rules.md -----------------------------------------------------


def tracked_purchase(table, loaded):
    t = table(2).supply()
    t.place(*[s.card for s in t.state.slots] * 2)
    assert t.offer() == ("red", 0, 2)
    return t


def five_on_one_card(table, loaded):
    t = table(5).supply()
    t.place(*[t.state.slots[0].card] * 8)
    return t


def red_placed_three(table, loaded):
    t = table(2).supply()
    return t.place(t.state.slots[0].card, t.state.slots[1].card, t.state.slots[0].card,
                   t.state.slots[1].card, t.state.slots[0].card)


def warehouse_full(table, loaded):
    t = loaded()
    for good in ("coffee", "tea", "saffron"):
        t.move("red", good, "dock", "warehouse")
    t.done().supply(("B-ship-3", ("rubber", "rubber", "tea"))).quick({"B-ship-3": ("red", 1)})
    return t.move("red", "rubber", "dock", "warehouse")


def contract_full(table, loaded):
    t = loaded()
    t.move("red", "coffee", "dock", "A-contract-1")
    return t.move("red", "tea", "dock", "A-contract-1")


def market_used(table, loaded):
    return loaded().move("blue", "rubber", "dock", "market")


def in_purchase(table, loaded):
    return table(2).supply().do(Discard(0))


def redo_cleared(table, loaded):
    return table(2).reveal("A-warehouse").do(Undo()).reveal("A-vulcanizer")


CASES = {
    "buying out of turn": (
        tracked_purchase, {"type": "buy", "player": "blue", "slot": 0}, "not_your_offer",
        {"player": "red", "slot": 0}),
    "passing out of turn": (
        tracked_purchase, {"type": "pass", "player": "blue", "slot": 0}, "not_your_offer",
        {"player": "red", "slot": 0}),
    "buying without the coins (quick)": (
        lambda table, loaded: table(2).supply(),
        {"type": "buy", "player": "red", "slot": 0, "price": 6}, "cannot_pay",
        {"player": "red", "price": 6, "coins": 5}),
    "a 9th worker on a card": (
        five_on_one_card, {"type": "place", "player": "yellow", "slot": 0}, "card_full",
        {"count": 8}),
    "a 4th worker for a player": (
        red_placed_three, {"type": "place", "player": "red", "slot": 2},
        "no_workers_left", {"player": "red", "count": 3}),
    "a cube on a contract of another colour": (
        lambda table, loaded: loaded(),
        {"type": "move", "player": "red", "good": "saffron", "from": "dock", "to": "A-contract-1"},
        "contract_wrong_good", {"good": "saffron"}),
    "a cube on a full contract": (
        contract_full,
        {"type": "move", "player": "red", "good": "saffron", "from": "dock", "to": "A-contract-1"},
        "contract_complete", {"card": "A-contract-1"}),
    "a merchant one does not own": (
        lambda table, loaded: loaded(),
        {"type": "move", "player": "blue", "good": "carpet", "from": "dock", "to": "merchant"},
        "no_merchant", {"player": "blue", "good": "carpet"}),
    "a warehouse one does not own": (
        lambda table, loaded: loaded(),
        {"type": "move", "player": "blue", "good": "carpet", "from": "dock", "to": "warehouse"},
        "warehouse_owned", {"owner": "red"}),
    "a bank one does not own (no action uses a bank: it is not a place for cubes)": (
        lambda table, loaded: loaded(),
        {"type": "move", "player": "blue", "good": "carpet", "from": "dock", "to": "C-bank"},
        "not_a_contract", {"card": "C-bank"}),
    "a 5th cube in the warehouse": (
        warehouse_full,
        {"type": "move", "player": "red", "good": "rubber", "from": "dock", "to": "warehouse"},
        "warehouse_full", {"count": 4}),
    "a 2nd cube in the market hall": (
        market_used,
        {"type": "move", "player": "blue", "good": "carpet", "from": "dock", "to": "market"},
        "market_full", {}),
    "a conversion into a good the stock lacks": (
        lambda table, loaded: loaded(),
        {"type": "convert", "player": "red",
         "give": [["coffee", "dock"], ["tea", "dock"], ["saffron", "dock"]], "take": "tea"},
        "stock_empty", {"good": "tea"}),
    "trading: a cube onto another player's contract": (
        lambda table, loaded: loaded(),
        {"type": "move", "player": "blue", "good": "carpet", "from": "dock", "to": "A-contract-1"},
        "contract_owned", {"card": "A-contract-1", "owner": "red"}),
    "trading: a cube from a contract": (
        contract_full,
        {"type": "move", "player": "red", "good": "tea", "from": "A-contract-1", "to": "market"},
        "line_not_store", {"key": "from", "given": '"A-contract-1"'}),
    "a card already seen": (
        lambda table, loaded: table(2).reveal("A-warehouse"),
        {"type": "reveal", "card": "A-warehouse"}, "card_revealed", {"card": "A-warehouse"}),
    "a card removed for this player count": (
        lambda table, loaded: table(2).skip_rounds(12, fires_first=True),
        {"type": "reveal", "card": "D-port"}, "card_removed", {"card": "D-port", "count": 2}),
    "an unknown card": (
        lambda table, loaded: table(2), {"type": "reveal", "card": "D-mayor"}, "unknown_card",
        {"card": "D-mayor"}),
    "a card of a later season": (
        lambda table, loaded: table(2),
        {"type": "reveal", "card": "C-bank"}, "season_order", {"season": "C", "top": "A"}),
    "the 4th fire revealed": (
        lambda table, loaded: table(2), {"type": "reveal", "card": "E-fire"},
        "fourth_fire_revealed", {}),
    "an unknown player": (
        lambda table, loaded: table(2).supply(),
        {"type": "buy", "player": "grey", "slot": 0, "price": 1}, "unknown_player",
        {"player": "grey"}),
    "wrong phase: reveal in Demand": (
        lambda table, loaded: table(2).supply(), {"type": "reveal", "card": "A-warehouse"},
        "wrong_phase", {"wanted_phase": "supply", "phase": "demand"}),
    "wrong phase: place in Supply": (
        lambda table, loaded: table(2), {"type": "place", "player": "red", "slot": 0},
        "wrong_phase", {"wanted_phase": "demand", "phase": "supply"}),
    "wrong phase: buy in Loading": (
        lambda table, loaded: loaded(), {"type": "buy", "player": "red", "slot": 0, "price": 1},
        "wrong_phase", {"wanted_phase": "purchase", "phase": "loading"}),
    "wrong phase: move in Supply": (
        lambda table, loaded: table(2),
        {"type": "move", "player": "red", "good": "tea", "from": "dock", "to": "market"},
        "wrong_phase", {"wanted_phase": "loading", "phase": "supply"}),
    "wrong phase: done in Purchase": (
        in_purchase, {"type": "done"}, "wrong_phase",
        {"wanted_phase": "loading", "phase": "purchase"}),
    "wrong phase: anything after the game is over": (
        lambda table, loaded: table(2).play_out(), {"type": "done"}, "game_over", {"type": "done"}),
    "a second setup": (
        lambda table, loaded: table(2),
        {"type": "setup", "players": ["red", "blue"], "first": "red"},
        "record_setup_not_first", {}),
    "coins below 0": (
        lambda table, loaded: table(2),
        {"type": "adjust", "player": "red", "coins": -6, "reason": "typo"}, "coins_below_zero",
        {"player": "red", "coins": 5}),
    "undo with nothing to undo": (
        lambda table, loaded: table(2), {"type": "undo"}, "nothing_to_undo", {}),
    "redo after a new action": (
        redo_cleared, {"type": "redo"}, "nothing_to_redo", {}),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_refusals_exit_3_with_the_rule_and_the_state_before(
    capsys, tmp_path, catalogue, table, loaded, case
):
    build, bad, code, params = CASES[case]
    t = build(table, loaded)
    check_refused(capsys, tmp_path, catalogue, t, bad, code, params)


# --- malformed lines ---------------------------------------------------------------

SETUP = b'{"type": "setup", "players": ["red", "blue"], "first": "red"}\n'

MALFORMED = {
    "bad JSON": (SETUP + b'{"type": "reveal", "card": \n', 2, "line_not_json", {"column": 28}),
    "bad UTF-8": (SETUP + b'{"type": "reveal", "card": "A-\xff"}\n', 2, "line_not_utf8",
        {"byte": 30}),
    "an array": (SETUP + b'["reveal", "A-warehouse"]\n', 2, "line_not_object",
        {"type_name": "list"}),
    "a bare string": (SETUP + b'"reveal"\n', 2, "line_not_object", {"type_name": "str"}),
    "a value out of range": (
        SETUP + b'{"type": "reveal", "card": "A-warehouse"}\n'
        b'{"type": "reveal", "card": "A-vulcanizer"}\n{"type": "reveal", "card": "A-tea-taster"}\n'
        b'{"type": "buy", "player": "red", "slot": 0, "price": 9}\n', 5, "line_not_number",
        {"key": "price", "low": 1, "high": 8}),
    "a negative slot": (
        SETUP + b'{"type": "reveal", "card": "A-warehouse"}\n'
        b'{"type": "reveal", "card": "A-vulcanizer"}\n{"type": "reveal", "card": "A-tea-taster"}\n'
        b'{"type": "place", "player": "red", "slot": -1}\n', 5, "line_not_number",
        {"key": "slot", "low": 0, "high": 99}),
    "a slot that is not a number": (
        SETUP + b'{"type": "place", "player": "red", "slot": "0"}\n', 2, "line_not_number",
        {"key": "slot", "given": '"0"'}),
    "a boolean for a number": (
        SETUP + b'{"type": "adjust", "player": "red", "coins": true, "reason": "x"}\n', 2,
        "line_not_number", {"key": "coins", "given": "true"}),
    "an unknown key": (SETUP + b'{"type": "done", "when": "now"}\n', 2, "line_unknown_key",
        {"type": "done", "keys": ['"when"']}),
    "a missing key": (SETUP + b'{"type": "reveal"}\n', 2, "line_missing_key",
        {"type": "reveal", "keys": ['"card"']}),
    "an unknown type": (SETUP + b'{"type": "trade", "player": "red"}\n', 2, "line_unknown_type",
        {"given": '"trade"'}),
    "an empty record": (b"", 1, "record_empty", {}),
    "a record of blank lines": (b"\n  \n\n", 1, "record_empty", {}),
    "a first line that is not setup": (b'{"type": "reveal", "card": "A-warehouse"}\n', 1,
                                       "record_not_setup_first", {"type": "reveal"}),
    "a bad setup": (b'{"type": "setup", "players": ["red"], "first": "red"}\n', 1, "player_count",
        {"count": 1}),
    "a bad first line": (b"setup red blue\n", 1, "line_not_json", {"column": 1}),
    "deep nesting": (SETUP + b"[" * 60000 + b"\n", 2, "line_too_deep", {}),
    "a time that is not a string": (SETUP + b'{"type": "done", "t": 5}\n', 2, "line_bad_time", {}),
}


@pytest.mark.parametrize("case", list(MALFORMED), ids=list(MALFORMED))
def test_malformed_lines_are_errors_on_their_line(capsys, tmp_path, catalogue, case):
    data, number, code, params = MALFORMED[case]
    status, state, err = run_replay(capsys, tmp_path, data)
    assert status == 3
    error = state.pop("error")
    assert error["line"] == number and error["code"] == code, error
    assert params.items() <= error["params"].items(), error
    assert f"line {number}: " in err
    before = b"\n".join(data.split(b"\n")[: number - 1])
    expected = replay(before, catalogue).to_json() if number > 1 else {}
    assert state == expected


# --- a real process ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "number"),
    [(SETUP + b'{"type": "place", "player": "red", "slot": 0}\n', 2), (b"\xff\xfe\n", 1)],
)
def test_python_m_companion_replay_exits_3_without_a_traceback(tmp_path, data, number):
    record = tmp_path / "bad.jsonl"
    record.write_bytes(data)
    base = [sys.executable, "-m", "companion", "replay", str(record),
            "--config", str(SHIPPED_CONFIG_DIR), "--state-dir", str(tmp_path / "state")]
    plain = subprocess.run(base, capture_output=True, text=True, cwd=REPO, timeout=60)
    assert plain.returncode == 3
    assert f"line {number}: " in plain.stderr and "Traceback" not in plain.stderr
    as_json = subprocess.run(base + ["--json"], capture_output=True, text=True, cwd=REPO,
                             timeout=60)
    assert as_json.returncode == 3 and "Traceback" not in as_json.stderr
    assert json.loads(as_json.stdout)["error"]["line"] == number


@pytest.mark.parametrize(("language", "said"), [
    ("de", "line 2: Einen Arbeiter einsetzen gehört in die Phase Nachfrage; "
           "das Spiel ist in der Phase Angebot."),
    ("fr", "line 2: Placer un ouvrier appartient à la phase Demande\u202f; "
           "la partie est en phase Approvisionnement."),
])
def test_replay_says_the_refusal_in_the_language_from_its_code(capsys, tmp_path, language, said):
    record = tmp_path / "game.jsonl"
    record.write_bytes(SETUP + b'{"type": "place", "player": "red", "slot": 0}\n')
    try:
        status = cli.main(["replay", str(record), "--language", language, "--json", "--config",
                           str(SHIPPED_CONFIG_DIR), "--state-dir", str(tmp_path / "s")])
    finally:
        from companion.texts.i18n import set_language

        set_language("en")
    out, err = capsys.readouterr()
    assert status == 3 and said in err
    error = json.loads(out)["error"]
    assert error["code"] == "wrong_phase" and error["message"].startswith("placing a worker")
