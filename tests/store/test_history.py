"""History: finished games with every score category, statistics per player name, migrations."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.engine import SCORE_CATEGORIES, Catalogue, Setup, State
from companion.store import GameSession, History
from companion.store import history as history_module
from tests.store.storetools import generated

CLI = Callable[..., tuple[int, str, str]]

#: Three games, the same people in different seats and colours (and one new player).
TABLES = [
    (41, {"red": "Anna", "blue": "Ben", "green": "Clara"}),
    (42, {"red": "Ben", "blue": "anna", "green": "Dora"}),
    (43, {"red": "Clara", "blue": "Anna", "green": "Ben"}),
]


def _play_named(state_dir: Path, catalogue: Catalogue, seed: int,
                names: dict[str, str]) -> State:
    actions, _ = generated(seed, 3, "mixed", 0.0)
    setup = actions[0]
    assert isinstance(setup, Setup)
    named = Setup(players=setup.players, first=setup.first, names=names)
    with GameSession.start(state_dir, catalogue, named) as session:
        for action in actions[1:]:
            session.submit(action)
        assert session.finished
        return session.state


@pytest.fixture
def finished(state_dir: Path, catalogue: Catalogue) -> list[State]:
    return [_play_named(state_dir, catalogue, seed, names) for seed, names in TABLES]


def test_games_keep_players_scores_winners_and_record(
    state_dir: Path, finished: list[State]
) -> None:
    games = History(state_dir).games()
    assert [g.id for g in games] == [3, 2, 1]  # latest first
    for game, state in zip(reversed(games), finished, strict=True):
        assert state.final is not None
        assert [p.player_id for p in game.players] == list(state.players)
        assert [p.colour for p in game.players] == ["red", "blue", "green"]
        for player in game.players:
            scores = state.final.scores[player.player_id]
            assert player.total == scores["total"]
            assert player.scores == {c: scores[c] for c in SCORE_CATEGORIES}
            assert player.name == state.names[player.player_id]
        assert {p.player_id for p in game.winners} == set(state.final.winners)
        assert game.rounds == state.round
        assert game.duration_seconds is not None and game.duration_seconds >= 0
        assert History(state_dir).game(game.id).record.count("\n") == state.actions + 1


def test_statistics_per_player_name(state_dir: Path, finished: list[State]) -> None:
    expected: dict[str, dict[str, list[int] | int]] = {}
    for (_, names), state in zip(TABLES, finished, strict=True):
        assert state.final is not None
        for pid, name in names.items():
            entry = expected.setdefault(name.casefold(), {"totals": [], "wins": 0})
            entry["totals"].append(state.final.scores[pid]["total"])  # type: ignore[union-attr]
            entry["wins"] += pid in state.final.winners  # type: ignore[operator]
    stats = {s.name.casefold(): s for s in History(state_dir).player_stats()}
    assert set(stats) == {"anna", "ben", "clara", "dora"}
    assert stats["anna"].name == "Anna"  # spelled as in the latest game
    for key, entry in expected.items():
        totals = entry["totals"]
        assert isinstance(totals, list)
        assert stats[key].games == len(totals)
        assert stats[key].wins == entry["wins"]
        assert stats[key].best_total == max(totals)
        assert stats[key].average_total == pytest.approx(sum(totals) / len(totals))
    # Favourite category: the one that brought Ben the most points over his three games.
    ben = {c: 0 for c in SCORE_CATEGORIES}
    for (_, names), state in zip(TABLES, finished, strict=True):
        pid = next(p for p, n in names.items() if n == "Ben")
        for c in SCORE_CATEGORIES:
            ben[c] += state.final.scores[pid][c]  # type: ignore[union-attr]
    assert stats["ben"].favourite_category == max(SCORE_CATEGORIES, key=lambda c: ben[c])


def test_known_names_are_the_names_given_latest_first(
    state_dir: Path, finished: list[State], catalogue: Catalogue
) -> None:
    assert History(state_dir).known_names() == ["Clara", "Anna", "Ben", "Dora"]


def test_history_command(state_dir: Path, finished: list[State], cli_run: CLI) -> None:
    code, out, err = cli_run("history")
    assert code == 0, err
    assert "#3" in out and "Anna" in out and "favourite" in out
    code, out, err = cli_run("history", "--json")
    data = json.loads(out)
    assert [g["id"] for g in data["games"]] == [3, 2, 1]
    assert {p["name"] for p in data["players"]} == {"Anna", "Ben", "Clara", "Dora"}


def test_no_history_yet_creates_nothing(state_dir: Path, cli_run: CLI) -> None:
    assert History(state_dir).games() == [] and History(state_dir).known_names() == []
    code, out, _ = cli_run("history")
    assert code == 0 and "No finished games" in out
    assert not state_dir.exists()


def test_a_migration_keeps_every_game_and_a_backup(
    state_dir: Path, finished: list[State], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = History(state_dir).games()

    def to_v2(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE games ADD COLUMN location TEXT")

    monkeypatch.setattr(history_module, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(history_module.MIGRATIONS, 2, to_v2)
    history = History(state_dir)
    assert history.games() == before
    conn = sqlite3.connect(state_dir / "history.db")
    assert conn.execute("SELECT version FROM schema_version").fetchall() == [(2,)]
    assert "location" in [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    backup = sqlite3.connect(state_dir / "history.db.before-v2")
    assert backup.execute("SELECT version FROM schema_version").fetchall() == [(1,)]
    assert backup.execute("SELECT COUNT(*) FROM games").fetchone() == (3,)


def test_a_failed_migration_changes_nothing(
    state_dir: Path, finished: list[State], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE games ADD COLUMN place TEXT")
        conn.execute("THIS IS NOT SQL")

    monkeypatch.setattr(history_module, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(history_module.MIGRATIONS, 2, broken)
    with pytest.raises(history_module.HistoryError, match="left as it was"):
        History(state_dir)
    monkeypatch.undo()
    assert len(History(state_dir).games()) == 3
