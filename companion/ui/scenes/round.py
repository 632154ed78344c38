"""The round screen: round, season, pile, phase and metal coin; the score track; a panel
per player. The Supply, Purchase and Loading screens are this screen with their phase's
controls on the right."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TypeVar

import pygame

from companion import formats
from companion.engine import State
from companion.engine.scoring import score_player
from companion.engine.words import Kind, Phase
from companion.ui import layout, names, rulestexts, words
from companion.ui.canvas import (
    ACCENT,
    BG,
    BODY,
    INFO_BG,
    LARGE,
    MUTED,
    PANEL,
    PANEL_HI,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    WARN_BG,
    Canvas,
    font,
)
from companion.ui.i18n import _, ngettext
from companion.ui.scene import Scene

T = TypeVar("T")

#: Heights at 800x480: the header line, the score track; the panels' least width and height.
HEADER, TRACK, PANELS, PANEL_H = 40, 48, 250, 56
#: The least height of the score track (its markers without the numbers above).
TRACK_LEAST = 30


def _last_state(compute: Callable[[State], T]) -> Callable[[State], T]:
    """`compute`, remembering its answer for the last state it was asked about (states
    never change; a frame asks the same thing of one state several times)."""
    last: list[tuple[State, T]] = []

    def remembered(state: State) -> T:
        if last and last[0][0] is state:
            return last[0][1]
        got = compute(state)
        last[:] = [(state, got)]
        return got

    remembered.__doc__ = compute.__doc__
    return remembered


@_last_state
def total_rounds(state: State) -> int:
    """Rounds in this game: the regular cards in play divided by the cards per round."""
    deck = state.catalogue.deck_for(state.player_count)
    regular = sum(1 for cid in deck if state.catalogue[cid].kind != Kind.FIRE)
    return regular // (state.player_count + 1)


@_last_state
def is_last_round(state: State) -> bool:
    """This is the last round with purchases: no regular card is left for another one.

    The engine marks the last round once the pile holds only the 4th fire; when the 3rd
    fire lies directly above it, the pile still holds a fire after the real last round
    (the next Supply reveals it and the game ends), so the table is told here."""
    if state.last_round:
        return True
    if state.phase not in (Phase.SUPPLY, Phase.DEMAND, Phase.PURCHASE, Phase.LOADING):
        return False
    regular = sum(1 for cards in state.unseen.values() for cid in cards
                  if state.catalogue[cid].kind != Kind.FIRE)
    to_reveal = state.player_count + 1 - len(state.slots) if state.phase == Phase.SUPPLY else 0
    return regular <= to_reveal


def contract_lines(state: State, pid: str) -> list[str]:
    """Each contract's own filling ("2/2", "0/3"): one finished and one empty contract
    never read as halfway."""
    ps = state.player(pid)
    return [f"{len(filled)}/{len(state.catalogue[cid].goods)}"
            for cid, filled in (ps.contracts or {}).items()]


def _width(c: Canvas, text: str) -> int:
    return int(font(c.px(SMALL)).size(text)[0])


class RoundScene(Scene):
    """The frame every phase screen shares; subclasses draw their phase in `draw_phase`."""

    name = "round"
    game_screen = True
    hint_in_body = True
    #: Offer a way back to Home (the game stays saved).
    menu = True
    #: Portrait, an odd number of players: the panels' grid's free cell (bottom right),
    #: where a phase may put a control its own rows have no room for (set by `draw`).
    spare: pygame.Rect | None = None
    #: The place above the phase's controls keeps, for the round, the tallest height a
    #: message took in it (`draw`): the controls give way once, never back up.
    sticky_place = False
    #: Portrait: even with the track gone and the panels at their least, the phase's
    #: controls have less than `phase_least` (set by `draw`; it stays so for the round).
    squeezed = False

    @property
    def state(self) -> State:
        return self.game.state

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state = self.state
        mark = c.mark()
        self.shorten_message(c)
        header_h = self.draw_header(c, state, pygame.Rect(0, 0, c.w, c.u(HEADER)))
        gap = c.u(8)
        n = len(state.players)
        # Each panel is a finger tall at least: where five of them and the full score track
        # do not fit (a two-line header), the track gives up its numbers, then its place
        # (the panels say every player's points too).
        track_h = c.u(TRACK)
        if c.w > c.h:
            spare = body.bottom - header_h - (n * c.u(PANEL_H) + (n - 1) * gap)
            track_h = min(track_h, spare)
            if track_h < c.u(TRACK_LEAST):
                track_h = 0
            if track_h and self.track_gives_way(c, state, body.bottom - header_h - track_h):
                track_h = 0
        portrait = c.w < c.h  # a panel rotated 90 or 270: panels in two columns on top
        panel_h = c.u(PANEL_H)
        self.squeezed = False
        if portrait:
            track_h, panel_h = self.portrait_heights(c, state, body, header_h)
        track = pygame.Rect(0, header_h, c.w, track_h)
        if track_h:
            self.draw_track(c, state, track)
        message = self.body_message
        width = self.phase_width(c)
        if message is not None and (self.hint_in_bar or self.above_phase(c, width) >
                                    self.hint_place(c, width)) and \
                self.message_over_header(c, message[0], track.bottom):
            # A message too long for the bar where the hint has no place above the
            # controls, or taller than that place (a fire's result, five players' income):
            # over the header and the track until the next action, so that the controls
            # below never move down under the finger (docs/touch.md).
            c.forget_since(mark)
            c.rect(pygame.Rect(0, 0, c.w, track.bottom), BG, radius=0)
            flow = layout.Flow(c, pygame.Rect(c.u(8), c.u(4), c.w - 2 * c.u(8),
                                              track.bottom - c.u(4)), 0)
            self.draw_message(c, flow, *message)
            self.body_message = None
        rest = pygame.Rect(0, track.bottom, c.w, body.bottom - track.bottom)
        self.spare = None
        if portrait:
            cols = 2
            n_rows = -(-n // cols)
            band, area = layout.rows(rest, [n_rows * panel_h + (n_rows - 1) * gap, None], gap)
            band = layout.inset(band, gap, 0)
            self.draw_panels(c, state, band, cols=cols)
            if n % cols:
                self.spare = layout.grid(band, n + 1, cols, gap, c.u(PANEL_H * 2))[-1]
            area = layout.inset(area, gap, 0)
        else:
            left, area = layout.columns(rest, [max(c.u(PANELS), c.w * 31 // 100), None], gap)
            self.draw_panels(c, state, pygame.Rect(left.x + gap, left.y, left.w - gap, left.h))
            area = pygame.Rect(area.x, area.y, area.w - gap, area.h)
        # The instruction above the phase's controls (it stays while a message shows).
        flow = layout.Flow(c, area, c.u(4))
        hint = "" if self.hint_in_bar else self.hint()
        least = self.hint_place(c, area.w)
        # A screen whose controls are fixed for the round (`sticky_place`) keeps the
        # tallest place a message took this round: the controls below give way once
        # (the round's first screen with the Income's message), never back up.
        key = (c.w, c.h, state.round)
        kept = self.__dict__.get("_place")
        sticky = self.sticky_place and not self.entry_pending()
        if sticky and kept is not None and kept[0] == key:
            least = max(least, kept[1])
        top = flow.y
        if self.body_message is not None:
            self.draw_message(c, flow, *self.body_message, least=least)
        elif not self.hint_in_bar:
            flow.text(hint, BODY, TEXT)
        least = max(least, flow.y - top)
        if sticky:
            self._place = (key, least)
        flow.y = top + least
        self.draw_phase(c, state, flow.rest())

    def shorten_message(self, c: Canvas) -> None:
        """A message taller than the hint's place that would not fit over the header
        either (five players' income): its short form, where it has one (what a tap on it
        opens tells the rest), so the controls below keep their place."""
        message = self.body_message
        short = self.body_short
        if message is None or not short:
            return
        width = self.phase_width(c)
        if self.above_phase(c, width) > self.hint_place(c, width) and \
                not self.message_over_header(c, message[0], c.u(HEADER) + c.u(TRACK)):
            self.body_message = (short, message[1], message[2])

    @staticmethod
    def message_over_header(c: Canvas, text: str, height: int) -> bool:
        """Whether a message fits in the header's and track's `height` (a finger tall)."""
        fitted = layout.fit(c, text, c.w - 4 * c.u(8), None, BODY, "body")
        return max(c.u(56), fitted.height(c) + 2 * c.u(8)) <= height - c.u(8)

    @staticmethod
    def phase_width(c: Canvas) -> int:
        """The width of the phase's part (beside the panels, or under them in portrait)."""
        gap = c.u(8)
        if c.w < c.h:
            return c.w - 2 * gap
        return c.w - max(c.u(PANELS), c.w * 31 // 100) - 2 * gap

    def hint_place(self, c: Canvas, width: int) -> int:
        """The height above the phase's controls for the hint where it is drawn here: as
        tall as a message of two lines that takes it (or the hint, if taller), so the
        controls below stay where the finger expects them when a message comes or goes
        (docs/touch.md)."""
        if self.hint_in_bar:
            return 0
        return max(max(layout.fit(c, hint, width, None, BODY).height(c) for hint in
                       self.hints()) + c.u(4),
                   2 * layout.line_height(c, BODY) + 2 * c.u(8) + c.u(8))

    def hints(self) -> list[str]:
        """Every hint the screen may show while the game's state stays the same (a choice
        made on it may change the hint): the hint's place is as tall as the tallest."""
        return [self.hint()]

    def above_phase(self, c: Canvas, width: int) -> int:
        """What the hint or a message in its place takes above the phase's controls."""
        least = self.hint_place(c, width)
        if self.body_message is None:
            return least
        text = self.body_message[0]
        fitted = layout.fit(c, text, width - 2 * c.u(8), None, BODY, "body")
        return max(least, max(c.u(56), fitted.height(c) + 2 * c.u(8), least - c.u(8))
                   + c.u(8))

    def portrait_heights(self, c: Canvas, state: State, body: pygame.Rect,
                         header_h: int) -> tuple[int, int]:
        """Portrait: the score track's height and a row of panels'. Where the phase's
        controls need more than is left (five players' three rows of panels, a two-line
        header, the "?" above the bar), the track gives up its numbers, then the panels
        the line that puts a long name under the numbers (a finger tall still, the name
        beside), then the track its place (the panels say every player's points).

        While the round lasts the arrangement only gives way further, never back: a tap
        that shortens the bar (a buyer chosen) moves nothing under the finger."""
        steps = [(c.u(TRACK), c.u(PANEL_H + 16)), (c.u(TRACK_LEAST), c.u(PANEL_H + 16)),
                 (c.u(TRACK_LEAST), c.u(PANEL_H)), (0, c.u(PANEL_H))]
        width = c.w - 2 * c.u(8)
        need = self.phase_least(c, state, width)
        if not need:
            return steps[0]
        need += self.above_phase(c, width)
        gap = c.u(8)
        n_rows = -(-len(state.players) // 2)
        # The last level: even the last step leaves too little (the phase gives way too).
        level = len(steps)
        for k, (track_h, panel_h) in enumerate(steps):
            left = body.bottom - header_h - track_h - (n_rows * panel_h + n_rows * gap)
            if left >= need:
                level = k
                break
        key = (c.w, c.h, state.round, state.player_count)
        was = self.__dict__.get("_gave_way")
        if was is not None and was[0] == key:
            level = max(level, was[1])
        self.__dict__["_gave_way"] = (key, level)
        self.squeezed = level == len(steps)
        return steps[min(level, len(steps) - 1)]

    def track_gives_way(self, c: Canvas, state: State, left: int) -> bool:
        """Landscape: whether the score track gives its place to the phase's controls,
        which need more than the `left` height below it and the hint's place (quick
        Purchase's grid at five players); once given, for the round, so nothing moves
        under the finger."""
        width = c.w - max(c.u(PANELS), c.w * 31 // 100) - 2 * c.u(8)
        need = self.phase_least(c, state, width)
        gone = bool(need) and need + self.hint_place(c, width) > left
        key = (c.w, c.h, state.round, state.player_count)
        was = self.__dict__.get("_track_gone")
        if was is not None and was[0] == key:
            gone = gone or was[1]
        self.__dict__["_track_gone"] = (key, gone)
        return gone

    def phase_least(self, c: Canvas, state: State, width: int) -> int:
        """The least height the phase's controls need (0: what is left): in portrait the
        frame gives way for it, in landscape the score track."""
        return 0

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        """The phase's own controls."""

    def draw_message(self, c: Canvas, flow: layout.Flow, text: str, error: bool,
                     dismiss: Callable[[], None], least: int = 0) -> None:
        """A message too long for the bar, in place of the hint until the next action; a
        tap on it closes it (a finger tall, a finger's gap above the controls)."""
        pad = c.u(8)
        fitted = layout.fit(c, text, flow.rect.w - 2 * pad, None, BODY, "body")
        box = flow.take(max(c.u(56), fitted.height(c) + 2 * pad, least - c.u(8)))
        flow.y += c.u(8) - flow.gap
        c.rect(box, WARN_BG if error else INFO_BG)
        layout.draw_text(c, text, layout.inset(box, pad), BODY, TEXT, role="body",
                         valign="center")
        c.region(box, dismiss, "message", text)

    def help_topics(self) -> list[str]:
        """The rules at a tap: this phase first (as the header names it), then the cards
        this screen shows, then the last round when it is (asked every frame, for the
        bar's "?": remembered for the state and the cards shown)."""
        state = self.state
        shown = self.cards_shown(state)
        return list(self.kept("help_topics", (state, shown),
                              lambda: self._help_topics(state, shown)))

    def _help_topics(self, state: State, shown: list[str]) -> list[str]:
        quick = state.phase == Phase.DEMAND and self.name == "purchase"
        topics = [f"phase:{Phase.PURCHASE if quick else state.phase}"]
        topics += rulestexts.card_topics((card.kind, card.good) for card in (
            state.catalogue[cid] for cid in shown))
        topics += self.more_topics(state)
        if is_last_round(state):
            topics.append("topic:last_round")
        return list(dict.fromkeys(topics))

    def cards_shown(self, state: State) -> list[str]:
        """The cards this phase's controls show (their rules texts are one tap away)."""
        return []

    def more_topics(self, state: State) -> list[str]:
        """Rules texts besides the phase and the cards (the market hall in Loading)."""
        return []

    def draw_header(self, c: Canvas, state: State, rect: pygame.Rect) -> int:
        """Round, season, cards left, phase and who has the metal coin; its height (two
        lines where one is too narrow, as in portrait)."""
        season = names.season(state.top_season()) if state.phase == Phase.SUPPLY else \
            names.season(self._season_of_round(state))
        round_text = _("Round {k}/{n}").format(k=state.round, n=total_rounds(state))
        if is_last_round(state):
            round_text += " (" + _("last round") + ")"
        cards_left = _("cards left {n}").format(n=state.pile_size())
        # The quick form enters Demand and Purchase as one: the engine is still in Demand
        # until the first card is settled, but the table is buying, not placing.
        quick = state.phase == Phase.DEMAND and self.name == "purchase"
        phase = names.phase(Phase.PURCHASE if quick else state.phase)
        first = _("{name} first").format(name=words.player_name(state, state.first_player))
        f = font(c.px(BODY))
        badge = c.u(40)
        first_w = f.size(first)[0] + badge
        pad = c.u(10)

        def pick(options: list[list[str]], room: int) -> str | None:
            for parts in options:
                for sep in ("  \u00b7  ", " \u00b7 "):
                    text = sep.join(p for p in parts if p)
                    if f.size(text)[0] <= room:
                        return text
            return None

        # Long languages (French "Phase : Approvisionnement") drop the least needed words
        # first, so the phase and the last round are never cut off the end; the pile is
        # never dropped in landscape (the season gives way first, else the header takes two
        # lines); in portrait, where a second line costs the Supply grid a row, it may be.
        labelled = _("Phase: {phase}").format(phase=phase)
        options = [[round_text, season, cards_left, labelled],
                   [round_text, season, cards_left, phase], [round_text, cards_left, phase]]
        if c.w < c.h:
            options += [[round_text, season, phase], [round_text, phase]]
        # Still one line with the name alone beside the metal coin's "M" (which says who
        # is first): a second line would cost the panels and the controls a row. The
        # season is kept if that is what it takes (the header says it in every phase).
        name = words.player_name(state, state.first_player)
        short_w = min(first_w, f.size(name)[0] + badge)
        one = None
        for group in (options[:2], options[2:]):
            one = pick(group, rect.w - 3 * pad - first_w)
            if one is None and short_w < first_w:
                one = pick(group, rect.w - 3 * pad - short_w)
                if one is not None:
                    first, first_w = name, short_w
            if one is not None:
                break
        if one is not None:
            c.rect(rect, PANEL, radius=0)
            c.text(one, (pad, rect.centery), BODY, TEXT, anchor="midleft")
            self._draw_first(c, state, first, pygame.Rect(rect.right - pad - first_w, rect.y,
                                                          first_w, rect.h))
            return rect.h
        # Two lines: the round, season and phase; then the pile and the metal coin.
        line1 = pick([[round_text, season, labelled], [round_text, season, phase],
                      [round_text, phase]], rect.w - 2 * pad) or round_text
        tall = pygame.Rect(rect.x, rect.y, rect.w, 2 * rect.h - c.u(8))
        c.rect(tall, PANEL, radius=0)
        top, bottom = layout.rows(tall, [None, None])
        layout.draw_text(c, line1, layout.inset(top, pad, 0), BODY, TEXT, valign="center",
                         max_lines=1)
        c.text(cards_left, (pad, bottom.centery), BODY, TEXT, anchor="midleft")
        self._draw_first(c, state, first, pygame.Rect(rect.right - pad - first_w, bottom.y,
                                                      first_w, bottom.h))
        return tall.h

    def _draw_first(self, c: Canvas, state: State, label: str, rect: pygame.Rect) -> None:
        r = c.text(label, (rect.right, rect.centery), BODY, TEXT, anchor="midright")
        c.player_badge(state.first_player, (r.x - c.u(18), rect.centery), c.u(14), "M")

    @staticmethod
    def _season_of_round(state: State) -> str | None:
        if state.slots:
            return state.catalogue[state.slots[0].card].season
        return state.top_season()

    def draw_track(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        tracks = [state.player(p).track for p in state.players]
        low = min(0, (min(tracks) // 5) * 5)
        high = max(30, -(-max(tracks) // 5) * 5)
        x0, x1 = rect.x + c.u(44), rect.right - c.u(44)
        # Short of its full height, the markers on the line without the numbers above.
        numbers = rect.h >= c.u(TRACK)
        y = rect.y + c.u(33) if numbers else rect.centery

        def at(value: int) -> int:
            return x0 + (x1 - x0) * (value - low) // max(1, high - low)

        # The line, its ticks and numbers change only with the range: one image, kept.
        c.layer(("track", low, high), rect, partial(self._draw_track_line, low=low, high=high))
        # Players on the same or nearby spaces sit side by side, as markers do on the board:
        # left to right by their space, each at least a marker's width from the next, the
        # whole row kept on the screen at either end of the track.
        r = c.u(12)
        step = int(r * 2.1)
        order = sorted(state.players, key=lambda p: (state.player(p).track,
                                                     state.players.index(p)))
        xs = [at(state.player(p).track) for p in order]
        for i in range(1, len(xs)):
            xs[i] = max(xs[i], xs[i - 1] + step)
        xs[-1] = min(xs[-1], rect.right - r - 2)
        for i in range(len(xs) - 2, -1, -1):
            xs[i] = min(xs[i], xs[i + 1] - step)
        shift = max(0, rect.x + r + 2 - xs[0])
        targets = {pid: x + shift for pid, x in zip(order, xs, strict=True)}
        for pid in state.players:
            x = self.marker_x(pid, targets[pid])
            c.player_badge(pid, (x, y), r, words.letter(state, pid))

    @staticmethod
    def _draw_track_line(c: Canvas, rect: pygame.Rect, *, low: int, high: int) -> None:
        """The score track without its markers: a line, a tick per space, every 5th
        numbered (where the track has its full height)."""
        x0, x1 = rect.x + c.u(44), rect.right - c.u(44)
        numbers = rect.h >= c.u(TRACK)
        y = rect.y + c.u(33) if numbers else rect.centery
        pygame.draw.line(c.surface, MUTED, (x0, y), (x1, y), max(2, c.u(3)))
        for value in range(low, high + 1):
            x = x0 + (x1 - x0) * (value - low) // max(1, high - low)
            tick = c.u(8) if value % 5 == 0 else c.u(3)
            pygame.draw.line(c.surface, MUTED, (x, y - tick), (x, y + tick), 1)
            if value % 5 == 0 and numbers:
                c.text(formats.integer(value), (x, y - c.u(12)), SMALL, MUTED, anchor="midbottom")

    #: How long a marker takes to move along the track (seconds).
    MOVE_S = 0.5

    def marker_x(self, pid: str, target: int) -> int:
        """Where to draw a marker now: moving smoothly to `target` after a change."""
        now = self.ui.clock()
        moves: dict[str, tuple[float, int, float]] = self.__dict__.setdefault("_moves", {})
        start_x, goal, started = moves.get(pid, (float(target), target, 0.0))
        t = min(1.0, (now - started) / self.MOVE_S)
        shown = start_x + (goal - start_x) * (1 - (1 - t) ** 3)
        if goal != target:
            moves[pid] = (shown, target, now)
            return int(shown)
        if pid not in moves:
            moves[pid] = (float(target), target, 0.0)
        return int(round(shown))

    def animating_until(self) -> float:
        moves = self.__dict__.get("_moves", {})
        return max((started + self.MOVE_S for _x, _g, started in moves.values()), default=0.0)

    def draw_panels(self, c: Canvas, state: State, rect: pygame.Rect, cols: int = 1) -> None:
        for pid, box in zip(state.players, layout.grid(rect, len(state.players), cols,
                                                       c.u(8), c.u(PANEL_H * 2)),
                            strict=True):
            self.draw_panel(c, state, pid, box)

    def panel_details(self, state: State, pid: str) -> list[str]:
        """The panel's small print in the rulebook's words, the most needed first (the rest
        gives way): cards, the firemen total, each contract's own filling, the warehouse,
        the market hall's cube."""
        ps = state.player(pid)
        # A word and its number stay on one line ("Feuerwehrmänner 2", never "2" on the
        # next).
        details = [
            ngettext("{n} card", "{n} cards", len(ps.cards)).format(n=len(ps.cards)),
            _("firemen {n}").format(n=ps.firemen),
        ]
        details = [d.replace(" ", "\u00a0") for d in details]
        fills = contract_lines(state, pid)
        if fills:
            details.append(_("contracts {fills}").format(fills=" ".join(fills)))
        if ps.warehouse or "A-warehouse" in ps.cards:
            details.append(_("warehouse {n}").format(n=len(ps.warehouse)))
        if ps.market:
            details.append(_("market hall: {good}").format(good=names.good(ps.market)))
        return details

    def draw_panel(self, c: Canvas, state: State, pid: str, box: pygame.Rect) -> None:
        ps = state.player(pid)
        selected = self.panel_selected(pid)
        c.rect(box, PANEL_HI if selected else PANEL)
        c.rect(pygame.Rect(box.x, box.y, c.u(8), box.h), PLAYER_COLOURS.get(pid, MUTED), 3)
        if selected:
            c.rect(box, ACCENT, width=max(2, c.u(3)))
        r = c.u(12)
        name = words.player_name(state, pid)
        # Key numbers at arm's length: coins and track points, right-aligned.
        f_key, f_small = font(c.px(LARGE)), font(c.px(SMALL))
        pt_w = f_small.size(_("pt"))[0]
        track_right = box.right - c.u(8) - pt_w - c.u(2)
        c.text(_("pt"), (box.right - c.u(8), box.y + c.u(8)), SMALL, MUTED, anchor="topright")
        t = c.text(formats.integer(ps.track), (track_right, box.y + c.u(2)), LARGE, TEXT,
                   anchor="topright", role="key")
        coin_w = f_small.size("\u00a2")[0]
        c.text("\u00a2", (t.x - c.u(10), box.y + c.u(8)), SMALL, MUTED, anchor="topright")
        coins = c.text(f"{ps.coins}", (t.x - c.u(12) - coin_w, box.y + c.u(2)), LARGE, ACCENT,
                       anchor="topright", role="key")
        # The name beside the colour and letter that already say who it is: supporting
        # detail, so it may shrink to the secondary size; where even that is too narrow and
        # the panel is tall enough (portrait), on its own line below; a long name is the only
        # text that may be cut.
        room = coins.x - c.u(8) - (box.x + c.u(44))
        top = box.y + max(c.u(34), c.px(LARGE) + c.u(2))
        # Two-digit coins beside a negative track leave a short name too little room: the
        # letter gives its place to the name (the colour and the name say who it is); only
        # a long name is then cut (docs/frames.md), a short one takes the line below.
        badge = f_small.size(name)[0] <= room
        if not badge:
            room += c.u(30)
        if f_small.size(name)[0] > room and (box.h >= c.u(70) or len(name) <= 8):
            badge = True
            c.text(name, (box.x + c.u(14), top), BODY, TEXT, max_width=box.w - c.u(22),
                   role="secondary")
            top += font(c.px(BODY)).get_linesize()
        else:
            c.text(name, (box.x + c.u(44 if badge else 14), box.y + c.u(6)), BODY, TEXT,
                   max_width=max(1, room), role="secondary")
        if badge:
            c.player_badge(pid, (box.x + c.u(26), box.y + c.u(18)), r,
                           words.letter(state, pid))
        del f_key
        # The details on the lines left below; the least needed give way, never cut.
        width = box.w - c.u(22)
        step = f_small.get_linesize()
        n_lines = max(0, (box.bottom - c.u(2) - top) // step)
        details = self.panel_details(state, pid)
        while details:
            lines = c.wrap("  ".join(details), width, SMALL)
            if len(lines) <= n_lines and all(f_small.size(x)[0] <= width for x in lines):
                break
            details.pop()
        y = top
        for line in c.wrap("  ".join(details), width, SMALL) if details else []:
            c.text(line, (box.x + c.u(14), y), SMALL, MUTED)
            y += step
        c.region(box, partial(self.on_panel, pid), f"panel:{pid}", name)

    def on_panel(self, pid: str) -> None:
        """A tap on a player's panel: their tableau (Loading: that player first)."""
        self.ui.open("tableau", pid=pid)

    def panel_selected(self, pid: str) -> bool:
        return False

    @staticmethod
    def would_score(state: State, pid: str) -> int:
        return score_player(state.catalogue, state.player(pid))["total"]
