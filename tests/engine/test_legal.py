"""companion/engine/legal.py: the one source of legal moves agrees with `apply`.

Refusals are asserted by their codes (messages.py), never by their English.
"""

from __future__ import annotations

import random

from companion.engine import Buy, Convert, MarketSell, Move, Reveal, Undo, apply
from companion.engine.legal import (
    buy_prices,
    conversions,
    is_legal,
    legal_actions,
    loading_actions,
    market_sale,
    refusal,
    undo_preview,
)
from companion.engine.record import iter_states
from companion.engine.simulate import random_game
from companion.engine.words import GOODS, Phase, Store


def states(catalogue, players, form, seed):
    actions, _final = random_game(catalogue, players, seed=seed, form=form)
    return [state for _n, _a, state in iter_states(actions, catalogue)]


def test_every_listed_action_is_accepted(catalogue):
    for players, form, seed in ((2, "quick", 1), (5, "tracked", 2), (3, "mixed", 3)):
        for state in states(catalogue, players, form, seed)[::3]:
            for action in legal_actions(state):
                assert refusal(state, action) is None, action


def test_buy_prices_are_exactly_the_prices_apply_accepts(catalogue):
    checked = 0
    for players, form, seed in ((2, "quick", 4), (4, "quick", 5), (5, "tracked", 6)):
        for state in states(catalogue, players, form, seed):
            if state.phase not in (Phase.DEMAND, Phase.PURCHASE) or \
                    state.settling >= len(state.slots):
                continue
            for pid in state.players:
                accepted = [p for p in range(1, 9)
                            if is_legal(state, Buy(pid, state.settling, p))]
                assert list(buy_prices(state, pid)) == accepted, (pid, state.round)
                checked += 1
    assert checked > 50


def test_quick_prices_stop_at_the_coins_and_the_round_budget(table):
    t = table(2)
    t.supply()
    state = t.state
    # 5 starting coins, a round budget of 6 (3 workers each): 1 to 5.
    assert list(buy_prices(state, "red")) == [1, 2, 3, 4, 5]
    assert refusal(state, Buy("red", 0, 6)).code == "cannot_pay"
    assert refusal(state, Buy("red", 0, 9)).code == "price_range"
    after = apply(state, Buy("red", 0, 4))
    assert list(buy_prices(after, "blue")) == [1, 2]  # 6 - 4 left of the budget
    assert refusal(after, Buy("blue", 1, 3)).code == "round_budget"


def test_loading_sales_and_conversions_follow_the_stock(loaded):
    t = loaded()
    state = t.state
    give = (("coffee", Store.DOCK), ("tea", Store.DOCK), ("saffron", Store.DOCK))
    # The stock is empty: nothing to convert into.
    assert conversions(state, "red", give) == []
    assert refusal(state, Convert("red", give, "coffee")).code == "stock_empty"
    assert market_sale(state, "red", give[:2]) == MarketSell("red", give[:2])
    assert market_sale(state, "red", (("rubber", Store.DOCK),) * 2) is None
    assert refusal(state, MarketSell("red", (("rubber", Store.DOCK),) * 2)).code == \
        "cubes_short"
    # After the sale the two cubes are in the stock: now they can be taken.
    after = apply(state, MarketSell("red", give[:2]))
    rest = (("carpet", Store.DOCK), ("carpet", Store.DOCK), ("rubber", Store.DOCK))
    assert sorted(c.take for c in conversions(after, "blue", rest)) == ["coffee", "tea"]


def test_loading_actions_are_the_players_own(loaded):
    state = loaded().state
    red = loading_actions(state, "red")
    assert all(a.player == "red" for a in red)
    assert Move("red", "coffee", Store.DOCK, "A-contract-1") in red
    assert Move("red", "coffee", Store.DOCK, "merchant") in red
    # blue owns no coffee roaster: the rules refuse, and no such move is listed.
    assert all(not (isinstance(a, Move) and a.to == "merchant")
               for a in loading_actions(state, "blue"))
    assert refusal(state, Move("blue", "carpet", Store.DOCK, "merchant")).code == \
        "no_merchant"
    assert refusal(state, Move("blue", "carpet", Store.DOCK, "A-contract-1")).code == \
        "contract_owned"


def test_loading_actions_are_worked_out_once_per_state_and_belong_to_the_caller(loaded):
    """Asked again for the same state (a frame asks several times), the same actions,
    in a list of the caller's own; another state (here after a sale) gets its own."""
    state = loaded().state
    first = loading_actions(state, "red")
    first.clear()  # the caller's list: the remembered actions are not touched
    again = loading_actions(state, "red")
    assert again and again == loading_actions(state, "red")
    assert again is not loading_actions(state, "red")
    give = (("coffee", Store.DOCK), ("tea", Store.DOCK))
    after = apply(state, MarketSell("red", give))
    assert loading_actions(after, "red") != again
    assert MarketSell("red", give) not in loading_actions(after, "red")
    assert loading_actions(state, "red") == again  # back to the first state: the same


