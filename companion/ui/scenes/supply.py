"""Supply: tap (or scan) each card as it is revealed; a ship by its first cube ("Ship Co"),
a fireman whose value is a guess by its value ("Fireman 3"), a contract by "Contract ?".

View -> plan -> paint: `views.supply` says what the Supply shows (from the state and
`engine.legal`), `layouts.supply.plan` lays it out once a frame (from the game's last
plan, `GameController.plans`); this scene paints the plan and turns taps, presses and
scans into actions (a busy row's cards wait their turn: `companion.ui.roworder`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.engine import Reveal, State
from companion.engine.legal import forced_goods, revealed_since
from companion.engine.values import replace
from companion.engine.words import PRINTED_FIELD, Kind
from companion.errors import CompanionError
from companion.ui import buttons, i18n, names, words
from companion.ui.canvas import Canvas
from companion.ui.i18n import _
from companion.ui.layouts import supply as places
from companion.ui.layouts.supply import SupplyPlan
from companion.ui.paint import paint
from companion.ui.roworder import RowOrder
from companion.ui.scene import Primary, SceneHost
from companion.ui.scenes.confirm import reveal_shown
from companion.ui.scenes.round import RoundScene
from companion.ui.views import supply as shown


class SupplyScene(RoundScene):
    """Pick each revealed card from the unseen cards of the top season."""

    name = "supply"
    #: The grid's places are fixed for the round: so is the height above them.
    sticky_place = True
    #: The ship row's and a kind's question's labels, for drivers (benchmarks/touch.py).
    ship_row_label = staticmethod(shown.ship_label)
    pick_label = staticmethod(names.asked)

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.ship: str | None = None
        self.goods: list[str] = []
        #: The state in which the ship's goods began to be asked (`on_enter`).
        self.ship_since: State | None = None
        #: The page of cards asked for where they do not all fit at once.
        self.page = 0
        #: The row's cards that wait while a ship's goods are asked or behind `row.gap`.
        self.row = RowOrder()
        #: The last frame's view and plan (None before the first frame).
        self.view: shown.SupplyView | None = None
        self.plan: SupplyPlan | None = None
        # The round's frame as the round's Supply left it (`RoundScene.frame_plan`: the
        # height it took above the grid, its sticky place): kept with Supply's plan.
        last = ui.game.plans.last(SupplyPlan) if ui.game is not None else None
        if last is not None:
            self.frame_plan = last.held

    def screen_key(self) -> object:
        """The ship whose goods are asked (a hurried second tap on it picks no good)."""
        return self.ship

    def on_enter(self) -> None:
        # Back from a screen over Supply with no action since (the rules texts): the
        # ship's goods pressed so far stay. Any action (the ship recorded, an Undo) or
        # Back sets the ship aside.
        if self.ship is not None and self.ui.game is not None and \
                self.ui.game.state is self.ship_since:
            return
        self.forget_ship()

    def forget_ship(self) -> None:
        self.ship = None
        self.goods = []

    def hint(self) -> str:
        return shown.hint(self.ship is not None, self.row.gap, self.can_scan())

    def hints(self) -> list[str]:
        # Both forms: a reader that comes ready mid-game changes the words, not the place.
        return [self.hint(), shown.reveal_hint(True), shown.reveal_hint(False)]

    def can_scan(self) -> bool:
        """Whether a reader, scanner or camera said it is ready (or the simulated reader);
        a table without one is not asked to scan (issue 30)."""
        services = self.ui.services
        return services.simulator is not None or any(
            ok for device, (ok, _message) in services.device_status.items()
            if device != "buttons")

    def primary(self) -> Primary | None:
        if self.ship:
            # Three goods pressed wait for OK (issue 31); clearing is its own button.
            ready = len(self.goods) == 3
            return shown.goods_count(len(self.goods)), self.record_ship if ready else None
        only = shown.only_next(self.state)  # offered as the primary action (OK), not asked
        return (_("Revealed"), partial(self.pick, only) if only is not None else None)

    def primaries(self) -> list[Primary]:
        """Every label OK may have here: the bar's buttons keep their place (issue 19)."""
        return [(_("Revealed"), None), (_("Revealed"), self.clear),
                *((shown.goods_count(k), None) for k in range(3)),
                (shown.goods_count(3), self.record_ship)]

    def legend(self) -> dict[str, str]:
        """While a ship's goods are asked the buttons are the goods the bag still holds."""
        return shown.goods_legend(self.state, self.goods if self.ship else None)

    def on_player(self, colour: str) -> None:
        """A ship's goods: the button's good goes in (`legend`); three wait for OK."""
        if not self.ship:
            return
        good = buttons.good_of(self.state, colour)
        if len(self.goods) >= 3:
            self.ui.info(shown.goods_full())
        elif good is None or colour not in self.legend():
            self.ui.error(shown.no_good_left(good or ""))
        else:
            self.goods.append(good)
            self.ui.dirty = True
            if len(self.goods) < 3:
                self.fill_forced()

    def record_ship(self) -> None:
        """OK: the ship with the three goods pressed."""
        if self.ship and len(self.goods) == 3:
            if not self.game.act(Reveal(self.ship, tuple(self.goods))):
                self.goods.pop()
            else:
                self.next_waiting()

    def clear(self) -> None:
        if self.goods:
            self.goods = []
            self.ui.dirty = True
        else:
            self.cancel_ship()

    def entry_pending(self) -> bool:
        return self.ship is not None

    def undo_entry(self) -> str | None:
        if self.goods:
            return names.good(self.goods.pop())
        ship, self.ship = self.ship, None
        return names.card_name(self.state.catalogue[ship]) if ship is not None else None

    def cancel_ship(self) -> None:
        self.forget_ship()
        self.ui.dirty = True
        self.next_waiting()

    def on_back(self) -> None:
        self.forget_ship()
        if waited := self.row.drop():  # Supply left: what waited is said, not lost
            self.ui.error(shown.not_entered(self.state, waited))

    def on_unread(self, place: int) -> None:
        if self.row.unread(place, busy=self.ship is not None):
            self.ui.info(shown.gap_message(place))
        self.ui.dirty = True

    def on_camera_card(self, card_id: str) -> None:
        if self.row.holds(card_id, busy=self.ship is not None):
            self.ui.info(shown.waits_for_place(self.state, card_id, self.row.place()))
        else:
            self.on_card(card_id)

    def on_card(self, card_id: str) -> None:
        state = self.state
        refused = shown.scan_refusal(state, card_id)
        if refused is not None:
            # Refused at the scan (a later season, a ship already revealed), not after a
            # ship's goods (issue 31).
            self.ui.error(words.refusal(state, refused))
        elif card_id == self.ship:
            self.ui.dirty = True  # its label read again: the goods pressed so far stay
        elif self.ship is not None:
            self.row.add(card_id)
            self.ui.info(shown.waits_for_ship(state, card_id))
        else:
            self.pick(card_id)

    def next_waiting(self) -> None:
        """The ship is recorded or set aside: the card that came meanwhile, if any."""
        got = self.row.after(free=self.ui.top is self)
        if isinstance(got, int):  # a place the camera could not read: the table taps it
            self.ui.info(shown.gap_message(got))
            self.ui.dirty = True
        elif isinstance(got, list):  # a question over Supply, or no more reveals
            self.ui.error(shown.not_entered(self.state, got))
        elif got is not None:
            self.pick(got)

    def pick(self, card_id: str) -> None:
        if self.state.catalogue[card_id].kind == Kind.SHIP:
            self.start_ship(card_id)
            self.row.gap = None  # the ship is the unread place's card: its goods come next
            self.fill_forced()
        elif self.game.act(Reveal(card_id)) or self.ui.top is not self:
            # Revealed, or a question opened over Supply (a fire's points): what waits
            # follows, or is said now under the question (`RowOrder.after`) rather than
            # entered later after another card, out of place.
            self.next_waiting()

    def fill_forced(self) -> None:
        """The goods still to tap where the bag leaves no choice: recorded (undoable)."""
        goods = forced_goods(self.state, self.goods) if self.ship is not None else None
        if self.ship is not None and goods is not None and \
                self.game.act(Reveal(self.ship, goods)):
            self.ui.info(shown.forced_words(goods))
            self.next_waiting()

    def tap_card(self, card_id: str) -> None:
        simulator = self.ui.services.simulator
        try:  # the simulated reader: the real adapter path (else, or its own port: directly)
            if simulator is not None and hasattr(simulator, "scan_card"):
                simulator.scan_card(card_id)
                return
        except CompanionError:
            pass
        self.pick(card_id)

    def add_good(self, good: str) -> None:
        self.goods.append(good)
        if len(self.goods) < 3:
            self.fill_forced()
        elif self.ship:
            self.record_ship()

    def ship_good(self, ship: str, good: str) -> None:
        """A ship revealed, its first cube `good`: the goods row asks for the other two."""
        self.start_ship(ship)
        self.add_good(good)

    def start_ship(self, ship: str) -> None:
        """The ship's goods are asked, from none."""
        self.ship, self.ship_since, self.goods = ship, self.state, []
        self.ui.dirty = True

    def cards_shown(self, state: State) -> list[str]:
        """The ship whose goods are asked, else the cards of the grid still to be revealed."""
        return [self.ship] if self.ship else shown.unseen_cards(state)

    def tell_value(self, value: int) -> None:
        """The fireman just revealed shows `value`: confirmed (unless it was), revealed."""
        before = self.state
        firemen = shown.unseen_cards(before, Kind.FIREMAN)
        reveal_shown(self.ui, self.game, firemen, PRINTED_FIELD[Kind.FIREMAN], value)
        self.revealed_since(before)

    def revealed_since(self, before: State) -> None:
        """A card revealed by its printed value: as after `pick`, the row's next follows."""
        if revealed_since(before, self.state) and self.ship is None:
            self.next_waiting()
            self.ui.dirty = True

    def ask(self, kind: str) -> None:
        """What does the revealed card of `kind` show? (`views.supply.asked_reveal`)"""
        state = self.state
        now, candidates = shown.asked_reveal(state, kind, self.game.retold(state))
        if now is not None:
            self.pick(now)
        elif candidates:
            self.ui.open("confirm", card_id=candidates[0], field=PRINTED_FIELD[kind],
                         candidates=candidates, then=partial(self.revealed_since, state))

    def turn(self, step: int) -> None:
        """The next or the previous page of cards."""
        self.page = max(0, self.page + step)
        self.ui.dirty = True

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        key = (state, self.ship, tuple(self.goods), self.page, i18n.language())
        self.view = view = self.kept("view", key, lambda: shown.view(
            state, self.ship, self.goods, self.page, self.view, self.game.retold(state)))
        made = places.plan(c, view, area, self.game.plans.last(SupplyPlan),
                           (_("Other card"), _("Clear goods")))
        # This frame's round frame (`RoundScene.draw`, planned before the phase) goes with it.
        self.plan = plan = replace(made, held=self.frame_plan)
        self.game.plans.keep(plan)
        if plan.grid is not None:
            self.page = plan.grid.page
        paint(c, plan.items, self.intent)

    #: The intents a button of the plan may ask (`paint.Control.does`): these methods.
    INTENTS = ("tap_card", "ask", "tell_value", "ship_good", "turn", "add_good", "clear",
               "cancel_ship")

    def intent(self, does: tuple[str, tuple[object, ...]] | None) -> Callable[[], None] | None:
        """What a tap on a button of the plan does: one of `INTENTS`, or None (greyed)."""
        if does is None or does[0] not in self.INTENTS:
            return None
        return partial(getattr(self, does[0]), *does[1])
