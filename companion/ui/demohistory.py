"""A history of finished demo games, for screenshots and the screen tests.

Real records of random but legal games (named players, times one every
20 seconds from a fixed evening), archived in a real history database in the
demo's state directory, so History, a reopened game and the statistics show
what they would show at a table.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion.engine import Catalogue, replay
from companion.store import History
from companion.store.history import GameSummary, PlayerStats
from companion.store.journal import encode_line, game_key
from companion.ui.memory import DEMO_START
from companion.ui.samples import demo_game

#: (players, seed, start) of each demo game, the oldest first.
GAMES = (
    (3, 21, datetime(2026, 11, 13, 19, 40, tzinfo=UTC)),
    (5, 11, datetime(2026, 11, 15, 20, 5, tzinfo=UTC)),
    (2, 11, datetime(2026, 11, 20, 21, 14, tzinfo=UTC)),
    (4, 11, DEMO_START),  # the game of the final screen's picture
)


def demo_record(catalogue: Catalogue, players: int, seed: int, start: datetime) -> str:
    """A whole demo game as a record with times, as the journal writes it."""
    lines = []
    for i, action in enumerate(demo_game(catalogue, players, "quick", seed)):
        t = (start + timedelta(seconds=20 * i)).isoformat(timespec="milliseconds")
        lines.append(encode_line(action, t.replace("+00:00", "Z")))
    return "".join(line + "\n" for line in lines)


class DemoHistory:
    """The `HistorySource` of the demo: filled on first use."""

    def __init__(self, state_dir: Path, catalogue: Callable[[], Catalogue]) -> None:
        self.state_dir = Path(state_dir)
        self.catalogue = catalogue
        self.filled = False
        self.notes: list[str] = []

    def _open(self) -> History:
        if not self.filled:
            self.state_dir.mkdir(parents=True, exist_ok=True)
            with History(self.state_dir) as history:
                if not history.count():
                    for players, seed, start in GAMES:
                        record = demo_record(self.catalogue(), players, seed, start)
                        state = replay(record, self.catalogue()).state
                        assert state is not None and state.final is not None
                        history.archive(game_key(record.split("\n", 1)[0]), state, record)
            self.filled = True
        return History(self.state_dir)

    def count(self) -> int:
        with self._open() as history:
            return history.count()

    def page(self, first: int, count: int) -> list[GameSummary]:
        with self._open() as history:
            return history.page(first, count)

    def game(self, game_id: int) -> GameSummary | None:
        with self._open() as history:
            return history.game(game_id)

    def games(self) -> list[GameSummary]:
        with self._open() as history:
            return history.games()

    def player_stats(self) -> list[PlayerStats]:
        with self._open() as history:
            return history.player_stats()

    def player_totals(self) -> list[PlayerStats]:
        with self._open() as history:
            return history.player_totals()

    def known_names(self) -> list[str]:
        with self._open() as history:
            return history.known_names()
