"""Helpers the store tests share: the catalogue, generated games, the command line."""

from __future__ import annotations

import contextlib
import io
import sys
from functools import cache

from companion import cli
from companion.config.cards import load_catalogue
from companion.engine import Action, Catalogue, State, replay
from companion.engine.simulate import random_game
from companion.paths import SHIPPED_CONFIG_DIR


@cache
def shipped_catalogue() -> Catalogue:
    return load_catalogue(SHIPPED_CONFIG_DIR)


@cache
def generated(seed: int, players: int = 3, form: str = "mixed", undo_rate: float = 0.05
              ) -> tuple[tuple[Action, ...], State]:
    """A random whole game (setup first) and its final state; cached per arguments."""
    actions, final = random_game(
        shipped_catalogue(), players, seed=seed, form=form, undo_rate=undo_rate
    )
    return tuple(actions), final


def record_of(actions: tuple[Action, ...] | list[Action]) -> str:
    return "".join(a.to_line() + "\n" for a in actions)


#: How a subprocess runs the command line.
CLI: list[str] = [sys.executable, "-m", "companion"]


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """`companion.cli.main(argv)` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    return status, out.getvalue(), err.getvalue()


def state_after(actions: list[Action], count: int, catalogue: Catalogue) -> object:
    """The state JSON after the setup and `count` actions."""
    text = "".join(a.to_line() + "\n" for a in actions[: count + 1])
    return replay(text, catalogue).state.to_json()  # type: ignore[union-attr]
