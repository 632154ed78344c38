"""Properties of random legal whole games (hypothesis draws the seeds).

Each example is one whole game from `random_game`, replayed action by action;
at every state the invariants below must hold.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Redo, Undo, apply, replay, to_record
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
