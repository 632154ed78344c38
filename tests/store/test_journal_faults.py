"""The journal's faults of issue 12: the lock, a pipe or folder as the journal, huge numbers,
size limits, the line checksum, and the truth about a failed write (items 2, 5, 7, 8, 9, 13).
"""

from __future__ import annotations

import errno
import json
import os
import resource
import select
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.engine import Action, Buy, Catalogue, replay
from companion.engine.record import MAX_RECORD_BYTES
from companion.store import GameSession, JournalCorrupt, StorageError
from companion.store import session as session_module
from companion.store.journal import JOURNAL_NAME
from tests.store.storetools import CLI as COMMAND
from tests.store.storetools import generated, record_of, state_after

CLI = Callable[..., tuple[int, str, str]]
HUGE = b"9" * 5000  # Python refuses to turn more than 4,300 digits into an int




# --- item 2: the lock never fails open ----------------------------------------------------


def test_a_lock_file_that_is_a_folder_still_locks(
    game: tuple[list[Action], Path], catalogue: Catalogue
) -> None:
    _, path = game
    (path.parent / "lock").mkdir()  # what made the old lock skip itself
    with GameSession.resume(path.parent, catalogue) as first:  # type: ignore[union-attr]
        with pytest.raises(StorageError, match="another companion process"):
            GameSession.resume(path.parent, catalogue)
        assert first.state.actions == 40
    with GameSession.resume(path.parent, catalogue) as again:  # type: ignore[union-attr]
        assert again.state.actions == 40  # released with the session


def _popen_feed(record: Path, state_dir: Path, *extra: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*COMMAND, "feed", str(record), "--state-dir", str(state_dir), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )


def _wait_for(proc: subprocess.Popen[bytes], text: bytes) -> bytes:
    """Read the process's stdout until `text` appears (readiness, not a fixed time)."""
    assert proc.stdout is not None
    out = b""
    while text not in out:
        ready, _, _ = select.select([proc.stdout], [], [], 120)
        assert ready, f"no {text!r} within 120 s: {out!r}"
        chunk = os.read(proc.stdout.fileno(), 65536)
        assert chunk, f"ended before {text!r}: {out!r}"
        out += chunk
    return out


def test_two_concurrent_feeds_never_both_write(
    tmp_path: Path, state_dir: Path, catalogue: Catalogue
) -> None:
    actions, final = generated(23)
    record = tmp_path / "game.jsonl"
    record.write_text(record_of(actions))
    state_dir.mkdir()
    (state_dir / "lock").mkdir()  # the old lock failed open on this
    first = _popen_feed(record, state_dir, "--delay", "0.01")
    head = _wait_for(first, b"ok 3\n")  # the first holds the lock from here on
    second = _popen_feed(record, state_dir)
    out2, err2 = second.communicate(timeout=300)
    out1, err1 = first.communicate(timeout=300)
    assert second.returncode == 1 and out2 == b"", err2
    assert b"another companion process" in err2
    assert first.returncode == 0, err1
    oks = (head + out1).decode().split()
    assert oks[-1] == str(len(actions) - 1)
    # The journal is the record, line for line: nothing interleaved.
    result = replay((state_dir / JOURNAL_NAME).read_bytes(), catalogue)
    assert result.error is None and result.state is not None
    assert result.state.to_json() == final.to_json()


# --- item 13: a pipe or a folder as the journal ---------------------------------------------


