"""Purchase: for each card, left to right, who bought it and for how much (quick form),
or every worker placement and offer (tracked form, a setting)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.engine import Buy, Discard, Pass, Place, State
from companion.engine.legal import buy_prices, refusal
from companion.engine.words import Phase
from companion.ui import buttons, layout, names, words
from companion.ui.canvas import BODY, LARGE, SMALL, Canvas
from companion.ui.hyphen import plain
from companion.ui.i18n import _, language
from companion.ui.layouts import purchase as placed
from companion.ui.layouts.purchase import Tiles
from companion.ui.memo import Same
from companion.ui.scene import GameHost, Primary, SceneHost
from companion.ui.scenes.round import RoundScene
from companion.ui.tokens import ACCENT, MUTED, PANEL, PANEL_HI, PLAYER_COLOURS, TEXT
from companion.ui.views.purchase import (
    PricePage,
    PurchaseView,
    TrackedView,
    offer_of,
    purchase_view,
    switch_shown,
    tracked_view,
)

MAX_PRICE = 8

#: Each card's hints, and all of them in a row (`PurchaseScene._every_hint`).
Hints = tuple[tuple[tuple[str, str], ...], tuple[str, ...]]


def draw_tiles(c: Canvas, state: State, plan: Tiles, current: int | None,
               on_tap: Callable[[int], object] | None = None) -> None:
    """The round's cards as the layout placed them (`layouts.purchase.tiles`); the card
    being settled (`current`) framed; with `on_tap`, each tile a target."""
    for i, tile in enumerate(plan.tiles):
        c.rect(tile.box, PANEL_HI if i == current else PANEL)
        c.card_mark(state.slots[i].card, tile.box)
        if on_tap is not None:
            # A tile is a target named by its card (the frame description's label), its
            # name drawn below as the tile's own text.
            c.region(tile.box, partial(on_tap, i), f"slot:{i}",
                     plain(words.slot_name(state, i)))
        if i == current:
            c.rect(tile.box, ACCENT, width=plan.border)
        if tile.lines:
            layout.draw_text(c, tile.label, tile.room, SMALL, TEXT, align="center",
                             max_lines=tile.lines)
        for good, cube in tile.cubes:
            c.cube(good, cube, names.good_initial(good))
        for line, at in zip(tile.status, tile.status_at, strict=True):
            c.text(line, at, SMALL, tile.colour, anchor="midtop")


class PurchaseScene(RoundScene):
    """Quick form: for the card being settled, one tap on the buyer's price in the buyer ×
    price grid (companion/ui/views/purchase.py), or OK: nobody bought it."""

    name = "purchase"

    def cards_shown(self, state: State) -> list[str]:
        return [slot.card for slot in state.slots]

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        #: A buyer and price counted up with the player's own button, not yet recorded.
        self.buyer: str | None = None
        self.price = 1
        #: (buyer, price) before each press of this card's entry, for Undo.
        self.taps: list[tuple[str | None, int]] = []
        #: The grid's first price column (after the page button: the higher prices), and
        #: the card it was turned for.
        self.first = 1
        self.first_for: tuple[int, int] | None = None
        #: The last frame's plan (`layouts.purchase.plan`): made once a frame; it keeps
        #: the form switch's place for the round (nothing moves when the switch goes).
        self.plan: placed.QuickFrame | None = None
        #: The prices shown last (`act`) and each enabled price's target: (buyer, price).
        self.enabled: tuple[PricePage | None, dict[str, tuple[str, int]]] = (None, {})
        #: The hints (`_every_hint`) and the primary actions (`primaries`) of the last
        #: state asked about, with what else they were worked out for (a frame asks for
        #: them several times).
        self._hints_of: tuple[State, tuple[object, ...], Hints] | None = None
        self._primaries_of: tuple[State, str, tuple[str, ...]] | None = None

    def on_enter(self) -> None:
        self.buyer = None
        self.price = 1
        self.taps = []
        self.first = 1

    def entry_pending(self) -> bool:
        return bool(self.taps)

    def undo_entry(self) -> str | None:
        if not self.taps:
            return None
        was = (self.buyer, self.price)
        self.buyer, self.price = self.taps.pop()
        self.ui.dirty = True
        if was[0] is not None and was[0] == self.buyer:
            return _("price {price}").format(price=was[1])
        if was[0] is not None:
            return words.player_name(self.state, was[0])
        return _("nobody")

    def hint(self) -> str:
        return self.hints_for(self.state.settling)[self.buyer is not None]

    def hints(self) -> list[str]:
        # Every card's: the hint's place is as tall as the longest name needs, so the grid
        # stays where it is from card to card.
        return list(self._every_hint()[1])

    def hints_for(self, index: int) -> tuple[str, str]:
        """The card at `index` named in full, and what to do: a tap on a price records the
        purchase; a player's own button counts it up, OK records it."""
        each = self._every_hint()[0]
        return each[min(index, len(each) - 1)]

    def _every_hint(self) -> Hints:
        """Each card's hints (`hints_for`; then those past the last card), and all of them
        in a row (`hints`): worked out once for what they read (`UI.memo`), the language,
        the window's shape and the round's cards (a new state comes with every Undo and
        Redo; a frame asks for them three times)."""
        state = self.state
        # Portrait: the tiles, three to a row, name their cards in full; the line goes.
        surface = getattr(self.ui, "surface", None)
        portrait = surface is not None and surface.get_width() < surface.get_height()
        said_in = (language(), portrait)
        kept = self._hints_of
        if kept is not None and kept[0] is state and kept[1] == said_in:
            return kept[2]
        cards = tuple(slot.card for slot in state.slots)
        key = ("purchase-hints", *said_in, cards, Same(state.catalogue))

        def work_out() -> Hints:
            each = tuple(self._hints_for(state, index, portrait)
                         for index in range(len(cards) + 1))
            return each, tuple(hint for pair in each[:len(cards)] or each for hint in pair)

        hints: Hints = self.ui.memo.get(key, work_out)
        self._hints_of = (state, said_in, hints)
        return hints

    @staticmethod
    def _hints_for(state: State, index: int, portrait: bool) -> tuple[str, str]:
        # The hint names the bar's button by its own label: the table saw no "OK" there.
        tap = _("Tap the price in the buyer's row, or \u201c{nobody}\u201d.").format(
            nobody=_("Nobody bought it"))
        if index >= len(state.slots):
            return (tap, tap)
        press = _("Press their button again: price +1. OK records the purchase.")
        if portrait:
            return (tap, press)
        card = state.catalogue[state.slots[index].card]
        which = _("Card {k} of {n}: {card}").format(k=index + 1, n=len(state.slots),
                                                   card=plain(names.card_name(card)))
        return (f"{which}  \u00b7  {tap}", f"{which}  \u00b7  {press}")

    def prices(self, pid: str) -> range:
        """The prices `pid` may pay for the card being settled (the engine's rule)."""
        return buy_prices(self.state, pid)

    def select(self, pid: str) -> None:
        """A player's own button: their first press chooses them at price 1 (recorded at
        once where they may pay one price only), each further press raises the price."""
        prices = self.prices(pid)
        if not prices:
            # Refused at the press (issue 31), not at OK: a price the player cannot pay.
            self.ui.error(_("{name} cannot buy this card (coins: {coins}).").format(
                name=words.player_name(self.state, pid),
                coins=self.state.player(pid).coins))
            return
        if self.buyer == pid and self.price + 1 not in prices:
            # Refused at the press (issue 31), in the engine's words, not later at OK: the
            # price stays what it was (Undo lowers it).
            state = self.state
            exc = refusal(state, Buy(pid, state.settling, self.price + 1))
            self.ui.error(words.refusal(state, exc) if exc is not None else
                          _("{name} cannot pay more.").format(
                              name=words.player_name(state, pid)))
            return
        self.taps.append((self.buyer, self.price))
        if self.buyer == pid:
            self.price += 1
        else:
            self.buyer = pid
            self.price = prices[0]
            if len(prices) == 1:
                self.record()
        self.ui.dirty = True

    def legend(self) -> dict[str, str]:
        """A player's button: that player buys (at the lowest price), pressed again the
        price +1 (within their coins); a player who cannot buy it: nothing. Before the
        round's first entry and with no buyer chosen, OK held turns to the tracked form
        for this round, as the form switch does (`on_ok_held`), at every player count.
        Kept by all it reads (`UI.memo`: a new state comes with every Undo and Redo): the
        language, the buyer chosen, the switch, and what the engine's prices read (the
        phase, the form, the card being settled, the round's slots, the players' coins)."""
        state, buyer, held, lang = self.state, self.buyer, self.switch_held(), language()
        return dict(self.kept("legend", (state, buyer, held, lang),
                              lambda: self._legend(state, buyer, held, lang)))

    def _legend(self, state: State, buyer: str | None, held: bool, lang: str
                ) -> dict[str, str]:
        key = ("purchase-legend", lang, buyer, held, state.phase, state.form,
               state.settling, state.slots, state.players,
               tuple(state.player(pid).coins for pid in state.players))

        def work_out() -> dict[str, str]:
            out = {}
            for pid in state.players:
                if buy_prices(state, pid):
                    out[pid] = _("price +1") if pid == buyer else _("buys")
            if held:
                # One short word, as "buys": the switch's own "Track workers" has no room
                # in a legend's cell (issue 31's legend shows the buttons' meanings on one
                # line).
                out["ok-held"] = _("workers")
            return out

        legend: dict[str, str] = self.ui.memo.get(key, work_out)
        return legend

    def switch_held(self) -> bool:
        """Whether OK held switches to the tracked form now: while the switch is offered
        and no buyer is chosen on the buttons. A chosen buyer is the round's first
        purchase begun in this form (Undo takes it back), as a card chosen on the tracked
        form's buttons makes OK place the worker rather than switch."""
        return self.buyer is None and switch_shown(self.state)

    def on_ok_held(self) -> None:
        """OK held: the round in the tracked form (`switch_held`). Not a colour nobody
        plays (it was, at 2-4 players): one way at every player count, the legend says
        the same at a table of two and of five, and a stray press on a button nobody sits
        at changes nothing (issue 31)."""
        if self.switch_held():
            self.game.switch_form()

    def buy(self, pid: str, price: int) -> None:
        """A tap on a price in a player's row: the purchase, recorded at once."""
        self.buyer, self.price = pid, price
        self.record()
        self.ui.dirty = True

    def screen_key(self) -> object:
        """The price page shown: the page button turns it, and the button back ("‹ 1–4")
        comes where the finger is, so a hurried second tap does not turn it back."""
        if self.ui.game is None:
            return None
        state = self.state
        return self.first if self.first_for == (state.round, state.settling) else 1

    def turn_page(self, first: int) -> None:
        """The page button: the grid's columns show the prices from `first` on."""
        self.first = first
        self.first_for = (self.state.round, self.state.settling)
        self.ui.dirty = True

    def on_player(self, colour: str) -> None:
        if colour in self.state.players:
            self.select(colour)

    def step(self, delta: int) -> None:
        self.taps.append((self.buyer, self.price))
        self.price = max(1, min(MAX_PRICE, self.price + delta))
        self.ui.dirty = True

    def primary(self) -> Primary:
        state = self.state
        if self.buyer is None:
            return (_("Nobody bought it"), self.record)
        return (_("{name} pays {price}").format(
            name=words.player_name(state, self.buyer), price=self.price), self.record)

    def primaries(self) -> list[Primary]:
        """Nobody, or any player paying any price: the bar's button is as wide as the
        widest, so choosing a buyer moves neither it nor the "?" beside it."""
        state, lang = self.state, language()
        kept = self._primaries_of
        if kept is not None and kept[0] is state and kept[1] == lang:
            labels = kept[2]
        else:
            # The labels by what they read (`UI.memo`): the language and the players'
            # names (a new state comes with every Undo and Redo).
            named = tuple(words.player_name(state, pid) for pid in state.players)
            labels = self.ui.memo.get(("purchase-primaries", lang, named), lambda: (
                _("Nobody bought it"),
                *(_("{name} pays {price}").format(name=name, price=price)
                  for name in named for price in range(1, MAX_PRICE + 1))))
            self._primaries_of = (state, lang, labels)
        # (The scene's own `record` does each; not kept in the scene: a scene holding its
        # own bound methods is a reference cycle, freed only by the garbage collector,
        # whose passes over the discarded scenes of Undo and Redo took ~0.1 ms a frame.)
        return [(label, self.record) for label in labels]

    def record(self) -> None:
        slot = self.state.settling
        buyer, price = self.buyer, self.price
        self.buyer, self.price, self.taps, self.first = None, 1, [], 1
        if buyer is None:
            self.game.act(Discard(slot))
        else:
            self.game.act(Buy(buyer, slot, price))

    def view(self, state: State) -> PurchaseView:
        """What the screen shows now (`views.purchase.purchase_view`): the buyer and price
        counted up with a player's own button, the page the table turned to (on this
        card); once per state and entry."""
        turned = self.first if self.first_for == (state.round, state.settling) else 1
        chosen = (self.buyer, self.price) if self.buyer is not None else None
        lang = language()
        return self.kept("view", (state, chosen, turned, lang),
                         lambda: purchase_view(state, chosen, turned, lang))

    def phase_least(self, c: Canvas, state: State, width: int) -> int:
        """The tiles and the grid with four price columns at least: what the frame gives
        way for (`layouts.purchase.least`, no plan made; remembered in the UI's memo)."""
        return placed.least(c, state, width, False, self.plan, self.ui.memo.get)

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        view = self.view(state)
        # The tiles' and the grid's places in the UI's memo: the new scene of an Undo or a
        # Redo finds them where the slots and the room are the same.
        got = self.plan = placed.plan(c, view, area, self.plan, self.ui.memo.get)
        key = placed.body_key(got)
        if key is None:
            self.paint_body(c, area)
            return
        # The body as one image, kept by what it shows (`layouts.purchase.body_key`): the
        # new scene of an Undo or a Redo that shows what a frame before showed puts it back
        # with one blit, its targets doing what this scene does (`act`).
        c.layer(key, area, self.paint_body, self.act, here=True)

    def paint_body(self, c: Canvas, area: pygame.Rect) -> None:
        """The tiles, the price grid, the page button and the form switch as this frame's
        plan (`self.plan`) placed them."""
        got = self.plan
        assert got is not None
        state, view = got.view.state, got.view
        plan, prices = got.places, got.prices
        draw_tiles(c, state, plan.tiles, view.index)
        if prices is None:
            return
        faces = plan.faces
        for row, boxes in zip(prices.rows, plan.cells, strict=True):
            for cell, box in zip(row.cells, boxes, strict=False):
                c.button(box, str(cell.price),
                         partial(self.buy, row.pid, cell.price) if cell.enabled else None,
                         key=f"price:{row.pid}:{cell.price}", name=cell.label,
                         colour=PLAYER_COLOURS.get(row.pid, PANEL_HI),
                         size=faces.price_size if faces else LARGE,
                         selected=cell.selected, badge=row.letter,
                         badge_size=faces.badge_size if faces else BODY,
                         under=faces.under if faces else False)
        if plan.page is not None and prices.page:
            c.button(plan.page, prices.page, partial(self.turn_page, prices.page_to),
                     key="price:page")
        if plan.switch is not None:
            form_switch(c, state, self.game, False, plan.switch)

    def act(self, key: str) -> Callable[[], object] | None:
        """What a tap on the body's target `key` does on this frame (the body put back as
        the image a scene before drew: `draw_phase`): a price records that purchase, the
        page button turns the columns, the switch the form; None: nothing (a price the
        player cannot pay has no target, and its greying is part of the body's key)."""
        got = self.plan
        prices = got.prices if got is not None else None
        if prices is None:
            return None
        if key == "price:page":
            return partial(self.turn_page, prices.page_to) if prices.page else None
        if key == "form:other":
            return self.game.switch_form if switch_shown(self.state) else None
        if self.enabled[0] is not prices:
            self.enabled = (prices, {f"price:{row.pid}:{cell.price}": (row.pid, cell.price)
                                     for row in prices.rows for cell in row.cells
                                     if cell.enabled})
        bought = self.enabled[1].get(key)
        return partial(self.buy, *bought) if bought is not None else None


