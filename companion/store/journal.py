"""The journal: the current game as an append-only record file (RECORD.md, JSON Lines).

The journal *is* a game record: `replay` reads it as it is. Each line is one
action with a ``"t"`` time stamp, written with a single `write` and made durable
with `fdatasync` before the action is acknowledged. A journal is created whole
(temp file, fsync, rename, fsync of the directory), so it always starts with a
complete setup line.

The file name carries the journal format version: ``current-game.v1.jsonl``.
A future format that this version could misread must use a new number; a
journal with a higher number than `JOURNAL_VERSION` is refused, never read.

Reading (`scan`) tells three things apart:
- a *torn tail*: bytes after the last newline (a write cut short by a kill or a
  power cut; never acknowledged) - dropped, with a warning;
- a *corrupted tail*: the last complete line is not a valid record line -
  dropped, with a warning naming it;
- damage *before* the last line (or a line the rules refuse) - `JournalCorrupt`:
  nothing after it is used, and the intact prefix is offered.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from companion.engine import Action, RecordError, RuleError, State, iter_states
from companion.engine.actions import parse_line
from companion.engine.cards import Catalogue
from companion.store.errors import JournalCorrupt, JournalTooNew, StorageError
from companion.store.fsutil import describe

JOURNAL_VERSION = 1
JOURNAL_NAME = f"current-game.v{JOURNAL_VERSION}.jsonl"
_JOURNAL_RE = re.compile(r"current-game\.v(\d+)\.jsonl\Z")
LOCK_NAME = "lock"
ABANDONED_DIR = "abandoned"


def now_iso() -> str:
    """The current UTC time as RECORD.md's ``"t"``: ISO-8601 with milliseconds and Z."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def parse_time(text: str | None) -> datetime | None:
    """A ``"t"`` value as an aware datetime (None if absent or not a time)."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def encode_line(action: Action, t: str) -> str:
    """One journal line (no newline): the action's record object plus ``"t"``."""
    obj = action.to_json()
    obj["t"] = t
    line = json.dumps(obj, ensure_ascii=False, separators=(", ", ": "), default=dict)
    # What is journaled must read back as the same action, or resume would differ.
    if parse_line(line).to_json() != json.loads(json.dumps(action.to_json(), default=dict)):
        raise RecordError("line_unwritable", type=action.type)
    return line


def line_time(line: str) -> str | None:
    """The ``"t"`` of a journal line, if it has one."""
    try:
        value = json.loads(line).get("t")
    except (ValueError, AttributeError):
        return None
    return value if isinstance(value, str) else None


def game_key(setup_line: str) -> str:
    """A game's identity: a hash of its setup line (which carries the start time)."""
    return hashlib.sha256(setup_line.encode("utf-8")).hexdigest()[:20]


def journal_path(state_dir: Path) -> Path:
    return state_dir / JOURNAL_NAME


def check_version(state_dir: Path) -> None:
    """Refuse a state directory holding a journal of a newer format."""
    try:
        names = os.listdir(state_dir)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(
            f"cannot read the state directory {state_dir}: {describe(exc)}"
        ) from None
    for name in names:
        match = _JOURNAL_RE.match(name)
        if match and int(match.group(1)) > JOURNAL_VERSION:
            raise JournalTooNew(
                f"the saved game {state_dir / name} was written by a newer version of the "
                f"companion (journal format {match.group(1)}; this version reads format "
                f"{JOURNAL_VERSION}). It was left untouched: update the companion to continue it."
            )


def _preview(raw: bytes, limit: int = 80) -> str:
    text = raw.decode("utf-8", errors="replace").replace("\x00", "\\0")
    return repr(text if len(text) <= limit else text[:limit] + "...")


@dataclass
class Scan:
    """A journal read back: the intact lines, the state they give, and what was dropped."""

    path: Path
    lines: list[str] = field(default_factory=list)
    """The intact record lines (setup first), without newlines."""
    actions: list[Action] = field(default_factory=list)
    state: State | None = None
    valid_length: int = 0
    """Bytes of the file that hold the intact lines."""
    file_length: int = 0
    warnings: list[str] = field(default_factory=list)

    @property
    def cut(self) -> bool:
        """Whether a torn or corrupted tail must be cut off before appending."""
        return self.valid_length != self.file_length


def scan(path: Path, catalogue: Catalogue) -> Scan:
    """Read and replay a journal; `JournalCorrupt` for damage before its last line."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise StorageError(f"cannot read the saved game {path}: {describe(exc)}") from None
    result = Scan(path, file_length=len(data))
    complete = data[: len(data) - len(data.rsplit(b"\n", 1)[-1])]
    tail = data[len(complete):]
    # Line numbers and offsets of the non-blank complete lines, as `iter_states` counts them.
    entries: dict[int, tuple[int, int, bytes]] = {}
    offset = 0
    for number, raw in enumerate(complete.split(b"\n")[:-1], start=1):
        if raw.strip():
            entries[number] = (len(entries), offset, raw)
        offset += len(raw) + 1
    state: State | None = None
    result.valid_length = 0
    try:
        for number, action, after in iter_states(complete, catalogue):
            state = after
            _index, start, raw = entries[number]
            result.lines.append(raw.decode("utf-8"))
            result.actions.append(action)
            result.valid_length = start + len(raw) + 1
    except RecordError as exc:
        number = exc.line or 1
        index, _start, raw = entries[number]
        if index == len(entries) - 1 and not tail.strip() and state is not None:
            result.warnings.append(
                f"the last entry of the saved game (line {number}) was damaged and was "
                f"dropped ({exc}); it read {_preview(raw)}"
            )
        else:
            raise JournalCorrupt(path, number, str(exc), len(result.lines),
                                 len(entries) - index - 1) from None
    except RuleError as exc:
        # Written lines were accepted when written; a refusal now means the line was
        # altered, or the card catalogue changed since (a corrected printed value).
        number = exc.line or 1
        reason = (
            f"the rules now refuse it ({exc}); the line was altered, or the card values "
            "changed since it was written"
        )
        raise JournalCorrupt(path, number, reason, len(result.lines),
                             len(entries) - entries[number][0] - 1) from None
    if tail:
        result.warnings.append(
            "the last entry of the saved game was torn by a power cut or a crash and was "
            f"dropped (it had not been acknowledged): {_preview(tail)}"
        )
    if state is None:
        number = min(entries, default=1)
        raise JournalCorrupt(path, number, "it holds no complete setup line", 0,
                             max(len(entries) - 1, 0))
    result.state = state
    return result


class Lock:
    """An advisory lock on the state directory: one writer at a time.

    `fcntl.flock` dies with its process, so a killed companion never leaves a
    stale lock behind. A read-only state directory cannot hold the lock file;
    then nothing can be written anyway, and the lock is skipped.
    """

    def __init__(self, state_dir: Path) -> None:
        self.fd: int | None = None
        try:
            self.fd = os.open(state_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError:
            return
        try:
            import fcntl

            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # pragma: no cover - not on Linux
            return
        except OSError:
            os.close(self.fd)
            self.fd = None
            raise StorageError(
                f"another companion process is using the state directory {state_dir}; "
                "stop it first (only one may write the game)"
            ) from None

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
