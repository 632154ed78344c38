"""Purchase: for each card, left to right, who bought it and for how much (quick form),
or every worker placement and offer (tracked form, a setting)."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.engine import Buy, Card, Discard, Pass, Place, State
from companion.engine.legal import buy_prices
from companion.engine.words import Kind, Outcome, Phase
from companion.ui import layout, names, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    LARGE,
    MUTED,
    PANEL,
    PANEL_HI,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    Canvas,
    font,
)
from companion.ui.hyphen import SOFT as SOFT_HYPHEN
from companion.ui.hyphen import plain
from companion.ui.i18n import _
from companion.ui.scene import GameHost, Primary, SceneHost
from companion.ui.scenes.round import RoundScene
from companion.ui.views.purchase import (
    GridPlan,
    PurchaseView,
    arrange,
    grid_least,
    most_price,
    purchase_view,
    split,
)

MAX_PRICE = 8


def draw_slots(c: Canvas, state: State, rect: pygame.Rect, current: int | None,
               on_tap: Callable[[int], object] | None = None) -> None:
    """The round's cards left to right: settled ones say how; workers shown by letter. A
    tile names its card on the lines its status leaves (one above a ship's goods), else by
    its season and number; the card being settled is named in full below the tiles."""
    n = max(1, len(state.slots))
    gap = c.u(8)
    step = layout.line_height(c, SMALL)
    cols = slot_columns(c, rect.w, n)
    for i, (slot, box) in enumerate(zip(state.slots, layout.grid(rect, n, cols, gap),
                                        strict=False)):
        card = state.catalogue[slot.card]
        fill = PANEL_HI if i == current else PANEL
        c.rect(box, fill)
        if on_tap is not None:
            # A tile is a target named by its card (the frame description's label), its
            # name drawn below as the tile's own text.
            c.region(box, partial(on_tap, i), f"slot:{i}", plain(words.slot_name(state, i)))
        if i == current:
            c.rect(box, ACCENT, width=max(2, c.u(3)))
        inner = layout.inset(box, c.u(4), c.u(2))
        status, colour = slot_status(c, state, i, inner.w)
        # A discarded card's goods are gone with it: its status takes their place.
        goods = slot.goods if slot.outcome != Outcome.DISCARDED else ()
        # A contract's goods as cubes too, as printed on it (never cut short as text).
        printed = card.kind == Kind.CONTRACT and slot.outcome != Outcome.DISCARDED
        if printed:
            goods = card.goods
        # As many cubes to a row as their initials fit side by side ("Co Te" over "Sa Ru").
        least = max((font(c.px(SMALL)).size(names.good_initial(g))[0] for g in goods),
                    default=0) + c.u(6)
        per_row = max(1, min(len(goods), (inner.w + c.u(2)) // max(1, least + c.u(2)))) \
            if printed else 3  # a ship's three cubes: one row, as ever
        rows = -(-len(goods) // per_row) if goods else 0
        cube = min(c.u(26), (inner.w - (per_row - 1) * c.u(2)) // max(3, per_row)) \
            if goods else 0
        # Room for the cubes below a line of the kind, or (a narrow tile with workers on it)
        # for the cubes alone: they are the card's face, and its kind is the only one with
        # cubes and no name.
        free = inner.h - len(status) * step - max(0, rows - 1) * c.u(2)
        if printed and rows and free // rows - step // rows >= least and cube >= least:
            pass
        elif printed and rows and free // rows >= least and cube >= least:
            cube = min(cube, free // rows)
        elif printed and rows:
            # No room for the cubes and a line of the kind: the goods as text, as names say
            # them ("Auftr. Kf·Te").
            printed, goods, rows, cube = False, (), 0, 0
        cubes_h = rows * cube + max(0, rows - 1) * c.u(2)
        room = pygame.Rect(inner.x, inner.y, inner.w, inner.h - len(status) * step - cubes_h)
        lines = room.h // step
        label = tile_name(c, card, room.w, max(1, lines), face=not printed)
        if lines and layout.fit(c, label, room.w, None, SMALL, max_lines=lines).cut:
            # Not even the face fits beside the status (a discarded contract's goods with
            # wide initials, "Ru·Ru·Ca", under "dis-/carded" on a narrow tile): the status
            # alone, as where no line is left, rather than a name cut short. The tile's
            # target keeps the card's name; the card being settled is named below.
            lines = 0
        # No line left beside a long status ("dé-faus-sée" in six tiles): the status alone.
        used = layout.draw_text(c, label, room, SMALL, TEXT, align="center",
                                max_lines=lines) if lines else room
        if goods:
            for k, good in enumerate(goods):
                row, col = divmod(k, per_row)
                in_row = min(per_row, len(goods) - row * per_row)
                x0 = box.centerx - (in_row * cube + (in_row - 1) * c.u(2)) // 2
                c.cube(good, pygame.Rect(x0 + col * (cube + c.u(2)),
                                         used.bottom + c.u(1) + row * (cube + c.u(2)), cube,
                                         cube), names.good_initial(good))
        y = inner.bottom - len(status) * step
        for line in status:
            c.text(line, (box.centerx, y), SMALL, colour, anchor="midtop")
            y += step


def tile_name(c: Canvas, card: Card, width: int, lines: int, *, face: bool = True) -> str:
    """The card's name as a tile of `width` holds it on `lines` lines: whole if it fits,
    else its kind shortened before what its face shows ("Feuerwehr- 3", "Auftrag Kf·Te"),
    so that no two tiles of a round read alike and no catalogue code a card does not carry
    is shown: cut at a soft hyphen, the cut marked by a hyphen as a compound's part is, or
    a shorter name of whole words ("Chambre 3"); a merchant by the good it buys; never
    mid-word with a full stop ("Teppic."). Only where nothing of the kind fits: the face
    alone. The card being settled is named in full below the tiles. `face=False`: the
    face is drawn otherwise (a contract's goods as cubes): only "?" says it is not
    confirmed."""
    # `face=False`: a contract's goods are cubes on the tile; a guess still says "?".
    guess = not face and card.kind == Kind.CONTRACT and "goods" in card.unverified

    def dress(label: str) -> str:
        return names.guessed(label) if guess else label

    def fits(text: str) -> bool:
        return not layout.fit(c, dress(text), width, None, SMALL, max_lines=lines).cut

    tag = names.face(card) if face else ""
    full = names.card_name(card) if face else _(names.KIND_NAMES[card.kind])
    if fits(full):
        return dress(full)
    # The goods may go on as many lines as the tile has ("Te Sa Ru?"), rather than be cut.
    tags = [tag, tag.replace(names.GOODS_JOIN, " "), tag.replace(names.GOODS_JOIN, "")] \
        if tag else [""]
    raw = _(names.KIND_NAMES[card.kind]) if card.kind in names.KIND_NAMES else \
        names.card_name(card, with_season=False)
    # A merchant by the good it buys: the shorter name a player says ("Tapis", "Teppich").
    good = ""
    if card.kind == Kind.MERCHANT and card.good is not None:
        good = names.good(card.good)
        good = good[:1].upper() + good[1:]
        if fits(plain(good)):
            return dress(plain(good))
    def cut(shown: str) -> str | None:
        """The kind whole or cut where a word may break, before `shown`, if it fits."""
        if fits(f"{plain(raw)} {shown}".rstrip()):  # a ship without its season, "Navire"
            return f"{plain(raw)} {shown}".rstrip()
        # Cut only where the word may be broken (its soft hyphens: "Feuer\u00adwehr") or
        # between words; never after a short word ("Chambre de").
        for name in (raw, good) if good else (raw,):
            for i in range(len(name) - 1, 0, -1):
                if name[i] not in (SOFT_HYPHEN, " "):
                    continue
                stem = plain(name[:i]).rstrip(" -'\u2019")
                last = stem.split(" ")[-1]
                if not last.rstrip(".").isalpha() or (len(last) < 3 and " " in stem):
                    continue
                if name[i] == SOFT_HYPHEN and " " in stem:
                    continue  # several words: cut between them ("Chambre"), not in the last
                label = f"{stem}{'-' if name[i] == SOFT_HYPHEN else ''} {shown}".rstrip()
                if fits(label):
                    return label
        return None

    for shown in tags:
        label = cut(shown)
        if label is not None:
            return dress(label)
    for shown in tags:
        if shown and fits(shown):
            return dress(shown)
    # Not even the face fits (a tile narrowed by its status lines): the kind alone, whole
    # or cut where a word may break; the card being settled is named in full below.
    label = cut("")
    return dress(label if label is not None else tags[-1] or full)


def slot_status(c: Canvas, state: State, index: int, width: int
                ) -> tuple[list[str], tuple[int, int, int]]:
    """A tile's status lines, whole: who bought it and for how much, "discarded" (broken
    at its soft hyphens where narrow), or the letters of the workers on it, as many to a
    line as fit."""
    slot = state.slots[index]
    if slot.outcome == Outcome.BOUGHT and slot.buyer:
        return ([f"{words.letter(state, slot.buyer)} \u00b7 {slot.price}"],
                PLAYER_COLOURS.get(slot.buyer, TEXT))
    if slot.outcome == Outcome.DISCARDED:
        return list(layout.fit(c, _("discarded"), width, None, SMALL, "secondary").lines), MUTED
    if slot.workers:
        f = font(c.px(SMALL))
        out = [""]
        for pid in slot.workers:
            letter = words.letter(state, pid)
            if out[-1] and f.size(out[-1] + letter)[0] > width:
                out.append("")
            out[-1] += letter
        return out, ACCENT
    return [], TEXT


def slot_columns(c: Canvas, width: int, n: int) -> int:
    """Tiles in one row, or in portrait in two where one row would make them too narrow for
    a ship's three cubes with their initials (six cards)."""
    narrow = (width - c.u(8) * (n - 1)) // max(1, n) < c.u(76)
    return -(-n // 2) if narrow and c.h > c.w else n


def slots_height(c: Canvas, width: int, n: int, state: State | None = None) -> int:
    """The tiles' height: per row, two lines of a name (or one and a ship's goods), and its
    status; taller where a status needs more than a line beside a one-line name (many
    workers on a card, "discarded" broken in two)."""
    cols = slot_columns(c, width, n)
    rows = -(-n // cols)
    step = layout.line_height(c, SMALL)
    tile = 3 * step + c.u(8)
    if state is not None:
        inner_w = (width - c.u(8) * (cols - 1)) // cols - c.u(8)
        cube = min(c.u(26), (inner_w - 2 * c.u(2)) // 3)
        # As tall from the round's first card on as a card left or bought will need, so
        # the rows below never move when a status is written (docs/touch.md).
        left = len(layout.fit(c, _("discarded"), inner_w, None, SMALL, "secondary").lines)
        tile = max(tile, max(left, 2) * step + c.u(8),
                   2 * step + (cube if any(s.goods for s in state.slots) else 0) + c.u(8))
        for i, slot in enumerate(state.slots):
            status, _colour = slot_status(c, state, i, inner_w)
            if slot.outcome == Outcome.DISCARDED:  # its status alone where it must
                need = max(len(status), 2) * step + c.u(8)
            else:
                need = step + (cube if slot.goods else 0) + len(status) * step + c.u(8)
            tile = max(tile, need)
    return rows * tile + (rows - 1) * c.u(8)


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
        #: Per round and screen size: whether the grid keeps the form switch's place (the
        #: round began without a form), so that nothing moves when the switch goes.
        self.switch_kept: dict[tuple[int, int, int], bool] = {}

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
        return [hint for index in range(len(self.state.slots))
                for hint in self.hints_for(index)] or self.hints_for(0)

    def hints_for(self, index: int) -> list[str]:
        """The card at `index` named in full, and what to do: a tap on a price records the
        purchase; a player's own button counts it up, OK records it."""
        state = self.state
        # The hint names the bar's button by its own label: the table saw no "OK" there.
        tap = _("Tap the price in the buyer's row, or \u201c{nobody}\u201d.").format(
            nobody=_("Nobody bought it"))
        if index >= len(state.slots):
            return [tap] * 2
        press = _("Press their button again: price +1. OK records the purchase.")
        # Portrait: the tiles, three to a row, name their cards in full; the line goes.
        surface = getattr(self.ui, "surface", None)
        if surface is not None and surface.get_width() < surface.get_height():
            return [tap, press]
        card = state.catalogue[state.slots[index].card]
        which = _("Card {k} of {n}: {card}").format(k=index + 1, n=len(state.slots),
                                                   card=plain(names.card_name(card)))
        return [f"{which}  \u00b7  {tap}", f"{which}  \u00b7  {press}"]

    def prices(self, pid: str) -> range:
        """The prices `pid` may pay for the card being settled (the engine's rule)."""
        return buy_prices(self.state, pid)

    def select(self, pid: str) -> None:
        """A player's own button: their first press chooses them at price 1 (recorded at
        once where they may pay one price only), each further press raises the price."""
        self.taps.append((self.buyer, self.price))
        if self.buyer == pid:
            self.price = self.price % MAX_PRICE + 1
        else:
            self.buyer = pid
            self.price = 1
            if len(self.prices(pid)) == 1:
                self.price = self.prices(pid)[0]
                self.record()
        self.ui.dirty = True

    def buy(self, pid: str, price: int) -> None:
        """A tap on a price in a player's row: the purchase, recorded at once."""
        self.buyer, self.price = pid, price
        self.record()
        self.ui.dirty = True

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

    def record(self) -> None:
        slot = self.state.settling
        buyer, price = self.buyer, self.price
        self.buyer, self.price, self.taps, self.first = None, 1, [], 1
        if buyer is None:
            self.game.act(Discard(slot))
        else:
            self.game.act(Buy(buyer, slot, price))

    def switch_room(self, c: Canvas, state: State) -> int:
        """The form switch's width where the grid keeps its place this round, else 0."""
        key = (state.round, c.w, c.h)
        if switch_shown(state):
            self.switch_kept[key] = True
        return switch_width(c, False) if self.switch_kept.get(key) else 0

    def plan(self, c: Canvas, state: State, box: pygame.Rect) -> GridPlan:
        return arrange((box.x, box.y, box.w, box.h), len(state.players), most_price(state),
                       c.u, self.switch_room(c, state))

    def view(self, state: State, columns: int) -> PurchaseView:
        """What the grid shows now: the page turned to, or the one with the price counted
        up with a player's own button."""
        first = self.first if self.first_for == (state.round, state.settling) else 1
        if self.buyer is not None and not first <= self.price < first + columns:
            first = (self.price - 1) // columns * columns + 1
        chosen = (self.buyer, self.price) if self.buyer is not None else None
        return purchase_view(state, columns, first, chosen)

    def phase_least(self, c: Canvas, state: State, width: int) -> int:
        """The tiles and the grid with four price columns at least (where the room holds
        them, a player's row under another's): what the frame gives way for."""
        if state.settling >= len(state.slots):
            return 0
        _tiles, room = split((0, 0, width, 0), slots_height(c, width, len(state.slots), state),
                             c.u)
        return room[1] + grid_least(len(state.players), most_price(state), width, c.u,
                                    self.switch_room(c, state)) + strip_room(c)

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        current = state.settling
        # Portrait: the grid keeps to the body without the bar's strip, which a player's
        # own button may bring ("Alexandra pays 3" is longer than "Nobody bought it").
        tiles, room = split((area.x, area.y, area.w, area.h - strip_room(c)),
                            slots_height(c, area.w, len(state.slots), state), c.u)
        draw_slots(c, state, pygame.Rect(tiles), current)
        if current >= len(state.slots):
            return
        plan = self.plan(c, state, pygame.Rect(room))
        view = self.view(state, plan.columns)
        for row, boxes in zip(view.rows, plan.cells, strict=True):
            for cell, box in zip(row.cells, boxes, strict=False):
                c.button(pygame.Rect(box), str(cell.price),
                         partial(self.buy, row.pid, cell.price) if cell.enabled else None,
                         key=f"price:{row.pid}:{cell.price}", name=cell.label,
                         colour=PLAYER_COLOURS.get(row.pid, PANEL_HI), size=LARGE,
                         selected=cell.selected, badge=row.letter, badge_size=BODY)
        if plan.page is not None and view.page:
            c.button(pygame.Rect(plan.page), view.page, partial(self.turn_page, view.page_to),
                     key="price:page")
        if plan.switch is not None:
            form_switch(c, state, self.game, False, area, pygame.Rect(plan.switch))


#: The bottom bar's height, and the strip above it where its left buttons go for want of
#: room (companion/ui/core.py: a finger tall, a gap above and below, a gap to the body).
BAR_H, STRIP_H = 72, 56 + 3 * 8


def strip_room(c: Canvas) -> int:
    """Portrait: the height the bar's strip would take from the body where the body has it
    now. The tracked form's OK label changes from offer to offer ("Rot kauft für 2", "Blau
    kann nicht zahlen: passen"), and a long one puts the "?" on a strip above the bar:
    the offer and Pass keep to the body without it, so they stay where they are."""
    if c.w >= c.h:
        return 0
    return max(0, c.body.bottom - (c.h - c.u(BAR_H) - c.u(STRIP_H)))


def switch_shown(state: State) -> bool:
    """Before the round's first entry the table may use the other form for this round."""
    return state.form is None and state.phase == Phase.DEMAND and not state.placed


def switch_width(c: Canvas, tracked: bool) -> int:
    """The form switch's width: its longest word on a line, at least 150."""
    label = _("Quick form") if tracked else _("Track workers")
    return max(c.u(150), max(font(c.px(BODY)).size(w)[0] for w in label.split()) + c.u(28))


def form_switch(c: Canvas, state: State, game: GameHost, tracked: bool,
                area: pygame.Rect, where: pygame.Rect | None = None) -> None:
    """Before the round's first entry the table may use the other form for this round
    (in `where` if given and wide enough, else at the bottom right of `area`)."""
    if not switch_shown(state):
        return
    label = _("Quick form") if tracked else _("Track workers")
    width = switch_width(c, tracked)
    if where is not None and where.w >= width:
        rect = pygame.Rect(where.right - width, where.y, width, where.h)
    else:
        rect = pygame.Rect(area.right - width, area.bottom - c.u(56), width, c.u(56))
    c.button(rect, label, game.switch_form, key="form:other")


class TrackedPurchaseScene(RoundScene):
    """Tracked form: each worker placed in turn, then each offer accepted or declined."""

    name = "purchase-tracked"

    def cards_shown(self, state: State) -> list[str]:
        return [slot.card for slot in state.slots]

    def turn(self) -> str:
        state = self.state
        return state.seat_after(state.first_player, state.placed)

    def hint(self) -> str:
        return self.hints()[self.state.phase != Phase.DEMAND]

    def hints(self) -> list[str]:
        # Both, for Demand and the offers: the hint's place stays the same all round.
        return [_("Tap the card above which the worker was placed."),
                _("OK: the offer is accepted. Pass: the worker goes home.")]

    def place(self, index: int) -> None:
        self.game.act(Place(self.turn(), index))

    def offer(self) -> tuple[str, int, int] | None:
        state = self.state
        index = state.settling
        if state.phase != Phase.PURCHASE or index >= len(state.slots):
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
            # The worker goes home anyway: passing is the one thing left, so OK does it.
            return (_("{name} cannot pay: pass").format(
                name=words.player_name(self.state, pid)), self.decline)
        return (_("{name} buys for {price}").format(
            name=words.player_name(self.state, pid), price=price),
            lambda: self.game.act(Buy(pid, index)))

    def decline(self) -> None:
        offer = self.offer()
        if offer:
            self.game.act(Pass(offer[0], offer[1]))

    def phase_least(self, c: Canvas, state: State, width: int) -> int:
        """An offer: the tiles, and Pass with the offer beside it (on up to three lines).
        The same from the round's first worker on: the panels above give way once, before
        the workers are placed, never between two taps (docs/touch.md)."""
        if not state.slots:
            return 0
        tiles = slots_height(c, width, len(state.slots), state)
        need = tiles + c.u(8) + max(c.u(60), 3 * layout.line_height(c, BODY) + c.u(4))
        # Demand: the line saying whose worker it is, the tiles and the form switch's row.
        need = max(need, layout.line_height(c, BODY) + c.u(8) + tiles + c.u(56) + c.u(8))
        # Portrait: as if the bar's strip were there (`strip_room`).
        return need + strip_room(c)

    def offer_text(self, state: State, pid: str, index: int, price: int) -> str:
        card = state.catalogue[state.slots[index].card]
        return _("Offer: {card} to {name} for {price}").format(
            card=names.card_name(card), name=words.player_name(state, pid), price=price)

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        area = pygame.Rect(area.x, area.y, area.w, area.h - strip_room(c))
        flow = layout.Flow(c, area, c.u(8))
        if state.phase == Phase.DEMAND:
            pid = self.turn()
            total = 3 * state.player_count
            line = flow.take(layout.line_height(c, BODY))
            c.player_badge(pid, (line.x + c.u(14), line.centery), c.u(14),
                           words.letter(state, pid))
            layout.draw_text(c, _("{name} places worker {k} of {n}").format(
                name=words.player_name(state, pid), k=state.placed + 1, n=total),
                pygame.Rect(line.x + c.u(36), line.y, line.w - c.u(36), line.h), BODY, TEXT,
                max_lines=1)
            # The form switch's place is kept after the first placement too: the tiles
            # keep their size while the workers are placed (nothing moves under the finger).
            switch_h = c.u(56) + c.u(8) if state.form is None or state.placed else 0
            rest = flow.rest()
            tiles = pygame.Rect(rest.x, rest.y, rest.w, max(
                min(c.u(150), rest.h - switch_h), slots_height(c, rest.w, len(state.slots), state)))
            draw_slots(c, state, tiles, None, on_tap=self.place)
            form_switch(c, state, self.game, True, area)
            return
        offer = self.offer()
        least = slots_height(c, area.w, len(state.slots), state)
        tiles_h = max(least, min(c.u(120), area.h // 3))
        if offer is None:
            draw_slots(c, state, flow.take(tiles_h), state.settling)
            return
        pid, index, price = offer
        said = self.offer_text(state, pid, index, price)
        coins = _("Coins of {name}: {coins}").format(
            name=words.player_name(state, pid), coins=state.player(pid).coins)
        # Pass is a finger tall, under the offer. Where the tiles leave too little room
        # (portrait, five players), the buyer's coins give way first (the buyer's panel
        # shows them too), then the offer goes beside Pass, on the row's two lines.
        row_h, gap = c.u(60), flow.gap
        said_h = layout.fit(c, said, area.w, None, BODY).height(c) + gap
        coins_h = layout.fit(c, coins, area.w, None, BODY).height(c) + gap
        spare = area.h - (tiles_h + gap) - said_h - row_h
        beside = spare < 0
        pass_w = min(area.w, c.u(180))
        if beside:  # the row as tall as the offer needs beside Pass (a long name: 3 lines)
            row_h = max(row_h, layout.fit(c, said, area.w - pass_w - gap, None, BODY,
                                          "body").height(c) + c.u(4))
            tiles_h = max(least, min(tiles_h, area.h - gap - row_h))
        draw_slots(c, state, flow.take(tiles_h), state.settling)
        if not beside:
            flow.text(said, BODY, TEXT)
            if spare >= coins_h:
                flow.text(coins, BODY, MUTED)
        # Pass at the bottom of the phase's part, where it stays from offer to offer
        # whatever the lines above it take (a long name, the coins' line or not).
        row = flow.take(row_h)
        row = pygame.Rect(row.x, max(row.y, area.bottom - row_h), row.w, row_h)
        button = c.button(pygame.Rect(row.x, row.bottom - c.u(60), pass_w, c.u(60)),
                          _("Pass"), self.decline, key="pass")
        if beside:
            layout.draw_text(c, said, pygame.Rect(button.right + gap, row.y,
                                                  row.right - button.right - gap, row.h),
                             BODY, TEXT, role="body", valign="center")
