"""Scenarios for docs/rules.md "Demand" and "Purchase", in the tracked and the quick form."""

from __future__ import annotations

from companion.engine import Adjust, Buy, Discard, Done, Pass, Place

# --- tracked Demand ---------------------------------------------------------------


def test_workers_are_placed_from_the_first_player_clockwise_three_times(table):
    t = table(3, first="blue").supply()
    order = []
    for _ in range(9):
        turn = t.state.seat_after(t.state.first_player, t.state.placed)
        order.append(turn)
        wrong = next(p for p in t.state.players if p != turn)
        placed = sum(slot.workers.count(wrong) for slot in t.state.slots)
        if placed == 3:
            t.refuse(Place(wrong, 0), "no_workers_left", player=wrong, count=3)
        else:
            t.refuse(Place(wrong, 0), "not_your_turn", player=wrong, turn=turn)
        t.do(Place(turn, len(order) % 4))
    assert order == ["blue", "green", "red"] * 3
    assert t.state.phase == "purchase"


def test_a_card_takes_at_most_8_workers(table):
    t = table(5).supply()
    for _ in range(8):
        t.place(t.state.slots[0].card)
    assert len(t.state.slots[0].workers) == 8
    t.refuse(Place("yellow", 0), "card_full", count=8)
    t.do(Place("yellow", 1))


def test_a_player_places_3_workers_no_more(table):
    t = table(2).supply()
    t.do(Place("red", 0), Place("blue", 0), Place("red", 0), Place("blue", 1), Place("red", 1))
    t.refuse(Place("red", 2), "no_workers_left", player="red", count=3)
    t.do(Place("blue", 2))
    assert t.state.phase == "purchase"
    t.refuse(Place("blue", 2), "workers_placed")


def test_several_workers_of_one_player_may_stand_above_one_card(table):
    t = table(2).supply()
    t.do(Place("red", 0), Place("blue", 1), Place("red", 0), Place("blue", 1), Place("red", 0))
    assert t.state.slots[0].workers == ("red", "red", "red")


# --- tracked Purchase -------------------------------------------------------------


def test_the_lowest_worker_is_offered_the_card_for_as_many_coins_as_workers(table):
    t = table(2).supply("A-warehouse", "A-counting-office", "A-vulcanizer")
    # slot 0: red (lowest), blue, red; slot 1: blue, red; slot 2: blue
    t.do(Place("red", 0), Place("blue", 0), Place("red", 0))
    t.do(Place("blue", 1), Place("red", 1), Place("blue", 2))
    assert t.offer() == ("red", 0, 3)
    t.refuse(Buy("blue", 0), "not_your_offer", player="red", slot=0)
    t.refuse(Pass("blue", 0), "not_your_offer", player="red", slot=0)
    t.refuse(Buy("red", 0, 2), "wrong_price", price=3, given=2)
    t.decline()  # red's worker goes home: blue, now 1 cheaper
    assert t.offer() == ("blue", 0, 2)
    t.decline()
    assert t.offer() == ("red", 0, 1)
    t.do(Buy("red", 0, 1))  # the derived price may be given
    assert t.player("red")["cards"] == ["A-warehouse"] and t.player("red")["coins"] == 4
    # All workers above the bought card went home; slot 1 is next, blue lowest.
    assert t.state.slots[0].workers == ()
    assert t.offer() == ("blue", 1, 2)
    t.accept()
    assert t.player("blue")["coins"] == 3
    assert t.offer() == ("blue", 2, 1)
    t.decline()  # the last worker passes: discarded
    assert t.state.slots[2].outcome == "discarded"
    assert t.state.phase == "loading"


def test_cards_are_settled_left_to_right(table):
    t = table(2).supply()
    t.do(Place("red", 1), Place("blue", 1), Place("red", 0))
    t.do(Place("blue", 0), Place("red", 2), Place("blue", 2))
    t.refuse(Buy("red", 1), "slot_order", slot=0)
    t.accept()
    t.refuse(Buy("red", 0), "slot_settled", slot=0)


def test_a_card_without_workers_is_discarded_automatically(table):
    t = table(2).skip_rounds(4).supply("B-ship-1", ("B-ship-2", ("tea", "tea", "rubber")))
    t.do(Place("red", 0), Place("blue", 0), Place("red", 2))
    t.do(Place("blue", 2), Place("red", 2), Place("blue", 2))
    t.accept()  # slot 0 bought; slot 1 (nobody above it) goes without a word
    assert t.state.slots[1].outcome == "discarded"
    assert t.state.settling == 2
    # The discarded ship's cubes go to the stock, not back to the bag.
    assert t.json["stock"] == {"coffee": 0, "tea": 2, "saffron": 0, "rubber": 1, "carpet": 0}
    assert t.json["bag"]["tea"] == 7


def test_without_the_coins_a_player_cannot_buy_only_pass(table):
    t = table(2).supply()
    t.do(Adjust("red", reason="spilled", coins=-4))  # red has 1 coin
    t.do(Place("red", 0), Place("blue", 0), Place("red", 1))
    t.do(Place("blue", 1), Place("red", 2), Place("blue", 2))
    t.refuse(Buy("red", 0), "cannot_pay", player="red", price=2, coins=1)
    t.decline()
    t.accept()
    assert t.player("blue")["coins"] == 4