def test_a_fifo_as_the_journal_does_not_hang_status(state_dir: Path) -> None:
    state_dir.mkdir()
    os.mkfifo(state_dir / JOURNAL_NAME)
    proc = subprocess.run(
        [*COMMAND, "status", "--state-dir", str(state_dir)],
        capture_output=True, text=True, timeout=120,  # it used to wait for a writer forever
    )
    assert proc.returncode == 3 and "named pipe" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr
    proc = subprocess.run(
        [*COMMAND, "status", "--json", "--state-dir", str(state_dir)],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 3 and json.loads(proc.stdout)["error"]["line"] == 1, proc.stderr


def test_a_folder_as_the_journal_is_set_aside_by_a_new_game(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI
) -> None:
    state_dir.mkdir()
    (state_dir / JOURNAL_NAME).mkdir()
    code, out, err = cli_run("status")
    assert code == 3 and "a folder, not a file" in err
    code, out, err = cli_run("status", "--json")
    assert code == 3 and "Traceback" not in err and json.loads(out)["error"]["line"] == 1
    setup = generated(3)[0][0]
    with pytest.raises(JournalCorrupt):
        GameSession.start(state_dir, catalogue, setup)  # type: ignore[arg-type]
    with GameSession.start(state_dir, catalogue, setup, abandon_current=True) as session:  # type: ignore[arg-type]
        assert session.state.phase == "supply"
    (aside,) = (state_dir / "abandoned").iterdir()
    assert aside.is_dir() and "damaged" in aside.name


# --- item 5: numbers of more than 4,300 digits ---------------------------------------------


def _with_huge_number(path: Path, line_index: int) -> bytes:
    lines = path.read_bytes().splitlines(keepends=True)
    lines[line_index] = (
        b'{"type": "adjust", "player": "red", "coins": ' + HUGE + b', "reason": "x"}\n'
    )
    path.write_bytes(b"".join(lines))
    return path.read_bytes()


def test_a_huge_number_is_a_bad_line_in_replay_and_feed(
    tmp_path: Path, cli_run: CLI
) -> None:
    actions, _ = generated(21)
    record = tmp_path / "r.jsonl"
    record.write_text(record_of(actions[:10]))
    _with_huge_number(record, 5)
    code, out, err = cli_run("replay", str(record))
    assert code == 3 and "line 6: a number has more than 4,300 digits" in err
    code, out, err = cli_run("feed", str(record))
    assert code == 3 and "line 6: a number has more than 4,300 digits" in err
    assert out.split() == ["ok", "0", "ok", "1", "ok", "2", "ok", "3", "ok", "4"]


def test_a_huge_number_in_the_journal_is_damage_and_the_repair_works(
    game: tuple[list[Action], Path], catalogue: Catalogue, cli_run: CLI
) -> None:
    actions, path = game
    data = _with_huge_number(path, 20)
    for command in (["status"], ["status", "--json"], ["export"]):
        code, out, err = cli_run(*command)
        assert code == 3 and "damaged at line 21" in err and "4,300 digits" in err, command
        assert "Traceback" not in err
    with pytest.raises(JournalCorrupt):  # New game without setting the damaged game aside
        GameSession.start(path.parent, catalogue, actions[0])  # type: ignore[arg-type]
    code, out, err = cli_run("status", "--keep-valid-prefix", "--json")
    assert code == 0, err
    assert json.loads(out) == state_after(actions, 19, catalogue)
    (backup,) = path.parent.glob(f"{JOURNAL_NAME}.damaged-*")
    assert backup.read_bytes() == data


def test_a_new_game_sets_a_journal_with_a_huge_number_aside(
    game: tuple[list[Action], Path], catalogue: Catalogue
) -> None:
    actions, path = game
    _with_huge_number(path, 20)
    with GameSession.start(path.parent, catalogue, actions[0], abandon_current=True) as session:  # type: ignore[arg-type]
        assert session.state.actions == 0
    assert len(list((path.parent / "abandoned").iterdir())) == 1


# --- item 7: bounded memory -----------------------------------------------------------------


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # 1 GiB: the old replay hit 7 GB


def test_replay_of_dev_zero_is_refused_unread() -> None:
    """A device given as the record file is never opened (issue 35, item 1): the standard
    input (`-`) is the way to feed a stream, and it stops at the limit (below)."""
    proc = subprocess.run(
        [*COMMAND, "replay", "/dev/zero"], capture_output=True, text=True, timeout=300,
        preexec_fn=_limit_memory,
    )
    assert proc.returncode == 2, proc.stderr
    assert "/dev/zero: it is a device, not a file" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_feed_of_an_endless_stdin_stops_at_the_limit(state_dir: Path) -> None:
    with open("/dev/zero", "rb") as zeros:
        proc = subprocess.run(
            [*COMMAND, "feed", "-", "--state-dir", str(state_dir)], stdin=zeros,
            capture_output=True, text=True, timeout=300, preexec_fn=_limit_memory,
        )
    assert proc.returncode == 3 and "larger than 2 MiB" in proc.stderr, proc.stderr
    assert not state_dir.exists()


def test_a_long_line_is_a_bad_line(tmp_path: Path, cli_run: CLI) -> None:
    actions, _ = generated(21)
    record = tmp_path / "r.jsonl"
    long_reason = "x" * 70_000
    record.write_text(
        record_of(actions[:3])
        + json.dumps({"type": "adjust", "player": "red", "coins": 1, "reason": long_reason})
        + "\n"
    )
    code, out, err = cli_run("replay", str(record))
    assert code == 3 and "line 4: the line is 70,0" in err and "at most 65,536 bytes" in err


def test_a_journal_beyond_the_limit_is_damage_that_the_repair_cuts(
    game: tuple[list[Action], Path], catalogue: Catalogue, cli_run: CLI
) -> None:
    actions, path = game
    intact = path.read_bytes()
    with open(path, "ab") as handle:
        handle.write(b" " * (MAX_RECORD_BYTES + 10))  # no newline: one line past the limit
    code, out, err = cli_run("status")
    assert code == 3 and "larger than 2 MiB" in err
    code, out, err = cli_run("status", "--keep-valid-prefix", "--json")
    assert code == 0, err
    assert json.loads(out) == state_after(actions, 40, catalogue)
    assert path.read_bytes() == intact


# --- item 9: the line checksum --------------------------------------------------------------


def _flip_price(path: Path, last: bool) -> tuple[int, bytes]:
    """Flip one bit: "price": 3 -> "price": 2 in a buy line; its line number."""
    lines = path.read_bytes().splitlines(keepends=True)
    candidates = [i for i, line in enumerate(lines) if b'"price": 3' in line]
    index = candidates[-1]
    lines[index] = lines[index].replace(b'"price": 3', b'"price": 2')
    if last:
        lines = lines[: index + 1]
    path.write_bytes(b"".join(lines))
    return index + 1, path.read_bytes()


@pytest.fixture
def priced(state_dir: Path, catalogue: Catalogue) -> tuple[list[Action], Path]:
    """A quick-form game with a buy at price 3, then more lines."""
    actions, _ = generated(41, 3, "quick", 0.0)
    buys = [i for i, a in enumerate(actions) if isinstance(a, Buy) and a.price == 3]
    assert buys
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1: buys[0] + 5]:
            session.submit(action)
    return list(actions), state_dir / JOURNAL_NAME


