"""The stable Supply: from successive stills to the cards of the row, in row order.

Pure Python (no OpenCV), so it is tested alone. A still gives the cards whose markers
were found, each with its position in the image (`Seen`). `SupplyWatcher.feed` takes one
still at a time and answers what to do:

- **Stable.** A row is read when the same set of cards has been seen in
  `stable_frames` stills in a row. A still that shows *fewer* of the same cards (a hand
  over a card, a reflection) is not a change: it neither resets nor changes the set,
  unless that smaller set itself stays for `stable_frames` stills (a card really taken
  away). A still with a marker not in the set is a change: counting starts again.
- **Row order.** The cards of a read row are sent left to right as the rulebook lays them
  (the water spaces), i.e. along `direction` in the image (the camera may be mounted
  turned; `rotation` 0 means left to right is +x).
- **One Supply at a time.** Cards already sent for this Supply are not sent again. The
  Supply is complete once `size` regular cards (P+1; a fire is resolved and replaced, so
  it does not count) have been sent; a new marker after that is ignored with a note. A
  Supply ends when the row is seen empty, or when none of its cards is left in a row that
  holds other cards (the next round's reveal).
- **The app decides.** A card already seen in the game, bought or out of the game is
  sent like any other: the app refuses it as it refuses a reader's scan.

Without a `size` (the player count unknown), every new card is sent and the app refuses
those past the Supply's P+1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

#: Stills a set must be seen in before it is read (at about one still a second: 3 s).
STABLE_FRAMES = 3


@dataclass(frozen=True)
class Seen:
    """A card found in a still: its id and the centre of its marker (pixels)."""

    card_id: str
    x: float
    y: float


@dataclass(frozen=True)
class Read:
    """Send these cards to the app, in this order (row order)."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class Note:
    """Something the camera ignored, for its log (never a card for the app)."""

    text: str


Event = Read | Note


def is_regular(card_id: str) -> bool:
    """A card that takes a water space (a fire is resolved, discarded and replaced)."""
    return not card_id.endswith("-fire")


def _along(rotation: int) -> Callable[[Seen], tuple[float, float]]:
    """The sort key of row order for a camera turned `rotation` degrees (0, 90, 180, 270)."""
    keys: dict[int, Callable[[Seen], tuple[float, float]]] = {
        0: lambda s: (s.x, s.y),
        90: lambda s: (s.y, -s.x),
        180: lambda s: (-s.x, -s.y),
        270: lambda s: (-s.y, s.x),
    }
    if rotation not in keys:
        raise ValueError(f"rotation must be 0, 90, 180 or 270, not {rotation!r}")
    return keys[rotation]


def row_order(seen: Iterable[Seen], rotation: int = 0) -> list[str]:
    """The card ids of `seen` left to right along the row (one entry per card)."""
    key = _along(rotation)
    first: dict[str, Seen] = {}
    for s in seen:
        first.setdefault(s.card_id, s)
    return [s.card_id for s in sorted(first.values(), key=key)]


class SupplyWatcher:
    """Reads the Supply's row from successive stills; see the module's description."""

    def __init__(self, size: int | None = None, *, stable_frames: int = STABLE_FRAMES,
                 rotation: int = 0, regular: Callable[[str], bool] = is_regular) -> None:
        if size is not None and size < 1:
            raise ValueError(f"a Supply holds at least one card, not {size}")
        if stable_frames < 1:
            raise ValueError(f"stable_frames must be at least 1, not {stable_frames}")
        self.size = size
        self.stable_frames = stable_frames
        self._key = _along(rotation)
        self._regular = regular
        #: The set believed on the table, how many stills support it, whether it was read.
        self._row: frozenset[str] | None = None
        self._count = 0
        self._acted = False
        #: A smaller set seen since (a hand, or a card taken away) and its stills in a row.
        self._fewer: frozenset[str] | None = None
        self._fewer_count = 0
        #: The cards sent for the current Supply, in the order sent.
        self.supply: list[str] = []
        #: New cards ignored in the current Supply (noted once each).
        self._ignored: set[str] = set()

    @property
    def complete(self) -> bool:
        """True once the current Supply's `size` regular cards have been sent."""
        return self.size is not None and self._regular_sent() >= self.size

    def _regular_sent(self) -> int:
        return sum(1 for c in self.supply if self._regular(c))

    def feed(self, seen: Iterable[Seen]) -> list[Event]:
        """One still's cards; what to do now (usually nothing)."""
        positions: dict[str, Seen] = {}
        for s in seen:
            positions.setdefault(s.card_id, s)
        now = frozenset(positions)
        if self._row is not None and now == self._row:
            self._count += 1
            self._fewer, self._fewer_count = None, 0
        elif self._row is not None and now < self._row:
            # Fewer of the same cards: a hand over a card is not a change...
            if now == self._fewer:
                self._fewer_count += 1
            else:
                self._fewer, self._fewer_count = now, 1
            if self._fewer_count < self.stable_frames:
                return []
            # ... unless it stays: a card was taken away.
            self._row, self._count, self._acted = now, self._fewer_count, False
            self._fewer, self._fewer_count = None, 0
        else:
            self._row, self._count, self._acted = now, 1, False
            self._fewer, self._fewer_count = None, 0
        if self._acted or self._count < self.stable_frames:
            return []
        self._acted = True
        return self._read(sorted(positions.values(), key=self._key))

    def _read(self, row: list[Seen]) -> list[Event]:
        ids = [s.card_id for s in row]
        if not ids:
            self._new_supply()
            return []
        if self.supply and not set(ids) & set(self.supply):
            self._new_supply()  # the row was cleared and dealt again while unseen
        sent = set(self.supply)
        new = [c for c in ids if c not in sent and c not in self._ignored]
        events: list[Event] = []
        take: list[str] = []
        room = None if self.size is None else self.size - self._regular_sent()
        for card in new:
            if not self._regular(card) or room is None or room > 0:
                take.append(card)
                if self._regular(card) and room is not None:
                    room -= 1
                continue
            self._ignored.add(card)
            events.append(Note(f"{card}: a new marker after the Supply was complete "
                               f"({self.size} cards); ignored"))
        if take:
            self.supply += take
            events.insert(0, Read(tuple(take)))
        return events

    def _new_supply(self) -> None:
        self.supply = []
        self._ignored = set()
