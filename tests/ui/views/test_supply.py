"""companion/ui/views/supply.py: what a Supply shows and allows, from the state and
`engine.legal` (no pygame): the grid keeps the round's cards, a ship's goods are the bag's,
the places are made from the view alone."""

from __future__ import annotations

import subprocess
import sys

from companion.config.cards import load_catalogue
from companion.engine import GOODS
from companion.engine.legal import forced_goods, ship_goods, supply_cards
from companion.engine.record import iter_states
from companion.engine.simulate import random_game
from companion.engine.words import Kind, Phase
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui.views.supply import asked_reveal, make_places, only_next, unseen_cards, view


def supplies(players: int, seed: int):
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _final = random_game(catalogue, players, seed=seed, form="quick")
    for _n, _action, state in iter_states(actions, catalogue):
        if state.phase == Phase.SUPPLY and state.top_season() is not None:
            yield state


def test_the_grid_holds_the_round_s_cards_and_the_view_the_legal_reveals():
    seen = 0
    for players, seed in ((2, 1), (5, 2)):
        for state in supplies(players, seed):
            shown = view(state)
            assert shown.unseen == supply_cards(state)
            assert shown.unseen <= set(shown.grid)
            # The cards revealed this round of the top season keep their place, numbered.
            for i, slot in enumerate(state.slots):
                if slot.card in shown.done:
                    assert shown.done[slot.card][0].startswith(f"{i + 1}.\u00a0")
            assert set(unseen_cards(state)) == shown.unseen
            only = only_next(state)
            assert only is None or (len(shown.unseen) == 1 and only in shown.unseen)
            seen += 1
    assert seen > 20


def test_a_ship_s_goods_are_what_the_bag_leaves():
    checked = 0
    for state in supplies(4, 3):
        ships = [c for c in supply_cards(state) if state.catalogue[c].kind == Kind.SHIP]
        if not ships:
            continue
        first = next(g for g in GOODS if state.bag[g])
        shown = view(state, ships[0], [first])
        assert shown.goods_open == set(ship_goods(state, [first]))
        assert shown.left[first] == state.bag[first] - 1
        assert forced_goods(state, [first]) is None or len(shown.goods_open) <= 2
        checked += 1
    assert checked


def test_places_are_made_from_the_view_with_and_without_the_ship_row():
    for state in supplies(5, 4):
        shown = view(state)
        with_row, without = make_places(shown, True), make_places(shown, False)
        ships = {c for c in shown.grid if c in shown.faces and shown.faces[c].kind == Kind.SHIP}
        # Every card of the grid has a place either way; the ship row is the ships' five
        # first goods, in place of their own places.
        for places in (with_row, without):
            assert {c for p in places for c in p.ids} == set(shown.grid)
        if ships:
            assert sum(1 for p in with_row if p.good is not None) == len(GOODS)
            assert not any(p.good for p in without)
        assert make_places(shown, True) == with_row  # the same view, the same places


def test_a_kind_s_question_asks_the_first_contract_and_reveals_a_second_as_it_is():
    asked = 0
    for state in supplies(3, 5):
        now, candidates = asked_reveal(state, Kind.CONTRACT)
        contracts = unseen_cards(state, Kind.CONTRACT)
        if now is not None:
            assert now in contracts and not candidates
            assert any(state.catalogue[s.card].kind == Kind.CONTRACT for s in state.slots)
        else:
            assert candidates == contracts
            asked += bool(candidates)
    assert asked


def test_the_view_model_needs_no_pygame():
    code = ("import sys; import companion.ui.views.supply; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_view_made_from_the_previous_one_equals_one_made_anew():
    """What a view takes from the last frame's (the round's grid, the cards' faces) is
    what it would have worked out: through reveals, Undo, fires, values told, rounds."""
    from companion.engine.record import iter_states
    from companion.engine.simulate import random_game

    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    checked = 0
    for players, seed in ((2, 6), (5, 7)):
        actions, _final = random_game(catalogue, players, seed=seed, form="quick",
                                      undo_rate=0.2)
        last = None
        for _n, _action, state in iter_states(actions, catalogue):
            if state.phase != Phase.SUPPLY or state.top_season() is None:
                continue
            fresh = view(state)
            assert view(state, previous=last) == fresh
            last = fresh
            checked += 1
    assert checked > 40
