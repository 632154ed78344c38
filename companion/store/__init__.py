"""Storage: the crash-safe journal of the current game and the history of finished ones.

`GameSession` (session.py) resumes and plays the current game, journaling
every action durably before it is acknowledged; `History` (history.py) keeps
finished games in SQLite. Imports the engine and the standard library only.

The names below are loaded when first used (PEP 562): resuming a game at start
needs the journal, not the history's SQLite (~5 ms to import).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.store.errors import GameInProgress as GameInProgress
    from companion.store.errors import HistoryError as HistoryError
    from companion.store.errors import JournalCorrupt as JournalCorrupt
    from companion.store.errors import JournalTooNew as JournalTooNew
    from companion.store.errors import StorageError as StorageError
    from companion.store.history import GameSummary as GameSummary
    from companion.store.history import History as History
    from companion.store.history import PlayerResult as PlayerResult
    from companion.store.history import PlayerStats as PlayerStats
    from companion.store.session import GameSession as GameSession
    from companion.store.session import current_game as current_game
    from companion.store.session import keep_valid_prefix as keep_valid_prefix

#: Each public name and the module that defines it.
_WHERE = {
    "GameInProgress": "errors", "HistoryError": "errors", "JournalCorrupt": "errors",
    "JournalTooNew": "errors", "StorageError": "errors",
    "GameSummary": "history", "History": "history", "PlayerResult": "history",
    "PlayerStats": "history",
    "GameSession": "session", "current_game": "session", "keep_valid_prefix": "session",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    found = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = found
    return found


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
