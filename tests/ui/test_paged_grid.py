"""`layout.paged_grid`: its "‹ ›" buttons stay inside the area it is given, at every
height. Found by the touch games with real printed values (tests/ui/test_real_value_games.py):
Loading's choices of four contracts in an area 2 x 56 + 8 px tall put "›" 8 px below it,
over the gap kept above the bottom bar and touching "Loading done"."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import layout
from companion.ui.canvas import Canvas

LABELS = [f"Contract Co\u00b7Te\u00b7Ru\u00b7Sa {i}" for i in range(9)]


@pytest.mark.parametrize("height", range(56, 200, 4))
def test_the_page_buttons_stay_in_the_area(height):
    c = Canvas(pygame.Surface((800, 480)))
    c.body = pygame.Rect(0, 0, 800, 480)
    area = pygame.Rect(258, 100, 534, height)
    layout.paged_grid(c, area, LABELS, c.u(8), 0, lambda step: None)
    frame = c.describe("loading", "en")
    buttons = [t for t in frame["targets"] if t["label"] in ("\u2039", "\u203a")]
    assert len(buttons) == 2
    for target in frame["targets"]:
        x, y, w, h = target["rect"]
        assert area.contains(pygame.Rect(x, y, w, h)), (target["label"], target["rect"], area)
