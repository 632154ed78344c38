"""Loading: per player, the cubes on the dock, in the warehouse and the market hall, and
where each may go. Only legal choices are offered (the engine lists them).

View, plan, paint (issue 36): `views.loading.view` says what the frame shows and which
moves are legal; `layouts.loading.plan`, called once a frame, makes every layout decision
(pages, rows, which choice sits where, the chosen move shown large), keeping the places
the last frame's plan showed; this module paints the plan and maps taps and the table's
buttons to intents."""

from __future__ import annotations

from functools import partial

import pygame

from companion.engine import Action, Convert, MarketSell, Move, State
from companion.engine.legal import (
    has_dock_work,
    loading_actions,  # worked out once per state by the engine
    next_loader,
)
from companion.engine.values import replace
from companion.engine.words import GOODS, Kind
from companion.ui import layout, names, rulestexts, words
from companion.ui.canvas import (
    BODY,
    GOOD_COLOURS,
    LARGE,
    MUTED,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    Canvas,
)
from companion.ui.i18n import _, language
from companion.ui.layouts import loading as places
from companion.ui.scene import Action0, Primary, SceneHost
from companion.ui.scenes.round import RoundScene
from companion.ui.views import loading as view
from companion.ui.views.loading import cubes_of, move_label, sale_label

Cube = tuple[str, str]


