"""Supply: tap (or scan) each card as it is revealed. A ship is told by its first cube's
good on the ship's row ("Ship Co": the card and that cube in one tap), then its other two
goods; a fireman whose value is a guess by its value's own button ("Fireman 3"), which
says the card and its printed value in one tap; contracts whose goods are guesses by one
button ("Contract ?"), which asks the round's first one what it shows and reveals a second
one as it is (asked when bought).

View -> plan -> paint: `companion.ui.views.supply` says what the Supply shows (from the
state and `engine.legal`), `companion.ui.layouts.supply.plan` lays it out once a frame
(from the open game's last plan, `GameController.plans`), and this scene paints the plan
and turns taps, presses and scans into actions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.engine import Reveal, State
from companion.engine.legal import forced_goods, reveal_refusal, ship_goods, supply_cards
from companion.engine.values import replace
from companion.engine.words import PRINTED_FIELD, Kind
from companion.errors import CompanionError
from companion.ui import buttons, i18n, layout, names, words
from companion.ui.canvas import MUTED, PANEL, Canvas
from companion.ui.i18n import _
from companion.ui.layouts import supply as places
from companion.ui.layouts.supply import Control, Cube, Mark, SupplyPlan, Words
from companion.ui.scene import Primary, SceneHost
from companion.ui.scenes.confirm import reveal_shown
from companion.ui.scenes.round import RoundScene
from companion.ui.views.supply import (
    SupplyView,
    asked_kinds,
    asked_later,
    gap_message,
    gap_words,
    only_next,
    ship_label,
)
from companion.ui.views.supply import view as supply_view


class SupplyScene(RoundScene):
    """Pick each revealed card from the unseen cards of the top season."""

    name = "supply"
    #: The grid's places are fixed for the round: so is the height above them.
    sticky_place = True
    #: A button of the ship's row ("Ship Co") and a kind's question ("Contract ?") as
    #: they read, for the drivers that play a table (benchmarks/touch.py).
    ship_row_label = staticmethod(ship_label)
    pick_label = staticmethod(names.asked)

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.ship: str | None = None
        self.goods: list[str] = []
        #: The page of cards asked for where they do not all fit at once.
        self.page = 0
        #: Cards scanned (or sent by the camera) while a ship's goods were asked, or sent
        #: by the camera after a place of the row it could not read: each is picked in
        #: turn once the ship is recorded (or the place's card tapped), so a row read at
        #: once keeps its order and no ship is lost to the card after it. A number is a
        #: later place the camera could not read.
        self.waiting: list[str | int] = []
        #: The place of the row (from 1) whose card the camera could not read.
        self.gap: int | None = None
        #: The last frame's view and plan (None before the first frame).
        self.view: SupplyView | None = None
        self.plan: SupplyPlan | None = None

    def screen_key(self) -> object:
        """The ship whose goods are being entered (its goods' buttons take the grid's
        place: a hurried second tap on the card must not pick a good)."""
        return self.ship

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        # The height above the grid the round's Supply kept (`RoundScene.draw`'s sticky
        # place) comes with the round's last plan, on a Supply made anew too.
        last = self.game.plans.last(SupplyPlan)
        if getattr(self, "_place", None) is None and last is not None and last.held:
            self._place = last.held
        super().draw(c, body)
        if self.plan is not None:
            self.plan = replace(self.plan, held=getattr(self, "_place", None))
            self.game.plans.keep(self.plan)

    def on_enter(self) -> None:
        self.ship = None
        self.goods = []

    def hint(self) -> str:
        if self.ship:
            return _("Tap the 3 goods drawn from the bag for the ship, in any order.")
        if self.gap is not None:
            return gap_words(self.gap)
        return self.reveal_hint(self.can_scan())

    @staticmethod
    def reveal_hint(scans: bool) -> str:
        """What to do with a revealed card: scanning only named at a table that can scan."""
        return _("Tap the card just revealed, or scan it.") if scans else \
            _("Tap the card just revealed.")

    def hints(self) -> list[str]:
        # Both forms: a reader that comes ready mid-game changes the words, not the place.
        return [self.hint(), self.reveal_hint(True), self.reveal_hint(False)]

    def can_scan(self) -> bool:
        """Whether a reader, scanner or camera said it is ready (or the simulated reader);
        a table without one is not asked to scan (issue 30)."""
        services = self.ui.services
        return services.simulator is not None or any(
            ok for device, (ok, _message) in services.device_status.items()
            if device != "buttons")

    def primary(self) -> Primary | None:
        if self.ship:
            # OK never destroys: three goods pressed on the buttons wait for OK (issue
            # 31), a press undone by Undo; clearing is its own, smaller button.
            ready = len(self.goods) == 3
            return (_("{k} of 3 goods").format(k=len(self.goods)),
                    self.record_ship if ready else None)
        only = only_next(self.state)  # offered as the primary action (OK), not asked
        return (_("Revealed"), partial(self.pick, only) if only is not None else None)

    def primaries(self) -> list[Primary]:
        """Every label OK may have here, so the bar's button keeps its place (and the "?"
        beside it) when a ship is tapped ("0 sur 3 marchandises")."""
        return [(_("Revealed"), None), (_("Revealed"), self.clear),
                *((_("{k} of 3 goods").format(k=k), None) for k in range(3)),
                (_("{k} of 3 goods").format(k=3), self.record_ship)]

    def legend(self) -> dict[str, str]:
        """While a ship's goods are asked, the five buttons are the five goods; a good the
        bag has no more of does nothing (`engine.legal.ship_goods`)."""
        state = self.state
        left = ship_goods(state, self.goods) if self.ship else ()
        return {colour: names.good_initial(good) for colour in buttons.order(state)
                if (good := buttons.good_of(state, colour)) is not None and good in left}

    def on_player(self, colour: str) -> None:
        """A ship's goods: the button's good goes in (`legend`); three wait for OK."""
        if not self.ship:
            return
        good = buttons.good_of(self.state, colour)
        if len(self.goods) >= 3:
            self.ui.info(_("The ship has its 3 goods: OK records them, Undo takes one "
                           "back."))
        elif good is None or colour not in self.legend():
            self.ui.error(_("No {good} is left in the bag.").format(
                good=names.good(good or "")))
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
        else:
            self.ship = None
            self.next_waiting()
        self.ui.dirty = True

    def entry_pending(self) -> bool:
        return self.ship is not None

    def undo_entry(self) -> str | None:
        if self.goods:
            return names.good(self.goods.pop())
        if self.ship is not None:
            card = names.card_name(self.state.catalogue[self.ship])
            self.ship = None
            return card
        return None

    def cancel_ship(self) -> None:
        self.ship = None
        self.goods = []
        self.ui.dirty = True
        self.next_waiting()

    def on_back(self) -> None:
        self.ship = None
        self.goods = []
        self.gap = None
        self.waiting.clear()

    def on_unread(self, place: int) -> None:
        if self.gap is None and self.ship is None and not self.waiting:
            self.gap = place
            self.ui.info(gap_message(place))
        elif place != self.gap and place not in self.waiting:
            self.waiting.append(place)
        self.ui.dirty = True

    def on_camera_card(self, card_id: str) -> None:
        if self.gap is not None or (self.waiting and self.ship is None):
            if card_id not in self.waiting:
                self.waiting.append(card_id)
            place = self.gap if self.gap is not None else next(
                (p for p in self.waiting if isinstance(p, int)), None)
            self.ui.info(_("{card} is next, once the card at place {n} is tapped.").format(
                card=names.card_name(self.state.catalogue[card_id]), n=place))
            return
        self.on_card(card_id)

    def on_card(self, card_id: str) -> None:
        state = self.state
        refused = reveal_refusal(state, card_id)
        if refused is not None:
            # Refused at the scan, in the engine's words, not after a ship's goods were
            # pressed (issue 31): the pile's top season is the only one revealed from.
            self.ui.error(words.refusal(state, refused))
        elif self.ship is not None and card_id != self.ship:
            if card_id not in self.waiting:
                self.waiting.append(card_id)
            self.ui.info(_("{card} is next, once the ship's goods are in.").format(
                card=names.card_name(state.catalogue[card_id])))
        else:
            self.pick(card_id)

    def next_waiting(self) -> None:
        """The ship is recorded or set aside: the card that came meanwhile, if any."""
        if not self.waiting:
            return
        card_id = self.waiting.pop(0)
        if isinstance(card_id, int):  # a place the camera could not read: the table taps it
            self.gap = card_id
            self.ui.info(gap_message(card_id))
            self.ui.dirty = True
        elif self.ui.top is not self:  # the Supply is complete: no more reveals
            self.waiting.clear()
            self.ui.error(_("{card} came while a ship's goods were asked and was not "
                            "entered: tap or scan it if it was revealed.").format(
                card=names.card_name(self.state.catalogue[card_id])))
        else:
            self.pick(card_id)

    def pick(self, card_id: str) -> None:
        if self.state.catalogue[card_id].kind == Kind.SHIP:
            self.ship = card_id
            self.goods = []
            self.gap = None  # the ship is the unread place's card: its goods come next
            self.ui.dirty = True
            self.fill_forced()
        elif self.game.act(Reveal(card_id)):
            self.gap = None
            self.next_waiting()

    def fill_forced(self) -> None:
        """The goods still to tap when the bag leaves no choice (`engine.legal`): filled
        in and recorded, undoable as ever."""
        goods = forced_goods(self.state, self.goods) if self.ship is not None else None
        if self.ship is not None and goods is not None and \
                self.game.act(Reveal(self.ship, goods)):
            self.ui.info(_("The bag left no choice: {goods}.").format(
                goods=", ".join(names.good(g) for g in goods)))
            self.next_waiting()

    def tap_card(self, card_id: str) -> None:
        simulator = self.ui.services.simulator
        if simulator is not None and hasattr(simulator, "scan_card"):
            try:
                simulator.scan_card(card_id)  # the simulated reader: the real adapter path
                return
            except CompanionError:  # the reader is a port of its own (`--port`): directly
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
        self.ship = ship
        self.goods = []
        self.ui.dirty = True
        self.add_good(good)

    def cards_shown(self, state: State) -> list[str]:
        """The ship whose goods are asked, else the cards of the grid still to be revealed."""
        if self.ship:
            return [self.ship]
        unseen = supply_cards(state)
        return [cid for cid in state.catalogue.cards if cid in unseen] + sorted(
            cid for cid in unseen if cid not in state.catalogue.cards)

    def tell_value(self, shown: int) -> None:
        """The fireman just revealed shows `shown`: the card told by it, its value
        confirmed (and saved for later games) unless it was, then revealed: one tap."""
        before = self.state
        unseen = supply_cards(before)
        firemen = [cid for cid, card in before.catalogue.cards.items()
                   if cid in unseen and card.kind == Kind.FIREMAN]
        reveal_shown(self.ui, self.game, firemen, PRINTED_FIELD[Kind.FIREMAN], shown)
        self.revealed_since(before)

    def revealed_since(self, before: State) -> None:
        """A card was revealed through its printed value rather than `pick`: as after
        `pick`, the unread place is filled and the cards read meanwhile follow."""
        state = self.state
        if state.actions > before.actions and type(state.last_action) is Reveal and \
                self.ship is None and (self.gap is not None or self.waiting):
            self.gap = None
            self.next_waiting()
            self.ui.dirty = True

    def ask(self, kind: str) -> None:
        """What does the revealed card of `kind` show? (which card it is follows). A
        second contract of the round is revealed as it is (`asked_later`)."""
        state = self.state
        unseen = supply_cards(state)
        candidates = [cid for cid, card in state.catalogue.cards.items()
                      if cid in unseen and card.kind == kind]
        guesses = asked_kinds(state).get(kind, [])
        if guesses and asked_later(state, kind):
            self.pick(guesses[0])
        elif candidates:
            self.ui.open("confirm", card_id=candidates[0], field=PRINTED_FIELD[kind],
                         candidates=candidates, then=partial(self.revealed_since, state))

    def turn(self, step: int) -> None:
        """The next or the previous page of cards."""
        self.page = max(0, self.page + step)
        self.ui.dirty = True

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        view = self.kept("view", (state, self.ship, tuple(self.goods), self.page,
                                  i18n.language()),
                         lambda: supply_view(state, self.ship, self.goods, self.page))
        plan = places.plan(c, view, area, self.game.plans.last(SupplyPlan),
                           (_("Other card"), _("Clear goods")))
        self.view, self.plan = view, plan
        self.game.plans.keep(plan)
        if plan.grid is not None:
            self.page = plan.grid.page
        for item in plan.items:
            if isinstance(item, Control):
                c.button(item.box, item.label, self.intent(item.does), key=item.key,
                         colour=item.colour, size=item.size, name=item.name, badge=item.badge)
            elif isinstance(item, Words):
                layout.draw_text(c, item.text, item.box, item.size, item.colour,
                                 role=item.role, align=item.align, valign=item.valign,
                                 max_lines=item.max_lines)
            elif isinstance(item, Mark):
                c.text(item.text, item.at, item.size, MUTED, anchor="center", role=item.role)
            elif isinstance(item, Cube):
                c.cube(item.good, item.box, names.good_initial(item.good))
            else:
                c.rect(item.box, PANEL)

    def intent(self, does: tuple[str, tuple[object, ...]] | None) -> Callable[[], None] | None:
        """What a tap on a control of the plan does (`places.Control.does`)."""
        if does is None:
            return None
        acts: dict[str, Callable[..., None]] = {
            "tap_card": self.tap_card, "ask": self.ask, "tell_value": self.tell_value,
            "ship_good": self.ship_good, "turn": self.turn, "add_good": self.add_good,
            "clear": self.clear, "cancel_ship": self.cancel_ship}
        return partial(acts[does[0]], *does[1])
