"""Final: the winner(s) large, every scoring category per player, the tie-break when it
decided, and each player's running score over the rounds."""

from __future__ import annotations

import pygame

from companion.engine import SCORE_CATEGORIES, Catalogue, RuleError, State, iter_states
from companion.engine.scoring import score_player
from companion.engine.words import Category, Kind, Phase
from companion.ui import layout, names, words
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
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost


def running_scores(record: str, catalogue: Catalogue) -> dict[str, list[int]]:
    """Each player's would-be final score at the end of every round (round 0: the start).

    Replays the record and keeps the state reached at each round's end: track
    points plus what the player's cards would score if the game ended then.
    """
    state: State | None = None
    ends: dict[int, dict[str, int]] = {}
    try:
        for _number, _action, state in iter_states(record, catalogue):
            if state.phase == Phase.OVER or (state.previous is not None and
                                         state.round > state.previous.round):
                finished = state.round if state.phase == Phase.OVER else state.round - 1
                ends = {k: v for k, v in ends.items() if k < finished}
                ends[finished] = {p: score_player(state.catalogue, state.player(p))["total"]
                                  for p in state.players}
    except RuleError:
        pass  # the chart shows the rounds before the first bad line
    if state is None:
        return {}
    out: dict[str, list[int]] = {p: [0] for p in state.players}
    for k in sorted(ends):
        for p in state.players:
            out[p].append(ends[k][p])
    return out


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
        winners += "\u00a0\u00b7 " + _("{n} points").format(
            n=final.scores[final.winners[0]]["total"]).replace(" ", "\u00a0")
        label = _("Winner: {names}") if len(final.winners) == 1 else _("Shared win: {names}")
        area = layout.inset(body, c.u(12), c.u(4))
        flow = layout.Flow(c, area, c.u(4))
        headline = label.format(names=winners)
        one_line = not layout.fit(c, headline, area.w, None, HUGE, "key", max_lines=1).cut
        flow.text(headline, HUGE, ACCENT, role="key", max_lines=1 if one_line else 2)
        note = tie_break(state)
        if getattr(self.game.session, "history_id", None) is not None:
            note = (note + "  " if note else "") + _("Saved to history.")
        flow.text(note, SMALL, TEXT)
        rest = flow.rest()
        if c.w >= c.h:
            share = 58 + 3 * max(0, len(state.players) - 3)  # more players, wider table
            table, chart = layout.columns(rest, [rest.w * share // 100, None], c.u(12))
        else:
            # Portrait: the table above, as tall as it may be (labels on two lines), the chart
            # below.
            table, chart = layout.rows(rest, [max(self.table_height(c, state),
                                                  rest.h - c.u(150)), None], c.u(12))
        self.draw_table(c, state, table)
        if chart.h >= c.u(80):
            self.draw_chart(c, state, chart)

    @staticmethod
    def table_height(c: Canvas, state: State) -> int:
        """What the table needs: a row per category (body), the totals (key numbers)."""
        return (len(categories(state)) + 1) * layout.line_height(c, BODY) + \
            layout.line_height(c, LARGE) + c.u(4)

    def draw_table(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        final = state.final
        assert final is not None
        players = list(final.ranking)
        cats = categories(state)
        # Values are body text, the totals key numbers, the category names supporting detail;
        # the label column as wide as its longest label, the rest shared by the players.
        widest = max([font(c.px(BODY)).size(str(final.scores[p][cat]))[0]
                      for p in players for cat in cats] +
                     [font(c.px(LARGE)).size(str(final.scores[p]["total"]))[0] for p in players])
        col = max(c.u(40), widest + c.u(10))
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
                c.text(str(value), (rect.x + label_w + j * col + col // 2, y + line // 2), BODY,
                       TEXT if value else MUTED, anchor="center")
            y += line
        total_h = layout.line_height(c, LARGE) + c.u(4)
        c.rect(pygame.Rect(rect.x, y, rect.w, total_h), PANEL)
        c.text(names.category("total"), (rect.x + c.u(4), y + total_h // 2), BODY, TEXT,
               anchor="midleft", max_width=label_w - c.u(6))
        for j, pid in enumerate(players):
            value = final.scores[pid]["total"]
            c.text(str(value), (rect.x + label_w + j * col + col // 2, y + total_h // 2), LARGE,
                   ACCENT if pid in final.winners else TEXT, anchor="center", role="key")

    def draw_chart(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        c.rect(rect, PANEL)
        title = layout.draw_text(c, _("Score over the rounds"), pygame.Rect(
            rect.x + c.u(8), rect.y + c.u(4), rect.w - c.u(12), rect.h // 3), SMALL, TEXT,
            max_lines=2)
        series = self.series()
        if not series:
            return
        top = title.bottom + c.u(12)
        plot = pygame.Rect(rect.x + c.u(34), top, rect.w - c.u(50),
                           rect.bottom - top - c.u(28))
        values = [v for s in series.values() for v in s]
        low, high = min(0, min(values)), max(5, max(values))
        rounds = max(len(s) for s in series.values()) - 1

        def at(k: int, v: int) -> tuple[int, int]:
            x = plot.x + plot.w * k // max(1, rounds)
            y = plot.bottom - plot.h * (v - low) // max(1, high - low)
            return x, y

        pygame.draw.line(c.surface, MUTED, plot.bottomleft, plot.bottomright, 1)
        pygame.draw.line(c.surface, MUTED, plot.topleft, plot.bottomleft, 1)
        c.text(str(high), (plot.x - c.u(4), plot.y), SMALL, MUTED, anchor="topright")
        c.text(str(low), (plot.x - c.u(4), plot.bottom), SMALL, MUTED, anchor="bottomright")
        # Each line ends in its player's marker; markers on close scores are spread out
        # vertically so that none hides another.
        ends: list[tuple[int, int, str]] = []
        lines: list[tuple[str, list[tuple[int, int]]]] = []
        for pid, points in series.items():
            line = [at(k, v) for k, v in enumerate(points)]
            lines.append((pid, line))
            ends.append((line[-1][1], line[-1][0], pid))
        r = c.u(10)
        spread = 2 * r + c.u(2)
        ends.sort()
        ys = [y for y, _x, _p in ends]
        for i in range(1, len(ys)):
            ys[i] = max(ys[i], ys[i - 1] + spread)
        markers = [pygame.Rect(x - r, y - r, 2 * r, 2 * r) for (_y, x, _p), y in
                   zip(ends, ys, strict=True)]
        # A tick per round, numbered as often as the numbers have room (never under a
        # marker pushed below the axis).
        f = font(c.px(SMALL))
        step = next((n for n in (1, 2, 5, 10) if plot.w * n // max(1, rounds) >=
                     f.size(str(rounds))[0] + c.u(10)), 10)
        for k in range(rounds + 1):
            x, _y = at(k, low)
            pygame.draw.line(c.surface, MUTED, (x, plot.bottom), (x, plot.bottom + c.u(4)), 1)
            if k % step and k != rounds or k != rounds and rounds - k < step:
                continue  # the last round's number has the room
            w, h = f.size(str(k))
            where = pygame.Rect(x - w // 2, plot.bottom + c.u(5), w, h)
            if where.collidelist(markers) < 0:
                c.text(str(k), (x, plot.bottom + c.u(5)), SMALL, MUTED, anchor="midtop")
        for pid, line in lines:
            if len(line) > 1:
                pygame.draw.lines(c.surface, PLAYER_COLOURS.get(pid, TEXT), False, line,
                                  max(2, c.u(3)))
        for (_y, x, pid), y in zip(ends, ys, strict=True):
            c.player_badge(pid, (x, y), r, words.letter(state, pid))
