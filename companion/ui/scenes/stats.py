"""Player statistics: per player name, games, wins, average and best total, and the
average points per game in every score category (from the history's stored results,
`companion.store.stats.player_records`). Totals and categories are two views of one
table (the bar's second button switches); the arrows page through the players."""

from __future__ import annotations

import logging
from functools import partial

import pygame

from companion import formats
from companion.engine import SCORE_CATEGORIES
from companion.store import stats
from companion.ui import i18n, layout, names
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.layouts import stats as stats_layout
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.scenes.history import problem_of
from companion.ui.tokens import BAND, ERROR_TEXT

log = logging.getLogger("companion.ui")


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
        #: The layout's plan, with what it was worked out for.
        self._plan: tuple[tuple[object, ...], stats_layout.StatsPlan] | None = None
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
            log.warning("the history's totals cannot be read (%s: %s)", type(exc).__name__, exc)
            self.problem = problem_of(exc)

    def primary(self) -> Primary:
        return (_("Done"), self.ui.pop)

    def secondary(self) -> Primary | None:
        if not self.records:
            return None
        return (_("Totals") if self.categories else _("Per category"), self.switch)

    def secondary_labels(self) -> tuple[str, ...]:
        return (_("Totals"), _("Per category"))

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
                log.warning("the history's points per category cannot be read (%s: %s)",
                            type(exc).__name__, exc)
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

    def plan(self, c: Canvas, body: pygame.Rect) -> stats_layout.StatsPlan:
        """Where everything goes (worked out again only when something it hangs on
        changed: the room, the page, the view, the language, the records)."""
        labels = tuple(label for label, _v, _h in self.rows(self.records[:1]))
        shown = tuple(names.kept_name(r.name) for r in self.records[:8])
        key = (tuple(body), c.w, c.h, shown, labels, len(self.records), self.first,
               bool(self.notes))
        if self._plan is None or self._plan[0] != key:
            self._plan = (key, stats_layout.place(c, body, shown, labels, len(self.records),
                                                  self.first, bool(self.notes)))
        return self._plan[1]

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        plan = self.plan(c, body)
        layout.draw_text(c, _("Average per game") if self.categories else
                         _("Player statistics"), plan.head, LARGE, TEXT, role="title",
                         valign="center", max_lines=1)
        if plan.prev is not None and plan.next is not None:
            c.button(plan.prev, "\u25c0",
                     partial(self.page, -plan.per_page) if self.first > 0 else None, key="prev")
            c.button(plan.next, "\u25b6",
                     partial(self.page, plan.per_page)
                     if self.first + plan.per_page < len(self.records) else None, key="next")
        if self.problem:
            layout.draw_text(c, self.problem, plan.problem, BODY, ERROR_TEXT)
            return
        if plan.note is not None:
            layout.draw_text(c, _("Left out, damaged: {games}").format(
                games="; ".join(self.notes)), plan.note, SMALL, ERROR_TEXT, max_lines=1)
        if not self.records:
            layout.draw_text(c, _("No finished games yet."), plan.empty, BODY, MUTED)
            return
        shown = self.records[self.first:self.first + plan.per_page]
        for record, centre in zip(shown, plan.names, strict=True):
            c.text(names.kept_name(record.name), centre, BODY, ACCENT, anchor="center",
                   max_width=plan.name_width, smallest=BODY)
        for i, ((label, values, highlighted), row) in enumerate(
                zip(self.rows(shown), plan.rows, strict=True)):
            if highlighted:
                c.rect(row.band, PANEL, radius=0)
            elif i % 2:
                c.rect(row.band, BAND, radius=0)
            layout.draw_text(c, label, row.label, BODY, TEXT, valign="center", max_lines=1)
            for value, centre in zip(values, row.values, strict=True):
                c.text(value, centre, BODY, TEXT, anchor="center")
