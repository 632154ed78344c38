"""A damaged history.db never blocks a new game (issue 12, items 1 and 10).

Each kind of damage: the damaged file is set aside and kept (or, for a newer
schema, left untouched), the finished game reaches a history now or later, the
players are told, and the new game starts.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.engine import Catalogue, Setup
from companion.store import GameSession, History, HistoryError
from companion.store import history as history_module
from companion.store.history import PENDING_DIR
from companion.store.journal import JOURNAL_NAME
from tests.store.storetools import generated, record_of

CLI = Callable[..., tuple[int, str, str]]
NEW = Setup(players=("red", "blue"), first="blue")


def _finish_a_game(state_dir: Path, catalogue: Catalogue) -> None:
    """A finished game whose journal is still the current one (archived once)."""
    actions, _ = generated(22)
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:]:
            session.submit(action)
        assert session.finished
    assert len(History(state_dir).games()) == 1


def _garbage(db: Path) -> None:
    db.write_bytes(b"this is not a database, it is a shopping list\n" * 100)


def _truncated(db: Path) -> None:
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 3])


def _folder(db: Path) -> None:
    db.unlink()
    db.mkdir()
    (db / "something").write_text("x")


DAMAGE = {"garbage": _garbage, "truncated": _truncated, "a folder": _folder}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_history_is_set_aside_and_the_new_game_starts(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI, kind: str
) -> None:
    _finish_a_game(state_dir, catalogue)
    db = state_dir / "history.db"
    DAMAGE[kind](db)
    with GameSession.start(state_dir, catalogue, NEW) as session:
        assert session.state.phase == "supply"
        told = " ".join(session.warnings)
    (aside,) = [p for p in state_dir.iterdir() if p.name.startswith("history.db.damaged-")]
    assert aside.name in told and "set aside" in told and "fresh history" in told
    # The damaged file is kept as it was; the finished game is in the fresh history.
    assert aside.is_dir() == (kind == "a folder")
    (game,) = History(state_dir).games()
    assert game.rounds > 0
    # status and history say what happened.
    code, out, err = cli_run("history")
    assert code == 0 and aside.name in err and "#1" in out
    code, out, err = cli_run("status")
    assert code == 0 and aside.name in err


def test_a_history_of_a_newer_schema_is_left_untouched_and_the_game_waits(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI
) -> None:
    _finish_a_game(state_dir, catalogue)
    db = state_dir / "history.db"
    conn = sqlite3.connect(db)
    conn.execute("UPDATE schema_version SET version = 99")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with GameSession.start(state_dir, catalogue, NEW) as session:
        told = " ".join(session.warnings)
        assert session.state.phase == "supply"
    assert "newer version" in told and PENDING_DIR in told
    assert db.read_bytes() == before  # never touched
    (waiting,) = (state_dir / PENDING_DIR).iterdir()
    code, out, err = cli_run("status")
    assert code == 0 and "1 finished game(s)" in err and "wait for the history" in err
    # The companion is updated (here: the newer file goes away): the game is archived.
    db.unlink()
    with GameSession.resume(state_dir, catalogue) as session:  # type: ignore[union-attr]
        assert any("were added" in w for w in session.warnings)
    assert len(History(state_dir).games()) == 1
    assert not waiting.exists()


def test_a_history_that_is_not_ours_to_write_is_set_aside_not_called_read_only(
    state_dir: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A root-owned history.db (simulated: the tests may run as root)."""
    _finish_a_game(state_dir, catalogue)
    db = state_dir / "history.db"
    foreign = db.stat().st_ino
    real_connect = sqlite3.connect
    real_access = os.access

    def connect(path: object, *args: object, **kw: object) -> sqlite3.Connection:
        if os.path.exists(str(path)) and os.stat(str(path)).st_ino == foreign:
            return real_connect(f"file:{path}?mode=ro", *args, uri=True, **kw)  # type: ignore[arg-type]
        return real_connect(path, *args, **kw)  # type: ignore[arg-type]

    def access(path: object, mode: int, **kw: object) -> bool:
        if os.path.exists(str(path)) and os.stat(str(path)).st_ino == foreign:
            return False
        return real_access(path, mode, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(history_module.sqlite3, "connect", connect)
    monkeypatch.setattr(history_module.os, "access", access)
    with pytest.raises(HistoryError) as caught:
        with History(state_dir) as history:
            history.forget("nothing")
            history.archive("x", generated(22)[1], "{}\n")
    assert "not writable by the companion's user" in caught.value.message
    assert "read-only" not in caught.value.message
    with GameSession.start(state_dir, catalogue, NEW) as session:
        told = " ".join(session.warnings)
    assert "not writable" in told and "set aside" in told
    assert len(History(state_dir).games()) == 1


def test_a_full_disk_while_creating_the_history_says_so(
    state_dir: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_connect = sqlite3.connect

    def tiny(*args: object, **kw: object) -> sqlite3.Connection:
        conn = real_connect(*args, **kw)  # type: ignore[arg-type]
        conn.execute("PRAGMA max_page_count=1")  # the disk fills up at the second page
        return conn

    monkeypatch.setattr(history_module.sqlite3, "connect", tiny)
    other = state_dir.parent / "other"
    other.mkdir()
    with pytest.raises(HistoryError) as caught:
        History(other).archive("k", generated(22)[1], "{}\n")
    assert "storage is full" in caught.value.message
    assert "rollback" not in caught.value.message
    # At the end of a game it is a warning; the game itself is saved.
    actions, _ = generated(22)
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:]:
            session.submit(action)
        told = " ".join(session.warnings)
    assert "storage is full" in told and "rollback" not in told


def test_history_on_an_unreadable_state_directory_is_a_message(
    state_dir: Path, cli_run: CLI, monkeypatch: pytest.MonkeyPatch
) -> None:
    state_dir.mkdir()
    real_lstat = os.lstat

    def lstat(path: object, *args: object, **kw: object) -> os.stat_result:
        if str(path).startswith(str(state_dir) + os.sep):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_lstat(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(history_module.os, "lstat", lstat)
    code, out, err = cli_run("history")
    assert code == 1 and "no permission" in err and "Traceback" not in err


def test_a_damaged_history_at_the_end_of_a_game_is_set_aside_too(
    state_dir: Path, catalogue: Catalogue
) -> None:
    actions, _ = generated(22)
    state_dir.mkdir()
    _garbage(state_dir / "history.db")
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:]:
            session.submit(action)
        assert any("set aside" in w for w in session.warnings)
        assert session.history_id is not None
    assert (state_dir / JOURNAL_NAME).exists()
    assert len(History(state_dir).games()) == 1


# --- one damaged cell or record costs only its game (issue 20, items 2 and 3) ----------


def _three_games(state_dir: Path, catalogue: Catalogue) -> None:
    """Three finished games in history.db (ids 1, 2, 3)."""
    state_dir.mkdir(parents=True, exist_ok=True)
    with History(state_dir) as history:
        for seed in (22, 23, 24):
            actions, final = generated(seed)
            history.archive(f"game-{seed}", final, record_of(actions))
    assert History(state_dir).count() == 3


#: What one flipped bit in a record header makes of a cell of game 2.
CELLS = {
    "text points": "UPDATE scores SET points='1x' WHERE game_id=2",
    "text total": "UPDATE game_players SET total='4o' WHERE game_id=2 AND seat=1",
    "text duration": "UPDATE games SET duration_seconds='abc' WHERE id=2",
    "blob name": "UPDATE game_players SET name=X'00ff10' WHERE game_id=2 AND seat=0",
    "name not UTF-8": "UPDATE game_players SET name=CAST(X'416eff61' AS TEXT) WHERE game_id=2",
    "text rounds": "UPDATE games SET rounds='l2' WHERE id=2",
}


def _damage(state_dir: Path, sql: str) -> None:
    db = sqlite3.connect(state_dir / "history.db")
    with db:
        db.execute(sql)
    db.close()


@pytest.mark.parametrize("cell", list(CELLS))
def test_a_wrongly_typed_cell_leaves_out_only_its_game(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI, cell: str
) -> None:
    _three_games(state_dir, catalogue)
    _damage(state_dir, CELLS[cell])
    history = History(state_dir)
    assert [g.id for g in history.games()] == [3, 1]
    assert any(n.startswith("game #2 ") for n in history.notes), history.notes
    assert history.player_stats()  # the statistics of the others
    code, out, err = cli_run("history")
    assert code == 0, err
    assert "#3" in out and "#1" in out and "#2 " not in out
    assert "game #2" in err and "bug" not in err
    code, out, err = cli_run("history", "--json")
    assert code == 0 and "bug" not in err
    code, out, err = cli_run("export", "--game", "2")
    assert code != 0 and "game #2" in err and "bug" not in err and "Traceback" not in err
    code, out, err = cli_run("export", "--game", "2", "--bgstats")
    assert code != 0 and "game #2" in err and "bug" not in err
    code, out, err = cli_run("export", "--game", "1", "--bgstats")
    assert code == 0, err
    code, out, err = cli_run("status")
    assert "bug" not in err


@pytest.mark.parametrize("sql", [
    "UPDATE games SET record=CAST(X'7b2274797065223a2273657475ff' AS TEXT) WHERE id=2",
    "UPDATE games SET record=X'7b2274797065' WHERE id=2",
])
def test_an_undecodable_record_hides_nothing_else(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI, sql: str
) -> None:
    _three_games(state_dir, catalogue)
    _damage(state_dir, sql)
    history = History(state_dir)
    assert [g.id for g in history.games()] == [3, 2, 1]  # the list reads no record
    assert history.game(1) is not None and history.game(3) is not None
    with pytest.raises(HistoryError, match="game #2 .*record is damaged"):
        history.game(2)
    code, out, err = cli_run("history")
    assert code == 0 and "#2" in out and "bug" not in err
    code, out, err = cli_run("export", "--game", "2")
    assert code != 0 and "game #2" in err and "bug" not in err
    # A new game is archived beside them, and is visible.
    actions, final = generated(25)
    with History(state_dir) as history:
        history.archive("game-25", final, record_of(actions))
    assert [g.id for g in History(state_dir).games()][0] == 4


@pytest.mark.parametrize("version", ["'1'", "'one'", "X'01'", "1.5", "NULL"])
def test_a_schema_version_that_is_no_whole_number_is_damage_set_aside(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI, version: str
) -> None:
    _three_games(state_dir, catalogue)
    # An unfinished game is saved: resume must not be stopped, nor leave the lock held.
    actions, _ = generated(26)
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:6]:
            session.submit(action)
    _damage(state_dir, f"UPDATE schema_version SET version={version}")
    code, out, err = cli_run("history")
    assert "bug" not in err and "Traceback" not in err
    assert code == 0 or "damaged" in err
    code, out, err = cli_run("status")
    assert code == 0 and "bug" not in err
    resumed = GameSession.resume(state_dir, catalogue)
    assert resumed is not None
    resumed.close()
    # Start game (abandoning the unfinished one) works: no "another companion process".
    with GameSession.start(state_dir, catalogue, NEW, abandon_current=True) as session:
        assert session.state.phase == "supply"


def test_any_failure_in_resume_releases_the_lock(
    state_dir: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.store import journal

    actions, _ = generated(26)
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:6]:
            session.submit(action)

    def broken(self: GameSession) -> None:
        raise RuntimeError("something unforeseen")

    monkeypatch.setattr(GameSession, "_reconcile_history", broken)
    with pytest.raises(RuntimeError):
        GameSession.resume(state_dir, catalogue)
    journal.Lock(state_dir).release()  # not held any more


def test_history_prints_each_left_out_note_once(state_dir: Path, catalogue: Catalogue) -> None:
    """Issue 35, item 8: `history` printed each "left out" note twice (its note, and the
    log's warning); as its own process, so that the log goes where a user sees it."""
    import subprocess
    import sys

    _three_games(state_dir, catalogue)
    _damage(state_dir, CELLS["text total"])
    done = subprocess.run(
        [sys.executable, "-m", "companion", "history", "--state-dir", str(state_dir)],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "game #2 is left out" in line]
    assert len(said) == 1 and said[0].startswith("note: "), done.stderr
