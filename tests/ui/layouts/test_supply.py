"""Supply's layout (`companion.ui.layouts.supply`): the places of the grid follow from the
room and the labels alone, a finger at least, apart, inside the room, in landscape and
portrait; the fireman's value row sits above them without taking a place of theirs."""

from __future__ import annotations

import pygame
import pytest

from companion.ui.canvas import Canvas
from companion.ui.i18n import set_language
from companion.ui.layouts import supply as places

from ..framecheck import GAP_PX, TARGET_PX, at_least, scale

WINTER = ["Contract ?", "Counting office", "Coffee roaster", "Carpet trader", "Spice trader",
          "Vulcanizer", "Tea taster", "Warehouse"]
#: The phase's room beside the panels (landscape) and under them (portrait).
ROOMS = {(800, 480): pygame.Rect(258, 150, 534, 250), (480, 800): pygame.Rect(8, 360, 464, 330)}


@pytest.fixture(params=sorted(ROOMS), ids=lambda s: f"{s[0]}x{s[1]}")
def canvas(request):
    pygame.font.init()
    size = request.param
    return Canvas(pygame.Surface(size)), ROOMS[size]


def every_target(grid: places.Grid) -> list[pygame.Rect]:
    return [*grid.values, *grid.goods, *grid.cells,
            *(r for r in (grid.prev, grid.next) if r is not None)]


@pytest.mark.parametrize(("values", "goods"), [(0, 0), (5, 0), (0, 5), (5, 5)])
def test_the_places_are_a_finger_apart_inside_the_room(canvas, values, goods):
    c, room = canvas
    grid = places.grid(c, room, WINTER[:4], 0, "Fireman", values, "Ship", goods)
    targets = every_target(grid)
    k = scale([c.w, c.h])
    assert len(grid.values) == values and len(grid.goods) == goods and grid.cells
    for i, a in enumerate(targets):
        assert room.contains(a), (a, room)
        assert a.w >= at_least(TARGET_PX, k) and a.h >= at_least(TARGET_PX, k), a
        for b in targets[i + 1:]:
            assert not a.colliderect(b), (a, b)
            gap = max(b.x - a.right, a.x - b.right, b.y - a.bottom, a.y - b.bottom)
            assert gap >= at_least(GAP_PX, k), (a, b)
    if grid.word is not None:
        assert room.contains(grid.word) and not any(grid.word.colliderect(t) for t in targets)


def test_the_same_labels_give_the_same_places(canvas):
    """A new Supply screen of the round (an Undo back from Purchase) is laid out by the
    same labels: its places are the ones the finger knows."""
    c, room = canvas
    first = places.grid(c, room, WINTER, 0, "Fireman", 5)
    again = places.grid(c, room, list(WINTER), 0, "Fireman", 5)
    assert first == again


def test_the_value_row_takes_no_place_of_the_cards(canvas):
    """The five values go above the places; the places below keep their order, each a
    whole label, and the row is as tall as a finger (the word beside it on two lines)."""
    c, room = canvas
    with_row = places.grid(c, room, WINTER, 0, "Fireman", 5)
    top = max(r.bottom for r in with_row.values)
    assert all(cell.y > top for cell in with_row.cells)
    assert len({r.y for r in with_row.values}) == 1  # one row
    assert len({(r.w, r.h) for r in with_row.values}) == 1  # every value alike


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_value_row_fits_the_kind_s_word_in_every_language(canvas, language):
    from companion.ui.views.supply import kind_word

    c, room = canvas
    set_language(language)
    try:
        word = kind_word("fireman")
        grid = places.grid(c, room, WINTER, 0, word, 5)
        assert grid.word is not None
        from companion.ui import layout

        assert not layout.fit(c, word, grid.word.w, grid.word.h, 22, max_lines=2).cut
    finally:
        set_language("en")


def test_the_ship_row_goes_below_the_values_and_their_buttons_line_up(canvas):
    """The firemen's values keep their place whether the ship's row comes or not (a season
    of ships after one without, in the same round); both rows' buttons in one column each,
    after one column of words."""
    c, room = canvas
    alone = places.grid(c, room, WINTER[:4], 0, "Fireman", 5)
    both = places.grid(c, room, WINTER[:4], 0, "Fireman", 5, "Ship", 5)
    assert [r.y for r in both.values] == [r.y for r in alone.values]
    assert min(r.y for r in both.goods) > max(r.bottom for r in both.values)
    assert [r.x for r in both.goods] == [r.x for r in both.values]
    assert both.goods_word is not None and both.word is not None
    assert both.goods_word.x == both.word.x and both.goods_word.w == both.word.w
    assert min(r.y for r in both.cells) > max(r.bottom for r in both.goods)


def test_pages_whole_counts_a_grid_whose_places_are_not_a_finger_tall_as_worst(canvas):
    c, room = canvas
    assert places.pages_whole(c, room, WINTER[:2]) == 1
    short = pygame.Rect(room.x, room.y, room.w, 40)
    assert places.pages_whole(c, short, WINTER[:2]) == 3  # never the better choice


def test_too_many_labels_for_the_room_are_paged_never_cut(canvas):
    c, room = canvas
    labels = [f"{name} {k}" for k in range(3) for name in WINTER]
    grid = places.grid(c, room, labels, 0)
    assert grid.pages > 1 and grid.prev is not None and grid.next is not None
    last = places.grid(c, room, labels, 99)
    assert last.page == last.pages - 1 and last.start + len(last.cells) == len(labels)


