"""The current game: resume it exactly, and journal every action before acknowledging it.

`GameSession.submit` validates an action with the engine, appends it to the
journal with one `write` and one `fdatasync`, and only then changes `state`
and returns. A refused action (`RuleError`) writes nothing; a failed write
(`StorageError`: disk full, read-only, I/O error) is rolled back so the
journal and `state` stay as they were.

A finished game (phase ``over``) is archived into `history.db` at once. Its
journal stays in the state directory until the next game starts (so an `adjust`
or `undo` after the end still works in the running session and the history
follows it), but it no longer counts as unfinished: `resume` returns None.
The history is made to agree with the journal whenever a session opens, so a
crash between the journal write and the history write loses nothing.

When `resume` raises `JournalCorrupt`, `keep_valid_prefix(state_dir, catalogue)`
backs the damaged journal up and keeps its intact first lines; `resume` then
continues from there.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from companion.engine import Action, Catalogue, Setup, State, apply, new_game
from companion.engine.words import Phase
from companion.store import journal
from companion.store.errors import (
    GameInProgress,
    JournalCorrupt,
    StorageError,
)
from companion.store.fsutil import atomic_write, describe, fsync_dir, sync_data, write_all
from companion.store.history import History

log = logging.getLogger(__name__)


class GameSession:
    """The game in the state directory, open for play (one writer at a time)."""

    state: State
    """The current engine state (with its undo/redo history)."""
    warnings: list[str]
    """Things the players should be told, e.g. a torn last entry that was dropped."""

    def __init__(
        self,
        state_dir: Path,
        catalogue: Catalogue,
        scan: journal.Scan,
        lock: journal.Lock,
    ) -> None:
        assert scan.state is not None
        self.state_dir = state_dir
        self.catalogue = catalogue
        self.path = scan.path
        self.state = scan.state
        self.warnings = list(scan.warnings)
        self.history_id: int | None = None
        """The game's id in the history once it is finished and archived."""
        self._lines = list(scan.lines)
        self._lock: journal.Lock | None = lock
        self._closed = False
        self._size = scan.valid_length
        # The file may hold bytes past `_size` (a torn tail, a failed write): cut before appending.
        self._dirty = scan.cut
        self._fd: int | None = None
        self._open_error: OSError | None = None
        self._open_for_append()
        if self._dirty and self._fd is not None:
            try:
                self._cut()
            except OSError as exc:
                self.warnings.append(
                    f"the damaged end of {self.path} could not be cut off yet ({describe(exc)}); "
                    "the next action will try again"
                )

    # --- opening -------------------------------------------------------------------------

    @classmethod
    def resume(
        cls, state_dir: Path, catalogue: Catalogue, *, include_finished: bool = False
    ) -> GameSession | None:
        """The unfinished game of `state_dir`, exactly as it was; None if there is none.

        With `include_finished`, a finished game whose journal is still the
        current one is opened too (for `status`, `export` and `feed`).
        Raises `JournalCorrupt` for a damaged entry before the last one,
        `JournalTooNew` for a journal of a newer format.
        """
        state_dir = Path(state_dir)
        journal.check_version(state_dir)
        path = journal.journal_path(state_dir)
        if not path.exists():
            return None
        lock = journal.Lock(state_dir)
        try:
            scan = journal.scan(path, catalogue)
            session = cls(state_dir, catalogue, scan, lock)
        except BaseException:
            lock.release()
            raise
        session._reconcile_history()
        if session.finished and not include_finished:
            session.close()
            return None
        return session

    @classmethod
    def start(
        cls,
        state_dir: Path,
        catalogue: Catalogue,
        setup: Setup,
        *,
        abandon_current: bool = False,
    ) -> GameSession:
        """A new game. Refuses while an unfinished game is saved, unless `abandon_current`.

        An abandoned game is not deleted: its journal moves to ``abandoned/``.
        A finished game's journal is removed once the game is safely in the history.
        """
        state_dir = Path(state_dir)
        new_game(setup, catalogue)  # RuleError for a bad setup, before anything is touched
        try:
            if not state_dir.is_dir():
                state_dir.mkdir(parents=True)
                fsync_dir(state_dir.parent)
        except OSError as exc:
            raise StorageError(
                f"cannot create the state directory {state_dir}: {describe(exc)}"
            ) from None
        journal.check_version(state_dir)
        lock = journal.Lock(state_dir)
        try:
            path = journal.journal_path(state_dir)
            if path.exists():
                cls._clear_current(state_dir, catalogue, path, abandon_current)
            line = journal.encode_line(setup, journal.now_iso())
            try:
                atomic_write(path, (line + "\n").encode("utf-8"))
            except OSError as exc:
                raise StorageError(
                    f"cannot save the new game in {state_dir}: {describe(exc)}; "
                    "nothing was changed"
                ) from None
            scan = journal.scan(path, catalogue)
            return cls(state_dir, catalogue, scan, lock)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def _clear_current(
        cls, state_dir: Path, catalogue: Catalogue, path: Path, abandon: bool
    ) -> None:
        try:
            scan = journal.scan(path, catalogue)
        except JournalCorrupt:
            if not abandon:
                raise
            cls._set_aside(state_dir, path, "damaged")
            return
        assert scan.state is not None
        if scan.state.phase == Phase.OVER:
            key = journal.game_key(scan.lines[0])
            with History(state_dir) as history:
                history.archive(key, scan.state, _text(scan.lines))
            try:
                path.unlink()
                fsync_dir(state_dir)
            except OSError as exc:
                raise StorageError(
                    f"cannot clear the finished game from {state_dir}: {describe(exc)}"
                ) from None
            return
        if not abandon:
            raise GameInProgress(
                f"an unfinished game is saved in {state_dir} (round {scan.state.round}, "
                f"{scan.state.actions} actions); finish it, or abandon it to start a new one"
            )
        cls._set_aside(state_dir, path, "abandoned")

    @staticmethod
    def _set_aside(state_dir: Path, path: Path, why: str) -> None:
        folder = state_dir / journal.ABANDONED_DIR
        stamp = journal.now_iso().replace(":", "").replace("-", "")
        target = folder / f"{stamp}-{why}.v{journal.JOURNAL_VERSION}.jsonl"
        try:
            folder.mkdir(exist_ok=True)
            os.replace(path, target)
            fsync_dir(folder)
            fsync_dir(state_dir)
        except OSError as exc:
            raise StorageError(
                f"cannot move the current game aside to {folder}: {describe(exc)}"
            ) from None
        log.info("the previous game was moved to %s", target)

    # --- playing ---------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.state.phase == Phase.OVER

    @property
    def key(self) -> str:
        """The game's identity (a hash of its setup line)."""
        return journal.game_key(self._lines[0])

    @property
    def started(self) -> str | None:
        """The time of the setup line (ISO-8601)."""
        return journal.line_time(self._lines[0])

    @property
    def last_time(self) -> str | None:
        return journal.line_time(self._lines[-1])

    @property
    def lines(self) -> tuple[str, ...]:
        """The journal's record lines, setup first."""
        return tuple(self._lines)

    def submit(self, action: Action) -> State:
        """Apply `action`, journal it durably, and return the new state.

        `RuleError` if the rules refuse it (nothing written). `StorageError` if
        it cannot be saved (nothing changed, on disk or in `state`).
        """
        if self._closed:
            raise StorageError("this game session is closed; resume the game to go on")
        new_state = apply(self.state, action)
        line = journal.encode_line(action, journal.now_iso())
        data = (line + "\n").encode("utf-8")
        if self._fd is None:
            self._open_for_append()
            if self._fd is None:
                raise self._refusal(self._open_error)
        try:
            if self._dirty:
                self._cut()
            write_all(self._fd, data)
            sync_data(self._fd)
        except OSError as exc:
            self._dirty = True
            try:
                self._cut()  # take back a partly written line; fails too if read-only
            except OSError:
                pass
            raise self._refusal(exc) from None
        self._size += len(data)
        self._lines.append(line)
        was_over = self.state.phase == Phase.OVER
        self.state = new_state
        if self.finished or was_over:
            self._reconcile_history()
        return new_state

    def _open_for_append(self) -> None:
        self._open_error = None
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        except OSError as exc:
            self._fd = None
            self._open_error = exc

    def _cut(self) -> None:
        """Drop everything past the last acknowledged line (a torn or failed write)."""
        assert self._fd is not None
        os.ftruncate(self._fd, self._size)
        os.fsync(self._fd)
        self._dirty = False

    def _refusal(self, exc: OSError | None) -> StorageError:
        reason = describe(exc) if exc else "the file is not open"
        return StorageError(
            f"the action was NOT saved: cannot write to {self.path} ({reason}). "
            "The game is as it was before this action; fix the storage and enter it again."
        )

    def _reconcile_history(self) -> None:
        """Make history.db agree with the journal: finished games in it, unfinished ones not."""
        try:
            if self.finished:
                with History(self.state_dir) as history:
                    record = self.record_text()
                    if history.record_of(self.key) != record:
                        self.history_id = history.archive(self.key, self.state, record)
                    else:
                        self.history_id = history.key_of(self.key)
            else:
                self.history_id = None
                if (self.state_dir / "history.db").exists():
                    with History(self.state_dir) as history:
                        history.forget(self.key)
        except StorageError as exc:
            message = f"the history could not be updated: {exc.message}"
            log.warning("%s", message)
            self.warnings.append(message)

    def record_text(self) -> str:
        """The game as a record (RECORD.md JSON Lines, with "t"): what `export` writes."""
        return _text(self._lines)

    def close(self) -> None:
        """Release the journal and the state directory lock (safe to call twice)."""
        self._closed = True
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> GameSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _text(lines: list[str] | tuple[str, ...]) -> str:
    return "".join(line + "\n" for line in lines)


