"""Properties of random legal whole games (hypothesis draws the seeds).

Each example is one whole game from `random_game`, replayed action by action;
at every state the invariants below must hold.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import (
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
    RuleError,
    Setup,
    Undo,
    apply,
    replay,
    to_record,
)
from companion.engine.cards import GOODS
from companion.engine.rules import new_game
from companion.engine.simulate import legal_actions, random_game
from companion.engine.state import State

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "players": st.integers(2, 5),
    "form": st.sampled_from(("quick", "tracked", "mixed")),
    "undo_rate": st.sampled_from((0.0, 0.0, 0.05)),
})
SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def cubes_everywhere(state: State) -> dict[str, int]:
    """Every cube of each good: bag, stock, docks, warehouses, markets, contracts, open ships."""
    count = {g: state.bag[g] + state.stock[g] for g in GOODS}
    for pid in state.players:
        ps = state.player(pid)
        held = list(ps.dock) + list(ps.warehouse) + ([ps.market] if ps.market else [])
        for goods in (ps.contracts or {}).values():
            held.extend(goods)
        for good in held:
            count[good] += 1
    for slot in state.slots:
        if slot.outcome is None:
            for good in slot.goods:
                count[good] += 1
    return count


def score_by_hand(catalogue, player: dict) -> dict[str, int]:
    """docs/rules.md "Final scoring", written again from the JSON alone, as an independent check."""
    kinds = [catalogue[c].kind for c in player["cards"]]
    owns = kinds.count
    contracts = sum(
        {2: 5, 3: 8, 4: 11}[len(catalogue[c].goods)]
        for c, goods in player["contracts"].items()
        if sorted(goods) == sorted(catalogue[c].goods)
    )
    scores = {
        "track": player["track"],
        "contracts": contracts,
        "counting_offices": [0, 2, 5, 9, 14][owns("counting_office")],
        "chamber_of_commerce": player["coins"] if owns("chamber_of_commerce") else 0,
        "port": owns("ship") if owns("port") else 0,
        "boatsmen_church": 3 * owns("boatsmen_church"),
        "st_michaelis": 4 * owns("st_michaelis"),
        "warehouse": len(player["warehouse"]) if owns("warehouse") else 0,
        "merchants": owns("merchant"),
    }
    scores["total"] = sum(scores.values())
    return scores


def check_the_end(catalogue, state: dict) -> None:
    """Fires and final scores, recomputed from the state's JSON."""
    for fire in state["fires"]:
        sums = fire["sums"]
        high, low = max(sums.values()), min(sums.values())
        if high == low:
            assert fire["gained"] == fire["lost"] == []
        else:
            assert fire["gained"] == [p for p in sums if sums[p] == high]
            assert fire["lost"] == [p for p in sums if sums[p] == low]
    assert [f["card"] for f in state["fires"]] == ["B-fire", "C-fire", "D-fire", "E-fire"]
    final = state["final"]
    players = state["players"]
    for pid, player in players.items():
        assert final["scores"][pid] == score_by_hand(catalogue, player)
        firemen = sum(catalogue[c].value or 0 for c in player["cards"])
        assert player["firemen"] == firemen
    key = {p: (final["scores"][p]["total"], players[p]["coins"]) for p in players}
    best = max(key.values())
    assert final["winners"] == [p for p in players if key[p] == best]
    assert [key[p] for p in final["ranking"]] == sorted(key.values(), reverse=True)


