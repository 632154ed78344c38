"""Fixtures of the store tests: the catalogue, a state directory, the CLI in process."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion.engine import Catalogue
from tests.store.storetools import run_cli, shipped_catalogue


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
