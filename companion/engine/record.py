"""Game records (JSON Lines): reading them and replaying them through the engine."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.engine.actions import Action, Setup, parse_line
from companion.engine.cards import Catalogue
from companion.engine.errors import RecordError, RuleError
from companion.engine.rules import apply, new_game
from companion.engine.state import State


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


def replay_actions(actions: Iterable[Action], catalogue: Catalogue) -> State:
    """Apply parsed actions (setup first); raises RuleError at the first bad one."""
    it = iter(actions)
    try:
        first = next(it)
    except StopIteration:
        raise RecordError("record_empty") from None
    state = start(first, catalogue)
    for action in it:
        state = apply(state, action)
    return state


def replay(data: bytes | str, catalogue: Catalogue) -> Replay:
    """Replay a whole record, stopping at the first line that is malformed or breaks a rule."""
    lines = split_lines(data)
    if not lines:
        empty = ReplayError.of(1, RecordError("record_empty"))
        return Replay(None, empty, ())
    state: State | None = None
    applied: list[Action] = []
    for number, line in lines:
        try:
            action = parse_line(line)
            state = start(action, catalogue) if state is None else apply(state, action)
        except RuleError as exc:
            return Replay(state, ReplayError.of(number, exc), tuple(applied))
        applied.append(action)
    return Replay(state, None, tuple(applied))


def to_record(actions: Iterable[Action]) -> str:
    """A record (JSON Lines text) for a sequence of actions."""
    return "".join(action.to_line() + "\n" for action in actions)
