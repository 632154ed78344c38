"""companion/engine/rules.py: `new_game` and `apply`, scenario by scenario, as docs/rules.md
tells the game: "Components", "Setup", "Supply" and "The end of the game"; "Demand" and
"Purchase" in both forms; "Loading" and "Income"; "Fires"; and the corrections
(docs/record-format.md `undo`, `redo` and `adjust`).

Refusals are asserted by their codes and parameters (tests/engine/refusals.py), not by
their English sentences.
"""

from __future__ import annotations

import pytest

from companion.engine import (
    Adjust,
    Buy,
    Catalogue,
    Convert,
    Discard,
    Done,
    MarketSell,
    Move,
    Pass,
    Place,
    Redo,
    Reveal,
    RuleError,
    Setup,
    Undo,
    apply,
    new_game,
)
from companion.engine.cards import GOODS
from tests.engine.refusals import refused

REMOVED = {
    2: {"D-port", "D-fireman-1"},
    3: {"D-boatsmen-church", "D-fireman-1"},
    4: set(),
    5: {"D-boatsmen-church", "D-fireman-1"},
}


# --- components and setup -------------------------------------------------------


def test_each_player_starts_with_5_coins_an_empty_track_and_nothing_else(table):
    t = table(3, first="blue")
    state = t.json
    assert state["phase"] == "supply" and state["round"] == 1 and not state["last_round"]
    assert state["first_player"] == "blue"
    for pid in ("red", "blue", "green"):
        assert state["players"][pid] == {
            "coins": 5, "track": 0, "cards": [], "firemen": 0, "warehouse": [],
            "market": None, "dock": [], "contracts": {},
        }


