"""`layout.fit` finds the largest size that fits by a binary search, and remembers it: the
answer is the one a size-by-size search from the top gives."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import canvas, layout
from companion.ui.canvas import BODY, LARGE, ROLE_MIN, Canvas

TEXTS = [
    "Speicherstadt",
    "Loading: where does the coffee go? Tap a cube, then where it goes.",
    "Gew\u00fcrz\u00adh\u00e4nd\u00adler und Kaffee\u00adr\u00f6s\u00adterei",
    "Feuerwehrm\u00e4nner 2  Kontor 3/3  Lagerhaus 4",
    "A",
    "",
]


def linear(c: Canvas, text: str, width: int, height: int | None, size: int) -> int | None:
    """The first size from `size` down that fits, as the search did before."""
    role = "key" if size >= LARGE else "body" if size >= BODY else "secondary"
    for s in range(size, min(size, ROLE_MIN[role]) - 1, -1):
        lines = c.wrap(text, width, s)
        limit = 99 if height is None else max(1, height // layout.line_height(c, s))
        f = canvas.font(c.px(s))
        if len(lines) <= limit and all(f.size(x)[0] <= width for x in lines):
            return s
    return None


@pytest.mark.parametrize("surface_size", [(800, 480), (480, 800), (1280, 720)])
def test_fit_agrees_with_a_search_from_the_top(surface_size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    c = Canvas(pygame.Surface(surface_size))
    for text in TEXTS:
        for width in (40, 90, 160, 300, 700):
            for height in (None, 30, 60, 200):
                for size in (BODY, LARGE, 48):
                    expected = linear(c, text, width, height, size)
                    got = layout.fit(c, text, width, height, size)
                    assert got is layout.fit(c, text, width, height, size)  # remembered
                    if expected is None:
                        assert got.cut, (text, width, height, size)
                    else:
                        assert (got.size, got.cut) == (expected, False), (
                            text, width, height, size)
