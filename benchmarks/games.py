"""Generated whole games, shared by the benchmarks (not a benchmark itself)."""

from __future__ import annotations

from functools import cache

from companion.config.cards import load_catalogue
from companion.engine import Action, Catalogue, Redo, Undo
from companion.engine.simulate import random_game
from companion.paths import SHIPPED_CONFIG_DIR

#: The seeds of the generated games: fixed, so every run replays the same games.
FIRST_SEED = 7000


@cache
def catalogue() -> Catalogue:
    return load_catalogue(SHIPPED_CONFIG_DIR)


@cache
def game(index: int, players: int = 5) -> tuple[Action, ...]:
    """Generated whole game number `index` (setup first), in the mixed form."""
    actions, state = random_game(catalogue(), players, seed=FIRST_SEED + index, form="mixed")
    assert state.phase == "over"
    return tuple(actions)


def games(count: int, players: int = 5) -> list[tuple[Action, ...]]:
    return [game(i, players) for i in range(count)]


def padded(actions: tuple[Action, ...], factor: int = 10) -> tuple[Action, ...]:
    """The same game as a record about `factor` times as long: undo/redo pairs after actions.

    A table that undoes and redoes a lot makes exactly such records; the
    state reached is the same, the record (and the undo history) is longer.
    """
    target = len(actions) * factor
    pairs_total = (target - len(actions)) // 2
    moves = len(actions) - 1
    out: list[Action] = [actions[0]]
    for i, action in enumerate(actions[1:]):
        out.append(action)
        pairs = pairs_total // moves + (1 if i < pairs_total % moves else 0)
        for _ in range(pairs):
            out.extend((Undo(), Redo()))
    return tuple(out)


def last_round_prefix(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The record of a game up to its last round (the reveal that empties the pile).

    Resuming there is the costliest resume of an unfinished game: the longest
    journal, the whole undo history.
    """
    from companion.engine import apply, new_game

    state = new_game(actions[0], catalogue())  # type: ignore[arg-type]
    for i, action in enumerate(actions[1:], start=1):
        state = apply(state, action)
        if state.last_round:
            return actions[: i + 1]
    return actions