def test_all_45_cubes_start_in_the_bag_and_the_stock_is_empty(table):
    t = table(2)
    assert t.json["bag"] == dict.fromkeys(GOODS, 9)
    assert t.json["stock"] == dict.fromkeys(GOODS, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_removes_autumn_cards_by_player_count(
    catalogue: Catalogue, table, players: int
):
    t = table(players)
    unseen = set().union(*t.state.unseen.values())
    assert set(catalogue.cards) - unseen == REMOVED[players]
    for card in REMOVED[players]:
        t.refuse(Reveal(card), "card_removed", card=card, count=players)


@pytest.mark.parametrize(("players", "rounds"), [(2, 16), (3, 12), (4, 10), (5, 8)])
def test_the_game_lasts_16_12_10_8_rounds(table, players: int, rounds: int):
    # Fires come out as soon as their season is on top, so no fire is left above E.
    t = table(players).play_out(fires_first=True)
    assert t.state.phase == "over"
    assert t.state.round == rounds
    assert [f["card"] for f in t.json["fires"]] == ["B-fire", "C-fire", "D-fire", "E-fire"]


def test_names_are_display_names_and_setup_cards_override_printed_values(table):
    t = table(2, names={"red": "Anna"}, cards={"B-fire": {"points": 7}})
    assert t.state.names == {"red": "Anna", "blue": "blue"}
    assert t.state.catalogue["B-fire"].points == 7
    assert "points" not in t.state.catalogue["B-fire"].unverified


@pytest.mark.parametrize(
    ("setup", "code", "params"),
    [
        (Setup(players=("red",), first="red"), "player_count", {"count": 1}),
        (Setup(players=tuple("abcdef"), first="a"), "player_count", {"count": 6}),
        (Setup(players=("red", "red"), first="red"), "players_not_unique", {}),
        (Setup(players=("red", "blue"), first="green"), "first_not_a_player",
         {"player": "green"}),
        (Setup(players=("red", "blue"), first="red", names={"x": "X"}), "name_not_a_player",
         {"player": "x"}),
        (Setup(players=("red", "blue"), first="red", cards={"Z-9": {"points": 1}}),
         "override_unknown_card", {"card": "Z-9"}),
        (
            Setup(players=("red", "blue"), first="red", cards={"B-fire": {"value": 1}}),
            "card_other_printed", {"card": "B-fire", "expected": "points", "field": "value"},
        ),
        (
            Setup(players=("red", "blue"), first="red", cards={"A-fireman-1": {"value": 6}}),
            "card_fireman_value", {"card": "A-fireman-1", "low": 1, "high": 5},
        ),
    ],
)
def test_bad_setups_are_refused(
    catalogue: Catalogue, setup: Setup, code: str, params: dict[str, object]
):
    from companion.engine import RuleError

    with pytest.raises(RuleError) as err:
        new_game(setup, catalogue)
    refused(err.value, code, **params)


# --- Supply ------------------------------------------------------------------------


def test_seasons_are_revealed_in_order_winter_first(table):
    t = table(2)
    t.refuse(Reveal("B-counting-office"), "season_order", season="B", top="A")
    t.skip_rounds(4)  # 12 Winter cards, 3 a round
    assert t.state.top_season() == "B"
    t.refuse(Reveal("C-bank"), "season_order", season="C", top="B")
    t.refuse(Reveal("A-warehouse"), "card_revealed", card="A-warehouse")


def test_the_top_season_is_the_earliest_with_an_unseen_card(table):
    t = table(4)  # 5 cards a round: Winter's 12 run out in round 3
    t.skip_rounds(2)
    assert len(t.state.unseen["A"]) == 2  # 10 of Winter's 12 are out
    t.reveal("A-vulcanizer")
    t.refuse(Reveal("B-ship-1"), "season_order", card="B-ship-1", season="B", top="A")
    t.supply()
    seasons = [t.state.catalogue[s.card].season for s in t.state.slots]
    assert seasons == ["A", "A", "B", "B", "B"]


def test_a_round_needs_one_card_more_than_players(table):
    for players in (2, 3, 4, 5):
        t = table(players).supply()
        assert len(t.state.slots) == players + 1
        assert t.state.phase == "demand"


def test_a_ship_takes_3_cubes_from_the_bag(table):
    t = table(2).skip_rounds(4)
    t.reveal("B-ship-2", ("tea", "tea", "carpet"))
    assert t.json["bag"] == {"coffee": 9, "tea": 7, "saffron": 9, "rubber": 9, "carpet": 8}
    assert t.state.slots[0].goods == ("tea", "tea", "carpet")


def test_a_ship_must_name_3_goods_the_bag_holds(table):
    t = table(2).skip_rounds(4)
    t.refuse(Reveal("B-ship-1"), "ship_needs_goods", card="B-ship-1")
    t.refuse(Reveal("B-ship-1", ("tea", "tea")), "ship_needs_goods", card="B-ship-1")
    t.refuse(Reveal("B-counting-office", ("tea", "tea", "tea")), "goods_not_ship",
             card="B-counting-office", kind="counting_office")
    # Empty the bag of coffee: three ships with 3 coffee each.
    t.reveal("B-ship-1", ("coffee",) * 3).reveal("B-ship-2", ("coffee",) * 3)
    t.reveal("B-ship-3", ("coffee",) * 3).quick().done()
    assert t.state.bag["coffee"] == 0
    t.refuse(Reveal("B-ship-4", ("coffee", "tea", "tea")), "bag_short", have=0, good="coffee")


def test_a_fire_is_resolved_at_once_and_another_card_takes_its_place(table):
    t = table(2, cards={"B-fire": {"points": 3}}).skip_rounds(4)
    t.round("B-fireman-3", buys={"B-fireman-3": ("blue", 1)})  # blue: firemen 3
    t.reveal("B-ship-1")
    t.reveal("B-fire")
    # Resolved before anything else happens, with no slot of its own.
    assert t.json["fires"] == [
        {"card": "B-fire", "points": 3, "sums": {"red": 0, "blue": 3},
         "gained": ["blue"], "lost": ["red"]}
    ]
    assert t.track() == {"red": -3, "blue": 3}
    assert t.state.phase == "supply" and len(t.state.slots) == 1
    t.reveal("B-ship-2").reveal("B-ship-3")
    assert [s.card for s in t.state.slots] == ["B-ship-1", "B-ship-2", "B-ship-3"]
    assert t.state.phase == "demand"


def test_the_4th_fire_is_never_revealed_by_the_table(table):
    table(2).refuse(Reveal("E-fire"), "fourth_fire_revealed")


def test_unknown_cards_are_refused(table):
    table(2).refuse(Reveal("A-shipyard"), "unknown_card", card="A-shipyard")


# --- last round and the end ------------------------------------------------------


def test_last_round_when_only_the_4th_fire_is_left_after_the_supply(table):
    t = table(5, cards={"E-fire": {"points": 6}})
    # 5 players: 48 regular cards, 6 a round, 8 rounds.
    for _ in range(7):
        t.round(fires_first=True)
        assert not t.state.last_round
    t.supply(fires_first=True)
    assert t.state.round == 8 and t.state.last_round
    assert t.state.pile_size() == 1  # E alone
    t.quick().done()
    assert t.state.phase == "over"


def test_the_4th_fire_comes_after_the_last_rounds_income(table):
    t = table(5, cards={"E-fire": {"points": 6}, "C-fireman-2": {"value": 5}})
    t.skip_rounds(4, fires_first=True)
    t.round("C-fireman-2", buys={"C-fireman-2": ("red", 2)}, fires_first=True)
    t.skip_rounds(2, fires_first=True)
    t.supply(fires_first=True)
    last_card = t.state.slots[0].card
    t.quick({last_card: ("red", 1)})
    coins_before = t.coins()
    fires_before = len(t.state.fires)
    assert t.state.phase == "loading" and t.state.last_round and t.state.round == 8
    t.done()
    # Income first (red bought: +1; the others +2), then E: red highest, the rest lowest.
    assert t.coins() == {p: coins_before[p] + (1 if p == "red" else 2) for p in coins_before}
    assert len(t.state.fires) == fires_before + 1
    assert t.json["fires"][-1] == {
        "card": "E-fire", "points": 6,
        "sums": {"red": 5, "blue": 0, "green": 0, "yellow": 0, "purple": 0},
        "gained": ["red"], "lost": ["blue", "green", "yellow", "purple"],
    }
    assert t.state.phase == "over" and t.state.round == 8
    assert t.json["final"] is not None


def test_the_first_player_passes_clockwise_each_round(table):
    t = table(3, first="green")
    seen = [t.state.first_player]
    for _ in range(4):
        t.round()
        seen.append(t.state.first_player)
    assert seen == ["green", "red", "blue", "green", "red"]


def test_third_fire_directly_above_e_ends_the_game_in_the_next_supply(table):
    """All three rulebooks: [3rd fire, E] left after the last regular round."""
    t = table(
        2,
        cards={"B-fire": {"points": 2}, "C-fire": {"points": 3}, "D-fire": {"points": 4},
               "E-fire": {"points": 5}, "A-fireman-2": {"value": 2}},
    )
    t.round("A-fireman-2", buys={"A-fireman-2": ("blue", 1)})
    # The rest of Winter, Spring and Summer (4 rounds each): B and C fires out early.
    t.skip_rounds(11, fires_first=True)
    assert t.track() == {"red": -5, "blue": 5}
    assert t.state.top_season() == "D"
    # Autumn: 12 regular cards in 4 rounds, the fire kept for last.
    for _ in range(4):
        t.round()
        assert not t.state.last_round  # an unseen fire is still in the pile
    assert t.state.round == 17 and t.state.phase == "supply"
    assert sorted(set().union(*t.state.unseen.values())) == ["D-fire", "E-fire"]
    coins = t.coins()
    t.reveal("D-fire")
    # The 3rd fire, then at once the 4th; no Demand, Purchase, Loading or Income.
    assert [f["card"] for f in t.json["fires"]][-2:] == ["D-fire", "E-fire"]
    assert t.track() == {"red": -5 - 4 - 5, "blue": 5 + 4 + 5}
    assert t.state.phase == "over"
    assert t.state.last_round
    assert t.coins() == coins
    assert t.state.round == 17
    t.refuse(Reveal("E-fire"), "game_over", type="reveal")


def test_general_form_reaching_e_before_the_water_spaces_are_full(
    catalogue: Catalogue, table
):
    """Decision (general form): the round is played with the cards already revealed."""
    # A table that also leaves D-counting-office-2 out for 4 players: 49 regular
    # cards, 5 a round, so the 10th round has only 4 (not a real removal; a probe).
    from companion.engine.values import replace

    cards = dict(catalogue.cards)
    cards["D-counting-office-2"] = replace(cards["D-counting-office-2"], removed_for=frozenset({4}))
    probe = Catalogue(cards)
    t = table(4, catalogue_=probe)
    for _ in range(9):
        t.round(fires_first=True)
        assert t.state.phase == "supply"
    t.supply()
    assert len(t.state.slots) == 4
    assert t.state.last_round and t.state.phase == "demand"
    t.quick().done()
    assert t.state.phase == "over"
    assert t.json["fires"][-1]["card"] == "E-fire"


# --- names that cannot be shown (issue 20, item 1) -----------------------------------

#: Code points that draw nothing: zero-width and format characters, separators, NUL,
#: fillers and lone combining marks.
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\ufeff", "\u2028", "\u2029",
             "\x00", "\u2060", "\u2061", "\u202e", "\u180e", "\U000e0001", "\u3164",
             "\u115f", "\u2800", "\u0301", "\u034f", " ", "\u00a0", "\u3000"]


