"""Final: the winner(s) large, every scoring category per player, the tie-break when it
decided, and each player's running score over the rounds."""

from __future__ import annotations

import pygame

from companion.engine import SCORE_CATEGORIES, Catalogue, State
from companion.store import stats
from companion.ui import names, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    HUGE,
    MUTED,
    PANEL,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    Canvas,
    font,
)
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost


def running_scores(record: str, catalogue: Catalogue) -> dict[str, list[int]]:
    """Each player's would-be final score at the end of every round (round 0: the start)."""
    return stats.running_scores(record, catalogue)


def tie_break(state: State) -> str:
    """A sentence when coins decided (or could not decide) the win; '' otherwise."""
    final = state.final
    if final is None or len(final.ranking) < 2:
        return ""
    first, second = final.ranking[0], final.ranking[1]
    top = final.scores[first]["total"]
    if final.scores[second]["total"] != top:
        return ""
    if len(final.winners) > 1:
        return _("Tied on {n} points and on coins: a shared win.").format(n=top)
    return _("Tied on {n} points: {name} wins with more coins ({a} to {b}).").format(
        n=top, name=words.player_name(state, first), a=state.player(first).coins,
        b=state.player(second).coins)


class FinalScene(Scene):
    """The end of the game."""

    name = "final"
    game_screen = True

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self._series: dict[str, list[int]] | None = None

    @property
    def state(self) -> State:
        return self.game.state

    def series(self) -> dict[str, list[int]]:
        if self._series is None:
            try:
                text = self.game.session.record_text()
                self._series = running_scores(text, self.state.catalogue)
            except Exception:  # noqa: BLE001 - a chart must never stop the final screen
                self._series = {}
        return self._series

    def on_enter(self) -> None:
        self._series = None

    def primary(self) -> Primary:
        return (_("Home"), self.home)

    def home(self) -> None:
        self.game.close()

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state = self.state
        final = state.final
        if final is None:
            return
        winners = ", ".join(words.player_name(state, p) for p in final.winners)
        winners += "  \u00b7  " + _("{n} points").format(n=final.scores[final.winners[0]]["total"])
        label = _("Winner: {names}") if len(final.winners) == 1 else _("Shared win: {names}")
        c.text(label.format(names=winners), (c.u(16), c.u(8)), HUGE, ACCENT,
               max_width=c.w - c.u(32))
        note = tie_break(state)
        if getattr(self.game.session, "history_id", None) is not None:
            note = (note + "  " if note else "") + _("Saved to history.")
        y = c.u(66)
        if note:
            c.text(note, (c.u(16), y), SMALL, TEXT, max_width=c.w - c.u(32))
            y += c.u(24)
        table = pygame.Rect(c.u(8), y, int(c.w * 0.56), body.bottom - y - c.u(4))
        self.draw_table(c, state, table)
        chart = pygame.Rect(table.right + c.u(12), y, c.w - table.right - c.u(20), table.h)
        self.draw_chart(c, state, chart)

    def draw_table(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        final = state.final
        assert final is not None
        rows = [*SCORE_CATEGORIES, "total"]
        players = list(final.ranking)
        # The label column as wide as its longest label ("Chamber of commerce"), up to 60 %:
        # the player columns only hold short numbers.
        longest = max(font(c.px(16)).size(names.category(cat))[0] for cat in rows)
        label_w = max(int(rect.w * 0.46), min(int(rect.w * 0.6), longest + c.u(12)))
        col = (rect.w - label_w) // max(1, len(players))
        row_h = rect.h // (len(rows) + 1)
        for j, pid in enumerate(players):
            cx = rect.x + label_w + j * col + col // 2
            c.player_badge(pid, (cx, rect.y + row_h // 2), min(c.u(13), row_h // 2 - 1),
                           words.letter(state, pid))
        for i, cat in enumerate(rows):
            y = rect.y + (i + 1) * row_h
            if cat == "total":
                c.rect(pygame.Rect(rect.x, y, rect.w, row_h), PANEL)
            elif i % 2:
                c.rect(pygame.Rect(rect.x, y, rect.w, row_h), (30, 35, 45), radius=0)
            size = BODY if cat == "total" else 16
            c.text(names.category(cat), (rect.x + c.u(4), y + row_h // 2), size, TEXT,
                   anchor="midleft", max_width=label_w - c.u(6))
            for j, pid in enumerate(players):
                cx = rect.x + label_w + j * col + col // 2
                value = final.scores[pid][cat]
                colour = ACCENT if cat == "total" and pid in final.winners else \
                    (TEXT if value else MUTED)
                c.text(str(value), (cx, y + row_h // 2), size, colour, anchor="center")

    def draw_chart(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        c.rect(rect, PANEL)
        c.text(_("Score over the rounds"), (rect.x + c.u(8), rect.y + c.u(4)), SMALL, TEXT,
               max_width=rect.w - c.u(12))
        series = self.series()
        if not series:
            return
        plot = pygame.Rect(rect.x + c.u(34), rect.y + c.u(34), rect.w - c.u(50),
                           rect.h - c.u(62))
        values = [v for s in series.values() for v in s]
        low, high = min(0, min(values)), max(5, max(values))
        rounds = max(len(s) for s in series.values()) - 1

        def at(k: int, v: int) -> tuple[int, int]:
            x = plot.x + plot.w * k // max(1, rounds)
            y = plot.bottom - plot.h * (v - low) // max(1, high - low)
            return x, y

        pygame.draw.line(c.surface, MUTED, plot.bottomleft, plot.bottomright, 1)
        pygame.draw.line(c.surface, MUTED, plot.topleft, plot.bottomleft, 1)
        c.text(str(high), (plot.x - c.u(4), plot.y), 16, MUTED, anchor="topright")
        c.text(str(low), (plot.x - c.u(4), plot.bottom), 16, MUTED, anchor="bottomright")
        c.text(_("round {k}").format(k=rounds), (plot.centerx, plot.bottom + c.u(4)), 16,
               MUTED, anchor="midtop")
        for pid, points in series.items():
            colour = PLAYER_COLOURS.get(pid, TEXT)
            line = [at(k, v) for k, v in enumerate(points)]
            if len(line) > 1:
                pygame.draw.lines(c.surface, colour, False, line, max(2, c.u(3)))
            end = line[-1]
            c.player_badge(pid, end, c.u(10), words.letter(state, pid))
