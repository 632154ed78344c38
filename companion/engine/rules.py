"""The rules: `new_game` and `apply`, one action at a time.

Validation comes first and raises `RuleError` naming the rule broken; only
then is a new state built. The state given is never modified: each action
makes one shallow copy and replaces just the parts it changes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from companion.engine import scoring
from companion.engine.actions import (
    Action,
    Adjust,
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
from companion.engine.cards import FOURTH_FIRE, SEASON_NAMES, Catalogue
from companion.engine.errors import RuleError
from companion.engine.state import (
    FireResult,
    Income,
    PlayerState,
    Slot,
    State,
    empty_counts,
)
from companion.engine.words import (
    GOODS,
    MERCHANT_DESTINATION,
    STORES,
    Form,
    Kind,
    Outcome,
    Phase,
    Store,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 5
WORKERS_PER_PLAYER = 3
MAX_WORKERS_ON_CARD = 8
WAREHOUSE_CAPACITY = 4
MAX_CARDS_PER_ROUND = 3
STARTING_COINS = 5
CUBES_PER_GOOD = 9
WAREHOUSE_CARD = "A-warehouse"
BANK_CARD = "C-bank"

PHASE_NAMES = {
    Phase.SUPPLY: "Supply",
    Phase.DEMAND: "Demand",
    Phase.PURCHASE: "Purchase",
    Phase.LOADING: "Loading",
    Phase.OVER: "game over",
}

# The enum members `apply` compares with, bound once: reading a member off its class
# costs about 0.3 µs in Python 3.11, and `apply` is the engine's hot path (words.py).
_SUPPLY, _DEMAND, _PURCHASE, _LOADING, _OVER = (
    Phase.SUPPLY, Phase.DEMAND, Phase.PURCHASE, Phase.LOADING, Phase.OVER
)
_TRACKED, _QUICK = Form.TRACKED, Form.QUICK
_SHIP, _FIRE, _FIREMAN, _CONTRACT = Kind.SHIP, Kind.FIRE, Kind.FIREMAN, Kind.CONTRACT
_BOUGHT, _DISCARDED = Outcome.BOUGHT, Outcome.DISCARDED
_DOCK, _WAREHOUSE, _MARKET = Store.DOCK, Store.WAREHOUSE, Store.MARKET

T = TypeVar("T")
_set = object.__setattr__


def _copier(cls: type[T]) -> Callable[[T], T]:
    """A function that shallow-copies instances of the slotted class `cls`.

    Its body is unrolled, one line per slot, the way `dataclasses` builds
    `__init__`: a loop with `getattr` costs twice as much, and a `State` is
    copied on every action (this was the engine's hottest function).
    """
    names = cls.__slots__  # type: ignore[attr-defined]
    lines = [f"    _set(new, {name!r}, obj.{name})" for name in names]
    source = "def copy(obj):\n    new = _new(cls)\n" + "\n".join(lines) + "\n    return new\n"
    namespace: dict[str, Any] = {"_new": object.__new__, "_set": _set, "cls": cls}
    exec(source, namespace)  # noqa: S102 - the source is built from the class's own slot names
    copy: Callable[[T], T] = namespace["copy"]
    return copy


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _copy(obj: T) -> T:
    """A shallow copy of a slotted frozen dataclass, to be filled in with `_set`."""
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    return copier(obj)  # type: ignore[no-any-return]


#: The copier of `State`, called directly by every handler (one per action).
_copy_state: Callable[[State], State] = _COPIERS.setdefault(State, _copier(State))


def _evolve(obj: T, **changes: Any) -> T:
    new = _copy(obj)
    for name, value in changes.items():
        _set(new, name, value)
    return new


# --- setup ----------------------------------------------------------------------


def new_game(setup: Setup, catalogue: Catalogue) -> State:
    """The state at the start of a game, from the record's `setup` line."""
    players = setup.players
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError(f"the game is for 2-5 players, not {len(players)}")
    if len(set(players)) != len(players):
        raise RuleError("player ids must be unique")
    for pid in players:
        if len(pid) > 32 or not pid.isprintable():
            raise RuleError(f"player id {pid!r} must be printable and at most 32 characters")
    if setup.first not in players:
        raise RuleError(f"first player {setup.first!r} is not one of the players")
    names = dict(setup.names or {})
    for pid in names:
        if pid not in players:
            raise RuleError(f"names: {pid!r} is not one of the players")
    full_names = {pid: names.get(pid) or pid for pid in players}
    if setup.cards:
        catalogue = catalogue.with_overrides(setup.cards)
    unseen: dict[str, set[str]] = {season: set() for season in "ABCDE"}
    for card_id in catalogue.deck_for(len(players)):
        unseen[catalogue[card_id].season].add(card_id)
    return State(
        catalogue=catalogue,
        players=tuple(players),
        names=full_names,
        phase=_SUPPLY,
        round=1,
        last_round=False,
        first_player=setup.first,
        player_states={pid: PlayerState(contracts={}) for pid in players},
        unseen={season: frozenset(ids) for season, ids in unseen.items()},
        slots=(),
        form=None,
        placed=0,
        settling=0,
        bag=dict.fromkeys(GOODS, CUBES_PER_GOOD),
        stock=empty_counts(),
        fires=(),
        income=None,
        final=None,
    )


# --- the reducer ----------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after `action`, or `RuleError` naming the rule it breaks."""
    kind = type(action)
    if kind is Undo:
        return _undo(state)
    if kind is Redo:
        return _redo(state)
    new = _apply_plain(state, action)
    _set(new, "redo", ())
    return new


def _apply_plain(state: State, action: Action) -> State:
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError("setup can only be the first line of a record")
    if state.phase == _OVER and type(action) is not Adjust:
        raise RuleError(f"the game is over; {action.type} is no longer possible")
    new = handler(state, action)
    _set(new, "previous", state)
    _set(new, "last_action", action)
    _set(new, "actions", state.actions + 1)
    return new


def _undo(state: State) -> State:
    previous, undone = state.previous, state.last_action
    if previous is None or undone is None:
        raise RuleError("there is nothing to undo")
    return _evolve(previous, redo=state.redo + (undone,), actions=state.actions + 1)


def _redo(state: State) -> State:
    if not state.redo:
        raise RuleError("there is nothing to redo")
    new = _apply_plain(state, state.redo[-1])
    _set(new, "redo", state.redo[:-1])
    return new


# --- helpers --------------------------------------------------------------------


def _phase_error(action: str, wanted: str, state: State) -> RuleError:
    return RuleError(
        f"{action} belongs to the {wanted} phase; the game is in the "
        f"{PHASE_NAMES[state.phase]} phase"
    )


def _check_player(state: State, player: str) -> PlayerState:
    ps = state.player_states.get(player)
    if ps is None:
        raise RuleError(f"unknown player {player!r} (players: {', '.join(state.players)})")
    return ps


def _set_player(new: State, player: str, **changes: Any) -> None:
    states = dict(new.player_states)
    states[player] = _evolve(states[player], **changes)
    _set(new, "player_states", states)


def _add_counts(
    counts: Mapping[str, int], goods: tuple[str, ...] | list[str], sign: int = 1
) -> dict[str, int]:
    out = dict(counts)
    for good in goods:
        out[good] += sign
    return out


def _remove_one(cubes: tuple[str, ...], good: str) -> tuple[str, ...]:
    index = cubes.index(good)
    return cubes[:index] + cubes[index + 1 :]


def _check_goods(goods: tuple[str, ...]) -> None:
    for good in goods:
        if good not in GOODS:
            raise RuleError(f"{good!r} is not a good ({', '.join(GOODS)})")


def _owner_of(state: State, card_id: str) -> str | None:
    for pid in state.players:
        if card_id in state.player_states[pid].cards:
            return pid
    return None


def _owns_kind(state: State, ps: PlayerState, kind: str, good: str | None = None) -> bool:
    cards = state.catalogue.cards
    return any(
        cards[c].kind == kind and (good is None or cards[c].good == good) for c in ps.cards
    )


def _resolve_fire(new: State, card_id: str) -> None:
    """Every player with the highest firemen sum gains the points; the lowest lose them."""
    points = new.catalogue[card_id].points or 0
    sums = {pid: new.player_states[pid].firemen for pid in new.players}
    high, low = max(sums.values()), min(sums.values())
    gained: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    if high != low:
        gained = tuple(p for p in new.players if sums[p] == high)
        lost = tuple(p for p in new.players if sums[p] == low)
        states = dict(new.player_states)
        for pid in gained:
            states[pid] = _evolve(states[pid], track=states[pid].track + points)
        for pid in lost:
            states[pid] = _evolve(states[pid], track=states[pid].track - points)
        _set(new, "player_states", states)
    fire = FireResult(card_id, points, sums, gained, lost, new.round)
    _set(new, "fires", new.fires + (fire,))


def _end_game(new: State) -> None:
    """The 4th fire, then the final scoring."""
    unseen = dict(new.unseen)
    unseen["E"] = frozenset()
    _set(new, "unseen", unseen)
    _resolve_fire(new, FOURTH_FIRE)
    _set(new, "phase", _OVER)
    _set(new, "final", scoring.final_scoring(new))


# --- supply ---------------------------------------------------------------------


def _reveal(state: State, action: Reveal) -> State:
    if state.phase != _SUPPLY:
        raise _phase_error("revealing a card", "Supply", state)
    card = state.catalogue.cards.get(action.card)
    if card is None:
        raise RuleError(f"unknown card {action.card!r}")
    if card.id == FOURTH_FIRE:
        raise RuleError("the 4th fire is never revealed; it is resolved after the last round")
    if state.player_count in card.removed_for:
        raise RuleError(f"{card.id} is removed from the game for {state.player_count} players")
    if card.id not in state.unseen[card.season]:
        raise RuleError(f"{card.id} has already been revealed")
    top = state.top_season()
    if card.season != top:
        raise RuleError(
            f"{card.id} belongs to {SEASON_NAMES[card.season]} ({card.season}), but the pile "
            f"shows {SEASON_NAMES[str(top)]} ({top}) cards: the seasons come out in order"
        )
    goods: tuple[str, ...] = ()
    if card.kind == _SHIP:
        if action.goods is None or len(action.goods) != 3:
            raise RuleError(f"a ship gets 3 goods from the bag; name them for {card.id}")
        _check_goods(action.goods)
        for good in dict.fromkeys(action.goods):  # in first-seen order, as Counter would
            count = action.goods.count(good)
            if state.bag[good] < count:
                raise RuleError(
                    f"the bag holds {state.bag[good]} {good}; it cannot give {count}"
                )
        goods = action.goods
    elif action.goods is not None:
        raise RuleError(f"only a ship carries goods; {card.id} is a {card.kind.replace('_', ' ')}")
    new = _copy_state(state)
    unseen = dict(state.unseen)
    unseen[card.season] = state.unseen[card.season] - {card.id}
    _set(new, "unseen", unseen)
    if card.kind == _FIRE:
        _resolve_fire(new, card.id)
    else:
        if goods:
            _set(new, "bag", _add_counts(state.bag, goods, -1))
        _set(new, "slots", state.slots + (Slot(card.id, goods),))
    pile_empty = new.top_season() is None
    if len(new.slots) == state.player_count + 1 or pile_empty:
        if pile_empty:
            _set(new, "last_round", True)
        if not new.slots:
            _end_game(new)
        else:
            _set(new, "phase", _DEMAND)
    return new


# --- demand and purchase ----------------------------------------------------------


def _check_slot(state: State, slot: int) -> Slot:
    # slot < 0 would index from the right; the parser refuses it, apply() must too.
    if not 0 <= slot < len(state.slots):
        raise RuleError(
            f"there is no slot {slot}: this round has {len(state.slots)} cards "
            f"(slots 0-{len(state.slots) - 1})"
        )
    return state.slots[slot]


def _check_settling(state: State, slot: int) -> Slot:
    target = _check_slot(state, slot)
    if slot < state.settling:
        raise RuleError(f"the card in slot {slot} ({target.card}) is already settled")
    if slot > state.settling:
        raise RuleError(
            f"cards are settled left to right: slot {state.settling} "
            f"({state.slots[state.settling].card}) comes first"
        )
    return target


def _place(state: State, action: Place) -> State:
    if state.phase != _DEMAND:
        if state.phase == _PURCHASE and state.form == _TRACKED:
            raise RuleError("all workers are placed; the Purchase phase has begun")
        raise _phase_error("placing a worker", "Demand", state)
    if state.form == _QUICK:
        raise RuleError(
            "this round is entered in the quick form (buy or discard per card); "
            "workers are not tracked"
        )
    _check_player(state, action.player)
    mine = sum(slot.workers.count(action.player) for slot in state.slots)
    if mine >= WORKERS_PER_PLAYER:
        raise RuleError(f"{action.player} has already placed all {WORKERS_PER_PLAYER} workers")
    turn = state.seat_after(state.first_player, state.placed)
    if action.player != turn:
        raise RuleError(f"it is {turn}'s turn to place a worker, not {action.player}'s")
    target = _check_slot(state, action.slot)
    if len(target.workers) >= MAX_WORKERS_ON_CARD:
        raise RuleError(f"a card takes at most {MAX_WORKERS_ON_CARD} workers")
    new = _copy_state(state)
    slots = list(state.slots)
    slots[action.slot] = _evolve(target, workers=target.workers + (action.player,))
    _set(new, "slots", tuple(slots))
    _set(new, "placed", state.placed + 1)
    _set(new, "form", _TRACKED)
    if new.placed == WORKERS_PER_PLAYER * state.player_count:
        _set(new, "phase", _PURCHASE)
        _set(new, "settling", 0)
        _settle_forward(new)
    return new


def _settle_forward(new: State) -> None:
    """Discard tracked slots with no worker; enter Loading when every slot is settled."""
    slots = new.slots
    index = new.settling
    if new.form == _TRACKED:
        while index < len(slots) and not slots[index].workers:
            _discard_slot(new, index)
            slots = new.slots
            index += 1
    _set(new, "settling", index)
    if index >= len(slots):
        _set(new, "phase", _LOADING)


def _discard_slot(new: State, index: int) -> None:
    slot = new.slots[index]
    if slot.goods:
        _set(new, "stock", _add_counts(new.stock, slot.goods))
    slots = list(new.slots)
    slots[index] = _evolve(slot, workers=(), outcome=_DISCARDED)
    _set(new, "slots", tuple(slots))


def _purchase_form(state: State, action: str) -> Form:
    """The form this purchase action is in, or the error for its phase."""
    if state.phase == _DEMAND:
        if state.form == _TRACKED:
            total = WORKERS_PER_PLAYER * state.player_count
            raise RuleError(
                f"workers are still being placed ({state.placed} of {total}); "
                "the Purchase phase comes after"
            )
        return _QUICK
    if state.phase != _PURCHASE:
        raise _phase_error(action, "Purchase", state)
    return state.form or _QUICK


def _buy(state: State, action: Buy) -> State:
    form = _purchase_form(state, "buying a card")
    ps = _check_player(state, action.player)
    target = _check_settling(state, action.slot)
    if form == _TRACKED:
        price = len(target.workers)
        if action.price is not None and action.price != price:
            raise RuleError(
                f"the price is {price} (one coin per worker above the card), not {action.price}"
            )
        if target.workers[0] != action.player:
            raise RuleError(
                f"the offer for slot {action.slot} goes to {target.workers[0]}, "
                "whose worker is lowest"
            )
    else:
        if action.price is None:
            raise RuleError("in the quick form a purchase needs the price paid (1-8)")
        # The parser checks the range too, but apply() is also called directly (UI, tests).
        if not 1 <= action.price <= MAX_WORKERS_ON_CARD:
            raise RuleError(
                f"a card costs 1-{MAX_WORKERS_ON_CARD} coins (one per worker), not {action.price}"
            )
        price = action.price
        bought = [s for s in state.slots if s.outcome == _BOUGHT]
        if sum(1 for s in bought if s.buyer == action.player) >= MAX_CARDS_PER_ROUND:
            raise RuleError(
                f"a player buys at most {MAX_CARDS_PER_ROUND} cards in a round "
                f"(one per worker); {action.player} has bought {MAX_CARDS_PER_ROUND}"
            )
        spent = sum(s.price or 0 for s in bought)
        limit = WORKERS_PER_PLAYER * state.player_count
        if spent + price > limit:
            raise RuleError(
                f"the prices paid in a round add up to at most {limit} (one coin per worker); "
                f"{spent} is paid already"
            )
    if ps.coins < price:
        raise RuleError(f"{action.player} has {ps.coins} coins and cannot pay {price}")
    card = state.catalogue[target.card]
    new = _copy_state(state)
    changes: dict[str, Any] = {"coins": ps.coins - price, "cards": ps.cards + (card.id,)}
    if card.kind == _FIREMAN:
        changes["firemen"] = ps.firemen + (card.value or 0)
    elif card.kind == _CONTRACT:
        contracts = dict(ps.contracts or {})
        contracts[card.id] = ()
        changes["contracts"] = contracts
    elif card.kind == _SHIP:
        changes["dock"] = ps.dock + target.goods
    _set_player(new, action.player, **changes)
    slots = list(state.slots)
    slots[action.slot] = _evolve(
        target, workers=(), outcome=_BOUGHT, buyer=action.player, price=price
    )
    _set(new, "slots", tuple(slots))
    _set(new, "form", form)
    _set(new, "phase", _PURCHASE)
    _set(new, "settling", action.slot + 1)
    _settle_forward(new)
    return new


def _pass(state: State, action: Pass) -> State:
    form = _purchase_form(state, "passing on a card")
    if form != _TRACKED:
        raise RuleError(
            "pass belongs to the tracked form; in the quick form, discard a card nobody bought"
        )
    _check_player(state, action.player)
    target = _check_settling(state, action.slot)
    if target.workers[0] != action.player:
        raise RuleError(
            f"the offer for slot {action.slot} goes to {target.workers[0]}, whose worker is lowest"
        )
    new = _copy_state(state)
    slots = list(state.slots)
    slots[action.slot] = _evolve(target, workers=target.workers[1:])
    _set(new, "slots", tuple(slots))
    if not target.workers[1:]:
        _discard_slot(new, action.slot)
        _set(new, "settling", action.slot + 1)
        _settle_forward(new)
    return new


def _discard(state: State, action: Discard) -> State:
    form = _purchase_form(state, "discarding a card")
    if form != _QUICK:
        raise RuleError(
            "discard belongs to the quick form; in the tracked form a card is discarded "
            "when every worker above it has passed"
        )
    _check_settling(state, action.slot)
    new = _copy_state(state)
    _set(new, "form", _QUICK)
    _set(new, "phase", _PURCHASE)
    _discard_slot(new, action.slot)
    _set(new, "settling", action.slot + 1)
    _settle_forward(new)
    return new


# --- loading --------------------------------------------------------------------


def _check_loading(state: State, what: str, player: str) -> PlayerState:
    if state.phase != _LOADING:
        raise _phase_error(what, "Loading", state)
    return _check_player(state, player)


def _cubes_in(ps: PlayerState, store: str) -> Counter[str]:
    if store == _DOCK:
        return Counter(ps.dock)
    if store == _WAREHOUSE:
        return Counter(ps.warehouse)
    return Counter([ps.market] if ps.market else [])


def _take_cubes(
    player: str, ps: PlayerState, give: tuple[tuple[str, str], ...]
) -> dict[str, Any]:
    """The player's stores without the cubes in `give`; RuleError if one is not there."""
    need = Counter(give)
    for (good, store), count in need.items():
        # The parser allows only these, but apply() also takes actions built in code;
        # an unknown store must not fall through to the market hall.
        if store not in STORES:
            raise RuleError(
                f"cubes come from the {', '.join(STORES)}, not {store!r}"
                " (cubes on a contract never come off)"
            )
        have = _cubes_in(ps, store)[good]
        if have < count:
            where = "market hall" if store == _MARKET else store
            raise RuleError(
                f"{player} has {have} {good} in the {where}, not {count}"
            )
    dock, warehouse, market = ps.dock, ps.warehouse, ps.market
    for good, store in give:
        if store == _DOCK:
            dock = _remove_one(dock, good)
        elif store == _WAREHOUSE:
            warehouse = _remove_one(warehouse, good)
        else:
            market = None
    return {"dock": dock, "warehouse": warehouse, "market": market}


def _move(state: State, action: Move) -> State:
    player = action.player
    ps = _check_loading(state, "loading cubes", player)
    if action.source == action.to:
        raise RuleError(f"a cube cannot move from the {action.to} to the {action.to}")
    changes = _take_cubes(player, ps, ((action.good, action.source),))
    new = _copy_state(state)
    if action.to == MERCHANT_DESTINATION:
        if not _owns_kind(state, ps, Kind.MERCHANT, action.good):
            raise RuleError(f"{player} owns no merchant who buys {action.good}")
        changes["coins"] = ps.coins + 1
        _set(new, "stock", _add_counts(state.stock, (action.good,)))
    elif action.to == _WAREHOUSE:
        if WAREHOUSE_CARD not in ps.cards:
            owner = _owner_of(state, WAREHOUSE_CARD)
            if owner:
                raise RuleError(
                    f"no trading between players: the warehouse belongs to {owner}"
                )
            raise RuleError(f"{player} does not own the warehouse")
        if len(ps.warehouse) >= WAREHOUSE_CAPACITY:
            raise RuleError(f"the warehouse holds at most {WAREHOUSE_CAPACITY} cubes")
        changes["warehouse"] = changes["warehouse"] + (action.good,)
    elif action.to == _MARKET:
        if ps.market is not None:
            raise RuleError("the market hall keeps at most 1 cube")
        changes["market"] = action.good
    else:
        changes["contracts"] = _fill_contract(state, ps, action)
    _set_player(new, player, **changes)
    return new


def _fill_contract(state: State, ps: PlayerState, action: Move) -> dict[str, tuple[str, ...]]:
    card = state.catalogue.cards.get(action.to)
    if card is None:
        raise RuleError(
            f"unknown destination {action.to!r}: a contract id, merchant, warehouse or market"
        )
    if card.kind != _CONTRACT:
        raise RuleError(f"{card.id} is not a contract; cubes go to contracts, merchants, "
                        "the warehouse or the market hall")
    contracts = ps.contracts or {}
    if card.id not in contracts:
        owner = _owner_of(state, card.id)
        if owner:
            raise RuleError(f"no trading between players: {card.id} belongs to {owner}")
        raise RuleError(f"{action.player} does not own {card.id}")
    filled = contracts[card.id]
    open_symbols = Counter(card.goods) - Counter(filled)
    if not open_symbols:
        raise RuleError(f"{card.id} is already complete")
    if action.good not in open_symbols:
        wanted = ", ".join(sorted(open_symbols.elements()))
        raise RuleError(f"{card.id} still needs {wanted}; {action.good} does not fit")
    out = dict(contracts)
    out[card.id] = filled + (action.good,)
    return out


def _convert(state: State, action: Convert) -> State:
    ps = _check_loading(state, "converting cubes", action.player)
    if len(action.give) != 3:
        raise RuleError("a conversion gives exactly 3 cubes to the stock")
    _check_goods((action.take,))
    if state.stock[action.take] < 1:
        raise RuleError(
            f"the stock holds no {action.take}; a conversion takes a cube that was "
            "already in the stock"
        )
    changes = _take_cubes(action.player, ps, action.give)
    changes["dock"] = changes["dock"] + (action.take,)
    new = _copy_state(state)
    stock = _add_counts(state.stock, [good for good, _ in action.give])
    stock[action.take] -= 1
    _set(new, "stock", stock)
    _set_player(new, action.player, **changes)
    return new


def _market_sell(state: State, action: MarketSell) -> State:
    ps = _check_loading(state, "selling in the market hall", action.player)
    if len(action.give) != 2:
        raise RuleError("the market hall buys exactly 2 cubes for 1 coin")
    changes = _take_cubes(action.player, ps, action.give)
    changes["coins"] = ps.coins + 1
    new = _copy_state(state)
    _set(new, "stock", _add_counts(state.stock, [good for good, _ in action.give]))
    _set_player(new, action.player, **changes)
    return new


def _done(state: State, action: Done) -> State:
    if state.phase != _LOADING:
        raise _phase_error("ending the round", "Loading", state)
    new = _copy_state(state)
    stock = dict(state.stock)
    buyers = {s.buyer for s in state.slots if s.outcome == _BOUGHT}
    states: dict[str, PlayerState] = {}
    income: dict[str, Income] = {}
    for pid in state.players:
        ps = state.player_states[pid]
        for good in ps.dock:
            stock[good] += 1
        paid = Income(
            base=1,
            no_purchase=0 if pid in buyers else 1,
            bank=1 if BANK_CARD in ps.cards else 0,
        )
        income[pid] = paid
        states[pid] = _evolve(ps, dock=(), coins=ps.coins + paid.total)
    _set(new, "stock", stock)
    _set(new, "player_states", states)
    _set(new, "income", income)
    _set(new, "first_player", state.seat_after(state.first_player))
    if state.last_round:
        _end_game(new)
        return new
    _set(new, "round", state.round + 1)
    _set(new, "phase", _SUPPLY)
    _set(new, "slots", ())
    _set(new, "form", None)
    _set(new, "placed", 0)
    _set(new, "settling", 0)
    return new


# --- corrections ----------------------------------------------------------------


def _adjust(state: State, action: Adjust) -> State:
    ps = _check_player(state, action.player)
    if action.coins is None and action.points is None:
        raise RuleError("adjust needs coins or points to change")
    if not action.reason.strip():
        raise RuleError("adjust needs a reason")
    coins = ps.coins + (action.coins or 0)
    if coins < 0:
        raise RuleError(f"coins never go below 0: {action.player} has {ps.coins}")
    new = _copy_state(state)
    _set_player(new, action.player, coins=coins, track=ps.track + (action.points or 0))
    if state.phase == _OVER:
        _set(new, "final", scoring.final_scoring(new))
    return new


_HANDLERS: dict[type[Action], Callable[[State, Any], State]] = {
    Reveal: _reveal,
    Place: _place,
    Buy: _buy,
    Pass: _pass,
    Discard: _discard,
    Move: _move,
    Convert: _convert,
    MarketSell: _market_sell,
    Done: _done,
    Adjust: _adjust,
}
