"""A finished game's results screen, shared by the final screen and a reopened past game.

The winner(s) large, every scoring category per player, the tie-break when it
decided, the QR code that hands the play to BG Stats, and each player's running
score over the rounds (in the code's place, one tap away: the code needs the
room to be read from arm's length; docs/after-the-game.md). Subclasses say
where the game comes from: `scenes/final.py` (the game on the table) and
`scenes/pastgame.py` (one from the history).
"""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

import pygame

from companion import formats
from companion.engine import SCORE_CATEGORIES, Catalogue, State
from companion.engine.words import Category, Kind
from companion.store import bgstats, stats
from companion.ui import layout, names, qr, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    HUGE,
    LARGE,
    MUTED,
    PANEL,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    Canvas,
    font,
)
from companion.ui.i18n import _, ngettext
from companion.ui.scene import Primary, Scene, SceneHost


def running_scores(record: str, catalogue: Catalogue) -> dict[str, list[int]]:
    """Each player's would-be final score at the end of every round (round 0: the start)."""
    return stats.running_scores(record, catalogue)


#: The categories that come from one kind of card: shown only if that card is in the game.
CATEGORY_KINDS = {Category.COUNTING_OFFICES: Kind.COUNTING_OFFICE,
                  Category.CHAMBER_OF_COMMERCE: Kind.CHAMBER_OF_COMMERCE, Category.PORT: Kind.PORT,
                  Category.BOATSMEN_CHURCH: Kind.BOATSMEN_CHURCH,
                  Category.ST_MICHAELIS: Kind.ST_MICHAELIS, Category.WAREHOUSE: Kind.WAREHOUSE,
                  Category.MERCHANTS: Kind.MERCHANT, Category.CONTRACTS: Kind.CONTRACT}


