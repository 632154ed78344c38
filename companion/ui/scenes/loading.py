"""Loading: per player, the cubes on the dock, in the warehouse and the market hall, and
where each may go. Only legal choices are offered (the engine lists them). Every position
is `companion.ui.layouts.loading`'s; this module paints what it placed."""

from __future__ import annotations

from functools import partial

import pygame

from companion.engine import Action, Convert, MarketSell, Move, State
from companion.engine.legal import (
    conversions,
    has_dock_work,
    loading_actions,  # worked out once per state by the engine
    market_sale,
    next_loader,
    refusal,
)
from companion.engine.rules import WAREHOUSE_CAPACITY, WAREHOUSE_CARD
from companion.engine.words import GOODS, MERCHANT_DESTINATION, Kind, Store
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
from companion.ui.views.loading import move_label, sale_label

Cube = tuple[str, str]



def cubes_of(state: State, pid: str) -> list[Cube]:
    ps = state.player(pid)
    out = [(g, "dock") for g in ps.dock] + [(g, "warehouse") for g in ps.warehouse]
    if ps.market:
        out.append((ps.market, "market"))
    return out


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
        #: The page of choices shown where they do not all fit at once.
        self.page = 0
        #: Each player's dock as first shown this Loading: a cube that leaves it leaves its
        #: place empty, so the others stay under the finger (docs/touch.md).
        self.docks: dict[tuple[int, str], tuple[str, ...]] = {}
        #: The one-tap choices' places shown to each player this Loading (their keys; None:
        #: a place whose choice has gone, left empty), `views.loading.placed`.
        self.slots: dict[tuple[int, str], tuple[str | None, ...]] = {}
        #: The places of those the screen last showed (a page of them): a choice kept on
        #: another page may come onto this one's empty places (`views.loading.placed`).
        self.places_shown: dict[tuple[int, str], range] = {}
        #: Per player this Loading: the choices' height (it only grows) and whether they
        #: went onto pages (they stay so): the places never move under the finger.
        self.slot_h: dict[tuple[int, str, int], int] = {}
        self.slot_cols: dict[tuple[int, str, int], int] = {}
        self.paged: set[tuple[int, str, int]] = set()
        self.rows_shown: dict[tuple[int, str, int], int] = {}
        #: Per player this Loading: the conversions' rows (as many as their sets when
        #: first shown, two at most; they stay, so the choices below never move) and the
        #: sets in them (keys, as `slots`).
        self.set_rows: dict[tuple[int, str, int], int] = {}
        self.set_slots: dict[tuple[int, str], tuple[str | None, ...]] = {}
        #: The state last shown: after a move, the next player comes by itself.
        self.shown: State | None = None
        #: Per player this Loading: the place of the choice last tapped, which no other
        #: choice takes (a hurried second tap there finds it empty: docs/touch.md).
        self.tapped: dict[tuple[int, str], int] = {}
        #: The explicit end of Loading for everyone is being asked (`ask_end`): who still
        #: holds cubes and what goes to the stock, in place of the moves.
        self.asking_end = False
        #: The move chosen on the table's buttons (issue 31): an index into
        #: `button_moves` of the player shown, or None; OK records it.
        self.pressed: int | None = None

    def dock_places(self, state: State, pid: str) -> list[int | None]:
        """For each place of the dock as first shown, the index of the cube on it now (in
        `cubes_of`), or None where the cube has gone."""
        dock = tuple(state.player(pid).dock)
        key = (state.round, pid)
        first = self.docks.get(key)
        places: list[int | None] = []
        if first is not None:
            i = 0
            for good in first:
                if i < len(dock) and dock[i] == good:
                    places.append(i)
                    i += 1
                else:
                    places.append(None)
            if i == len(dock):
                return places
        self.docks[key] = dock
        return list(range(len(dock)))

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
                if self.player != was:
                    self.compact(self.player)
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

    # --- the table's buttons (issue 31) ------------------------------------------------
    def button_moves(self, state: State, pid: str) -> list[Action | None]:
        """What a player's button steps through: their legal moves, sales and conversions
        (`engine.legal.loading_actions`, in its order), then their "done" (None)."""
        return [*loading_actions(state, pid), None]

    def button_steps(self, state: State, pid: str) -> list[view.Step]:
        """`button_moves`, then, where others still hold ship cubes, the end of Loading for
        everyone (`view.END_FOR_ALL`; as the touch path's last choice: issue 31)."""
        steps: list[view.Step] = [*self.button_moves(state, pid)]
        if self.game.loading_holders(state, but=pid):
            steps.append(view.END_FOR_ALL)
        return steps

    def move_words(self, state: State, pid: str, action: view.Step) -> str:
        """A move as the chosen one reads (the one-tap choices' words)."""
        if action is view.END_FOR_ALL:
            return view.end_all_label()
        if action is None:
            return _("{name}: done").format(name=words.player_name(state, pid))
        if isinstance(action, Move):
            return move_label(state, action)
        if isinstance(action, MarketSell):
            return sale_label(action)
        if isinstance(action, Convert):
            return view.conversion_target(action.give, action.take)
        return str(action)

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
        the next of their moves (shown large), their "done" last, then the first again."""
        state = self.state
        if colour not in state.players:
            return
        if colour != self.player:
            self.choose(colour)
            return
        else:
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

    def draw_pressed(self, c: Canvas, state: State, pid: str, rect: pygame.Rect) -> None:
        """The move chosen on the buttons, large, in place of the choices (a tap on it
        records it too), and what OK and the player's button do."""
        got = self.chosen()
        assert got is not None
        _pid, action = got
        label = self.move_words(state, pid, action)
        row, below = places.pressed_plan(c, rect, label, LARGE)
        count = len(self.button_steps(state, pid))
        c.button(row, label, self.on_ok, key="pressed", size=LARGE, selected=True)
        said = _("OK records it. {name}'s button again: the next one ({k} of {n}).").format(
            name=words.player_name(state, pid), k=(self.pressed or 0) + 1, n=count)
        if action is view.END_FOR_ALL:
            # As the touch path's question: what goes to the stock, before OK ends it.
            said = f"{self.stock_words(c, state, below, said)} {said}"
        fitted = layout.fit(c, said, below.w, max(below.h, 0), SMALL)
        if not fitted.cut and 0 < fitted.height(c) <= below.h:
            layout.draw_text(c, said, below, SMALL, TEXT)

    def on_panel(self, pid: str) -> None:
        """Touch alone must reach every player's cubes: a tap on a panel loads for that
        player; a tap on the panel already chosen opens their tableau."""
        if pid == self.player:
            super().on_panel(pid)
        else:
            self.choose(pid)

    def compact(self, pid: str | None) -> None:
        """A player shown anew: their choices gone this Loading give up their places (the
        places stay only while the same player's choices are on the screen)."""
        state = self.state
        key = (state.round, pid or "")
        self.places_shown.pop(key, None)
        self.tapped.pop(key, None)
        # Their choices as they are now, in order from the first place: no place left
        # empty on the first page while another page holds a choice (docs/touch.md).
        self.slots.pop(key, None)

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

    def draw_end_question(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        """The explicit end for everyone, asked in place of the moves: the button that
        ends it, then who still holds cubes and what goes to the stock (their goods, or
        how many where the goods have no room)."""
        row, why = places.stays_plan(c, rect, _("End Loading for everyone"))
        c.button(row, _("End Loading for everyone"), self.end_for_all, key="loading:end-all")
        layout.draw_text(c, self.stock_words(c, state, why), why, SMALL, TEXT)

    @staticmethod
    def stock_words(c: Canvas, state: State, rect: pygame.Rect, after: str = "") -> str:
        """Who still holds ship cubes and which go to the stock if Loading ends now (their
        goods, or how many where the goods and `after` have no room in `rect`)."""
        said = _("No cube is left on a ship.")
        for counted in (False, True):
            holders = words.cubes_to_stock(state, counted)
            if holders:
                said = _("Still on the ships, to the stock if Loading ends now: {cubes}."
                         ).format(cubes=holders)
            if not layout.fit(c, f"{said} {after}".strip(), rect.w, rect.h, SMALL).cut:
                break
        return said

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

    def phase_least(self, c: Canvas, state: State, width: int) -> int:
        """The player's cubes (their name before them), then two finger rows of choices."""
        pid = self.player or state.players[0]
        return places.least_height(c, self.cube_rows(c, state, pid, width))

    def cube_rows(self, c: Canvas, state: State, pid: str, width: int) -> int:
        """The rows the player's cubes take this Loading: as many as their cubes would
        take with a cube in the market hall and the warehouse full, so that a cube put
        there never moves the choices below down under the finger (docs/touch.md)."""
        rows = self.most_rows(c, state, pid, width, self.lead(c, state, pid, width))
        # Never fewer than shown before this Loading (an Undo gives a ship its cubes back).
        key = (state.round, pid, width)
        rows = self.rows_shown[key] = max(rows, 1, self.rows_shown.get(key, 0))
        return rows

    def most_rows(self, c: Canvas, state: State, pid: str, width: int, lead: int) -> int:
        return places.cube_places(c, self.most_cubes(state, pid), width, None, lead)[1]

    def most_cubes(self, state: State, pid: str) -> list[Cube]:
        """As many cubes as the player may have this Loading: the dock's as first shown, a
        cube in the market hall, the warehouse full (if they own it)."""
        most: list[Cube] = [("", "dock")] * len(self.dock_places(state, pid))
        most.append(("", "market"))
        if WAREHOUSE_CARD in state.player(pid).cards:  # the warehouse's line, full
            most += [("", "warehouse")] * WAREHOUSE_CAPACITY
        return most

    def lead(self, c: Canvas, state: State, pid: str, width: int) -> int:
        """The room before the first cube: the player's badge and name, or the badge
        alone where the name would take the cubes another row (`layouts.loading.lead`)."""
        return places.lead(c, words.player_name(state, pid), width,
                           self.most_cubes(state, pid))

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        pid = self.player or state.players[0]
        cubes = cubes_of(state, pid)
        plan = places.cubes_plan(c, area, cubes, self.dock_places(state, pid),
                                 self.lead(c, state, pid, area.w),
                                 self.cube_rows(c, state, pid, area.w))
        # The player's badge and name, then their cubes on the same row: the cubes on the
        # ships, then the warehouse's and the market hall's, each group after its name.
        # The moves' place in the player's colour: a stripe down its left, from their badge,
        # in the gap beside it (nothing moves for it): a hand-over to another player is
        # seen where the finger is, with the name and badge above it (docs/touch.md).
        stripe = places.stripe(c, area)
        if stripe is not None:
            c.rect(stripe, PLAYER_COLOURS.get(pid, MUTED), 2)
        c.player_badge(pid, plan.badge, plan.radius, words.letter(state, pid))
        if plan.name is not None:
            c.text(words.player_name(state, pid), plan.name, BODY,
                   PLAYER_COLOURS.get(pid, TEXT), anchor="midleft",
                   max_width=plan.name_width, smallest=BODY)
        if not cubes:
            layout.draw_text(c, _("No cubes to load."), plan.empty, BODY, MUTED,
                             valign="center")
        for heading, at in plan.headings:
            c.text(heading, at, SMALL, MUTED, anchor="midleft", role="secondary")
        for index, box in plan.cubes:
            good = cubes[index][0]
            c.button(box, names.good_initial(good), partial(self.toggle, index),
                     key=f"cube:{index}", colour=GOOD_COLOURS[good], size=BODY,
                     selected=index in self.selected)
        if self.asking_end:
            self.draw_end_question(c, state, plan.rest)
        elif self.chosen() is not None:
            self.draw_pressed(c, state, pid, plan.rest)
        elif self.selected:
            self.draw_choices(c, state, pid, cubes, plan.rest)
        elif self.sets:
            self.draw_sets(c, state, pid, plan.rest)
        else:
            self.draw_moves(c, state, pid, plan.rest)

    def turn(self, step: int) -> None:
        """The next or the previous page of choices (shown as they are: nothing comes
        onto the page left)."""
        self.page = max(0, self.page + step)
        self.places_shown.clear()
        self.tapped.clear()  # the finger has moved on: the page is shown as it is
        self.ui.dirty = True

    def board(self, state: State, pid: str, rows: int) -> view.LoadingBoard:
        """The player's one-tap choices in their places (`views.loading`): a choice keeps
        its place while this player is shown this Loading; one gone leaves it empty. The
        conversions in `rows` rows of their own."""
        key = (state.round, pid)
        before = self.slots.get(key)
        shown = self.places_shown.get(key)
        sets_before = self.set_slots.get(key)
        tapped = self.tapped.get(key)
        # Others still hold ship cubes: the last choice ends Loading for everyone (asked).
        finished = self.game.loading_finished(state)
        end_all = self.kept("end_all", (state, pid, finished),
                            lambda: bool(self.game.loading_holders(state, but=pid)))
        got = self.kept("board", (state, pid, language(), before, shown, rows, sets_before,
                                  tapped, end_all),
                        lambda: view.loading_board(state, pid, before, shown, rows,
                                                   sets_before, tapped, end_all))
        self.slots[key] = got.keys
        self.set_slots[key] = tuple(None if c is None else c.key for c in got.sets)
        return got

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

    def show_sets(self, sets: tuple[tuple[Cube, ...], ...]) -> None:
        """The conversions' sets of three cubes in place of the choices (a tap on one
        chooses its cubes, then the good)."""
        self.sets = sets
        self.page = 0
        self.ui.dirty = True

    def draw_sets(self, c: Canvas, state: State, pid: str, rect: pygame.Rect) -> None:
        """Every conversion's row (the set, then the goods it may take) in place of the
        choices, a page at a time where they do not all fit."""
        offered = {a for a in loading_actions(state, pid) if isinstance(a, Convert)}
        plan, rows = places.sets_plan(c, rect, len(self.sets), self.page)
        self.page = plan.page
        self.paint_arrows(c, plan)
        for give, row in zip(self.sets[plan.start:], rows, strict=False):
            takes = tuple(a for a in offered if a.give == give)
            self.paint_set(c, give, takes, row)

    def paint_set(self, c: Canvas, give: tuple[Cube, ...], takes: tuple[Action, ...],
                  row: places.SetRow) -> None:
        """A conversion's row: its set in words, then a button per good (its initial and
        colour), which converts the set into it; a good the stock lacks is greyed."""
        heading = view.set_heading(give)
        layout.draw_text(c, heading, row.heading, places.heading_size(c, row.heading, heading),
                         TEXT, valign="center")
        by_good = {a.take: a for a in takes if isinstance(a, Convert)}
        goods = "+".join(good for good, _store in give)
        for good, box in zip(GOODS, row.goods, strict=True):
            conv = by_good.get(good)
            c.button(box, names.good_initial(good),
                     None if conv is None else partial(self.do, conv),
                     key=f"convert:{goods}:{good}", colour=GOOD_COLOURS[good], size=BODY,
                     name=view.conversion_target(give, good))

    def paint_arrows(self, c: Canvas, plan: places.Grid) -> None:
        """The pages' "‹ ›" where the layout placed them."""
        if plan.prev is None or plan.next is None:
            return
        c.button(plan.prev, "\u2039", None if plan.back is None else
                 partial(self.turn, plan.back), key="page:prev", size=LARGE)
        c.button(plan.next, "\u203a", None if plan.ahead is None else
                 partial(self.turn, plan.ahead), key="page:next", size=LARGE)

    def draw_moves(self, c: Canvas, state: State, pid: str, rect: pygame.Rect) -> None:
        """The conversions' rows, then the one-tap choices, each in its place
        (docs/touch.md): a choice gone leaves its place empty, so the one beside it never
        slides under the finger; the places' height and pages only grow while this player
        is shown this Loading."""
        mem = (state.round, pid, c.w)
        rows = self.set_rows.get(mem)
        if rows is None:
            # As many rows as the player has sets when first shown, where they fit; where
            # the sets are more, the choice that gathers them takes a place instead (a
            # row takes a row of places). They stay, so the places below never move.
            # And only where they cost the choices no page more: a turn of the page
            # costs a tap each time, the gathering choice one per conversion.
            sets = {a.give for a in loading_actions(state, pid) if isinstance(a, Convert)}
            rows = len(sets) if len(sets) <= view.SETS_APART else 0
            possible = view.possible_labels(state, pid)
            rows = places.set_rows_fit(c, rect, rows, possible)
            if rows:
                count = len(view.choices(state, pid, (), apart=rows)) - len(sets)
                if places.pages(c, rect, rows, count, possible) > \
                        places.pages(c, rect, 0, count + 1, possible):
                    rows = 0
            self.set_rows[mem] = rows
        board = self.board(state, pid, rows)
        labels = [choice.label if choice else "" for choice in board.slots]
        # As tall as any move's label this Loading may need, from the start.
        also = view.possible_labels(state, pid) if mem not in self.slot_h else []
        plan = places.choices_plan(c, rect, labels, rows,
                                   self.page, height=self.slot_h.get(mem, 0),
                                   paged=mem in self.paged, also=also,
                                   cols=self.slot_cols.get(mem, 0))
        grid = plan.grid
        self.page = grid.page
        self.slot_h[mem] = grid.height
        self.slot_cols[mem] = grid.cols
        if grid.paged:
            self.paged.add(mem)
        for choice, row in zip(board.sets, plan.rows, strict=False):
            if choice is not None:
                self.paint_set(c, choice.give, choice.actions, row)
        self.paint_arrows(c, grid)
        self.places_shown[(state.round, pid)] = range(grid.start, grid.start + len(grid.cells))
        for place, (choice, box) in enumerate(
                zip(board.slots[grid.start:grid.start + len(grid.cells)], grid.cells,
                    strict=False), start=grid.start):
            if choice is not None:
                c.button(box, choice.label, self.tap_of(pid, choice, place), key=choice.key,
                         size=SMALL)

    def offers(self, state: State, pid: str, chosen: list[Cube]
               ) -> list[tuple[str, Action0 | None, str]]:
        """The legal choices for the chosen cubes, as buttons (label, action, key)."""
        items: list[tuple[str, Action0 | None, str]] = []
        if len(chosen) == 1:
            good, store = chosen[0]
            for a in loading_actions(state, pid):
                if isinstance(a, Move) and a.good == good and a.source == store:
                    if a.to == MERCHANT_DESTINATION:
                        label = _("merchant +1¢")
                    else:
                        label = words.place(state, a.to)
                    items.append((label, partial(self.do, a), f"to:{a.to}"))
        elif len(chosen) == 2:
            sale = market_sale(state, pid, tuple(chosen))
            if sale is not None:
                items.append((_("Sell both in the market hall +1¢"),
                              partial(self.do, sale), "market_sell"))
        else:
            for conv in conversions(state, pid, tuple(chosen)):
                items.append((_("\u2192 {good}").format(good=names.good(conv.take)),
                              partial(self.do, conv), f"convert:{conv.take}"))
        return items

    def draw_choices(self, c: Canvas, state: State, pid: str, cubes: list[Cube],
                     rect: pygame.Rect) -> None:
        chosen = [cubes[i] for i in self.selected if i < len(cubes)]
        items = self.offers(state, pid, chosen)
        reasons = self.reasons(state, pid, chosen, bool(items))
        if len(chosen) == 1:
            title = _("Where does the {good} go?").format(good=names.good(chosen[0][0]))
        elif len(chosen) == 2:
            title = _("2 cubes: sell them in the market hall?")
        else:
            title = _("3 cubes: convert into 1 cube from the stock")
        if not items:
            # Nowhere to go: never a question without answers. Where the cube stays is
            # the answer, a button that leaves it there; the rule that keeps it from the
            # usual places below it.
            stays = reasons[0] if reasons else title
            row, why = places.stays_plan(c, rect, stays)
            c.button(row, stays, self.leave, key="leave")
            if reasons[1:]:
                layout.draw_text(c, " ".join(reasons[1:]), why, SMALL, MUTED)
            return
        # The choices in the places of the one-tap choices (and their pages' "‹ ›" in the
        # same place), then the question, and why the usual places are not offered, below
        # them where they leave room (on as many lines as the width needs).
        mem = (state.round, pid, c.w)
        labels = [label for label, _action, _key in items]
        # Short labels (the goods a conversion gives) four to a row where they then all
        # fit; else in the one-tap choices' columns, their pages' arrows in the same place.
        fit = places.fit(c, rect, labels, self.slot_h.get(mem, 0), least=120, most=4)
        narrow = len(chosen) == 3 and len(labels) <= fit[2]
        grid = places.grid(c, rect, labels, self.page, height=self.slot_h.get(mem, 0),
                           least=120 if narrow else 200, most=4 if narrow else 3)
        self.page = grid.page
        self.paint_arrows(c, grid)
        for (label, action, key), box in zip(items[grid.start:grid.start + len(grid.cells)],
                                             grid.cells, strict=True):
            c.button(box, label, action, key=key, size=SMALL)
        said = " ".join([title, *reasons])
        below = places.below_cells(c, rect, grid.cells)
        fitted = layout.fit(c, said, below.w, max(below.h, 0), SMALL)
        if not grid.paged and not fitted.cut and 0 < fitted.height(c) <= below.h:
            layout.draw_text(c, said, below, SMALL, TEXT)

    def leave(self) -> None:
        """The chosen cubes stay where they are (nothing takes them)."""
        self.selected = []
        self.ui.dirty = True

    def reasons(self, state: State, pid: str, chosen: list[Cube], offered: bool) -> list[str]:
        """Why the usual places are not offered for the chosen cubes: the market hall and
        the warehouse for one cube; the sale or conversion itself for two or three."""
        tries: list[Action] = []
        if len(chosen) == 1:
            good, store = chosen[0]
            places = [Store.MARKET]
            if any(state.catalogue[c].kind == Kind.WAREHOUSE for c in state.player(pid).cards):
                places.append(Store.WAREHOUSE)
            tries.extend(Move(pid, good, store, to) for to in places if to != store)
        elif not offered and len(chosen) == 2:
            tries.append(MarketSell(pid, tuple(chosen)))
        elif not offered:
            tries.extend([Convert(pid, tuple(chosen), good) for good in state.stock][:1])
        out: list[str] = []
        if len(chosen) == 1 and not offered:
            stays: dict[str, str] = {
                Store.MARKET: _("It stays in the market hall for a later round."),
                Store.WAREHOUSE: _("It stays in the warehouse.")}
            out.append(stays.get(chosen[0][1], _("Nothing else takes it: at the end of "
                                                 "Loading it goes to the stock.")))
        for action in tries:
            exc = refusal(state, action)
            if exc is not None:
                said = words.refusal(state, exc)
                if said not in out:
                    out.append(said)
        return out



#: `move_label` and `sale_label` are the view model's (`views.loading`), named here too for
#: the callers that know them from this module (the touch driver).
__all__ = ["LoadingScene", "cubes_of", "loading_actions", "move_label", "sale_label"]
