"""Scenarios for docs/rules.md "Components", "Setup", "Supply" and "The end of the game"."""

from __future__ import annotations

import pytest

from companion.engine import Catalogue, Reveal, Setup, new_game
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
