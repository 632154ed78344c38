"""Game records (JSON Lines): reading them and replaying them through the engine.

The format's version and limits live here and in `actions` (docs/record-format.md,
"Versioning" and "Limits"; docs/journal.md, "Limits"): `RECORD_FORMAT` is the newest
format this version reads and writes; a record is at most `MAX_RECORD_BYTES`, a line at most
`MAX_LINE_BYTES`, so no input makes replaying one take unbounded memory.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, cast

from companion.engine.actions import (
    MAX_LINE_BYTES,
    RECORD_FORMAT,
    Action,
    Setup,
    line_crc,
    parse_line,
)
from companion.engine.cards import Catalogue
from companion.engine.errors import RecordError, RuleError
from companion.engine.printed import pin_printed, pinned_values
from companion.engine.rules import apply, new_game
from companion.engine.state import State
from companion.engine.values import field, value

#: The largest record accepted, in bytes (docs/journal.md, "Limits"). A long game is
#: about 100 KB; 2 MiB leaves a wide margin and bounds the memory of a replay.
MAX_RECORD_BYTES = 2 * 1024 * 1024


def too_big_error() -> RecordError:
    """The refusal of a record past `MAX_RECORD_BYTES`."""
    return RecordError("record_too_big", limit_mib=MAX_RECORD_BYTES // (1024 * 1024))


def too_big_message() -> str:
    return str(too_big_error())


@value
class ReplayError:
    """The first line of a record that could not be applied."""

    line: int
    """Line number, counting from 1."""
    message: str
    """The refusal in English (`str` of the `RuleError`)."""
    code: str = ""
    """The refusal's code (a key of `messages.MESSAGES`)."""
    params: dict[str, Any] = field(default_factory=dict)
    """The refusal's parameters."""

    @classmethod
    def of(cls, line: int, error: RuleError) -> ReplayError:
        return cls(line, str(error), error.code, dict(error.params))

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "message": self.message, "code": self.code,
                "params": self.params}

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@value
class Replay:
    """The outcome of replaying a record: the state reached and the error, if any."""

    state: State | None
    """The state after the last good line (None if the setup line itself failed)."""
    error: ReplayError | None
    actions: tuple[Action, ...]
    """The actions applied, setup first."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = self.state.to_json() if self.state else {}
        if self.error:
            out["error"] = self.error.to_json()
        return out


def split_lines(data: bytes | str) -> list[tuple[int, str | bytes]]:
    """The record's non-blank lines with their line numbers (from 1).

    Lines end at ``\n`` only: `str.splitlines` would also split at U+2028,
    U+0085 and other characters that a JSON string may hold unescaped
    (`Action.to_line` writes them raw), and so break a valid record.
    """
    out: list[tuple[int, str | bytes]] = []
    if isinstance(data, str):
        for number, text in enumerate(data.split("\n"), start=1):
            if text.strip():
                out.append((number, text))
    else:
        for number, raw in enumerate(data.split(b"\n"), start=1):
            if raw.strip():
                out.append((number, raw))
    return out


def start(setup: Action, catalogue: Catalogue) -> State:
    """The initial state from a record's first action."""
    if not isinstance(setup, Setup):
        raise RecordError("record_not_setup_first", type=setup.type)
    return new_game(setup, catalogue)


def iter_states(
    record: bytes | str | Iterable[Action], catalogue: Catalogue
) -> Iterator[tuple[int, Action, State]]:
    """Replay a record one line at a time: ``(line number, action, state after it)``.

    `record` is the record's text (JSON Lines, split at ``\n`` only: see `split_lines`)
    or its actions already parsed, setup first (numbered from 1). The first step is the
    setup line and the state it starts. At the first line that is malformed or breaks a
    rule, the `RuleError` is raised with its `line` set; the steps before it were good.
    Every loop that replays a record goes through here: `replay`, the journal scan, the
    running-score chart, the in-memory sessions and the screenshots.
    """
    numbered: Iterable[tuple[int, Any]]
    if isinstance(record, str | bytes):
        numbered, parse = split_lines(record), True
    else:
        numbered, parse = enumerate(record, start=1), False
    state: State | None = None
    number = 0
    try:
        for number, item in numbered:
            action = parse_line(item) if parse else cast(Action, item)
            state = start(action, catalogue) if state is None else apply(state, action)
            yield number, action, state
    except RuleError as exc:
        exc.line = number
        raise


def replay_actions(actions: Iterable[Action], catalogue: Catalogue) -> State:
    """Apply parsed actions (setup first); raises RuleError at the first bad one."""
    state: State | None = None
    for _number, _action, after in iter_states(actions, catalogue):
        state = after
    if state is None:
        raise RecordError("record_empty")
    return state


def replay(data: bytes | str, catalogue: Catalogue) -> Replay:
    """Replay a whole record, stopping at the first line that is malformed or breaks a rule.

    Past `MAX_RECORD_BYTES`, the line that crosses the limit is an error.
    """
    too_big_at = None
    if len(data) > MAX_RECORD_BYTES:
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogatepass")
        data = data[:MAX_RECORD_BYTES]
        too_big_at = data.count(b"\n") + 1
        data = data[: data.rfind(b"\n") + 1]
    state: State | None = None
    applied: list[Action] = []
    try:
        for _number, action, after in iter_states(data, catalogue):
            state = after
            applied.append(action)
    except RuleError as exc:
        return Replay(state, ReplayError.of(exc.line or 1, exc), tuple(applied))
    if too_big_at is not None:
        return Replay(state, ReplayError.of(too_big_at, too_big_error()), tuple(applied))
    if state is None:
        return Replay(None, ReplayError.of(1, RecordError("record_empty")), ())
    return Replay(state, None, tuple(applied))


__all__ = [
    "MAX_LINE_BYTES", "MAX_RECORD_BYTES", "RECORD_FORMAT", "Replay", "ReplayError", "line_crc",
    "pin_printed", "pinned_values", "replay", "replay_actions", "split_lines", "start",
    "to_record", "too_big_error", "too_big_message",
]


def to_record(actions: Iterable[Action]) -> str:
    """A record (JSON Lines text) for a sequence of actions."""
    return "".join(action.to_line() + "\n" for action in actions)
