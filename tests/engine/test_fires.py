"""Scenarios for docs/rules.md "Fires": highest gain, lowest lose, ties, all equal, below 0."""

from __future__ import annotations

import pytest

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