@SETTINGS
@given(game=games)
def test_random_whole_games_keep_every_invariant(catalogue, game):
    actions, final = random_game(catalogue, **game)
    # Every game reaches `over`, with a final scoring.
    assert final.phase == "over" and final.final is not None
    rng = random.Random(game["seed"])
    state = new_game(actions[0], catalogue)  # type: ignore[arg-type]
    state_json = state.to_json()
    for action in actions[1:]:
        new = apply(state, action)
        new_json = new.to_json()
        # The 45 cubes are always all somewhere; nothing is ever negative.
        assert cubes_everywhere(new) == dict.fromkeys(GOODS, 9)
        assert all(n >= 0 for n in (*new.bag.values(), *new.stock.values()))
        assert all(new.player(p).coins >= 0 for p in new.players)
        # Undo restores the state exactly; redo gives the same again.
        if not isinstance(action, Undo | Redo):
            undone = apply(new, Undo())
            assert undone.to_json() == state_json
            assert apply(undone, Redo()).to_json() == new_json
        # Every listed action is accepted (a sample of them, to keep the run short).
        options = legal_actions(new)
        for option in rng.sample(options, min(3, len(options))):
            apply(new, option)
        state, state_json = new, new_json
    assert state_json == final.to_json()
    check_the_end(catalogue, state_json)
    # Replaying the record (as text, then as bytes) gives the same state both times.
    record = to_record(actions)
    first, second = replay(record, catalogue), replay(record.encode("utf-8"), catalogue)
    assert first.error is None and second.error is None
    assert first.to_json() == second.to_json() == state_json
    assert first.actions == second.actions == tuple(actions)


@settings(max_examples=40, deadline=None)
@given(game=games)
def test_every_listed_action_is_accepted(catalogue, game):
    """All of `legal_actions`, at every state of shorter stretches of games."""
    actions, _ = random_game(catalogue, **game)
    state = new_game(actions[0], catalogue)  # type: ignore[arg-type]
    for index, action in enumerate(actions[1:]):
        if index % 7 == 0:
            for option in legal_actions(state):
                apply(state, option)
        state = apply(state, action)
    assert legal_actions(state) == []


def random_action(rng: random.Random, state: State) -> Action:
    """Any action at all, legal or not, with ids partly made up."""
    player = rng.choice([*state.players, "grey"])
    good = rng.choice([*GOODS, "gold"])
    store = rng.choice(["dock", "warehouse", "market", "attic"])
    cards = list(state.catalogue.cards)
    slot = rng.randint(-1, 7)
    kind = rng.randrange(12)
    if kind == 0:
        card = rng.choice([*cards, "Z-joker"])
        goods = tuple(rng.choice([*GOODS, "gold"]) for _ in range(rng.randint(0, 4)))
        return Reveal(card, goods if rng.random() < 0.5 else None)
    if kind == 1:
        return Place(player, slot)
    if kind == 2:
        return Buy(player, slot, rng.choice([None, -1, 0, 1, 2, 3, 8, 9]))
    if kind == 3:
        return Pass(player, slot)
    if kind == 4:
        return Discard(slot)
    if kind == 5:
        to = rng.choice(["merchant", "warehouse", "market", "dock", *cards])
        return Move(player, good, store, to)
    if kind == 6:
        give = tuple((rng.choice(GOODS), rng.choice(["dock", "warehouse", "market"]))
                     for _ in range(rng.randint(2, 4)))
        return Convert(player, give, good)
    if kind == 7:
        give = tuple((rng.choice(GOODS), rng.choice(["dock", "warehouse", "market"]))
                     for _ in range(rng.randint(1, 3)))
        return MarketSell(player, give)
    if kind == 8:
        return Adjust(player, rng.choice(["", "fix"]), rng.choice([None, -20, 3]),
                      rng.choice([None, -2]))
    return rng.choice([Done(), Undo(), Redo(), Setup(players=("a", "b"), first="a")])


@settings(max_examples=60, deadline=None)
@given(game=games)
def test_any_action_is_either_applied_or_refused_with_the_state_unchanged(catalogue, game):
    actions, _ = random_game(catalogue, **game)
    rng = random.Random(game["seed"])
    state = new_game(actions[0], catalogue)  # type: ignore[arg-type]
    for index, action in enumerate(actions[1:]):
        if index % 5 == 0:
            before = state.to_json()
            for _ in range(10):
                try:
                    apply(state, random_action(rng, state))
                except RuleError:
                    pass
                assert state.to_json() == before
        state = apply(state, action)
