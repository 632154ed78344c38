"""Loading's places: the player's cubes, the conversions' rows and the one-tap choices.

`plan(c, view, room, previous)` makes every layout decision of a Loading frame, once a
frame, from the view (`companion.ui.views.loading.view`), the room the phase has and the
texts' measures: the player's badge, name and cubes, what takes the choices' place (the
moves, a chosen cube's choices, the conversions' rows, the step chosen on the buttons
shown large, the end for everyone asked), the page shown, and, from `previous`, the places
kept (`Memory`): a choice keeps its place while its player is shown, the places' height
and pages only grow this Loading. `least` is the part's least height, without a plan.
`companion.ui.scenes.loading` paints the plan.

- `choices_plan`: below the cubes, a row per conversion's set (the set, then the five
  goods, each a finger square), then the one-tap choices in fixed places (`grid`), a
  page at a time where they do not all fit, the page's last place holding "‹ ›".
- The places are as tall as the longest label needs, two lines mostly (the labels are
  written to fit them), and three to a row where they still fit two lines: more places
  on a page, fewer turns of the page.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import pygame

from companion.engine import Convert
from companion.engine.values import replace, value
from companion.engine.words import GOODS
from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, SMALL, Canvas, font
from companion.ui.i18n import _, language
from companion.ui.memo import Memo
from companion.ui.tokens import FINGER, GAP, HAIRLINE, MARGIN, PAD, SNUG, TIGHT, WIDE
from companion.ui.views.loading import (
    MOST_SET_ROWS,
    Choice,
    LoadingView,
    Offer,
    placed,
    set_heading,
)

#: A place holds its label on at most this many lines.
MOST_LINES = 2
#: The column of the pages' arrows beside the conversions' rows (design px).
ARROWS_W = 64
#: The one-tap choices' least column width (design px); short labels' (the goods a
#: conversion gives, four to a row).
LEAST_COLUMN, SHORT_COLUMN = 200, 120


@value(frozen=False)
class Grid:
    """Fixed places, a page of them: the page shown (clamped), the index of its first
    place, its places' rects, whether the places are paged, their height, and the page
    arrows' rects with the steps they turn (None: the arrow is disabled)."""

    page: int
    start: int
    cells: list[pygame.Rect]
    paged: bool
    height: int
    cols: int
    prev: pygame.Rect | None = None
    next: pygame.Rect | None = None
    back: int | None = None
    ahead: int | None = None


@value(frozen=False)
class SetRow:
    """A conversion's row: where its set is said, and a finger square per good (in
    `GOODS`' order, each at the same place in every row)."""

    heading: pygame.Rect
    goods: list[pygame.Rect]


@value(frozen=False)
class ChoicesPlan:
    """The conversions' rows and the one-tap choices' places."""

    rows: list[SetRow]
    grid: Grid


def lines_at(c: Canvas, labels: Sequence[str], rect: pygame.Rect, cols: int) -> int:
    """The most lines a label takes in a place of `cols` columns across `rect`."""
    gap = c.u(GAP)
    w = (rect.w - gap * (cols - 1)) // cols
    return max((len(c.wrap(label, w - c.u(PAD), BODY)) for label in labels if label),
               default=1)


