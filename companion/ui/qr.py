"""QR codes drawn into pygame surfaces (the BG Stats hand-off, docs/after-the-game.md).

The code itself is made by the `qrcode` package (maintained, pure Python, no
dependencies). It was measured against `segno` with `python -X importtime`:
about 15-40 ms against 40-120 ms to import on the development machine, and
about 3x faster to build the same 700-character code; it is imported only
when a code is first drawn, so it costs nothing at start.

The drawing follows what phones need to read a code off a screen: dark
modules on white, a quiet zone of 4 modules all round, sharp edges (no blur
from scaling) and modules as large as the room allows. Error correction is level
L: a screen has no dirt or creases, and the lowest level keeps the modules
largest for a link this long.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from companion.ui.tokens import QR_DARK as DARK
from companion.ui.tokens import QR_LIGHT as LIGHT

QUIET = 4
"""The light border, in modules, that scanners need around the code."""


@lru_cache(maxsize=8)
def matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the smallest QR code (level L) holding `text`, without quiet zone."""
    import qrcode  # lazily: only a finished game draws a code
    from qrcode.constants import ERROR_CORRECT_L

    code = qrcode.QRCode(error_correction=ERROR_CORRECT_L, border=0)
    code.add_data(text)
    code.make(fit=True)
    return tuple(tuple(bool(v) for v in row) for row in code.get_matrix())


@lru_cache(maxsize=8)
def fits(text: str) -> bool:
    """Whether `text` fits in a QR code at all (version 40, level L: 2,953 bytes)."""
    from qrcode.exceptions import DataOverflowError

    try:
        matrix(text)
    except (DataOverflowError, ValueError):
        return False
    return True


def modules(text: str) -> int:
    """The code's width in modules, quiet zone included."""
    return len(matrix(text)) + 2 * QUIET


def module_px(text: str, side: int) -> float:
    """Pixels per module when the code (quiet zone included) fills a `side`-pixel square.

    Whole pixels from 4 up (every module the same size); below that, the
    fraction that fills the square, since a bigger code reads better than an
    even one (nearest-neighbour scaling keeps the edges sharp).
    """
    if not fits(text):
        return 0.0
    exact = side / modules(text)
    return float(int(exact)) if exact >= 4 else exact


@lru_cache(maxsize=8)
def _surface(text: str, size: int) -> pygame.Surface:
    rows = matrix(text)
    n = len(rows)
    small = pygame.Surface((n + 2 * QUIET, n + 2 * QUIET))
    small.fill(LIGHT)
    for y, row in enumerate(rows):
        for x, on in enumerate(row):
            if on:
                small.set_at((x + QUIET, y + QUIET), DARK)
    return pygame.transform.scale(small, (size, size))


def surface(text: str, side: int) -> pygame.Surface | None:
    """The code as large as fits in a `side`-pixel square (None below 2 px per module)."""
    scale = module_px(text, side)
    if scale < 2:  # too small to read, or too long for any code (`fits`)
        return None
    return _surface(text, round(scale * modules(text)))


def draw(target: pygame.Surface, text: str, rect: pygame.Rect) -> pygame.Rect | None:
    """Draw the code centred in `rect`, as large as fits; the rectangle it covers."""
    image = surface(text, min(rect.w, rect.h))
    if image is None:
        return None
    where = image.get_rect(center=rect.center)
    target.blit(image, where)
    return where


__all__ = ["DARK", "LIGHT", "QUIET", "draw", "fits", "matrix", "module_px", "modules",
           "surface"]
