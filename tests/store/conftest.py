"""Fixtures of the store tests: the catalogue, generated games, the CLI in and out of process."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from companion import cli
from companion.config.cards import load_catalogue
from companion.engine import Action, Catalogue, State
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


def _all_commands_present() -> bool:
    return all(importlib.util.find_spec(m) for m in cli.COMMAND_MODULES)


#: How a subprocess runs the command line: `python -m companion`, or the shim while
#: command modules listed in cli.py by another issue have not landed on this branch.
CLI: list[str] = (
    [sys.executable, "-m", "companion"]
    if _all_commands_present()
    else [sys.executable, str(Path(__file__).with_name("cli_shim.py"))]
)


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    """`companion.cli.main(argv)` in this process: (exit status, stdout, stderr)."""
    saved = list(cli.COMMAND_MODULES)
    cli.COMMAND_MODULES[:] = [m for m in saved if importlib.util.find_spec(m)]
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(argv)
    finally:
        cli.COMMAND_MODULES[:] = saved
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def catalogue() -> Catalogue:
    return shipped_catalogue()


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    return tmp_path / "state"


@pytest.fixture
def cli_run(state_dir: Path) -> Callable[..., tuple[int, str, str]]:
    """Run a command in-process against the test's state directory."""

    def run(*argv: str) -> tuple[int, str, str]:
        return run_cli([*argv, "--state-dir", str(state_dir)])

    return run
