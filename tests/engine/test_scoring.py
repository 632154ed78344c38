"""docs/rules.md "Final scoring": every category, the ranking, the coin tie-break, shared wins."""

from __future__ import annotations

import pytest

from companion.engine import PlayerState, score_player
from companion.engine.scoring import rank

CARDS = {"A-contract-1": {"goods": ["coffee", "tea"]},
         "A-contract-3": {"goods": ["rubber", "coffee", "tea"]},
         "B-contract-3": {"goods": ["coffee", "tea", "saffron", "carpet"]}}

# (what the player holds, the category, the points) — one row per rule of the table.
ROWS = [
    (dict(cards=("A-contract-1",), contracts={"A-contract-1": ("coffee", "tea")}),
     "contracts", 5),
    (dict(cards=("A-contract-3",), contracts={"A-contract-3": ("rubber", "coffee", "tea")}),
     "contracts", 8),
    (dict(cards=("B-contract-3",),
          contracts={"B-contract-3": ("coffee", "tea", "saffron", "carpet")}),
     "contracts", 11),
    (dict(cards=("B-contract-3",), contracts={"B-contract-3": ("coffee", "tea", "saffron")}),
     "contracts", 0),
    (dict(cards=("A-contract-1", "A-contract-3"),
          contracts={"A-contract-1": ("coffee", "tea"), "A-contract-3": ("rubber",)}),
     "contracts", 5),
    (dict(cards=("A-counting-office",)), "counting_offices", 2),
    (dict(cards=("A-counting-office", "B-counting-office")), "counting_offices", 5),
    (dict(cards=("A-counting-office", "B-counting-office", "D-counting-office-1")),
     "counting_offices", 9),
    (dict(cards=("A-counting-office", "B-counting-office", "D-counting-office-1",
                 "D-counting-office-2")), "counting_offices", 14),
    (dict(cards=("D-chamber-of-commerce",), coins=17), "chamber_of_commerce", 17),
    (dict(cards=(), coins=17), "chamber_of_commerce", 0),
    (dict(cards=("D-port", "B-ship-1", "C-ship-2", "D-ship-3")), "port", 3),
    (dict(cards=("B-ship-1", "C-ship-2")), "port", 0),
    (dict(cards=("D-boatsmen-church",)), "boatsmen_church", 3),
    (dict(cards=("D-st-michaelis",)), "st_michaelis", 4),
    (dict(cards=("A-warehouse",), warehouse=("tea", "tea", "rubber")), "warehouse", 3),
    (dict(cards=("A-coffee-roaster", "A-vulcanizer", "A-tea-taster")), "merchants", 3),
    (dict(cards=(), track=-7), "track", -7),
]


@pytest.mark.parametrize(("holding", "category", "points"), ROWS)
def test_each_category_scores_as_the_table_says(catalogue, holding, category, points):
    cat = catalogue.with_overrides(CARDS)
    scores = score_player(cat, PlayerState(**holding))
    assert scores[category] == points
    # Nothing else scores (apart from the track, which is 0 unless set).
    others = {k: v for k, v in scores.items() if k not in (category, "total")}
    assert set(others.values()) <= {0}
    assert scores["total"] == points


def test_bank_firemen_ships_and_market_hall_score_nothing(catalogue):
    ps = PlayerState(cards=("C-bank", "A-fireman-1", "D-fireman-3", "B-ship-1", "C-ship-1"),
                     firemen=6, market="tea", coins=9)
    assert score_player(catalogue, ps)["total"] == 0


def test_a_cube_in_the_warehouse_without_the_card_scores_nothing(catalogue):
    assert score_player(catalogue, PlayerState(warehouse=("tea",)))["warehouse"] == 0


def test_everything_adds_up(catalogue):
    ps = PlayerState(
        coins=6, track=-2,
        cards=("A-contract-1", "A-counting-office", "B-counting-office", "D-chamber-of-commerce",
               "D-port", "B-ship-1", "D-boatsmen-church", "D-st-michaelis", "A-warehouse",
               "A-spice-trader"),
        warehouse=("coffee", "coffee"), contracts={"A-contract-1": ("coffee", "tea")},
    )
    scores = score_player(catalogue.with_overrides(CARDS), ps)
    # -2 track + 5 contract + 5 offices + 6 coins + 1 ship + 3 + 4 + 2 cubes + 1 merchant
    assert scores["total"] == -2 + 5 + 5 + 6 + 1 + 3 + 4 + 2 + 1 == 25


@pytest.mark.parametrize(
    ("totals", "coins", "ranking", "winners"),
    [
        ({"a": 30, "b": 31, "c": 2}, {"a": 0, "b": 0, "c": 0}, ("b", "a", "c"), ("b",)),
        # Equal totals: more coins wins.
        ({"a": 30, "b": 30, "c": 2}, {"a": 3, "b": 4, "c": 9}, ("b", "a", "c"), ("b",)),
        # Equal totals and coins: a shared win, listed in seating order.
        ({"a": 30, "b": 30, "c": 30}, {"a": 4, "b": 4, "c": 1}, ("a", "b", "c"), ("a", "b")),
    ],
)
def test_ranking_by_total_then_coins_and_shared_wins(totals, coins, ranking, winners):
    scores = {p: {"total": t} for p, t in totals.items()}
    assert rank(("a", "b", "c"), scores, coins) == (ranking, winners)


def test_final_scoring_of_a_whole_game(table):
    # Two players, nobody buys anything: all equal, a shared win on 0 points and 5 + 32 coins.
    t = table(2).play_out(fires_first=True)
    final = t.json["final"]
    assert final["winners"] == ["red", "blue"]
    assert final["scores"]["red"]["total"] == 0
    assert t.coins() == {"red": 5 + 16 * 2, "blue": 5 + 16 * 2}
    assert set(final["scores"]["red"]) == {
        "total", "track", "contracts", "counting_offices", "chamber_of_commerce", "port",
        "boatsmen_church", "st_michaelis", "warehouse", "merchants"}
