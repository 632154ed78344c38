"""Scenarios for docs/rules.md "Loading" and "Income"."""

from __future__ import annotations

import pytest

from companion.engine import Convert, Done, MarketSell, Move, Place


def test_contracts_fill_partially_with_matching_colours_and_keep_their_cubes(loaded):
    t = loaded()
    t.refuse(Move("red", "saffron", "dock", "A-contract-1"), "contract_wrong_good",
             card="A-contract-1", goods=["coffee", "tea"], good="saffron")
    t.move("red", "coffee", "dock", "A-contract-1")
    assert t.player("red")["contracts"] == {"A-contract-1": ["coffee"]}
    t.done()  # a partly filled contract stays as it is
    assert t.player("red")["contracts"] == {"A-contract-1": ["coffee"]}


def test_a_full_contract_takes_no_more_cubes(loaded):
    t = loaded()
    t.move("red", "coffee", "dock", "A-contract-1").move("red", "tea", "dock", "A-contract-1")
    t.move("red", "saffron", "dock", "warehouse")
    t.refuse(Move("red", "saffron", "warehouse", "A-contract-1"), "contract_complete",
             card="A-contract-1")


def test_cubes_on_a_contract_never_come_off(loaded):
    t = loaded()
    t.move("red", "coffee", "dock", "A-contract-1")
    t.refuse(Move("red", "coffee", "A-contract-1", "merchant"), "not_a_store",
             given="A-contract-1")
    t.refuse(MarketSell("red", (("coffee", "A-contract-1"), ("tea", "dock"))), "not_a_store",
             given="A-contract-1")


def test_a_contract_of_another_player_is_refused_no_trading(loaded):
    t = loaded()
    t.refuse(Move("blue", "carpet", "dock", "A-contract-1"), "contract_owned",
             card="A-contract-1", owner="red")
    t.refuse(Move("red", "saffron", "dock", "A-contract-2"), "contract_owned",
             card="A-contract-2", owner="blue")
    t.refuse(Move("red", "saffron", "dock", "B-contract-1"), "no_contract",
             player="red", card="B-contract-1")
    t.refuse(Move("red", "saffron", "dock", "A-vulcanizer"), "not_a_contract",
             card="A-vulcanizer")
    t.refuse(Move("red", "saffron", "dock", "dock"), "same_place", to="dock")
    t.refuse(Move("red", "saffron", "dock", "attic"), "unknown_destination", to="attic")


def test_a_merchant_buys_its_good_for_1_coin_and_the_cube_goes_to_the_stock(loaded):
    t = loaded()
    coins = t.player("red")["coins"]
    t.move("red", "coffee", "dock", "merchant")
    assert t.player("red")["coins"] == coins + 1
    assert t.json["stock"]["coffee"] == 1
    t.refuse(Move("red", "tea", "dock", "merchant"), "no_merchant", player="red", good="tea")
    t.refuse(Move("blue", "carpet", "dock", "merchant"), "no_merchant",
             player="blue", good="carpet")


def test_the_warehouse_holds_4_and_keeps_them_for_later_rounds(loaded):
    t = loaded()
    t.refuse(Move("blue", "carpet", "dock", "warehouse"), "warehouse_owned", owner="red")
    for good in ("coffee", "tea", "saffron"):
        t.move("red", good, "dock", "warehouse")
    t.done().supply(("B-ship-3", ("coffee", "coffee", "tea"))).quick({"B-ship-3": ("red", 1)})
    assert sorted(t.player("red")["warehouse"]) == ["coffee", "saffron", "tea"]
    t.move("red", "coffee", "dock", "warehouse")
    t.refuse(Move("red", "coffee", "dock", "warehouse"), "warehouse_full", count=4)
    # Out of the warehouse onto the contract, then the space is free again.
    t.move("red", "tea", "warehouse", "A-contract-1").move("red", "coffee", "dock", "warehouse")
    assert len(t.player("red")["warehouse"]) == 4


def test_without_the_warehouse_card_there_is_no_warehouse(table):
    t = table(2).skip_rounds(4).supply(("B-ship-1", ("tea",) * 3)).quick({"B-ship-1": ("red", 1)})
    t.refuse(Move("red", "tea", "dock", "warehouse"), "no_warehouse", player="red")


def test_the_market_hall_keeps_one_cube_for_a_later_round(loaded):
    t = loaded()
    t.move("blue", "rubber", "dock", "market")
    t.refuse(Move("blue", "carpet", "dock", "market"), "market_full")
    t.refuse(Move("blue", "rubber", "market", "market"), "same_place", to="market")
    t.done()
    assert t.player("blue")["market"] == "rubber"
    assert t.player("blue")["dock"] == []
    t.supply().quick()
    t.refuse(Move("blue", "carpet", "market", "warehouse"), "cubes_short",
             player="blue", have=0, good="carpet", where="market", count=1)


