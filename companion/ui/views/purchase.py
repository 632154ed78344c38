"""Quick Purchase's buyer × price grid: its view model and its layout, plain data.

A card bought is one tap that says both who bought it and for how much: a row of price
buttons per player, each in the player's colour with their letter on it (colour is never
the only sign), the prices in the same columns in every row and all round; a price the
player cannot pay (the engine's `legal.buy_prices`) is greyed in its place. Where the grid
has fewer columns than the round's highest possible price, one more button turns the
columns to the higher prices ("5–8 ›") and back; a player's own (GPIO) button counts the
price up from 1 as before. A card nobody bought is the bar's primary action.

`purchase_view` works out what the screen shows from the state (no pygame, no positions),
`price_page` which prices the grid's columns show; `companion.ui.layouts.purchase` places
it (`arrange`: where each button goes, `plan`: the frame's every layout decision) and
`companion.ui.scenes.purchase` paints the plan.
"""

from __future__ import annotations

from companion.engine import State
from companion.engine.legal import buy_prices
from companion.engine.rules import MAX_WORKERS_ON_CARD, WORKERS_PER_PLAYER
from companion.engine.values import value
from companion.engine.words import Phase
from companion.ui import names, words
from companion.ui.i18n import _


def most_price(state: State) -> int:
    """The highest price a card of this round may cost: the workers on one card, at most
    every worker of the table (3 a player), at most 8."""
    return min(MAX_WORKERS_ON_CARD, WORKERS_PER_PLAYER * state.player_count)


def page_label(first: int, last: int, forward: bool) -> str:
    """The button that turns the grid's columns: "5–8 ›" (forward), "‹ 1–4"."""
    span = f"{first}" if first == last else f"{first}\u2013{last}"
    return f"{span} \u203a" if forward else f"\u2039 {span}"


def cell_label(letter: str, price: int) -> str:
    """A price button's name (its letter in the corner, its price in the middle)."""
    return f"{letter} {price}"


@value
class PriceCell:
    price: int
    #: The target's name: the player's letter and the price ("A 3").
    label: str
    #: The engine allows it (the player can pay it; the round's budget holds it).
    enabled: bool
    #: Chosen with the player's own button (counted up), not yet recorded.
    selected: bool


@value
class BuyerRow:
    pid: str
    letter: str
    name: str
    coins: int
    cells: tuple[PriceCell, ...]


@value
class Buyer:
    """A player as a buyer of the card being settled."""

    pid: str
    letter: str
    name: str
    coins: int
    #: The prices the engine allows them (`legal.buy_prices`; empty: they cannot buy it).
    allowed: range


@value
class PricePage:
    """The price columns the grid shows now: from `first` to `last`, each row's cells of
    those prices, and the page button."""

    first: int
    last: int
    rows: tuple[BuyerRow, ...]
    #: The button that turns the columns ("5–8 ›" / "‹ 1–4"), or "" where every price the
    #: round allows has a column.
    page: str
    #: The page button's other page's first price (what a tap on it shows).
    page_to: int


@value
class PurchaseView:
    """Quick Purchase: what the screen shows for the card being settled (no positions)."""

    #: The round's cards and who bought them so far (the tiles: `layouts.purchase.tiles`
    #: reads their names, goods and status from it), in the table's `language`.
    state: State
    language: str
    #: The card being settled, its place in the round (index == count: all settled).
    index: int
    count: int
    #: The highest price of the round (`most_price`).
    most: int
    #: A row per player, with the prices the engine allows them (of 1 to `most`).
    rows: tuple[Buyer, ...]
    #: A buyer and price counted up with the player's own button, not yet recorded.
    chosen: tuple[str, int] | None
    #: The first price column the table turned the grid to (1: not turned).
    turned: int
    #: The form switch is offered (before the round's first entry: `switch_shown`).
    switch: bool


def switch_shown(state: State) -> bool:
    """Before the round's first entry the table may use the other form for this round."""
    return state.form is None and state.phase == Phase.DEMAND and not state.placed


