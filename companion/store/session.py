"""The current game: resume it exactly, and journal every action before acknowledging it.

`GameSession.submit` validates an action with the engine, appends it to the
journal with one `write` and one `fdatasync`, and only then changes `state`
and returns it. A refused action (`RuleError`) writes nothing; a failed write
(`StorageError`: disk full, read-only, I/O error) is rolled back so the
journal and `state` stay as they were. `submit` is `commit(prepare(action))`:
`prepare` applies the action (the engine's `Step`, nothing written) so that the
UI can see what it would do before it is recorded, and `commit` records that
same step; the engine applies each action once.

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

from companion.engine import Action, Catalogue, Setup, State, new_game
from companion.engine.record import MAX_RECORD_BYTES, pin_printed
from companion.engine.step import Step, step
from companion.engine.words import Phase
from companion.fsio import NotDurable, atomic_write, describe, fsync_dir, sync_data, write_all
from companion.store import journal, pins
from companion.store.errors import (
    GameInProgress,
    HistoryError,
    JournalCorrupt,
    StorageError,
)

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
        self.club = False
        """Whether a finished game is kept in the club's outbox (`store.outbox`): set by
        the composition root when the table's configuration names a club."""
        self._lines = list(scan.lines)
        self._lock: journal.Lock | None = lock
        self._closed = False
        self._version = scan.version
        self._size = scan.valid_length
        # The file may hold bytes past `_size` (a torn tail, a failed write): cut before appending.
        self._dirty = scan.cut
        self._blocked: str | None = None
        """Why nothing may be appended now (the journal's end is uncertain or uncut)."""
        self._fd: int | None = None
        self._open_error: OSError | None = None
        self.sync_problem: str | None = None
        """Set when the lines found could not be synced: they are not acknowledged."""
        #: The last line is kept but its newline must be put back (`Scan.tail_kept`).
        self._newline = scan.tail_kept
        if self._newline:
            self._dirty = True
        self._open_for_append()
        self._sync_found()
        if self._dirty:
            # Every cut keeps a backup of the file as it was (docs/journal.md).
            self._back_up_damaged()
        self._ensure_phone_token()
        if self._dirty and self._fd is not None:
            try:
                self._cut()
            except OSError as exc:
                self.warnings.append(
                    f"the damaged end of {self.path} could not be cut off yet ({describe(exc)}); "
                    "the next action will try again"
                )

    def _ensure_phone_token(self) -> None:
        """The phones' page token (docs/phones.md), made by the writer that holds the lock:
        `serve` only reads it. Its failure never stops a game."""
        from companion.store import phones

        try:
            phones.ensure_token(self.state_dir)
        except StorageError as exc:
            log.warning("%s", exc.message)

    def _sync_found(self) -> None:
        """Make the lines found durable before anything acknowledges them.

        A crash between a write and its fdatasync leaves a complete line that may
        still be only in memory; it is synced here, before `feed` says ``ok`` for
        it or the screen shows it (docs/journal.md, "Durability").
        """
        fd = self._fd
        try:
            if fd is None:
                fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
            try:
                sync_data(fd)
            finally:
                if fd != self._fd:
                    os.close(fd)
        except OSError as exc:
            self.sync_problem = (
                f"cannot make sure the saved game {self.path} is on the storage ({describe(exc)});"
                " its last actions may not survive a power cut"
            )
            self.warnings.append(self.sync_problem)

    def _back_up_damaged(self) -> None:
        """Keep a copy of a journal whose last complete line was damaged, before it is cut."""
        backup = self.path.with_name(f"{self.path.name}.damaged-{_stamp()}")
        try:
            data = journal.read_journal(self.path)
            atomic_write(backup, data)
        except (OSError, StorageError, JournalCorrupt) as exc:
            self._dirty = False  # never cut what could not be backed up
            reason = describe(exc) if isinstance(exc, OSError) else exc.message
            self._blocked = (
                f"the damaged last line of {self.path} was not cut off, since no backup of the "
                f"file could be made ({reason}); fix the storage and restart the companion"
            )
            self.warnings.append(self._blocked)
            return
        self.warnings.append(f"the file as it was is kept as {backup}")

    # --- opening -------------------------------------------------------------------------

    @classmethod
    def resume(
        cls, state_dir: Path, catalogue: Catalogue, *, include_finished: bool = False,
        club: bool = False,
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
        if not os.path.lexists(path):
            return None
        lock = journal.Lock(state_dir)
        try:
            path = journal.journal_path(state_dir)  # again, under the lock
            scan = pins.scan(path, catalogue)
            session = cls(state_dir, catalogue, scan, lock)
        except BaseException:
            lock.release()
            raise
        session.club = club
        try:
            session._reconcile_history()
            session.warnings.extend(archive_pending(state_dir, catalogue))
        except BaseException:
            session.close()  # whatever went wrong, the state directory is not left locked
            raise
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
        club: bool = False,
    ) -> GameSession:
        """A new game. Refuses while an unfinished game is saved, unless `abandon_current`.

        An abandoned game is not deleted: its journal moves to ``abandoned/``.
        A finished game's journal is removed once the game is safely in the history.
        """
        state_dir = Path(state_dir)
        # The game is played with the printed values it starts with
        # (docs/record-format.md, "Printed values").
        setup = pin_printed(setup, catalogue)
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
            notes: list[str] = []
            path = journal.journal_path(state_dir)
            if os.path.lexists(path):
                notes = cls._clear_current(state_dir, catalogue, path, abandon_current)
            path = state_dir / journal.JOURNAL_NAME
            line = journal.encode_line(setup, journal.now_iso())
            try:
                atomic_write(path, (line + "\n").encode("utf-8"))
            except NotDurable as exc:
                # The new game is there (the rename was made): say so, never "nothing was
                # changed"; only its durability is in doubt.
                notes.append(
                    f"the new game was saved in {path}, but the folder could not be synced "
                    f"({describe(exc)}): a power cut now could lose it"
                )
            except OSError as exc:
                raise StorageError(
                    f"cannot save the new game in {state_dir}: {describe(exc)}; "
                    "nothing was changed"
                ) from None
            scan = pins.scan(path, catalogue)
            session = cls(state_dir, catalogue, scan, lock)
        except BaseException:
            lock.release()
            raise
        session.warnings.extend(notes)
        session.club = club
        try:
            session.warnings.extend(archive_pending(state_dir, catalogue))
        except BaseException:
            session.close()  # whatever went wrong, the state directory is not left locked
            raise
        return session

    @classmethod
    def _clear_current(
        cls, state_dir: Path, catalogue: Catalogue, path: Path, abandon: bool
    ) -> list[str]:
        """Make room for a new game; what the players should be told."""
        try:
            scan = pins.scan(path, catalogue)
        except JournalCorrupt:
            if not abandon:
                raise
            cls._set_aside(state_dir, path, "damaged")
            return []
        assert scan.state is not None
        if scan.state.phase == Phase.OVER:
            return _archive_and_clear(state_dir, path, scan)
        if not abandon:
            raise GameInProgress(
                f"an unfinished game is saved in {state_dir} (round {scan.state.round}, "
                f"{scan.state.actions} actions); finish it, or abandon it to start a new one"
            )
        cls._set_aside(state_dir, path, "abandoned")
        return []

    @staticmethod
    def _set_aside(state_dir: Path, path: Path, why: str) -> None:
        """Move the journal (whatever it is: a file, a folder, a pipe) to abandoned/."""
        folder = state_dir / journal.ABANDONED_DIR
        try:
            target = _move_journal(state_dir, path, folder, why)
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
        return self.commit(self.prepare(action))

    def prepare(self, action: Action) -> Step:
        """`action` applied to the current state, not recorded: nothing is written and
        `state` stays as it is until `commit` records the step.

        `RuleError` if the rules refuse it; `StorageError` if nothing can be recorded
        in this session now (closed, or the journal's end is uncertain).
        """
        self._check_open()
        return step(self.state, action)

    def commit(self, prepared: Step) -> State:
        """Journal a prepared step durably, make its state the current one, return it.

        A step prepared from another state than the current one (something was recorded
        in between) is applied again to the current state first, so that nothing is ever
        recorded against a state it was not checked on. `RuleError` or `StorageError` as
        `submit`: nothing changed.
        """
        self._check_open()
        if prepared.before is not self.state:
            prepared = step(self.state, prepared.action)
        action, new_state = prepared.action, prepared.after
        line = journal.encode_line(action, journal.now_iso(), crc=self._version >= 2)
        data = (line + "\n").encode("utf-8")
        if self._size + len(data) > MAX_RECORD_BYTES:
            # Past the limit the journal could no longer be read back (docs/journal.md).
            raise StorageError(
                f"the action was NOT saved: the saved game {self.path} has reached the "
                f"journal's limit of {MAX_RECORD_BYTES // (1024 * 1024)} MiB "
                f"({len(self._lines)} lines), which no real game reaches. The game is as it "
                "was and stays readable; no further action can be added to it (abandon it to "
                "start a new game)."
            )
        if self._fd is None:
            self._open_for_append()
            if self._fd is None:
                raise self._refusal(self._open_error)
        if self._dirty:
            try:
                self._cut()
            except OSError as exc:
                raise self._refusal(exc) from None
        try:
            write_all(self._fd, data)
            sync_data(self._fd)
        except OSError as exc:
            self._dirty = True
            try:
                self._cut()  # take back a partly written line; fails too if read-only
            except OSError as cut_exc:
                self._blocked = (
                    f"the end of {self.path} is uncertain since an earlier write failed and "
                    f"could not be taken back ({describe(cut_exc)}). Fix the storage and restart "
                    "the companion: it shows which actions are saved."
                )
                raise self._uncertain_refusal(exc, cut_exc) from None
            raise self._refusal(exc) from None
        self._size += len(data)
        self._lines.append(line)
        was_over = self.state.phase == Phase.OVER
        self.state = new_state
        if self.finished or was_over:
            self._reconcile_history()
        return new_state

    def _check_open(self) -> None:
        if self._closed:
            raise StorageError("this game session is closed; resume the game to go on")
        if self._blocked is not None:
            raise StorageError(f"the action was NOT saved: {self._blocked}")

    def _open_for_append(self) -> None:
        self._open_error = None
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        except OSError as exc:
            self._fd = None
            self._open_error = exc

    def _cut(self) -> None:
        """Drop everything past the last acknowledged line (a torn or failed write); end
        a kept last line whose newline was damaged with a newline again."""
        assert self._fd is not None
        os.ftruncate(self._fd, self._size)
        if self._newline:
            write_all(self._fd, b"\n")
            self._size += 1
            self._newline = False
        os.fsync(self._fd)
        self._dirty = False

    def _uncertain_refusal(self, exc: OSError, cut_exc: OSError) -> StorageError:
        """A write failed and could not be taken back: whether it is saved is not known."""
        return StorageError(
            f"the action may or may not be saved: writing it to {self.path} failed "
            f"({describe(exc)}), and the unfinished end could not be taken back "
            f"({describe(cut_exc)}). Do not enter it again yet: fix the storage and restart the "
            "companion (or run `speicherstadt-companion status`); it reads the saved game and "
            "shows whether this action is in it, before anything else is saved."
        )

    def _refusal(self, exc: OSError | None) -> StorageError:
        reason = describe(exc) if exc else "the file is not open"
        return StorageError(
            f"the action was NOT saved: cannot write to {self.path} ({reason}). "
            "The game is as it was before this action; fix the storage and enter it again."
        )

    def _reconcile_history(self) -> None:
        """Make history.db agree with the journal: finished games in it, unfinished ones not."""
        from companion.store import history as store_history  # (sqlite3) when first needed

        try:
            if self.finished:
                record = self.record_text()
                try:
                    with store_history.History(self.state_dir) as history:
                        same = history.record_of(self.key) == record
                        if same:
                            self.history_id = history.key_of(self.key)
                except HistoryError as exc:
                    if exc.cause != "damaged":
                        raise
                    same = False  # archive_finished sets the damaged file aside
                if not same:
                    self._keep_for_club(record)
                    self.history_id, notes = store_history.archive_finished(
                        self.state_dir, self.key, self.state, record
                    )
                    self.warnings.extend(notes)
            else:
                self.history_id = None
                if self.club:
                    from companion.store import outbox

                    outbox.take_back(self.state_dir, self.key)
                if os.path.lexists(self.state_dir / "history.db"):
                    with store_history.History(self.state_dir) as history:
                        history.forget(self.key)
        except StorageError as exc:
            message = f"the history could not be updated: {exc.message}"
            # Told once, by whoever shows the warnings (the screen, `feed`); the log keeps
            # it at info, which the app's journal records (a warning would print it twice).
            log.info("%s", message)
            self.warnings.append(message)

    def _keep_for_club(self, record: str) -> None:
        """Put the finished game in the club's outbox before the history is told, so a
        crash between the two leaves it to be put there again (by its key: one file)."""
        if not self.club:
            return
        from companion.store import outbox

        try:
            outbox.put(self.state_dir, self.key, record)
        except StorageError as exc:
            log.warning("%s", exc.message)
            self.warnings.append(exc.message)

    def record_text(self) -> str:
        """The game as a record (docs/record-format.md, with "t"): what `export` writes."""
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


