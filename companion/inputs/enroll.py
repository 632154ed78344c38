"""Enrolling the deck: bind each card's tag and confirm its printed values.

`EnrollSession` is the core that the `enroll` command (and an enroll screen)
drive: it walks through the cards, binds the next scanned tag to the current
card, and records the owner's answer for each printed value nobody has
confirmed yet (fire points, fireman values, contract goods; see cards.md).

It works on plain data: the card dicts of the catalogue loader (`id`, `kind`,
`season`, the printed value, and `verified` per printed value), a `TagMap`,
and a `save_value(card_id, field, value)` callable that writes the owner's
override (the command passes the catalogue's `save_override`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.errors import CompanionError
from companion.inputs.tagmap import TagMap

#: The printed value each kind of card carries, and the goods and ranges: the engine's
#: (engine/words.py), repeated because the inputs never import the engine;
#: tests/config/test_words.py checks that they agree.
PRINTED_FIELD = {"fire": "points", "fireman": "value", "contract": "goods"}
GOODS = ("coffee", "tea", "saffron", "rubber", "carpet")
FIREMAN_VALUES = range(1, 6)
FIRE_POINTS = range(0, 100)


class BadValue(CompanionError, ValueError):
    """An answer that is not a valid printed value; the message says what is."""


def parse_value(field: str, text: str) -> Any:
    """The owner's typed answer for a printed value, checked.

    Fireman value: a whole number 1-5. Fire points: a whole number. Contract
    goods: 2 to 4 goods, by name or by an unambiguous start (`co` coffee,
    `ca` carpet, `t`, `s`, `r`), separated by spaces, commas or `+`.
    """
    text = text.strip()
    if field in ("value", "points"):
        allowed = FIREMAN_VALUES if field == "value" else FIRE_POINTS
        if not text.isdigit() or int(text) not in allowed:
            what = "a fireman's value is 1-5" if field == "value" else "fire points: 0-99"
            raise BadValue(f"{what}, not {text!r}")
        return int(text)
    if field == "goods":
        words = [w for w in text.replace(",", " ").replace("+", " ").lower().split() if w]
        goods = []
        for word in words:
            matches = [g for g in GOODS if g.startswith(word)]
            if len(matches) != 1:
                raise BadValue(f"{word!r} is not one of {', '.join(GOODS)}")
            goods.append(matches[0])
        if not 2 <= len(goods) <= 4:
            raise BadValue("a contract lists 2 to 4 goods")
        return goods
    raise BadValue(f"no printed value called {field!r}")


def show_value(field: str, value: Any) -> str:
    """A printed value as the owner reads it."""
    if field == "goods":
        return " + ".join(value)
    return str(value)


def describe(card: dict[str, Any]) -> str:
    """`A-contract-1 (contract, season A)`."""
    kind = str(card.get("kind", "card")).replace("_", " ")
    return f"{card['id']} ({kind}, season {card.get('season', '?')})"


class EnrollSession:
    """A walk through the deck, one card at a time.

    `next_card()` is the card to handle (None when the walk is over);
    `bind(tag)` gives it a tag; `unverified()` lists its printed values to
    confirm, each answered with `confirm(field, value)` or left alone;
    `skip()` (or `advance()`, the same) moves to the next card.
    """

    def __init__(
        self,
        cards: Sequence[dict[str, Any]],
        tagmap: TagMap,
        *,
        save_value: Callable[[str, str, Any], None] | None = None,
        every_card: bool = False,
    ) -> None:
        """Walk `cards` in order; without `every_card`, only those lacking a tag or
        with an unverified printed value."""
        self.tagmap = tagmap
        self.save_value = save_value
        self._all_cards = list(cards)
        #: True when the walk covers every card (asking again for tags already bound).
        self.every_card = every_card
        self.cards = [card for card in cards if every_card or self._needs_work(card)]
        self.index = 0
        self.bound: list[str] = []
        self.confirmed: list[tuple[str, str]] = []

    def _needs_work(self, card: dict[str, Any]) -> bool:
        return self.tagmap.tag_of(card["id"]) is None or bool(self._unverified(card))

    @staticmethod
    def _unverified(card: dict[str, Any]) -> list[str]:
        field = PRINTED_FIELD.get(card.get("kind", ""))
        if field is None or field not in card:
            return []
        return [] if card.get("verified", {}).get(field, False) else [field]

    @property
    def total(self) -> int:
        """How many cards the walk covers."""
        return len(self.cards)

    def next_card(self) -> dict[str, Any] | None:
        """The current card, or None when every card was handled."""
        return self.cards[self.index] if self.index < len(self.cards) else None

    def _current(self) -> dict[str, Any]:
        card = self.next_card()
        if card is None:
            raise CompanionError("every card is enrolled; nothing left to do")
        return card

    def tag(self) -> str | None:
        """The tag the current card has now (None if it has none)."""
        return self.tagmap.tag_of(self._current()["id"])

    def bind(self, tag: str) -> str:
        """Bind `tag` to the current card; returns the canonical tag.

        Raises `TagInUse` when the tag belongs to another card (the walk
        stays on this card: scan another tag or skip) and `TagError` when
        `tag` is not a tag.
        """
        card = self._current()
        canonical = self.tagmap.bind(tag, card["id"])
        self.bound.append(card["id"])
        return canonical

    def unverified(self) -> list[tuple[str, Any]]:
        """The current card's printed values still to confirm: (field, value shown)."""
        card = self._current()
        return [(field, card[field]) for field in self._unverified(card)]

    def confirm(self, field: str, value: Any | None = None) -> Any:
        """The owner read `field` on the current card: `value` (None: the shown value is right).

        Saves the value as verified and returns it. `value` may be the typed
        text; it is parsed and checked with `parse_value`.
        """
        card = self._current()
        if field not in card:
            raise CompanionError(f"{card['id']} has no printed {field}")
        if value is None:
            value = card[field]
        elif isinstance(value, str):
            value = parse_value(field, value)
        if self.save_value is not None:
            self.save_value(card["id"], field, value)
        card[field] = tuple(value) if isinstance(value, list) else value
        card.setdefault("verified", {})[field] = True
        self.confirmed.append((card["id"], field))
        return value

    def go_to(self, card_id: str) -> dict[str, Any]:
        """Make `card_id` the current card (e.g. an unknown tag was scanned and the
        owner picked its card); it joins the walk if it was not in it."""
        for index, card in enumerate(self.cards):
            if card["id"] == card_id:
                self.index = index
                return card
        for card in self._all_cards:
            if card["id"] == card_id:
                self.cards.insert(self.index, card)
                return card
        raise CompanionError(f"no card {card_id!r} in the catalogue")

    def skip(self) -> dict[str, Any] | None:
        """Leave the current card as it is and go to the next; returns it (None at the end)."""
        if self.index < len(self.cards):
            self.index += 1
        return self.next_card()

    advance = skip
