"""An in-memory game store with the `GameSession` interface.

Used for screenshots and demos (`companion.ui.shots`), where nothing should
touch a disk. Nothing it holds survives the process.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.engine import Action, Setup, State, apply, iter_states, to_record
from companion.engine.words import Phase


class MemorySession:
    """Validate, keep, return: the session interface without a disk."""

    def __init__(self, setup: Setup, catalogue: Any, actions: list[Action] | None = None) -> None:
        self.setup = setup
        self.actions: list[Action] = list(actions or [])
        self.warnings: list[str] = []
        steps = iter_states([setup, *self.actions], catalogue)
        self.state: State = next(steps)[2]
        for _number, _action, state in steps:
            self.state = state

    def submit(self, action: Action) -> State:
        self.state = apply(self.state, action)
        self.actions.append(action)
        return self.state

    def record_text(self) -> str:
        return to_record([self.setup, *self.actions])

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
