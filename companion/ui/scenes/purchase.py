"""Purchase: for each card, left to right, who bought it and for how much (quick form),
or every worker placement and offer (tracked form, a setting)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.engine import Buy, Discard, Pass, Place, State
from companion.ui import layout, names, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    HUGE,
    LARGE,
    MUTED,
    PANEL,
    PANEL_HI,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    Canvas,
)
from companion.ui.i18n import _
from companion.ui.scene import GameHost, Primary, SceneHost
from companion.ui.scenes.round import RoundScene

MAX_PRICE = 8


def draw_slots(c: Canvas, state: State, rect: pygame.Rect, current: int | None,
               on_tap: Callable[[int], object] | None = None) -> None:
    """The round's cards left to right: settled ones say how; workers shown by letter."""
    n = max(1, len(state.slots))
    gap = c.u(8)
    w = (rect.w - gap * (n - 1)) // n
    for i, slot in enumerate(state.slots):
        box = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h)
        card = state.catalogue[slot.card]
        fill = PANEL_HI if i == current else PANEL
        if on_tap is not None:
            c.button(box, "", partial(on_tap, i), key=f"slot:{i}", colour=fill)
        else:
            c.rect(box, fill)
        if i == current:
            c.rect(box, ACCENT, width=max(2, c.u(3)))
        # The card's name on as many lines as it needs ("Teppich-/händler" at its soft hyphen).
        used = layout.draw_text(c, names.card_name(card), pygame.Rect(
            box.x + c.u(4), box.y + c.u(4), w - c.u(8), box.h // 2), SMALL, TEXT,
            role="secondary", align="center")
        y = used.bottom + c.u(2)
        if slot.goods:
            gap = c.u(2)
            size = min(c.u(28), (w - c.u(6) - 2 * gap) // 3)
            x0 = box.centerx - (3 * size + 2 * gap) // 2
            for k, good in enumerate(slot.goods):
                c.cube(good, pygame.Rect(x0 + k * (size + gap), y, size, size),
                       names.good_initial(good))
            y += size + c.u(2)
        if slot.outcome == "bought" and slot.buyer:
            c.text(f"{words.letter(state, slot.buyer)} \u00b7 {slot.price}",
                   (box.centerx, box.bottom - c.u(4)), SMALL, PLAYER_COLOURS.get(slot.buyer, TEXT),
                   anchor="midbottom")
        elif slot.outcome == "discarded":
            c.text(_("discarded"), (box.centerx, box.bottom - c.u(4)), SMALL, MUTED,
                   anchor="midbottom")
        elif slot.workers:
            text = "".join(words.letter(state, p) for p in slot.workers)
            c.text(text, (box.centerx, box.bottom - c.u(4)), SMALL, ACCENT, anchor="midbottom",
                   max_width=w - c.u(4))


class PurchaseScene(RoundScene):
    """Quick form: for the card being settled, the buyer's button and the price, or nobody."""

    name = "purchase"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.buyer: str | None = None
        self.price = 1
        #: (buyer, price) before each tap of this card's entry, for Undo.
        self.taps: list[tuple[str | None, int]] = []

    def on_enter(self) -> None:
        self.buyer = None
        self.price = 1
        self.taps = []

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
        if self.buyer is not None:  # OK now records the purchase, not "nobody"
            return _("OK records the purchase. Price: press their button again, or \u2212 / +.")
        return _("Tap the buyer (press their button again: price +1), or OK for nobody.")

    def select(self, pid: str) -> None:
        self.taps.append((self.buyer, self.price))
        if self.buyer == pid:
            self.price = self.price % MAX_PRICE + 1
        else:
            self.buyer = pid
            self.price = 1
        self.ui.dirty = True

    def nobody(self) -> None:
        self.taps.append((self.buyer, self.price))
        self.buyer = None
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

    def record(self) -> None:
        slot = self.state.settling
        if self.buyer is None:
            self.game.act(Discard(slot))
        else:
            self.game.act(Buy(self.buyer, slot, self.price))

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        current = state.settling
        draw_slots(c, state, pygame.Rect(area.x, area.y, area.w, c.u(84)), current)
        if current >= len(state.slots):
            return
        y = area.y + c.u(90)
        card = state.catalogue[state.slots[current].card]
        c.text(_("Card {k} of {n}: {card}").format(k=current + 1, n=len(state.slots),
                                                  card=names.card_name(card)),
               (area.x, y), BODY, TEXT, max_width=area.w)
        y += c.u(30)
        c.text(_("Who bought it?"), (area.x, y), SMALL, MUTED)
        y += c.u(24)
        x = area.x
        size = c.u(64)
        for pid in state.players:
            box = pygame.Rect(x, y, size, size)
            c.button(box, words.letter(state, pid), partial(self.select, pid),
                     key=f"buyer:{pid}", colour=PLAYER_COLOURS.get(pid, PANEL_HI), size=LARGE,
                     selected=self.buyer == pid, badge=str(state.player(pid).coins))
            x += size + c.u(8)
        c.button(pygame.Rect(x, y, min(c.u(150), area.right - x), size), _("nobody"),
                 self.nobody, key="buyer:nobody", selected=self.buyer is None, size=SMALL)
        y += size + c.u(10)
        c.text(_("Price:"), (area.x, y + size // 2), BODY, TEXT, anchor="midleft")
        x = area.x + c.u(100)
        c.button(pygame.Rect(x, y, size, size), "\u2212", (lambda: self.step(-1))
                 if self.buyer else None, key="price:-", size=LARGE)
        c.text(str(self.price) if self.buyer else "\u2013", (x + size + c.u(40), y + size // 2),
               HUGE, ACCENT if self.buyer else MUTED, anchor="center")
        c.button(pygame.Rect(x + size + c.u(80), y, size, size), "+",
                 (lambda: self.step(1)) if self.buyer else None, key="price:+", size=LARGE)
        form_switch(c, state, self.game, False, area)


def form_switch(c: Canvas, state: State, game: GameHost, tracked: bool,
                area: pygame.Rect) -> None:
    """Before the round's first entry the table may use the other form for this round."""
    if state.form is not None or state.phase != "demand" or state.placed:
        return
    label = _("Quick form") if tracked else _("Track workers")
    c.button(pygame.Rect(area.right - c.u(150), area.bottom - c.u(56), c.u(150), c.u(56)),
             label, game.switch_form, key="form:other", size=SMALL)


class TrackedPurchaseScene(RoundScene):
    """Tracked form: each worker placed in turn, then each offer accepted or declined."""

    name = "purchase-tracked"

    def turn(self) -> str:
        state = self.state
        return state.seat_after(state.first_player, state.placed)

    def hint(self) -> str:
        if self.state.phase == "demand":
            return _("Tap the card above which the worker was placed.")
        return _("OK: the offer is accepted. Pass: the worker goes home.")

    def place(self, index: int) -> None:
        self.game.act(Place(self.turn(), index))

    def offer(self) -> tuple[str, int, int] | None:
        state = self.state
        index = state.settling
        if state.phase != "purchase" or index >= len(state.slots):
            return None
        slot = state.slots[index]
        if not slot.workers:
            return None
        return slot.workers[0], index, len(slot.workers)

    def primary(self) -> Primary | None:
        offer = self.offer()
        if offer is None:
            return None
        pid, index, price = offer
        if self.state.player(pid).coins < price:
            return (_("{name} cannot pay").format(name=words.player_name(self.state, pid)), None)
        return (_("{name} buys for {price}").format(
            name=words.player_name(self.state, pid), price=price),
            lambda: self.game.act(Buy(pid, index)))

    def decline(self) -> None:
        offer = self.offer()
        if offer:
            self.game.act(Pass(offer[0], offer[1]))

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        if state.phase == "demand":
            pid = self.turn()
            total = 3 * state.player_count
            c.player_badge(pid, (area.x + c.u(16), area.y + c.u(16)), c.u(14),
                           words.letter(state, pid))
            c.text(_("{name} places worker {k} of {n}").format(
                name=words.player_name(state, pid), k=state.placed + 1, n=total),
                (area.x + c.u(40), area.y + c.u(16)), BODY, TEXT, anchor="midleft")
            draw_slots(c, state, pygame.Rect(area.x, area.y + c.u(40), area.w, c.u(150)), None,
                       on_tap=self.place)
            form_switch(c, state, self.game, True, area)
            return
        offer = self.offer()
        draw_slots(c, state, pygame.Rect(area.x, area.y, area.w, c.u(120)), state.settling)
        if offer is None:
            return
        pid, index, price = offer
        y = area.y + c.u(132)
        card = state.catalogue[state.slots[index].card]
        c.text(_("Offer: {card} to {name} for {price}").format(
            card=names.card_name(card), name=words.player_name(state, pid), price=price),
            (area.x, y), BODY, TEXT, max_width=area.w)
        y += c.u(36)
        c.text(_("Coins of {name}: {coins}").format(
            name=words.player_name(state, pid), coins=state.player(pid).coins),
            (area.x, y), BODY, MUTED)
        y += c.u(40)
        c.button(pygame.Rect(area.x, y, c.u(180), c.u(60)), _("Pass"), self.decline,
                 key="pass")