def test_a_bit_flip_of_a_price_is_detected(
    priced: tuple[list[Action], Path], catalogue: Catalogue, cli_run: CLI
) -> None:
    _, path = priced
    number, data = _flip_price(path, last=False)
    code, out, err = cli_run("status")
    assert code == 3 and f"damaged at line {number}" in err and "checksum" in err
    with pytest.raises(JournalCorrupt, match="checksum"):
        GameSession.resume(path.parent, catalogue)
    assert path.read_bytes() == data  # nothing cut, nothing skipped
    code, out, err = cli_run("replay", str(path))  # the journal is a record: replay checks too
    assert code == 3 and f"line {number}:" in err and "checksum" in err


def test_a_corrupted_complete_last_line_is_kept_in_a_backup_before_the_cut(
    priced: tuple[list[Action], Path], catalogue: Catalogue
) -> None:
    _, path = priced
    number, data = _flip_price(path, last=True)
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        warning, kept = session.warnings
        assert f"line {number}" in warning and "checksum" in warning
        assert session.state.actions == number - 2
    (backup,) = path.parent.glob(f"{JOURNAL_NAME}.damaged-*")
    assert backup.read_bytes() == data and str(backup) in kept
    assert path.read_bytes() == b"".join(data.splitlines(keepends=True)[:-1])


# --- item 8: the truth about a failed write ----------------------------------------------


def test_a_failed_fdatasync_that_cannot_be_taken_back_says_the_truth(
    game: tuple[list[Action], Path], catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions, path = game
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]

        def eio(*args: object) -> None:
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(os, "fdatasync", eio)
        monkeypatch.setattr(os, "ftruncate", eio)
        with pytest.raises(StorageError) as caught:
            session.submit(actions[41])
        message = caught.value.message
        assert "NOT saved" not in message
        assert "may or may not be saved" in message and "restart" in message
        assert "Do not enter it again" in message
        with pytest.raises(StorageError, match="NOT saved.*uncertain"):
            session.submit(actions[41])
    monkeypatch.undo()
    # Here the line did reach the file: the next start finds it, syncs it, and shows it.
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.actions == 41


def test_the_lines_found_at_start_are_synced_before_they_are_acknowledged(
    game: tuple[list[Action], Path], catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path, cli_run: CLI,
) -> None:
    actions, path = game
    events: list[str] = []
    real_sync = session_module.sync_data

    def sync(fd: int) -> None:
        events.append("sync " + os.readlink(f"/proc/self/fd/{fd}"))
        real_sync(fd)

    monkeypatch.setattr(session_module, "sync_data", sync)
    record = tmp_path / "more.jsonl"
    record.write_text(record_of(actions[:45]))
    code, out, err = cli_run("feed", str(record))
    assert code == 0, err
    # The journal was synced once at the start (the lines a crash may have left unsynced),
    # then once per new action: one fdatasync per action, no more.
    assert events == [f"sync {path}"] * 5
    assert out.split("\n")[:41] == [f"ok {n}" for n in range(41)]


