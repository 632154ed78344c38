"""What the table may do next: the one source of legal moves.

Modelled on python-chess's `Board.legal_moves`: every layer asks here what is
possible (the screens what to offer, the simulator what to play, the tests what
to try) and nobody finds out by trying `apply` and catching the refusal. It reads
the same rules (`rules.py`'s limits) and never changes a state.

- `legal_actions(state)`: every action `apply` accepts now. Two foldings keep the
  list short, and are the only ones: a ship's goods are listed once per distinct set
  of 3 (not once per cube), and a conversion or market-hall sale once per distinct
  choice of goods (each cube from the first store that holds it). `adjust`, `undo`
  and `redo` are corrections, not moves: `undo_preview` says what an Undo would do.
- `loading_actions(state, player)`: one player's Loading moves, sales, conversions.
- `supply_cards(state)`, `reveal_refusal(state, card)`: what Supply may reveal now;
  `ship_goods`, `forced_goods`, `bag_left`: the goods the bag leaves a ship's cubes.
- `buy_prices(state, player)`: the prices the card being settled may be bought for.
- `market_sale`, `conversions`: the sale and the conversions of cubes a player chose.
- `refusal(state, action)`: the `RuleError` an action would get (its `code` says
  which rule), or None: for saying *why* something is not offered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement

from companion.engine.actions import (
    Action,
    Buy,
    Convert,
    Discard,
    Done,
    MarketSell,
    Move,
    Pass,
    Place,
    Reveal,
)
from companion.engine.cards import Catalogue
from companion.engine.errors import RuleError
from companion.engine.rules import (
    MAX_CARDS_PER_ROUND,
    MAX_WORKERS_ON_CARD,
    WAREHOUSE_CAPACITY,
    WAREHOUSE_CARD,
    WORKERS_PER_PLAYER,
    apply,
)
from companion.engine.state import PlayerState, State
from companion.engine.words import (
    GOODS,
    MERCHANT_DESTINATION,
    Form,
    Kind,
    Outcome,
    Phase,
    Store,
)

#: A multiset of goods and its counts.
_Combo = tuple[tuple[str, ...], tuple[tuple[str, int], ...]]
#: Every multiset of 2 or 3 goods, with its counts (computed once: this is a hot loop).
_COMBOS: dict[int, tuple[_Combo, ...]] = {
    size: tuple(
        (combo, tuple(Counter(combo).items()))
        for combo in combinations_with_replacement(GOODS, size)
    )
    for size in (2, 3)
}


#: The same multisets by the goods a player holds (any subset of `GOODS`): only those made
#: of held goods, in `_COMBOS`' order, so Loading's sales and conversions look at a few
#: instead of all 50 (each player, each state: the hot loop of a Loading frame).
_COMBOS_WITHIN: dict[int, dict[frozenset[str], tuple[_Combo, ...]]] = {
    size: {
        frozenset(held): tuple(c for c in combos if set(c[0]) <= set(held))
        for k in range(len(GOODS) + 1)
        for held in combinations(GOODS, k)
    }
    for size, combos in _COMBOS.items()
}


def _ship_loads(bag: dict[str, int] | Counter[str]) -> Iterator[tuple[str, ...]]:
    for load, counts in _COMBOS[3]:
        if all(bag[g] >= n for g, n in counts):
            yield load


def legal_actions(state: State) -> list[Action]:
    """The actions `apply` accepts now (see the module docstring for what is folded)."""
    phase = state.phase
    if phase == Phase.SUPPLY:
        return _supply_actions(state)
    if phase == Phase.DEMAND or phase == Phase.PURCHASE:
        return purchase_actions(state)
    if phase == Phase.LOADING:
        out: list[Action] = [Done()]
        for pid in state.players:
            out.extend(loading_actions(state, pid))
        return out
    return []


def _supply_actions(state: State) -> list[Action]:
    out: list[Action] = []
    loads: list[tuple[str, ...]] | None = None  # the same for every ship: worked out once
    for card_id in sorted(supply_cards(state)):
        if state.catalogue[card_id].kind == Kind.SHIP:
            if loads is None:
                loads = list(_ship_loads(dict(state.bag)))
            out.extend(Reveal(card_id, load) for load in loads)
        else:
            out.append(Reveal(card_id))
    return out


# --- Supply: which card may be revealed, which goods the bag leaves a ship ------------


def supply_cards(state: State) -> frozenset[str]:
    """The cards Supply may reveal now: the unseen cards of the pile's top season (none
    once only the 4th fire is left)."""
    season = state.top_season()
    if state.phase != Phase.SUPPLY or season is None:
        return frozenset()
    return frozenset(state.unseen[season])


def reveal_refusal(state: State, card_id: str) -> RuleError | None:
    """Why revealing `card_id` now is refused, said before a ship's goods are asked (a
    card of a later season while the top one has cards unseen: `season_order`), or None.
    Only the season's order: the other refusals come with the action itself."""
    card = state.catalogue.cards.get(card_id)
    top = state.top_season()
    if card is None or top is None or card.season == top or \
            card_id not in state.unseen.get(card.season, ()):
        return None
    return RuleError("season_order", card=card_id, season=card.season, top=top)


