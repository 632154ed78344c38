"""History: the finished games (date and start time, players, winner), each one tap from
its final screen again; each player's record, and the full statistics one tap away."""

from __future__ import annotations

from functools import partial

import pygame

from companion import formats
from companion.ui import i18n, layout, names
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost

#: The least height of a game row at 800x480 (a row is a tap target).
ROW = 58


def shown_name(name: object) -> str:
    """A player without a typed name is kept under their colour: show it as in the game."""
    return names.kept_name(name)


def _get(item: object, key: str, default: object = "") -> object:
    if isinstance(item, dict):
        return item.get(key, default)
    return getattr(item, key, default)


def _total(total: object) -> str:
    """A total with a real minus sign ("\u22127")."""
    return formats.integer(total) if isinstance(total, int) else str(total)


class HistoryScene(Scene):
    """Lists from the history database; a game row opens that game's final screen."""

    name = "history"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.games: list[object] = []
        self.stats: list[object] = []
        self.problem = ""
        #: The first game row shown (the arrows page through the list).
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

    def primary(self) -> Primary:
        # One primary action on every screen (bottom right, OK): here, done looking.
        return (_("Done"), self.ui.pop)

    def secondary(self) -> Primary | None:
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
        """The start as the table's language writes it, in local time (older rows: their
        end)."""
        started = _get(game, "started", None)
        if not isinstance(started, str):
            started = str(_get(game, "finished", "") or "")
        return formats.when(started, i18n.language()) if started else ""

    @staticmethod
    def result(game: object) -> str:
        """The players in ranking order with their totals, a star on each winner."""
        players = _get(game, "players", ())
        star = "\u2605"
        if isinstance(players, list | tuple) and players:
            ranked = sorted(players, key=lambda p: (getattr(p, "rank", 0), getattr(p, "seat", 0)))
            return "  ".join(f"{star if getattr(p, 'winner', False) else ''}"
                             f"{shown_name(getattr(p, 'name', p))}"
                             f"\u00a0{_total(getattr(p, 'total', ''))}"
                             for p in ranked)
        winners = _get(game, "winners", ())
        return star + ", ".join(shown_name(getattr(w, "name", w)) for w in
                                (winners if isinstance(winners, list | tuple) else ()))

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
            left, right = layout.columns(rest, [rest.w * 58 // 100, None], c.u(16))
        else:
            left, right = layout.rows(rest, [rest.h * 62 // 100, None], c.u(12))
        self.draw_games(c, left)
        self.draw_players(c, right)

    def draw_games(self, c: Canvas, rect: pygame.Rect) -> None:
        games = layout.Flow(c, rect, c.u(8))
        games.text(_("Games"), SMALL, MUTED)
        rows = games.rest()
        arrows = c.u(56)
        # Rows of the same height, as many as fit; arrows beside them when there are more.
        inner = rows.w - arrows - c.u(8) - c.u(16)
        heights = [self.row_height(c, game, inner) for game in self.games]
        tallest = max(heights)
        fits = max(1, (rows.h + c.u(8)) // (tallest + c.u(8)))
        more = len(self.games) > fits
        width = rows.w - (arrows + c.u(8) if more else 0)
        y = rows.y
        for game in self.games[self.first:self.first + fits]:
            box = pygame.Rect(rows.x, y, width, tallest)
            c.rect(box, PANEL)
            text = layout.inset(box, c.u(8), c.u(4))
            when = c.text(self.when(game), text.topleft, SMALL, MUTED, role="secondary")
            layout.draw_text(c, self.result(game), pygame.Rect(
                text.x, when.bottom + c.u(2), text.w, text.bottom - when.bottom - c.u(2)),
                BODY, TEXT, max_lines=2)
            if isinstance(_get(game, "record", None), str):
                c.region(box, partial(self.open_game, game), f"game:{_get(game, 'id', '')}",
                         self.result(game))
            y += tallest + c.u(8)
        if more:
            x = rows.right - arrows
            half = (min(rows.h, fits * (tallest + c.u(8))) - c.u(16)) // 2
            c.button(pygame.Rect(x, rows.y, arrows, half), "\u25b2",
                     partial(self.page, -fits) if self.first > 0 else None, key="newer")
            c.button(pygame.Rect(x, rows.y + half + c.u(8), arrows, half), "\u25bc",
                     partial(self.page, fits) if self.first + fits < len(self.games) else None,
                     key="older")

    def row_height(self, c: Canvas, game: object, width: int) -> int:
        # The players and totals are table values: body size (docs/look-and-feel.md).
        lines = layout.fit(c, self.result(game), width, None, BODY, max_lines=2)
        need = layout.line_height(c, SMALL) + c.u(2) + lines.height(c) + c.u(8)
        return max(c.u(ROW), need)

    def draw_players(self, c: Canvas, right: pygame.Rect) -> None:
        players_flow = layout.Flow(c, right, c.u(2))
        players_flow.text(_("Players"), SMALL, MUTED)
        # Name, then the record on its own line: beside the name it was cut short in German
        # and French ("2 Spiele, 1 Siege, beste…"). Worded without plurals ("1 games").
        for stat in self.stats:
            name = _get(stat, "name")
            played = _get(stat, "games", _get(stat, "played", 0))
            wins = _get(stat, "wins", 0)
            best = _get(stat, "best_total", _get(stat, "best", ""))
            record = _("games {games} \u00b7 wins {wins} \u00b7 best {best}").format(
                games=played, wins=wins, best=best)
            need = layout.line_height(c, BODY) + layout.fit(c, record, right.w, None,
                                                            BODY).height(c)
            if players_flow.rest().h < need:
                break
            line = players_flow.take(layout.line_height(c, BODY))
            c.text(shown_name(name), line.topleft, BODY, ACCENT, max_width=line.w, smallest=BODY)
            players_flow.text(record, BODY, TEXT)
            players_flow.take(c.u(4))