@pytest.mark.parametrize("blank", INVISIBLE)
def test_a_display_name_that_shows_nothing_is_refused(catalogue: Catalogue, blank: str):
    from companion.engine import RuleError

    with pytest.raises(RuleError) as refused:
        new_game(Setup(players=("red", "blue"), first="red",
                       names={"red": blank * 3}), catalogue)
    assert refused.value.code == "name_form" and refused.value.params["player"] == "red"


@pytest.mark.parametrize("blank", INVISIBLE)
def test_a_player_id_that_shows_nothing_is_refused(catalogue: Catalogue, blank: str):
    from companion.engine import RuleError

    with pytest.raises(RuleError) as refused:
        new_game(Setup(players=(blank * 2, "blue"), first="blue"), catalogue)
    assert refused.value.code in ("player_id_form", "player_id_invisible")


@pytest.mark.parametrize("name", ["a\u200bb", "Ann\x00", "x" * 33, "Zoe\u2028"])
def test_a_name_with_a_hidden_character_or_too_long_is_refused(catalogue: Catalogue, name: str):
    from companion.engine import RuleError

    with pytest.raises(RuleError) as refused:
        new_game(Setup(players=("red", "blue"), first="red", names={"red": name}), catalogue)
    assert refused.value.code == "name_form"


