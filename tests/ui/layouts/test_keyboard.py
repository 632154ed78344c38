"""companion/ui/layouts/keyboard.py: the name keyboard's places, worked out without
drawing."""

from __future__ import annotations

import pygame
import pytest

from companion.ui.layouts import keyboard as places
from companion.ui.scenes.keyboard import LAYOUTS
from tests.ui.layouts.rooms import body_of

SIZES = [(800, 480), (1024, 600), (1920, 1080), (480, 800)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", sorted(LAYOUTS))
def test_every_key_once_in_order_a_finger_wide_apart_and_on_screen(size, language):
    c, body = body_of(size)
    rows = LAYOUTS[language]
    plan = places.keyboard(c, body, "Name of Red:", rows)
    assert "".join(char for char, _rect in plan.keys) == "".join(rows)
    rects = [rect for _char, rect in plan.keys] + [plan.space, plan.erase]
    g = 2 * c.u(8)  # 8 px apart at least (docs/ui.md)
    for i, rect in enumerate(rects):
        assert rect.w >= c.u(56) and body.contains(rect), rect
        assert all(not rect.inflate(g, g).colliderect(other) for other in rects[i + 1:])
    assert plan.label is not None and not plan.label.colliderect(plan.field)
    assert all(plan.field.bottom < rect.top for rect in rects)
    assert plan.field.contains(pygame.Rect(*plan.text_at, plan.text_room, 0))


def test_portrait_puts_the_same_keys_on_more_rows():
    c, body = body_of((480, 800))
    rows = LAYOUTS["de"]
    plan = places.keyboard(c, body, "", rows)
    assert len({rect.y for _char, rect in plan.keys}) > len(rows)
    c, body = body_of((800, 480))
    plan = places.keyboard(c, body, "", rows)
    assert len({rect.y for _char, rect in plan.keys}) == len(rows)


def test_without_a_name_the_field_takes_the_whole_width():
    c, body = body_of((800, 480))
    named = places.keyboard(c, body, "Name of Purple:", LAYOUTS["en"])
    plain = places.keyboard(c, body, "", LAYOUTS["en"])
    assert plain.label is None and plain.field.w > named.field.w
    assert named.field.left == named.label.right and named.field.right == plain.field.right
    assert named.keys == plain.keys


def test_the_same_data_give_the_same_places():
    c, body = body_of((800, 480))
    assert places.keyboard(c, body, "Name of Red:", LAYOUTS["fr"]) == places.keyboard(
        c, body, "Name of Red:", LAYOUTS["fr"])
