"""Loading's places: the player's cubes, the conversions' rows and the one-tap choices.

Every position of `companion.ui.scenes.loading` is worked out here, from the room the
phase has (`area`) and the texts' measures; the scene paints what these plans place.

- `choices_plan`: below the cubes, a row per conversion's set (the set, then the five
  goods, each a finger square), then the one-tap choices in fixed places (`grid`), a
  page at a time where they do not all fit, the page's last place holding "‹ ›".
- The places are at most two lines tall (the labels are written to fit them): more
  places on a page, fewer turns of the page.
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
    """`grid`'s columns, places' height (at most `MOST_LINES` lines: the labels are made
    to fit them) and how many places fit on a page. The columns are each `least` wide
    at least, or, where every label still fits in `MOST_LINES` lines, `narrowest` (more
    places a row); `cols`: as many as before (they stay)."""
    gap = c.u(GAP)
    if not cols:
        cols = max(1, min(most, (rect.w + gap) // (c.u(least) + gap)))
        if narrowest:
            more = max(1, min(most, (rect.w + gap) // (c.u(narrowest) + gap)))
            cols = next((k for k in range(more, cols, -1)
                         if lines_at(c, labels, rect, k) <= MOST_LINES), cols)
    lines = min(lines_at(c, labels, rect, cols), MOST_LINES)
    height = max(height, c.u(FINGER), lines * layout.line_height(c, BODY) + c.u(4))
    return cols, height, max(1, (rect.h + gap) // (height + gap)) * cols


def grid(c: Canvas, rect: pygame.Rect, labels: Sequence[str], page: int, *,
         height: int = 0, paged: bool = False, least: int = 200, most: int = 3,
         also: Sequence[str] = (), cols: int = 0, narrowest: int = 0) -> Grid:
    """Fixed places for buttons with these labels ("" for a place left empty), row by row
    from the top of `rect`: place k is always in the same spot, whatever the others say.
    The columns, each `least` wide at least (design px), follow from the width alone;
    every place is as tall as the tallest label needs (at least `height`, a finger at
    least, two lines at most; `also`: labels that may come). Where they do not all fit (or
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


def sets_plan(c: Canvas, rect: pygame.Rect, count: int, page: int) -> tuple[Grid, list[SetRow]]:
    """Every conversion's set as a row (the choice that gathers them was tapped): as many
    rows as fit, a page at a time, the page's last row holding "‹ ›"."""
    got = grid(c, rect, ["x"] * count, page, least=0, most=1)
    return got, [set_row(c, cell) for cell in got.cells]


def heading_size(c: Canvas, heading: pygame.Rect, text: str) -> int:
    """The size a set's words take in its row: the body's where they fit, else smaller."""
    return BODY if font(c.px(BODY)).size(text)[0] <= heading.w else SMALL