def test_feed_refuses_to_acknowledge_lines_it_cannot_sync(
    game: tuple[list[Action], Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    cli_run: CLI,
) -> None:
    actions, path = game

    def eio(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(session_module, "sync_data", eio)
    record = tmp_path / "more.jsonl"
    record.write_text(record_of(actions[:45]))
    code, out, err = cli_run("feed", str(record))
    assert code == 1 and out == "" and "nothing was acknowledged" in err


def test_a_damaged_last_line_is_not_cut_when_no_backup_can_be_made(
    priced: tuple[list[Action], Path], catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions, path = priced
    number, data = _flip_price(path, last=True)

    def full(*args: object, **kw: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(session_module, "atomic_write", full)
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        assert any("not cut off" in w and "storage is full" in w for w in session.warnings)
        with pytest.raises(StorageError, match="NOT saved"):
            session.submit(actions[number - 1])
    assert path.read_bytes() == data  # the damaged line is still there, nothing appended


# --- issue 20, item 6: the journal never grows past its own limit -----------------------


def test_the_journal_is_never_written_past_its_limit(
    game: tuple[list[Action], Path], catalogue: Catalogue
) -> None:
    """An action that would take the journal past 2 MiB is refused, so the game can always
    be resumed (it was written, and then could not be read back)."""
    from companion.engine import Adjust
    from companion.store.journal import encode_line

    actions, path = game
    # Fill the journal with long corrections, as a stuck input could, up to ~60 KB short
    # of the limit.
    line = encode_line(Adjust("red", "y" * 60_000, coins=0), "2026-01-01T00:00:00.000Z")
    size = path.stat().st_size
    with open(path, "ab") as handle:
        while size + 2 * (len(line) + 1) < MAX_RECORD_BYTES:
            handle.write(line.encode() + b"\n")
            size += len(line) + 1
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        before = session.state
        session.submit(Adjust("red", "z" * 100, coins=0))  # still room
        with pytest.raises(StorageError, match="NOT saved.*limit of 2 MiB"):
            for _ in range(3):
                session.submit(Adjust("red", "x" * 60_000, coins=0))
        assert path.stat().st_size <= MAX_RECORD_BYTES
        assert session.state is not before
    with GameSession.resume(path.parent, catalogue) as session:  # type: ignore[union-attr]
        assert session.warnings == []


def test_a_journal_past_the_limit_names_a_line_not_a_byte_offset(
    game: tuple[list[Action], Path], catalogue: Catalogue
) -> None:
    actions, path = game
    lines = len(path.read_bytes().splitlines())
    with open(path, "ab") as handle:
        handle.write(b" " * (MAX_RECORD_BYTES + 10))
    with pytest.raises(JournalCorrupt) as damage:
        GameSession.resume(path.parent, catalogue)
    assert damage.value.line == lines + 1
    assert f"line {lines + 1}:" in damage.value.message


# --- issue 20, item 9: a failed folder sync after the change is no "nothing was changed" --


def _eio(*_args: object) -> None:
    raise OSError(errno.EIO, "Input/output error")


def test_new_game_with_a_failed_folder_sync_says_it_was_saved(
    state_dir: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion import fsio

    actions, _ = generated(21)
    state_dir.mkdir()
    monkeypatch.setattr(fsio, "fsync_dir", _eio)  # the last step of the whole-file write
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        told = " ".join(session.warnings)
        assert "the new game was saved" in told and "power cut" in told
        assert "nothing was changed" not in told
        session.submit(actions[1])
    assert (state_dir / JOURNAL_NAME).read_text().count("\n") == 2


@pytest.mark.parametrize("intact", [True, False])
def test_repair_with_a_failed_folder_sync_says_what_was_done(
    game: tuple[list[Action], Path], catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch,
    intact: bool,
) -> None:
    from companion import fsio
    from companion.store import keep_valid_prefix

    actions, path = game
    lines = path.read_bytes().splitlines(keepends=True)
    if intact:
        path.write_bytes(b"".join(lines[:10]) + b"garbage\n" + b"".join(lines[10:]))
        monkeypatch.setattr(fsio, "fsync_dir", _eio)
    else:
        path.write_bytes(b"garbage\n" + b"".join(lines))
        monkeypatch.setattr(session_module, "fsync_dir", _eio)
    with pytest.raises(StorageError) as failure:
        keep_valid_prefix(path.parent, catalogue)
    message = failure.value.message
    assert "nothing was changed" not in message
    assert "was repaired" in message and "power cut" in message
    (backup,) = path.parent.glob(path.name + ".damaged-*")
    assert backup.exists()
    if intact:
        assert path.read_bytes() == b"".join(lines[:10])
    else:
        assert not path.exists()