def form_switch(c: Canvas, state: State, game: GameHost, tracked: bool,
                where: pygame.Rect, ok: bool = False) -> None:
    """Before the round's first entry the table may use the other form for this round
    (the button where the layout placed it); `ok`: OK presses it too, which its corner
    says with the mark of OK's action (`layouts.purchase.OK_MARK`, as the bar's)."""
    if not switch_shown(state):
        return
    label = _("Quick form") if tracked else _("Track workers")
    c.button(where, label, game.switch_form, key="form:other",
             badge=placed.OK_MARK if ok else None)


class TrackedPurchaseScene(RoundScene):
    """Tracked form: each worker placed in turn, then each offer accepted or declined."""

    name = "purchase-tracked"

    def cards_shown(self, state: State) -> list[str]:
        return [slot.card for slot in state.slots]

    def turn(self) -> str:
        state = self.state
        return state.seat_after(state.first_player, state.placed)

    def hint(self) -> str:
        hints = self.hints()
        if self.state.phase == Phase.DEMAND:
            return hints[0]
        # The hint says what the bottom-right button does as it reads now: "OK: the offer
        # is accepted" beside "Red cannot pay: pass" said two things (issue 30).
        offer = self.offer()
        if offer is not None and self.state.player(offer[0]).coins < offer[2]:
            return hints[2]
        return hints[1]

    def hints(self) -> list[str]:
        # All of them, for Demand and the offers: the hint's place stays the same all round.
        return [_("Tap the card above which the worker was placed."),
                _("Buy: the button bottom right. Pass: the worker goes home."),
                _("Who cannot pay passes: the button bottom right, or Pass.")]

    def place(self, index: int) -> None:
        self.pressed = None
        self.game.act(Place(self.turn(), index))

    # --- the table's buttons (issue 31) ------------------------------------------------
    #: Demand: the card chosen on the buttons (an index of the round's cards), which OK
    #: places the worker above; an offer: "pass" chosen by the offered player's button.
    pressed: int | str | None = None

    #: The last frame's plan (`layouts.purchase.plan`), made once a frame.
    plan: placed.TrackedFrame | None = None

    def on_enter(self) -> None:
        self.pressed = None

    def legend(self) -> dict[str, str]:
        """Demand: the buttons are the cards in their order (1-5; with six cards the fifth
        button is card 5, pressed again card 6), OK places the worker; before the round's
        first entry, OK with no card chosen turns to the quick form for this round. An
        offer: the offered player's button is Pass (then OK)."""
        state = self.state
        order = buttons.order(state)
        if state.phase == Phase.DEMAND:
            count = len(state.slots)
            out = {}
            for at, colour in enumerate(order):
                if at < count:
                    out[colour] = f"{at + 1}/{at + 2}" if at == 4 and count > 5 else \
                        str(at + 1)
            if self.pressed is None and switch_shown(state):
                # Before the round's first entry, OK with no card chosen turns to the
                # quick form for this round, as the form switch does (issue 31).
                out["ok"] = _("Quick form")
            return out
        offer = self.offer()
        if offer is None:
            return {}
        return {offer[0]: _("Pass")}

    def on_player(self, colour: str) -> None:
        state = self.state
        if state.phase == Phase.DEMAND:
            at = buttons.position(state, colour)
            count = len(state.slots)
            if not 0 <= at < count:
                return
            if at == 4 and count > 5 and self.pressed == 4:
                at = 5
            self.pressed = at
            self.ui.info(_("{card}: OK places the worker.").format(
                card=plain(words.slot_name(state, at))))
            self.ui.dirty = True
            return
        offer = self.offer()
        if offer is not None and colour == offer[0]:
            self.pressed = "pass"
            self.ui.info(_("{name} passes: OK records it.").format(
                name=words.player_name(state, colour)))
            self.ui.dirty = True


    def on_ok(self) -> bool:
        pressed, self.pressed = self.pressed, None
        state = self.state
        if state.phase == Phase.DEMAND:
            if isinstance(pressed, int) and pressed < len(state.slots):
                self.place(pressed)
            elif pressed is None and switch_shown(state):
                self.game.switch_form()
            else:
                self.ui.info(_("Press the button of the card the worker was placed "
                               "above first."))
            return True
        if pressed == "pass":
            self.decline()
            return True
        return False

    def entry_pending(self) -> bool:
        return self.pressed is not None

    def undo_entry(self) -> str | None:
        if self.pressed is None:
            return None
        self.pressed = None
        self.ui.dirty = True
        return _("the choice")

    def offer(self) -> tuple[str, int, int] | None:
        return offer_of(self.state)

    def primary(self) -> Primary | None:
        if isinstance(self.pressed, int) and self.state.phase == Phase.DEMAND:
            return (_("Place the worker"), self.on_ok)  # the card chosen on the buttons
        offer = self.offer()
        if offer is None:
            return None
        if self.pressed == "pass":
            return (_("Pass"), self.on_ok)
        pid, index, price = offer
        if self.state.player(pid).coins < price:
            # The worker goes home anyway: passing is the one thing left, so OK does it.
            return (_("{name} cannot pay: pass").format(
                name=words.player_name(self.state, pid)), self.decline)
        return (_("{name} buys for {price}¢").format(
            name=words.player_name(self.state, pid), price=price),
            lambda: self.game.act(Buy(pid, index)))

    def primaries(self) -> list[Primary]:
        """Any player buying at any price, or passing: the bar's button keeps its place
        (and the "?" beside it) from offer to offer, and from Demand on."""
        state = self.state
        return list(self.kept("primaries", (state, _("Nobody bought it")), lambda: [
            label for pid in state.players for label in (
                (_("{name} cannot pay: pass").format(name=words.player_name(state, pid)),
                 self.decline),
                *((_("{name} buys for {price}¢").format(
                    name=words.player_name(state, pid), price=price), self.decline)
                  for price in range(1, MAX_PRICE + 1)))] + [
            (_("Place the worker"), self.on_ok), (_("Pass"), self.on_ok)]))

    def decline(self) -> None:
        offer = self.offer()
        if offer:
            self.game.act(Pass(offer[0], offer[1]))

    def phase_least(self, c: Canvas, state: State, width: int) -> int:
        """An offer: the tiles, and Pass with the offer beside it; the same from the
        round's first worker on (`layouts.purchase.least`, no plan made)."""
        return placed.least(c, state, width, True)

    def view(self, state: State) -> TrackedView:
        """What the screen shows now (`views.purchase.tracked_view`): the card chosen on
        the buttons; once per state and choice."""
        chosen = self.pressed if isinstance(self.pressed, int) else None
        lang = language()
        table = self.ui.services.buttons
        return self.kept("view", (state, chosen, lang, table),
                         lambda: tracked_view(state, chosen, lang, table))

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        view = self.view(state)
        got = self.plan = placed.plan(c, view, area, self.plan)
        if got.demand is not None:
            demand = got.demand
            c.player_badge(view.turn, demand.badge, demand.badge_r, view.letter)
            layout.draw_text(c, view.line, demand.line, BODY, TEXT, max_lines=1)
            draw_tiles(c, state, demand.tiles, view.chosen, on_tap=self.place)
            # With the table's buttons, OK with no card chosen is the switch (`legend`):
            # the bar has no OK label then, so the switch's corner says it.
            form_switch(c, state, self.game, True, demand.switch,
                        ok=view.ok_switch and view.chosen is None)
            return
        plan = got.offer
        if plan is None:
            return
        draw_tiles(c, state, plan.tiles, state.settling)
        said = view.said or ""
        if plan.said is not None:
            layout.draw_text(c, said, plan.said, BODY, TEXT)
        if plan.coins is not None:
            layout.draw_text(c, view.coins, plan.coins, BODY, MUTED)
        if plan.passing is not None:
            c.button(plan.passing, _("Pass"), self.decline, key="pass")
        if plan.beside is not None:
            layout.draw_text(c, said, plan.beside, BODY, TEXT, role="body", valign="center")