class LoadingScene(RoundScene):
    """Where each cube goes, player after player; a player's done hands over to the next
    who holds ship cubes, and Loading ends when nobody else does (or when the table
    chooses, explicitly, to end it for everyone)."""

    name = "loading"
    keeps_redo_room = True

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.player: str | None = None
        self.selected: list[int] = []
        #: The conversions' sets of three cubes shown for a choice (`show_sets`).
        self.sets: tuple[tuple[Cube, ...], ...] = ()
        #: The page of choices asked for where they do not all fit at once (the plan
        #: shows the nearest there is: `LoadingPlan.page`).
        self.page = 0
        #: Per player this Loading: the place of the choice last tapped, which no other
        #: choice takes (a hurried second tap there finds it empty: docs/touch.md).
        self.tapped: dict[tuple[int, str], int] = {}
        #: How often the page was turned and a player shown anew: the places the plan
        #: kept are then no longer under the finger (`layouts.loading.plan`).
        self.turns = 0
        self.anew = 0
        #: The state last shown: after a move, the next player comes by itself.
        self.shown: State | None = None
        #: The explicit end of Loading for everyone is being asked (`ask_end`): who still
        #: holds cubes and what goes to the stock, in place of the moves.
        self.asking_end = False
        #: The step chosen on the table's buttons (issue 31): an index into
        #: `button_steps` of the player shown, or None; OK records it.
        self.pressed: int | None = None
        #: The last frame's plan (`layouts.loading.plan`): the next one keeps its places.
        self.plan: places.LoadingPlan | None = None
        #: The plan whose targets' actions `taps` worked out, and those actions by key.
        self.taps_of: tuple[places.LoadingPlan, dict[str, Action0]] | None = None
        #: The view last built and what it was built from (`loading_view`); whether others
        #: than a player hold ship cubes, and for which state, player and dones.
        self.view_of: tuple[tuple[object, ...], view.LoadingView] | None = None
        self.others_of: tuple[tuple[object, ...], bool] | None = None

    def on_enter(self) -> None:
        state = self.state
        last, self.shown = self.shown, state
        shown_before = self.player
        finished = self.game.loading_finished(state)
        if self.player not in state.players:
            # The first player (the metal coin's holder) loads first, then clockwise; a
            # player with no ship's cube that can go anywhere is skipped (legal.py), and so
            # is one who said their Loading is done.
            self.player = self.next_shown(state, None, finished)
        elif state is last and self.player in finished:
            # The player shown said their Loading is done: the next who holds ship cubes.
            was = self.player
            self.player = self.next_shown(state, was, finished)
            if self.player != was:
                self.compact(self.player)
        elif last is not None and state is not last:
            # After a move: that player's cubes; when none of their ship's cubes can go
            # anywhere any more, the next player's by themselves. After an Undo: the
            # player whose move it took back.
            forward = state.previous is last
            action = state.last_action if forward else (state.redo[-1] if state.redo else None)
            pid = getattr(action, "player", None)
            if isinstance(action, Move | MarketSell | Convert) and pid in state.players:
                was, self.player = self.player, pid
                if forward and not has_dock_work(state, pid):
                    self.player = self.next_shown(state, pid, finished)
                if self.player != was or not forward:
                    # An Undo shows the player anew even when it was theirs on screen
                    # (docs/touch.md): the move taken back comes back onto its place,
                    # which the tap had kept empty, and no place stays empty.
                    self.compact(self.player)
                    shown_before = None
        self.selected = []
        self.sets = ()
        self.asking_end = False
        self.pressed = None
        if last is None or self.player != shown_before:
            self.page = 0  # a player shown anew: from their first page
        # Else the page stays, and the choices kept on other pages come onto its places
        # left empty by the move (`views.loading.placed`): no turn back to find them.

    @staticmethod
    def next_shown(state: State, after: str | None, finished: frozenset[str]) -> str:
        """Who Loading shows next, after `after` (None: as Loading begins): the next player
        in turn who holds a ship's cube with somewhere to go and has not said they are done
        (`legal.next_loader`); when nobody does, `after` while they have a move left, else
        the next player in turn who has one: never a player with cubes and no button
        while another could act (docs/touch.md). Nobody: `after` (or the first player)."""
        following = next_loader(state, after, finished)
        if following is not None:
            return following
        seats = [state.seat_after(state.first_player, k) for k in range(len(state.players))]
        if after in seats:
            k = seats.index(after)
            seats = seats[k:] + seats[:k]  # `after` first, then the next in turn
        return next((p for p in seats if p not in finished and loading_actions(state, p)),
                    after or state.first_player)

    def screen_key(self) -> object:
        """The player shown (a hand-over puts another player's moves under the finger) and
        whether the conversions' sets are shown in place of the moves."""
        return (self.player, bool(self.sets), self.asking_end)

    def more_topics(self, state: State) -> list[str]:
        """What Loading may do with a cube: the market hall, ships, contracts, the
        warehouse and the merchants the players own."""
        merchants = sorted({state.catalogue[cid].good or "" for p in state.players
                            for cid in state.player(p).cards
                            if state.catalogue[cid].kind == Kind.MERCHANT})
        return ["topic:market_hall", "kind:ship", "kind:contract", "kind:warehouse",
                *rulestexts.card_topics((Kind.MERCHANT, good) for good in merchants)]

    def panel_selected(self, pid: str) -> bool:
        return pid == self.player

    # --- the view ------------------------------------------------------------------------
    def loading_view(self, state: State) -> view.LoadingView:
        """What the frame shows (`views.loading.view`), worked out again only where the
        state, the table's choices on the screen or the language changed."""
        pid = self.player or state.players[0]
        pick = view.Pick(pid, tuple(self.selected), self.sets, self.asking_end, self.pressed,
                         self.page, self.tapped.get((state.round, pid)), self.turns,
                         self.anew)
        finished = self.game.loading_finished(state)
        # Others still hold ship cubes: the last choice ends Loading for everyone (asked).
        asked: tuple[object, ...] = (state, pid, finished)
        if self.others_of is None or self.others_of[0] != asked:
            self.others_of = (asked, bool(self.game.loading_holders(state, but=pid)))
        end_all = self.others_of[1]
        key: tuple[object, ...] = (state, pick, finished, end_all, language())
        if self.view_of is None or self.view_of[0] != key:
            built = view.view(state, pick, finished, end_all, self.ui.memo)
            # The labels a move may have depend on the player's cubes and cards alone: the
            # new scene of an Undo or a Redo finds them in the UI's memo.
            remembered = self.ui.memo.get(view.possible_key(state, pid),
                                          lambda: (state.catalogue, built.possible))
            self.view_of = (key, replace(built, possible=remembered[1]))
        return self.view_of[1]

    # --- the table's buttons (issue 31) ------------------------------------------------
    def button_moves(self, state: State, pid: str) -> list[Action | None]:
        """What a player's button steps through: their legal moves, sales and conversions
        (`engine.legal.loading_actions`, in its order), then their "done" (None)."""
        return [*loading_actions(state, pid), None]

    def button_steps(self, state: State, pid: str) -> list[view.Step]:
        """`button_moves`, then, where others still hold ship cubes, the end of Loading for
        everyone (`view.END_FOR_ALL`; as the touch path's last choice: issue 31)."""
        return list(view.steps(state, pid, bool(self.game.loading_holders(state, but=pid))))

    def move_words(self, state: State, pid: str, action: view.Step) -> str:
        """A move as the chosen one reads (the one-tap choices' words)."""
        return view.step_words(state, pid, action)

    def legend(self) -> dict[str, str]:
        """A player's button chooses that player, then steps through their moves."""
        state = self.state
        out = {}
        for pid in state.players:
            if pid == self.player:
                out[pid] = _("next move") if self.pressed is not None else _("a move")
            elif loading_actions(state, pid) or has_dock_work(state, pid):
                out[pid] = _("choose")
        got = None if self.asking_end else self.chosen()
        if got is not None and got[1] is view.END_FOR_ALL:
            out["ok"] = _("End Loading for everyone")
        return out

    def on_player(self, colour: str) -> None:
        """The player's button: that player's cubes and choices; pressed again, each press
        the next of their moves (shown large), their "done", the end for everyone (where
        others hold ship cubes), then the first again."""
        state = self.state
        if colour not in state.players:
            return
        if colour != self.player:
            self.choose(colour)
            return
        count = len(self.button_steps(state, colour))
        self.pressed = 0 if self.pressed is None else (self.pressed + 1) % count
        self.selected = []
        self.sets = ()
        self.ui.dirty = True

    def chosen(self) -> tuple[str, view.Step] | None:
        """(player, move) chosen on the buttons, or None."""
        if self.pressed is None or self.player is None:
            return None
        steps = self.button_steps(self.state, self.player)
        if self.pressed >= len(steps):
            self.pressed = None
            return None
        return self.player, steps[self.pressed]

    def on_ok(self) -> bool:
        """OK records the move chosen on the buttons, the one shown large. With none
        chosen, OK first shows the player's "done" large (OK again records it): OK never
        records a done the screen did not show as the chosen move (a newcomer's first
        press only chose the player, and OK ended their Loading: issue 31). While the end
        for everyone is asked, the bar's answer (keep loading)."""
        if self.asking_end:
            return False
        got = self.chosen()
        if got is None:
            pid = self.player
            if pid is None:
                return False
            self.pressed = self.button_steps(self.state, pid).index(None)
            self.selected = []
            self.sets = ()
            self.ui.dirty = True
            return True
        pid, step = got
        self.pressed = None
        if step is view.END_FOR_ALL:
            self.end_for_all()
        elif step is None:
            self.player_done(pid)
        else:
            assert not isinstance(step, view.EndForAll)
            self.do(step)
        return True

    def on_panel(self, pid: str) -> None:
        """Touch alone must reach every player's cubes: a tap on a panel loads for that
        player; a tap on the panel already chosen opens their tableau."""
        if pid == self.player:
            super().on_panel(pid)
        else:
            self.choose(pid)

    def compact(self, pid: str | None) -> None:
        """A player shown anew: their choices gone this Loading give up their places (the
        places stay only while the same player's choices are on the screen), in order
        from the first place: no place left empty on the first page while another page
        holds a choice (docs/touch.md)."""
        self.tapped.pop((self.state.round, pid or ""), None)
        self.anew += 1

    def choose(self, pid: str) -> None:
        if pid != self.player:
            self.compact(pid)
        self.player = pid
        self.selected = []
        self.sets = ()
        self.asking_end = False
        self.page = 0
        self.pressed = None
        self.ui.dirty = True

    def toggle(self, index: int) -> None:
        self.pressed = None
        self.sets = ()
        self.asking_end = False
        if index in self.selected:
            self.selected.remove(index)
        elif len(self.selected) < 3:
            self.selected.append(index)
        self.page = 0  # other cubes, other choices: from their first page
        self.ui.dirty = True

    def entry_pending(self) -> bool:
        return bool(self.selected or self.sets or self.asking_end
                    or self.pressed is not None) or self.game.done_pending() is not None

    def undo_entry(self) -> str | None:
        got = self.chosen()
        if got is not None:
            self.pressed = None
            self.ui.dirty = True
            return self.move_words(self.state, *got)
        if self.asking_end:
            self.asking_end = False
            self.ui.dirty = True
            return _("the question whether Loading ends for everyone")
        if not self.selected and not self.sets:
            # A player's done, the last thing done: that player is shown again.
            pid = self.game.take_back_done()
            if pid is not None:
                self.choose(pid)
                return _("{player}: done").format(player=words.player_name(self.state, pid))
        if self.sets and not self.selected:
            self.sets = ()
            self.ui.dirty = True
            return _("Convert 3 cubes\u2026")
        if not self.selected:
            return None
        cubes = cubes_of(self.state, self.player or self.state.first_player)
        index = self.selected.pop()
        self.ui.dirty = True
        return names.good(cubes[index][0]) if index < len(cubes) else ""

    def hint(self) -> str:
        """None: the choices say what they do, and why a chosen cube cannot go somewhere is
        said beside its choices. So the bar never changes its mind about where a hint goes
        (a Redo button narrows it): nothing above the choices moves them under the finger."""
        return ""

    def hints(self) -> list[str]:
        return [""]

    def hint_place(self, c: Canvas, width: int) -> int:
        """Where the bar has no room for words (portrait): a place for a message of three
        lines (an Undo's, in German), so that one never moves the choices down."""
        if self.hint_in_bar:
            return 0
        return max(super().hint_place(c, width), places.hint_room(c))

    def primary(self) -> Primary:
        """The player shown is done (`player_done`): the next player who holds ship cubes
        is shown, or Loading ends where nobody else holds one. While the end for everyone
        is asked: keep loading, the safe answer."""
        if self.asking_end:
            return (_("Keep loading"), self.keep_loading)
        if self.chosen() is not None:  # a move chosen on the buttons: OK records it
            return (_("Record the move"), self.on_ok)
        return (_("Loading done"), self.player_done)

    def primaries(self) -> list[Primary]:
        """The bar's button is as wide as any of its labels, so it keeps its place when a
        button chooses a move or the end for everyone is asked."""
        return [(_("Loading done"), self.player_done), (_("Keep loading"), self.keep_loading),
                (_("Record the move"), self.on_ok)]

    def player_done(self, pid: str | None = None) -> None:
        """A player (None: the one shown) says their Loading is done
        (`GameController.loading_done`), by the bar's button or their own button: the next
        player holding ship cubes is shown, or Loading ends when nobody else holds one."""
        pid = pid or self.player or self.state.first_player
        self.selected = []
        self.sets = ()
        self.asking_end = False
        self.game.loading_done(pid)
        self.ui.dirty = True

    def ask_end(self) -> None:
        """The explicit end of Loading for everyone: first the question, naming who still
        holds cubes and what goes to the stock."""
        self.selected = []
        self.sets = ()
        self.asking_end = True
        self.ui.dirty = True

    def keep_loading(self) -> None:
        self.asking_end = False
        self.ui.dirty = True

    def end_for_all(self) -> None:
        """The table chose to end Loading for everyone: the record's `done`."""
        self.asking_end = False
        self.game.end_loading()
        self.ui.dirty = True

    def do(self, *actions: Action) -> None:
        for action in actions:
            if not self.game.act(action):
                break
        self.selected = []
        self.ui.dirty = True

    def do_group(self, pid: str, moves: list[Move], label: str) -> None:
        """A shortcut: one tap, several moves, and one Undo for all of them."""
        name = words.player_name(self.state, pid)
        self.game.act_group(moves, f"{name}: {label}")
        self.selected = []
        self.ui.dirty = True

    def shortcuts(self, state: State, pid: str) -> list[tuple[str, list[Move]]]:
        """Common whole-dock moves: fill contracts, sell to merchants (`views.loading`)."""
        return view.shortcuts(state, pid)

    def leave(self) -> None:
        """The chosen cubes stay where they are (nothing takes them)."""
        self.selected = []
        self.ui.dirty = True

    def turn(self, step: int) -> None:
        """The next or the previous page of choices (shown as they are: nothing comes
        onto the page left)."""
        self.page = max(0, self.page + step)
        self.turns += 1
        self.tapped.clear()  # the finger has moved on: the page is shown as it is
        self.ui.dirty = True

    def show_sets(self, sets: tuple[tuple[Cube, ...], ...]) -> None:
        """The conversions' sets of three cubes in place of the choices (a tap on one
        chooses its cubes, then the good)."""
        self.sets = sets
        self.page = 0
        self.ui.dirty = True

    def tap_of(self, pid: str, choice: view.Choice, place: int | None = None) -> Action0:
        """What a tap on a choice does: its move or sale; its moves (one Undo); or, for the
        choice that gathers the conversions, show their rows; the end for everyone asks
        first. `place`: where it is (no other choice comes onto it after the tap)."""
        if place is not None:
            act = self.tap_of(pid, choice)

            def tapped() -> None:
                self.tapped[(self.state.round, pid)] = place
                act()

            return tapped
        if choice.key == view.END_ALL:
            return self.ask_end
        if choice.sets:
            return partial(self.show_sets, choice.sets)
        if len(choice.actions) > 1:
            moves = [a for a in choice.actions if isinstance(a, Move)]
            return partial(self.do_group, pid, moves, choice.label)
        return partial(self.do, *choice.actions)

    # --- the frame: one plan, painted --------------------------------------------------
    def phase_least(self, c: Canvas, state: State, width: int) -> int:
        """The player's cubes (their name before them), then two finger rows of choices
        (`layouts.loading.least`: no plan)."""
        return places.least(c, self.loading_view(state), width, self.plan, self.ui.memo)

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        v = self.loading_view(state)
        plan = self.plan = places.plan(c, v, area, self.plan, self.ui.memo)
        self.page = plan.page  # the page shown (the nearest there is to the one asked)
        self.taps_of = None
        # The body as one image, kept by what it shows (`layouts.loading.body_key`): the
        # new scene of a Redo that shows what a frame before showed puts it back with one
        # blit, its targets doing what this scene does (`act`).
        assert plan.whole is not None
        c.layer(places.body_key(c, v, plan, self.selected), plan.whole,
                partial(self.paint_body, v=v), self.act, here=True)
        # The taps' table is the frame's (its hits hold the actions): kept, it would be
        # a cycle through this scene, which then outlives its screen until the garbage
        # collector runs (a pause in some later frame).
        self.taps_of = None

    def taps(self) -> dict[str, Action0]:
        """What a tap on each of the body's targets does on this frame's plan, by the
        target's key (a greyed target has none): what `paint_body` binds and `act` gives
        the body put back."""
        plan = self.plan
        assert plan is not None
        if self.taps_of is not None and self.taps_of[0] is plan:
            return self.taps_of[1]
        out: dict[str, Action0] = {f"cube:{index}": partial(self.toggle, index)
                                   for index, _box in plan.cubes.cubes}
        body = plan.body
        if isinstance(body, places.EndAsked):
            out["loading:end-all"] = self.end_for_all
        elif isinstance(body, places.Chosen):
            out["pressed"] = self.on_ok
        elif isinstance(body, places.Offers):
            if body.stays_row is not None:
                out["leave"] = self.leave
            else:
                self.arrow_taps(out, body.grid)
                for offer, _box in body.cells:
                    assert isinstance(offer, view.Offer)
                    out[offer.key] = partial(self.do, offer.action)
        else:
            self.arrow_taps(out, body.grid)
            for line in body.lines:
                goods = "+".join(good for good, _store in line.give)
                for conv in line.takes:
                    if isinstance(conv, Convert):
                        out[f"convert:{goods}:{conv.take}"] = partial(self.do, conv)
            if isinstance(body, places.Moves):
                for choice, place, _box in body.cells:
                    assert isinstance(choice, view.Choice)
                    out[choice.key] = self.tap_of(plan.pid, choice, place)
        self.taps_of = (plan, out)
        return out

    def arrow_taps(self, out: dict[str, Action0], grid: places.Grid | None) -> None:
        """The pages' "‹ ›" (`paint_arrows`): each turns to its page, where there is one."""
        if grid is None or grid.prev is None or grid.next is None:
            return
        if grid.back is not None:
            out["page:prev"] = partial(self.turn, grid.back)
        if grid.ahead is not None:
            out["page:next"] = partial(self.turn, grid.ahead)

    def act(self, key: str) -> Action0 | None:
        """What a tap on the body's target `key` does on this frame (`taps`)."""
        return self.taps().get(key)

    def paint_body(self, c: Canvas, whole: pygame.Rect, *, v: view.LoadingView) -> None:
        """The player's cubes and what takes the choices' place, as this frame's plan
        (`self.plan`) placed them; each target's action from `taps`."""
        plan = self.plan
        assert plan is not None
        taps = self.taps()
        pid = plan.pid
        cubes = plan.cubes
        # The player's badge and name, then their cubes on the same row: the cubes on the
        # ships, then the warehouse's and the market hall's, each group after its name.
        # The moves' place in the player's colour: a stripe down its left, from their badge,
        # in the gap beside it (nothing moves for it): a hand-over to another player is
        # seen where the finger is, with the name and badge above it (docs/touch.md).
        if plan.stripe is not None:
            c.rect(plan.stripe, PLAYER_COLOURS.get(pid, MUTED), 2)
        c.player_badge(pid, cubes.badge, cubes.radius, v.letter)
        if cubes.name is not None:
            c.text(v.name, cubes.name, BODY, PLAYER_COLOURS.get(pid, TEXT), anchor="midleft",
                   max_width=cubes.name_width, smallest=BODY)
        if not v.cubes:
            layout.draw_text(c, _("No cubes to load."), cubes.empty, BODY, MUTED,
                             valign="center")
        for heading, at in cubes.headings:
            c.text(heading, at, SMALL, MUTED, anchor="midleft", role="secondary")
        for index, box in cubes.cubes:
            good = v.cubes[index][0]
            c.button(box, names.good_initial(good), taps.get(f"cube:{index}"),
                     key=f"cube:{index}", colour=GOOD_COLOURS[good], size=BODY,
                     selected=index in self.selected)
        body = plan.body
        if isinstance(body, places.EndAsked):
            c.button(body.row, _("End Loading for everyone"), taps.get("loading:end-all"),
                     key="loading:end-all")
            layout.draw_text(c, body.said, body.why, SMALL, TEXT)
        elif isinstance(body, places.Chosen):
            # The move chosen on the buttons, large, in place of the choices (a tap on it
            # records it too), and what OK and the player's button do.
            c.button(body.row, body.label, taps.get("pressed"), key="pressed", size=LARGE,
                     selected=True)
            if body.said is not None:
                layout.draw_text(c, body.said, body.below, SMALL, TEXT)
        elif isinstance(body, places.Offers):
            self.paint_offers(c, body, taps)
        elif isinstance(body, places.Sets):
            self.paint_arrows(c, body.grid, taps)
            for line in body.lines:
                self.paint_set(c, line, taps)
        else:
            for line in body.lines:
                self.paint_set(c, line, taps)
            self.paint_arrows(c, body.grid, taps)
            for choice, _place, box in body.cells:
                assert isinstance(choice, view.Choice)
                c.button(box, choice.label, taps.get(choice.key), key=choice.key,
                         size=SMALL)

    def paint_offers(self, c: Canvas, body: places.Offers, taps: dict[str, Action0]) -> None:
        """The chosen cubes' choices and the question; or, where nothing takes them, where
        they stay (a button that leaves them there) and why."""
        if body.stays_row is not None:
            c.button(body.stays_row, body.stays, taps.get("leave"), key="leave")
            if body.why:
                layout.draw_text(c, body.why, body.below, SMALL, MUTED)
            return
        if body.grid is not None:
            self.paint_arrows(c, body.grid, taps)
        for offer, box in body.cells:
            assert isinstance(offer, view.Offer)
            c.button(box, offer.label, taps.get(offer.key), key=offer.key, size=SMALL)
        if body.said is not None:
            layout.draw_text(c, body.said, body.below, SMALL, TEXT)

    def paint_set(self, c: Canvas, line: places.SetLine, taps: dict[str, Action0]) -> None:
        """A conversion's row: its set in words, then a button per good (its initial and
        colour), which converts the set into it; a good the stock lacks is greyed."""
        layout.draw_text(c, line.heading, line.row.heading, line.size, TEXT, valign="center")
        goods = "+".join(good for good, _store in line.give)
        for good, box in zip(GOODS, line.row.goods, strict=True):
            key = f"convert:{goods}:{good}"
            c.button(box, names.good_initial(good), taps.get(key), key=key,
                     colour=GOOD_COLOURS[good], size=BODY,
                     name=view.conversion_target(line.give, good))

    def paint_arrows(self, c: Canvas, plan: places.Grid, taps: dict[str, Action0]) -> None:
        """The pages' "‹ ›" where the layout placed them."""
        if plan.prev is None or plan.next is None:
            return
        c.button(plan.prev, "\u2039", taps.get("page:prev"), key="page:prev", size=LARGE)
        c.button(plan.next, "\u203a", taps.get("page:next"), key="page:next", size=LARGE)


#: `move_label` and `sale_label` are the view model's (`views.loading`), named here too for
#: the callers that know them from this module (the touch driver).
__all__ = ["LoadingScene", "cubes_of", "loading_actions", "move_label", "sale_label"]
