"""The journal: the current game as an append-only record file (docs/record-format.md, JSON Lines).

The journal *is* a game record (format 2, docs/record-format.md): `replay`
reads it as it is. Each line is one action with a ``"t"`` time stamp and a
``"crc"`` checksum, written with a single `write` and made durable with
`fdatasync` before the action is acknowledged. A journal is created whole
(`companion.fsio.atomic_write`), so it always starts with a complete setup
line, which pins the printed card values of the game.

The file name carries the journal format version: ``current-game.v2.jsonl``
(``current-game.v1.jsonl``, a game started before format 2, is still read and
continued). A future format that this version could misread must use a new
number; a journal with a higher number than `JOURNAL_VERSION` is refused.

Reading (`scan`) checks the file type first (a folder or a pipe is damage,
never waited on), reads at most `MAX_RECORD_BYTES`, and tells apart:
- a *torn tail*: bytes after the last newline (a write cut short by a kill or a
  power cut; never acknowledged) - dropped, with a warning;
- a *corrupted tail*: the last complete line is not a valid record line or its
  checksum does not match - dropped, with a warning naming it (the session
  backs the file up before cutting it);
- damage *before* the last line (or a line the rules refuse) - `JournalCorrupt`:
  nothing after it is used, and the intact prefix is offered.
docs/journal.md says why.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from companion.engine import Action, RecordError, RuleError, State, apply, iter_states
from companion.engine.actions import line_crc, parse_line
from companion.engine.cards import Catalogue
from companion.engine.record import MAX_RECORD_BYTES
from companion.engine.values import field, value
from companion.fsio import NotAFile, describe, read_bounded
from companion.store.errors import JournalCorrupt, JournalTooNew, StorageError

if TYPE_CHECKING:
    from datetime import datetime

#: The journal format this version writes (docs/journal.md): 2 = record format 2 lines,
#: each with its checksum, and the printed values pinned in the setup line.
JOURNAL_VERSION = 2
#: The journal formats this version reads, newest first (a v1 game goes on as v1).
READ_VERSIONS = (2, 1)
JOURNAL_NAME = f"current-game.v{JOURNAL_VERSION}.jsonl"
_JOURNAL_RE = re.compile(r"current-game\.v(\d+)\.jsonl\Z")
ABANDONED_DIR = "abandoned"


def now_iso() -> str:
    """The current UTC time as a record's ``"t"`` (docs/record-format.md): ISO-8601, ms, Z."""
    # datetime here, not at the top: ~2 ms to import, and Home needs none before a game.
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def parse_time(text: str | None) -> datetime | None:
    """A ``"t"`` value as an aware datetime (None if absent or not a time)."""
    if not text:
        return None
    from datetime import UTC, datetime

    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def encode_line(action: Action, t: str, *, crc: bool = True) -> str:
    """One journal line (no newline): the action's record object plus ``"t"`` and ``"crc"``.

    `crc=False` for a format 1 journal (a game started before the update).
    """
    obj = action.to_json()
    obj["t"] = t
    if crc:
        obj["crc"] = line_crc(json.loads(json.dumps(obj, default=dict)))
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
    import hashlib  # here: ~2.5 ms to import, and only a finished game needs it

    return hashlib.sha256(setup_line.encode("utf-8")).hexdigest()[:20]


def journal_path(state_dir: Path) -> Path:
    """The current game's journal: a v2 one, else a v1 one (a game from before the update).

    Anything by that name counts, even a folder or a pipe (`scan` refuses those).
    """
    for version in READ_VERSIONS:
        path = state_dir / f"current-game.v{version}.jsonl"
        if os.path.lexists(path):
            return path
    return state_dir / JOURNAL_NAME


def journal_exists(state_dir: Path) -> bool:
    return os.path.lexists(journal_path(state_dir))


def version_of(path: Path) -> int:
    """The journal format of a journal file, from its name."""
    match = _JOURNAL_RE.match(path.name)
    return int(match.group(1)) if match else JOURNAL_VERSION


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


@value(frozen=False)
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
    damaged_last_line: bool = False
    """The last complete line was damaged (not a torn write): back the file up before cutting."""
    tail_kept: bool = False
    """The last line is whole with a valid checksum but its newline was lost or damaged: it
    is kept, and the session puts the newline back (after a backup)."""

    @property
    def cut(self) -> bool:
        """Whether a torn or corrupted tail must be cut off before appending."""
        return self.valid_length != self.file_length

    @property
    def version(self) -> int:
        return version_of(self.path)


