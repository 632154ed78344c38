"""A tableau's layout (`companion.ui.layouts.tableau`): the header and key numbers on top,
the contracts' boxes side by side and wrapping, each symbol in its box, the stores under
them, the cards between them and the corrections, which are full-sized targets at the
bottom; in landscape and portrait."""

from __future__ import annotations

import math

import pygame
import pytest

from companion.ui.bar import BAR
from companion.ui.canvas import Canvas
from companion.ui.layouts.stack import text_box as text_box
from companion.ui.layouts.tableau import tableau_layout

SIZES = [(800, 480), (480, 800), (1024, 600), (1920, 1080)]
STATS = ["coins", "track", "firemen", "score now"]
STORES = [("Warehouse:", 2), ("Market hall:", 1), ("On ships:", 0)]


def plan_at(size, contracts=(("Contract Co·Ca·Th", 3), ("Contract Th·Co", 2))):
    c = Canvas(pygame.Surface(size))
    body = pygame.Rect(0, 0, size[0], size[1] - c.u(BAR))
    return c, body, tableau_layout(c, body, stats=STATS, contracts_heading="Contracts",
                                   contracts=contracts, stores=STORES, correct="Correct:",
                                   cards_heading="Cards (7)")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_corrections_are_full_sized_targets_apart_at_the_bottom(size):
    _c, body, plan = plan_at(size)
    k = min(size) / 480
    assert len(plan.fixes) == 4
    for fix in plan.fixes:
        assert body.contains(fix)
        assert fix.w >= math.floor(56 * k) and fix.h >= math.floor(56 * k)
    for i, a in enumerate(plan.fixes):
        for b in plan.fixes[i + 1:]:
            assert not a.inflate(math.floor(8 * k) - 1, math.floor(8 * k) - 1).colliderect(b)
    assert max(fix.bottom for fix in plan.fixes) >= body.bottom - math.ceil(6 * k) - 1
    assert plan.correct[0] < min(fix.x for fix in plan.fixes)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_parts_come_one_under_the_other_and_nothing_overlaps(size):
    c, body, plan = plan_at(size)
    heading = text_box(c, "Contracts", plan.contracts_heading, 18)
    assert heading.y > plan.badge[1]
    assert all(box.box.y >= heading.bottom for box in plan.contracts)
    boxes = [box.box for box in plan.contracts]
    assert all(body.contains(box) for box in boxes)
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    for box in plan.contracts:
        assert all(box.box.contains(symbol) for symbol in box.symbols)
        assert not any(a.colliderect(b) for i, a in enumerate(box.symbols)
                       for b in box.symbols[i + 1:])
    lowest = max(box.bottom for box in boxes)
    cubes = [cube for store in plan.stores for cube in store.cubes]
    assert len(cubes) == 3 and all(cube.y > lowest for cube in cubes)
    assert all(store.label[1] > lowest for store in plan.stores)
    assert not any(a.colliderect(b) for i, a in enumerate(cubes) for b in cubes[i + 1:])
    assert plan.cards_heading.y > max(cube.bottom for cube in cubes)
    assert plan.cards.bottom < min(fix.y for fix in plan.fixes)


def test_portrait_puts_the_key_numbers_on_rows_of_their_own():
    _c, _b, wide = plan_at((800, 480))
    _c, _b, tall = plan_at((480, 800))
    # Beside the name, on its row: the labels above its middle, the numbers below.
    assert len({y for _x, y in wide.stat_labels}) == 1
    assert len({y for _x, y in wide.stat_numbers}) == 1
    assert wide.stat_labels[0][1] < wide.name[1] < wide.stat_numbers[0][1]
    assert all(x > wide.name[0] + wide.name_width for x, _y in wide.stat_labels)
    assert len({y for _x, y in tall.stat_labels}) == 2  # two by two under the name
    assert min(y for _x, y in tall.stat_labels) > tall.name[1]


def test_contracts_that_do_not_fit_a_row_go_on_the_next():
    contracts = tuple((f"Contract {i}", 3) for i in range(6))
    _c, body, plan = plan_at((480, 800), contracts)
    rows = sorted({box.box.y for box in plan.contracts})
    assert len(rows) > 1
    for box in plan.contracts:
        assert body.contains(box.box)


def test_without_contracts_there_is_no_heading_and_the_stores_move_up():
    _c, _b, some = plan_at((800, 480))
    _c, _b, none = plan_at((800, 480), ())
    assert none.contracts_heading is None and none.contracts == ()
    assert none.stores[0].label[1] < some.stores[0].label[1]
    assert none.fixes == some.fixes  # the corrections stay where they were


def test_the_same_tableau_gives_the_same_places():
    assert plan_at((1024, 600))[2] == plan_at((1024, 600))[2]
