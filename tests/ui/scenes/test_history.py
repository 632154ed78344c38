"""companion/ui/scenes/history.py: History paged by touch."""

from __future__ import annotations

from types import SimpleNamespace

from benchmarks.touch import Finger
from companion.ui.core import UI

LONG = ("Annabelle-Sophie", "Bartholom\u00e4us", "Clementine", "Dietrich", "Eleonore")


def game(gid: int, players: tuple[str, ...]) -> SimpleNamespace:
    return SimpleNamespace(
        id=gid, record=None, started=f"2026-03-{gid:02d}T19:00:00Z",
        players=[SimpleNamespace(name=name, total=40 - 5 * k, rank=k + 1, seat=k,
                                 winner=k == 0) for k, name in enumerate(players)])


class PagedHistory:
    """Three games of five long names (two lines each), then one of two short names."""

    notes: list[str] = []

    def __init__(self) -> None:
        self.rows = [game(4, LONG), game(3, LONG), game(2, LONG), game(1, ("Anna", "Ben"))]

    def count(self) -> int:
        return len(self.rows)

    def page(self, first: int, count: int) -> list[SimpleNamespace]:
        return self.rows[first:first + count]

    def game(self, game_id: int) -> None:
        return None

    def player_totals(self) -> list[dict[str, object]]:
        return [{"name": "Anna", "games": 4, "wins": 2, "best": 40}]


def shown_games(finger: Finger) -> list[str]:
    """The games on screen now, by their target's key."""
    finger.frame()
    return [h.key for h in finger.ui.canvas.hits if h.key.startswith("game:")]


def test_the_last_page_pages_back_to_the_newer_games(services):
    """The older games' rows are lower, so all of them fit on the last page: its arrows
    stay all the same (without them the table could not page back)."""
    services.history = PagedHistory()
    ui = UI(services, (800, 400))
    ui.open("history")
    finger = Finger(ui)
    first = shown_games(finger)
    assert first and len(first) < 4 and finger.has("\u25bc")
    finger.tap("\u25bc")
    assert shown_games(finger) == [f"game:{n}" for n in range(4 - len(first), 0, -1)]
    assert finger.has("\u25b2") and not finger.has("\u25bc")
    finger.tap("\u25b2")
    assert shown_games(finger) == first
