"""Supply: tap (or scan) each card as it is revealed; a ship asks for its 3 goods."""

from __future__ import annotations

from functools import partial

import pygame

from companion.engine import GOODS, Reveal, State
from companion.ui import names
from companion.ui.canvas import (
    BODY,
    GOOD_COLOURS,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    Canvas,
    font,
)
from companion.ui.i18n import _
from companion.ui.scene import Primary, SceneHost
from companion.ui.scenes.round import RoundScene


def slot_label(state: State, index: int) -> str:
    slot = state.slots[index]
    text = names.card_name(state.catalogue[slot.card])
    if slot.goods:
        text += " " + "/".join(names.good_initial(g) for g in slot.goods)
    return text


class SupplyScene(RoundScene):
    """Pick each revealed card from the unseen cards of the top season."""

    name = "supply"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.ship: str | None = None
        self.goods: list[str] = []

    def on_enter(self) -> None:
        self.ship = None
        self.goods = []

    def hint(self) -> str:
        if self.ship:
            return _("Tap the 3 goods drawn from the bag for the ship, in any order.")
        return _("Tap the card just revealed, or scan it.")

    def primary(self) -> Primary | None:
        if self.ship:
            # OK never destroys: the third good records the ship, so OK has nothing to
            # confirm before that; clearing is its own, smaller button.
            return (_("{k} of 3 goods").format(k=len(self.goods)), None)
        return None

    def clear(self) -> None:
        if self.goods:
            self.goods = []
        else:
            self.ship = None
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

    def on_back(self) -> None:
        self.ship = None
        self.goods = []

    def on_card(self, card_id: str) -> None:
        self.pick(card_id)

    def pick(self, card_id: str) -> None:
        state = self.state
        card = state.catalogue[card_id]
        if card.kind == "ship":
            self.ship = card_id
            self.goods = []
            self.ui.dirty = True
            return
        self.game.act(Reveal(card_id))

    def tap_card(self, card_id: str) -> None:
        simulator = self.ui.services.simulator
        if simulator is not None and hasattr(simulator, "scan_card"):
            simulator.scan_card(card_id)  # the simulated reader: the real adapter path
        else:
            self.pick(card_id)

    def add_good(self, good: str) -> None:
        self.goods.append(good)
        if len(self.goods) == 3 and self.ship:
            action = Reveal(self.ship, tuple(self.goods))
            if not self.game.act(action):
                self.goods.pop()

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        need = state.player_count + 1
        y = area.y
        r = c.text(_("Revealed {k} of {n}").format(k=len(state.slots), n=need),
                   (area.x, y), BODY, TEXT)
        items = [f"{i + 1}. {slot_label(state, i)}" for i in range(len(state.slots))]
        room = area.right - r.right - c.u(12)
        revealed = "  ".join(items)
        # Too long (German, French): keep the latest cards whole, the first ones give way.
        while len(items) > 1 and font(c.px(SMALL)).size(revealed)[0] > room:
            items.pop(0)
            revealed = "\u2026  " + "  ".join(items)
        if revealed:
            c.text(revealed, (r.right + c.u(12), r.centery), SMALL, MUTED, anchor="midleft",
                   max_width=room)
        y += c.u(30)
        if self.ship:
            self.draw_goods(c, state, pygame.Rect(area.x, y, area.w, area.bottom - y))
        else:
            self.draw_cards(c, state, pygame.Rect(area.x, y, area.w, area.bottom - y))

    def draw_cards(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        season = state.top_season()
        if season is None:
            c.text(_("Only the 4th fire is left in the pile."), rect.topleft, BODY, TEXT)
            return
        unseen = state.unseen[season]
        # Every card of the season in this game keeps its place; the ones already seen stay
        # as blank spaces, so the card under a finger never moves (a quick second tap, or
        # two cards tapped in a row, hits what the player saw).
        cards = [cid for cid, card in state.catalogue.cards.items()
                 if card.season == season and state.player_count not in card.removed_for]
        cards += sorted(cid for cid in unseen if cid not in cards)
        c.text(_("{season}: {n} cards unseen").format(season=names.season(season),
                                                      n=len(unseen)),
               (rect.x, rect.y), SMALL, MUTED)
        top = rect.y + c.u(22)
        cols = 4 if len(cards) > 9 else 3
        rows = max(1, -(-len(cards) // cols))
        gap = c.u(8)
        w = (rect.w - gap * (cols - 1)) // cols
        h = min(c.u(64), (rect.bottom - top - gap * (rows - 1)) // rows)
        for i, cid in enumerate(cards):
            col, row = i % cols, i // cols
            box = pygame.Rect(rect.x + col * (w + gap), top + row * (h + gap), w, h)
            if cid not in unseen:
                c.rect(box, PANEL)
                continue
            card = state.catalogue[cid]
            colour = (150, 52, 40) if card.kind == "fire" else (58, 80, 110) \
                if card.kind == "ship" else (70, 82, 100)
            c.button(box, names.card_name(card), partial(self.tap_card, cid),
                     key=f"card:{cid}", colour=colour, size=SMALL)

    def draw_goods(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        assert self.ship is not None
        c.text(_("{card}: which 3 goods?").format(
            card=names.card_name(state.catalogue[self.ship])), rect.topleft, BODY, TEXT)
        y = rect.y + c.u(34)
        size = c.u(52)
        for i in range(3):
            box = pygame.Rect(rect.x + i * (size + c.u(8)), y, size, size)
            if i < len(self.goods):
                c.cube(self.goods[i], box, names.good_initial(self.goods[i]))
            else:
                c.rect(box, PANEL)
                c.text("?", box.center, BODY, MUTED, anchor="center")
        # A ship tapped by mistake: back to the cards (on a touch-only table there is no
        # Back button, and Undo would take back the card before).
        c.button(pygame.Rect(rect.right - c.u(200), y - c.u(2), c.u(200), c.u(56)), _("Other card"),
                 self.cancel_ship, key="ship:cancel", size=SMALL)
        if self.goods:
            c.button(pygame.Rect(rect.right - c.u(408), y - c.u(2), c.u(200), c.u(56)),
                     _("Clear goods"), self.clear, key="goods:clear", size=SMALL)
        y += size + c.u(14)
        gap = c.u(8)
        w = (rect.w - 4 * gap) // 5
        bag = dict(state.bag)
        for g in self.goods:
            bag[g] -= 1
        for i, good in enumerate(GOODS):
            box = pygame.Rect(rect.x + i * (w + gap), y, w, c.u(96))
            ok = bag[good] > 0 and len(self.goods) < 3
            c.button(box, names.good_initial(good), partial(self.add_good, good) if ok
                     else None, key=f"good:{good}", colour=GOOD_COLOURS[good], size=BODY)
            c.text(names.good(good), (box.centerx, box.bottom + c.u(4)), SMALL, TEXT,
                   anchor="midtop", max_width=w + gap)  # the gap too: French "caoutchouc"
            c.text(_("bag {n}").format(n=bag[good]), (box.centerx, box.bottom + c.u(24)), SMALL,
                   MUTED, anchor="midtop", max_width=w)
