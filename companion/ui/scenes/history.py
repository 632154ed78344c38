"""History and statistics: finished games and each player's record."""

from __future__ import annotations

import pygame

from companion.ui import names
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Scene, SceneHost


def shown_name(name: object) -> str:
    """A player without a typed name is kept under their colour: show it as in the game."""
    text = str(name)
    return names.colour(text) if text in names.COLOUR_NAMES else text


def _get(item: object, key: str, default: object = "") -> object:
    if isinstance(item, dict):
        return item.get(key, default)
    return getattr(item, key, default)


class HistoryScene(Scene):
    """Read-only lists from the history database."""

    name = "history"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.games: list[object] = []
        self.stats: list[object] = []
        self.problem = ""
        history = self.ui.services.history
        if history is None:
            return
        try:
            self.games = list(history.games())
            stats = history.player_stats()
            self.stats = list(stats.values() if isinstance(stats, dict) else stats)
        except Exception as exc:  # noqa: BLE001 - a broken history must not stop the app
            self.problem = str(getattr(exc, "message", exc))

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        c.text(_("History"), (c.u(16), c.u(8)), LARGE, TEXT)
        if self.problem:
            c.text(self.problem, (c.u(16), c.u(56)), BODY, (240, 120, 100))
            return
        if not self.games:
            c.text(_("No finished games yet."), (c.u(16), c.u(60)), BODY, MUTED)
            return
        half = c.w // 2
        c.text(_("Games"), (c.u(16), c.u(52)), SMALL, MUTED)
        y = c.u(76)
        for game in self.games[:7]:  # the latest first
            box = pygame.Rect(c.u(12), y, half - c.u(20), c.u(40))
            c.rect(box, PANEL)
            when = str(_get(game, "finished", "") or "")[5:16].replace("T", " ")
            players = _get(game, "players", ())
            if isinstance(players, list | tuple) and players:
                ranked = sorted(players, key=lambda p: getattr(p, "rank", 0))
                star = "\u2605"
                result = "  ".join(f"{star if getattr(p, 'winner', False) else ''}"
                                   f"{shown_name(getattr(p, 'name', p))} {getattr(p, 'total', '')}"
                                   for p in ranked)
            else:
                winners = _get(game, "winners", ())
                result = ", ".join(shown_name(getattr(w, "name", w)) for w in
                                   (winners if isinstance(winners, list | tuple) else ()))
            c.text(when, (box.x + c.u(8), box.centery), 16, MUTED, anchor="midleft")
            c.text(result, (box.x + c.u(120), box.centery), SMALL, TEXT, anchor="midleft",
                   max_width=box.right - box.x - c.u(126))
            y += c.u(44)
        c.text(_("Players"), (half + c.u(8), c.u(52)), SMALL, MUTED)
        y = c.u(76)
        # Name, then the record on its own line: beside the name it was cut short in German
        # and French ("2 Spiele, 1 Siege, beste…"). Worded without plurals ("1 games").
        for stat in self.stats[:6]:
            name = _get(stat, "name")
            played = _get(stat, "games", _get(stat, "played", 0))
            wins = _get(stat, "wins", 0)
            best = _get(stat, "best_total", _get(stat, "best", ""))
            c.text(shown_name(name), (half + c.u(8), y), BODY, ACCENT, max_width=half - c.u(16))
            c.text(_("games {games} \u00b7 wins {wins} \u00b7 best {best}").format(
                games=played, wins=wins, best=best), (half + c.u(8), y + c.u(26)), SMALL, TEXT,
                max_width=half - c.u(16))
            y += c.u(54)