@pytest.mark.parametrize("name", ["Zoë", "x" * 32, "Jean-Luc O'Neil", "李小龍", "🙂", "A\u0301",
                                  "", "  Anna  "])
def test_showable_names_are_kept(catalogue: Catalogue, name: str):
    state = new_game(Setup(players=("red", "blue"), first="red", names={"red": name}),
                     catalogue)
    assert state.names["red"] == (name or "red")


# --- players that look alike (issue 20, item 11) -------------------------------------


def test_ids_that_look_alike_are_one_player(catalogue: Catalogue):
    from companion.engine import RuleError

    nfc, nfd = "caf\u00e9", "cafe\u0301"
    with pytest.raises(RuleError) as refused:
        new_game(Setup(players=(nfc, nfd), first=nfc), catalogue)
    assert refused.value.code == "players_not_unique"


@pytest.mark.parametrize("names", [
    {"red": "Anna", "blue": "Anna"},
    {"red": "Anna", "blue": " anna "},
    {"red": "Zo\u00eb", "blue": "Zoe\u0308"},
    {"red": "Blue"},  # blue, unnamed, is shown as its id
])
def test_two_players_shown_alike_are_refused(catalogue: Catalogue, names: dict[str, str]):
    from companion.engine import RuleError

    with pytest.raises(RuleError) as refused:
        new_game(Setup(players=("red", "blue"), first="red", names=names), catalogue)
    assert refused.value.code == "names_not_unique"


# ========================================================================================
# docs/rules.md "Demand" and "Purchase", in the tracked and the quick form
# ========================================================================================


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


# ========================================================================================
# docs/rules.md "Loading" and "Income"
# ========================================================================================


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


# ========================================================================================
# docs/rules.md "Fires": highest gain, lowest lose, ties, all equal, below 0
# ========================================================================================


FIREMEN = ("A-fireman-1", "A-fireman-2", "B-fireman-1", "B-fireman-2", "B-fireman-3")


