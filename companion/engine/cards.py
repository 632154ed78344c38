"""Cards, goods and the catalogue, as value types.

The engine never hard-codes a printed value: fire points, fireman values and
contract goods come from the catalogue (plain data, loaded by
`companion.config.cards`) and may be overridden per game by `setup.cards`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.engine.errors import RuleError
from companion.engine.messages import SEASON_NAMES as SEASON_NAMES
from companion.engine.values import field, replace, value
from companion.engine.words import GOODS, KINDS, PRINTED, PRINTED_FIELD, Kind

SEASONS: tuple[str, ...] = ("A", "B", "C", "D", "E")
#: How many cards of each season the catalogue holds (docs/cards.md).
SEASON_COUNTS: dict[str, int] = {"A": 12, "B": 13, "C": 13, "D": 15, "E": 1}

#: Points of a completed contract by its size (number of goods).
CONTRACT_POINTS: dict[int, int] = {2: 5, 3: 8, 4: 11}
#: Points for owning 1, 2, 3 or 4 counting offices.
COUNTING_OFFICE_POINTS: tuple[int, ...] = (0, 2, 5, 9, 14)
FIREMAN_VALUES = range(PRINTED[Kind.FIREMAN].low, PRINTED[Kind.FIREMAN].high + 1)
FIRE_POINTS = range(PRINTED[Kind.FIRE].low, PRINTED[Kind.FIRE].high + 1)
#: The id of the 4th fire, which is never revealed by the table.
FOURTH_FIRE = "E-fire"


@value(slots=True)
class Card:
    """One trade card of the catalogue."""

    id: str
    """The id used in records, tags and tests, e.g. ``B-ship-3``."""
    kind: Kind
    season: str
    """``A`` (Winter) to ``D`` (Autumn), or ``E`` for the 4th fire."""
    good: str | None = None
    """The good a merchant buys."""
    points: int | None = None
    """A fire's points."""
    value: int | None = None
    """A fireman's value, 1-5."""
    goods: tuple[str, ...] = ()
    """A contract's goods (2, 3 or 4 symbols)."""
    removed_for: frozenset[int] = frozenset()
    """Player counts for which the card is taken out at setup."""
    unverified: frozenset[str] = frozenset()
    """Printed values that are placeholders, not confirmed against a real card."""

    @property
    def contract_points(self) -> int:
        """Points of this contract when complete."""
        return CONTRACT_POINTS[len(self.goods)]


def _bad(card_id: str, code: str, **params: Any) -> RuleError:
    return RuleError(code, card=card_id, **params)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_printed(card_id: str, kind: str, name: str, value: Any) -> Any:
    """Validate one printed value; return it in the engine's form (goods as a tuple)."""
    printed = PRINTED.get(kind)
    if printed is None:
        raise _bad(card_id, "card_no_printed", card_kind=kind, field=name)
    if printed.field != name:
        raise _bad(
            card_id, "card_other_printed", card_kind=kind, expected=printed.field, field=name
        )
    low, high = printed.low, printed.high
    if printed.kind == Kind.FIRE:
        if not _int(value) or not printed.allows(value):
            raise _bad(card_id, "card_fire_points", low=low, high=high, given=repr(value))
        return value
    if printed.kind == Kind.FIREMAN:
        if not _int(value) or not printed.allows(value):
            raise _bad(card_id, "card_fireman_value", low=low, high=high, given=repr(value))
        return value
    if (
        not isinstance(value, list | tuple)
        or not printed.allows(len(value))
        or any(g not in GOODS for g in value)
    ):
        raise _bad(
            card_id, "card_contract_goods", low=low, high=high, goods=list(GOODS),
            given=repr(value),
        )
    return tuple(value)


def card_from_data(data: Mapping[str, Any]) -> Card:
    """A `Card` from a plain dict (keys as in config/cards.yaml, values already unwrapped)."""
    card_id = data.get("id")
    if not isinstance(card_id, str) or not card_id:
        raise RuleError("card_no_id", given=repr(card_id))
    kind = data.get("kind")
    if kind not in KINDS:
        raise _bad(card_id, "card_unknown_kind", given=repr(kind))
    season = data.get("season")
    if season not in SEASONS:
        raise _bad(card_id, "card_unknown_season", given=repr(season))
    fields: dict[str, Any] = {}
    if kind == Kind.MERCHANT:
        if data.get("good") not in GOODS:
            raise _bad(card_id, "card_merchant_good", goods=list(GOODS))
        fields["good"] = data["good"]
    printed = PRINTED_FIELD.get(str(kind))
    if printed is not None:
        if printed not in data:
            raise _bad(card_id, "card_needs_printed", card_kind=kind, field=printed)
        fields[printed] = check_printed(card_id, str(kind), printed, data[printed])
    removed = data.get("removed_for", ())
    if not isinstance(removed, list | tuple | set | frozenset) or any(
        not _int(n) or not 2 <= n <= 5 for n in removed
    ):
        raise _bad(card_id, "card_removed_for")
    unverified = data.get("unverified", ())
    return Card(
        id=card_id,
        kind=Kind(kind),
        season=str(season),
        removed_for=frozenset(removed),
        unverified=frozenset(unverified),
        **fields,
    )


@value
class Catalogue:
    """All 54 cards by id, in catalogue order."""

    cards: Mapping[str, Card] = field(default_factory=dict)

    @classmethod
    def from_data(cls, records: Iterable[Mapping[str, Any]]) -> Catalogue:
        """Build and check a catalogue: unique ids, the counts per season, one 4th fire."""
        cards: dict[str, Card] = {}
        for data in records:
            card = card_from_data(data)
            if card.id in cards:
                raise _bad(card.id, "card_twice")
            cards[card.id] = card
        counts = {season: 0 for season in SEASONS}
        for card in cards.values():
            counts[card.season] += 1
        for season, expected in SEASON_COUNTS.items():
            if counts[season] != expected:
                raise RuleError(
                    "catalogue_season_count", count=counts[season], season=season,
                    expected=expected,
                )
        fourth = cards.get(FOURTH_FIRE)
        if fourth is None or fourth.kind != Kind.FIRE:
            raise RuleError("catalogue_no_fourth_fire", card=FOURTH_FIRE)
        return cls(cards)

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __iter__(self) -> Any:
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def deck_for(self, player_count: int) -> tuple[str, ...]:
        """The ids in play for `player_count` players (the setup removals taken out)."""
        return tuple(c.id for c in self.cards.values() if player_count not in c.removed_for)

    def with_overrides(self, overrides: Mapping[str, Mapping[str, Any]]) -> Catalogue:
        """A copy with printed values replaced (`setup.cards` or the owner's file)."""
        cards = dict(self.cards)
        for card_id, values in overrides.items():
            card = cards.get(card_id)
            if card is None:
                raise RuleError("override_unknown_card", card=card_id)
            if not isinstance(values, Mapping) or not values:
                raise _bad(card_id, "card_override_form")
            changes: dict[str, Any] = {}
            # Record format 2 pins placeholders too, as {"points": 2, "verified": false}.
            verified = values.get("verified", True)
            if not isinstance(verified, bool):
                raise _bad(card_id, "card_bad_verified")
            for name, given in values.items():
                if name != "verified":
                    changes[name] = check_printed(card_id, card.kind, str(name), given)
            if not changes:
                raise _bad(card_id, "card_override_form")
            unverified = (
                card.unverified - set(changes) if verified else card.unverified | set(changes)
            )
            cards[card_id] = replace(card, unverified=unverified, **changes)
        return Catalogue(cards)