def fit(c: Canvas, rect: pygame.Rect, labels: Sequence[str], height: int = 0,
        least: int = LEAST_COLUMN, most: int = 3, cols: int = 0, narrowest: int = 0
        ) -> tuple[int, int, int]:
    """`grid`'s columns, places' height (as the longest label needs: the labels are
    written to take at most `MOST_LINES` lines) and how many places fit on a page. The
    columns are each `least` wide at least, or, where every label still fits in
    `MOST_LINES` lines, `narrowest` (more places a row); `cols`: as many as before (they
    stay)."""
    gap = c.u(GAP)
    if not cols:
        cols = max(1, min(most, (rect.w + gap) // (c.u(least) + gap)))
        if narrowest:
            more = max(1, min(most, (rect.w + gap) // (c.u(narrowest) + gap)))
            cols = next((k for k in range(more, cols, -1)
                         if lines_at(c, labels, rect, k) <= MOST_LINES), cols)
    lines = lines_at(c, labels, rect, cols)  # never cut: more lines where one needs them
    height = max(height, c.u(FINGER), lines * layout.line_height(c, BODY) + c.u(TIGHT))
    return cols, height, max(1, (rect.h + gap) // (height + gap)) * cols


def grid(c: Canvas, rect: pygame.Rect, labels: Sequence[str], page: int, *,
         height: int = 0, paged: bool = False, least: int = LEAST_COLUMN, most: int = 3,
         also: Sequence[str] = (), cols: int = 0, narrowest: int = 0) -> Grid:
    """Fixed places for buttons with these labels ("" for a place left empty), row by row
    from the top of `rect`: place k is always in the same spot, whatever the others say.
    The columns, each `least` wide at least (design px), follow from the width alone;
    every place is as tall as the tallest label needs (at least `height`, a finger at
    least; `also`: labels that may come). Where they do not all fit (or
    `paged`: they did not before, and the pages stay), a page at a time: the last place of
    the page holds "‹ ›" side by side, so the places keep their spots when the pages come.
    Each arrow turns to the nearest page with a place still filled (a page whose places
    have all emptied is no page to turn to)."""
    gap = c.u(GAP)
    count = len(labels)
    cols, height, room = fit(c, rect, [*labels, *also], height, least, most, cols, narrowest)
    cells = layout.grid_cells(rect, room, cols, height, gap)
    if not paged and count <= room:
        return Grid(0, 0, cells[:count], False, height, cols)
    per = max(1, room - 1)
    pages = max(1, -(-count // per))
    page = max(0, min(page, pages - 1))
    prev, nxt = layout.columns(cells[-1], [None, None], gap)
    start = page * per
    filled = [p for p in range(pages) if any(labels[p * per:(p + 1) * per])]
    back = [p for p in filled if p < page]
    ahead = [p for p in filled if p > page]
    return Grid(page, start, cells[:min(per, count - start)], True, height, cols, prev, nxt,
                back[-1] - page if back else None, ahead[0] - page if ahead else None)


def set_row(c: Canvas, row: pygame.Rect) -> SetRow:
    """A conversion's row in `row` (a finger tall): the goods' squares at its right, its
    set's words in the room left of them."""
    size, gap = c.u(FINGER), c.u(GAP)
    n = len(GOODS)
    left = row.right - n * size - (n - 1) * gap
    goods = [pygame.Rect(left + k * (size + gap), row.y, size, size) for k in range(n)]
    return SetRow(pygame.Rect(row.x, row.y, max(0, left - gap - row.x), size), goods)


def rows_height(c: Canvas, rows: int) -> int:
    """The height `rows` conversions' rows take, with the gap below them."""
    return rows * (c.u(FINGER) + c.u(GAP))


#: The one-tap choices' narrowest column (design px), where their labels fit it.
NARROWEST = 150


def set_rows_fit(c: Canvas, rect: pygame.Rect, rows: int, labels: Sequence[str] = ()) -> int:
    """How many of `rows` conversions' rows `rect` has room for, leaving two rows of the
    one-tap choices' places (as tall as `labels` make them) below."""
    gap = c.u(GAP)
    height = fit(c, rect, labels)[1]
    while rows and rect.h - rows_height(c, rows) < 2 * height + gap:
        rows -= 1
    return rows


def pages(c: Canvas, rect: pygame.Rect, rows: int, count: int,
          labels: Sequence[str] = ()) -> int:
    """How many pages `count` one-tap choices (as tall as `labels` make them) take below
    `rows` conversions' rows (a paged page gives its last place to "‹ ›")."""
    below = pygame.Rect(rect.x, rect.y + rows_height(c, rows), rect.w,
                        max(0, rect.h - rows_height(c, rows)))
    room = fit(c, below, labels, least=LEAST_COLUMN, most=3, narrowest=NARROWEST)[2]
    return 1 if count <= room else -(-count // max(1, room - 1))


def choices_plan(c: Canvas, rect: pygame.Rect, labels: Sequence[str], rows: int, page: int,
                 *, height: int = 0, paged: bool = False, also: Sequence[str] = (),
                 cols: int = 0) -> ChoicesPlan:
    """`rows` conversions' rows at the top of `rect`, the one-tap choices' places below."""
    size, gap = c.u(FINGER), c.u(GAP)
    set_rows = [set_row(c, pygame.Rect(rect.x, rect.y + k * (size + gap), rect.w, size))
                for k in range(rows)]
    below = pygame.Rect(rect.x, rect.y + rows_height(c, rows), rect.w,
                        max(0, rect.h - rows_height(c, rows)))
    return ChoicesPlan(set_rows, grid(c, below, labels, page, height=height, paged=paged,
                                      also=also, cols=cols, narrowest=NARROWEST))


#: The least room a conversion's row keeps for its set's words ("Co + Sa + Ca →") where
#: the pages' arrows take a column beside the rows (design px).
SET_WORDS = 120


def sets_plan(c: Canvas, rect: pygame.Rect, count: int, page: int) -> tuple[Grid, list[SetRow]]:
    """Every conversion's set as a row (the choice that gathers them was tapped): as many
    rows as fit, a page at a time; "‹ ›" one above the other in a column beside the rows
    where the rows still keep room for their set's words (a row more a page: at 800x480
    three sets, not two, before a turn of the page), else side by side in the page's last
    row."""
    got = grid(c, rect, ["x"] * count, page, least=0, most=1)
    size, gap = c.u(FINGER), c.u(GAP)
    rows_rect, nav = layout.columns(rect, [None, c.u(ARROWS_W)], gap)
    fits = (rows_rect.h + gap) // (size + gap)
    words = set_row(c, pygame.Rect(rows_rect.x, rows_rect.y, rows_rect.w, size)).heading.w
    if not got.paged or words < c.u(SET_WORDS) or fits < 2:
        return got, [set_row(c, cell) for cell in got.cells]
    pages = -(-count // fits)
    page = max(0, min(page, pages - 1))
    start = page * fits
    cells = [pygame.Rect(rows_rect.x, rows_rect.y + k * (size + gap), rows_rect.w, size)
             for k in range(min(fits, count - start))]
    prev = pygame.Rect(nav.x, rows_rect.y, nav.w, size)
    nxt = pygame.Rect(nav.x, rows_rect.y + (fits - 1) * (size + gap), nav.w, size)
    paged = Grid(page, start, cells, True, size, 1, prev, nxt,
                 -1 if page > 0 else None, 1 if page < pages - 1 else None)
    return paged, [set_row(c, cell) for cell in cells]


def heading_size(c: Canvas, heading: pygame.Rect, text: str) -> int:
    """The size a set's words take in its row: the body's where they fit, else smaller."""
    return BODY if font(c.px(BODY)).size(text)[0] <= heading.w else SMALL


# --- the player's cubes ------------------------------------------------------------------

Cube = tuple[str, str]
#: The player's badge before their cubes: its room, its centre from the left, its radius.
BADGE, BADGE_X, BADGE_R = 38, 16, 14
#: The least room for a player's cut name beside the badge (about three letters and "…").
SHORT_NAME = 52


def hint_room(c: Canvas) -> int:
    """Portrait (the bar has no room for words): a place above the cubes for a message of
    three lines (an Undo's, in German), so that one never moves the choices down."""
    return 3 * layout.line_height(c, BODY) + 3 * c.u(GAP)


def least_height(c: Canvas, cube_rows: int) -> int:
    """The least height Loading's part needs: the cubes' rows, then two finger rows of
    choices."""
    return (cube_rows + 2) * (c.u(FINGER) + c.u(GAP))


def cube_places(c: Canvas, cubes: Sequence[Cube], width: int,
                dock: Sequence[int | None] | None = None, lead: int = 0
                ) -> tuple[list[tuple[int | str, int, int]], int]:
    """Where the cubes go, row after row: (cube index, or a store's name before its
    first cube; x from the left; row), and the number of rows. `dock`: the dock's
    places as first shown (None where a cube has left: its place stays empty); `lead`:
    the room before the first row's first cube."""
    from companion.engine.words import Store
    from companion.ui import names
    from companion.ui.i18n import _

    size, gap = c.u(FINGER), c.u(GAP)
    f_small = font(c.px(SMALL))
    out: list[tuple[int | str, int, int]] = []
    x, row, last = lead, 0, "dock"
    on_dock = sum(1 for _good, store in cubes if store == "dock")
    order: list[int | None] = list(dock) if dock is not None else list(range(on_dock))
    # The market hall's one cube beside the ships' (it fits on their row), then the
    # warehouse's, named in a line ("Warehouse: Co Sa"; their moves are choices of
    # their own): four cubes there would take the choices a row.
    order += [i for i in range(on_dock, len(cubes)) if cubes[i][1] == Store.MARKET]
    stored = [i for i in range(on_dock, len(cubes)) if cubes[i][1] == Store.WAREHOUSE]
    for i in order:
        if i is None:  # a cube has left this place of the dock
            if x + size > width:
                x, row = 0, row + 1
            x += size + gap
            continue
        store = cubes[i][1]
        if store != last:
            label = names.store(store)
            label = label[:1].upper() + label[1:]  # a heading, as words.place says it
            w = f_small.size(label)[0]
            if x + w + gap + size > width and x > 0:
                x, row = 0, row + 1
            out.append((label, x, row))
            x += w + gap
            last = store
        if x + size > width:
            x, row = 0, row + 1
        out.append((i, x, row))
        x += size + gap
    if stored:
        store = names.store(Store.WAREHOUSE)
        # (The widest initials stand for cubes not there yet, where room is kept.)
        said = _("{store}: {cubes}").format(
            store=store[:1].upper() + store[1:], cubes=" ".join(
                names.good_initial(cubes[i][0]) if cubes[i][0] else "Ww" for i in stored))
        w = f_small.size(said)[0]
        if x + w > width and x > 0:
            x, row = 0, row + 1
        out.append((said, x, row))
    return out, (row + 1 if order or stored else 0)


def lead(c: Canvas, name: str, width: int, most: Sequence[Cube]) -> int:
    """The room before the first cube: the player's badge and name (a third of the width
    at most; a longer name is cut), or the badge alone where the name would take the cubes
    (`most`: as many as they may be this Loading) another row (their panel says the
    name)."""
    name_w = font(c.px(BODY)).size(name)[0]
    full = c.u(BADGE) + min(name_w, width // 3) + c.u(PAD)
    rows = cube_places(c, most, width, None, c.u(BADGE))[1]
    if cube_places(c, most, width, None, full)[1] <= rows:
        return full
    # The name cut (its first letters and "…") where it then fits on the cubes' row: the
    # name and colour of the player whose moves these are stay at the moves' place, so a
    # hand-over to another player is seen where the finger is (docs/touch.md). The badge
    # alone only where not even a short name fits.
    least = c.u(BADGE) + c.u(SHORT_NAME) + c.u(PAD)
    for room in range(full - c.u(GAP), least - 1, -c.u(GAP)):
        if cube_places(c, most, width, None, room)[1] <= rows:
            return room
    return c.u(BADGE)


@value(frozen=False)
class CubesPlan:
    """The player's row(s): their badge, their name (None: the badge alone), where "No
    cubes to load." goes, each store's heading (text, its left middle), each cube's button
    (its index, its rect), and the room left below for the choices."""

    badge: tuple[int, int]
    radius: int
    name: tuple[int, int] | None
    name_width: int
    empty: pygame.Rect
    headings: list[tuple[str, tuple[int, int]]]
    cubes: list[tuple[int, pygame.Rect]]
    rest: pygame.Rect


def cubes_plan(c: Canvas, area: pygame.Rect, cubes: Sequence[Cube],
               dock: Sequence[int | None], room: int, rows: int) -> CubesPlan:
    """The player's badge and name, then their cubes on the same row (the ships', then the
    market hall's and the warehouse's, each group after its name), in `rows` rows (as many
    as they may take this Loading), `room` (`lead`) before the first cube."""
    size, gap = c.u(FINGER), c.u(GAP)
    spots, _rows = cube_places(c, cubes, area.w, dock, room)
    first = pygame.Rect(area.x, area.y, room, size)
    named = room > c.u(BADGE)
    headings: list[tuple[str, tuple[int, int]]] = []
    buttons: list[tuple[int, pygame.Rect]] = []
    for what, dx, row in spots:
        top = area.y + row * (size + gap)
        if isinstance(what, str):
            headings.append((what, (area.x + dx, top + size // 2)))
        else:
            buttons.append((what, pygame.Rect(area.x + dx, top, size, size)))
    _cubes, rest = layout.rows(area, [rows * (size + gap) - gap, None], gap)
    return CubesPlan(
        badge=(first.x + c.u(BADGE_X), first.centery), radius=c.u(BADGE_R),
        name=(first.x + c.u(BADGE), first.centery) if named else None,
        name_width=room - c.u(BADGE) - c.u(GAP),
        empty=pygame.Rect(area.x + room, area.y, area.w - room, size),
        headings=headings, cubes=buttons, rest=rest)


# --- the chosen cubes' choices -----------------------------------------------------------

def stays_plan(c: Canvas, rect: pygame.Rect, stays: str) -> tuple[pygame.Rect, pygame.Rect]:
    """Nowhere to go for the chosen cube: the button that leaves it where it is (a finger
    tall at least, as tall as its words), and the room below it for why."""
    fitted = layout.fit(c, stays, rect.w - c.u(MARGIN), None, BODY)
    row = pygame.Rect(rect.x, rect.y, rect.w, max(c.u(FINGER), fitted.height(c) + c.u(PAD)))
    below = pygame.Rect(rect.x, row.bottom + c.u(GAP), rect.w,
                        rect.bottom - row.bottom - c.u(GAP))
    return row, below


def pressed_plan(c: Canvas, rect: pygame.Rect, label: str, size: int
                 ) -> tuple[pygame.Rect, pygame.Rect]:
    """A move chosen on the table's buttons (issue 31), shown large in place of the
    choices: its button (two finger rows tall at most, as tall as its words at `size`),
    and the room below it for what OK and the buttons do."""
    fitted = layout.fit(c, label, rect.w - c.u(MARGIN), None, size)
    height = min(max(c.u(FINGER), fitted.height(c) + c.u(WIDE)), 2 * c.u(FINGER) + c.u(GAP))
    row = pygame.Rect(rect.x, rect.y, rect.w, min(height, rect.h))
    below = pygame.Rect(rect.x, row.bottom + c.u(GAP), rect.w,
                        max(0, rect.bottom - row.bottom - c.u(GAP)))
    return row, below


def below_cells(c: Canvas, rect: pygame.Rect, cells: Sequence[pygame.Rect]) -> pygame.Rect:
    """The room in `rect` below the places shown (for the question and why)."""
    top = max(box.bottom for box in cells) + c.u(GAP)
    return pygame.Rect(rect.x, top, rect.w, rect.bottom - top)


def stripe(c: Canvas, area: pygame.Rect) -> pygame.Rect | None:
    """The stripe in the player's colour down the left of Loading's `area`, in the gap
    beside it (nothing else moves for it), or None where that gap is too narrow."""
    gap = min(c.u(GAP), area.x)
    if gap < c.u(SNUG):
        return None
    return pygame.Rect(area.x - gap + c.u(HAIRLINE), area.y, c.u(TIGHT), area.h)


# --- the frame's one plan ------------------------------------------------------------------

@value
class Memory:
    """What this Loading's plans showed, handed from plan to plan (`previous`) so that what
    stays on the screen keeps its place: each player's dock as first shown (a cube that
    leaves it leaves its place empty), per player and width the cubes' rows (they only
    grow), the conversions' rows, the choices' height and columns, whether they went onto
    pages (they stay so), and the places of the player shown: the one-tap choices' keys
    (`views.loading.placed`) with the page of them last shown, and the conversions' rows'
    keys."""

    docks: dict[tuple[int, str], tuple[str, ...]]
    rows_shown: dict[tuple[int, str, int], int]
    set_rows: dict[tuple[int, str, int], int]
    slot_h: dict[tuple[int, str, int], int]
    slot_cols: dict[tuple[int, str, int], int]
    paged: frozenset[tuple[int, str, int]]
    set_slots: dict[tuple[int, str], tuple[str | None, ...]]
    #: The player shown anew (`Pick.anew`) and the page turned (`Pick.turns`) as the
    #: places below were kept: after either, they are no longer under the finger.
    anew: int = -1
    turns: int = -1
    #: Whose places `slots` and `shown` are (round, player).
    whose: tuple[int, str] | None = None
    slots: tuple[str | None, ...] | None = None
    shown: range | None = None


EMPTY = Memory({}, {}, {}, {}, {}, frozenset(), {})


@value
class SetLine:
    """A conversion's row as painted: its set, what it may take, its words at their size."""

    give: tuple[Cube, ...]
    takes: tuple[object, ...]
    heading: str
    size: int
    row: SetRow


@value
class Moves:
    """The one-tap choices in their places (the choice, its place, its rect) under the
    conversions' rows, a page at a time."""

    lines: tuple[SetLine, ...]
    grid: Grid
    cells: tuple[tuple[object, int, pygame.Rect], ...]


@value
class Chosen:
    """The step chosen on the buttons, large, and the words below it (None: no room)."""

    label: str
    row: pygame.Rect
    said: str | None
    below: pygame.Rect


@value
class Offers:
    """The chosen cubes' choices (the offer, its rect) and the words below them (None: no
    room); or, where nothing takes them, the button that leaves them (`stays`) and why."""

    grid: Grid | None
    cells: tuple[tuple[object, pygame.Rect], ...]
    said: str | None
    below: pygame.Rect
    stays_row: pygame.Rect | None = None
    stays: str = ""
    why: str = ""


@value
class Sets:
    """Every conversion's row shown for a choice, a page at a time."""

    grid: Grid
    lines: tuple[SetLine, ...]


@value
class EndAsked:
    """The end for everyone asked: its button, and who still holds what goes to the stock."""

    row: pygame.Rect
    why: pygame.Rect
    said: str


@value(frozen=False)
class LoadingPlan:
    """Every layout decision of one Loading frame (`plan`): the player's badge, name and
    cubes, the stripe in their colour, what takes the choices' place, the page shown, and
    the memory the next frame's plan keeps places by."""

    pid: str
    cubes: CubesPlan
    stripe: pygame.Rect | None
    body: Moves | Chosen | Offers | Sets | EndAsked
    page: int
    memory: Memory
    #: All the body is painted in: the room and the stripe beside it (`body_key`).
    whole: pygame.Rect | None = None


def dock_places(first: tuple[str, ...] | None, dock: tuple[str, ...]
                ) -> tuple[list[int | None], tuple[str, ...]]:
    """For each place of the dock as first shown (`first`), the index of the cube on it
    now, or None where the cube has gone; and the dock as first shown from now on (the
    dock now where its cubes are no longer those first shown, in order)."""
    if first is not None:
        places: list[int | None] = []
        i = 0
        for good in first:
            if i < len(dock) and dock[i] == good:
                places.append(i)
                i += 1
            else:
                places.append(None)
        if i == len(dock):
            return places, first
    return list(range(len(dock))), dock


def most_cubes(places: Sequence[int | None], warehouse: bool) -> list[Cube]:
    """As many cubes as the player may have this Loading: the dock's as first shown, a
    cube in the market hall, the warehouse full (if they own it)."""
    from companion.engine.rules import WAREHOUSE_CAPACITY

    most: list[Cube] = [("", "dock")] * len(places)
    most.append(("", "market"))
    if warehouse:  # the warehouse's line, full
        most += [("", "warehouse")] * WAREHOUSE_CAPACITY
    return most


T = TypeVar("T")


def _kept(memo: Memo[Any] | None, key: Hashable, work_out: Callable[[], T]) -> T:
    """`work_out()`, remembered in `memo` (the UI's: `companion.ui.memo`) by `key`, which
    holds all it depends on (the canvas' size, the language where words are measured)."""
    if memo is None:
        return work_out()
    got: T = memo.get(key, work_out)
    return got


def _cube_rows(c: Canvas, v: LoadingView, width: int, memory: Memory,
               memo: Memo[Any] | None = None
               ) -> tuple[list[int | None], tuple[str, ...], int, int]:
    """The dock's places, the dock as first shown, the room before the first cube, and
    the rows the player's cubes take this Loading: as many as their cubes would take with
    a cube in the market hall and the warehouse full, so that a cube put there never moves
    the choices below down under the finger (docs/touch.md); never fewer than shown
    before this Loading (an Undo gives a ship its cubes back)."""
    places, first = dock_places(memory.docks.get((v.round, v.pid)), v.dock)

    def lead_and_rows() -> tuple[int, int]:
        most = most_cubes(places, v.warehouse)
        room = lead(c, v.name, width, most)
        return room, cube_places(c, most, width, None, room)[1]

    # (The stores' names before their cubes are in the language shown.)
    room, rows = _kept(memo, ("loading:lead", c.w, c.h, language(), v.name, width,
                              len(places), v.warehouse), lead_and_rows)
    return places, first, room, max(rows, 1, memory.rows_shown.get((v.round, v.pid, width), 0))


def least(c: Canvas, v: LoadingView, width: int, previous: LoadingPlan | None,
          memo: Memo[Any] | None = None) -> int:
    """The least height Loading's part needs at `width` (cheap: no plan): the player's
    cubes (their name before them), then two finger rows of choices. `memo`: as `plan`'s."""
    memory = previous.memory if previous is not None else EMPTY
    return least_height(c, _cube_rows(c, v, width, memory, memo)[3])


def plan(c: Canvas, v: LoadingView, room: pygame.Rect, previous: LoadingPlan | None,
         memo: Memo[Any] | None = None) -> LoadingPlan:
    """Every layout decision of the Loading frame in `room` for the view `v`, keeping the
    places `previous` (the last frame's plan, or None) showed. `memo`: where the parts
    that depend only on what they place and the canvas' size are remembered across scenes
    (a Redo's new scene shows what the scene before its Undo showed)."""
    memory = previous.memory if previous is not None else EMPTY
    key = (v.round, v.pid)
    places, first, lead_room, rows = _cube_rows(c, v, room.w, memory, memo)
    memory = replace(memory, docks={**memory.docks, key: first},
                     rows_shown={**memory.rows_shown, (v.round, v.pid, room.w): rows})
    cubes = cubes_plan(c, room, v.cubes, places, lead_room, rows)
    if memory.anew != v.pick.anew or memory.whose != key:
        # A player shown anew: their choices gone this Loading give up their places (the
        # places stay only while the same player's choices are on the screen).
        memory = replace(memory, anew=v.pick.anew, whose=key, slots=None, shown=None)
    if memory.turns != v.pick.turns:
        memory = replace(memory, turns=v.pick.turns, shown=None)  # shown as it is
    body: Moves | Chosen | Offers | Sets | EndAsked
    mode = v.mode
    rest = cubes.rest
    page = v.pick.page
    if mode == "end":
        body = _end_asked(c, v, rest)
    elif mode == "chosen":
        body = _chosen(c, v, rest)
    elif mode == "offers":
        body, page = _offers(c, v, rest, memory)
    elif mode == "sets":
        body, page = _sets(c, v, rest)
    else:
        body, memory = _moves(c, v, rest, memory, memo)
        page = body.grid.page
    beside = stripe(c, room)
    return LoadingPlan(pid=v.pid, cubes=cubes, stripe=beside, body=body, page=page,
                       memory=memory, whole=room.union(beside) if beside is not None else
                       pygame.Rect(room))


# -- what the body shows, by content ----------------------------------------------------------


def _box(rect: pygame.Rect | None) -> tuple[int, int, int, int] | None:
    return None if rect is None else (rect.x, rect.y, rect.w, rect.h)


def _grid_shown(grid: Grid | None) -> tuple[object, ...] | None:
    """The pages' arrows as painted: their places, and which of them turn a page."""
    if grid is None:
        return None
    return (_box(grid.prev), _box(grid.next), grid.back is not None, grid.ahead is not None)


def _line_shown(line: SetLine) -> tuple[object, ...]:
    """A conversion's row as painted: its words, their size and places, the goods it may
    take (the others greyed), and its set (the targets' names)."""
    takes = tuple(sorted({a.take for a in line.takes if isinstance(a, Convert)}))
    return (line.heading, line.size, _box(line.row.heading),
            tuple(_box(r) for r in line.row.goods), takes, line.give)


def _body_shown(body: Moves | Chosen | Offers | Sets | EndAsked) -> tuple[object, ...]:
    """What takes the choices' place, as painted (`scenes.loading.draw_phase`)."""
    if isinstance(body, EndAsked):
        return ("end", _box(body.row), _box(body.why), body.said)
    if isinstance(body, Chosen):
        return ("chosen", body.label, _box(body.row), body.said, _box(body.below))
    if isinstance(body, Offers):
        return ("offers", _box(body.stays_row), body.stays, body.why, _box(body.below),
                body.said, _grid_shown(body.grid),
                tuple((offer.label, offer.key, _box(box)) for offer, box in body.cells
                      if isinstance(offer, Offer)))
    if isinstance(body, Sets):
        return ("sets", _grid_shown(body.grid), tuple(_line_shown(line) for line in body.lines))
    return ("moves", tuple(_line_shown(line) for line in body.lines), _grid_shown(body.grid),
            tuple((choice.label, choice.key, _box(box)) for choice, _place, box in body.cells
                  if isinstance(choice, Choice)))


def body_key(c: Canvas, v: LoadingView, plan: LoadingPlan,
             selected: Sequence[int]) -> tuple[object, ...]:
    """All that Loading's body shows for `plan` (`scenes.loading.draw_phase`: the stripe,
    the player's badge, name and cubes, the cubes chosen, and what takes the choices'
    place: each button's words and place, which are greyed, the pages' arrows), by
    content: equal for the new states an Undo and a Redo go between (a `State` is equal
    only to itself). What a tap does is not in it: the scene on screen says that."""
    cubes = plan.cubes
    return ("loading-body", c.w, c.h, c.s, language(), _box(plan.whole), v.pid, v.letter,
            v.name, v.cubes, tuple(selected), _box(plan.stripe), cubes.badge, cubes.radius,
            cubes.name, cubes.name_width, _box(cubes.empty), tuple(cubes.headings),
            tuple((index, _box(box)) for index, box in cubes.cubes), _body_shown(plan.body))


def _fits(c: Canvas, said: str, below: pygame.Rect) -> bool:
    fitted = layout.fit(c, said, below.w, max(below.h, 0), SMALL)
    return not fitted.cut and 0 < fitted.height(c) <= below.h


def _stock(c: Canvas, v: LoadingView, rect: pygame.Rect, after: str = "") -> str:
    """Who still holds what goes to the stock: by goods, or by count where the goods (and
    `after`) have no room in `rect`."""
    said = v.stock[0]
    if layout.fit(c, f"{said} {after}".strip(), rect.w, rect.h, SMALL).cut:
        said = v.stock[1]
    return said


def _end_asked(c: Canvas, v: LoadingView, rest: pygame.Rect) -> EndAsked:
    row, why = stays_plan(c, rest, _("End Loading for everyone"))
    return EndAsked(row, why, _stock(c, v, why))


def _chosen(c: Canvas, v: LoadingView, rest: pygame.Rect) -> Chosen:
    """A step chosen on the buttons, large, in place of the choices; the end for everyone
    says first what goes to the stock (as the touch path's question)."""
    row, below = pressed_plan(c, rest, v.chosen, LARGE)
    said = v.chosen_said
    if v.stock[0]:
        said = f"{_stock(c, v, below, said)} {said}"
    return Chosen(v.chosen, row, said if _fits(c, said, below) else None, below)


def _offers(c: Canvas, v: LoadingView, rest: pygame.Rect, memory: Memory
            ) -> tuple[Offers, int]:
    """The chosen cubes' choices in the places of the one-tap choices (and their pages'
    "‹ ›" in the same place), then the question, and why the usual places are not
    offered, below them where they leave room. Short labels (the goods a conversion
    gives) four to a row where they then all fit; else in the one-tap choices' columns.
    Nowhere to go: never a question without answers; where the cubes stay is the answer,
    a button that leaves them there, the rule that keeps them from the usual places
    below it."""
    if not v.offers:
        row, why = stays_plan(c, rest, v.stays)
        return Offers(None, (), None, why, row, v.stays, v.why), v.pick.page
    height = memory.slot_h.get((v.round, v.pid, c.w), 0)
    labels = [offer.label for offer in v.offers]
    fitted = fit(c, rest, labels, height, least=SHORT_COLUMN, most=4)
    narrow = len(v.pick.selected) == 3 and len(labels) <= fitted[2]
    got = grid(c, rest, labels, v.pick.page, height=height,
               least=SHORT_COLUMN if narrow else LEAST_COLUMN, most=4 if narrow else 3)
    cells = tuple(zip(v.offers[got.start:got.start + len(got.cells)], got.cells,
                      strict=True))
    below = below_cells(c, rest, got.cells)
    said = v.said if not got.paged and _fits(c, v.said, below) else None
    return Offers(got, cells, said, below), got.page


def _set_line(c: Canvas, give: tuple[Cube, ...], takes: tuple[object, ...],
              row: SetRow) -> SetLine:
    heading = set_heading(give)
    size = heading_size(c, row.heading, heading)
    # The set's words end where its goods begin, so the arrow points at them (and the
    # arrows of two rows line up), however wide the row: on a wide screen the words no
    # longer sit at the far left, a hand's width from what they lead to.
    width = font(c.px(size)).size(heading)[0] + c.u(TIGHT)
    if width < row.heading.w:
        words = pygame.Rect(row.heading.right - width, row.heading.y, width, row.heading.h)
        row = SetRow(words, row.goods)
    return SetLine(give, takes, heading, size, row)


def _sets(c: Canvas, v: LoadingView, rest: pygame.Rect) -> tuple[Sets, int]:
    got, rows = sets_plan(c, rest, len(v.set_takes), v.pick.page)
    lines = tuple(_set_line(c, st.give, st.takes, row)
                  for st, row in zip(v.set_takes[got.start:], rows, strict=False))
    return Sets(got, lines), got.page


def _moves(c: Canvas, v: LoadingView, rest: pygame.Rect, memory: Memory,
           memo: Memo[Any] | None = None) -> tuple[Moves, Memory]:
    """The conversions' rows, then the one-tap choices, each in its place (docs/touch.md):
    a choice gone leaves its place empty, so the one beside it never slides under the
    finger; the places' height and pages only grow while this player is shown this
    Loading."""
    mem = (v.round, v.pid, c.w)
    rows = memory.set_rows.get(mem)
    if rows is None:
        # As many rows as the player has sets when first shown, where they fit; where
        # the sets are more, the choice that gathers them takes a place instead (a
        # row takes a row of places). They stay, so the places below never move.
        # And only where they cost the choices no page more: a turn of the page
        # costs a tap each time, the gathering choice one per conversion.
        sets = v.set_count
        possible = v.possible()
        apart, together = len(v.apart), len(v.gathered)

        def set_rows() -> int:
            rows = sets if sets <= MOST_SET_ROWS else 0
            rows = set_rows_fit(c, rest, rows, possible)
            if rows:
                count = (apart if rows >= sets else together) - sets
                if pages(c, rest, rows, count, possible) > \
                        pages(c, rest, 0, count + 1, possible):
                    rows = 0
            return rows

        rows = _kept(memo, ("loading:set-rows", c.w, c.h, tuple(rest), sets, apart,
                            together, tuple(possible)), set_rows)
        memory = replace(memory, set_rows={**memory.set_rows, mem: rows})
    # The player's one-tap choices in their places: a choice keeps its place while this
    # player is shown this Loading; one gone leaves it empty. The conversions in `rows`
    # rows of their own.
    offered = {choice.key: choice for choice in
               (v.apart if rows >= v.set_count else v.gathered)}
    key = (v.round, v.pid)
    keys = placed([k for k, ch in offered.items() if not ch.give], memory.slots,
                  memory.shown, v.pick.tapped)
    set_keys = placed([k for k, ch in offered.items() if ch.give],
                      memory.set_slots.get(key))
    slots = [None if k is None else offered[k] for k in keys]
    sets_shown = [None if k is None else offered[k] for k in set_keys]
    labels = [choice.label if choice else "" for choice in slots]
    # As tall as any move's label this Loading may need, from the start.
    also = tuple(v.possible()) if mem not in memory.slot_h else ()
    height, paged, cols = memory.slot_h.get(mem, 0), mem in memory.paged, \
        memory.slot_cols.get(mem, 0)
    got = _kept(memo, ("loading:choices", c.w, c.h, tuple(rest), tuple(labels), rows,
                       v.pick.page, height, paged, also, cols),
                lambda: choices_plan(c, rest, labels, rows, v.pick.page, height=height,
                                     paged=paged, also=also, cols=cols))
    g = got.grid
    lines = tuple(_set_line(c, choice.give, choice.actions, row)
                  for choice, row in zip(sets_shown, got.rows, strict=False)
                  if choice is not None)
    shown = range(g.start, g.start + len(g.cells))
    cells = tuple((choice, place, box) for place, (choice, box) in enumerate(
        zip(slots[g.start:g.start + len(g.cells)], g.cells, strict=False), start=g.start)
        if choice is not None)
    memory = replace(
        memory, slot_h={**memory.slot_h, mem: g.height},
        slot_cols={**memory.slot_cols, mem: g.cols},
        paged=memory.paged | {mem} if g.paged else memory.paged,
        set_slots={**memory.set_slots, key: set_keys}, slots=keys, shown=shown)
    return Moves(lines, g, cells), memory