def test_loading_actions_of_a_new_state_are_found_by_what_the_player_holds(loaded,
                                                                          monkeypatch):
    """A new state where a player holds what they held (a Redo's, another player's move)
    finds their actions without working them out again; the stock's goods, the player's
    cubes and their contracts each change them."""
    from companion.engine import Redo, legal

    monkeypatch.setattr(legal, "_by_holding", {})
    worked: list[str] = []
    real = legal._loading_actions

    def counted(state, player):  # type: ignore[no-untyped-def]
        worked.append(player)
        return real(state, player)

    monkeypatch.setattr(legal, "_loading_actions", counted)
    state = loaded().state
    blue = loading_actions(state, "blue")
    red = loading_actions(state, "red")
    assert worked == ["blue", "red"]
    # The red player's move, undone and redone: a new state, the same holdings.
    move = Move("red", "coffee", Store.DOCK, "A-contract-1")
    moved = apply(state, move)
    redone = apply(apply(moved, Undo()), Redo())
    assert redone is not moved
    assert loading_actions(moved, "blue") == blue  # blue holds what they held
    assert loading_actions(moved, "red") != red  # red's coffee is on their contract
    assert worked == ["blue", "red", "red"]
    assert loading_actions(redone, "red") == loading_actions(moved, "red")
    assert loading_actions(redone, "blue") == blue
    assert worked == ["blue", "red", "red"]
    # Red's sale puts coffee and tea in the stock: blue's cubes are the same, their
    # conversions are new (into coffee and into tea).
    sold = apply(state, MarketSell("red", (("coffee", Store.DOCK), ("tea", Store.DOCK))))
    converts = {a.take for a in loading_actions(sold, "blue") if isinstance(a, Convert)}
    assert converts == {"coffee", "tea"}
    assert not any(isinstance(a, Convert) for a in blue)
    assert worked[-1] == "blue"
    # Blue's carpet onto their contract: it wants no second carpet.
    carpet = apply(state, Move("blue", "carpet", Store.DOCK, "A-contract-2"))
    assert Move("blue", "carpet", Store.DOCK, "A-contract-2") in blue
    assert Move("blue", "carpet", Store.DOCK, "A-contract-2") not in \
        loading_actions(carpet, "blue")
    # Only the holdings used last are kept.
    monkeypatch.setattr(legal, "_BY_HOLDING_SIZE", 2)
    monkeypatch.setattr(legal, "_by_holding", {})
    for later in (moved, sold, carpet, state):
        assert loading_actions(later, "red") == real(later, "red")
        assert len(legal._by_holding) <= 2


def test_undo_preview_is_what_undo_returns_to(loaded):
    state = loaded().state
    previous, undone = undo_preview(state)
    assert previous is state.previous and undone == state.last_action
    assert apply(state, Undo()).to_json() == previous.to_json()


def test_a_new_game_has_nothing_to_undo(table):
    state = table(3).state
    assert undo_preview(state) is None
    assert refusal(state, Undo()).code == "nothing_to_undo"


def test_outside_purchase_no_price_is_offered(loaded):
    state = loaded().state
    assert all(list(buy_prices(state, pid)) == [] for pid in state.players)
    assert set(GOODS) >= {a.good for a in loading_actions(state, "red") if isinstance(a, Move)}


def test_random_games_use_only_listed_moves(catalogue):
    rng = random.Random(7)
    for state in states(catalogue, 4, "mixed", 8)[::5]:
        listed = legal_actions(state)
        if listed:
            assert is_legal(state, rng.choice(listed))


def test_next_loader_is_the_next_player_in_turn_with_a_ships_cube_to_unload(catalogue):
    from companion.engine.legal import has_dock_work, next_loader

    checked = 0
    for players, seed in ((4, 11), (5, 12), (2, 13)):
        for state in states(catalogue, players, "quick", seed):
            if state.phase != Phase.LOADING:
                continue
            seats = [state.seat_after(state.first_player, k) for k in range(players)]
            working = [p for p in seats if has_dock_work(state, p)]
            # A player has a ship's cube to unload exactly when a listed action takes one.
            for pid in seats:
                takes = any(
                    (isinstance(a, Move) and a.source == Store.DOCK) or (
                        isinstance(a, MarketSell | Convert)
                        and any(store == Store.DOCK for _g, store in a.give))
                    for a in loading_actions(state, pid))
                assert has_dock_work(state, pid) == takes
            assert next_loader(state) == (working[0] if working else None)
            for k, pid in enumerate(seats):
                after = [p for p in seats[k + 1:] + seats[:k] if p in working]
                assert next_loader(state, pid) == (after[0] if after else None)
                checked += 1
    assert checked > 20


