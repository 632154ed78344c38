"""A column of texts filled from the top, placed without drawing: `layout.Flow`'s places,
for a layout (the Phones, help, enroll and hardware layouts use it).

`layout.Flow` places and draws in one go, so a scene that used it worked out where its
texts go while painting them. `Stack` gives the same places first: `Stack.text` returns
the box `layout.draw_text` draws the text into (what was left of the column), and moves
below what the text takes there, exactly as `Flow.text` does; the scene then paints
`layout.draw_text(c, text, box, size, colour, role=..., max_lines=...)` with the same
size, role and line limit, and the text lands where the Flow would have put it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.ui.canvas import BODY, Canvas, font
from companion.ui.hyphen import SOFT, plain
from companion.ui.layout import fit, line_height


def taken(c: Canvas, text: str, box: pygame.Rect, size: int = BODY,
          role: str | None = None, max_lines: int | None = None) -> pygame.Rect:
    """The rectangle `layout.draw_text` (left and top aligned) takes drawing `text` in `box`:
    its lines' height, or more where a line's glyphs reach below it (an accented capital),
    as wide as its widest line."""
    fitted = fit(c, text, box.w, box.h, size, role, max_lines)
    step = line_height(c, fitted.size)
    f = font(c.px(fitted.size))
    used = pygame.Rect(box.x, box.y, 0, step * len(fitted.lines))
    for k, line in enumerate(fitted.lines):
        w, h = f.size(plain(line) if SOFT in line else line)
        used.union_ip(pygame.Rect(box.x, box.y + k * step, w, h))
    return used


class Stack:
    """`layout.Flow` without the drawing: each piece takes the height it needs, the next
    goes below it with `gap` between."""

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

    def text(self, text: str, size: int = BODY, *, role: str | None = None,
             max_lines: int | None = None) -> pygame.Rect:
        """The box to draw `text` into (`layout.draw_text` with this size, role and line
        limit); an empty text takes nothing (and is not to be drawn)."""
        box = self.rest()
        if not text:
            return pygame.Rect(box.x, box.y, box.w, 0)
        self.y = taken(self.c, text, box, size, role, max_lines).bottom + self.gap
        return box

    def texts(self, items: Sequence[tuple[str, int]]) -> tuple[pygame.Rect, ...]:
        """The boxes of these (text, size) pieces, one below the other."""
        return tuple(self.text(text, size) for text, size in items)