def purchase_view(state: State, chosen: tuple[str, int] | None = None, turned: int = 1,
                  language: str = "") -> PurchaseView:
    """What quick Purchase shows for the card being settled: every player's row with the
    prices the engine allows them (`price_page` makes the cells of the prices shown, the
    others greyed in their place; `chosen`: a buyer and price counted up with their own
    button; `turned`: the first price of the page the table turned to)."""
    most = most_price(state)
    rows = tuple(Buyer(pid=pid, letter=words.letter(state, pid),
                       name=words.player_name(state, pid), coins=state.player(pid).coins,
                       allowed=buy_prices(state, pid)) for pid in state.players)
    return PurchaseView(state=state, language=language, index=state.settling,
                        count=len(state.slots), most=most, rows=rows, chosen=chosen,
                        turned=turned if 1 <= turned <= most else 1,
                        switch=switch_shown(state))


def price_page(view: PurchaseView, columns: int, first: int | None = None) -> PricePage:
    """The prices the grid's `columns` show: from `first` (default: the page the table
    turned to, or the one with the price counted up with a player's own button)."""
    most = view.most
    columns = max(1, min(columns, most))
    if first is None:
        first = view.turned
        if view.chosen is not None and not first <= view.chosen[1] < first + columns:
            first = (view.chosen[1] - 1) // columns * columns + 1
    first = first if 1 <= first <= most else 1
    last = min(most, first + columns - 1)
    chosen = view.chosen
    rows = tuple(BuyerRow(
        pid=row.pid, letter=row.letter, name=row.name, coins=row.coins,
        cells=tuple(PriceCell(price=p, label=cell_label(row.letter, p), enabled=p in row.allowed,
                              selected=chosen == (row.pid, p)) for p in range(first, last + 1)))
        for row in view.rows)
    page, page_to = "", 1
    if columns < most:
        if last < most:
            page_to = last + 1
            page = page_label(page_to, min(most, page_to + columns - 1), True)
        else:
            page_to = 1
            page = page_label(1, columns, False)
    return PricePage(first=first, last=last, rows=rows, page=page, page_to=page_to)


def offer_of(state: State) -> tuple[str, int, int] | None:
    """The tracked form's offer now: the first worker's player on the card being settled,
    the card's index, and the price (the workers on it); None: no offer."""
    index = state.settling
    if state.phase != Phase.PURCHASE or index >= len(state.slots):
        return None
    slot = state.slots[index]
    if not slot.workers:
        return None
    return slot.workers[0], index, len(slot.workers)


@value
class TrackedView:
    """Tracked Purchase: the worker being placed (Demand), or the offer (no positions)."""

    #: The round's cards (the tiles), in the table's `language`.
    state: State
    language: str
    #: Demand: whose worker is placed (their id and letter) and the line saying so.
    demand: bool
    turn: str
    letter: str
    line: str
    #: The card chosen on the buttons, which OK places the worker above (None: none).
    chosen: int | None
    #: The offer (player, card, price), its sentence and the buyer's coins (None, "": no
    #: offer).
    offer: tuple[str, int, int] | None
    said: str | None
    coins: str
    #: The form switch is offered (before the round's first entry).
    switch: bool
    #: OK presses the switch too (a table with buttons: `buttons`), which the switch says
    #: while no card is chosen (`chosen`: OK places the worker then).
    ok_switch: bool = False


def tracked_view(state: State, chosen: int | None = None, language: str = "",
                 buttons: bool = False) -> TrackedView:
    """What tracked Purchase shows: whose worker is placed, or the card offered to whom;
    `buttons`: the table has the buttons (OK with no card chosen is the form switch)."""
    demand = state.phase == Phase.DEMAND
    turn = state.seat_after(state.first_player, state.placed)
    line = _("{name} places worker {k} of {n}").format(
        name=words.player_name(state, turn), k=state.placed + 1,
        n=WORKERS_PER_PLAYER * state.player_count) if demand else ""
    offer = None if demand else offer_of(state)
    said, coins = None, ""
    if offer is not None:
        pid, index, price = offer
        card = state.catalogue[state.slots[index].card]
        said = _("Offer: {card} to {name} for {price}¢").format(
            card=names.card_name(card), name=words.player_name(state, pid), price=price)
        coins = _("Coins of {name}: {coins}").format(
            name=words.player_name(state, pid), coins=state.player(pid).coins)
    return TrackedView(state=state, language=language, demand=demand, turn=turn,
                       letter=words.letter(state, turn), line=line,
                       chosen=chosen if demand else None, offer=offer, said=said,
                       coins=coins, switch=switch_shown(state),
                       ok_switch=buttons and demand and switch_shown(state))
