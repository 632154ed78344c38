"""Faults: torn tail, damaged tail and middle, full disk, read-only storage, newer formats.

Each gives its message and loses nothing that was acknowledged.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.engine import Action, Catalogue, replay
from companion.store import (
    GameSession,
    History,
    HistoryError,
    JournalCorrupt,
    JournalTooNew,
    StorageError,
)
from companion.store.journal import JOURNAL_NAME
from tests.store.storetools import generated, state_after

CLI = Callable[..., tuple[int, str, str]]




# --- torn and damaged tails --------------------------------------------------------------


def test_a_torn_tail_is_cut_with_a_warning(
    game: tuple[list[Action], Path], catalogue: Catalogue, cli_run: CLI
) -> None:
    actions, path = game
    intact = path.read_bytes()
    path.write_bytes(intact + b'{"type": "reveal", "card": "B-')  # a write cut by a power cut

    code, out, err = cli_run("status", "--json")
    assert code == 0 and json.loads(out) == state_after(actions, 40, catalogue)
    assert "torn" in err and "B-" in err
    assert path.read_bytes().startswith(intact) and len(path.read_bytes()) > len(intact)

    session = GameSession.resume(path.parent, catalogue)
    assert session is not None
    with session:
        assert any("torn by a power cut" in w for w in session.warnings)
        assert path.read_bytes() == intact  # cut on resume, before any append
        session.submit(actions[41])
    assert state_after(actions, 41, catalogue) == replay(
        path.read_bytes(), catalogue).state.to_json()  # type: ignore[union-attr]


def test_zeros_after_a_power_cut_are_a_torn_tail(
    game: tuple[list[Action], Path], catalogue: Catalogue
) -> None:
    actions, path = game
    intact = path.read_bytes()
    path.write_bytes(intact + b"\0" * 300)
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.to_json() == state_after(actions, 40, catalogue)
        torn, kept = session.warnings
        assert "torn" in torn and "kept as" in kept
    assert path.read_bytes() == intact
    # Every cut keeps a backup: the file as it was (issue 20, item 5).
    (backup,) = path.parent.glob(path.name + ".damaged-*")
    assert backup.read_bytes() == intact + b"\0" * 300


@pytest.mark.parametrize("bit", range(8))
def test_a_flipped_final_newline_keeps_the_acknowledged_last_action(
    game: tuple[list[Action], Path], catalogue: Catalogue, bit: int
) -> None:
    """The last line is whole and its checksum matches: it was acknowledged, so it is kept
    (it was dropped as "torn", and cut with no backup)."""
    actions, path = game
    intact = path.read_bytes()
    assert intact.endswith(b"\n")
    flipped = intact[:-1] + bytes([0x0A ^ (1 << bit)])
    path.write_bytes(flipped)
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.to_json() == state_after(actions, 40, catalogue)
        assert "kept" in " ".join(session.warnings)
        session.submit(actions[41])
        assert session.state.to_json() == state_after(actions, 41, catalogue)
    # The newline is back, the next action follows on its own line, and the file as it
    # was is kept.
    assert path.read_bytes().startswith(intact)
    assert len(path.read_bytes().splitlines()) == len(intact.splitlines()) + 1
    (backup,) = path.parent.glob(path.name + ".damaged-*")
    assert backup.read_bytes() == flipped
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.to_json() == state_after(actions, 41, catalogue)
        assert session.warnings == []


def test_a_last_line_without_its_newline_is_kept_and_ended(
    game: tuple[list[Action], Path], catalogue: Catalogue
) -> None:
    actions, path = game
    intact = path.read_bytes()
    path.write_bytes(intact[:-1])
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.to_json() == state_after(actions, 40, catalogue)
    assert path.read_bytes() == intact


def test_a_damaged_last_line_is_cut_with_a_warning_naming_it(
    game: tuple[list[Action], Path], catalogue: Catalogue
) -> None:
    actions, path = game
    lines = path.read_bytes().splitlines(keepends=True)
    damaged = b"".join(lines[:-1]) + b'{"type": "mo\xff\xfe garbage}\n'
    path.write_bytes(damaged)
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.to_json() == state_after(actions, 39, catalogue)
        warning, kept = session.warnings
        assert "line 41" in warning and "damaged" in warning and "garbage" in warning
        (backup,) = path.parent.glob(f"{path.name}.damaged-*")
        assert str(backup) in kept
    assert path.read_bytes() == b"".join(lines[:-1])
    assert backup.read_bytes() == damaged  # the cut line is never lost without a copy


# --- damage in the middle --------------------------------------------------------------------


@pytest.fixture
def damaged(game: tuple[list[Action], Path]) -> tuple[list[Action], Path, bytes]:
    actions, path = game
    original = path.read_bytes()
    lines = original.splitlines(keepends=True)
    lines[20] = lines[20].replace(b'"type"', b'"tyXe"')  # a flipped bit in line 21
    path.write_bytes(b"".join(lines))
    return actions, path, path.read_bytes()


def test_a_damaged_middle_line_is_never_skipped(
    damaged: tuple[list[Action], Path, bytes], catalogue: Catalogue
) -> None:
    _, path, data = damaged
    with pytest.raises(JournalCorrupt) as info:
        GameSession.resume(path.parent, catalogue)
    assert info.value.valid_prefix_lines == 20 and info.value.line == 21
    assert "line 21" in info.value.message
    assert "20 line(s) before it are intact" in info.value.message
    assert path.read_bytes() == data  # nothing touched
    with pytest.raises(JournalCorrupt):
        GameSession.start(path.parent, catalogue, generated(3)[0][0])  # type: ignore[arg-type]


def test_status_explains_the_damage_and_keep_valid_prefix_repairs(
    damaged: tuple[list[Action], Path, bytes], catalogue: Catalogue, cli_run: CLI
) -> None:
    actions, path, data = damaged
    code, out, err = cli_run("status")
    assert code == 3
    assert "damaged at line 21" in err and "--keep-valid-prefix" in err
    code, out, err = cli_run("status", "--json")
    assert code == 3
    shown = json.loads(out)
    assert shown.pop("error")["line"] == 21
    assert shown == state_after(actions, 19, catalogue)

    code, out, err = cli_run("status", "--keep-valid-prefix", "--json")
    assert code == 0, err
    assert json.loads(out) == state_after(actions, 19, catalogue)
    (backup,) = path.parent.glob(f"{JOURNAL_NAME}.damaged-*")
    assert backup.read_bytes() == data
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        session.submit(actions[20])


# --- full disk, read-only storage ---------------------------------------------------------


def _fail_writes_with(monkeypatch: pytest.MonkeyPatch, code: int, after_bytes: int = 0) -> None:
    """os.write writes `after_bytes` for real (a short write), then raises OSError(code)."""
    real_write = os.write
    budget = [after_bytes]

    def write(fd: int, data: bytes | memoryview) -> int:
        if budget[0] <= 0:
            raise OSError(code, os.strerror(code))
        written = real_write(fd, bytes(data[: budget[0]]))
        budget[0] -= written
        return written

    monkeypatch.setattr(os, "write", write)


@pytest.mark.parametrize("after_bytes", [0, 17])
def test_a_full_disk_refuses_the_action_and_keeps_the_game(
    game: tuple[list[Action], Path], catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch,
    after_bytes: int,
) -> None:
    actions, path = game
    intact = path.read_bytes()
    session = GameSession.resume(path.parent, catalogue)
    assert session is not None
    before = session.state
    _fail_writes_with(monkeypatch, errno.ENOSPC, after_bytes)
    with pytest.raises(StorageError) as info:
        session.submit(actions[41])
    assert "NOT saved" in info.value.message and "full" in info.value.message
    assert session.state is before
    assert path.read_bytes() == intact  # a partly written line is taken back
    monkeypatch.undo()  # space was freed
    session.submit(actions[41])
    session.close()
    with GameSession.resume(path.parent, catalogue) as again:  # type: ignore[union-attr]
        assert again.state.to_json() == state_after(actions, 41, catalogue)
        assert again.warnings == []


def test_a_failed_fsync_refuses_the_action(
    game: tuple[list[Action], Path], catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions, path = game
    intact = path.read_bytes()
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]

        def fdatasync(fd: int) -> None:
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(os, "fdatasync", fdatasync)
        with pytest.raises(StorageError, match="input/output error"):
            session.submit(actions[41])
        assert path.read_bytes() == intact
        assert session.state.actions == 40


def _read_only(monkeypatch: pytest.MonkeyPatch, state_dir: Path) -> None:
    """Make the state directory read-only: chmod when that binds us, else an EROFS mount."""
    if os.geteuid() != 0:
        for item in state_dir.iterdir():
            item.chmod(stat.S_IRUSR)
        state_dir.chmod(stat.S_IRUSR | stat.S_IXUSR)
        return
    # root ignores file modes: simulate a read-only mount instead.
    real_open = os.open
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def open_(path: str | os.PathLike[str], flags: int, *args: object, **kw: object) -> int:
        if flags & writing and str(path).startswith(str(state_dir)):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", open_)
    for name in ("write", "ftruncate", "fdatasync"):
        def refuse(*args: object, _name: str = name) -> None:
            raise OSError(errno.EROFS, "Read-only file system")

        monkeypatch.setattr(os, name, refuse)


def test_a_read_only_state_dir_shows_the_game_and_refuses_actions(
    game: tuple[list[Action], Path], catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch,
    cli_run: CLI,
) -> None:
    actions, path = game
    intact = path.read_bytes()
    _read_only(monkeypatch, path.parent)
    try:
        code, out, err = cli_run("status", "--json")
        assert code == 0 and json.loads(out) == state_after(actions, 40, catalogue)
        session = GameSession.resume(path.parent, catalogue)
        assert session is not None
        assert session.state.to_json() == state_after(actions, 40, catalogue)
        with pytest.raises(StorageError) as info:
            session.submit(actions[41])
        assert "NOT saved" in info.value.message
        assert "read-only" in info.value.message or "permission" in info.value.message
        assert session.state.actions == 40
        session.close()
    finally:
        monkeypatch.undo()
        path.parent.chmod(0o755)
        for item in path.parent.iterdir():
            item.chmod(0o644)
    assert path.read_bytes() == intact


def test_a_new_game_in_a_read_only_state_dir_is_refused(
    tmp_path: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    state_dir = tmp_path / "ro"
    state_dir.mkdir()
    _read_only(monkeypatch, state_dir)
    try:
        with pytest.raises(StorageError, match="nothing was changed"):
            GameSession.start(state_dir, catalogue, generated(3)[0][0])  # type: ignore[arg-type]
    finally:
        monkeypatch.undo()
        state_dir.chmod(0o755)
    assert list(state_dir.iterdir()) == []


# --- newer formats ----------------------------------------------------------------------------


def test_a_journal_of_a_newer_format_is_refused_untouched(
    game: tuple[list[Action], Path], catalogue: Catalogue, cli_run: CLI
) -> None:
    actions, path = game
    newer = path.with_name("current-game.v3.jsonl")
    newer.write_bytes(b'{"type": "setup", "format": 3, "seats": ["a", "b"]}\n')
    for attempt in (
        lambda: GameSession.resume(path.parent, catalogue),
        lambda: GameSession.start(path.parent, catalogue, actions[0], abandon_current=True),  # type: ignore[arg-type]
    ):
        with pytest.raises(JournalTooNew, match="newer version of the companion"):
            attempt()
    code, out, err = cli_run("status")
    assert code == 1 and "journal format 3" in err and "Traceback" not in err
    assert newer.read_bytes().startswith(b'{"type": "setup", "format": 3')


def test_a_history_of_a_newer_schema_is_refused_untouched(tmp_path: Path, cli_run: CLI,
                                                          state_dir: Path) -> None:
    state_dir.mkdir()
    db = state_dir / "history.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_version (version INTEGER)")
    conn.execute("INSERT INTO schema_version VALUES (99)")
    conn.commit()
    conn.close()
    data = db.read_bytes()
    with pytest.raises(HistoryError, match="newer version"):
        History(state_dir)
    code, out, err = cli_run("history")
    assert code == 1 and "schema 99" in err
    assert db.read_bytes() == data


def test_a_full_disk_when_starting_a_game_changes_nothing(
    tmp_path: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    state_dir = tmp_path / "full"
    state_dir.mkdir()
    _fail_writes_with(monkeypatch, errno.ENOSPC, after_bytes=10)
    with pytest.raises(StorageError, match="storage is full.*nothing was changed"):
        GameSession.start(state_dir, catalogue, generated(3)[0][0])  # type: ignore[arg-type]
    monkeypatch.undo()
    assert sorted(p.name for p in state_dir.iterdir()) == []  # the lock is on the folder itself
    assert GameSession.resume(state_dir, catalogue) is None


def test_a_history_that_cannot_be_written_at_the_end_catches_up_later(
    state_dir: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions, final = generated(22)

    def full(*args: object, **kw: object) -> int:
        raise HistoryError("cannot store the finished game in history.db: the storage is full",
                           "storage")

    monkeypatch.setattr(History, "archive", full)
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:]:
            session.submit(action)  # the last one is durable even though the history failed
        assert session.finished
        assert any("history could not be updated" in w and "full" in w for w in session.warnings)
    monkeypatch.undo()
    assert History(state_dir).games() == []
    assert GameSession.resume(state_dir, catalogue) is None  # catches up here
    (game,) = History(state_dir).games()
    game = History(state_dir).game(game.id)
    assert replay(game.record, catalogue).state.to_json() == final.to_json()  # type: ignore[union-attr]


def test_feed_continues_after_a_torn_tail(
    game: tuple[list[Action], Path], catalogue: Catalogue, cli_run: CLI, tmp_path: Path
) -> None:
    actions, path = game
    path.write_bytes(path.read_bytes() + b'{"type": "mo')
    record = tmp_path / "whole.jsonl"
    record.write_text("".join(a.to_line() + "\n" for a in actions))
    code, out, err = cli_run("feed", str(record))
    assert code == 0, err
    assert "torn" in err
    assert out.splitlines()[-1] == f"ok {len(actions) - 1}"


#: Runs a command as a separate process would (its own stderr, no test's log capture),
#: history.db's writes failing as on a full disk.
_FULL_DISK_CLI = """
import sys
from companion.store.history import History
from companion.store.errors import HistoryError
def full(*args, **kw):
    raise HistoryError("cannot store the finished game in history.db: the storage is full",
                       "storage")
History.archive = full
from companion.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_each_warning_is_printed_once_at_game_end_on_a_full_disk(
        state_dir: Path, tmp_path: Path) -> None:
    """Issue 35, item 8: `feed` printed the full disk's warning at game end twice (once as
    its warning, once by the log)."""
    import subprocess
    import sys

    actions, _final = generated(22)
    record = tmp_path / "game.jsonl"
    record.write_text("".join(a.to_line() + "\n" for a in actions))
    done = subprocess.run(
        [sys.executable, "-c", _FULL_DISK_CLI, "feed", str(record), "--state-dir",
         str(state_dir)], capture_output=True, text=True, timeout=120,
        cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    said = [line for line in lines if "the history could not be updated" in line]
    assert len(said) == 1 and said[0].startswith("warning: "), done.stderr
    assert len(lines) == len(set(lines)), done.stderr
