"""Layout: rows, columns and grids cut from the window's own rectangles, and text fitted
into a box, so that a screen describes its structure and the sizes follow the window.

Lengths are in design pixels of the 800x480 panel, scaled by `Canvas.u`; rectangles are
real pixels. Text fits a box the way a reader would want it: at its size, else a smaller
size its role allows (never below the readable minimum, docs/ui.md), else wrapped onto
more lines, breaking long words only at their soft hyphens (U+00AD) or at a dictionary
hyphenation point, and only if none of that fits, cut with an ellipsis and marked as
cut in the frame description (docs/frames.md).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui.canvas import BODY, LARGE, ROLE_MIN, TEXT, Canvas, Colour, font
from companion.ui.tokens import FINGER, GAP, INFO_BG, PAD, TIGHT, WARN_BG, WIDE

#: The widest an answer's number grows (answers without goods).
MOST_NUMBER_W = 68
#: A goods cube's least and largest side in a button.
LEAST_CUBE, LARGEST_CUBE = 26, 32
#: The room between the two step buttons of a value question (its value shown there).
STEPS_APART = 120

#: `None` in a list of sizes: an equal share of what the fixed sizes leave.
FILL = None


def _split(total: int, sizes: Sequence[int | None], gap: int) -> list[int]:
    fixed = sum(s for s in sizes if s is not None)
    fills = sum(1 for s in sizes if s is None)
    left = max(0, total - fixed - gap * (len(sizes) - 1))
    share = left // fills if fills else 0
    return [share if s is None else s for s in sizes]


def rows(rect: pygame.Rect, sizes: Sequence[int | None], gap: int = 0) -> list[pygame.Rect]:
    """`rect` cut into rows of these heights (`FILL`: an equal share of the rest)."""
    out, y = [], rect.y
    for h in _split(rect.h, sizes, gap):
        out.append(pygame.Rect(rect.x, y, rect.w, h))
        y += h + gap
    return out


def columns(rect: pygame.Rect, sizes: Sequence[int | None], gap: int = 0) -> list[pygame.Rect]:
    """`rect` cut into columns of these widths (`FILL`: an equal share of the rest)."""
    out, x = [], rect.x
    for w in _split(rect.w, sizes, gap):
        out.append(pygame.Rect(x, rect.y, w, rect.h))
        x += w + gap
    return out


def grid(rect: pygame.Rect, count: int, cols: int, gap: int,
         cell_h: int | None = None) -> list[pygame.Rect]:
    """`count` cells, row by row, `cols` to a row, sharing `rect` (rows at most `cell_h`)."""
    cols = max(1, min(cols, count)) if count else 1
    n_rows = max(1, -(-count // cols))
    w = (rect.w - gap * (cols - 1)) // cols
    h = (rect.h - gap * (n_rows - 1)) // n_rows
    if cell_h is not None:
        h = min(h, cell_h)
    return [pygame.Rect(rect.x + (i % cols) * (w + gap), rect.y + (i // cols) * (h + gap), w, h)
            for i in range(count)]


def columns_for(width: int, count: int, least: int, gap: int, most: int = 6) -> int:
    """How many columns of at least `least` px fit `width` (1 to `most`)."""
    for cols in range(min(most, max(1, count)), 0, -1):
        if (width - gap * (cols - 1)) // cols >= least:
            return cols
    return 1


def inset(rect: pygame.Rect, dx: int, dy: int | None = None) -> pygame.Rect:
    return rect.inflate(-2 * dx, -2 * (dx if dy is None else dy))


@value
class Fitted:
    """Text fitted into a box: its lines, the design size they are drawn at, and whether
    any of it had to be cut."""

    lines: tuple[str, ...]
    size: int
    cut: bool

    def height(self, c: Canvas) -> int:
        return line_height(c, self.size) * len(self.lines)


def line_height(c: Canvas, size: int) -> int:
    return int(font(c.px(size)).get_linesize())


def wrap(c: Canvas, text: str, width: int, size: int) -> list[str]:
    """`text` in lines no wider than `width`, long words broken only where they may be."""
    return c.wrap(text, width, size)


#: (text, box, size, role, line limit, canvas scale) -> how it fits: every frame fits the
#: same strings into the same boxes again.
_fitted: dict[tuple[object, ...], Fitted] = {}
FIT_CACHE_ENTRIES = 2048


def fit(c: Canvas, text: str, width: int, height: int | None, size: int = BODY,
        role: str | None = None, max_lines: int | None = None) -> Fitted:
    """`text` fitted into `width` x `height` (None: any height): the largest size from
    `size` down to its role's minimum that fits, wrapped; else cut with an ellipsis."""
    key = (text, width, height, size, role, max_lines, c.s)
    got = _fitted.get(key)
    if got is None:
        if len(_fitted) >= FIT_CACHE_ENTRIES:
            _fitted.clear()
        got = _fitted[key] = _fit(c, text, width, height, size, role, max_lines)
    return got


