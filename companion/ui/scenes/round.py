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
from companion.engine.values import value
from companion.engine.words import Kind, Phase
from companion.ui import layout, names, rulestexts, words
from companion.ui.canvas import (
    ACCENT,
    BG,
    BODY,
    LARGE,
    MUTED,
    PANEL,
    PANEL_HI,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    Canvas,
)
from companion.ui.i18n import _, language, ngettext
from companion.ui.layouts import round as places
from companion.ui.memo import Same
from companion.ui.scene import BarSays, Scene, SceneHost

T = TypeVar("T")

#: The frame's heights at 800x480 (`companion.ui.layouts.round`; named here too, as before).
HEADER, TRACK, PANELS, PANEL_H = places.HEADER, places.TRACK, places.PANELS, places.PANEL_H
TRACK_LEAST = places.TRACK_LEAST


def _by_parts(parts: Callable[[State], tuple[object, ...]]
              ) -> Callable[[Callable[[State], T]], Callable[[State], T]]:
    """`compute`, remembering its answers for the last few `parts(state)` it was asked
    about: the parts of a state it reads. A state's `==` is identity (a new one comes with
    every action, an Undo's and a Redo's too), so the answer is kept by what it reads; a
    frame asks the same of one state several times, and the states an Undo and a Redo go
    between share their parts (compared by content: the same object at once)."""

    def remembering(compute: Callable[[State], T]) -> Callable[[State], T]:
        last: list[tuple[tuple[object, ...], T]] = []

        def remembered(state: State) -> T:
            key = parts(state)
            for seen, got in reversed(last):  # (the last asked first)
                if seen == key:
                    return got
            got = compute(state)
            last[:] = [*last[-3:], (key, got)]
            return got

        remembered.__doc__ = compute.__doc__
        return remembered

    return remembering


@_by_parts(lambda state: (state.catalogue, state.player_count))
def total_rounds(state: State) -> int:
    """Rounds in this game: the regular cards in play divided by the cards per round."""
    deck = state.catalogue.deck_for(state.player_count)
    regular = sum(1 for cid in deck if state.catalogue[cid].kind != Kind.FIRE)
    return regular // (state.player_count + 1)


@_by_parts(lambda state: (state.last_round, state.phase, state.unseen, len(state.slots),
                          state.player_count, state.catalogue))
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


@value
class Panel:
    """What a player's panel shows (`RoundScene.draw_panel`): it looks the same while this
    stays the same."""

    name: str
    coins: str
    points: str
    pt: str
    details: tuple[str, ...]
    keep: tuple[int, ...]
    letter: str
    selected: bool


@value
class Marker:
    """A player's marker moving along the score track: from where it was drawn when its
    goal changed, to the goal, since `started` (the UI's clock)."""

    start_x: float
    goal: int
    started: float


