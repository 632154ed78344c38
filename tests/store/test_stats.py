"""History rows, per-player statistics and a past game's final screen, from the history.

The statistics are checked against numbers worked out by hand from the
records' final scores (tests/engine/test_record.py works those out from the
rules). Players without a name are kept under their colour id:

shared-win: red 3 (merchants 1, counting offices 2), blue 3; both win.
third-fire-ending: red 14 (track 14) wins; blue, green, yellow, purple -14 (track).
every-category: red 27 (contracts 24, warehouse 3) wins; blue 14 (counting
    offices 14); green 21; yellow 9.

red: 3 games, 3 wins, average (3 + 14 + 27) / 3 = 44/3, best 27; per game:
    track 14/3, contracts 24/3 = 8, counting offices 2/3, warehouse 3/3 = 1,
    merchants 1/3.
blue: 3 games, 1 win, average (3 - 14 + 14) / 3 = 1, best 14; track -14/3,
    counting offices (2 + 14) / 3 = 16/3, merchants 1/3.
green: 2 games, 0 wins, average (-14 + 21) / 2 = 3.5, best 21.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion import formats
from companion.engine import SCORE_CATEGORIES, Catalogue, replay, score_player
from companion.engine.actions import parse_line
from companion.engine.record import split_lines, start
from companion.engine.rules import apply
from companion.store import History, stats
from companion.store.journal import game_key
from tests.store.storetools import generated, record_of, run_cli
from tests.store.test_bgstats import RECORDS, timed


def archive(state_dir: Path, catalogue: Catalogue, *names: str) -> History:
    history = History(state_dir)
    for name in names:
        record = timed(name) if name in {p.stem for p in RECORDS.glob("*.jsonl")} else name
        state = replay(record, catalogue).state
        assert state is not None and state.final is not None
        history.archive(game_key(record.split("\n")[0]), state, record)
    return history


def test_player_records_by_hand(catalogue: Catalogue, tmp_path: Path) -> None:
    with archive(tmp_path, catalogue, "shared-win", "third-fire-ending",
                 "every-category") as history:
        records = {r.name: r for r in stats.player_records(history.games())}
    red, blue, green = records["red"], records["blue"], records["green"]
    assert (red.games, red.wins, red.best_total) == (3, 3, 27)
    assert red.average_total == pytest.approx(44 / 3)
    assert red.average_by_category == pytest.approx({
        "track": 14 / 3, "contracts": 8, "counting_offices": 2 / 3, "chamber_of_commerce": 0,
        "port": 0, "boatsmen_church": 0, "st_michaelis": 0, "warehouse": 1,
        "merchants": 1 / 3,
    })
    assert (blue.games, blue.wins, blue.best_total, blue.average_total) == (3, 1, 14, 1)
    assert blue.average_by_category["counting_offices"] == pytest.approx(16 / 3)
    assert blue.average_by_category["track"] == pytest.approx(-14 / 3)
    assert (green.games, green.wins, green.best_total, green.average_total) == (2, 0, 21, 3.5)
    # Most wins first.
    assert [r.name for r in stats.player_records(History(tmp_path).games())][:2] == [
        "red", "blue"]


def test_history_rows_show_the_start_time_the_history_command_prints(
        catalogue: Catalogue, tmp_path: Path) -> None:
    with archive(tmp_path, catalogue, "bank-coin-tiebreak", "third-fire-ending") as history:
        rows = stats.game_rows(history.games())
    assert [row.when for row in rows] == ["2026-03-07 19:58 UTC"] * 2
    started = datetime(2026, 3, 7, 19, 58, 30, tzinfo=UTC)
    shown = formats.when(started, "en")  # as a person reads it, in local time
    assert "UTC" not in shown
    code, out, _ = run_cli(["history", "--state-dir", str(tmp_path)])
    assert code == 0
    for row in rows:
        assert f"#{row.id}  {shown}" in out
    tiebreak = next(r for r in rows if len(r.players) == 2)
    assert tiebreak.players == (("Bela", "blue", 0, True), ("Ruth", "red", 0, False))
    assert tiebreak.winners == ("Bela",)


def replay_json(record: str, tmp_path: Path) -> dict:
    path = tmp_path / "game.jsonl"
    path.write_text(record)
    code, out, err = run_cli(["replay", "--json", str(path), "--state-dir",
                              str(tmp_path / "none")])
    assert code == 0, err
    return json.loads(out)


def round_ends_by_prefix(record: str, catalogue: Catalogue) -> dict[str, list[int]]:
    """The running scores worked out another way: the state after each line, round by round.

    A round's value is taken when the next round starts (or the game ends); an
    undo back into an earlier round forgets the values from that round on.
    """
    lines = [line for _n, line in split_lines(record)]
    state = start(parse_line(lines[0]), catalogue)
    ends: dict[int, dict[str, int]] = {}
    for line in lines[1:]:
        before = state
        state = apply(state, parse_line(line))
        ends = {k: v for k, v in ends.items() if k < state.round}
        if state.round > before.round or state.is_over:
            k = state.round if state.is_over else before.round
            ends[k] = {p: score_player(state.catalogue, state.player(p))["total"]
                       for p in state.players}
    return {p: [0] + [ends[k][p] for k in sorted(ends)] for p in state.players}


@pytest.mark.parametrize("name", ["bank-coin-tiebreak", "every-category", "third-fire-ending"])
def test_a_reopened_game_equals_replay_of_its_record(
        name: str, catalogue: Catalogue, tmp_path: Path) -> None:
    with archive(tmp_path, catalogue, name) as history:
        game = history.game(history.games()[0].id)
    view = stats.final_view(game.record, catalogue)
    expected = replay_json(game.record, tmp_path)["final"]
    assert view.table == expected["scores"]
    assert list(view.ranking) == expected["ranking"]
    assert list(view.winners) == expected["winners"]
    assert {p.player_id: p.total for p in game.players} == {
        p: s["total"] for p, s in expected["scores"].items()}
    # The chart: one point per round end (and the start), ending at the totals.
    assert view.series == round_ends_by_prefix(game.record, catalogue)
    assert {p: s[-1] for p, s in view.series.items()} == {
        p: s["total"] for p, s in expected["scores"].items()}
    assert all(len(s) == view.state.round + 1 for s in view.series.values()) or \
        name == "third-fire-ending"  # its last Supply ends the game with no round end


def test_tie_breaks_by_hand(catalogue: Catalogue) -> None:
    coins = stats.final_view(timed("bank-coin-tiebreak"), catalogue).tie_break
    assert coins == stats.TieBreak(points=0, shared=False, coins=(41, 37))
    shared = stats.final_view(timed("shared-win"), catalogue).tie_break
    assert shared == stats.TieBreak(points=3, shared=True, coins=(32, 32))
    assert stats.final_view(timed("every-category"), catalogue).tie_break is None


def test_a_generated_game_with_undos_reopens_like_replay(
        catalogue: Catalogue, tmp_path: Path) -> None:
    actions, final = generated(31, players=4, undo_rate=0.1)
    record = record_of(actions)
    with archive(tmp_path, catalogue, record) as history:
        game = history.game(history.games()[0].id)
    view = stats.final_view(game.record, catalogue)
    assert view.table == replay_json(record, tmp_path)["final"]["scores"]
    assert view.series == round_ends_by_prefix(record, catalogue)
    assert set(view.table[view.ranking[0]]) == {*SCORE_CATEGORIES, "total"}


def test_an_unfinished_record_is_refused(catalogue: Catalogue) -> None:
    record = "".join(timed("shared-win").splitlines(True)[:5])
    with pytest.raises(stats.NotFinished):
        stats.final_view(record, catalogue)


def test_statistics_per_category_read_the_points_from_an_index_alone(
        catalogue: Catalogue, tmp_path: Path) -> None:
    """Issue 35, item 7: the sums per category join every player's row to its seven points;
    each must be found in an index holding the points (a covering index), never by a
    look-up in the scores table per row (10,000 games: 0.5 s against 0.16 s,
    benchmarks/history_scale.py). The plan SQLite picks is what decides it."""
    history = archive(tmp_path, catalogue, "every-category")
    conn = history._conn
    assert conn is not None
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    history.player_stats()
    conn.set_trace_callback(None)
    joins = [s for s in statements if "JOIN scores" in s]
    assert joins, statements
    for sql in joins:
        plan = " / ".join(row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql))
        assert "SEARCH s USING COVERING INDEX" in plan, plan
    history.close()