def _stamp() -> str:
    return journal.now_iso().replace(":", "").replace("-", "")


def _move_journal(state_dir: Path, path: Path, folder: Path, label: str) -> Path:
    """Move the journal durably into `folder` (created if need be) under a dated name."""
    target = folder / f"{_stamp()}-{label}.v{journal.version_of(path)}.jsonl"
    folder.mkdir(exist_ok=True)
    os.replace(path, target)
    fsync_dir(folder)
    fsync_dir(state_dir)
    return target


def _archive_and_clear(state_dir: Path, path: Path, scan: journal.Scan) -> list[str]:
    """Put a finished game into the history; what to tell. Its journal stays until the
    new game's journal replaces it by rename (`GameSession.start`), so that at no moment
    is there no game to show: a kill in between leaves the finished game, which is
    archived again (by its key, the same row) at the next start.

    If the history cannot take it even after a damaged history.db was set aside
    (a newer schema, full or read-only storage), the journal moves to
    ``unarchived/`` and is archived later: a new game can always start.
    """
    from companion.store import history as store_history

    assert scan.state is not None
    key = journal.game_key(scan.lines[0])
    try:
        _, notes = store_history.archive_finished(state_dir, key, scan.state, _text(scan.lines))
    except HistoryError as exc:
        folder = state_dir / store_history.PENDING_DIR
        try:
            target = _move_journal(state_dir, path, folder, key)
        except OSError as move_exc:
            raise StorageError(
                f"cannot clear the finished game from {state_dir}: the history cannot take it "
                f"({exc.message}) and it cannot be moved to {folder} ({describe(move_exc)})"
            ) from None
        log.info("finished game kept in %s: %s", target, exc.message)  # told by the caller
        return [
            f"The finished game could not be added to the history ({exc.message}). It is kept "
            f"in {folder} and is added when the history can be written again."
        ]
    return notes