def keep_valid_prefix(state_dir: Path, catalogue: Catalogue) -> tuple[Path, int]:
    """Repair a damaged journal: keep its intact first lines, back the damaged file up.

    Returns (backup path, lines kept). With no intact line the journal is
    removed (after the backup). Does nothing but return (journal path, all
    lines) if the journal is not damaged in the middle.
    """
    state_dir = Path(state_dir)
    journal.check_version(state_dir)
    path = journal.journal_path(state_dir)
    lock = journal.Lock(state_dir)
    try:
        try:
            scan = journal.scan(path, catalogue)
            return path, len(scan.lines)
        except JournalCorrupt as exc:
            damage = exc
        data = path.read_bytes()
        stamp = journal.now_iso().replace(":", "").replace("-", "")
        backup = state_dir / f"{path.name}.damaged-{stamp}"
        kept = data.split(b"\n")
        keep_lines: list[bytes] = []
        for raw in kept:
            if len(keep_lines) == damage.valid_prefix_lines:
                break
            if raw.strip():
                keep_lines.append(raw)
        try:
            atomic_write(backup, data)
            if keep_lines:
                atomic_write(path, b"".join(raw + b"\n" for raw in keep_lines))
            else:
                path.unlink()
                fsync_dir(state_dir)
        except OSError as exc:
            raise StorageError(
                f"cannot repair {path}: {describe(exc)}; nothing was changed"
            ) from None
        return backup, len(keep_lines)
    finally:
        lock.release()


def current_game(state_dir: Path, catalogue: Catalogue) -> journal.Scan | None:
    """The saved current game, read without changing anything (for `status` and `export`).

    Gives the state the app would resume (a torn tail is left out, with its
    warning in `warnings`, but not cut from the file); None if no game is saved.
    A finished game whose journal is still current is returned too. Raises
    `JournalCorrupt` and `JournalTooNew` like `GameSession.resume`.
    """
    state_dir = Path(state_dir)
    journal.check_version(state_dir)
    path = journal.journal_path(state_dir)
    if not path.exists():
        return None
    return journal.scan(path, catalogue)