def read_journal(path: Path) -> bytes:
    """The journal's bytes, at most `MAX_RECORD_BYTES` + 1 of them.

    Checks the file type first and opens without blocking, so a folder, a
    named pipe or a device under the journal's name is refused
    (`JournalCorrupt`, line 1), never waited on or read without end.
    """
    try:
        return read_bounded(path, MAX_RECORD_BYTES)
    except NotAFile as exc:
        raise JournalCorrupt(path, 1, describe(exc), 0, 0) from None
    except OSError as exc:
        raise StorageError(f"cannot read the saved game {path}: {describe(exc)}") from None


def scan(path: Path, catalogue: Catalogue) -> Scan:
    """Read and replay a journal; `JournalCorrupt` for damage before its last line."""
    data = read_journal(path)
    too_big = len(data) > MAX_RECORD_BYTES
    if too_big:
        data = data[:MAX_RECORD_BYTES]
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
        last = index == len(entries) - 1 and not too_big
        if last and not tail.strip() and state is not None:
            result.warnings.append(
                f"the last entry of the saved game (line {number}) was damaged and was "
                f"dropped ({exc}); it read {_preview(raw)}"
            )
            result.damaged_last_line = True
        else:
            raise JournalCorrupt(path, number, str(exc), len(result.lines),
                                 len(entries) - index - 1) from None
    except RuleError as exc:
        # Written lines were accepted when written; a refusal now means the line was
        # altered, or (a format 1 journal) the card values changed since it was written.
        number = exc.line or 1
        reason = (
            f"the rules now refuse it ({exc}); the line was altered, or the card values "
            "changed since it was written"
        )
        raise JournalCorrupt(path, number, reason, len(result.lines),
                             len(entries) - entries[number][0] - 1) from None
    if too_big:
        raise JournalCorrupt(
            path, complete.count(b"\n") + 1,  # the line that crosses the limit
            f"the file is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB, which no game "
            "reaches (docs/journal.md, Limits); nothing from here on is read",
            len(result.lines), 0,
        )
    if tail and state is not None and not too_big:
        kept = _complete_tail(tail, state, path)
        if kept is not None:
            raw, action, state = kept
            result.lines.append(raw.decode("utf-8"))
            result.actions.append(action)
            result.valid_length = len(complete) + len(raw)
            result.tail_kept = True
            result.warnings.append(
                f"the end of the last entry of the saved game (line {len(entries) + 1}) was "
                "damaged, but the entry itself is complete and its checksum matches: it was "
                "kept (it had been acknowledged)"
            )
            tail = b""
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


def _complete_tail(tail: bytes, state: State, path: Path) -> tuple[bytes, Action, State] | None:
    """The bytes after the last newline, if they are a whole line with a valid checksum
    that the rules accept (its newline lost or changed by a flipped bit): (the line, its
    action, the state after it). A torn write never ends in a complete, checksummed line
    but by chance of its last byte; such a line was acknowledged, so it is kept."""
    if version_of(path) < 2:
        return None  # no checksum to tell a complete line from a torn one
    for raw in (tail, tail[:-1]):
        if not raw.strip().endswith(b"}") or b'"crc"' not in raw:
            continue
        try:
            action = parse_line(raw)
            obj = json.loads(raw)
            if not isinstance(obj, dict) or "crc" not in obj:
                continue
            return raw, action, apply(state, action)
        except (RecordError, RuleError, ValueError):
            continue
    return None


class Lock:
    """An exclusive lock on the state directory itself: one writer at a time.

    `flock` on the folder, opened read-only, needs no writable file, so the
    lock never fails open (docs/journal.md, "One writer"): if it cannot be
    taken, nothing is written. It dies with its process, so a killed
    companion never leaves a stale lock behind.
    """

    def __init__(self, state_dir: Path) -> None:
        self.fd: int | None = None
        try:
            fd = os.open(state_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError as exc:
            raise StorageError(
                f"cannot lock the state directory {state_dir} ({describe(exc)}), so nothing is "
                "written: only one companion process may write a game"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StorageError(
                f"another companion process is using the state directory {state_dir}; "
                "stop it first (only one may write the game)"
            ) from None
        except OSError as exc:
            os.close(fd)
            raise StorageError(
                f"cannot lock the state directory {state_dir} ({describe(exc)}), so nothing is "
                "written: only one companion process may write a game"
            ) from None
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
