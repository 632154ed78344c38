"""The one place that knows how to drive the companion's store and app from a benchmark.

Benchmarks use only public entry points of the project. When one is not
there yet (the store and the app land on main during development), the
adapter raises `NotAvailable` naming what is missing, and the benchmark
reports the figure as not measured, with that reason.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


class NotAvailable(Exception):
    """What a benchmark needs is not in the project (yet); the message says what."""


def open_session(state_dir: Path, setup: Any) -> Any:
    """A new game in `state_dir` through the store's `GameSession`, started with `setup`."""
    try:
        from companion.store import GameSession  # type: ignore[attr-defined]
    except ImportError as exc:
        raise NotAvailable(f"companion.store.GameSession is not on this branch ({exc})") from None
    raise NotAvailable(f"GameSession {GameSession!r}: adapter not written yet")


def seed_game(state_dir: Path, actions: Any) -> None:
    """Leave the game `actions` (setup first) unfinished in `state_dir`, as the app would."""
    session = open_session(state_dir, actions[0])
    for action in actions[1:]:
        session.apply(action)
    session.close()


def resume(state_dir: Path) -> Any:
    """The current game of `state_dir`, resumed by the store exactly as the app does."""
    raise NotAvailable("the store's resume entry point is not on this branch")
