"""companion/ui/views/fire.py: a resolved fire said in one message (who gained, who lost)."""

from __future__ import annotations

from companion.config.cards import load_catalogue
from companion.engine.cards import FOURTH_FIRE
from companion.engine.record import iter_states
from companion.engine.simulate import random_game
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui import words
from companion.ui.views.fire import fire_said, fire_view, fires_said


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


def test_the_fire_screens_view_has_each_players_total_and_change():
    """`fire_view`: the Fire screen's rows in seat order, each total and what the fire did
    (+1, -1, 0); "all equal" only where nobody gained or lost; none past the fires."""
    seen = 0
    for state, fires in resolved_fires(4, 2):
        for fire in fires:
            index = state.fires.index(fire)
            view = fire_view(state, index)
            assert view is not None and view.points == fire.points
            assert [row.pid for row in view.rows] == list(state.players)
            for row in view.rows:
                assert row.total == fire.sums.get(row.pid, 0)
                assert row.change == (1 if row.pid in fire.gained else
                                      -1 if row.pid in fire.lost else 0)
                assert row.letter == words.letter(state, row.pid)
            assert bool(view.equal) == (not fire.gained and not fire.lost)
            assert bool(view.last) == (index == 3 or fire.card == FOURTH_FIRE)
            seen += 1
        assert fire_view(state, len(state.fires)) is None
    assert seen