@pytest.mark.parametrize("height", range(56, 200, 4))
def test_the_page_buttons_stay_in_the_room_at_every_height(height):
    """Found by the touch games with real printed values: four long labels in a room 2 x 56
    + 8 px tall put "›" 8 px below it, over the gap kept above the bar."""
    c = Canvas(pygame.Surface((800, 480)))
    room = pygame.Rect(258, 100, 534, height)
    grid = places.grid(c, room, [f"Contract Co\u00b7Te\u00b7Ru\u00b7Sa {i}" for i in range(9)], 0)
    assert grid.prev is not None and grid.next is not None
    for rect in (*grid.cells, grid.prev, grid.next):
        assert room.contains(rect), (rect, room)


def test_one_long_label_does_not_put_every_card_on_a_page_of_its_own():
    """Found in French at 480x800, Spring with 5 players: a 4-goods contract's name fits
    only the whole width, and the grid then showed every card alone on its page (fire,
    contract, counting office, ship: four pages, three taps of "›" to reach a ship).
    Only that card takes a page alone; the others still share theirs."""
    pygame.font.init()
    set_language("fr")
    try:
        c = Canvas(pygame.Surface((480, 800)))
        room = pygame.Rect(8, 482, 464, 174)
        labels = ["Incendie 2\u202f?", "Contrat Co·Th·Sa·Ta\u202f?", "Bureau de comptage",
                  "Navire"]
        assert places.grid(c, room, labels[2:], 0).pages == 1  # the short ones share a row
        grids = [places.grid(c, room, labels, page, "Caserne", 5) for page in range(4)]
        shown = [labels[g.start:g.start + len(g.cells)] for g in grids[:grids[0].pages]]
        assert grids[0].pages < len(labels), shown
        assert [name for page in shown for name in page] == labels, shown  # each once, in order
        assert shown[-1] == labels[2:], shown
    finally:
        set_language("en")


# --- issue 36: the plan of a frame, from the view and the previous plan ------------------


def supply_round(players: int = 5, seed: int = 2):
    """The Supply states of one round (its first Supply with the firemen still guessed)."""
    from companion.config.cards import load_catalogue
    from companion.engine.record import iter_states
    from companion.engine.simulate import random_game
    from companion.paths import SHIPPED_CONFIG_DIR

    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _final = random_game(catalogue, players, seed=seed, form="quick")
    states = [s for _n, _a, s in iter_states(actions, catalogue)
              if s.phase == "supply" and s.top_season() is not None]
    rounds = sorted({s.round for s in states})
    return [[s for s in states if s.round == r] for r in rounds]


def controls(made: places.SupplyPlan) -> dict[str, pygame.Rect]:
    from companion.ui.paint import Control
    return {item.key: item.box for item in made.items if isinstance(item, Control)}


def test_a_plan_keeps_the_previous_plan_s_places_for_the_round(canvas):
    """The round's places and ship-row choice travel from plan to plan: a later state of
    the round (cards revealed, one taken back) shows every unseen card where it was."""
    from companion.ui.views.supply import view

    c, room = canvas
    first_round = next(r for r in supply_round() if len(r) >= 3)
    made = places.plan(c, view(first_round[0]), room, None)
    for state in first_round[1:]:
        later = places.plan(c, view(state), room, made)
        assert later.places == made.places and later.ship_row == made.ship_row
        before, after = controls(made), controls(later)
        assert {k: after[k] for k in before.keys() & after.keys()} == \
            {k: before[k] for k in before.keys() & after.keys()}
        made = later


def test_the_same_inputs_reuse_the_grid_and_another_round_forgets_the_places(canvas):
    from companion.ui.views.supply import view

    c, room = canvas
    rounds = supply_round()
    shown = view(rounds[0][0])
    made = places.plan(c, shown, room, None)
    again = places.plan(c, shown, room, made)
    assert again.grid is made.grid and again.items == made.items
    other = places.plan(c, view(rounds[1][0]), room, made)
    assert other.round != made.round
    assert all(key[0] == other.round for key, _places in other.grids)
    assert all(key[0] == other.round for key, _row in other.rows)


@pytest.mark.parametrize("values", [0, 5])
def test_a_ships_goods_stand_on_the_ship_rows_places_inside_the_room(canvas, values):
    """QA (dep-01 -> dep-02): the five goods take the ship row's places, each good's the
    one its first-good button had; the row of the ship's goods so far goes above them
    where the firemen's row was, or below them where the ship row is the grid's first,
    every target inside the room and none over another."""
    c, room = canvas
    grid = places.grid(c, room, WINTER[:4], 0, "Fireman", values, "Ship", 5)
    laid = places.goods(c, room, ("Other card", "Clear goods"), grid.goods)
    assert [(g.x, g.y, g.w) for g in laid.goods] == [(b.x, b.y, b.w) for b in grid.goods]
    targets = [*laid.goods, laid.other]
    k = scale([c.w, c.h])
    for i, a in enumerate(targets):
        assert room.contains(a), (a, room)
        assert a.w >= at_least(TARGET_PX, k) and a.h >= at_least(TARGET_PX, k), a
        assert not any(a.colliderect(b) for b in targets[i + 1:]), a
    assert (laid.other.bottom <= laid.goods[0].y) is bool(values)
    assert all(room.contains(s) and not s.colliderect(laid.goods[0]) for s in laid.slots)
    assert not any(u.colliderect(laid.other) for u in laid.under if u.h)
