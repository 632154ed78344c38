"""companion/ui/layouts/phones.py: the Phones screen's places, over the whole window (the
screen draws its own buttons), landscape and portrait."""

from __future__ import annotations

import pygame
import pytest

from companion.ui.canvas import BODY, LARGE, SMALL, Canvas
from companion.ui.layouts import phones as places
from companion.ui.layouts.stack import taken
from tests.ui.framecheck import GAP_PX, TARGET_PX, at_least, gap, inside_rect, scale


def window(size: tuple[int, int]) -> tuple[Canvas, pygame.Rect]:
    c = Canvas(pygame.Surface(size))
    return c, pygame.Rect(0, 0, *size)  # full screen: the body is the window


def check_buttons(c: Canvas, body: pygame.Rect, plan: places.PhonesPlan) -> None:
    k = scale((c.w, c.h))
    for button in (plan.rotate, plan.close):
        assert inside_rect(button, body), (button, body)
        assert min(button.size) >= at_least(TARGET_PX, k), button
        assert all(not button.colliderect(square) for square in plan.squares)
    assert gap(plan.rotate, plan.close) >= at_least(GAP_PX, k)
    assert plan.rotate.left == plan.info.left and plan.close.right == plan.info.right
    assert plan.rotate.top == plan.close.top and body.bottom - plan.close.bottom == c.u(8)


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (1920, 1080)])
def test_in_landscape_the_page_code_is_as_high_as_the_screen_and_the_text_beside_it(size):
    c, body = window(size)
    plan = places.place(c, body, 1, wifi=False)
    (square,) = plan.squares
    assert square.topleft == body.topleft and square.w == square.h
    assert square.h == min(body.h, body.w * places.ALONE // 100)
    assert plan.info.left > square.right and plan.info.right < body.right
    check_buttons(c, body, plan)
    assert places.place(c, body, 1, wifi=False) == plan


@pytest.mark.parametrize("wifi", [False, True])
@pytest.mark.parametrize("size", [(480, 800), (600, 1024)])
def test_in_portrait_the_code_is_as_wide_as_the_screen_and_the_text_below_it(size, wifi):
    c, body = window(size)
    plan = places.place(c, body, 1, wifi=wifi)
    side = min(body.w, body.h * places.PORTRAIT // 100)
    assert [s.size for s in plan.squares] == [(side, side)]
    assert plan.info.top > plan.squares[-1].bottom and inside_rect(plan.info, body)
    check_buttons(c, body, plan)


def test_without_a_code_the_text_starts_at_the_top():
    c, body = window((800, 480))
    plan = places.place(c, body, 0, wifi=False)
    assert plan.squares == ()
    assert plan.info.topleft == (c.u(8), c.u(8))
    check_buttons(c, body, plan)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_wifi_one_code_keeps_the_room_and_a_switch_sits_above_the_buttons(size):
    c, body = window(size)
    alone, beside = places.place(c, body, 1, wifi=False), places.place(c, body, 1, wifi=True)
    assert beside.squares == alone.squares and alone.switch is None
    switch = beside.switch
    assert switch is not None and switch.w == beside.info.w
    assert switch.bottom + c.u(8) == beside.rotate.top and min(switch.size) >= c.u(56)
    assert beside.info.bottom <= switch.top  # the texts end above it


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_texts_go_down_the_column_in_their_order(size):
    c, body = window(size)
    plan = places.place(c, body, 1, wifi=False)
    items = [("Phones", LARGE), ("The table's game on your phone", BODY),
             ("Scan with the phone's camera: score, coins, fires, each tableau and the rules, "
              "live, in the phone's language.", SMALL), ("http://10.42.0.1:8080/", SMALL)]
    boxes = places.texts(c, plan, items)
    assert boxes[0].topleft == plan.info.topleft
    used = [taken(c, text, box, text_size) for (text, text_size), box in zip(items, boxes,
                                                                              strict=True)]
    for above, below in zip(used, used[1:], strict=False):
        assert above.bottom + c.u(8) == below.top
    assert all(inside_rect(piece, plan.info) for piece in used)
    assert not any(piece.colliderect(b) for piece in used for b in (plan.rotate, plan.close))
