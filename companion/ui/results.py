"""A finished game's results screen, shared by the final screen and a reopened past game.

The winner(s) large, every scoring category per player, the tie-break when it
decided, the QR code that hands the play to BG Stats, and each player's running
score over the rounds (in the code's place, one tap away: the code needs the
room to be read from arm's length; docs/after-the-game.md). Subclasses say
where the game comes from: `scenes/final.py` (the game on the table) and
`scenes/pastgame.py` (one from the history).
"""
from __future__ import annotations

import logging

import pygame

from companion import formats
from companion.engine import SCORE_CATEGORIES, Catalogue, State
from companion.engine.words import Category, Kind
from companion.store import bgstats, stats
from companion.ui import layout, names, qr, words
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
)
from companion.ui.i18n import _, ngettext
from companion.ui.layouts import results as results_layout
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.tokens import BAND, ZERO_LINE

log = logging.getLogger("companion.ui")


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
        #: Whether the bar's button was labelled for the ranking (`categories_hidden`).
        self._hidden_label = False
        #: The layout's plan and the chart's, with what they were worked out for.
        self._plan: tuple[object, results_layout.ResultsPlan,
                          results_layout.Chart | None] | None = None

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
            except Exception as exc:  # noqa: BLE001 - a chart must never stop the final screen
                log.warning("no score chart on the final screen (%s: %s)",
                            type(exc).__name__, exc)
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
            except Exception as exc:  # noqa: BLE001 - the code must never stop the final screen
                log.warning("no BG Stats code on the final screen (%s: %s)",
                            type(exc).__name__, exc)
                self._link = (None,)
        return self._link[0]

    def on_enter(self) -> None:
        self._series = None
        self._link = None
        self._plan = None

    def help_topics(self) -> list[str]:
        """The rules text of each score row shown, the total, and how the game ended."""
        return [*(f"score:{cat}" for cat in categories(self.state)), "score:total",
                "phase:over"]

    def secondary(self) -> Primary:
        if self.show_chart:
            return (_("BG Stats code"), self.toggle)
        if self.categories_hidden():
            # The code beside the ranking (five players' two-digit scores at 800x480):
            # the same tap shows every category (the table, the chart beside it) and the
            # button brings the code back; its label says what it shows (issue 30).
            return (_("Categories"), self.toggle)
        return (_("Score chart"), self.toggle)

    def secondary_labels(self) -> tuple[str, ...]:
        return (_("BG Stats code"), _("Score chart"), _("Categories"))

    def categories_hidden(self) -> bool:
        """Whether the code, as the screen is laid out now, leaves room only for the
        ranking (each player's total, no category): worked out for the room of the last
        frame drawn; `draw` draws again if the frame's own room says otherwise."""
        c = getattr(self.ui, "canvas", None)
        if c is None:
            return False
        self._hidden_label = self.plan(c, c.body)[0].ranking is not None
        return self._hidden_label

    def toggle(self) -> None:
        self.show_chart = not self.show_chart
        self.ui.dirty = True

    def screen_key(self) -> object:
        """The code or the chart (the categories) shown: the switch changes the whole
        screen and its own label, so a hurried second tap on it does nothing (`UI.touch`)
        rather than switch back."""
        return self.show_chart

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

    def title_short(self) -> str:
        """The title without the points (the totals row shows them too)."""
        final = self.state.final
        assert final is not None
        winners = ", ".join(words.player_name(self.state, p) for p in final.winners)
        label = _("Winner: {names}") if len(final.winners) == 1 else _("Shared win: {names}")
        return label.format(names=winners)

    # --- drawing ---------------------------------------------------------------------------
    def shown(self) -> results_layout.Shown:
        """What the screen shows, as far as it takes room (the layout's input)."""
        state = self.state
        final = state.final
        assert final is not None
        cats = categories(state)
        ranking = tuple(final.ranking)
        return results_layout.Shown(
            title=self.title(), title_short=self.title_short(),
            notes=tuple(n for n in (tie_break(state), self.saved_note()) if n),
            ranking=ranking, totals=tuple(final.scores[p]["total"] for p in ranking),
            labels=tuple(names.category(cat) for cat in cats),
            values=tuple(final.scores[p][cat] for p in ranking for cat in cats),
            link=None if self.show_chart else self.link(),
            caption=_("Scan with your phone to add this play to BG Stats"))

    def plan(self, c: Canvas, body: pygame.Rect
             ) -> tuple[results_layout.ResultsPlan, results_layout.Chart | None]:
        """Where everything goes, and the chart's places where it is shown: worked out
        again only when what is shown, or the room, changed."""
        shown = self.shown()
        title = _("Score over the rounds")
        key = (tuple(body), c.w, c.h, shown, title)
        if self._plan is None or self._plan[0] != key:
            plan = results_layout.place(c, body, shown)
            chart = None
            if plan.chart is not None:
                chart = results_layout.chart(c, tuple(self.series().items()), title, plan.chart)
            self._plan = (key, plan, chart)
        return self._plan[1], self._plan[2]

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state = self.state
        if state.final is None:
            return
        plan, chart = self.plan(c, body)
        if not self.show_chart and (plan.ranking is not None) != self._hidden_label:
            self.ui.dirty = True  # the bar's label was worked out for other room
        if plan.ranking is not None:
            self.draw_ranking(c, state, plan.ranking)
        if plan.heading is not None:
            self.draw_heading(c, state, plan.heading)
        if chart is not None:
            self.draw_chart(c, state, chart)
        code = plan.code
        link = self.link()
        if code is None or link is None:
            return
        qr.draw(c.surface, link, code.square)
        # A tap shows the code on the whole screen, larger still.
        title = self.title()
        caption = _("Scan with your phone to add this play to BG Stats")
        c.region(code.code, lambda: self.ui.open("bgstats", link=link, title=title), "code",
                 caption)
        layout.draw_text(c, caption, code.caption, SMALL, TEXT, align="center", max_lines=3)

    def draw_ranking(self, c: Canvas, state: State, plan: results_layout.Ranking) -> None:
        """The short headline, then each player in ranking order: letter, name and total
        (a key number)."""
        final = state.final
        assert final is not None
        if plan.title is not None:
            layout.draw_text(c, self.title_short(), plan.title, LARGE, ACCENT, role="key",
                             max_lines=3)
        for row in plan.rows:
            pid = row.player
            c.player_badge(pid, row.badge, plan.radius, words.letter(state, pid))
            c.text(formats.integer(final.scores[pid]["total"]), row.total, LARGE,
                   ACCENT if pid in final.winners else TEXT, anchor="midright", role="key")
            c.text(words.player_name(state, pid), row.name, BODY, TEXT, anchor="midleft",
                   max_width=row.name_width, smallest=BODY, role="body")

    def draw_heading(self, c: Canvas, state: State, plan: results_layout.Heading) -> None:
        """The winner line, the notes (tie-break, saved or which game) and the table below."""
        if plan.headline is not None:
            text, size, box = plan.headline
            layout.draw_text(c, text, box, size, ACCENT, role="key", max_lines=2)
        for note, box in plan.notes:
            layout.draw_text(c, note, box, SMALL, TEXT)
        self.draw_table(c, state, plan.table)

    def draw_table(self, c: Canvas, state: State, plan: results_layout.Table) -> None:
        final = state.final
        assert final is not None
        players = list(final.ranking)
        for pid, centre in zip(players, plan.badges, strict=True):
            c.player_badge(pid, centre, plan.radius, words.letter(state, pid))
        for cat, row in zip(categories(state), plan.rows, strict=True):
            if row.band is not None:
                c.rect(row.band, BAND, radius=0)
            layout.draw_text(c, names.category(cat), row.label, SMALL, TEXT, valign="center")
            for pid, centre in zip(players, row.values, strict=True):
                value = final.scores[pid][cat]
                c.text(formats.integer(value), centre, BODY, TEXT if value else MUTED,
                       anchor="center")
        c.rect(plan.total_band, PANEL)
        c.text(names.category("total"), plan.total_label, BODY, TEXT, anchor="midleft",
               max_width=plan.label_width)
        for pid, centre in zip(players, plan.totals, strict=True):
            c.text(formats.integer(final.scores[pid]["total"]), centre, LARGE,
                   ACCENT if pid in final.winners else TEXT, anchor="center", role="key")

    def draw_chart(self, c: Canvas, state: State, chart: results_layout.Chart) -> None:
        c.rect(chart.panel, PANEL)
        layout.draw_text(c, _("Score over the rounds"), chart.title, SMALL, TEXT, max_lines=2)
        plot = chart.plot
        if plot is None:
            return
        for start, end in plot.axes:
            pygame.draw.line(c.surface, MUTED, start, end, 1)
        if plot.zero is not None:
            pygame.draw.line(c.surface, ZERO_LINE, *plot.zero, 1)
        c.text(plot.high[0], plot.high[1], SMALL, MUTED, anchor="topright")
        c.text(plot.low[0], plot.low[1], SMALL, MUTED, anchor="bottomright")
        for tick in plot.ticks:
            pygame.draw.line(c.surface, MUTED, tick.start, tick.end, 1)
            if tick.label is not None:
                c.text(tick.label[0], tick.label[1], SMALL, MUTED, anchor="midtop")
        c.text(_("Round"), plot.round, SMALL, MUTED, anchor="midtop")
        for line in plot.lines:
            c.polyline(list(line.points), PLAYER_COLOURS.get(line.player, TEXT), plot.width,
                       lead=line.lead)
        for pid, centre in plot.markers:
            c.player_badge(pid, centre, plot.radius, words.letter(state, pid))