def categories(state: State) -> list[str]:
    """The score sheet's categories for this game: a card taken out for this number of
    players (the Boatsmen church with 3 and 5, the Port with 2) scores nothing, so its
    row is left out."""
    catalogue = state.catalogue
    kinds = {catalogue[cid].kind for cid in catalogue.deck_for(state.player_count)}
    return [cat for cat in SCORE_CATEGORIES
            if cat not in CATEGORY_KINDS or CATEGORY_KINDS[cat] in kinds]


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
        return ngettext("Tied on {n} point and on coins: a shared win.",
                        "Tied on {n} points and on coins: a shared win.", top).format(n=top)
    return ngettext("Tied on {n} point: {name} wins with more coins ({a} to {b}).",
                    "Tied on {n} points: {name} wins with more coins ({a} to {b}).", top).format(
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
                state = self.state
                # The names the table sees: an unnamed player is their colour in the
                # table's language ("Rot"), as on the screen.
                play = bgstats.play(state, self.record(), started=started,
                                    duration_seconds=duration,
                                    names={p: words.player_name(state, p)
                                           for p in state.players},
                                    said=words.play_comments)
                made = bgstats.link(play)
                # A link no QR code can hold (it grows with the names): the chart instead.
                self._link = (made if qr.fits(made) else None,)
            except Exception:  # noqa: BLE001 - the code must never stop the final screen
                self._link = (None,)
        return self._link[0]

    def on_enter(self) -> None:
        self._series = None
        self._link = None

    def help_topics(self) -> list[str]:
        """The rules text of each score row shown, the total, and how the game ended."""
        return [*(f"score:{cat}" for cat in categories(self.state)), "score:total",
                "phase:over"]

    def secondary(self) -> Primary:
        if self.show_chart:
            return (_("BG Stats code"), self.toggle)
        return (_("Score chart"), self.toggle)

    def toggle(self) -> None:
        self.show_chart = not self.show_chart
        self.ui.dirty = True

    def title(self) -> str:
        """"Winner: Anna · 12 points" or "Shared win: Anna, Ben · 9 points"."""
        final = self.state.final
        assert final is not None
        winners = ", ".join(words.player_name(self.state, p) for p in final.winners)
        total = final.scores[final.winners[0]]["total"]
        winners += "\u00a0\u00b7 " + ngettext("{n} point", "{n} points", total).format(
            n=total).replace(" ", "\u00a0")
        label = _("Winner: {names}") if len(final.winners) == 1 else _("Shared win: {names}")
        return label.format(names=winners)

    # --- drawing ---------------------------------------------------------------------------
    def title_short(self) -> str:
        """The title without the points (the totals row shows them too)."""
        final = self.state.final
        assert final is not None
        winners = ", ".join(words.player_name(self.state, p) for p in final.winners)
        label = _("Winner: {names}") if len(final.winners) == 1 else _("Shared win: {names}")
        return label.format(names=winners)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state = self.state
        final = state.final
        if final is None:
            return
        area = layout.inset(body, c.u(8), c.u(4))
        link = None if self.show_chart else self.link()
        caption = _("Scan with your phone to add this play to BG Stats")
        # The table takes what it needs; the code (or the chart) the rest, as a square as
        # large as fits beside the table (landscape) or below it (portrait), its one line
        # underneath.
        need = self.table_width(c, state)
        if c.w >= c.h:
            right_w = max(c.u(200), area.w - need - c.u(12))
            left, right = layout.columns(area, [None, right_w], c.u(12))
        else:
            left, right = layout.rows(area, [None, area.h * 40 // 100], c.u(8))
        if link is not None and c.w >= c.h and not self.code_fits(c, link, caption, right):
            # Too narrow beside the table (five players, wide totals, long French labels):
            # the code goes beside the ranking instead, so the toggle always switches
            # between the code and the scores (the whole table and the chart).
            # Beside it, the ranking: each player's letter, name and total.
            left, right = layout.columns(area, [max(c.u(250), area.w // 3), None], c.u(12))
            flow = layout.Flow(c, left, c.u(4))
            rows = len(state.players) * (layout.line_height(c, LARGE) + c.u(4))
            title_h = layout.fit(c, self.title_short(), left.w, None, LARGE, "key",
                                 max_lines=3).height(c) + c.u(4)
            if title_h + rows <= left.h:  # else every player's total first (a message
                # over the bar: the 4th fire's), the winners' marked
                flow.text(self.title_short(), LARGE, ACCENT, role="key", max_lines=3)
            self.draw_ranking(c, state, flow.rest())
        else:
            self.draw_heading(c, state, left)
        if link is None:
            self.draw_chart(c, state, right)
            return
        lines = layout.fit(c, caption, right.w, None, SMALL, max_lines=3)
        below = lines.height(c) + c.u(6)
        side = min(right.w, right.h - below)
        square = pygame.Rect(right.x + (right.w - side) // 2, right.y, side, side)
        where = qr.draw(c.surface, link, square)
        if where is None:
            self.draw_chart(c, state, right)
            return
        # A tap shows the code on the whole screen, larger still.
        title = self.title()
        c.region(where, lambda: self.ui.open("bgstats", link=link, title=title), "code",
                 caption)
        layout.draw_text(c, caption, pygame.Rect(right.x, where.bottom + c.u(6), right.w,
                                                 right.bottom - where.bottom - c.u(6)),
                         SMALL, TEXT, align="center", max_lines=3)

    #: The smallest module, in pixels, a phone reads from the panel beside the table.
    MIN_MODULE = 2.5

    def code_fits(self, c: Canvas, link: str, caption: str, right: pygame.Rect) -> bool:
        """Whether the code, with its caption below, is readable in `right`."""
        below = layout.fit(c, caption, right.w, None, SMALL, max_lines=3).height(c) + c.u(6)
        side = min(right.w, right.h - below)
        return side > 0 and qr.module_px(link, side) >= self.MIN_MODULE

    def draw_ranking(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        """Each player in ranking order: letter, name and total (a key number)."""
        final = state.final
        assert final is not None
        step = layout.line_height(c, LARGE) + c.u(4)
        r = c.u(13)
        y = rect.y
        for pid in final.ranking:
            if y + step > rect.bottom:
                break
            c.player_badge(pid, (rect.x + r + c.u(2), y + step // 2), r, words.letter(state, pid))
            total = formats.integer(final.scores[pid]["total"])
            num = c.text(total, (rect.right - c.u(4), y + step // 2), LARGE,
                         ACCENT if pid in final.winners else TEXT, anchor="midright", role="key")
            room = num.x - (rect.x + 2 * r + c.u(10)) - c.u(8)
            c.text(words.player_name(state, pid), (rect.x + 2 * r + c.u(10), y + step // 2),
                   BODY, TEXT, anchor="midleft", max_width=room, smallest=BODY, role="body")
            y += step

    def draw_heading(self, c: Canvas, state: State, left: pygame.Rect) -> None:
        """The winner line, the notes (tie-break, saved or which game) and the table below:
        the headline as large as leaves the table its room."""
        gap = c.u(4)
        notes = [n for n in (tie_break(state), self.saved_note()) if n]
        table = self.table_height(c, state)

        def notes_h(keep: list[str]) -> int:
            return sum(layout.fit(c, n, left.w, None, SMALL).height(c) + gap for n in keep)

        choice = None
        for keep in (notes, notes[:1]):
            for text, size in ((self.title(), HUGE), (self.title(), LARGE),
                               (self.title_short(), HUGE), (self.title_short(), LARGE)):
                fitted = layout.fit(c, text, left.w, None, size, "key", max_lines=1)
                if fitted.cut or fitted.size < size:
                    continue
                if fitted.height(c) + gap + notes_h(keep) + table <= left.h:
                    choice = (text, size, keep)
                    break
            if choice:
                break
        if choice is None:
            # Not even the short headline beside the table (a message over the bar, say
            # the 4th fire's): the notes that fit and the table, its winners' totals
            # marked, never cut.
            for keep in (notes, notes[-1:], []):
                if notes_h(keep) + table <= left.h:
                    flow = layout.Flow(c, left, gap)
                    for note in keep:
                        flow.text(note, SMALL, TEXT)
                    self.draw_table(c, state, flow.rest())
                    return
        text, size, keep = choice or (self.title_short(), LARGE, notes[:1])
        flow = layout.Flow(c, left, gap)
        flow.text(text, size, ACCENT, role="key", max_lines=2)
        for note in keep:
            flow.text(note, SMALL, TEXT)
        self.draw_table(c, state, flow.rest())

    @staticmethod
    def columns_of(c: Canvas, state: State) -> tuple[int, int]:
        """The table's label column and each player's column width, in pixels."""
        final = state.final
        assert final is not None
        players = list(final.ranking)
        # Measured with the narrow hyphen: the wider minus sign drawn ("−3") takes a little
        # of the gap between the columns rather than the labels' room in portrait.
        widest = max([font(c.px(BODY)).size(str(final.scores[p][cat]))[0]
                      for p in players for cat in categories(state)] +
                     [font(c.px(LARGE)).size(str(final.scores[p]["total"]))[0]
                      for p in players])
        col = max(c.u(40), widest + c.u(10))
        label = max(layout.width_for(c, names.category(cat), SMALL, 1)
                    for cat in categories(state)) + c.u(10)
        return label, col

    def table_width(self, c: Canvas, state: State) -> int:
        label, col = self.columns_of(c, state)
        return label + col * len(state.players)

    @staticmethod
    def table_height(c: Canvas, state: State) -> int:
        """What the table needs: the players' row and a row per category (body), the
        totals (key numbers)."""
        return (len(categories(state)) + 1) * layout.line_height(c, BODY) + \
            layout.line_height(c, LARGE) + c.u(4)

    def draw_table(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        final = state.final
        assert final is not None
        players = list(final.ranking)
        cats = categories(state)
        # Values are body text, the totals key numbers, the category names supporting detail;
        # the label column as wide as its longest label, the rest shared by the players.
        _label, col = self.columns_of(c, state)
        label_w = max(c.u(100), rect.w - col * len(players))
        line = max(layout.line_height(c, BODY),
                   (rect.h - layout.line_height(c, LARGE) - c.u(4)) // (len(cats) + 1))
        y = rect.y
        for j, pid in enumerate(players):
            cx = rect.x + label_w + j * col + col // 2
            c.player_badge(pid, (cx, y + line // 2), min(c.u(13), line // 2 - 1),
                           words.letter(state, pid))
        y += line
        for i, cat in enumerate(cats):
            if i % 2:
                c.rect(pygame.Rect(rect.x, y, rect.w, line), (30, 35, 45), radius=0)
            layout.draw_text(c, names.category(cat), pygame.Rect(
                rect.x + c.u(4), y, label_w - c.u(6), line), SMALL, TEXT, valign="center")
            for j, pid in enumerate(players):
                value = final.scores[pid][cat]
                c.text(formats.integer(value),
                       (rect.x + label_w + j * col + col // 2, y + line // 2), BODY,
                       TEXT if value else MUTED, anchor="center")
            y += line
        total_h = layout.line_height(c, LARGE) + c.u(4)
        c.rect(pygame.Rect(rect.x, y, rect.w, total_h), PANEL)
        c.text(names.category("total"), (rect.x + c.u(4), y + total_h // 2), BODY, TEXT,
               anchor="midleft", max_width=label_w - c.u(6))
        for j, pid in enumerate(players):
            value = final.scores[pid]["total"]
            c.text(formats.integer(value),
                   (rect.x + label_w + j * col + col // 2, y + total_h // 2), LARGE,
                   ACCENT if pid in final.winners else TEXT, anchor="center", role="key")

    def draw_chart(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        c.rect(rect, PANEL)
        title = layout.draw_text(c, _("Score over the rounds"), pygame.Rect(
            rect.x + c.u(8), rect.y + c.u(4), rect.w - c.u(12), rect.h // 3), SMALL, TEXT,
            max_lines=2)
        series = self.series()
        if not series:
            return
        step_h = layout.line_height(c, SMALL)
        top = title.bottom + c.u(12)
        plot = pygame.Rect(rect.x + c.u(40), top, rect.w - c.u(56),
                           rect.bottom - top - 2 * step_h - c.u(14))
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
        c.text(formats.integer(high), (plot.x - c.u(4), plot.y), SMALL, MUTED, anchor="topright")
        c.text(formats.integer(low), (plot.x - c.u(4), plot.bottom), SMALL, MUTED,
               anchor="bottomright")
        # A tick at every round end; numbered as often as the numbers fit side by side.
        f = font(c.px(SMALL))
        step = 1
        while rounds and plot.w * step // rounds < f.size(str(rounds))[0] + c.u(10):
            step += 1
        for k in range(1, rounds + 1):
            x = at(k, low)[0]
            pygame.draw.line(c.surface, MUTED, (x, plot.bottom), (x, plot.bottom + c.u(5)), 1)
            last = k == rounds
            if (k % step == 0 and (last or k <= rounds - step)) or last:
                c.text(str(k), (x, plot.bottom + c.u(6)), SMALL, MUTED, anchor="midtop")
        c.text(_("Round"), (plot.centerx, plot.bottom + c.u(8) + step_h), SMALL, MUTED,
               anchor="midtop")
        lines = {pid: [at(k, v) for k, v in enumerate(points)]
                 for pid, points in series.items()}
        # Each line ends in its player's marker (colour is never the only signal); markers
        # on close scores are spread out vertically so that none hides another, and a
        # marker moved off its line's end is joined to it by a thin grey leader.
        r = c.u(10)
        step = 2 * r + c.u(2)
        ends = sorted((line[-1][1], line[-1][0], pid) for pid, line in lines.items())
        ys = [y for y, _x, _p in ends]
        for i in range(1, len(ys)):
            ys[i] = max(ys[i], ys[i - 1] + step)
        markers = {pid: (x, y) for (_y, x, pid), y in zip(ends, ys, strict=True)}
        for pid, line in lines.items():
            if len(line) > 1:
                x, y = markers[pid]
                c.polyline(line, PLAYER_COLOURS.get(pid, TEXT), max(2, c.u(3)),
                           lead=(x, y) if abs(y - line[-1][1]) > r // 2 else None)
        for (_y, x, pid), y in zip(ends, ys, strict=True):
            c.player_badge(pid, (x, y), r, words.letter(state, pid))