def test_games_in_turn_load_one_player_after_another(catalogue):
    """`random_game(loading="in_turn")`: each Loading's moves come player after player,
    in turn from the first player, never back to one who was done."""
    several = 0
    for players, seed in ((4, 7100), (5, 7104), (3, 23)):
        actions, _final = random_game(catalogue, players, seed=seed, form="quick",
                                      loading="in_turn")
        rounds: dict[int, list[str]] = {}
        for _n, action, state in iter_states(actions, catalogue):
            if isinstance(action, Move | MarketSell | Convert):
                order = rounds.setdefault(state.round, [])
                if not order or order[-1] != action.player:
                    order.append(action.player)
        several += sum(len(order) > 1 for order in rounds.values())
        for order in rounds.values():
            assert len(order) == len(set(order)), order
    assert several  # some rounds have more than one player loading


def test_the_holders_of_ship_cubes_leave_out_those_who_said_they_are_done(catalogue):
    """Issue 30: a player's Loading done hands over to the next player in turn who still
    holds a ship's cube with somewhere to go, leaving out those who said they are done
    (`next_loader`'s `skip`); `cube_holders` lists them in turn from the first player."""
    from companion.engine.legal import cube_holders, has_dock_work, next_loader

    checked = 0
    for players, seed in ((4, 11), (5, 12)):
        for state in states(catalogue, players, "quick", seed):
            if state.phase != Phase.LOADING:
                continue
            seats = [state.seat_after(state.first_player, k) for k in range(players)]
            working = [p for p in seats if has_dock_work(state, p)]
            assert cube_holders(state) == working
            if len(working) < 2:
                continue
            done = {working[0]}
            assert cube_holders(state, done) == working[1:]
            assert next_loader(state, skip=done) == working[1]
            assert next_loader(state, working[-1], frozenset(working[:-1])) is None
            checked += 1
    assert checked > 3


# --- Supply: the cards it may reveal, the goods the bag leaves a ship (issue 36) -----------


def supply_states(catalogue):
    for players, seed in ((2, 7), (5, 8)):
        for state in states(catalogue, players, "quick", seed):
            if state.phase == Phase.SUPPLY:
                yield state


def test_supply_cards_are_the_cards_apply_reveals(catalogue):
    from companion.engine.legal import reveal_refusal, supply_cards

    checked = 0
    for state in supply_states(catalogue):
        cards = supply_cards(state)
        assert cards == {a.card for a in legal_actions(state)}
        for cid, card in catalogue.cards.items():
            if cid in cards or card.kind == "ship":
                continue
            error = refusal(state, Reveal(cid))
            said = reveal_refusal(state, cid)
            # Never refuses what `apply` accepts; says the season's order wherever `apply`
            # does (the 4th fire's own refusal comes first in `apply`).
            assert said is None or error is not None
            if error is not None and error.code == "season_order":
                assert said is not None and said.params == error.params
                checked += 1
    assert checked > 20


def loads(state, taken):
    """Every ship's three goods `apply` accepts that start with `taken`."""
    from itertools import combinations_with_replacement

    ship = next(c for c in state.unseen[state.top_season()] if state.catalogue[c].kind == "ship")
    out = set()
    for rest in combinations_with_replacement(GOODS, 3 - len(taken)):
        goods = (*taken, *rest)
        if is_legal(state, Reveal(ship, goods)):
            out.add(tuple(sorted(goods)))
    return out


def test_ship_goods_and_forced_goods_agree_with_apply(catalogue):
    from companion.engine.legal import forced_goods, ship_goods

    rng = random.Random(5)
    checked = 0
    for state in supply_states(catalogue):
        season = state.top_season()
        if season is None or not any(state.catalogue[c].kind == "ship"
                                     for c in state.unseen[season]):
            continue
        for bag in (state.bag, *({g: rng.choice((0, 0, 1, 2, 3)) for g in GOODS}
                                 for _n in range(3))):
            bag = {g: n for g, n in bag.items()}
            if sum(bag.values()) < 3:
                continue
            at = _with_bag(state, bag)
            for taken in ((), *((g,) for g in GOODS if bag[g])):
                offered = ship_goods(at, taken)
                # A good is offered where some ship's load that `apply` accepts has it next.
                assert set(offered) == {g for g in GOODS if loads(at, (*taken, g))}
                forced = forced_goods(at, taken)
                possible = loads(at, taken)
                if forced is None:
                    assert len(possible) > 1
                else:
                    assert possible == {tuple(sorted(forced))}
                checked += 1
    assert checked > 20


def _with_bag(state, bag):
    import copy

    new = copy.copy(state)
    object.__setattr__(new, "bag", bag)
    return new