def test_discard_is_not_part_of_the_tracked_form(table):
    t = table(2).supply()
    t.place(*[s.card for s in t.state.slots] * 2)
    t.refuse(Discard(0), "discard_is_quick")


def test_buying_while_workers_are_still_placed_is_refused(table):
    t = table(2).supply()
    t.do(Place("red", 0))
    t.refuse(Buy("red", 0, 1), "still_placing", placed=1, total=6)
    t.refuse(Discard(0), "still_placing", placed=1, total=6)


# --- quick form ------------------------------------------------------------------


def test_quick_form_a_buy_with_a_price_or_a_discard_per_card(table):
    t = table(2).supply()
    t.refuse(Buy("red", 0), "quick_needs_price")
    t.refuse(Buy("red", 0, 9), "price_range", high=8, price=9)
    t.refuse(Buy("red", 0, 0), "price_range", high=8, price=0)
    t.refuse(Pass("red", 0), "pass_is_tracked")
    t.do(Buy("red", 0, 2))
    assert t.state.phase == "purchase" and t.state.form == "quick"
    t.refuse(Place("red", 1), "wrong_phase", wanted_phase="demand", phase="purchase")
    t.refuse(Buy("blue", 2, 1), "slot_order", slot=1)
    t.do(Discard(1), Buy("blue", 2, 1))
    assert t.state.phase == "loading"
    assert t.coins() == {"red": 3, "blue": 4}


def test_quick_form_at_most_3_cards_per_player_per_round(table):
    t = table(5).supply()
    t.do(Buy("red", 0, 1), Buy("red", 1, 1), Buy("red", 2, 1))
    t.refuse(Buy("red", 3, 1), "cards_per_round", player="red", count=3)
    t.do(Buy("blue", 3, 1))


def test_quick_form_prices_add_up_to_at_most_3_per_player(table):
    t = table(2).supply()  # 2 players: 6 workers, so at most 6 coins in all
    t.do(Buy("red", 0, 4))
    t.refuse(Buy("blue", 1, 3), "round_budget", limit=6, spent=4)
    t.do(Buy("blue", 1, 2))
    t.refuse(Buy("blue", 2, 1), "round_budget", limit=6, spent=6)
    t.do(Discard(2))


def test_quick_form_without_the_coins(table):
    t = table(2).supply()
    t.refuse(Buy("red", 0, 6), "cannot_pay", player="red", price=6, coins=5)


def test_a_bought_ships_cubes_go_to_the_dock_a_discarded_ships_to_the_stock(table):
    t = table(2).skip_rounds(4)
    t.supply(("B-ship-1", ("coffee", "tea", "tea")), ("B-ship-2", ("carpet",) * 3))
    t.quick({"B-ship-1": ("blue", 1)})
    assert sorted(t.player("blue")["dock"]) == ["coffee", "tea", "tea"]
    assert t.json["stock"]["carpet"] == 3
    assert t.json["bag"] == {"coffee": 8, "tea": 7, "saffron": 9, "rubber": 9, "carpet": 6}


def test_a_bought_card_is_usable_at_once(table):
    # A merchant in round 1; a ship and a contract in round 5, used the moment they are bought.
    t = table(2).round("A-tea-taster", buys={"A-tea-taster": ("red", 1)}).skip_rounds(3)
    t.supply(("B-ship-1", ("tea", "tea", "coffee")), "B-contract-2")
    t.quick({"B-ship-1": ("red", 1), "B-contract-2": ("red", 1)})
    t.move("red", "tea", "dock", "merchant").move("red", "coffee", "dock", "B-contract-2")
    assert t.player("red")["contracts"] == {"B-contract-2": ["coffee"]}


def test_no_purchase_action_outside_demand_and_purchase(table):
    t = table(2)
    wrong = "wrong_phase"
    t.refuse(Buy("red", 0, 1), wrong, doing="buy", wanted_phase="purchase", phase="supply")
    t.refuse(Place("red", 0), wrong, doing="place", wanted_phase="demand", phase="supply")
    t.refuse(Discard(0), wrong, doing="discard", wanted_phase="purchase", phase="supply")
    t.supply().quick()
    t.refuse(Buy("red", 0, 1), wrong, doing="buy", wanted_phase="purchase", phase="loading")
    t.refuse(Pass("red", 0), wrong, doing="pass", wanted_phase="purchase", phase="loading")
    t.done()
    t.refuse(Done(), wrong, doing="done", wanted_phase="loading", phase="supply")


def test_tracked_a_ship_everyone_passes_on_sends_its_cubes_to_the_stock(table):
    t = table(2).skip_rounds(4, fires_first=True)
    t.supply(("B-ship-1", ("saffron", "saffron", "tea")), ("B-ship-2", ("rubber",) * 3))
    t.do(Place("red", 0), Place("blue", 0), Place("red", 1))
    t.do(Place("blue", 1), Place("red", 2), Place("blue", 2))
    t.decline().decline()  # B-ship-1: red, then blue pass
    assert t.state.slots[0].outcome == "discarded"
    assert t.json["stock"]["saffron"] == 2 and t.json["stock"]["tea"] == 1
    t.accept()  # B-ship-2 to red, at 2 coins
    assert t.player("red")["dock"] == ["rubber"] * 3
    assert t.player("red")["coins"] == 5 + 8 - 2  # 4 rounds of +2, then this buy
