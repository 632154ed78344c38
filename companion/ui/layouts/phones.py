"""The Phones screen's places (`companion/ui/scenes/phones.py`): the codes' squares, as
high as the body in landscape (side by side) or as wide as it in portrait (one below the
other), the text column beside or below them, and its two buttons at its bottom.

The squares are the room each code has; `qr.draw` centres the code in its square, as
large as its whole-pixel modules allow (docs/phones.md, "The code's size")."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui.canvas import Canvas
from companion.ui.layouts.stack import Stack

#: The share of the body's width (%) a code may take in landscape: alone, and beside
#: another; in portrait, the share of the body's height.
ALONE, BESIDE, PORTRAIT = 60, 45, 45


@value
class PhonesPlan:
    #: A square for each code, in their order (the page's first).
    squares: tuple[pygame.Rect, ...]
    #: The text column (beside the codes in landscape, below them in portrait).
    info: pygame.Rect
    #: "New address" and "Close", side by side at the bottom of the text column.
    rotate: pygame.Rect
    close: pygame.Rect


def place(c: Canvas, body: pygame.Rect, codes: int, wifi: bool) -> PhonesPlan:
    """The places of `codes` codes (0 to 2: the page's, the Wi-Fi's), the text column and
    the buttons; `wifi`: the table's Wi-Fi has a code (in landscape each code then keeps
    to the share that lets two stand side by side, even where the page's is missing)."""
    pad = c.u(8)
    landscape = c.w >= c.h
    side = body.h if landscape else min(body.w, body.h * PORTRAIT // 100)
    if landscape:
        side = min(side, body.w * (BESIDE if wifi else ALONE) // 100)
    x, y = body.x, body.y
    squares = []
    for _code in range(codes):
        squares.append(pygame.Rect(x, y, side, side))
        if landscape:
            x += side + pad
        else:
            y += side + pad
    if landscape:
        info = pygame.Rect(x + c.u(8), body.y + c.u(8), body.right - x - c.u(16), body.h)
    else:
        info = pygame.Rect(body.x + c.u(16), y, body.w - c.u(32), body.bottom - y)
    h = c.u(56)
    row = pygame.Rect(info.x, body.bottom - pad - h, info.w, h)
    half = (row.w - c.u(8)) // 2
    return PhonesPlan(squares=tuple(squares), info=info,
                      rotate=pygame.Rect(row.x, row.y, half, h),
                      close=pygame.Rect(row.right - half, row.y, half, h))


def texts(c: Canvas, plan: PhonesPlan, items: Sequence[tuple[str, int]]
          ) -> tuple[pygame.Rect, ...]:
    """The boxes of the text column's texts, (text, size) each, from its top."""
    return Stack(c, plan.info, c.u(8)).texts(items)
