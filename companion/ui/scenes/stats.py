"""Player statistics: per player name, games, wins, average and best total, and the
average points per game in every score category (from the history's stored results,
`companion.store.stats.player_records`). Totals and categories are two views of one
table (the bar's second button switches); the arrows page through the players."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

from functools import partial

import pygame

from companion import formats
from companion.engine import SCORE_CATEGORIES
from companion.store import stats
from companion.ui import i18n, layout, names
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas, font
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.scenes.history import problem_of


def _number(value: float) -> str:
    """An average with one decimal, without a trailing ",0" for whole numbers, as the
    table's language writes it ("14,2" in German and French)."""
    return formats.decimal(value, i18n.language())


class PlayerStatsScene(Scene):
    """A table: one column per player (most wins first), one row per statistic."""

    name = "stats"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.records: list[stats.PlayerRecord] = []
        self.problem = ""
        #: What the history left out (a damaged row names its game).
        self.notes: list[str] = []
        #: The first player column shown.
        self.first = 0
        #: The average per category instead of the totals.
        self.categories = False
        #: The records hold the points per category (read when that view is first shown).
        self.with_categories = False
        history = self.ui.services.history
        if history is None:
            return
        try:
            # Summed by the history (SQL), never read game by game: thousands of games.
            # The totals first; the points per category when that view is first asked for.
            found = [p for p in history.player_totals() if hasattr(p, "category_points")]
            self.records = stats.records_of(found)  # type: ignore[arg-type]
            self.notes = list(getattr(history, "notes", ()) or ())
        except Exception as exc:  # noqa: BLE001 - a broken history must not stop the app
            self.problem = problem_of(exc)

    def primary(self) -> Primary:
        return (_("Done"), self.ui.pop)

    def secondary(self) -> Primary | None:
        if not self.records:
            return None
        return (_("Totals") if self.categories else _("Per category"), self.switch)

    def switch(self) -> None:
        self.categories = not self.categories
        if self.categories and not self.with_categories:
            history = self.ui.services.history
            try:
                found = [p for p in history.player_stats()  # type: ignore[union-attr]
                         if hasattr(p, "category_points")]
                self.records = stats.records_of(found)  # type: ignore[arg-type]
                self.notes = list(getattr(history, "notes", ()) or ())
                self.with_categories = True
            except Exception as exc:  # noqa: BLE001 - a broken history must not stop the app
                self.problem = problem_of(exc)
        self.ui.dirty = True

    def page(self, step: int) -> None:
        self.first = max(0, min(self.first + step, len(self.records) - 1))
        self.ui.dirty = True

    def rows(self, shown: list[stats.PlayerRecord]) -> list[tuple[str, list[str], bool]]:
        """(label, one value per player, highlighted) for the current view."""
        if self.categories:
            return [(names.category(cat), [_number(r.average_by_category[cat]) for r in shown],
                     False) for cat in SCORE_CATEGORIES]
        return [
            (_("Games"), [str(r.games) for r in shown], False),
            (_("Wins"), [str(r.wins) for r in shown], False),
            (_("Average total"), [_number(r.average_total) for r in shown], True),
            (_("Best total"), [str(r.best_total) for r in shown], True),
        ]

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        area = layout.inset(body, c.u(12), c.u(6))
        arrows = c.u(56)
        more = False
        # Labels and values are table text: body size, each label on one line (the label
        # column as wide as its longest label; the players share the rest, a page at a time).
        col = max([c.u(72)] + [font(c.px(BODY)).size(names.kept_name(r.name))[0] + c.u(12)
                               for r in self.records[:8]])
        label_w = min(area.w - col, max(layout.width_for(c, label, BODY, 1) for label, _v, _h
                                        in self.rows(self.records[:1])) + c.u(16))
        per_page = max(1, (area.w - label_w) // col)
        more = len(self.records) > per_page
        head = pygame.Rect(area.x, area.y, area.w - (2 * arrows + c.u(16) if more else 0),
                           arrows)
        layout.draw_text(c, _("Average per game") if self.categories else
                         _("Player statistics"), head, LARGE, TEXT, role="title",
                         valign="center", max_lines=1)
        if more:
            x = area.right - 2 * arrows - c.u(8)
            c.button(pygame.Rect(x, area.y, arrows, arrows), "\u25c0",
                     partial(self.page, -per_page) if self.first > 0 else None, key="prev")
            c.button(pygame.Rect(x + arrows + c.u(8), area.y, arrows, arrows), "\u25b6",
                     partial(self.page, per_page) if self.first + per_page < len(self.records)
                     else None, key="next")
        rest = pygame.Rect(area.x, head.bottom + c.u(8), area.w,
                           area.bottom - head.bottom - c.u(8))
        if self.problem:
            layout.draw_text(c, self.problem, rest, BODY, (240, 120, 100))
            return
        if self.notes:
            note_h = layout.line_height(c, SMALL)
            layout.draw_text(c, _("Left out, damaged: {games}").format(
                games="; ".join(self.notes)), pygame.Rect(rest.x, rest.bottom - note_h, rest.w,
                                                          note_h),
                SMALL, (240, 120, 100), max_lines=1)
            rest.h -= note_h + c.u(4)
        if not self.records:
            layout.draw_text(c, _("No finished games yet."), rest, BODY, MUTED)
            return
        shown = self.records[self.first:self.first + per_page]
        rows = self.rows(shown)
        line = max(layout.line_height(c, BODY), min(
            c.u(48), (rest.h - layout.line_height(c, BODY)) // (len(rows) + 1)))
        y = rest.y
        for j, record in enumerate(shown):
            c.text(names.kept_name(record.name),
                   (rest.x + label_w + j * col + col // 2, y + line // 2), BODY,
                   ACCENT, anchor="center", max_width=col - c.u(6), smallest=BODY)
        y += line
        for i, (label, values, highlighted) in enumerate(rows):
            if highlighted:
                c.rect(pygame.Rect(rest.x, y, rest.w, line), PANEL, radius=0)
            elif i % 2:
                c.rect(pygame.Rect(rest.x, y, rest.w, line), (30, 35, 45), radius=0)
            layout.draw_text(c, label, pygame.Rect(rest.x + c.u(4), y, label_w - c.u(8), line),
                             BODY, TEXT, valign="center", max_lines=1)
            for j, value in enumerate(values):
                c.text(value, (rest.x + label_w + j * col + col // 2, y + line // 2), BODY,
                       TEXT, anchor="center")
            y += line
