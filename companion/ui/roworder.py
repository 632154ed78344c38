"""The order of a Supply's row while the table is busy: cards that must wait their turn.

A camera reads the whole row at once, and a scanner's cards can come while a ship's goods
are asked: a card that comes then waits here, and so does every card the camera read
right of a place it could not read (`gap`), so that the row keeps its order and no ship
is lost to the card after it. `SupplyScene` asks what comes next once the ship is
recorded or the place's card tapped. Plain data, no pygame: tests/ui/test_roworder.py.
"""

from __future__ import annotations


class RowOrder:
    """The cards (ids) and the unread places (numbers from 1) waiting, in the row's order,
    and the unread place the table is asked to tap now."""

    def __init__(self) -> None:
        self.waiting: list[str | int] = []
        self.gap: int | None = None

    def busy(self) -> bool:
        """Whether something of the row waits (an unread place, or cards after it)."""
        return self.gap is not None or bool(self.waiting)

    def unread(self, place: int, busy: bool) -> bool:
        """The camera could not read `place`: True when the table is asked to tap it now
        (nothing else waits, the table is not `busy`), else it waits its turn."""
        if self.gap is None and not busy and not self.waiting:
            self.gap = place
            return True
        if place != self.gap and place not in self.waiting:
            self.waiting.append(place)
        return False

    def holds(self, card: str, busy: bool) -> bool:
        """A card from the camera: True when it waits (behind the unread place, or behind
        cards that wait while the table is not `busy`), else it is picked now."""
        if self.gap is None and not (self.waiting and not busy):
            return False
        self.add(card)
        return True

    def add(self, card: str) -> None:
        """`card` waits its turn (once)."""
        if card not in self.waiting:
            self.waiting.append(card)

    def place(self) -> int | None:
        """The unread place the waiting cards are behind."""
        return self.gap if self.gap is not None else next(
            (p for p in self.waiting if isinstance(p, int)), None)

    def next(self) -> str | int | None:
        """The next of the row once the table is free again: a card to pick, or an unread
        place (then asked for: `gap`), or None."""
        if not self.waiting:
            return None
        got = self.waiting.pop(0)
        if isinstance(got, int):
            self.gap = got
        return got

    def after(self, free: bool) -> str | int | list[str | int] | None:
        """What follows once the table is done with a card (the unread place's, where
        one was asked: `gap` no more): `next`; where the table is not `free` (a question
        opened over Supply, or no more reveals), a card cannot follow by itself: then
        every card and place that waits, dropped (`drop`) to be said."""
        self.gap = None
        got = self.next()
        return [got, *self.drop()] if isinstance(got, str) and not free else got

    def drop(self) -> list[str | int]:
        """Everything that waits, in the row's order, no longer waiting: the table is
        told them all at once (a question opened over Supply: they cannot follow its
        answer by themselves), none left behind without a word."""
        dropped = list(self.waiting)
        self.clear()
        return dropped

    def clear(self) -> None:
        self.waiting.clear()
        self.gap = None
