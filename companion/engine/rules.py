"""The rules: `new_game` and `apply`, one action at a time.

Validation comes first and raises `RuleError` naming the rule broken; only
then is a new state built. The state given is never modified: each action
makes one shallow copy and replaces just the parts it changes.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from companion.engine import printed, scoring
from companion.engine.actions import (
    Action,
    Adjust,
    Buy,
    ConfirmValue,
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
#: The longest player id and display name, in characters (docs/record-format.md, "Names").
MAX_NAME_LENGTH = 32
#: Letters and symbols that draw as nothing: fillers (Hangul, braille blank) and the like.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f\u17b4\u17b5")


def shown_text_ok(text: str) -> bool:
    """Whether a player id or display name can be shown (docs/record-format.md, "Names").

    Printable (no control, format, separator or unassigned code point but the
    plain space: no zero-width space, direction mark, BOM or NUL), visible (at
    least one letter, digit, punctuation mark or symbol that draws something;
    not only spaces, fillers or combining marks) and at most `MAX_NAME_LENGTH`
    characters.
    """
    if not text or len(text) > MAX_NAME_LENGTH or not text.isprintable():
        return False
    return visible(text)


def visible(text: str) -> bool:
    """Whether `text` holds a letter, digit, punctuation mark or symbol that draws
    something (not only spaces, fillers, combining marks or invisible characters)."""
    return any(ch not in _BLANKS and unicodedata.category(ch)[0] in "LNPS" for ch in text)
WORKERS_PER_PLAYER = 3
MAX_WORKERS_ON_CARD = 8
WAREHOUSE_CAPACITY = 4
MAX_CARDS_PER_ROUND = 3
STARTING_COINS = 5
CUBES_PER_GOOD = 9
WAREHOUSE_CARD = "A-warehouse"
BANK_CARD = "C-bank"

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

    Its body is unrolled, one line per slot, the way `values.value` builds
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
        raise RuleError("player_count", count=len(players))
    # Unique as they look: "café" typed two ways (NFC and NFD) is one id.
    if len({unicodedata.normalize("NFC", pid) for pid in players}) != len(players):
        raise RuleError("players_not_unique")
    for pid in players:
        if len(pid) > MAX_NAME_LENGTH or not pid.isprintable():
            raise RuleError("player_id_form", player=pid)
        if not shown_text_ok(pid):
            raise RuleError("player_id_invisible", player=pid)
    if setup.first not in players:
        raise RuleError("first_not_a_player", player=setup.first)
    names = dict(setup.names or {})
    for pid in names:
        if pid not in players:
            raise RuleError("name_not_a_player", player=pid)
        # An empty name is no name (the id is shown); any other must be showable.
        if names[pid] and not shown_text_ok(names[pid]):
            raise RuleError("name_form", player=pid, name=names[pid])
    full_names = {pid: names.get(pid) or pid for pid in players}
    # Each player's shown name is theirs alone (the statistics and BG Stats tell players
    # apart by it): case, outer spaces and Unicode spelling ignored.
    seen: dict[str, str] = {}
    for pid in players:
        key = unicodedata.normalize("NFC", full_names[pid]).strip().casefold()
        if key in seen:
            raise RuleError("names_not_unique", name=full_names[pid], player=pid,
                            other=seen[key])
        seen[key] = pid
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
    if isinstance(action, ConfirmValue):  # not a move at the table: docs/record-format.md
        return printed.confirm_value(state, action, _evolve)
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
        raise RuleError("record_setup_not_first")
    if state.phase == _OVER and type(action) is not Adjust:
        raise RuleError("game_over", type=action.type)
    new = handler(state, action)
    _set(new, "previous", state)
    _set(new, "last_action", action)
    _set(new, "actions", state.actions + 1)
    return new


def _undo(state: State) -> State:
    previous, undone = state.previous, state.last_action
    if previous is None or undone is None:
        raise RuleError("nothing_to_undo")
    return _evolve(previous, redo=state.redo + (undone,), actions=state.actions + 1)


def _redo(state: State) -> State:
    if not state.redo:
        raise RuleError("nothing_to_redo")
    new = _apply_plain(state, state.redo[-1])
    _set(new, "redo", state.redo[:-1])
    return new


# --- helpers --------------------------------------------------------------------


def _phase_error(action: str, wanted: Phase, state: State) -> RuleError:
    return RuleError("wrong_phase", doing=action, wanted_phase=wanted, phase=state.phase)


def _check_player(state: State, player: str) -> PlayerState:
    ps = state.player_states.get(player)
    if ps is None:
        raise RuleError("unknown_player", player=player, players=list(state.players))
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
            raise RuleError("not_a_good", good=good, goods=list(GOODS))


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
        raise _phase_error(Reveal.type, _SUPPLY, state)
    card = state.catalogue.cards.get(action.card)
    if card is None:
        raise RuleError("unknown_card", card=action.card)
    if card.id == FOURTH_FIRE:
        raise RuleError("fourth_fire_revealed")
    if state.player_count in card.removed_for:
        raise RuleError("card_removed", card=card.id, count=state.player_count)
    if card.id not in state.unseen[card.season]:
        raise RuleError("card_revealed", card=card.id)
    top = state.top_season()
    if card.season != top:
        raise RuleError("season_order", card=card.id, season=card.season, top=top)
    goods: tuple[str, ...] = ()
    if card.kind == _SHIP:
        if action.goods is None or len(action.goods) != 3:
            raise RuleError("ship_needs_goods", card=card.id)
        _check_goods(action.goods)
        for good in dict.fromkeys(action.goods):  # in first-seen order, as Counter would
            count = action.goods.count(good)
            if state.bag[good] < count:
                raise RuleError("bag_short", have=state.bag[good], good=good, count=count)
        goods = action.goods
    elif action.goods is not None:
        raise RuleError("goods_not_ship", card=card.id, kind=card.kind)
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
        count = len(state.slots)
        raise RuleError("no_slot", slot=slot, count=count, last=count - 1)
    return state.slots[slot]


def _check_settling(state: State, slot: int) -> Slot:
    target = _check_slot(state, slot)
    if slot < state.settling:
        raise RuleError("slot_settled", slot=slot, card=target.card)
    if slot > state.settling:
        first = state.settling
        raise RuleError("slot_order", slot=first, card=state.slots[first].card)
    return target


def _place(state: State, action: Place) -> State:
    if state.phase != _DEMAND:
        if state.phase == _PURCHASE and state.form == _TRACKED:
            raise RuleError("workers_placed")
        raise _phase_error(Place.type, _DEMAND, state)
    if state.form == _QUICK:
        raise RuleError("quick_no_workers")
    _check_player(state, action.player)
    mine = sum(slot.workers.count(action.player) for slot in state.slots)
    if mine >= WORKERS_PER_PLAYER:
        raise RuleError("no_workers_left", player=action.player, count=WORKERS_PER_PLAYER)
    turn = state.seat_after(state.first_player, state.placed)
    if action.player != turn:
        raise RuleError("not_your_turn", turn=turn, player=action.player)
    target = _check_slot(state, action.slot)
    if len(target.workers) >= MAX_WORKERS_ON_CARD:
        raise RuleError("card_full", count=MAX_WORKERS_ON_CARD)
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
            raise RuleError("still_placing", placed=state.placed, total=total)
        return _QUICK
    if state.phase != _PURCHASE:
        raise _phase_error(action, _PURCHASE, state)
    return state.form or _QUICK


def _buy(state: State, action: Buy) -> State:
    form = _purchase_form(state, Buy.type)
    ps = _check_player(state, action.player)
    target = _check_settling(state, action.slot)
    if form == _TRACKED:
        price = len(target.workers)
        if action.price is not None and action.price != price:
            raise RuleError("wrong_price", price=price, given=action.price)
        if target.workers[0] != action.player:
            raise RuleError("not_your_offer", slot=action.slot, player=target.workers[0])
    else:
        if action.price is None:
            raise RuleError("quick_needs_price")
        # The parser checks the range too, but apply() is also called directly (UI, tests).
        if not 1 <= action.price <= MAX_WORKERS_ON_CARD:
            raise RuleError("price_range", high=MAX_WORKERS_ON_CARD, price=action.price)
        price = action.price
        bought = [s for s in state.slots if s.outcome == _BOUGHT]
        if sum(1 for s in bought if s.buyer == action.player) >= MAX_CARDS_PER_ROUND:
            raise RuleError("cards_per_round", count=MAX_CARDS_PER_ROUND, player=action.player)
        spent = sum(s.price or 0 for s in bought)
        limit = WORKERS_PER_PLAYER * state.player_count
        if spent + price > limit:
            raise RuleError("round_budget", limit=limit, spent=spent)
    if ps.coins < price:
        raise RuleError("cannot_pay", player=action.player, coins=ps.coins, price=price)
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
    form = _purchase_form(state, Pass.type)
    if form != _TRACKED:
        raise RuleError("pass_is_tracked")
    _check_player(state, action.player)
    target = _check_settling(state, action.slot)
    if target.workers[0] != action.player:
        raise RuleError("not_your_offer", slot=action.slot, player=target.workers[0])
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
    form = _purchase_form(state, Discard.type)
    if form != _QUICK:
        raise RuleError("discard_is_quick")
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
        raise _phase_error(what, _LOADING, state)
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
            raise RuleError("not_a_store", stores=list(STORES), given=store)
        have = _cubes_in(ps, store)[good]
        if have < count:
            raise RuleError(
                "cubes_short", player=player, have=have, good=good, where=store, count=count
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
    ps = _check_loading(state, Move.type, player)
    if action.source == action.to:
        raise RuleError("same_place", to=action.to)
    changes = _take_cubes(player, ps, ((action.good, action.source),))
    new = _copy_state(state)
    if action.to == MERCHANT_DESTINATION:
        if not _owns_kind(state, ps, Kind.MERCHANT, action.good):
            raise RuleError("no_merchant", player=player, good=action.good)
        changes["coins"] = ps.coins + 1
        _set(new, "stock", _add_counts(state.stock, (action.good,)))
    elif action.to == _WAREHOUSE:
        if WAREHOUSE_CARD not in ps.cards:
            owner = _owner_of(state, WAREHOUSE_CARD)
            if owner:
                raise RuleError("warehouse_owned", owner=owner)
            raise RuleError("no_warehouse", player=player)
        if len(ps.warehouse) >= WAREHOUSE_CAPACITY:
            raise RuleError("warehouse_full", count=WAREHOUSE_CAPACITY)
        changes["warehouse"] = changes["warehouse"] + (action.good,)
    elif action.to == _MARKET:
        if ps.market is not None:
            raise RuleError("market_full")
        changes["market"] = action.good
    else:
        changes["contracts"] = _fill_contract(state, ps, action)
    _set_player(new, player, **changes)
    return new


def _fill_contract(state: State, ps: PlayerState, action: Move) -> dict[str, tuple[str, ...]]:
    card = state.catalogue.cards.get(action.to)
    if card is None:
        raise RuleError("unknown_destination", to=action.to)
    if card.kind != _CONTRACT:
        raise RuleError("not_a_contract", card=card.id)
    contracts = ps.contracts or {}
    if card.id not in contracts:
        owner = _owner_of(state, card.id)
        if owner:
            raise RuleError("contract_owned", card=card.id, owner=owner)
        raise RuleError("no_contract", player=action.player, card=card.id)
    filled = contracts[card.id]
    open_symbols = Counter(card.goods) - Counter(filled)
    if not open_symbols:
        raise RuleError("contract_complete", card=card.id)
    if action.good not in open_symbols:
        wanted = sorted(open_symbols.elements())
        raise RuleError("contract_wrong_good", card=card.id, goods=wanted, good=action.good)
    out = dict(contracts)
    out[card.id] = filled + (action.good,)
    return out


def _convert(state: State, action: Convert) -> State:
    ps = _check_loading(state, Convert.type, action.player)
    if len(action.give) != 3:
        raise RuleError("convert_three")
    _check_goods((action.take,))
    if state.stock[action.take] < 1:
        raise RuleError("stock_empty", good=action.take)
    changes = _take_cubes(action.player, ps, action.give)
    changes["dock"] = changes["dock"] + (action.take,)
    new = _copy_state(state)
    stock = _add_counts(state.stock, [good for good, _ in action.give])
    stock[action.take] -= 1
    _set(new, "stock", stock)
    _set_player(new, action.player, **changes)
    return new


def _market_sell(state: State, action: MarketSell) -> State:
    ps = _check_loading(state, MarketSell.type, action.player)
    if len(action.give) != 2:
        raise RuleError("market_sell_two")
    changes = _take_cubes(action.player, ps, action.give)
    changes["coins"] = ps.coins + 1
    new = _copy_state(state)
    _set(new, "stock", _add_counts(state.stock, [good for good, _ in action.give]))
    _set_player(new, action.player, **changes)
    return new


def _done(state: State, action: Done) -> State:
    if state.phase != _LOADING:
        raise _phase_error(Done.type, _LOADING, state)
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
        raise RuleError("adjust_nothing")
    if not action.reason.strip():
        raise RuleError("adjust_no_reason")
    coins = ps.coins + (action.coins or 0)
    if coins < 0:
        raise RuleError("coins_below_zero", player=action.player, coins=ps.coins)
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