def fire_table(table, players: int, firemen: dict[str, list[int]], points: int = 3):
    """Each player buys firemen of the given values (Winter, then Spring); then B-fire.

    Returns the table just after B-fire was revealed (and resolved).
    """
    wanted = [(pid, value) for pid, values in firemen.items() for value in values]
    assert len(wanted) <= len(FIREMEN)
    cards = {"B-fire": {"points": points}}
    plan = list(zip(FIREMEN, wanted, strict=False))
    for card, (_, value) in plan:
        cards[card] = {"value": value}
    t = table(players, cards=cards)
    winter = [(c, pid) for c, (pid, _) in plan if c.startswith("A")]
    spring = [(c, pid) for c, (pid, _) in plan if c.startswith("B")]
    t.round(*[c for c, _ in winter], buys={c: (pid, 1) for c, pid in winter})
    while t.state.top_season() == "A":
        t.round()
    if spring:
        t.round(*[c for c, _ in spring], buys={c: (pid, 1) for c, pid in spring})
    t.reveal("B-fire")
    return t


def test_highest_sum_gains_and_lowest_sum_loses(table):
    t = fire_table(table, 3, {"red": [3], "blue": [1]}, points=2)
    fire = t.json["fires"][-1]
    assert fire == {"card": "B-fire", "points": 2, "sums": {"red": 3, "blue": 1, "green": 0},
                    "gained": ["red"], "lost": ["green"]}
    assert t.track() == {"red": 2, "blue": 0, "green": -2}


def test_a_tie_at_the_highest_sum_all_gain(table):
    t = fire_table(table, 3, {"red": [2], "blue": [2]}, points=3)
    assert t.json["fires"][-1]["gained"] == ["red", "blue"]
    assert t.json["fires"][-1]["lost"] == ["green"]
    assert t.track() == {"red": 3, "blue": 3, "green": -3}


def test_a_tie_at_the_lowest_sum_all_lose(table):
    t = fire_table(table, 4, {"red": [3], "yellow": [2]}, points=4)
    assert t.json["fires"][-1]["sums"] == {"red": 3, "blue": 0, "green": 0, "yellow": 2}
    assert t.json["fires"][-1]["gained"] == ["red"]
    assert t.json["fires"][-1]["lost"] == ["blue", "green"]
    assert t.track() == {"red": 4, "blue": -4, "green": -4, "yellow": 0}


def test_firemen_values_add_up(table):
    # red's 1 + 4 ties blue's single 5: equal sums, equal fate.
    t = fire_table(table, 3, {"red": [1, 4], "blue": [5], "green": [2]}, points=2)
    assert t.json["fires"][-1]["sums"] == {"red": 5, "blue": 5, "green": 2}
    assert t.json["players"]["red"]["firemen"] == 5
    assert t.track() == {"red": 2, "blue": 2, "green": -2}


@pytest.mark.parametrize("firemen", [{}, {"red": [2], "blue": [2]}])
def test_all_sums_equal_nobody_gains_or_loses(table, firemen):
    t = fire_table(table, 2, firemen, points=5)
    fire = t.json["fires"][-1]
    assert fire["gained"] == [] and fire["lost"] == []
    assert t.track() == {"red": 0, "blue": 0}


def test_the_track_goes_below_0(table):
    t = fire_table(table, 2, {"red": [1]}, points=5)
    assert t.track() == {"red": 5, "blue": -5}
    # C-fire and D-fire and E-fire keep pushing blue down: no floor.
    t.play_out(fires_first=True)
    assert t.state.player("blue").track < -5


# ========================================================================================
# docs/record-format.md `undo`, `redo` and `adjust`
# ========================================================================================


def test_undo_takes_back_the_latest_action_and_redo_puts_it_back(table):
    t = table(2).supply()
    before = t.json
    t.do(Buy("red", 0, 3))
    after = t.json
    t.do(Undo())
    assert t.json == before
    t.do(Redo())
    assert t.json == after


def test_undo_goes_back_step_by_step_but_never_undoes_setup(table):
    t = table(2)
    start = t.json
    t.reveal("A-warehouse").reveal("A-vulcanizer")
    t.do(Undo(), Undo())
    assert t.json == start
    t.refuse(Undo(), "nothing_to_undo")
    t.do(Redo(), Redo())
    assert [s.card for s in t.state.slots] == ["A-warehouse", "A-vulcanizer"]
    t.refuse(Redo(), "nothing_to_redo")