def revealed_since(before: State, state: State) -> bool:
    """Whether `state` follows `before` by a card revealed (its last action a Reveal)."""
    return state.actions > before.actions and type(state.last_action) is Reveal


def bag_left(state: State, taken: tuple[str, ...] | list[str] = ()) -> dict[str, int]:
    """The cubes of each good still in the bag once the goods `taken` for a ship (so
    far) are out of it, in `GOODS` order."""
    left: dict[str, int] = {good: state.bag.get(good, 0) for good in GOODS}
    for good in taken:
        left[good] = left.get(good, 0) - 1
    return left


def ship_goods(state: State, taken: tuple[str, ...] | list[str] = ()) -> tuple[str, ...]:
    """The goods a ship's next cube may be, its goods `taken` so far: those the bag still
    holds, in `GOODS` order (none once it has its three)."""
    if len(taken) >= 3:
        return ()
    left = bag_left(state, taken)
    return tuple(good for good in GOODS if left[good] > 0)


def forced_goods(state: State, taken: tuple[str, ...] | list[str] = ()
                 ) -> tuple[str, ...] | None:
    """A ship's three goods where the bag leaves no choice for the rest after `taken`
    (exactly as many cubes as are missing, or one good only), else None."""
    need = 3 - len(taken)
    left = bag_left(state, taken)
    kinds = [good for good in GOODS if left[good] > 0]
    if need <= 0 or not kinds:
        return None
    if sum(left[good] for good in kinds) == need:
        rest = [good for good in kinds for _n in range(left[good])]
    elif len(kinds) == 1:
        rest = kinds * need
    else:
        return None
    return (*taken, *rest)


def purchase_actions(state: State) -> list[Action]:
    out: list[Action] = []
    if state.phase == Phase.DEMAND and state.form != Form.QUICK:
        turn = state.seat_after(state.first_player, state.placed)
        out.extend(
            Place(turn, i)
            for i, slot in enumerate(state.slots)
            if len(slot.workers) < MAX_WORKERS_ON_CARD
        )
        if state.form == Form.TRACKED:
            return out
    index = state.settling
    if state.form == Form.TRACKED:
        slot = state.slots[index]
        lowest = slot.workers[0]
        if state.player(lowest).coins >= len(slot.workers):
            out.append(Buy(lowest, index))
        out.append(Pass(lowest, index))
        return out
    out.append(Discard(index))
    bought = [s for s in state.slots if s.outcome == Outcome.BOUGHT]
    budget = WORKERS_PER_PLAYER * state.player_count - sum(s.price or 0 for s in bought)
    for pid in state.players:
        if sum(1 for s in bought if s.buyer == pid) >= MAX_CARDS_PER_ROUND:
            continue
        top = min(8, budget, state.player(pid).coins)
        out.extend(Buy(pid, index, price) for price in range(1, top + 1))
    return out


def _cubes(ps: PlayerState) -> list[tuple[str, str]]:
    cubes: list[tuple[str, str]] = [(g, Store.DOCK) for g in ps.dock]
    cubes += [(g, Store.WAREHOUSE) for g in ps.warehouse]
    if ps.market:
        cubes.append((ps.market, Store.MARKET))
    return cubes