def _fit(c: Canvas, text: str, width: int, height: int | None, size: int,
         role: str | None, max_lines: int | None) -> Fitted:
    role = role or ("key" if size >= LARGE else "body" if size >= BODY else "secondary")
    least = min(size, ROLE_MIN[role])

    def lines_at(s: int) -> list[str] | None:
        """The wrapped lines at size `s` if they fit, else None."""
        lines = wrap(c, text, width, s)
        limit = max_lines if max_lines is not None else 99
        if height is not None:
            limit = min(limit, max(1, height // line_height(c, s)))
        f = font(c.px(s))
        return lines if len(lines) <= limit and all(f.size(x)[0] <= width for x in lines) \
            else None

    # The largest size that fits: the design size first (what nearly all text gets), then
    # a binary search below it. Each size tried is a font opened and its glyphs measured
    # (~0.4 ms), and a shrinking title tried seven of them one by one at the start.
    got = lines_at(size)
    if got is not None:
        return Fitted(tuple(got), size, False)
    low, high, best = least, size - 1, None
    while low <= high:
        mid = (low + high) // 2
        at_mid = lines_at(mid)
        if at_mid is not None:
            best, low = (mid, at_mid), mid + 1
        else:
            high = mid - 1
    if best is not None:
        return Fitted(tuple(best[1]), best[0], False)
    chosen = least
    lines = wrap(c, text, width, chosen)
    limit = max_lines if max_lines is not None else 99
    if height is not None:
        limit = min(limit, max(1, height // line_height(c, chosen)))
    f = font(c.px(chosen))
    kept = lines[:limit]
    last = kept[-1] if kept else ""
    while last and f.size(last + "\u2026")[0] > width:
        last = last[:-1]
    kept[-1:] = [last.rstrip() + "\u2026"]
    return Fitted(tuple(kept), chosen, True)


def draw_text(c: Canvas, text: str, rect: pygame.Rect, size: int = BODY,
              colour: Colour = TEXT, *, role: str | None = None, align: str = "left",
              valign: str = "top", max_lines: int | None = None) -> pygame.Rect:
    """Fit `text` into `rect` and draw it; the rectangle its lines take."""
    fitted = fit(c, text, rect.w, rect.h, size, role, max_lines)
    step = line_height(c, fitted.size)
    total = step * len(fitted.lines)
    y = rect.y if valign == "top" else rect.centery - total // 2 if valign == "center" else \
        rect.bottom - total
    role = role or ("key" if size >= LARGE else "body" if size >= BODY else "secondary")
    used = pygame.Rect(rect.x, y, 0, total)
    for k, line in enumerate(fitted.lines):
        cut = fitted.cut and k == len(fitted.lines) - 1
        if align == "center":
            r = c.text(line, (rect.centerx, y), fitted.size, colour, anchor="midtop",
                       role=role, cut=cut, smallest=fitted.size)
        elif align == "right":
            r = c.text(line, (rect.right, y), fitted.size, colour, anchor="topright",
                       role=role, cut=cut, smallest=fitted.size)
        else:
            r = c.text(line, (rect.x, y), fitted.size, colour, role=role, cut=cut,
                       smallest=fitted.size)
        used.union_ip(r)
        y += step
    return used


def draw_message(c: Canvas, box: pygame.Rect, text_box: pygame.Rect, text: str,
                 error: bool) -> None:
    """A message in its `box` (the fault's colour or the note's), its words fitted into
    `text_box`: above a round screen's controls, or over the value question's texts."""
    c.rect(box, WARN_BG if error else INFO_BG)
    draw_text(c, text, text_box, BODY, TEXT, role="body", valign="center")


class Room:
    """A column filled from the top: each piece takes the height it needs, the next goes
    below it with `gap` between (`Flow` draws its texts as it goes; a layout's
    `layouts.stack.Stack` only places them)."""

    def __init__(self, c: Canvas, rect: pygame.Rect, gap: int) -> None:
        self.c = c
        self.rect = rect
        self.y = rect.y
        self.gap = gap

    def rest(self) -> pygame.Rect:
        """What is left below the pieces so far."""
        return pygame.Rect(self.rect.x, self.y, self.rect.w, max(0, self.rect.bottom - self.y))

    def take(self, height: int) -> pygame.Rect:
        """The next `height` px (at most what is left)."""
        got = pygame.Rect(self.rect.x, self.y, self.rect.w,
                          max(0, min(height, self.rect.bottom - self.y)))
        self.y = got.bottom + self.gap
        return got


class Flow(Room):
    """A column filled from the top, its texts drawn as they come (fitted to the width,
    wrapped)."""

    def text(self, text: str, size: int = BODY, colour: Colour = TEXT, *,
             role: str | None = None, align: str = "left", max_lines: int | None = None
             ) -> pygame.Rect:
        if not text:
            return pygame.Rect(self.rect.x, self.y, 0, 0)
        used = draw_text(self.c, text, self.rest(), size, colour, role=role, align=align,
                         max_lines=max_lines)
        self.y = used.bottom + self.gap
        return used


def width_for(c: Canvas, text: str, size: int, lines: int) -> int:
    """The narrowest width in which `text` wraps onto at most `lines` lines (words broken
    only where they may be); the width of its longest unbreakable piece at least."""
    f = font(c.px(size))
    low, high = 1, f.size(text.replace("\u00ad", ""))[0] + 1
    while low < high:
        mid = (low + high) // 2
        got = c.wrap(text, mid, size)
        if len(got) <= lines and all(f.size(x)[0] <= mid for x in got):
            high = mid
        else:
            low = mid + 1
    return low


def button_grid(c: Canvas, rect: pygame.Rect, labels: Sequence[str], gap: int, *,
                extra: int = 0, most_cols: int = 6, tallest: int | None = None,
                whole: bool = False) -> list[pygame.Rect]:
    """Cells for buttons with these labels (body size) in `rect`, row by row: the fewest
    columns whose rows, each as tall as its longest label needs (at least a finger, 56),
    fit the height; `extra`: room a cell needs beside its label (a badge). If none fits,
    as many columns as keep the rows a finger tall (long labels are then cut), or with
    `whole`, no cells at all (the caller shows fewer labels at a time: pages)."""
    n = len(labels)
    if not n:
        return []
    pad = c.u(PAD) + extra
    step = line_height(c, BODY)
    least = c.u(FINGER)
    f = font(c.px(BODY))
    for cols in range(1, min(most_cols, n) + 1):
        w = (rect.w - gap * (cols - 1)) // cols
        room = w - pad
        heights = []
        for start in range(0, n, cols):
            lines = [c.wrap(label, room, BODY) for label in labels[start:start + cols]]
            if any(f.size(x)[0] > room for got in lines for x in got):
                break
            most = max(len(got) for got in lines)
            heights.append(max(least, most * step + c.u(TIGHT)))
        else:
            spare = rect.h - sum(heights) - gap * (len(heights) - 1)
            if spare >= 0 and tallest is not None:
                # What is left makes the short rows taller, up to `tallest`.
                share = spare // len(heights)
                heights = [max(h, min(tallest, h + share)) for h in heights]
            if spare >= 0:
                out = []
                y = rect.y
                for i in range(n):
                    row, col = divmod(i, cols)
                    if col == 0 and row:
                        y += heights[row - 1] + gap
                    out.append(pygame.Rect(rect.x + col * (w + gap), y, w, heights[row]))
                return out
    if whole:
        return []
    cols = 1
    while cols < most_cols and (rect.h - gap * (-(-n // cols) - 1)) // -(-n // cols) < least:
        cols += 1
    return grid(rect, n, cols, gap, tallest)


def cube_width(c: Canvas, count: int) -> int:
    """The least width of a button showing `count` goods cubes side by side (their
    initials readable: `cube_row`)."""
    return count * c.u(LEAST_CUBE) + (count - 1) * c.u(TIGHT) + c.u(GAP)


def cube_row(c: Canvas, box: pygame.Rect, count: int) -> list[pygame.Rect]:
    """`count` goods cubes side by side, centred in the button `box`."""
    gap = c.u(TIGHT)
    size = max(1, min(c.u(LARGEST_CUBE), box.h - c.u(WIDE),
                      (box.w - c.u(GAP) - (count - 1) * gap) // count))
    width = count * size + (count - 1) * gap
    x, y = box.centerx - width // 2, box.centery - size // 2
    return [pygame.Rect(x + i * (size + gap), y, size, size) for i in range(count)]


def grouped_grid(c: Canvas, rect: pygame.Rect, groups: Sequence[tuple[int, int]], gap: int,
                 *, most: int | None = None) -> tuple[list[list[pygame.Rect]], int]:
    """Cells a finger tall for groups of buttons, each group (`count`, least width) in rows
    of its own from the top of `rect`, as few rows as the width allows and the rows
    balanced (10 in two rows: 5 and 5, not 7 and 3); cells at most `most` wide. Returns
    each group's cells and the height they take (it may exceed `rect.h`: the caller
    checks)."""
    row_h = c.u(FINGER)
    out: list[list[pygame.Rect]] = []
    y = rect.y
    for count, least in groups:
        cols = max(1, min(count, (rect.w + gap) // (least + gap)))
        lines = -(-count // cols)
        cols = -(-count // lines)
        w = (rect.w - gap * (cols - 1)) // cols
        if most is not None:
            w = min(w, max(least, most))
        cells = []
        for i in range(count):
            line, col = divmod(i, cols)
            cells.append(pygame.Rect(rect.x + col * (w + gap), y + line * (row_h + gap), w, row_h))
        out.append(cells)
        y += lines * (row_h + gap)
    return out, max(0, y - gap - rect.y)


@value
class AnswersPlaced:
    """Where the printed-value question's parts go (`answers_layout`)."""

    #: The rects of the texts kept, in their order (those that gave way are left out).
    texts: tuple[pygame.Rect, ...]
    #: Each group's answer cells.
    cells: tuple[tuple[pygame.Rect, ...], ...]
    #: The row of steps (− number +) for a number beyond the buttons, or None.
    steps: pygame.Rect | None


#: The lines a text above the answers may take (a guess of three goods, in German, takes
#: three at 480 px: "Aufgedruckter Wert? Kautschuk, Kaffee, Tee (unbestätigte Schätzung)").
ANSWER_TEXT_LINES = 3


def answers_layout(c: Canvas, area: pygame.Rect, texts: Sequence[tuple[str, int, str]],
                   groups: Sequence[tuple[int, int]], *, steps: bool) -> AnswersPlaced:
    """The printed-value question: `texts` (text, size, role) from the top, then the
    answers in `groups` (count, goods per answer: 0 for a number), then, with `steps`, a
    row of steps. The answers first: the texts give way from the last where room is
    short, never the answers. Numbers are as wide as ten in a row, whatever the question,
    so a number stays where the finger knows it from one question to the next."""
    gap = c.u(GAP)
    sized = [(count, cube_width(c, goods) if goods else c.u(FINGER)) for count, goods in groups]
    most = c.u(MOST_NUMBER_W) if all(goods == 0 for _count, goods in groups) else None
    _cells, need = grouped_grid(c, area, sized, gap, most=most)
    below = c.u(FINGER) + c.u(PAD) if steps else 0
    kept = [t for t in texts if t[0]]
    heights = [fit(c, text, area.w, None, size, role, max_lines=ANSWER_TEXT_LINES).height(c)
               for text, size, role in kept]
    while len(kept) > 1 and sum(heights) + gap * len(kept) + need + below > area.h:
        kept.pop()
        heights.pop()
    rects = []
    y = area.y
    for h in heights:
        rects.append(pygame.Rect(area.x, y, area.w, h))
        y += h + gap
    grid = pygame.Rect(area.x, y, area.w, max(0, area.bottom - y))
    cells, _need = grouped_grid(c, grid, sized, gap, most=most)
    row = pygame.Rect(grid.x, grid.y + need + c.u(PAD), c.u(FINGER) * 2 + c.u(STEPS_APART),
                      c.u(FINGER)) if steps else None
    return AnswersPlaced(texts=tuple(rects), cells=tuple(tuple(g) for g in cells), steps=row)

def grid_cells(rect: pygame.Rect, count: int, cols: int, height: int, gap: int
               ) -> list[pygame.Rect]:
    """`count` cells `cols` to a row, each `height` tall, the columns sharing the width."""
    w = (rect.w - gap * (cols - 1)) // cols
    return [pygame.Rect(rect.x + (k % cols) * (w + gap), rect.y + (k // cols) * (height + gap),
                        w, height) for k in range(count)]
