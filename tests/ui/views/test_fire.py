"""companion/ui/views/fire.py: a resolved fire said in one message (who gained, who lost)."""

from __future__ import annotations

from companion.config.cards import load_catalogue
from companion.engine.cards import FOURTH_FIRE
from companion.engine.record import iter_states
from companion.engine.simulate import random_game
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui import words
from companion.ui.views.fire import fire_said, fires_said


def resolved_fires(players: int, seed: int):
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _final = random_game(catalogue, players, seed=seed, form="quick")
    before = None
    for _n, _action, after in iter_states(actions, catalogue):
        if before is not None and len(after.fires) > len(before.fires):
            yield after, after.fires[len(before.fires):]
        before = after


def test_each_fire_says_who_gained_and_who_lost_with_its_points():
    seen = 0
    for players, seed in ((2, 1), (4, 2), (5, 3)):
        for state, fires in resolved_fires(players, seed):
            for fire in fires:
                said = fire_said(state, fire)
                for pid in state.players:
                    name = words.player_name(state, pid)
                    if pid in fire.gained:
                        assert f"{name} +{fire.points}" in said
                    elif pid in fire.lost:
                        assert f"{name} \u2212{fire.points}" in said
                    else:
                        assert f"{name} +" not in said and f"{name} \u2212" not in said
                if not fire.gained and not fire.lost:
                    assert "all equal, nobody gains or loses" in said
                # Named by the points it was resolved with, never a guess with "?".
                assert str(fire.points) in said.split(":")[0] and "?" not in said
                assert ("ends the game" in said) == (fire.card == FOURTH_FIRE)
                seen += 1
            assert fires_said(state, fires) == " ".join(fire_said(state, f) for f in fires)
    assert seen >= 12
