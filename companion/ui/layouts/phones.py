"""The Phones screen's places (`companion/ui/scenes/phones.py`): the code's square, as
high as the body in landscape or as wide as it in portrait, the text column beside or
below it, and its buttons at its bottom (with the table's Wi-Fi, a row above them turns
between the Wi-Fi's code and the page's: one code at a time, each as large as the screen
allows; two side by side left the text a column too narrow to read at 800x480).

The squares are the room each code has; `qr.draw` centres the code in its square, as
large as its whole-pixel modules allow (docs/phones.md, "The code's size")."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui.canvas import Canvas
from companion.ui.layouts.stack import Stack
from companion.ui.tokens import FINGER, GAP, WIDE

#: The share of the body's width (%) the code may take in landscape; in portrait, the
#: share of the body's height.
ALONE, PORTRAIT = 60, 45


@value
class PhonesPlan:
    #: A square for each code, in their order (the page's first).
    squares: tuple[pygame.Rect, ...]
    #: The text column (beside the codes in landscape, below them in portrait).
    info: pygame.Rect
    #: "New address" and "Close", side by side at the bottom of the text column.
    rotate: pygame.Rect
    close: pygame.Rect
    #: The button that turns to the other code, across the column above them (None: one
    #: code only, no Wi-Fi).
    switch: pygame.Rect | None = None


def place(c: Canvas, body: pygame.Rect, codes: int, wifi: bool) -> PhonesPlan:
    """The places of `codes` codes (0 or 1: the one shown), the text column and the
    buttons; `wifi`: the table's Wi-Fi has a code too, so a row above the buttons turns
    between the two."""
    pad = c.u(GAP)
    landscape = c.w >= c.h
    side = body.h if landscape else min(body.w, body.h * PORTRAIT // 100)
    if landscape:
        side = min(side, body.w * ALONE // 100)
    x, y = body.x, body.y
    squares = []
    for _code in range(codes):
        squares.append(pygame.Rect(x, y, side, side))
        if landscape:
            x += side + pad
        else:
            y += side + pad
    if landscape:
        info = pygame.Rect(x + c.u(GAP), body.y + c.u(GAP), body.right - x - c.u(WIDE), body.h)
    else:
        info = pygame.Rect(body.x + c.u(WIDE), y, body.w - c.u(2 * WIDE), body.bottom - y)
    h = c.u(FINGER)
    row = pygame.Rect(info.x, body.bottom - pad - h, info.w, h)
    half = (row.w - c.u(GAP)) // 2
    if wifi:  # the texts end above the switch
        info.h = row.y - h - pad - info.y
    return PhonesPlan(squares=tuple(squares), info=info,
                      rotate=pygame.Rect(row.x, row.y, half, h),
                      close=pygame.Rect(row.right - half, row.y, half, h),
                      switch=pygame.Rect(row.x, row.y - h - pad, row.w, h) if wifi else None)


def texts(c: Canvas, plan: PhonesPlan, items: Sequence[tuple[str, int]]
          ) -> tuple[pygame.Rect, ...]:
    """The boxes of the text column's texts, (text, size) each, from its top."""
    return Stack(c, plan.info, c.u(GAP)).texts(items)
