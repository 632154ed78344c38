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


def _store() -> Any:
    try:
        from companion.store import GameSession
    except ImportError as exc:
        raise NotAvailable(f"companion.store.GameSession is not on this branch ({exc})") from None
    return GameSession


def open_session(state_dir: Path, setup: Any) -> Any:
    """A new game in `state_dir` through the store's `GameSession.start`, begun with `setup`.

    The object returned has `apply(action)` (the store's `submit`) and `close()`.
    """
    from benchmarks.games import catalogue

    session = _store().start(Path(state_dir), catalogue(), setup)
    return _Session(session)


class _Session:
    def __init__(self, session: Any) -> None:
        self.session = session

    def apply(self, action: Any) -> Any:
        return self.session.submit(action)

    def close(self) -> None:
        self.session.close()


def seed_game(state_dir: Path, actions: Any) -> None:
    """Leave the game `actions` (setup first) in `state_dir`, as the app would."""
    session = open_session(state_dir, actions[0])
    for action in actions[1:]:
        session.apply(action)
    session.close()


def resume(state_dir: Path) -> Any:
    """The current game of `state_dir`, resumed by the store exactly as the app does; closed."""
    from benchmarks.games import catalogue

    session = _store().resume(Path(state_dir), catalogue())
    if session is None:
        raise RuntimeError(f"no unfinished game to resume in {state_dir}")
    state = session.state
    session.close()
    return state