def test_convert_takes_a_cube_that_was_already_in_the_stock(loaded):
    t = loaded()
    # The stock is empty: converting is impossible, even into a good just given.
    t.refuse(
        Convert("red", (("coffee", "dock"), ("tea", "dock"), ("saffron", "dock")), "tea"),
        "stock_empty", good="tea",
    )
    t.move("blue", "rubber", "dock", "market").done()  # the docks go to the stock
    assert t.json["stock"] == {"coffee": 1, "tea": 1, "saffron": 1, "rubber": 0, "carpet": 2}
    t.supply(("B-ship-3", ("coffee", "coffee", "tea"))).quick({"B-ship-3": ("red", 1)})
    bag = t.json["bag"]
    t.do(Convert("red", (("coffee", "dock"), ("coffee", "dock"), ("tea", "dock")), "carpet"))
    assert t.player("red")["dock"] == ["carpet"]
    # Round 5's dock (coffee, tea, saffron; carpet, carpet) went to the stock at Done.
    assert t.json["stock"] == {"coffee": 3, "tea": 2, "saffron": 1, "rubber": 0, "carpet": 1}
    assert t.json["bag"] == bag  # the bag is never used
    t.move("red", "carpet", "dock", "warehouse")


def test_convert_and_sell_take_cubes_from_dock_warehouse_and_market_hall(loaded):
    t = loaded()
    t.move("red", "coffee", "dock", "warehouse").move("red", "tea", "dock", "market")
    coins = t.player("red")["coins"]
    t.refuse(MarketSell("red", (("coffee", "dock"), ("tea", "dock"))), "cubes_short",
             have=0, good="coffee", where="dock")
    t.do(MarketSell("red", (("coffee", "warehouse"), ("tea", "market"))))
    assert t.player("red")["coins"] == coins + 1
    assert t.player("red")["market"] is None and t.player("red")["warehouse"] == []
    assert t.json["stock"] == {"coffee": 1, "tea": 1, "saffron": 0, "rubber": 0, "carpet": 0}
    t.refuse(
        Convert("red", (("saffron", "dock"), ("tea", "warehouse"), ("coffee", "dock")), "coffee"),
        "cubes_short", player="red", have=0, good="tea", where="warehouse",
    )
    t.refuse(Convert("blue", (("carpet", "dock"), ("carpet", "dock")), "coffee"), "convert_three")
    t.refuse(MarketSell("blue", (("carpet", "dock"),)), "market_sell_two")


def test_cubes_left_on_the_dock_go_to_the_stock_at_done(loaded):
    t = loaded()
    t.move("red", "coffee", "dock", "A-contract-1")
    t.done()
    assert t.json["stock"] == {"coffee": 0, "tea": 1, "saffron": 1, "rubber": 1, "carpet": 2}
    assert t.player("red")["dock"] == [] and t.player("blue")["dock"] == []
    assert sum(t.json["bag"].values()) == 45 - 6  # two ships drew 3 each; nothing went back
    assert t.state.phase == "supply"


@pytest.mark.parametrize(
    "action",
    [Move("red", "coffee", "dock", "merchant"),
     Convert("red", (("coffee", "dock"),) * 3, "tea"),
     MarketSell("red", (("coffee", "dock"),) * 2)],
)
def test_loading_actions_belong_to_the_loading_phase(table, action):
    t = table(2)
    t.refuse(action, "wrong_phase", doing=action.type, wanted_phase="loading", phase="supply")


# --- Income ------------------------------------------------------------------------


def test_income_1_each_plus_1_without_a_purchase(table):
    t = table(3).supply()
    t.quick({t.state.slots[0].card: ("red", 2)})
    t.done()
    assert t.coins() == {"red": 5 - 2 + 1, "blue": 5 + 2, "green": 5 + 2}
    assert {p: i.total for p, i in t.state.income.items()} == {"red": 1, "blue": 2, "green": 2}


def test_the_bank_pays_its_owner_1_more(table):
    t = table(2).skip_rounds(8, fires_first=True)  # Winter and Spring: blue and red get 2 a round
    assert t.coins() == {"red": 5 + 16, "blue": 5 + 16}
    t.round("C-bank", buys={"C-bank": ("red", 3)})
    # red: 1 base + 0 (bought) + 1 bank; blue: 1 + 1.
    assert t.coins() == {"red": 21 - 3 + 2, "blue": 21 + 2}
    t.round()
    assert t.coins() == {"red": 20 + 3, "blue": 23 + 2}
    income = t.state.income
    assert (income["red"].base, income["red"].no_purchase, income["red"].bank) == (1, 1, 1)


def test_the_bank_is_not_usable_by_another_player(table):
    t = table(2).skip_rounds(8, fires_first=True).round("C-bank", buys={"C-bank": ("red", 1)})
    assert t.state.income["blue"].bank == 0
    assert t.state.income["red"].bank == 1


def test_coins_are_unlimited(table):
    t = table(5).play_out()
    assert sum(t.coins().values()) > 25  # the box holds 25; the engine has no cap


def test_done_only_ends_loading(table):
    t = table(2).supply()
    t.refuse(Done(), "wrong_phase", doing="done", wanted_phase="loading", phase="demand")
    t.do(Place("red", 0))
    t.refuse(Done(), "wrong_phase", doing="done", wanted_phase="loading", phase="demand")
