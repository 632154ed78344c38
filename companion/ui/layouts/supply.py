"""Supply's places: the heading, the grid of the season's cards (a page at a time where
they do not all fit), and the ship's goods row (`companion.ui.scenes.supply` paints them).

The grid's places follow from the room and the labels the places are laid out by (the
longest name each place can show this round, `SupplyScene.places`), never from what the
cards show now: the same labels give the same cells, so nothing moves under the finger
while the round's cards are revealed, told by their value, or taken back.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, SMALL, Canvas, font
from companion.ui.layouts.confirm import goods_row

#: The tallest a grid's row grows where the room allows (a finger and a half).
TALLEST = 84
#: The gap between the grid's places.
GAP = 8


@value
class Heading:
    """The two lines above the cards (the round's count, the cards of another season) and
    the room below them."""

    line: pygame.Rect
    rest: pygame.Rect
    #: The heading as it fits the two lines: the earliest cards of the list give way.
    text: str


def heading(c: Canvas, area: pygame.Rect, head: str, items: Sequence[str]) -> Heading:
    """Two lines, whether the heading needs one or two, so the cards below keep their
    places as the list of cards of another season (`items`) grows; where the list does
    not fit, the earliest give way ("…"), the latest kept whole."""
    flow = layout.Flow(c, area, c.u(4))
    line = flow.take(2 * layout.line_height(c, SMALL))
    shown = list(items)
    while True:
        text = head + ("  \u00b7  " + ("\u2026  " if len(shown) < len(items) else "")
                       + "  ".join(shown) if shown else "")
        if len(shown) <= 1 or not layout.fit(c, text, line.w, None, SMALL, max_lines=2).cut:
            break
        shown = shown[1:]
    return Heading(line=line, rest=flow.rest(), text=text)


@value
class Grid:
    """The cards' places on the page shown: `cells[k]` is place `start + k`."""

    page: int
    pages: int
    start: int
    cells: tuple[pygame.Rect, ...]
    #: The page buttons ("‹" "›") and the place of the page's number, where paged.
    prev: pygame.Rect | None = None
    next: pygame.Rect | None = None
    number: pygame.Rect | None = None
    #: The row of value buttons above the places (the firemen told by their value), and
    #: the place of their kind's word before them.
    values: tuple[pygame.Rect, ...] = ()
    word: pygame.Rect | None = None
    #: The ship's row below the values' (a ship told by its first good), and its word.
    goods: tuple[pygame.Rect, ...] = ()
    goods_word: pygame.Rect | None = None


#: A row's word this wide at most on one line is kept whole ("Navire", not "Na-/vire").
WHOLE_WORD = 120


def word_width(c: Canvas, word: str) -> int:
    """The room a row's word takes: on one line where it is short, else on two lines
    (broken where it may be: "Feuerwehr-/mann")."""
    one = font(c.px(BODY)).size(word.replace("\u00ad", ""))[0]
    return one if one <= c.u(WHOLE_WORD) else layout.width_for(c, word, BODY, 2)


def value_row(c: Canvas, rect: pygame.Rect, word: str, count: int, words: Sequence[str] = ()
              ) -> tuple[pygame.Rect | None, list[pygame.Rect]]:
    """One row across the top of `rect`: the kind's word, then `count` number buttons a
    finger wide at least (a fireman's five values side by side: the row reads "Fireman
    1 2 3 4 5", each button named "Fireman 3"). The word's room and the row's height
    follow from the word's measure alone (the widest of `words` where rows of several
    kinds stand one above the other: their buttons then line up)."""
    if not count:
        return None, []
    gap = c.u(GAP)
    word_w = max(word_width(c, w) for w in (word, *words) if w) + c.u(8)
    height = max(c.u(56), 2 * layout.line_height(c, BODY) + c.u(4))
    row = pygame.Rect(rect.x, rect.y, rect.w, height)
    buttons = min(c.u(96), max(c.u(56), (rect.w - word_w - gap * count) // count))
    label, *cells = layout.columns(row, [None, *([buttons] * count)], gap)
    return label, cells


def grid(c: Canvas, rect: pygame.Rect, labels: Sequence[str], page: int,
         word: str = "", values: int = 0, ship_word: str = "", goods: int = 0) -> Grid:
    """Buttons with these labels whole, a page at a time where they do not all fit: each
    page as many of the next labels as fit whole (the pages stay while the labels do),
    "‹ ›" a finger tall beside them; `values`: as many number buttons in a row above them
    all, after `word` (`value_row`), and `goods`: as many good buttons in a row below that,
    after `ship_word` (the firemen's row keeps its place when a season of ships follows
    in the round). The same labels and `rect` give the same cells."""
    gap = c.u(GAP)
    tallest = c.u(TALLEST)
    rows: list[tuple[pygame.Rect | None, list[pygame.Rect]]] = []
    for said_word, count in ((word, values), (ship_word, goods)):
        said, row = value_row(c, rect, said_word, count,
                              [w for w, n in ((ship_word, goods), (word, values)) if n])
        rows.append((said, row))
        if row:
            top = row[-1].bottom + gap
            rect = pygame.Rect(rect.x, top, rect.w, max(0, rect.bottom - top))
    (said, row), (ship_said, ship_row) = rows
    cells = layout.button_grid(c, rect, labels, gap, tallest=tallest, whole=True)
    if cells or not labels:
        return Grid(page=0, pages=1, start=0, cells=tuple(cells), values=tuple(row),
                    word=said, goods=tuple(ship_row), goods_word=ship_said)
    # "‹" above "›" beside the cells; in a short area side by side.
    finger = c.u(56)
    tall = rect.h >= 2 * finger + 2 * gap
    cells_area, nav = layout.columns(rect, [None, c.u(64) if tall else 2 * finger + gap], gap)
    # Page by page, as many of the labels still to place as fit whole: one long label
    # (a contract's four goods, only the whole width) takes a page alone, and not every
    # other card's too (a page size shared by all made four pages of one card each).
    pages: list[list[pygame.Rect]] = []
    starts: list[int] = []
    i = 0
    while i < len(labels):
        cells = []
        take = len(labels) - i + 1
        while take > 1 and not cells:
            take -= 1
            cells = layout.button_grid(c, cells_area, labels[i:i + take], gap,
                                       tallest=tallest, whole=True)
        if not cells:  # not even alone whole: a finger tall, cut
            cells = layout.button_grid(c, cells_area, labels[i:i + 1], gap)
        starts.append(i)
        pages.append(cells)
        i += take
    count = len(pages)
    page = max(0, min(page, count - 1))
    number: pygame.Rect | None
    if tall:
        prev, number, nxt = layout.rows(nav, [finger, None, finger], gap)
    else:
        prev, nxt = layout.columns(pygame.Rect(nav.x, nav.y, nav.w, finger), [None, None], gap)
        number = None
    if number is not None and number.h < layout.line_height(c, SMALL):
        number = None
    return Grid(page=page, pages=count, start=starts[page], cells=tuple(pages[page]),
                prev=prev, next=nxt, number=number, values=tuple(row), word=said,
                goods=tuple(ship_row), goods_word=ship_said)


def pages_whole(c: Canvas, rect: pygame.Rect, labels: Sequence[str], word: str = "",
                values: int = 0, ship_word: str = "", goods: int = 0) -> int:
    """How many pages `grid` takes for these labels and rows, or more than it could ever
    take (one more than the labels) where its places are not a finger tall."""
    laid = grid(c, rect, labels, 0, word, values, ship_word, goods)
    if any(cell.h < c.u(56) for cell in laid.cells):
        return len(labels) + 1
    return laid.pages


def inner(c: Canvas, box: pygame.Rect) -> pygame.Rect:
    """The text's room in a place whose cards are all revealed."""
    return layout.inset(box, c.u(4))


def side_by_side(c: Canvas, box: pygame.Rect, count: int) -> list[pygame.Rect]:
    """A place shared by `count` buttons (cards that read otherwise since it was made)."""
    if count <= 1:
        return [box]
    return layout.columns(box, [None] * count, c.u(8))


@value
class Goods:
    """The ship's goods: its name, the three goods so far, the way back, the five goods
    to tap (each with its name below)."""

    name: pygame.Rect
    slots: tuple[pygame.Rect, ...]
    other: pygame.Rect
    goods: tuple[pygame.Rect, ...]
    under: tuple[pygame.Rect, ...]


def goods(c: Canvas, rect: pygame.Rect, other_labels: Sequence[str]) -> Goods:
    """One row: which ship, its three goods so far, the way back to the cards (as wide as
    the longest word of `other_labels` needs); below it the five goods."""
    flow = layout.Flow(c, rect, c.u(8))
    size = c.u(56)
    gap = c.u(8)
    row = flow.take(size)
    f = font(c.px(BODY))
    other_w = max(c.u(120), max(f.size(w)[0] for w in " ".join(other_labels).split())
                  + c.u(28))
    name, slots, other = layout.columns(row, [None, 3 * size + 2 * gap, other_w], gap)
    cells, under = goods_row(c, flow.rest(), gap, c.u(96))
    return Goods(name=name, slots=tuple(layout.columns(slots, [size] * 3, gap)), other=other,
                 goods=tuple(cells), under=tuple(under))
