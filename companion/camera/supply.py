"""The Supply from successive stills: which cards lie at rest in the Supply area, in row order.

Pure Python (no OpenCV), so it is tested alone. The detector turns a still into a `Look`:
the card markers it decoded (`Seen`, each with its centre and side in pixels), the area
markers (`companion.labelcodes.AREA_MARKERS`), the card-like places it could not decode
and how sharp and how contrasted the markers it found are. `SupplyWatcher.feed` takes one
`Look` at a time and answers what to do:

- **The area.** Four markers no card uses mark the corners of the Supply's row (printed by
  `labels`). Only a card whose marker centre lies inside their quadrilateral, as the photo
  shows it (perspective keeps straight lines straight, so "inside" in the photo is
  "inside" on the table), is a Supply card; one outside (a player's own cards) is noted as
  outside and never sent. Without the area markers nothing is sent: a `Status` says how to
  place them. Once all four were seen, a still that shows at least two of them where they
  were keeps the area (a hand over a corner); one that shows fewer is a bad still.
- **Bad stills.** A still whose markers are too blurred (`MIN_SHARPNESS`) or too dark
  (`MIN_CONTRAST`), or that hides the area, is dropped: it is never "fewer cards".
- **At rest, in enough stills.** A card is sent once its last `stable_frames` sightings
  lie at one place (within `REST_SHARE` of its marker's side) and within the last
  `window` good stills (`stable_frames` + `COMBINE_GAP`): a card moving in a hand over the
  row is never at rest, and one seen in a still now and then is not sent.
- **Frames combined.** A card decoded in any of the last `window` good stills at its place
  is still there: a hand or a reflection over it does not take it away.
- **Unread places.** A card-like place inside the area that no marker was decoded at, at
  rest like a card, is reported as an `Unread` place (its place in the row, from the
  left), in row order among the cards; the table taps that card. A card decoded later at
  a place reported unread is not sent (the table taps it; a note says so).
- **Row order.** Cards are sent along the area's top edge, from its top-left marker to
  its top-right one (the rulebook's water spaces, left to right), whatever way the camera
  is turned.
- **One Supply at a time.** A card is sent once per Supply. With a `size` (P+1; a fire is
  resolved and replaced, so it does not count) the Supply is complete once `size` places
  were sent or reported unread. The next Supply starts when the area has been seen empty
  in `stable_frames` good stills, or, once the Supply is complete (or none of its cards is
  left), when a new card comes to rest: the earlier Supply's cards still lying there are
  leftovers and never keep the next Supply from being read (nor are they sent again).
- **The app decides.** A card already seen in the game, bought or out of the game is sent
  like any other: the app refuses it as it refuses a reader's scan.

Without a `size` (the player count unknown), every new card is sent and the app refuses
those past the Supply's P+1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from companion.labelcodes import AREA_CORNERS, AREA_MARKERS

#: Sightings at one place a card needs before it is sent (at a still a second: 3 s).
STABLE_FRAMES = 3
#: Good stills a card may be missed in among its last sightings (a hand, a reflection).
COMBINE_GAP = 2
#: How far (a share of its marker's side) a card may seem to move and still be at rest.
REST_SHARE = 0.25
#: The least sharpness of the markers found (their steepest edge over their contrast;
#: 1 is a step of one pixel): below it a still is too blurred to read and is dropped.
MIN_SHARPNESS = 0.14
#: The least contrast (grey levels between a marker's black and its white): below it a
#: still is too dark (or washed out) and is dropped.
MIN_CONTRAST = 30.0
#: Bad stills in a row before the camera says so in its status.
BAD_RUN = 5
#: How the table places the area markers (said when none is in view).
PLACE_AREA = ("no Supply area in view: print the area markers with `labels --out DIR` "
              "(the page 'Supply area') and lay them at the four corners of the row of "
              "water spaces, top left to bottom left as their labels say, where the "
              "camera sees all four; until then no card is sent")


@dataclass(frozen=True)
class Seen:
    """A card found in a still: its id, the centre of its marker and its side (pixels)."""

    card_id: str
    x: float
    y: float
    side: float = 0.0


@dataclass(frozen=True)
class Spot:
    """A card-like place without a decoded marker: its centre and side (pixels)."""

    x: float
    y: float
    side: float = 0.0


@dataclass(frozen=True)
class Look:
    """What the detector found in one still."""

    cards: tuple[Seen, ...] = ()
    #: The area markers found: (marker id, x, y) of each.
    area: tuple[tuple[int, float, float], ...] = ()
    unread: tuple[Spot, ...] = ()
    #: The median sharpness of the markers found (None: no marker to measure).
    sharpness: float | None = None
    #: The median contrast of the markers found, grey levels (None: no marker).
    contrast: float | None = None


@dataclass(frozen=True)
class Read:
    """Send these cards to the app, in this order (row order)."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class Unread:
    """A place of the row (1: the leftmost of this Supply) holds a card no marker was read
    at: the table taps it."""

    place: int


