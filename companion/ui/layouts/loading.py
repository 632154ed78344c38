"""Loading's places: the player's cubes, the conversions' rows and the one-tap choices.

Every position of `companion.ui.scenes.loading` is worked out here, from the room the
phase has (`area`) and the texts' measures; the scene paints what these plans place.

- `choices_plan`: below the cubes, a row per conversion's set (the set, then the five
  goods, each a finger square), then the one-tap choices in fixed places (`grid`), a
  page at a time where they do not all fit, the page's last place holding "‹ ›".
- The places are as tall as the longest label needs, two lines mostly (the labels are
  written to fit them), and three to a row where they still fit two lines: more places
  on a page, fewer turns of the page.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.engine.words import GOODS
from companion.ui import layout
from companion.ui.canvas import BODY, SMALL, Canvas, font

#: A place holds its label on at most this many lines.
MOST_LINES = 2
#: The finger: a target's least side, and the gap between targets (design px).
FINGER, GAP = 56, 8


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
    return max((len(c.wrap(label, w - c.u(12), BODY)) for label in labels if label),
               default=1)


def fit(c: Canvas, rect: pygame.Rect, labels: Sequence[str], height: int = 0,
        least: int = 200, most: int = 3, cols: int = 0, narrowest: int = 0
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
    height = max(height, c.u(FINGER), lines * layout.line_height(c, BODY) + c.u(4))
    return cols, height, max(1, (rect.h + gap) // (height + gap)) * cols


def grid(c: Canvas, rect: pygame.Rect, labels: Sequence[str], page: int, *,
         height: int = 0, paged: bool = False, least: int = 200, most: int = 3,
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
    room = fit(c, below, labels, least=200, most=3, narrowest=NARROWEST)[2]
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
    rows_rect, nav = layout.columns(rect, [None, c.u(64)], gap)
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
    full = c.u(BADGE) + min(name_w, width // 3) + c.u(12)
    rows = cube_places(c, most, width, None, c.u(BADGE))[1]
    if cube_places(c, most, width, None, full)[1] <= rows:
        return full
    # The name cut (its first letters and "…") where it then fits on the cubes' row: the
    # name and colour of the player whose moves these are stay at the moves' place, so a
    # hand-over to another player is seen where the finger is (docs/touch.md). The badge
    # alone only where not even a short name fits.
    least = c.u(BADGE) + c.u(SHORT_NAME) + c.u(12)
    for room in range(full - c.u(8), least - 1, -c.u(8)):
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
    fitted = layout.fit(c, stays, rect.w - c.u(24), None, BODY)
    row = pygame.Rect(rect.x, rect.y, rect.w, max(c.u(FINGER), fitted.height(c) + c.u(12)))
    below = pygame.Rect(rect.x, row.bottom + c.u(GAP), rect.w,
                        rect.bottom - row.bottom - c.u(GAP))
    return row, below


def pressed_plan(c: Canvas, rect: pygame.Rect, label: str, size: int
                 ) -> tuple[pygame.Rect, pygame.Rect]:
    """A move chosen on the table's buttons (issue 31), shown large in place of the
    choices: its button (two finger rows tall at most, as tall as its words at `size`),
    and the room below it for what OK and the buttons do."""
    fitted = layout.fit(c, label, rect.w - c.u(24), None, size)
    height = min(max(c.u(FINGER), fitted.height(c) + c.u(16)), 2 * c.u(FINGER) + c.u(GAP))
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
    gap = min(c.u(8), area.x)
    if gap < c.u(6):
        return None
    return pygame.Rect(area.x - gap + c.u(1), area.y, c.u(4), area.h)
