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


# --- `layout.slot_grid` (Loading's fixed places): QA of issue 19 -------------------------------


def slot_page(labels: list[str], page: int) -> tuple[dict[str, bool], list[int]]:
    """The arrows of `slot_grid`'s page `page` (enabled or not) and the steps they turn."""
    c = Canvas(pygame.Surface((800, 480)))
    c.body = pygame.Rect(0, 0, 800, 480)
    steps: list[int] = []
    layout.slot_grid(c, pygame.Rect(258, 150, 534, 180), labels, page, steps.append)
    frame = c.describe("loading", "en")
    arrows = {t["label"]: t["enabled"] for t in frame["targets"]
              if t["label"] in ("\u2039", "\u203a")}
    for hit in c.hits:
        if hit.label in ("\u2039", "\u203a"):
            hit.action()
    return arrows, steps


def test_an_emptied_page_of_fixed_places_is_not_turned_to():
    """Loading, page 2 shown: its moves took every choice of page 1, and "‹" led the table
    to a blank page. An arrow is live only towards a page with a choice left, and turns
    straight to the nearest one."""
    per = 3  # this area holds 2 x 2 places: three choices and the arrows
    choices = [f"Choice {i}" for i in range(3 * per)]
    arrows, _steps = slot_page(choices, 1)
    assert arrows == {"\u2039": True, "\u203a": True}
    emptied = ["", "", "", *choices[per:2 * per]]
    arrows, steps = slot_page(emptied, 1)
    assert arrows == {"\u2039": False, "\u203a": False}
    assert steps == []
    gap = [*choices[:per], "", "", "", *choices[2 * per:]]
    arrows, steps = slot_page(gap, 2)
    assert arrows == {"\u2039": True, "\u203a": False}
    assert steps == [-2]