#: The last state asked about and each player's Loading actions in it. A screen asks
#: several times a frame for the same state (who still holds cubes, whose button does
#: what, the choices), and `has_dock_work` asks for every player: worked out once per
#: state. A `State` never changes once `apply` has returned it (its `==` is identity);
#: it is kept alive here, so its id is never another state's.
_last_loading: tuple[State | None, dict[str, tuple[Action, ...]]] = (None, {})


def loading_actions(state: State, player: str) -> list[Action]:
    """One player's legal Loading actions (moves, conversions, market-hall sales)."""
    global _last_loading
    last, per_player = _last_loading
    if last is not state:
        per_player = {}
        _last_loading = (state, per_player)
    got = per_player.get(player)
    if got is None:
        # A new state (an Undo, a Redo, another player's move) mostly leaves a player's
        # cubes, cards and contracts as they were: their actions are found by those.
        key = _loading_key(state, player)
        held = _by_holding.pop(key, None)
        if held is None:
            held = (state.catalogue, tuple(_loading_actions(state, player)))
            if len(_by_holding) >= _BY_HOLDING_SIZE:
                _by_holding.pop(next(iter(_by_holding)), None)  # the one used longest ago
        _by_holding[key] = held  # used last: kept longest
        got = per_player[player] = held[1]
    return list(got)


#: Players' Loading actions by all they depend on (`_loading_key`), across states: a
#: Redo's new state, or another player's move, asks for the same holdings again. Each
#: keeps its catalogue alive, so the catalogue's id in its key is never another's.
_by_holding: dict[tuple[object, ...], tuple[Catalogue, tuple[Action, ...]]] = {}
_BY_HOLDING_SIZE = 64


def _loading_key(state: State, player: str) -> tuple[object, ...]:
    """All that `_loading_actions(state, player)` depends on: the player's cubes, cards
    and contracts, which goods the stock still has, and the cards' catalogue (by its id:
    `_by_holding` keeps it alive)."""
    ps = state.player(player)
    stock = state.stock
    return (id(state.catalogue), player, ps.dock, ps.warehouse, ps.market, ps.cards,
            tuple((ps.contracts or {}).items()), tuple(g for g in GOODS if stock[g] > 0))


def _loading_actions(state: State, player: str) -> list[Action]:
    ps = state.player(player)
    cards = state.catalogue.cards
    merchants = {cards[c].good for c in ps.cards if cards[c].kind == Kind.MERCHANT}
    has_warehouse = WAREHOUSE_CARD in ps.cards
    out: list[Action] = []
    cubes = _cubes(ps)
    # What each contract still lacks, once (not once per cube).
    lacking = [(contract, Counter(cards[contract].goods) - Counter(filled))
               for contract, filled in (ps.contracts or {}).items()]
    for good, source in sorted(set(cubes)):
        for contract, lacks in lacking:
            if lacks[good]:
                out.append(Move(player, good, source, contract))
        if good in merchants:
            out.append(Move(player, good, source, MERCHANT_DESTINATION))
        if has_warehouse and source != Store.WAREHOUSE and len(ps.warehouse) < WAREHOUSE_CAPACITY:
            out.append(Move(player, good, source, Store.WAREHOUSE))
        if source != Store.MARKET and ps.market is None:
            out.append(Move(player, good, source, Store.MARKET))
    goods_held = Counter(g for g, _ in cubes)
    takes = [g for g in GOODS if state.stock[g] > 0]
    held = frozenset(goods_held)
    for size, make in ((3, "convert"), (2, "sell")):
        if len(cubes) < size:
            continue
        for combo, counts in _COMBOS_WITHIN[size][held]:
            if any(goods_held[g] < n for g, n in counts):
                continue
            give = _first_stores(cubes, combo)
            if make == "sell":
                out.append(MarketSell(player, give))
            else:
                out.extend(Convert(player, give, take) for take in takes)
    return out


def has_dock_work(state: State, player: str) -> bool:
    """Whether `player` still has a ship's cube that a legal Loading action can take."""
    for action in loading_actions(state, player):
        if isinstance(action, Move) and action.source == Store.DOCK:
            return True
        if isinstance(action, MarketSell | Convert) and any(
                store == Store.DOCK for _good, store in action.give):
            return True
    return False