class RoundScene(Scene):
    """The frame every phase screen shares; subclasses draw their phase in `draw_phase`.

    Each frame the scene gathers what the frame must show (`frame_says`), asks the round
    layout for one plan (`places.plan`, given the last frame's plan) and paints it; the
    phase's controls go into the plan's `phase` room."""

    name = "round"
    game_screen = True
    hint_in_body = True
    #: Offer a way back to Home (the game stays saved).
    menu = True
    #: The place above the phase's controls keeps, for the round, the tallest height a
    #: message took in it (`places.plan`): the controls give way once, never back up.
    sticky_place = False

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        #: The last frame's plan (`places.plan`): the next frame's `previous`.
        self.frame_plan: places.RoundPlan | None = None
        #: What the bar left the frame to show this frame (`draw_framed`).
        self.bar_says = BarSays(hint_in_bar=True)
        #: Each player's marker moving on the track (`marker_x`).
        self.markers: dict[str, Marker] = {}
        #: What each panel says (`panel_said`) for one state, language and details kept:
        #: (state, (language, keeps), {(pid, selected): Panel}); the state is never changed
        #: in place, so it is compared by identity here (a new state's panels are found
        #: by what they read in `UI.memo`).
        self._panels_of: tuple[State, tuple[object, ...], dict[tuple[str, bool], Panel]] | None \
            = None

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def hint_in_bar(self) -> bool:
        """This frame's hint is in the bar (the bar's decision, `draw_framed`)."""
        return self.bar_says.hint_in_bar

    @property
    def spare(self) -> pygame.Rect | None:
        """Portrait, an odd number of players: the panels' grid's free cell (bottom
        right), where a phase may put a control its own rows have no room for."""
        return self.frame_plan.frame.spare if self.frame_plan is not None else None

    @property
    def squeezed(self) -> bool:
        """Portrait: even with the track gone and the panels at their least, the phase's
        controls have less than `phase_least` (it stays so for the round)."""
        return self.frame_plan is not None and self.frame_plan.squeezed

    def draw_framed(self, c: Canvas, body: pygame.Rect,
                    said: BarSays) -> tuple[pygame.Rect, pygame.Rect | None]:
        self.bar_says = said
        self.draw(c, body)
        plan = self.frame_plan
        assert plan is not None
        return plan.body, plan.legend

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state = self.state
        mark = c.mark()
        says, previous = self.frame_says(c, state), self.frame_plan
        if previous is None:
            # A new scene's first frame (an Undo's, a Redo's): planned by all the plan
            # reads, so a frame saying what an earlier one said finds its plan.
            plan = self.ui.memo.get(("round-plan", c.w, c.h, c.s, tuple(body), says),
                                    lambda: places.plan(c, body, says, None))
        else:
            plan = places.plan(c, body, says, previous)
        self.frame_plan = plan
        self.draw_header(c, state, plan.header)
        if plan.frame.track.h:
            self.draw_track(c, state, plan.frame.track)
        said = self.bar_says
        dismiss = said.dismiss or self.ui.dismiss_message
        if plan.over_header is not None:
            # (Over the header and the track: what was drawn there is no longer shown.)
            c.forget_since(mark)
            cover, over = plan.over_header
            c.rect(cover, BG, radius=0)
            self.draw_message(c, over, said.error, dismiss)
        self.draw_panels(c, state, plan.frame.panels)
        if plan.message is not None:
            self.draw_message(c, plan.message, said.error, dismiss)
        elif plan.hint:
            layout.draw_text(c, plan.hint, plan.hint_box, BODY, TEXT)
        self.draw_phase(c, state, plan.phase)

    def frame_says(self, c: Canvas, state: State) -> places.FrameSays:
        """What the frame must show this frame: the header's words, the players, what the
        phase needs (`phase_least`), the hint and its place, and what the bar left to it
        (a message, where the hint went, the legend)."""
        said = self.bar_says
        width = places.phase_width(c)
        # (Supply's panels keep their line of details in portrait too; Loading's give it
        # way there as before: its moves need the room, and no fire is revealed during it.)
        keeps = bool(self.panel_keeps()) and self.name == "supply"
        return places.FrameSays(
            self.header_said(state), len(state.players), state.round,
            self.phase_least(c, state, width), self.hint_place(c, width),
            "" if said.hint_in_bar else self.hint(), said.hint_in_bar, said.message,
            said.short, keeps, self.sticky_place and not self.entry_pending(), said.legend)

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
        hints = tuple(self.hints())
        # (Measured once per size and set of hints: a new state's scene asks again.)
        place: int = self.ui.memo.get(("hint-place", c.w, c.h, c.s, width, hints),
                                      lambda: places.hint_place(c, width, hints))
        return place

    def hints(self) -> list[str]:
        """Every hint the screen may show while the game's state stays the same (a choice
        made on it may change the hint): the hint's place is as tall as the tallest."""
        return [self.hint()]

    def phase_least(self, c: Canvas, state: State, width: int) -> int:
        """The least height the phase's controls need (0: what is left): in portrait the
        frame gives way for it, in landscape the score track."""
        return 0

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        """The phase's own controls."""

    def draw_message(self, c: Canvas, plan: places.MessagePlan, error: bool,
                     dismiss: Callable[[], object]) -> None:
        """A message too long for the bar, in place of the hint until the next action; a
        tap on it closes it (a finger tall, a finger's gap above the controls;
        `places.message_in_place`)."""
        # One image while it says the same in the same place (an Undo's message, then a
        # Redo's, come back frame after frame on new scenes): put back with one blit.
        box = plan.box
        c.layer(("message", plan.text, error, tuple(box), tuple(plan.text_box)), box,
                lambda inner, room: self._paint_message(
                    inner, room, plan=places.message_in_image(plan), error=error))
        c.region(box, dismiss, "message", plan.text)

    @staticmethod
    def _paint_message(c: Canvas, rect: pygame.Rect, *, plan: places.MessagePlan,
                       error: bool) -> None:
        """The message's box and words (`draw_message`), into its own image at `rect`."""
        layout.draw_message(c, plan.box, plan.text_box, plan.text, error)

    def help_topics(self) -> list[str]:
        """The rules at a tap: this phase first (as the header names it), then the cards
        this screen shows, then the last round when it is (asked every frame, for the
        bar's "?": remembered for the state and the cards shown)."""
        state = self.state
        shown = tuple(self.cards_shown(state))
        return list(self.kept("help_topics", (state, shown),
                              lambda: self._topics_of(state, shown)))

    def _topics_of(self, state: State, shown: tuple[str, ...]) -> tuple[str, ...]:
        """The topics for a state this scene has not shown yet, by what they are made of
        (`UI.memo`: a new state comes with every Undo and Redo): the phase, the cards
        shown (their kinds in this catalogue), the other topics, the last round or not."""
        key = ("help-topics", self.name, state.phase, shown, Same(state.catalogue),
               tuple(self.more_topics(state)), is_last_round(state))
        topics: tuple[str, ...] = self.ui.memo.get(
            key, lambda: tuple(self._help_topics(state, shown)))
        return topics

    def _help_topics(self, state: State, shown: Sequence[str]) -> list[str]:
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

    def header_said(self, state: State) -> tuple[str, str, str, str, str, str, str]:
        """The header's words: round, season, cards left, phase ("Phase: ..." too) and who
        has the metal coin ("Anna first", and the name alone; `places.header`); worked out
        once for what they say (`UI.memo`: a new state comes with every Undo and Redo)."""
        return self.kept("header_said", (state, language()),
                         lambda: self._header_words(state))

    def _header_words(self, state: State) -> tuple[str, str, str, str, str, str, str]:
        season = state.top_season() if state.phase == Phase.SUPPLY else \
            self._season_of_round(state)
        # The quick form enters Demand and Purchase as one: the engine is still in Demand
        # until the first card is settled, but the table is buying, not placing.
        quick = state.phase == Phase.DEMAND and self.name == "purchase"
        phase = Phase.PURCHASE if quick else state.phase
        key = ("header-said", language(), state.round, total_rounds(state),
               is_last_round(state), season, state.pile_size(), phase,
               words.player_name(state, state.first_player))
        said: tuple[str, str, str, str, str, str, str] = self.ui.memo.get(
            key, lambda: self._header_said(*key[2:]))
        return said

    @staticmethod
    def _header_said(number: int, rounds: int, last: bool, season: str | None, pile: int,
                     phase: str, name: str) -> tuple[str, str, str, str, str, str, str]:
        # The last round says so first, in as few words ("Round 8/8 (last round)" took the
        # French Supply's header onto two lines).
        if last:
            round_text = _("Last round {k}/{n}").format(k=number, n=rounds)
        else:
            round_text = _("Round {k}/{n}").format(k=number, n=rounds)
        cards_left = _("cards left {n}").format(n=pile)
        phase_name = names.phase(phase)
        first = _("{name} first").format(name=name)
        labelled = _("Phase: {phase}").format(phase=phase_name)
        return (round_text, names.season(season), cards_left, phase_name, labelled, first,
                name)

    def draw_header(self, c: Canvas, state: State, plan: places.HeaderPlan) -> None:
        """Round, season, cards left, phase and who has the metal coin (two lines where
        one is too narrow, as in portrait)."""
        # One image while it says the same (`Canvas.layer`): the new scenes of an Undo and
        # a Redo show the header an earlier frame showed.
        first = state.first_player
        c.layer(("header", first, tuple(plan.box), plan.line, plan.line_at,
                 None if plan.line_box is None else tuple(plan.line_box), plan.pile,
                 plan.pile_at, plan.first, plan.first_at, plan.badge_at, plan.badge_r),
                plan.box, lambda inner, room: self._paint_header(
                    inner, room, plan=places.header_in_image(plan), first=first))

    @staticmethod
    def _paint_header(c: Canvas, rect: pygame.Rect, *, plan: places.HeaderPlan,
                      first: str) -> None:
        """The header (`draw_header`) into its own image at `rect`."""
        c.rect(plan.box, PANEL, radius=0)
        if plan.line_box is None:
            c.text(plan.line, plan.line_at, BODY, TEXT, anchor="midleft")
        else:
            layout.draw_text(c, plan.line, plan.line_box, BODY, TEXT, valign="center",
                             max_lines=1)
            c.text(plan.pile, plan.pile_at, BODY, TEXT, anchor="midleft")
        c.text(plan.first, plan.first_at, BODY, TEXT, anchor="midright")
        c.player_badge(first, plan.badge_at, plan.badge_r, "M")

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
        moving = self.markers.get(pid)
        if moving is None:
            moving = Marker(float(target), target, 0.0)
        t = min(1.0, (now - moving.started) / self.MOVE_S)
        shown = places.marker_between(moving.start_x, moving.goal, t)
        if moving.goal != target:
            self.markers[pid] = Marker(shown, target, now)
            return int(shown)
        if pid not in self.markers:
            self.markers[pid] = moving
        return int(round(shown))

    def animating_until(self) -> float:
        return max((m.started + self.MOVE_S for m in self.markers.values()), default=0.0)

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

    def panel_said(self, state: State, pid: str) -> Panel:
        """What `pid`'s panel shows: the same frame after frame while the state, the
        language and the choice on the screen stay (worked out once for them), and found
        again by what it reads (`panel_key`) in a new state that says the same (an Undo's,
        a Redo's: a state's `==` is identity)."""
        said_in = (language(), self.panel_keeps())
        kept = self._panels_of
        if kept is None or kept[0] is not state or kept[1] != said_in:
            kept = self._panels_of = (state, said_in, {})
        selected = self.panel_selected(pid)
        said = kept[2].get((pid, selected))
        if said is None:
            said = kept[2][(pid, selected)] = self.ui.memo.get(
                self.panel_key(state, pid, selected, said_in),
                lambda: self._panel(state, pid, selected))
        return said

    def panel_key(self, state: State, pid: str, selected: bool,
                  said_in: tuple[object, ...]) -> tuple[object, ...]:
        """All that `pid`'s panel reads (`panel_said`, `panel_details`): the language and
        the details it keeps, whether it is chosen, the name and letter, the player's
        coins, points, cards, firemen, warehouse and market hall, and each contract's
        filling (its goods on it, out of its printed goods)."""
        ps = state.player(pid)
        fills = tuple((cid, len(filled), len(state.catalogue[cid].goods))
                      for cid, filled in (ps.contracts or {}).items())
        return ("panel-said", pid, selected, said_in, words.player_name(state, pid),
                words.letter(state, pid), ps.coins, ps.track, ps.cards, ps.firemen,
                ps.warehouse, ps.market, fills)

    def _panel(self, state: State, pid: str, selected: bool) -> Panel:
        ps = state.player(pid)
        return Panel(words.player_name(state, pid), f"{ps.coins}", formats.integer(ps.track),
                     _("pt"), tuple(self.panel_details(state, pid)), self.panel_keeps(),
                     words.letter(state, pid), selected)

    def draw_panel(self, c: Canvas, state: State, pid: str, box: pygame.Rect) -> None:
        said = self.panel_said(state, pid)
        name = said.name
        # One image per panel as it looks, put back with one blit while it looks the same
        # (the new scenes of an Undo or a Redo show the same panels, mostly); painted
        # again, with its plan, when anything on it changes.
        c.layer(("panel", pid, said), box, partial(self.paint_panel, pid=pid, said=said))
        c.region(box, partial(self.on_panel, pid), f"panel:{pid}", name)

    def paint_panel(self, c: Canvas, box: pygame.Rect, *, pid: str, said: Panel) -> None:
        """A player's panel in `box` (`places.panel`)."""
        name, coins, points, pt, details, keep = (said.name, said.coins, said.points,
                                                  said.pt, said.details, said.keep)
        selected = said.selected
        plan = self.ui.memo.get(
            ("panel", c.s, tuple(box), name, coins, points, pt, details, keep),
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
        c.player_badge(pid, plan.badge_at, plan.badge_r, said.letter)
        for line, at in plan.details:
            c.text(line, at, SMALL, MUTED)

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
