"""The round screen: round, season, pile, phase and metal coin; the score track; a panel
per player. The Supply, Purchase and Loading screens are this screen with their phase's
controls on the right."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
)
from companion.ui.i18n import _, ngettext
from companion.ui.layouts import round as places
from companion.ui.scene import Scene

T = TypeVar("T")

#: The frame's heights at 800x480 (`companion.ui.layouts.round`; named here too, as before).
HEADER, TRACK, PANELS, PANEL_H = places.HEADER, places.TRACK, places.PANELS, places.PANEL_H
TRACK_LEAST = places.TRACK_LEAST


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
        header_h = self.draw_header(c, state, places.header_bar(c))
        n = len(state.players)
        # Each panel is a finger tall at least: where five of them and the full score track
        # do not fit (a two-line header), the track gives up its numbers, then its place
        # (the panels say every player's points too).
        track_h = places.track_height(c, body, header_h, n)
        if places.landscape(c) and track_h and self.track_gives_way(
                c, state, places.below_track(body, header_h, track_h)):
            track_h = 0
        panel_h = places.panel_height(c)
        self.squeezed = False
        if places.portrait(c):
            track_h, panel_h = self.portrait_heights(c, state, body, header_h)
        plan = places.frame(c, body, header_h, track_h, panel_h, n)
        if track_h:
            self.draw_track(c, state, plan.track)
        message = self.body_message
        width = self.phase_width(c)
        if message is not None and (self.hint_in_bar or self.above_phase(c, width) >
                                    self.hint_place(c, width)) and \
                self.message_over_header(c, message[0], plan.track.bottom):
            # A message too long for the bar where the hint has no place above the
            # controls, or taller than that place (a fire's result, five players' income):
            # over the header and the track until the next action, so that the controls
            # below never move down under the finger (docs/touch.md).
            c.forget_since(mark)
            cover, over = places.over_header(c, plan.track, message[0])
            c.rect(cover, BG, radius=0)
            self.draw_message(c, over, message[1], message[2])
            self.body_message = None
        self.spare = plan.spare
        self.draw_panels(c, state, plan.panels)
        # The instruction above the phase's controls (it stays while a message shows).
        area = plan.area
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
        used = 0
        if self.body_message is not None:
            text, error, dismiss = self.body_message
            in_place = places.message_in_place(c, area, text, least)
            self.draw_message(c, in_place, error, dismiss)
            used = in_place.used
        elif hint:
            layout.draw_text(c, hint, places.hint_box(area), BODY, TEXT)
            used = places.hint_used(c, area, hint)
        least = max(least, used)
        if sticky:
            self._place = (key, least)
        self.draw_phase(c, state, places.below_hint(area, least))

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
                not self.message_over_header(c, message[0], places.header_and_track(c)):
            self.body_message = (short, message[1], message[2])

    @staticmethod
    def message_over_header(c: Canvas, text: str, height: int) -> bool:
        """Whether a message fits in the header's and track's `height` (a finger tall)."""
        return places.fits_over_header(c, text, height)

    @staticmethod
    def phase_width(c: Canvas) -> int:
        """The width of the phase's part (beside the panels, or under them in portrait)."""
        return places.phase_width(c)

    def hint_place(self, c: Canvas, width: int) -> int:
        """The height above the phase's controls for the hint where it is drawn here: as
        tall as a message of two lines that takes it (or the hint, if taller), so the
        controls below stay where the finger expects them when a message comes or goes
        (docs/touch.md)."""
        if self.hint_in_bar:
            return 0
        return places.hint_place(c, width, self.hints())

    def hints(self) -> list[str]:
        """Every hint the screen may show while the game's state stays the same (a choice
        made on it may change the hint): the hint's place is as tall as the tallest."""
        return [self.hint()]

    def above_phase(self, c: Canvas, width: int) -> int:
        """What the hint or a message in its place takes above the phase's controls."""
        message = self.body_message
        return places.above_phase(c, width, self.hint_place(c, width),
                                  None if message is None else message[0])

    def portrait_heights(self, c: Canvas, state: State, body: pygame.Rect,
                         header_h: int) -> tuple[int, int]:
        """Portrait: the score track's height and a row of panels'. Where the phase's
        controls need more than is left (five players' three rows of panels, a two-line
        header, the "?" above the bar), the track gives up its numbers, then the panels
        the line that puts a long name under the numbers (a finger tall still, the name
        beside), then the track its place (the panels say every player's points).

        While the round lasts the arrangement only gives way further, never back: a tap
        that shortens the bar (a buyer chosen) moves nothing under the finger."""
        # (Supply's panels keep their line of details in portrait too; Loading's give it
        # way there as before: its moves need the room, and no fire is revealed during it.)
        keeps = bool(self.panel_keeps()) and self.name == "supply"
        steps = places.portrait_steps(c, keeps)
        width = places.phase_width(c)
        need = self.phase_least(c, state, width)
        if not need:
            return steps[0]
        # The last level: even the last step leaves too little (the phase gives way too).
        level = places.portrait_level(c, body, header_h, len(state.players),
                                      need + self.above_phase(c, width), keeps)
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
        width = places.phase_width(c)
        need = self.phase_least(c, state, width)
        gone = bool(need) and places.needs_more(need, self.hint_place(c, width), left)
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

    def draw_message(self, c: Canvas, plan: places.MessagePlan, error: bool,
                     dismiss: Callable[[], None]) -> None:
        """A message too long for the bar, in place of the hint until the next action; a
        tap on it closes it (a finger tall, a finger's gap above the controls;
        `places.message_in_place`)."""
        c.rect(plan.box, WARN_BG if error else INFO_BG)
        layout.draw_text(c, plan.text, plan.text_box, BODY, TEXT, role="body",
                         valign="center")
        c.region(plan.box, dismiss, "message", plan.text)

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
        name = words.player_name(state, state.first_player)
        first = _("{name} first").format(name=name)
        labelled = _("Phase: {phase}").format(phase=phase)
        said = (round_text, season, cards_left, phase, labelled, first, name)
        plan = self.kept("header", (c.w, c.h, rect, said), lambda: places.header(c, rect, *said))
        c.rect(plan.box, PANEL, radius=0)
        if plan.line_box is None:
            c.text(plan.line, plan.line_at, BODY, TEXT, anchor="midleft")
        else:
            layout.draw_text(c, plan.line, plan.line_box, BODY, TEXT, valign="center",
                             max_lines=1)
            c.text(plan.pile, plan.pile_at, BODY, TEXT, anchor="midleft")
        c.text(plan.first, plan.first_at, BODY, TEXT, anchor="midright")
        c.player_badge(state.first_player, plan.badge_at, plan.badge_r, "M")
        return plan.box.h

    @staticmethod
    def _season_of_round(state: State) -> str | None:
        if state.slots:
            return state.catalogue[state.slots[0].card].season
        return state.top_season()

    def draw_track(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        plan = places.track(c, rect, [state.player(p).track for p in state.players])
        # The line, its ticks and numbers change only with the range: one image, kept.
        c.layer(("track", plan.low, plan.high), rect,
                partial(self._draw_track_line, low=plan.low, high=plan.high))
        for pid, target in zip(state.players, plan.xs, strict=True):
            x = self.marker_x(pid, target)
            c.player_badge(pid, (x, plan.y), plan.r, words.letter(state, pid))

    @staticmethod
    def _draw_track_line(c: Canvas, rect: pygame.Rect, *, low: int, high: int) -> None:
        """The score track without its markers: a line, a tick per space, every 5th
        numbered (where the track has its full height)."""
        plan = places.track_line(c, rect, low, high)
        pygame.draw.line(c.surface, MUTED, plan.start, plan.end, plan.width)
        for tick in plan.ticks:
            pygame.draw.line(c.surface, MUTED, tick.top, tick.bottom, 1)
            if tick.number_at is not None:
                c.text(formats.integer(tick.space), tick.number_at, SMALL, MUTED,
                       anchor="midbottom")

    #: How long a marker takes to move along the track (seconds).
    MOVE_S = 0.5

    def marker_x(self, pid: str, target: int) -> int:
        """Where to draw a marker now: moving smoothly to `target` after a change."""
        now = self.ui.clock()
        moves: dict[str, tuple[float, int, float]] = self.__dict__.setdefault("_moves", {})
        start_x, goal, started = moves.get(pid, (float(target), target, 0.0))
        t = min(1.0, (now - started) / self.MOVE_S)
        shown = places.marker_between(start_x, goal, t)
        if goal != target:
            moves[pid] = (shown, target, now)
            return int(shown)
        if pid not in moves:
            moves[pid] = (float(target), target, 0.0)
        return int(round(shown))

    def animating_until(self) -> float:
        moves = self.__dict__.get("_moves", {})
        return max((started + self.MOVE_S for _x, _g, started in moves.values()), default=0.0)

    def draw_panels(self, c: Canvas, state: State, boxes: Sequence[pygame.Rect]) -> None:
        """Each player's panel in its box (seat order; `places.frame`)."""
        for pid, box in zip(state.players, boxes, strict=True):
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
        name = words.player_name(state, pid)
        details = tuple(self.panel_details(state, pid))
        coins, points, pt = f"{ps.coins}", formats.integer(ps.track), _("pt")
        keep = self.panel_keeps()
        plan = self.kept(f"panel:{pid}", (c.w, c.h, box, name, coins, points, pt, details,
                                          keep),
                         lambda: places.panel(c, box, name, coins, points, pt, details, keep))
        c.rect(box, PANEL_HI if selected else PANEL)
        c.rect(plan.stripe, PLAYER_COLOURS.get(pid, MUTED), 3)
        if selected:
            c.rect(box, ACCENT, width=plan.outline)
        c.text(pt, plan.pt_at, SMALL, MUTED, anchor="topright")
        c.text(points, plan.points_at, LARGE, TEXT, anchor="topright", role="key")
        c.text("\u00a2", plan.cent_at, SMALL, MUTED, anchor="topright")
        c.text(coins, plan.coins_at, LARGE, ACCENT, anchor="topright", role="key")
        c.text(name, plan.name_at, BODY, TEXT, max_width=plan.name_width, role="secondary")
        c.player_badge(pid, plan.badge_at, plan.badge_r, words.letter(state, pid))
        for line, at in plan.details:
            c.text(line, at, SMALL, MUTED)
        c.region(box, partial(self.on_panel, pid), f"panel:{pid}", name)

    #: The details a panel keeps whatever else gives way (`panel_details`' indices): the
    #: firemen total on the screens where a fire can be revealed next (Supply, and
    #: Loading, which the next Supply or the 4th fire follows; issue 30).
    FIREMEN_DETAIL = 1

    def panel_keeps(self) -> tuple[int, ...]:
        return (self.FIREMEN_DETAIL,) if self.name in ("supply", "loading") else ()

    def on_panel(self, pid: str) -> None:
        """A tap on a player's panel: their tableau (Loading: that player first)."""
        self.ui.open("tableau", pid=pid)

    def panel_selected(self, pid: str) -> bool:
        return False

    @staticmethod
    def would_score(state: State, pid: str) -> int:
        return score_player(state.catalogue, state.player(pid))["total"]
