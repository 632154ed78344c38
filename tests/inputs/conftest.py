"""Fixtures for the input adapter tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.inputs.bus import IntentBus
from tests.inputs.inputs_support import Pty, shipped_hardware


@pytest.fixture
def hardware() -> dict[str, Any]:
    """The shipped hardware.yaml as a dict (each test changes its own copy)."""
    return shipped_hardware()


@pytest.fixture
def bus() -> IntentBus:
    return IntentBus()


@pytest.fixture
def state_dir(tmp_path: Path) -> Path:
    path = tmp_path / "state"
    path.mkdir()
    return path


@pytest.fixture
def make_pty() -> Iterator[Callable[[], Pty]]:
    """Make ptys; all are closed after the test."""
    made: list[Pty] = []

    def make() -> Pty:
        pty = Pty()
        made.append(pty)
        return pty

    yield make
    for pty in made:
        pty.close()
