"""Fixtures for the engine tests: the shipped catalogue and a scripted table.

`table(...)` starts a game and returns a `Table`, a small builder that plays
actions the way a person at the real table enters them, so each test reads
as a scenario: reveal the Supply, buy or place, load, end the round, assert.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from companion.config.cards import load_catalogue
from companion.engine import (
    Action,
    Buy,
    Catalogue,
    Discard,
    Done,
    Move,
    Pass,
    Place,
    Reveal,
    RuleError,
    Setup,
    State,
    apply,
    new_game,
)
from companion.engine.cards import GOODS
from companion.paths import SHIPPED_CONFIG_DIR
from tests.engine.refusals import refused

PLAYERS = ("red", "blue", "green", "yellow", "purple")


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    """The shipped catalogue (placeholder values; tests that need a value override it)."""
    return load_catalogue(SHIPPED_CONFIG_DIR)


class Table:
    """A game in progress, played one action at a time."""

    def __init__(self, state: State, setup: Setup) -> None:
        self.state = state
        self.actions: list[Action] = [setup]

    # --- plain actions ---------------------------------------------------------

    def do(self, *actions: Action) -> Table:
        """Apply each action; a refusal fails the test with the engine's message."""
        for action in actions:
            self.state = apply(self.state, action)
            self.actions.append(action)
        return self

    def refuse(self, action: Action, code: str, **params: Any) -> RuleError:
        """Assert `action` is refused with the refusal `code`, the state unchanged.

        Each of `params` must be a parameter of the refusal with that value (the others
        are not checked). The English sentence is not: its wording is messages.py's.
        """
        before = self.state.to_json()
        with pytest.raises(RuleError) as info:
            apply(self.state, action)
        assert self.state.to_json() == before
        refused(info.value, code, **params)
        return info.value

    @property
    def json(self) -> dict[str, Any]:
        return self.state.to_json()

    def player(self, pid: str) -> dict[str, Any]:
        players: dict[str, Any] = self.state.to_json()["players"]
        return dict(players[pid])

    def coins(self) -> dict[str, int]:
        return {p: self.state.player(p).coins for p in self.state.players}

    def track(self) -> dict[str, int]:
        return {p: self.state.player(p).track for p in self.state.players}

    # --- Supply ------------------------------------------------------------------

    def ship_goods(self) -> tuple[str, ...]:
        """Three cubes the bag holds, taken in GOODS order (deterministic)."""
        bag = dict(self.state.bag)
        out: list[str] = []
        for good in GOODS:
            while bag[good] and len(out) < 3:
                bag[good] -= 1
                out.append(good)
        return tuple(out)

    def reveal(self, card: str, goods: Iterable[str] | None = None) -> Table:
        """Reveal one card; a ship without `goods` takes the first 3 the bag holds."""
        if goods is None and self.state.catalogue[card].kind == "ship":
            goods = self.ship_goods()
        return self.do(Reveal(card, tuple(goods) if goods is not None else None))

    def supply(self, *cards: str | tuple[str, tuple[str, ...]], fires_first: bool = False) -> Table:
        """Reveal `cards` in order, then fill the water spaces with any cards of the top season.

        Auto-filled cards avoid fires while the season has another card, so
        fires come out only when asked for or when they are all that is left;
        with `fires_first`, a season's fire comes out as soon as it is on top.
        """
        for card in cards:
            if isinstance(card, tuple):
                self.reveal(card[0], card[1])
            else:
                self.reveal(card)
        while self.state.phase == "supply":
            self.reveal(self.next_card(fires_first))
        return self

    def next_card(self, fires_first: bool = False) -> str:
        season = self.state.top_season()
        assert season is not None, "only the 4th fire is left"
        unseen = sorted(self.state.unseen[season])
        regular = [c for c in unseen if self.state.catalogue[c].kind != "fire"]
        fires = [c for c in unseen if c not in regular]
        if fires_first:
            return (fires or regular)[0]
        return (regular or unseen)[0]

    def slot_of(self, card: str) -> int:
        return [s.card for s in self.state.slots].index(card)

    # --- Demand and Purchase -------------------------------------------------

    def quick(self, buys: dict[str, tuple[str, int]] | None = None) -> Table:
        """Quick form: settle every slot; `buys` maps card id -> (buyer, price)."""
        buys = buys or {}
        for index, slot in enumerate(self.state.slots):
            if slot.card in buys:
                player, price = buys[slot.card]
                self.do(Buy(player, index, price))
            else:
                self.do(Discard(index))
        assert self.state.phase == "loading"
        return self

    def place(self, *cards: str) -> Table:
        """Tracked Demand: one worker per card id, in turn order (the engine checks the turn)."""
        for card in cards:
            turn = self.state.seat_after(self.state.first_player, self.state.placed)
            self.do(Place(turn, self.slot_of(card)))
        return self

    def offer(self) -> tuple[str, int, int]:
        """The current tracked offer: (player, slot, price)."""
        index = self.state.settling
        slot = self.state.slots[index]
        return slot.workers[0], index, len(slot.workers)

    def accept(self) -> Table:
        player, index, _ = self.offer()
        return self.do(Buy(player, index))

    def decline(self) -> Table:
        player, index, _ = self.offer()
        return self.do(Pass(player, index))

    # --- Loading and round end ---------------------------------------------------

    def move(self, player: str, good: str, source: str, to: str) -> Table:
        return self.do(Move(player, good, source, to))

    def done(self) -> Table:
        return self.do(Done())

    def round(
        self,
        *cards: str | tuple[str, tuple[str, ...]],
        buys: dict[str, tuple[str, int]] | None = None,
        fires_first: bool = False,
    ) -> Table:
        """A whole quick round: Supply (with `cards` first), buys, Done."""
        return self.supply(*cards, fires_first=fires_first).quick(buys).done()

    def skip_rounds(self, count: int, fires_first: bool = False) -> Table:
        """Rounds in which nobody buys anything."""
        for _ in range(count):
            self.round(fires_first=fires_first)
        return self

    def play_out(self, fires_first: bool = False) -> Table:
        """Nobody buys anything until the game is over."""
        while self.state.phase != "over":
            if self.state.phase == "supply":
                self.supply(fires_first=fires_first)
            elif self.state.phase in ("demand", "purchase"):
                self.quick()
            else:
                self.done()
        return self


