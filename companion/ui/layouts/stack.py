"""A column of texts filled from the top, placed without drawing: `layout.Flow`'s places,
for a layout; and `text_box`, where `layout.draw_text` puts a text, found without drawing
it (the layouts of the side screens, Home, the setup guide and Settings use them).

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
from companion.ui.hyphen import plain
from companion.ui.layout import Flow, Room, fit, line_height


def text_box(c: Canvas, text: str, rect: pygame.Rect, size: int = BODY, *,
             role: str | None = None, align: str = "left", valign: str = "top",
             max_lines: int | None = None) -> pygame.Rect:
    """The rectangle `layout.draw_text(c, text, rect, size, …)` returns (the lines it
    takes), worked out without drawing."""
    fitted = fit(c, text, rect.w, rect.h, size, role, max_lines)
    step = line_height(c, fitted.size)
    total = step * len(fitted.lines)
    y = rect.y if valign == "top" else rect.centery - total // 2 if valign == "center" else \
        rect.bottom - total
    f = font(c.px(fitted.size))
    used = pygame.Rect(rect.x, y, 0, total)
    for line in fitted.lines:
        w, h = f.size(plain(line))
        x = rect.centerx - w // 2 if align == "center" else rect.right - w \
            if align == "right" else rect.x
        used.union_ip(pygame.Rect(x, y, w, h))
        y += step
    return used


def flow_text(c: Canvas, flow: Flow, text: str, size: int = BODY, *,
              role: str | None = None, align: str = "left",
              max_lines: int | None = None) -> pygame.Rect:
    """`flow.text(text, …)` without drawing: the box the text is to be fitted into (draw
    it there with `layout.draw_text` and the same arguments); `flow` goes on below it."""
    box = flow.rest()
    if text:
        used = text_box(c, text, box, size, role=role, align=align, max_lines=max_lines)
        flow.y = used.bottom + flow.gap
    return box


def taken(c: Canvas, text: str, box: pygame.Rect, size: int = BODY,
          role: str | None = None, max_lines: int | None = None) -> pygame.Rect:
    """The rectangle `layout.draw_text` (left and top aligned) takes drawing `text` in `box`:
    its lines' height, or more where a line's glyphs reach below it (an accented capital),
    as wide as its widest line."""
    return text_box(c, text, box, size, role=role, max_lines=max_lines)


class Stack(Room):
    """`layout.Flow` without the drawing: each piece takes the height it needs, the next
    goes below it with `gap` between."""

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