@dataclass(frozen=True)
class Note:
    """Something the camera ignored, for its log (never a card for the app)."""

    text: str


@dataclass(frozen=True)
class Status:
    """The camera's own state changed (no area, bad stills, reading again)."""

    ok: bool
    text: str


Event = Read | Unread | Note | Status


def is_regular(card_id: str) -> bool:
    """A card that takes a water space (a fire is resolved, discarded and replaced)."""
    return not card_id.endswith("-fire")


def _solve(a: list[list[float]], b: list[float]) -> list[float] | None:
    """x of a·x = b (Gaussian elimination with partial pivoting); None when singular."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


class Area:
    """The Supply area: the quadrilateral of the four area markers' centres in the photo
    (top left, top right, bottom right, bottom left), and where a point lies in it."""

    def __init__(self, corners: list[tuple[float, float]]) -> None:
        if len(corners) != 4:
            raise ValueError("an area has four corners")
        self.corners = [(float(x), float(y)) for x, y in corners]
        if not self.convex():
            raise ValueError("the area markers are not at the corners of a row (is one "
                             "laid at the wrong corner?)")
        # The homography from the photo to the unit square (u along the row, v across).
        rows: list[list[float]] = []
        rhs: list[float] = []
        for (x, y), (u, v) in zip(self.corners, ((0, 0), (1, 0), (1, 1), (0, 1)), strict=True):
            rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
            rhs.append(u)
            rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
            rhs.append(v)
        h = _solve(rows, rhs)
        if h is None:
            raise ValueError("the area markers lie on one line")
        self._h = [*h, 1.0]

    def convex(self) -> bool:
        """True when the corners, in order, make a convex quadrilateral (no corner swapped)."""
        signs = []
        for i in range(4):
            (x0, y0), (x1, y1), (x2, y2) = (self.corners[i], self.corners[(i + 1) % 4],
                                            self.corners[(i + 2) % 4])
            signs.append((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1))
        return all(s > 0 for s in signs) or all(s < 0 for s in signs)

    def uv(self, x: float, y: float) -> tuple[float, float]:
        """The point's place in the area: u from left (0) to right (1), v from top to bottom."""
        h = self._h
        w = h[6] * x + h[7] * y + h[8]
        return ((h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w)

    def contains(self, x: float, y: float) -> bool:
        u, v = self.uv(x, y)
        return 0.0 <= u <= 1.0 and 0.0 <= v <= 1.0

    def near(self, corners: dict[int, tuple[float, float]], tolerance: float) -> bool:
        """True when every corner in `corners` (marker id: centre) is where this area's is."""
        return all(_dist(self.corners[AREA_MARKERS.index(m)], p) <= tolerance
                   for m, p in corners.items())


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


@dataclass
class _Track:
    """Where a card (or an unread place) was seen: (good still number, x, y) sightings."""

    sightings: list[tuple[int, float, float]] = field(default_factory=list)
    side: float = 0.0

    @property
    def last(self) -> tuple[int, float, float]:
        return self.sightings[-1]

    def tolerance(self) -> float:
        return max(3.0, REST_SHARE * self.side) if self.side else 10.0


def split(look: Look, area: Area | None) -> tuple[list[Seen], list[Seen]]:
    """The cards of `look` inside the area and outside it (all outside without an area);
    a card found twice counts once, at its first place."""
    inside: list[Seen] = []
    outside: list[Seen] = []
    known: set[str] = set()
    for s in look.cards:
        if s.card_id in known:
            continue
        known.add(s.card_id)
        (inside if area is not None and area.contains(s.x, s.y) else outside).append(s)
    return inside, outside


def area_of(look: Look) -> Area | None:
    """The area `look`'s four area markers make; None without all four or when they are
    not at the corners of a row (`ValueError`'s text is then in `area_problem`)."""
    found = {m: (x, y) for m, x, y in look.area}
    if len(found) < 4:
        return None
    try:
        return Area([found[m] for m in AREA_MARKERS])
    except ValueError:
        return None


def area_problem(look: Look) -> str:
    """What is wrong with the area in `look`, for a person ("" when it is fine)."""
    found = {m for m, _x, _y in look.area}
    if not found:
        return PLACE_AREA
    missing = [AREA_CORNERS[i] for i, m in enumerate(AREA_MARKERS) if m not in found]
    if missing:
        return (f"the Supply area's {', '.join(missing)} marker(s) not in view: the camera "
                "must see all four corners of the row")
    if area_of(look) is None:
        return ("the Supply area's markers are not at the corners of a row: lay each at the "
                "corner its label names (top left, top right, bottom right, bottom left)")
    return ""


class SupplyWatcher:
    """Reads the Supply's row from successive stills; see the module's description."""

    def __init__(self, size: int | None = None, *, stable_frames: int = STABLE_FRAMES,
                 combine_gap: int = COMBINE_GAP,
                 regular: Callable[[str], bool] = is_regular) -> None:
        if size is not None and size < 1:
            raise ValueError(f"a Supply holds at least one card, not {size}")
        if stable_frames < 1:
            raise ValueError(f"stable_frames must be at least 1, not {stable_frames}")
        if combine_gap < 0:
            raise ValueError(f"combine_gap must be 0 or more, not {combine_gap}")
        self.size = size
        self.stable_frames = stable_frames
        #: The good stills a card's sightings (and a combined sighting) reach back over.
        self.window = stable_frames + combine_gap
        self._regular = regular
        self.area: Area | None = None
        #: Good stills so far, bad stills in a row, and the status last said.
        self.good = 0
        self.bad_run = 0
        self._said: Status | None = None
        self._cards: dict[str, _Track] = {}
        self._spots: list[_Track] = []
        #: Good stills in a row that showed the area empty.
        self._empty = 0
        #: The cards sent for the current Supply, in the order sent.
        self.supply: list[str] = []
        #: Where the current Supply's unread places were reported (track objects).
        self._gaps: list[_Track] = []
        #: Cards of earlier Supplies still lying in the area (never sent again).
        self.leftover: set[str] = set()
        #: Cards ignored in the current Supply, and cards noted as outside (once each).
        self._ignored: set[str] = set()
        self._outside: set[str] = set()
        #: Since which good still a card (or an unread place's track) has been held back.
        self._held: dict[object, int] = {}

    @property
    def complete(self) -> bool:
        """True once the current Supply's `size` regular places were sent or reported."""
        return self.size is not None and self._taken() >= self.size

    def _taken(self) -> int:
        return sum(1 for c in self.supply if self._regular(c)) + len(self._gaps)

    # -- one still ---------------------------------------------------------------------

    def feed(self, look: Look) -> list[Event]:
        """One still; what to do now (usually nothing)."""
        events: list[Event] = []
        area = self._area(look, events)
        if area is None:
            return events
        problem = self._bad_still(look)
        if problem:
            self.bad_run += 1
            if self.bad_run >= BAD_RUN:
                self._say(False, problem, events)
            return events
        self.bad_run = 0
        self._say(True, "reading the Supply area", events)
        self.good += 1
        inside, outside = split(look, area)
        for s in outside:
            if s.card_id not in self._outside:
                self._outside.add(s.card_id)
                events.append(Note(f"{s.card_id}: outside the Supply area; not sent"))
        self._track(inside, look.unread, area)
        return events + self._decide(area)

    def _say(self, ok: bool, text: str, events: list[Event]) -> None:
        status = Status(ok, text)
        if status != self._said and (not ok or self._said is not None):
            events.append(status)
        if status != self._said:
            self._said = status

    def _area(self, look: Look, events: list[Event]) -> Area | None:
        """The area for this still, or None (the still is dropped; a status when due)."""
        found = {m: (x, y) for m, x, y in look.area}
        whole = area_of(look)
        side = max((s.side for s in look.cards), default=0.0)
        tolerance = max(8.0, 0.5 * side)
        if whole is not None:
            if self.area is None or not self.area.near(found, tolerance):
                if self.area is not None:  # the camera (or the area) moved: start afresh
                    self._cards.clear()
                    self._spots.clear()
                self.area = whole
            return self.area
        if self.area is not None and len(found) >= 2 and self.area.near(found, tolerance):
            return self.area  # a hand over a corner: the area is where it was
        if self.area is None:
            self._say(False, area_problem(look) or PLACE_AREA, events)
            return None
        self.bad_run += 1
        if self.bad_run >= BAD_RUN:
            self._say(False, area_problem(look) or PLACE_AREA, events)
        return None

    def _bad_still(self, look: Look) -> str:
        if look.sharpness is not None and look.sharpness < MIN_SHARPNESS:
            return ("the stills are blurred: check the focus (--lens-position) and that the "
                    "mount does not sway")
        if look.contrast is not None and look.contrast < MIN_CONTRAST:
            return "the stills are too dark (or washed out): more even light on the table"
        return ""

    def _track(self, inside: list[Seen], spots: Iterable[Spot], area: Area) -> None:
        g = self.good
        for s in inside:
            track = self._cards.setdefault(s.card_id, _Track())
            track.sightings.append((g, s.x, s.y))
            track.side = s.side or track.side
            del track.sightings[:-self.window]
        for spot in spots:
            if not area.contains(spot.x, spot.y):
                continue
            if any(_dist((t.last[1], t.last[2]), (spot.x, spot.y)) <= max(
                    t.tolerance(), 0.7 * (t.side or spot.side)) for t in self._cards.values()
                   if self._present(t)):
                continue  # a card decoded here in one of the last stills (combined)
            match = next((t for t in self._spots if _dist((t.last[1], t.last[2]),
                                                          (spot.x, spot.y)) <= t.tolerance()),
                         None)
            if match is None:
                match = _Track(side=spot.side)
                self._spots.append(match)
            if match.last[0] != g if match.sightings else True:
                match.sightings.append((g, spot.x, spot.y))
                del match.sightings[:-self.window]
        # Forget what has not been seen for a while (a window of good stills).
        for card, track in list(self._cards.items()):
            if track.last[0] <= g - 2 * self.window:
                del self._cards[card]
        self._spots = [t for t in self._spots if t.last[0] > g - 2 * self.window]

    def _present(self, track: _Track) -> bool:
        """Seen in one of the last `window` good stills (frames combined)."""
        return track.last[0] > self.good - self.window

    def _at_rest(self, track: _Track) -> bool:
        """Its last `stable_frames` sightings at one place, within the last `window` stills."""
        if len(track.sightings) < self.stable_frames or not self._present(track):
            return False
        last = track.sightings[-self.stable_frames:]
        if last[0][0] <= self.good - self.window:
            return False
        _g, x, y = last[-1]
        return all(_dist((sx, sy), (x, y)) <= track.tolerance() for _sg, sx, sy in last)

    def _decide(self, area: Area) -> list[Event]:
        now = any(t.last[0] == self.good for t in [*self._cards.values(), *self._spots])
        if not now:
            # Nothing in the area in this still: after `stable_frames` such good stills the
            # row was cleared (what was seen before is gone, not hidden).
            self._empty += 1
            if self._empty >= self.stable_frames:
                self._new_supply()
                self._cards.clear()
                self._spots.clear()
                self.leftover.clear()
                return []
        else:
            self._empty = 0
        present = {c for c, t in self._cards.items() if self._present(t)}
        self.leftover &= present
        spots = [t for t in self._spots if self._present(t)]
        resting = {c: t for c, t in self._cards.items() if self._at_rest(t)}
        new = [c for c in resting if c not in self.supply and c not in self.leftover
               and c not in self._ignored]
        notes: list[Event] = []
        for card in [c for c in new if self._at_gap(resting[c])]:
            new.remove(card)
            self._ignored.add(card)
            notes.append(Note(f"{card}: read at a place reported unread; the table taps it"))
        if new and (self.supply or self._gaps) and (
                self.complete or not present & set(self.supply)):
            # The next round's cards: what is left of this Supply stays unsent.
            self.leftover |= present & set(self.supply)
            self._new_supply()
        return notes + self._send(new, spots, area)

    def _settling(self, track: _Track) -> bool:
        """Present, seen once or its last two sightings at one place, but not yet at rest
        long enough (a card that is not moving: it will be sent soon)."""
        if self._at_rest(track) or not self._present(track):
            return False
        if len(track.sightings) < 2:
            return True  # seen once: not yet known to be still
        (_g1, x1, y1), (_g2, x2, y2) = track.sightings[-2:]
        return _dist((x1, y1), (x2, y2)) <= track.tolerance()

    def _on_a_card(self, spot: _Track) -> bool:
        return any(_dist((t.last[1], t.last[2]), (spot.last[1], spot.last[2]))
                   <= max(t.tolerance(), 0.7 * (t.side or spot.side))
                   for t in self._cards.values() if self._present(t))

    def _at_gap(self, track: _Track) -> bool:
        return any(_dist((g.last[1], g.last[2]), (track.last[1], track.last[2]))
                   <= max(g.tolerance(), track.tolerance()) for g in self._gaps)

    def _send(self, new: list[str], spots: list[_Track], area: Area) -> list[Event]:
        def u_of(track: _Track) -> float:
            return area.uv(track.last[1], track.last[2])[0]

        gaps = [t for t in spots if self._at_rest(t) and t not in self._gaps
                and not any(_dist((t.last[1], t.last[2]), (g.last[1], g.last[2]))
                            <= g.tolerance() for g in self._gaps)
                and not self._on_a_card(t)]
        items: list[tuple[float, str | None, _Track]] = (
            [(u_of(self._cards[c]), c, self._cards[c]) for c in new]
            + [(u_of(t), None, t) for t in gaps])
        items.sort(key=lambda item: item[0])
        # Row order: a card (or place) seen at one place but not yet in enough stills holds
        # back what lies right of it, for at most a window of stills.
        settling = [u_of(t) for c, t in self._cards.items() if self._settling(t)
                    and c not in self.supply and c not in self.leftover]
        settling += [u_of(t) for t in self._spots if self._settling(t) and t not in self._gaps]
        if settling:
            first = min(settling)
            held = [item for item in items if item[0] > first]
            for _u, card, _t in held:
                self._held.setdefault(card or id(_t), self.good)
            items = [item for item in items if item[0] < first or
                     self.good - self._held.get(item[1] or id(item[2]), self.good)
                     >= self.window]
        for _u, card, t in items:
            self._held.pop(card or id(t), None)
        events: list[Event] = []
        read: list[str] = []
        for u, card, track in items:
            regular = card is None or self._regular(card)
            if self.size is not None and regular and self._taken() >= self.size:
                if card is not None:
                    self._ignored.add(card)
                    events.append(Note(f"{card}: a new marker after the Supply was complete "
                                       f"({self.size} cards); ignored"))
                continue
            if card is not None:
                read.append(card)
                self.supply.append(card)
                continue
            if read:
                events.append(Read(tuple(read)))
                read = []
            self._gaps.append(track)
            events.append(Unread(self._place(u, area)))
        if read:
            events.append(Read(tuple(read)))
        return events

    def _place(self, u: float, area: Area) -> int:
        """The place in the row (from 1) of a point at `u`: after this Supply's cards and
        unread places left of it."""
        left = sum(1 for c in self.supply if c in self._cards
                   and area.uv(self._cards[c].last[1], self._cards[c].last[2])[0] < u)
        left += sum(1 for g in self._gaps if area.uv(g.last[1], g.last[2])[0] < u)
        return left + 1

    def _new_supply(self) -> None:
        self.supply = []
        self._gaps = []
        self._held.clear()
        self._ignored = set()
        self._outside = set()


def row_order(seen: Iterable[Seen], area: Area) -> list[str]:
    """The card ids of `seen` left to right along the area's row (one entry per card)."""
    first: dict[str, Seen] = {}
    for s in seen:
        first.setdefault(s.card_id, s)
    return [s.card_id for s in sorted(first.values(), key=lambda s: area.uv(s.x, s.y))]