TableFactory = Callable[..., Table]


@pytest.fixture
def table(catalogue: Catalogue) -> TableFactory:
    """`table(players=2, first=None, cards=None, names=None)` starts a game."""

    def start(
        players: int | tuple[str, ...] = 2,
        first: str | None = None,
        cards: dict[str, dict[str, Any]] | None = None,
        names: dict[str, str] | None = None,
        catalogue_: Catalogue | None = None,
    ) -> Table:
        ids = PLAYERS[:players] if isinstance(players, int) else players
        setup = Setup(players=ids, first=first or ids[0], names=names, cards=cards)
        return Table(new_game(setup, catalogue_ or catalogue), setup)

    return start


@pytest.fixture
def loaded(table: TableFactory) -> Callable[[], Table]:
    """`loaded()`: a 2-player game in round 5's Loading (see `_loaded`)."""
    return lambda: _loaded(table)


def _loaded(table: TableFactory) -> Table:
    """2 players in round 5's Loading.

    red owns A-warehouse, A-contract-1 (coffee + tea), A-coffee-roaster and
    B-ship-1 (dock: coffee, tea, saffron); blue owns A-contract-2 (saffron +
    carpet) and B-ship-2 (dock: carpet, carpet, rubber). The stock is empty.
    """
    t = table(2, cards={"A-contract-1": {"goods": ["coffee", "tea"]},
                        "A-contract-2": {"goods": ["saffron", "carpet"]}})
    t.round("A-warehouse", "A-contract-1", "A-coffee-roaster",
            buys={c: ("red", 1) for c in ("A-warehouse", "A-contract-1", "A-coffee-roaster")})
    t.round("A-contract-2", buys={"A-contract-2": ("blue", 1)})
    t.skip_rounds(2)
    t.supply(
        ("B-ship-1", ("coffee", "tea", "saffron")),
        ("B-ship-2", ("carpet", "carpet", "rubber")),
        "B-counting-office",
    )
    t.quick({"B-ship-1": ("red", 1), "B-ship-2": ("blue", 1)})
    assert t.json["stock"] == dict.fromkeys(t.json["stock"], 0)
    return t
