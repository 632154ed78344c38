"""Fixtures of the store tests: the catalogue, a state directory, the CLI in process."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.engine import Action, Catalogue
from companion.store import GameSession
from companion.store.journal import JOURNAL_NAME
from tests.store.storetools import generated, run_cli, shipped_catalogue


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


@pytest.fixture
def game(state_dir: Path, catalogue: Catalogue) -> Iterator[tuple[list[Action], Path]]:
    """A game of 40 acknowledged actions in `state_dir` (session closed); the rest to come."""
    actions, _ = generated(21)
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:41]:
            session.submit(action)
    yield list(actions), state_dir / JOURNAL_NAME
