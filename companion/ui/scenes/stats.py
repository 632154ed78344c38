"""Player statistics: per player name, games, wins, average and best total, and the
average points per game in every score category (from the history's stored results,
`companion.store.stats.player_records`)."""

from __future__ import annotations

import pygame

from companion.engine import SCORE_CATEGORIES
from companion.store import stats
from companion.ui import names
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost

#: Players side by side on one page at 800x480 (Next shows the others).
PER_PAGE = 5


def _number(value: float) -> str:
    """An average with one decimal, without a trailing ".0" clutter for whole numbers."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


class PlayerStatsScene(Scene):
    """A table: one column per player (most wins first), one row per statistic."""

    name = "stats"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.records: list[stats.PlayerRecord] = []
        self.problem = ""
        self.first = 0
        history = self.ui.services.history
        if history is None:
            return
        try:
            games = [g for g in history.games() if hasattr(g, "players")]
            self.records = stats.player_records(games)  # type: ignore[arg-type]
        except Exception as exc:  # noqa: BLE001 - a broken history must not stop the app
            self.problem = str(getattr(exc, "message", exc))

    def primary(self) -> Primary:
        return (_("Done"), self.ui.pop)

    def secondary(self) -> Primary | None:
        if len(self.records) <= PER_PAGE:
            return None
        return (_("More players"), self.next_page)

    def next_page(self) -> None:
        self.first = self.first + PER_PAGE
        if self.first >= len(self.records):
            self.first = 0
        self.ui.dirty = True

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        c.text(_("Player statistics"), (c.u(16), c.u(8)), LARGE, TEXT,
               max_width=c.w - c.u(32))
        if self.problem:
            for i, line in enumerate(c.wrap(self.problem, c.w - c.u(32), BODY)):
                c.text(line, (c.u(16), c.u(56) + i * c.u(28)), BODY, (240, 120, 100))
            return
        if not self.records:
            c.text(_("No finished games yet."), (c.u(16), c.u(60)), BODY, MUTED)
            return
        shown = self.records[self.first:self.first + PER_PAGE]
        # (label, values, highlighted); None: the "average per game" heading row.
        rows: list[tuple[str, list[str], bool] | None] = [
            (_("Games"), [str(r.games) for r in shown], False),
            (_("Wins"), [str(r.wins) for r in shown], False),
            (_("Average total"), [_number(r.average_total) for r in shown], True),
            (_("Best total"), [str(r.best_total) for r in shown], True),
            None,
        ]
        rows += [(names.category(cat), [_number(r.average_by_category[cat]) for r in shown],
                  False) for cat in SCORE_CATEGORIES]
        rect = pygame.Rect(c.u(8), c.u(50), c.w - c.u(16), body.bottom - c.u(52))
        label_w = int(rect.w * 0.42)
        col = (rect.w - label_w) // max(1, len(shown))
        row_h = rect.h // (len(rows) + 1)
        for j, record in enumerate(shown):
            cx = rect.x + label_w + j * col + col // 2
            c.text(record.name, (cx, rect.y + row_h // 2), SMALL, ACCENT, anchor="center",
                   max_width=col - c.u(6))
        for i, row in enumerate(rows):
            y = rect.y + (i + 1) * row_h
            if row is None:
                c.text(_("Average per game"), (rect.x + c.u(4), y + row_h // 2), 16, MUTED,
                       anchor="midleft", max_width=rect.w - c.u(8))
                continue
            label, values, highlighted = row
            if highlighted:
                c.rect(pygame.Rect(rect.x, y, rect.w, row_h), PANEL, radius=0)
            elif i % 2:
                c.rect(pygame.Rect(rect.x, y, rect.w, row_h), (30, 35, 45), radius=0)
            c.text(label, (rect.x + c.u(4), y + row_h // 2), 16, TEXT, anchor="midleft",
                   max_width=label_w - c.u(6))
            for j, value in enumerate(values):
                cx = rect.x + label_w + j * col + col // 2
                c.text(value, (cx, y + row_h // 2), 16, TEXT, anchor="center",
                       max_width=col - c.u(4))
