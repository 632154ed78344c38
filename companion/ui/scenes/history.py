"""History: the finished games (date and start time, players, winner), each one tap from
its final screen again; each player's record, and the full statistics one tap away."""

from __future__ import annotations

from functools import partial

import pygame

from companion.store import stats
from companion.ui import names
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost

#: Height of a game row and the gap between rows at 800x480 (a row is a tap target).
ROW, GAP = 58, 8


def shown_name(name: object) -> str:
    """A player without a typed name is kept under their colour: show it as in the game."""
    text = str(name)
    return names.colour(text) if text in names.COLOUR_NAMES else text


def _get(item: object, key: str, default: object = "") -> object:
    if isinstance(item, dict):
        return item.get(key, default)
    return getattr(item, key, default)


class HistoryScene(Scene):
    """Lists from the history database; a game row opens that game's final screen."""

    name = "history"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.games: list[object] = []
        self.stats: list[object] = []
        self.problem = ""
        #: The first game row shown (Older / Newer page through the list).
        self.first = 0
        history = self.ui.services.history
        if history is None:
            return
        try:
            self.games = list(history.games())
            found = history.player_stats()
            self.stats = list(found.values() if isinstance(found, dict) else found)
        except Exception as exc:  # noqa: BLE001 - a broken history must not stop the app
            self.problem = str(getattr(exc, "message", exc))

    def primary(self) -> Primary | None:
        if self.problem or not self.games:
            return None
        return (_("Player statistics"), lambda: self.ui.open("stats"))

    def open_game(self, game: object) -> None:
        record = _get(game, "record", None)
        if not isinstance(record, str):
            return
        started = _get(game, "started", None)
        duration = _get(game, "duration_seconds", None)
        try:
            self.ui.open("past-game", record=record,
                         started=started if isinstance(started, str) else None,
                         duration_seconds=duration if isinstance(duration, int | float)
                         else None,
                         game_id=_get(game, "id", None))
        except Exception as exc:  # noqa: BLE001 - one bad record must not stop the app
            self.ui.error(_("This game cannot be shown again: {problem}").format(
                problem=str(exc)))

    def page(self, step: int) -> None:
        self.first = max(0, min(self.first + step, len(self.games) - 1))
        self.ui.dirty = True

    @staticmethod
    def when(game: object) -> str:
        started = _get(game, "started", None)
        if isinstance(started, str):
            return stats.when(started)
        return str(_get(game, "finished", "") or "")

    @staticmethod
    def result(game: object) -> str:
        players = _get(game, "players", ())
        star = "\u2605"
        if isinstance(players, list | tuple) and players:
            ranked = sorted(players, key=lambda p: (getattr(p, "rank", 0), getattr(p, "seat", 0)))
            return "  ".join(f"{star if getattr(p, 'winner', False) else ''}"
                             f"{shown_name(getattr(p, 'name', p))} {getattr(p, 'total', '')}"
                             for p in ranked)
        winners = _get(game, "winners", ())
        return star + ", ".join(shown_name(getattr(w, "name", w)) for w in
                                (winners if isinstance(winners, list | tuple) else ()))

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        c.text(_("History"), (c.u(16), c.u(8)), LARGE, TEXT)
        if self.problem:
            for i, line in enumerate(c.wrap(self.problem, c.w - c.u(32), BODY)):
                c.text(line, (c.u(16), c.u(56) + i * c.u(28)), BODY, (240, 120, 100))
            return
        if not self.games:
            c.text(_("No finished games yet."), (c.u(16), c.u(60)), BODY, MUTED)
            return
        split = c.w * 60 // 100
        c.text(_("Games"), (c.u(16), c.u(52)), SMALL, MUTED)
        top = c.u(76)
        fits = max(1, (body.bottom - top + c.u(GAP)) // c.u(ROW + GAP))
        more = len(self.games) > fits  # then a column of Newer / Older buttons beside the rows
        shown = self.games[self.first:self.first + fits]
        right = split - c.u(8) - (c.u(64) if more else 0)
        y = top
        for game in shown:
            box = pygame.Rect(c.u(12), y, right - c.u(12), c.u(ROW))
            c.rect(box, PANEL)
            c.text(self.when(game), (box.x + c.u(8), box.y + c.u(5)), SMALL, MUTED,
                   max_width=box.w - c.u(16))
            c.text(self.result(game), (box.x + c.u(8), box.bottom - c.u(5)), SMALL, TEXT,
                   anchor="bottomleft", max_width=box.w - c.u(16))
            if isinstance(_get(game, "record", None), str):
                c.region(box, partial(self.open_game, game), f"game:{_get(game, 'id', '')}",
                         self.result(game))
            y += c.u(ROW + GAP)
        if more:
            x = right + c.u(8)
            half = (body.bottom - top - c.u(GAP) - c.u(4)) // 2
            c.button(pygame.Rect(x, top, c.u(56), half), "\u25b2",
                     (lambda: self.page(-fits)) if self.first > 0 else None, key="newer")
            c.button(pygame.Rect(x, top + half + c.u(GAP), c.u(56), half), "\u25bc",
                     (lambda: self.page(fits)) if self.first + fits < len(self.games)
                     else None, key="older")
        x = split + c.u(8)
        width = c.w - x - c.u(12)
        c.text(_("Players"), (x, c.u(52)), SMALL, MUTED)
        y = top
        # Name, then the record on its own line: beside the name it was cut short in German
        # and French ("2 Spiele, 1 Siege, beste…"). Worded without plurals ("1 games").
        for stat in self.stats:
            name = _get(stat, "name")
            played = _get(stat, "games", _get(stat, "played", 0))
            wins = _get(stat, "wins", 0)
            best = _get(stat, "best_total", _get(stat, "best", ""))
            line = _("games {games} \u00b7 wins {wins} \u00b7 best {best}").format(
                games=played, wins=wins, best=best)
            lines = c.wrap(line, width, SMALL)
            if y + c.u(28 + 22 * len(lines)) > body.bottom:
                break
            c.text(shown_name(name), (x, y), BODY, ACCENT, max_width=width)
            y += c.u(26)
            for part in lines:
                c.text(part, (x, y), SMALL, TEXT, max_width=width)
                y += c.u(22)
            y += c.u(6)
