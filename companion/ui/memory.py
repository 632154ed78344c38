"""An in-memory game store with the `GameSession` interface.

Used for screenshots and demos (`companion.ui.shots`), where nothing should
touch a disk. Nothing it holds survives the process.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from companion.engine import Action, Setup, State, iter_states
from companion.engine.step import Step, step
from companion.engine.words import Phase
from companion.store.journal import encode_line

#: When a demo game starts (companion.ui.demohistory starts its 4-player game here too).
DEMO_START = datetime(2026, 11, 22, 19, 30, tzinfo=UTC)


def _demo_time(index: int) -> str:
    moment = DEMO_START + timedelta(seconds=20 * index)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class MemorySession:
    """Validate, keep, return: the session interface without a disk."""

    def __init__(self, setup: Setup, catalogue: Any, actions: list[Action] | None = None) -> None:
        self.setup = setup
        self.actions: list[Action] = list(actions or [])
        self.warnings: list[str] = []
        #: The record's lines encoded so far (`lines`).
        self._encoded: list[str] = []
        self._encoded_last: Action | None = None
        steps = iter_states([setup, *self.actions], catalogue)
        self.state: State = next(steps)[2]
        for _number, _action, state in steps:
            self.state = state

    def submit(self, action: Action) -> State:
        return self.commit(self.prepare(action))

    def prepare(self, action: Action) -> Step:
        return step(self.state, action)

    def commit(self, prepared: Step) -> State:
        if prepared.before is not self.state:  # something was recorded since: check again
            prepared = step(self.state, prepared.action)
        self.state = prepared.after
        self.actions.append(prepared.action)
        return self.state

    def record_text(self) -> str:
        """The record, each line with a time as the journal writes it: a made-up evening
        (`DEMO_START`, one action every 20 seconds), so a demo's final screen shows a
        play with a date and a duration like a real game's (the demo history's games
        start at the same moment)."""
        return "".join(line + "\n" for line in self.lines)

    @property
    def lines(self) -> tuple[str, ...]:
        """The record's lines (`record_text`), each encoded once: the actions only grow."""
        actions = [self.setup, *self.actions]
        encoded, done = self._encoded, len(self._encoded)
        if done > len(actions) or (done and actions[done - 1] is not self._encoded_last):
            del encoded[:]  # (the actions were changed otherwise than by a commit)
            done = 0
        encoded += [encode_line(a, _demo_time(i))
                    for i, a in enumerate(actions[done:], start=done)]
        self._encoded_last = actions[-1]
        return tuple(encoded)

    def close(self) -> None:
        """Nothing to release."""


class MemoryStore:
    """`resume` and `start` over one game kept in memory per state directory."""

    def __init__(self, warning: str | None = None) -> None:
        self.sessions: dict[str, MemorySession] = {}
        self.warning = warning

    def resume(self, state_dir: Path, catalogue: Any) -> MemorySession | None:
        old = self.sessions.get(str(state_dir))
        if old is None or old.state.phase == Phase.OVER:
            return None
        session = MemorySession(old.setup, catalogue, list(old.actions))
        self.sessions[str(state_dir)] = session
        return session

    def start(self, state_dir: Path, catalogue: Any, setup: Setup,
              abandon_current: bool = False) -> MemorySession:
        session = MemorySession(setup, catalogue)
        if self.warning:
            session.warnings.append(self.warning)
        self.sessions[str(state_dir)] = session
        return session