def next_loader(state: State, after: str | None = None,
                skip: frozenset[str] | set[str] = frozenset()) -> str | None:
    """Who loads next, in turn from the first player (RULES.md, Loading): the first
    player after `after` (from the first player if None) who still has a ship's cube to
    unload where a rule lets it go, leaving out the players in `skip` (those who said
    their Loading is done); None when nobody has."""
    seats = [state.seat_after(state.first_player, k) for k in range(len(state.players))]
    if after in seats:
        k = seats.index(after) + 1
        seats = seats[k:] + seats[:k]
    return next((p for p in seats if p != after and p not in skip and has_dock_work(state, p)),
                None)


def cube_holders(state: State, skip: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The players, in turn from the first player, who still hold a ship's cube that a
    rule lets go somewhere, leaving out those in `skip`: while any is left, one player's
    "done" hands over to the next of them; when none is, Loading may end (the record's
    `done`) without a cube of theirs going to the stock."""
    seats = [state.seat_after(state.first_player, k) for k in range(len(state.players))]
    return [p for p in seats if p not in skip and has_dock_work(state, p)]


def _first_stores(
    cubes: list[tuple[str, str]], combo: tuple[str, ...]
) -> tuple[tuple[str, str], ...]:
    left = list(cubes)
    give = []
    for good in combo:
        pair = next(p for p in left if p[0] == good)
        left.remove(pair)
        give.append(pair)
    return tuple(give)


def buy_prices(state: State, player: str) -> range:
    """The prices `player` may buy the card being settled for now (empty: none).

    Quick form: 1 up to the least of the highest bid, the round's budget left and the
    player's coins (none once they bought 3 cards this round). Tracked form: the
    card's price if the offer is theirs and they can pay it.
    """
    if state.phase not in (Phase.DEMAND, Phase.PURCHASE) or state.settling >= len(state.slots):
        return range(0)
    if state.phase == Phase.DEMAND and state.form == Form.TRACKED:
        return range(0)
    if player not in state.player_states:
        return range(0)
    coins = state.player(player).coins
    if state.form == Form.TRACKED:
        slot = state.slots[state.settling]
        price = len(slot.workers)
        ok = bool(slot.workers) and slot.workers[0] == player and coins >= price
        return range(price, price + 1) if ok else range(0)
    bought = [s for s in state.slots if s.outcome == Outcome.BOUGHT]
    if sum(1 for s in bought if s.buyer == player) >= MAX_CARDS_PER_ROUND:
        return range(0)
    budget = WORKERS_PER_PLAYER * state.player_count - sum(s.price or 0 for s in bought)
    return range(1, max(0, min(MAX_WORKERS_ON_CARD, budget, coins)) + 1)


def market_sale(state: State, player: str, give: tuple[tuple[str, str], ...]
                ) -> MarketSell | None:
    """The market-hall sale of exactly these two cubes ((good, store) pairs), if legal."""
    action = MarketSell(player, give)
    return action if refusal(state, action) is None else None


def conversions(state: State, player: str, give: tuple[tuple[str, str], ...]
                ) -> list[Convert]:
    """The conversions of exactly these three cubes, one per good the stock can give."""
    if state.phase != Phase.LOADING:
        return []
    out = [Convert(player, give, good) for good in GOODS if state.stock[good] > 0]
    return [a for a in out if refusal(state, a) is None]


def refusal(state: State, action: Action) -> RuleError | None:
    """The refusal `apply` would give `action` now (its `code` names the rule), or None.

    The one place that tries an action to learn whether it is legal: the rules say
    why in one place (rules.py), and this module does not say it a second time.
    """
    try:
        apply(state, action)
    except RuleError as exc:
        return exc
    return None


def is_legal(state: State, action: Action) -> bool:
    return refusal(state, action) is None


def undo_preview(state: State) -> tuple[State, Action] | None:
    """What an Undo would take back: the state it returns to and the action undone
    (None: nothing to undo)."""
    if state.previous is None or state.last_action is None:
        return None
    return state.previous, state.last_action


__all__ = [
    "bag_left",
    "buy_prices",
    "conversions",
    "cube_holders",
    "forced_goods",
    "has_dock_work",
    "is_legal",
    "legal_actions",
    "loading_actions",
    "market_sale",
    "next_loader",
    "purchase_actions",
    "refusal",
    "reveal_refusal",
    "ship_goods",
    "supply_cards",
    "undo_preview",
]
