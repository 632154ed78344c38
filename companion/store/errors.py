"""The store's errors: each says what happened to the saved game and what to do.

All are `CompanionError`s, so the command line prints the message and never a
traceback. A refused write (`StorageError`) always leaves the journal and the
session's state as they were before the action.
"""

from __future__ import annotations

from pathlib import Path

from companion.errors import CompanionError


class StorageError(CompanionError):
    """The state directory cannot be read or written (disk full, read-only, no permission)."""

    exit_status = 1


class JournalTooNew(StorageError):
    """The saved game was written by a newer version of the companion; it is left untouched."""


class HistoryError(StorageError):
    """history.db cannot be opened, migrated or written.

    `cause` says what would help: ``"damaged"`` (the file is not a usable
    database: garbage, truncated, a folder, not ours to write), where setting it
    aside and starting a fresh one helps; ``"newer"`` (a newer companion's
    schema, left untouched); ``"storage"`` (full, read-only, I/O error), where a
    fresh file would fail too.
    """

    def __init__(self, message: str, cause: str = "damaged") -> None:
        super().__init__(message)
        self.cause = cause


class GameInProgress(StorageError):
    """A new game was asked for while an unfinished one is saved."""


class JournalCorrupt(CompanionError):
    """A journal entry before the last one is damaged: nothing after it is used silently.

    `valid_prefix_lines` record lines (setup first) before the damage are intact;
    `line` is the damaged line (counting from 1). Exit status 3, like a record that
    breaks a rule.
    """

    exit_status = 3

    def __init__(
        self, path: Path, line: int, reason: str, valid_prefix_lines: int, lines_after: int
    ) -> None:
        self.path = path
        self.line = line
        self.reason = reason
        self.valid_prefix_lines = valid_prefix_lines
        self.lines_after = lines_after
        if valid_prefix_lines:
            intact = (
                f"the {valid_prefix_lines} line(s) before it are intact (the game up to "
                f"action {valid_prefix_lines - 1})"
            )
        else:
            intact = "no line before it is intact"
        after = f"; {lines_after} more line(s) follow the damage" if lines_after else ""
        super().__init__(
            f"the saved game {path} is damaged at line {line}: {reason}. "
            f"Nothing was skipped: {intact}{after}."
        )
