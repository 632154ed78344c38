"""companion/ui/layouts/settings.py: the settings' places, worked out without drawing."""

from __future__ import annotations

from itertools import pairwise

import pytest

from companion.ui.canvas import BODY
from companion.ui.layouts import settings as places
from companion.ui.layouts.home import text_box
from tests.ui.layouts.rooms import body_of

WORDS = places.Words(title="Settings", phones="Phones", hardware="Hardware test")
ROWS = [("Language", ["English", "Deutsch", "Français"]),
        ("Purchase form", ["quick: buyer and price", "tracked: every worker"]),
        ("Display size", ["800×480", "1024×600", "1280×720", "1920×1080"]),
        ("Rotation", ["0°", "90°", "180°", "270°"])]


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1920, 1080), (480, 800)])
def test_every_choice_a_finger_big_apart_and_on_screen(size):
    c, body = body_of(size)
    plan = places.settings(c, body, WORDS, ROWS)
    targets = [plan.phones, plan.hardware]
    for row, (label, options) in zip(plan.rows, ROWS, strict=True):
        assert len(row.cells) == len(options)
        targets += row.cells
        # The name's lines (fitted from the top of its box, or centred in it) clear them.
        used = text_box(c, label, row.label, BODY, valign=row.valign)
        assert all(not used.colliderect(cell) for cell in row.cells)
    g = 2 * c.u(8)  # 8 px apart at least (docs/ui.md)
    for i, rect in enumerate(targets):
        assert rect.w >= c.u(56) and rect.h >= c.u(56) and body.contains(rect), rect
        assert all(not rect.inflate(g, g).colliderect(other) for other in targets[i + 1:])
    assert not plan.title.colliderect(plan.phones) and not plan.title.colliderect(plan.hardware)
    # Each setting below the one before.
    for above, below in pairwise(plan.rows):
        assert max(cell.bottom for cell in above.cells) < below.label.top


def test_portrait_puts_the_buttons_and_the_choices_below_their_names():
    c, body = body_of((480, 800))
    plan = places.settings(c, body, WORDS, ROWS)
    assert plan.phones.top >= plan.title.bottom
    assert plan.rows[1].valign == "top"
    assert all(cell.top > plan.rows[1].label.top for cell in plan.rows[1].cells)
    c, body = body_of((1024, 600))
    plan = places.settings(c, body, WORDS, ROWS)
    assert plan.phones.y == plan.title.y == plan.hardware.y
    assert plan.rows[0].valign == "center"
    assert all(cell.left >= plan.rows[0].label.right for cell in plan.rows[0].cells)


def test_the_same_data_give_the_same_places():
    c, body = body_of((800, 480))
    assert places.settings(c, body, WORDS, ROWS) == places.settings(c, body, WORDS, ROWS)
