"""The state of a game, as value types that are never changed once built.

`apply` builds a new `State` for every action, copying only what changes;
the previous state stays valid, which is what makes undo a pointer move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.actions import Action
from companion.engine.cards import Catalogue
from companion.engine.values import value
from companion.engine.words import GOODS, Form, Phase

Counts = dict[str, int]


def empty_counts() -> Counts:
    """A count of 0 for each good."""
    return dict.fromkeys(GOODS, 0)


@value(slots=True)
class PlayerState:
    """One player's coins, track points, cards and cubes."""

    coins: int = 5
    """Coins in hand (the metal coin is not money)."""
    track: int = 0
    """Points on the score track (from fires and adjustments; may be below 0)."""
    cards: tuple[str, ...] = ()
    """Card ids owned, in the order bought."""
    firemen: int = 0
    """The sum of the values of the player's firemen."""
    warehouse: tuple[str, ...] = ()
    """Goods in the warehouse (at most 4)."""
    market: str | None = None
    """The market hall's single keep slot."""
    dock: tuple[str, ...] = ()
    """Cubes unloaded this round (from bought ships and conversions); only during Loading."""
    contracts: Mapping[str, tuple[str, ...]] | None = None
    """For each owned contract, the goods on it."""


@value(slots=True)
class Slot:
    """A card on a water space this round."""

    card: str
    goods: tuple[str, ...] = ()
    """A ship's 3 cubes."""
    workers: tuple[str, ...] = ()
    """Workers above the card, lowest first (tracked form)."""
    outcome: str | None = None
    """None while open; then ``"bought"`` or ``"discarded"``."""
    buyer: str | None = None
    price: int | None = None


@value(slots=True)
class FireResult:
    """One resolved fire."""

    card: str
    points: int
    sums: Mapping[str, int]
    gained: tuple[str, ...]
    lost: tuple[str, ...]
    round: int

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "points": self.points,
            "sums": dict(self.sums),
            "gained": list(self.gained),
            "lost": list(self.lost),
        }


@value(slots=True)
class Income:
    """What one player got at the end of a round, and why."""

    base: int
    no_purchase: int
    bank: int

    @property
    def total(self) -> int:
        return self.base + self.no_purchase + self.bank


@value(slots=True)
class Final:
    """The final scoring."""

    scores: Mapping[str, Mapping[str, int]]
    """Per player: each of `words.SCORE_CATEGORIES` and ``total``."""
    ranking: tuple[str, ...]
    winners: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": {p: dict(s) for p, s in self.scores.items()},
            "ranking": list(self.ranking),
            "winners": list(self.winners),
        }


@value(slots=True, eq=False)
class State:
    """Everything the companion knows about a game at one moment.

    Also carries its own history: `previous` (the state before `last_action`)
    and `redo` (undone actions, latest last), so `undo` and `redo` are
    ordinary actions of the record. Two states are the same game moment when
    their `to_json()` are equal; `==` is identity, since comparing whole
    histories would be costly and is never what is meant.
    """

    catalogue: Catalogue
    """The cards of this game, with `setup.cards` overrides applied."""
    players: tuple[str, ...]
    """Player ids in clockwise seating order."""
    names: Mapping[str, str]
    """Display names by player id."""
    phase: Phase
    round: int
    last_round: bool
    first_player: str
    """Who holds the metal coin."""
    player_states: Mapping[str, PlayerState]
    unseen: Mapping[str, frozenset[str]]
    """Cards not yet revealed, by season (the 4th fire under ``E``)."""
    slots: tuple[Slot, ...]
    form: Form | None
    """How Demand/Purchase is entered this round: tracked, quick or not yet known (None)."""
    placed: int
    """Workers placed this round (tracked form)."""
    settling: int
    """The slot being settled in the Purchase phase."""
    bag: Mapping[str, int]
    stock: Mapping[str, int]
    fires: tuple[FireResult, ...]
    income: Mapping[str, Income] | None
    """The income paid at the end of the previous round."""
    final: Final | None
    previous: State | None = None
    last_action: Action | None = None
    redo: tuple[Action, ...] = ()
    actions: int = 0
    """How many record lines (after setup) led here, undo and redo included."""

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def player(self, player_id: str) -> PlayerState:
        return self.player_states[player_id]

    def pile_size(self) -> int:
        """Cards left in the pile, the 4th fire included."""
        return sum(len(ids) for ids in self.unseen.values())

    def top_season(self) -> str | None:
        """The earliest season (A-D) with an unseen card; None when only the 4th fire is left."""
        for season in ("A", "B", "C", "D"):
            if self.unseen.get(season):
                return season
        return None

    def seat_after(self, player_id: str, steps: int = 1) -> str:
        index = self.players.index(player_id)
        return self.players[(index + steps) % len(self.players)]

    def can_undo(self) -> bool:
        return self.previous is not None

    def to_json(self) -> dict[str, Any]:
        """The state as `docs/record-format.md` ("The state as JSON") specifies it."""
        players: dict[str, Any] = {}
        for pid in self.players:
            ps = self.player_states[pid]
            players[pid] = {
                "coins": ps.coins,
                "track": ps.track,
                "cards": list(ps.cards),
                "firemen": ps.firemen,
                "warehouse": list(ps.warehouse),
                "market": ps.market,
                "dock": list(ps.dock),
                "contracts": {c: list(g) for c, g in (ps.contracts or {}).items()},
            }
        return {
            "phase": self.phase,
            "round": self.round,
            "last_round": self.last_round,
            "first_player": self.first_player,
            "players": players,
            "bag": dict(self.bag),
            "stock": dict(self.stock),
            "fires": [f.to_json() for f in self.fires],
            "final": self.final.to_json() if self.final else None,
        }
