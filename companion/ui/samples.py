"""Sample states for the screens: a demo game, played up to the right moment.

Each registered screen (`companion.ui.screens`) has a builder that takes a
`Demo` and leaves its UI showing that screen with real numbers: a random but
legal game of the chosen number of players, with named players, kept in
memory. Screenshots (`companion.ui.shots`) and the screen tests use them.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.engine import Action, Catalogue, Setup, State, iter_states
from companion.engine.simulate import random_game
from companion.engine.values import value
from companion.ui.memory import MemorySession, MemoryStore
from companion.ui.scene import GameHost, SceneHost

NAMES = {"red": "Anna", "blue": "Ben", "green": "Cleo", "yellow": "Dirk", "purple": "Emma"}
#: The player counts the game allows (screens that show players are checked with each).
PLAYER_COUNTS = (2, 3, 4, 5)

_games: dict[tuple[int, str, int], list[Action]] = {}


def demo_game(catalogue: Catalogue, players: int = 4, form: str = "quick",
              seed: int = 11) -> list[Action]:
    """A random legal game with named players (the same for the same arguments)."""
    key = (players, form, seed)
    if key not in _games:
        actions, _state = random_game(catalogue, players, seed=seed, form=form)
        setup = actions[0]
        assert isinstance(setup, Setup)
        named = Setup(players=setup.players, first=setup.first,
                      names={p: NAMES[p] for p in setup.players})
        _games[key] = [named, *actions[1:]]
    return _games[key]


def find(actions: list[Action], catalogue: Catalogue,
         test: Callable[[State, State], bool]) -> int | None:
    """The number of actions after which `test(before, after)` first holds, or None."""
    before: State | None = None
    for number, _action, after in iter_states(actions, catalogue):
        if before is not None and test(before, after):
            return number - 1  # actions after the setup line
        before = after
    return None


@value(frozen=False)
class Demo:
    """A UI over an in-memory store, and the demo game for `players` players."""

    ui: SceneHost
    players: int = 4

    @property
    def catalogue(self) -> Catalogue:
        return self.ui.services.load_catalogue()

    @property
    def game(self) -> GameHost:
        game = self.ui.game
        assert game is not None, "no demo game is open"
        return game

    @property
    def state(self) -> State:
        return self.game.state

    def moment(self, test: Callable[[State, State], bool], form: str = "quick",
               seed: int = 11) -> tuple[list[Action], int]:
        """A demo game and the number of actions after which `test` first holds (the first
        seed from `seed` on whose game reaches that moment)."""
        for s in range(seed, seed + 40):
            actions = demo_game(self.catalogue, self.players, form, s)
            k = find(actions, self.catalogue, test)
            if k is not None:
                return actions, k
        raise LookupError("no demo game reaches that moment")

    def open_at(self, actions: list[Action], count: int, *, last_live: bool = False) -> None:
        """Open the demo game after `count` actions; the last one through the screens if
        `last_live` (so its Fire or Income screen shows)."""
        services = self.ui.services
        store = services.store
        if not isinstance(store, MemoryStore):
            raise TypeError("sample screens need the in-memory store")
        setup = actions[0]
        assert isinstance(setup, Setup)
        upto = count - 1 if last_live else count
        session = MemorySession(setup, services.load_catalogue(), list(actions[1:upto + 1]))
        store.sessions[str(services.state_dir)] = session
        self.ui.open_game(session)
        if last_live:
            self.game.submit(actions[count])

    def at(self, test: Callable[[State, State], bool], *, form: str = "quick", seed: int = 11,
           last_live: bool = False) -> None:
        """Open the demo game at the first moment `test(before, after)` holds."""
        actions, k = self.moment(test, form, seed)
        self.open_at(actions, k, last_live=last_live)
