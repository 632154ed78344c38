"""Every legal action of a state, and random whole games built from them.

`legal_actions` lists what the table could enter next, so a random player
can play whole games: for property tests, benchmarks and the demo. Two
simplifications keep the lists short, and are the only ones: a ship's goods
are listed once per distinct set of 3 (not once per cube), and a conversion
or market-hall sale is listed once per distinct choice of goods (taking each
cube from the first store that holds it). `adjust`, `undo` and `redo` are not
listed: they are corrections, not moves of the game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement

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
    Redo,
    Reveal,
    Setup,
    Undo,
)
from companion.engine.cards import FOURTH_FIRE, Catalogue
from companion.engine.errors import RuleError
from companion.engine.rules import (
    MAX_CARDS_PER_ROUND,
    MAX_WORKERS_ON_CARD,
    WAREHOUSE_CAPACITY,
    WAREHOUSE_CARD,
    WORKERS_PER_PLAYER,
    apply,
    new_game,
)
from companion.engine.state import PlayerState, State
from companion.engine.words import (
    COLOURS,
    GOODS,
    MERCHANT_DESTINATION,
    Form,
    Kind,
    Outcome,
    Phase,
    Store,
)

#: Every multiset of 2 or 3 goods, with its counts (computed once: this is a hot loop).
_COMBOS: dict[int, tuple[tuple[tuple[str, ...], tuple[tuple[str, int], ...]], ...]] = {
    size: tuple(
        (combo, tuple(Counter(combo).items()))
        for combo in combinations_with_replacement(GOODS, size)
    )
    for size in (2, 3)
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
        return _purchase_actions(state)
    if phase == Phase.LOADING:
        out: list[Action] = [Done()]
        for pid in state.players:
            out.extend(loading_actions(state, pid))
        return out
    return []


def _supply_actions(state: State) -> list[Action]:
    season = state.top_season()
    if season is None:
        return []
    out: list[Action] = []
    for card_id in sorted(state.unseen[season]):
        if state.catalogue[card_id].kind == Kind.SHIP:
            out.extend(Reveal(card_id, load) for load in _ship_loads(dict(state.bag)))
        else:
            out.append(Reveal(card_id))
    return out


def _purchase_actions(state: State) -> list[Action]:
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


def loading_actions(state: State, player: str) -> list[Action]:
    """One player's legal Loading actions (moves, conversions, market-hall sales)."""
    ps = state.player(player)
    cards = state.catalogue.cards
    merchants = {cards[c].good for c in ps.cards if cards[c].kind == Kind.MERCHANT}
    has_warehouse = WAREHOUSE_CARD in ps.cards
    out: list[Action] = []
    cubes = _cubes(ps)
    for good, source in sorted(set(cubes)):
        for contract, filled in (ps.contracts or {}).items():
            if (Counter(cards[contract].goods) - Counter(filled))[good]:
                out.append(Move(player, good, source, contract))
        if good in merchants:
            out.append(Move(player, good, source, MERCHANT_DESTINATION))
        if has_warehouse and source != Store.WAREHOUSE and len(ps.warehouse) < WAREHOUSE_CAPACITY:
            out.append(Move(player, good, source, Store.WAREHOUSE))
        if source != Store.MARKET and ps.market is None:
            out.append(Move(player, good, source, Store.MARKET))
    goods_held = Counter(g for g, _ in cubes)
    takes = [g for g in GOODS if state.stock[g] > 0]
    for size, make in ((3, "convert"), (2, "sell")):
        for combo, counts in _COMBOS[size]:
            if any(goods_held[g] < n for g, n in counts):
                continue
            give = _first_stores(cubes, combo)
            if make == "sell":
                out.append(MarketSell(player, give))
            else:
                out.extend(Convert(player, give, take) for take in takes)
    return out


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


# --- random whole games -----------------------------------------------------------


def _draw(rng: random.Random, bag: dict[str, int]) -> tuple[str, ...]:
    """Three cubes drawn from the bag as a hand would, weighted by what is inside."""
    pool = [g for g in GOODS for _ in range(bag[g])]
    return tuple(rng.sample(pool, 3))


def _choose(rng: random.Random, state: State, form: str, loading_moves: int) -> Action:
    phase = state.phase
    if phase == Phase.SUPPLY:
        season = state.top_season()
        assert season is not None
        card_id = rng.choice(sorted(state.unseen[season]))
        if state.catalogue[card_id].kind == Kind.SHIP:
            return Reveal(card_id, _draw(rng, dict(state.bag)))
        return Reveal(card_id)
    if phase == Phase.LOADING:
        if loading_moves >= 12 or rng.random() < 0.15:
            return Done()
        options = [a for pid in state.players for a in loading_actions(state, pid)]
        # Favour moves that score (contracts, merchants) over shuffling cubes around.
        stores = (Store.WAREHOUSE, Store.MARKET)
        useful = [a for a in options if isinstance(a, Move) and a.to not in stores]
        if useful and rng.random() < 0.8:
            return rng.choice(useful)
        return rng.choice(options) if options else Done()
    options = _purchase_actions(state)
    if state.phase == Phase.DEMAND and state.form is None:
        wanted = form if form != "mixed" else rng.choice((Form.QUICK, Form.TRACKED))
        keep = [a for a in options if isinstance(a, Place) == (wanted == Form.TRACKED)]
        options = keep or options
    buys = [a for a in options if isinstance(a, Buy)]
    if buys and rng.random() < 0.7:
        return rng.choice(buys)
    return rng.choice(options)


def random_game(
    catalogue: Catalogue,
    players: int = 4,
    *,
    seed: int | None = None,
    form: str = "mixed",
    undo_rate: float = 0.0,
) -> tuple[list[Action], State]:
    """A random legal whole game: its actions (setup first) and its final state.

    `form` is ``quick``, ``tracked`` or ``mixed`` (chosen per round).
    With `undo_rate` > 0, some actions are undone and then redone or replaced.
    """
    rng = random.Random(seed)
    ids = COLOURS[:players]
    setup = Setup(players=ids, first=rng.choice(ids))
    actions: list[Action] = [setup]
    state = new_game(setup, catalogue)
    loading_moves = 0
    while state.phase != Phase.OVER:
        if undo_rate and state.can_undo() and rng.random() < undo_rate:
            action: Action = Undo()
        elif undo_rate and state.redo and rng.random() < 0.5:
            action = Redo()
        else:
            action = _choose(rng, state, form, loading_moves)
        try:
            state = apply(state, action)
        except RuleError as exc:  # a bug in the generator or the engine: say which
            raise AssertionError(f"generated action {action} refused: {exc}") from exc
        loading_moves = loading_moves + 1 if state.phase == Phase.LOADING else 0
        actions.append(action)
    return actions, state


__all__ = ["FOURTH_FIRE", "legal_actions", "loading_actions", "random_game"]
