"""A finished game's results screen, shared by the final screen and a reopened past game.

The winner(s) large, every scoring category per player, the tie-break when it
decided, the QR code that hands the play to BG Stats, and each player's running
score over the rounds (in the code's place, one tap away: the code needs the
room to be read from arm's length; docs/after-the-game.md). Subclasses say
where the game comes from: `scenes/final.py` (the game on the table) and
`scenes/pastgame.py` (one from the history).
"""

from __future__ import annotations

import pygame

from companion.engine import SCORE_CATEGORIES, Catalogue, State
from companion.store import bgstats, stats
from companion.ui import names, qr, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    LARGE,
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


class ResultsScene(Scene):
    """A finished game's results; the data methods below are the open game's."""

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self._series: dict[str, list[int]] | None = None
        self._link: tuple[str | None] | None = None
        #: The chart in the code's place (the secondary button switches).
        self.show_chart = False

    # --- what is shown: the open game's (PastGameScene overrides these) ---------------
    @property
    def state(self) -> State:
        return self.game.state

    def record(self) -> str:
        return self.game.session.record_text()

    def when(self) -> tuple[str | None, float | None]:
        """The start time and duration for BG Stats (None, None: from the record's times)."""
        return None, None

    def saved_note(self) -> str:
        if getattr(self.game.session, "history_id", None) is not None:
            return _("Saved to history.")
        return ""

    # --- derived ---------------------------------------------------------------------------
    def series(self) -> dict[str, list[int]]:
        if self._series is None:
            try:
                self._series = running_scores(self.record(), self.state.catalogue)
            except Exception:  # noqa: BLE001 - a chart must never stop the final screen
                self._series = {}
        return self._series

    def link(self) -> str | None:
        """The BG Stats link of this game (None if it cannot be made)."""
        if self._link is None:
            try:
                started, duration = self.when()
                play = bgstats.play(self.state, self.record(), started=started,
                                    duration_seconds=duration)
                self._link = (bgstats.link(play),)
            except Exception:  # noqa: BLE001 - the code must never stop the final screen
                self._link = (None,)
        return self._link[0]

    def on_enter(self) -> None:
        self._series = None
        self._link = None

    def secondary(self) -> Primary:
        if self.show_chart:
            return (_("BG Stats code"), self.toggle)
        return (_("Score chart"), self.toggle)

    def toggle(self) -> None:
        self.show_chart = not self.show_chart
        self.ui.dirty = True

    def title(self) -> str:
        """"Winner: Anna" or "Shared win: Anna, Ben"."""
        final = self.state.final
        assert final is not None
        winners = ", ".join(words.player_name(self.state, p) for p in final.winners)
        label = _("Winner: {names}") if len(final.winners) == 1 else _("Shared win: {names}")
        return label.format(names=winners)

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state = self.state
        final = state.final
        if final is None:
            return
        portrait = c.w < c.h
        margin = c.u(4)
        # The code (or the chart) gets a square as tall as the screen allows, on the right;
        # in portrait, the bottom part of the screen.
        if portrait:
            side = min(c.w - 2 * margin, body.h * 45 // 100)
            square = pygame.Rect(c.w - margin - side, body.bottom - margin - side, side, side)
            left = pygame.Rect(0, 0, c.w, square.y - margin)
        else:
            side = min(body.h - 2 * margin, c.w // 2)
            square = pygame.Rect(c.w - margin - side, body.y + margin, side, side)
            left = pygame.Rect(0, 0, square.x - c.u(8), body.h)
        x, width = left.x + c.u(12), left.w - c.u(16)
        title = self.title()
        c.text(title, (x, c.u(6)), LARGE, ACCENT, max_width=width)
        c.text(_("{n} points").format(n=final.scores[final.winners[0]]["total"]),
               (x, c.u(44)), BODY, ACCENT, max_width=width)
        y = c.u(74)
        notes = [n for n in (tie_break(state), self.saved_note()) if n]
        link = None if self.show_chart else self.link()
        if link is not None:
            notes.append(_("Scan with your phone to add this play to BG Stats"))
        for note in notes:
            for line in c.wrap(note, width, SMALL):
                c.text(line, (x, y), SMALL, TEXT, max_width=width)
                y += c.u(22)
        table = pygame.Rect(left.x + c.u(8), y + c.u(4), left.w - c.u(8),
                            left.bottom - y - c.u(8))
        self.draw_table(c, state, table)
        if link is not None:
            where = qr.draw(c.surface, link, square)
            if where is None:
                self.draw_chart(c, state, square)
            else:  # a tap shows the code on the whole screen, larger still
                c.region(where, lambda: self.ui.open("bgstats", link=link, title=title),
                         "code", _("Scan with your phone to add this play to BG Stats"))
        else:
            self.draw_chart(c, state, square)

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
                c.text(str(value), (cx, y + row_h // 2), size, colour, anchor="center",
                       max_width=col - c.u(2))

    def draw_chart(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        c.rect(rect, PANEL)
        c.text(_("Score over the rounds"), (rect.x + c.u(8), rect.y + c.u(4)), SMALL, TEXT,
               max_width=rect.w - c.u(12))
        series = self.series()
        if not series:
            return
        plot = pygame.Rect(rect.x + c.u(40), rect.y + c.u(40), rect.w - c.u(56),
                           rect.h - c.u(90))
        values = [v for s in series.values() for v in s]
        low, high = min(0, min(values)), max(5, max(values))
        rounds = max(len(s) for s in series.values()) - 1

        def at(k: int, v: int) -> tuple[int, int]:
            x = plot.x + plot.w * k // max(1, rounds)
            y = plot.bottom - plot.h * (v - low) // max(1, high - low)
            return x, y

        pygame.draw.line(c.surface, MUTED, plot.bottomleft, plot.bottomright, 1)
        pygame.draw.line(c.surface, MUTED, plot.topleft, plot.bottomleft, 1)
        if low < 0 < high:
            zero = at(0, 0)[1]
            pygame.draw.line(c.surface, (70, 76, 90), (plot.x, zero), (plot.right, zero), 1)
        c.text(str(high), (plot.x - c.u(4), plot.y), 16, MUTED, anchor="topright")
        c.text(str(low), (plot.x - c.u(4), plot.bottom), 16, MUTED, anchor="bottomright")
        # A tick at every round end; numbered as often as the numbers fit side by side.
        step = 1
        while rounds and plot.w * step // rounds < font(c.px(16)).size(str(rounds))[0] + c.u(10):
            step += 1
        for k in range(1, rounds + 1):
            x = at(k, low)[0]
            pygame.draw.line(c.surface, MUTED, (x, plot.bottom), (x, plot.bottom + c.u(5)), 1)
            if k % step == 0 or k == rounds:
                if k != rounds and rounds % step and k > rounds - step:
                    continue  # the last number stands alone, not crowded by its neighbour
                c.text(str(k), (x, plot.bottom + c.u(6)), 16, MUTED, anchor="midtop")
        c.text(_("Round"), (plot.centerx, rect.bottom - c.u(4)), 16, MUTED,
               anchor="midbottom")
        for pid, points in series.items():
            colour = PLAYER_COLOURS.get(pid, TEXT)
            line = [at(k, v) for k, v in enumerate(points)]
            if len(line) > 1:
                pygame.draw.lines(c.surface, colour, False, line, max(2, c.u(3)))
            end = line[-1]
            c.player_badge(pid, end, c.u(10), words.letter(state, pid))
