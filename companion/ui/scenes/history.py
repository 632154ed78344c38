"""History and statistics: finished games and each player's record."""

from __future__ import annotations

import pygame

from companion.ui import layout, names
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas, font
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost


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

    def primary(self) -> Primary:
        # One primary action on every screen (bottom right, OK): here, done looking.
        return (_("Done"), self.ui.pop)

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
        area = layout.inset(body, c.u(16), c.u(6))
        flow = layout.Flow(c, area, c.u(8))
        flow.text(_("History"), LARGE, TEXT, role="title", max_lines=1)
        if self.problem:
            flow.text(self.problem, BODY, (240, 120, 100))
            return
        if not self.games:
            flow.text(_("No finished games yet."), BODY, MUTED)
            return
        rest = flow.rest()
        # Games beside the players where there is room, above them where not.
        if rest.w >= c.u(600):
            left, right = layout.columns(rest, [None, None], c.u(16))
        else:
            left, right = layout.rows(rest, [None, None], c.u(12))
        games = layout.Flow(c, left, c.u(4))
        games.text(_("Games"), SMALL, MUTED)
        when_w = font(c.px(SMALL)).size("00-00 00:00")[0] + c.u(16)
        for game in self.games[:7]:  # the latest first
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
            width = left.w - when_w - c.u(8)
            need = layout.fit(c, result, width, None, SMALL).height(c)
            if games.rest().h < need + c.u(8):
                break
            box = games.take(need + c.u(8))
            c.rect(box, PANEL)
            c.text(when, (box.x + c.u(8), box.centery), SMALL, MUTED, anchor="midleft")
            layout.draw_text(c, result, pygame.Rect(box.x + when_w, box.y, width, box.h), SMALL,
                             TEXT, valign="center")
        players_flow = layout.Flow(c, right, c.u(2))
        players_flow.text(_("Players"), SMALL, MUTED)
        # Name, then the record on its own line: beside the name it was cut short in German
        # and French ("2 Spiele, 1 Siege, beste…"). Worded without plurals ("1 games").
        for stat in self.stats[:6]:
            name = _get(stat, "name")
            played = _get(stat, "games", _get(stat, "played", 0))
            wins = _get(stat, "wins", 0)
            best = _get(stat, "best_total", _get(stat, "best", ""))
            record = _("games {games} \u00b7 wins {wins} \u00b7 best {best}").format(
                games=played, wins=wins, best=best)
            need = layout.line_height(c, BODY) + layout.fit(c, record, right.w, None,
                                                            SMALL).height(c)
            if players_flow.rest().h < need:
                break
            line = players_flow.take(layout.line_height(c, BODY))
            c.text(shown_name(name), line.topleft, BODY, ACCENT, max_width=line.w, smallest=BODY)
            players_flow.text(record, SMALL, TEXT)
            players_flow.take(c.u(4))
