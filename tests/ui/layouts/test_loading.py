"""companion/ui/layouts/loading.py: Loading's places, without a UI or a game."""

from __future__ import annotations

import itertools

import pygame
import pytest

from companion.engine.words import GOODS
from companion.ui.canvas import Canvas
from companion.ui.i18n import set_language
from companion.ui.layouts import loading as places

#: The phase's part beside the panels (landscape) and under them (portrait), 800x480 and
#: 480x800, below the cubes.
ROOMS = {(800, 480): pygame.Rect(258, 152, 534, 248), (480, 800): pygame.Rect(8, 420, 464, 300)}


def canvas(size):
    return Canvas(pygame.Surface(size))


def apart(rects):
    """No two rects overlap, and each is at least a finger (56 px at 800x480) square."""
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)
    for r in rects:
        assert r.w >= 56 and r.h >= 56, r


@pytest.mark.parametrize("size", list(ROOMS))
def test_the_places_and_their_arrows_never_overlap_and_stay_on_the_room(size):
    c, room = canvas(size), ROOMS[size]
    labels = [f"Ca \u2192 Co\u00b7Te\u00b7Sa\u00b7Ca {k}" for k in range(14)]
    grid = places.grid(c, room, labels, 1)
    assert grid.paged and grid.prev is not None and grid.next is not None
    shown = [*grid.cells, grid.prev, grid.next]
    apart(shown)
    assert all(room.contains(r) for r in shown)
    # The same data gives the same places; another page puts its places in the same spots.
    again = places.grid(c, room, labels, 1)
    assert again.cells == grid.cells and again.prev == grid.prev
    first = places.grid(c, room, labels, 0)
    assert first.cells == grid.cells[:len(first.cells)]
    assert first.back is None and first.ahead == 1 and grid.back == -1


def test_three_columns_where_every_label_fits_two_lines_else_two():
    c, room = canvas((800, 480)), ROOMS[(800, 480)]
    short = ["Ca \u2192 Co\u00b7Te", "Sa \u2192 Market hall"]
    assert places.grid(c, room, short, 0, narrowest=places.NARROWEST).cols == 3
    long = [*short, "Warehouse: Ca \u2192 Market hall and a good deal more words"]
    assert places.grid(c, room, long, 0, narrowest=places.NARROWEST).cols == 2
    # Once chosen, the columns stay (a long label gone moves nothing).
    assert places.grid(c, room, short, 0, cols=2, narrowest=places.NARROWEST).cols == 2


@pytest.mark.parametrize("size", list(ROOMS))
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_conversions_row_holds_its_set_and_five_goods_a_finger_square(size, language):
    set_language(language)
    try:
        c, room = canvas(size), ROOMS[size]
        plan = places.choices_plan(c, room, ["Ca \u2192 Co\u00b7Te"] * 3, 2, 0)
        assert len(plan.rows) == 2
        for row in plan.rows:
            assert len(row.goods) == len(GOODS)
            apart([*row.goods, *(r for other in plan.rows if other is not row
                                 for r in other.goods), *plan.grid.cells])
            assert row.heading.right <= row.goods[0].left
            assert all(room.contains(r) for r in row.goods)
            # The set's words fit the room left of the goods.
            heading = "Co + Te + Sa \u2192"
            size_px = places.heading_size(c, row.heading, heading)
            assert c.wrap(heading, row.heading.w, size_px)
        # The choices begin below the rows: nothing of one is under the other.
        assert min(cell.top for cell in plan.grid.cells) > plan.rows[-1].goods[0].bottom
    finally:
        set_language("en")


def test_rows_only_where_two_finger_rows_are_left_for_the_choices():
    c = canvas((480, 800))
    assert places.set_rows_fit(c, pygame.Rect(8, 420, 464, 300), 2) == 2
    assert places.set_rows_fit(c, pygame.Rect(8, 420, 464, 180), 2) == 0
    assert places.set_rows_fit(c, pygame.Rect(8, 420, 464, 190), 2) == 1


@pytest.mark.parametrize("size", list(ROOMS))
def test_the_cubes_lie_apart_after_the_badge_and_the_choices_below_them(size):
    c = canvas(size)
    area = pygame.Rect(ROOMS[size].x, ROOMS[size].y - 130, ROOMS[size].w, 380)
    cubes = [("coffee", "dock"), ("tea", "dock"), ("spice", "dock"), ("rubber", "market"),
             ("carpet", "warehouse")]
    room = places.lead(c, "Anna", area.w, cubes)
    rows = places.cube_places(c, cubes, area.w, None, room)[1]
    plan = places.cubes_plan(c, area, cubes, [0, 1, 2], room, rows)
    boxes = [box for _index, box in plan.cubes]
    assert sorted(index for index, _box in plan.cubes) == [0, 1, 2, 3]
    apart(boxes)
    assert all(area.contains(box) for box in boxes)
    assert all(box.left >= area.x + room for box in boxes[:1])
    assert plan.rest.top > max(box.bottom for box in boxes)
    # A cube gone leaves its place empty: the others keep theirs.
    fewer = places.cubes_plan(c, area, cubes[1:], [None, 0, 1], room, rows)
    assert [box for _i, box in fewer.cubes][:2] == boxes[1:3]


