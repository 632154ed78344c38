"""Storage: the crash-safe journal of the current game and the history of finished ones.

`GameSession` (session.py) resumes and plays the current game, journaling
every action durably before it is acknowledged; `History` (history.py) keeps
finished games in SQLite. Imports the engine and the standard library only.
"""

from companion.store.errors import (
    GameInProgress,
    HistoryError,
    JournalCorrupt,
    JournalTooNew,
    StorageError,
)
from companion.store.history import GameSummary, History, PlayerResult, PlayerStats
from companion.store.session import GameSession, current_game, keep_valid_prefix

__all__ = [
    "GameInProgress", "GameSession", "GameSummary", "History", "HistoryError", "JournalCorrupt",
    "JournalTooNew", "PlayerResult", "PlayerStats", "StorageError", "current_game",
    "keep_valid_prefix",
]