def archive_pending(state_dir: Path, catalogue: Catalogue) -> list[str]:
    """Archive finished games kept in ``unarchived/`` while the history did not work.

    Each is removed once it is safely in the history; the first failure stops
    (they wait for the next time). Returns what the players should be told.
    """
    from companion.store import history as store_history

    notes: list[str] = []
    done = 0
    waiting = store_history.pending_games(state_dir)
    for path in waiting:
        try:
            scan = pins.scan(path, catalogue)
            assert scan.state is not None
            if scan.state.phase != "over":
                continue
            key = journal.game_key(scan.lines[0])
            _, more = store_history.archive_finished(state_dir, key, scan.state, _text(scan.lines))
            notes.extend(more)
            path.unlink()
            fsync_dir(path.parent)
            done += 1
        except (StorageError, JournalCorrupt, OSError) as exc:
            log.warning("%s still waits for the history: %s", path, exc)
            break
    if done:
        notes.append(f"{done} finished game(s) that waited for the history were added to it.")
    return notes


def keep_valid_prefix(state_dir: Path, catalogue: Catalogue) -> tuple[Path, int]:
    """Repair a damaged journal: keep its intact first lines, back the damaged file up.

    Returns (backup path, lines kept). With no intact line (or when the journal
    is not a file at all) the journal is moved to the backup name. Does nothing
    but return (journal path, all lines) if the journal is not damaged.
    The damaged file is kept whole under the backup name (a hard link, or a
    rename when nothing is kept), so a journal of any size is repaired without
    being read whole.
    """
    state_dir = Path(state_dir)
    journal.check_version(state_dir)
    lock = journal.Lock(state_dir)
    try:
        path = journal.journal_path(state_dir)
        try:
            scan = pins.scan(path, catalogue)
            return path, len(scan.lines)
        except JournalCorrupt as exc:
            damage = exc
        backup = state_dir / f"{path.name}.damaged-{_stamp()}"
        keep_lines: list[bytes] = []
        if damage.valid_prefix_lines:
            data = journal.read_journal(path)  # a regular file: bounded by the record limit
            for raw in data.split(b"\n"):
                if len(keep_lines) == damage.valid_prefix_lines:
                    break
                if raw.strip():
                    keep_lines.append(raw)
        done = ""
        try:
            if keep_lines:
                os.link(path, backup)
                done = f"the damaged file was kept as {backup}"
                fsync_dir(state_dir)
                atomic_write(path, b"".join(raw + b"\n" for raw in keep_lines))
            else:
                os.replace(path, backup)
                done = f"the damaged file was moved to {backup}"
                fsync_dir(state_dir)
        except NotDurable as exc:
            raise StorageError(
                f"{path} was repaired ({done}; its first {len(keep_lines)} line(s) kept), but "
                f"the folder could not be synced ({describe(exc)}): a power cut now could undo "
                "the repair; fix the storage and run the repair again"
            ) from None
        except OSError as exc:
            if done:
                raise StorageError(
                    f"cannot repair {path}: {describe(exc)}; {done}, the journal itself was "
                    "not changed" if keep_lines else
                    f"{path} was repaired ({done}; no line was intact), but the folder could "
                    f"not be synced ({describe(exc)}): a power cut now could undo the repair"
                ) from None
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
    if not os.path.lexists(path):
        return None
    return pins.scan(path, catalogue)
