"""Random whole games, for tests, benchmarks and the demo screens.

A random player picks among the legal moves `companion.engine.legal` lists (the
one source of them); `legal_actions` and `loading_actions` are named here too for
the callers that know them from this module.
"""

from __future__ import annotations

import random

from companion.engine.actions import (
    Action,
    Buy,
    Done,
    Move,
    Place,
    Redo,
    Reveal,
    Setup,
    Undo,
)
from companion.engine.cards import FOURTH_FIRE, Catalogue
from companion.engine.errors import RuleError
from companion.engine.legal import (
    has_dock_work,
    legal_actions,
    loading_actions,
    next_loader,
    purchase_actions,
)
from companion.engine.rules import apply, new_game
from companion.engine.state import State
from companion.engine.words import COLOURS, GOODS, Form, Kind, Phase, Store

# --- random whole games -----------------------------------------------------------


def _draw(rng: random.Random, bag: dict[str, int]) -> tuple[str, ...]:
    """Three cubes drawn from the bag as a hand would, weighted by what is inside."""
    pool = [g for g in GOODS for _ in range(bag[g])]
    return tuple(rng.sample(pool, 3))


def _choose(rng: random.Random, state: State, form: str, loading_moves: int,
            loader: str | None = None, in_turn: bool = False) -> Action:
    phase = state.phase
    if phase == Phase.SUPPLY:
        season = state.top_season()
        assert season is not None
        card_id = rng.choice(sorted(state.unseen[season]))
        if state.catalogue[card_id].kind == Kind.SHIP:
            return Reveal(card_id, _draw(rng, dict(state.bag)))
        return Reveal(card_id)
    if phase == Phase.LOADING:
        if loading_moves >= 12 or rng.random() < 0.15:
            return Done()
        if in_turn and loader is None:
            return Done()
        pids = [loader] if in_turn and loader is not None else state.players
        options = [a for pid in pids for a in loading_actions(state, pid)]
        # Favour moves that score (contracts, merchants) over shuffling cubes around.
        stores = (Store.WAREHOUSE, Store.MARKET)
        useful = [a for a in options if isinstance(a, Move) and a.to not in stores]
        if useful and rng.random() < 0.8:
            return rng.choice(useful)
        return rng.choice(options) if options else Done()
    options = purchase_actions(state)
    if state.phase == Phase.DEMAND and state.form is None:
        wanted = form if form != "mixed" else rng.choice((Form.QUICK, Form.TRACKED))
        keep = [a for a in options if isinstance(a, Place) == (wanted == Form.TRACKED)]
        options = keep or options
    buys = [a for a in options if isinstance(a, Buy)]
    if buys and rng.random() < 0.7:
        return rng.choice(buys)
    return rng.choice(options)


def random_game(
    catalogue: Catalogue,
    players: int = 4,
    *,
    seed: int | None = None,
    form: str = "mixed",
    undo_rate: float = 0.0,
    loading: str = "any",
) -> tuple[list[Action], State]:
    """A random legal whole game: its actions (setup first) and its final state.

    `form` is ``quick``, ``tracked`` or ``mixed`` (chosen per round).
    With `undo_rate` > 0, some actions are undone and then redone or replaced.
    `loading`: ``any`` (each Loading move by any player, at random) or ``in_turn`` (the
    players load in turn from the first player, as RULES.md says: a player with a ship's
    cube to unload acts until none is left, then the next: `legal.next_loader`).
    """
    rng = random.Random(seed)
    ids = COLOURS[:players]
    setup = Setup(players=ids, first=rng.choice(ids))
    actions: list[Action] = [setup]
    state = new_game(setup, catalogue)
    loading_moves = 0
    loader: str | None = None
    while state.phase != Phase.OVER:
        if undo_rate and state.can_undo() and rng.random() < undo_rate:
            action: Action = Undo()
        elif undo_rate and state.redo and rng.random() < 0.5:
            action = Redo()
        else:
            if state.phase != Phase.LOADING:
                loader = None  # the next Loading starts again from the first player
            elif loading == "in_turn" and (loader is None or not has_dock_work(state, loader)):
                loader = next_loader(state, loader)
            action = _choose(rng, state, form, loading_moves, loader, loading == "in_turn")
        try:
            state = apply(state, action)
        except RuleError as exc:  # a bug in the generator or the engine: say which
            raise AssertionError(f"generated action {action} refused: {exc}") from exc
        loading_moves = loading_moves + 1 if state.phase == Phase.LOADING else 0
        actions.append(action)
    return actions, state


__all__ = ["FOURTH_FIRE", "legal_actions", "loading_actions", "random_game"]