def test_the_pages_the_choices_take_below_the_rows():
    c, room = canvas((800, 480)), ROOMS[(800, 480)]
    fits = places.fit(c, pygame.Rect(room.x, room.y + places.rows_height(c, 1), room.w,
                                     room.h - places.rows_height(c, 1)), [],
                      narrowest=places.NARROWEST)[2]
    assert places.pages(c, room, 1, fits) == 1
    # One more: a page gives its last place to the arrows.
    assert places.pages(c, room, 1, fits + 1) == 2
    assert places.pages(c, room, 1, 2 * (fits - 1) + 1) == 3
    assert places.pages(c, room, 0, fits + 1) == 1  # without the row, a row of places more


def test_an_emptied_page_of_fixed_places_is_not_turned_to():
    """Loading, page 2 shown: its moves took every choice of page 1, and "‹" led the table
    to a blank page. An arrow is live only towards a page with a choice left, and turns
    straight to the nearest one."""
    c = Canvas(pygame.Surface((800, 480)))
    room = pygame.Rect(258, 150, 534, 180)  # 2 x 2 places: three choices and the arrows
    per = 3
    choices = [f"Choice {i}" for i in range(3 * per)]

    def arrows(labels: list[str], page: int) -> tuple[int | None, int | None]:
        grid = places.grid(c, room, labels, page)
        assert grid.paged and len(grid.cells) <= per
        return grid.back, grid.ahead

    assert arrows(choices, 1) == (-1, 1)
    assert arrows(["", "", "", *choices[per:2 * per]], 1) == (None, None)
    assert arrows([*choices[:per], "", "", "", *choices[2 * per:]], 2) == (-2, None)


@pytest.mark.parametrize("size", list(ROOMS))
def test_the_sets_rows_page_with_their_arrows_beside_them_where_the_words_keep_room(size):
    """The choice that gathers the conversions' sets shows their rows: at 800x480 "‹ ›"
    take a column beside the rows, so a page holds three sets (it held two, the arrows in
    a row of their own: a player with four sets turned a page for the third); in portrait
    the rows keep the width their set's words need, the arrows in the last row."""
    c, whole = canvas(size), ROOMS[size]
    room = pygame.Rect(whole.x, whole.y, whole.w, 190)  # five players' (found at 800x480)
    pages = [places.sets_plan(c, room, 4, page) for page in range(2)]
    (first, rows), (second, rows2) = pages
    assert first.paged and first.prev is not None and first.next is not None
    arrows = (first.prev, first.next)
    targets = [*arrows, *(box for row in rows for box in row.goods)]
    apart(targets)
    for rect in targets:
        assert room.contains(rect), (rect, room)
    assert (second.prev, second.next) == arrows  # the arrows keep their places
    assert first.back is None and first.ahead == 1 and second.back == -1
    if size == (800, 480):
        assert len(rows) == 3 and len(rows2) == 1  # three sets a page, then the fourth
        assert all(r.heading.w >= places.SET_WORDS for r in rows)
        assert first.prev.x > max(box.right for row in rows for box in row.goods)
    else:
        assert len(rows) + len(rows2) == 4
        assert first.prev.y >= max(box.bottom for row in rows for box in row.goods)


@pytest.mark.parametrize("size", list(ROOMS))
def test_the_player_s_stripe_lies_in_the_gap_left_of_the_moves_or_nowhere(size):
    c, room = canvas(size), ROOMS[size]
    stripe = places.stripe(c, room)
    assert stripe is not None and stripe.right <= room.x and stripe.x >= 0
    assert (stripe.top, stripe.bottom) == (room.top, room.bottom)
    assert places.stripe(c, room.move(-room.x, 0)) is None  # no gap at the screen's edge


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_a_conversions_words_end_where_its_goods_begin(size):
    """A conversion's row: its set's words ("Te + Te + Sa →") end a gap before its first
    good, so the arrow points at the goods and the arrows of two rows line up, however
    wide the row (they once sat at the far left, a hand's width from the goods)."""
    from companion.ui.canvas import font
    from companion.ui.tokens import GAP, TIGHT

    c = canvas(size)
    row = pygame.Rect(c.u(258), c.u(152), c.w - c.u(266), c.u(56))
    lines = [places._set_line(c, give, (), places.set_row(c, row))
             for give in ((("tea", "dock"), ("tea", "dock"), ("saffron", "dock")),
                          (("coffee", "dock"), ("rubber", "warehouse"), ("carpet", "dock")))]
    for line in lines:
        words, first = line.row.heading, line.row.goods[0]
        assert words.right == first.x - c.u(GAP)
        assert words.w == font(c.px(line.size)).size(line.heading)[0] + c.u(TIGHT)
        assert words.x >= row.x and words.y == first.y and words.h == first.h
    assert lines[0].row.heading.right == lines[1].row.heading.right


def test_a_conversions_words_too_long_for_the_row_keep_the_whole_room():
    c = canvas((480, 800))
    row = places.set_row(c, pygame.Rect(8, 420, 330, 56))
    line = places._set_line(c, (("tea", "dock"), ("tea", "dock"), ("saffron", "dock")), (),
                            row)
    assert line.row.heading == row.heading