def test_a_new_action_clears_redo(table):
    t = table(2)
    t.reveal("A-warehouse").do(Undo())
    t.reveal("A-vulcanizer")
    t.refuse(Redo(), "nothing_to_redo")
    assert [s.card for s in t.state.slots] == ["A-vulcanizer"]


def test_undo_crosses_phases_and_rounds(table):
    t = table(2).supply().quick({})
    loading = t.json
    t.done()
    assert t.state.round == 2
    t.do(Undo())
    assert t.json == loading and t.state.phase == "loading"


def test_undo_and_redo_work_after_the_game_is_over(table):
    t = table(2).play_out()
    over = t.json
    t.do(Undo())
    assert t.state.phase != "over"
    t.do(Redo())
    assert t.json == over


def test_redo_of_an_adjust_and_of_a_fire(table):
    t = table(2, cards={"B-fire": {"points": 2}}).round(
        "A-fireman-1", buys={"A-fireman-1": ("red", 1)}).skip_rounds(3)
    t.reveal("B-fire")
    fired = t.json
    t.do(Undo(), Redo())
    assert t.json == fired
    t.do(Adjust("blue", reason="forgot a coin", coins=1), Undo(), Redo())
    assert t.player("blue")["coins"] == fired["players"]["blue"]["coins"] + 1


def test_adjust_adds_deltas_in_any_phase(table):
    t = table(2)
    t.do(Adjust("red", reason="start bonus", coins=2, points=-3))
    assert t.player("red")["coins"] == 7 and t.player("red")["track"] == -3
    t.supply().do(Adjust("blue", reason="x", points=1))
    t.quick().do(Adjust("blue", reason="y", coins=-5))
    assert t.player("blue")["coins"] == 0


def test_coins_never_go_below_0(table):
    t = table(2)
    t.refuse(Adjust("red", reason="typo", coins=-6), "coins_below_zero", player="red", coins=5)
    t.refuse(Adjust("red", reason="nothing"), "adjust_nothing")
    t.refuse(Adjust("red", reason="  ", coins=1), "adjust_no_reason")
    t.refuse(Adjust("grey", reason="who?", coins=1), "unknown_player", player="grey")


def test_adjust_after_the_game_is_over_and_the_final_scores_follow(table):
    t = table(2).play_out()
    assert t.json["final"]["winners"] == ["red", "blue"]
    t.do(Adjust("blue", reason="a fire was missed", points=2))
    assert t.state.phase == "over"
    assert t.json["final"]["scores"]["blue"]["total"] == 2
    assert t.json["final"]["winners"] == ["blue"]
    t.do(Adjust("red", reason="coins miscounted", coins=1, points=2))
    # Equal totals again; red has one coin more.
    assert t.json["final"]["ranking"] == ["red", "blue"]
    assert t.json["final"]["winners"] == ["red"]


def test_only_adjust_undo_and_redo_after_the_game_is_over(table):
    t = table(2).play_out()
    for action in (Discard(0), Move("red", "tea", "dock", "market")):
        t.refuse(action, "game_over", type=action.type)


def test_apply_never_modifies_the_state_given(table):
    t = table(2).supply()
    state = t.state
    before = state.to_json()
    apply(state, Buy("red", 0, 2))
    with pytest.raises(RuleError):
        apply(state, Buy("red", 1, 2))
    assert state.to_json() == before


def test_a_refused_action_does_not_clear_redo_but_an_adjust_does(table):
    t = table(2)
    t.reveal("A-warehouse").do(Undo())
    t.refuse(Discard(0), "wrong_phase", wanted_phase="purchase", phase="supply")
    t.do(Redo())
    assert [s.card for s in t.state.slots] == ["A-warehouse"]
    t.do(Undo(), Adjust("red", reason="spilled coins", coins=-1))
    t.refuse(Redo(), "nothing_to_redo")


def test_undo_of_the_reveal_that_ended_the_game(table):
    t = table(2).skip_rounds(12, fires_first=True).skip_rounds(4)
    t.reveal("D-fire")
    assert t.state.phase == "over"
    t.do(Undo())
    assert t.state.phase == "supply" and t.state.final is None
    assert "D-fire" in t.state.unseen["D"] and "E-fire" in t.state.unseen["E"]
    assert [f.card for f in t.state.fires] == ["B-fire", "C-fire"]
