"""companion/ui/layouts/purchase.py: Purchase's places, quick and tracked: the round's
tiles, the buyer × price grid, the form switch, the offer and Pass. Targets a finger
wide and apart, nothing over anything else, everything in the room given, the same
places from card to card and offer to offer (docs/touch.md), landscape and portrait."""

from __future__ import annotations

from functools import cache

import pygame
import pytest

from companion.config.cards import load_catalogue
from companion.engine import Buy, Discard, Pass, Phase, Place, State
from companion.engine.record import iter_states
from companion.engine.simulate import random_game
from companion.engine.values import replace
from companion.languages import LANGUAGES
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui.canvas import Canvas
from companion.ui.layouts import purchase as placed
from companion.ui.tokens import FINGER, GAP

from ..framecheck import GAP_PX, TARGET_PX, at_least, scale

#: A screen size and the phase's part of it (right of the panels; portrait: under them).
SCREENS = {
    "landscape": ((800, 480), pygame.Rect(256, 96, 536, 300)),
    "portrait": ((480, 800), pygame.Rect(8, 340, 464, 360)),
}


def canvas(size: tuple[int, int]) -> Canvas:
    c = Canvas(pygame.Surface(size))
    c.body = pygame.Rect(0, 0, size[0], size[1] - c.u(72))  # above the bottom bar
    return c


@cache
def states(players: int, form: str, seed: int) -> tuple[tuple[State, object], ...]:
    """Every state of a game before a purchase-phase entry (a worker placed, a card bought,
    left or passed), with that entry."""
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _final = random_game(catalogue, players, seed=seed, form=form)
    out, before = [], None
    for _n, action, after in iter_states(actions, catalogue):
        if before is not None and isinstance(action, Buy | Discard | Place | Pass) and \
                before.phase in (Phase.DEMAND, Phase.PURCHASE):
            out.append((before, action))
        before = after
    return tuple(out)


def quick_states(players: int) -> list[State]:
    return [s for s, _a in states(players, "quick", players)][:12]


def apart(a: pygame.Rect, b: pygame.Rect) -> int:
    """The distance between two rectangles; negative where they overlap."""
    return max(b.x - a.right, a.x - b.right, b.y - a.bottom, a.y - b.bottom)


def finger(c: Canvas, rects: list[pygame.Rect]) -> None:
    """Each a finger wide and tall, and a gap apart (framecheck's minimums)."""
    k = scale((c.w, c.h))
    for rect in rects:
        assert rect.w >= at_least(TARGET_PX, k) and rect.h >= at_least(TARGET_PX, k), rect
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert apart(a, b) >= at_least(GAP_PX, k), (a, b)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("players", [2, 5])
def test_the_tiles_sit_apart_in_their_room_with_their_parts_inside(screen, players):
    size, area = SCREENS[screen]
    c = canvas(size)
    for state in quick_states(players) + [s for s, _a in states(players, "tracked", 1)][:8]:
        height = placed.slots_height(c, area.w, len(state.slots), state)
        room = pygame.Rect(area.x, area.y, area.w, height)
        plan = placed.tiles(c, state, room)
        assert len(plan.tiles) == len(state.slots)
        boxes = [tile.box for tile in plan.tiles]
        for i, tile in enumerate(plan.tiles):
            assert room.contains(tile.box)
            assert all(apart(tile.box, other) > 0 for other in boxes[i + 1:])
            assert tile.box.contains(tile.room) or tile.lines == 0
            for _good, cube in tile.cubes:
                assert tile.box.contains(cube), (tile, cube)
                if tile.lines:  # the goods below the card's name
                    assert cube.y > tile.room.y
            for x, y in tile.status_at:
                assert tile.box.collidepoint(x, y)
            assert list(tile.status_at) == sorted(tile.status_at, key=lambda p: p[1])


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_price_grid_is_a_finger_wide_under_the_tiles_and_stays_from_card_to_card(
        screen, players):
    size, area = SCREENS[screen]
    c = canvas(size)
    by_round: dict[int, list[pygame.Rect]] = {}
    for state in quick_states(players):
        switch_w = placed.switch_width(c, False)
        # The room the frame gives way for (the least the layout asks).
        room = pygame.Rect(area.x, area.y, area.w,
                           max(area.h, placed.quick_least(c, state, area.w, switch_w)))
        plan = placed.quick(c, state, room, switch_w)
        cells = [box for row in plan.cells for box in row]
        assert len(plan.cells) == len(state.players) and plan.columns >= 1
        targets = cells + [r for r in (plan.page, plan.switch) if r is not None]
        finger(c, targets)
        tiles_bottom = max(tile.box.bottom for tile in plan.tiles.tiles)
        for rect in targets:
            assert room.contains(rect), (rect, room)
            assert rect.y > tiles_bottom
        assert plan == placed.quick(c, state, room, switch_w)  # the same data, the same places
        was = by_round.setdefault(state.round, cells)
        assert cells == was  # nothing moves from card to card


def test_every_card_settled_leaves_the_tiles_alone():
    c = canvas((800, 480))
    state = quick_states(3)[0]
    done = replace(state, settling=len(state.slots))
    plan = placed.quick(c, done, SCREENS["landscape"][1], 0)
    assert plan.cells == () and plan.page is None and plan.switch is None
    assert len(plan.tiles.tiles) == len(state.slots)
    assert placed.quick_least(c, done, 536, 0) == 0


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("players", [2, 5])
def test_tracked_pass_stays_at_the_bottom_from_offer_to_offer(screen, players):
    size, area = SCREENS[screen]
    c = canvas(size)
    seen: dict[int, pygame.Rect] = {}
    offers = 0
    for state, _action in states(players, "tracked", 1):
        if state.phase != Phase.PURCHASE:
            continue
        room = pygame.Rect(area.x, area.y, area.w,
                           max(area.h, placed.tracked_least(c, state, area.w)))
        long = "Offer: Chambre de commerce to Alexandra-Josephine for 3"
        plan = placed.offer(c, state, room, long, "Coins of Alexandra-Josephine: 12")
        assert plan.passing is not None
        finger(c, [plan.passing])
        assert plan.passing.bottom == room.bottom - placed.strip_room(c)
        tiles_bottom = max(tile.box.bottom for tile in plan.tiles.tiles)
        assert plan.passing.y > tiles_bottom
        # The offer: above Pass, or beside it on the row.
        shown = [r for r in (plan.said, plan.beside) if r is not None]
        assert len(shown) == 1
        if plan.said is not None:
            assert tiles_bottom < plan.said.y < plan.passing.y
        else:
            assert plan.beside.x >= plan.passing.right and plan.beside.y <= plan.passing.y
        # A shorter offer moves nothing.
        short = placed.offer(c, state, room, "Offer: Fireman to Bo for 1", "Coins of Bo: 2")
        assert short.passing == plan.passing
        assert seen.setdefault(state.round, plan.passing) == plan.passing
        offers += 1
    assert offers


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("players", [3, 5])
def test_tracked_workers_placed_on_tiles_that_stay_put(screen, players):
    size, area = SCREENS[screen]
    c = canvas(size)
    seen: dict[int, list[pygame.Rect]] = {}
    for state, _action in states(players, "tracked", 1):
        if state.phase != Phase.DEMAND:
            continue
        room = pygame.Rect(area.x, area.y, area.w,
                           max(area.h, placed.tracked_least(c, state, area.w)))
        plan = placed.demand(c, state, room)
        boxes = [tile.box for tile in plan.tiles.tiles]
        finger(c, [*boxes, plan.switch])
        assert plan.line.bottom <= min(box.y for box in boxes)
        assert plan.line.collidepoint(plan.line.x, plan.badge[1])
        assert plan.badge[0] + plan.badge_r <= plan.line.x
        for rect in [*boxes, plan.switch]:
            assert room.contains(rect)
        assert seen.setdefault(state.round, boxes) == boxes


def test_the_form_switch_goes_where_it_is_given_room_else_bottom_right():
    c = canvas((800, 480))
    area = pygame.Rect(256, 96, 536, 300)
    width = placed.switch_width(c, True)
    where = pygame.Rect(300, 200, width + 40, 56)
    got = placed.switch_place(c, True, area, where)
    assert (got.right, got.y, got.w, got.h) == (where.right, where.y, width, 56)
    got = placed.switch_place(c, True, area, pygame.Rect(300, 200, width - 1, 56))
    assert (got.right, got.bottom, got.w) == (area.right, area.bottom, width)


# --- every tile says which card it is, in whole words (issue 19, touch QA) ----------------


def kinds_of_card() -> list[str]:
    """One card id per face the table tells apart (kind, good, goods, value, season)."""
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    seen: dict[tuple, str] = {}
    for cid, card in catalogue.cards.items():
        seen.setdefault((card.kind, card.good, card.goods, card.value, card.points,
                         card.season if card.kind in ("fire", "ship") else None), cid)
    return sorted(seen.values())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("form", ["quick", "tracked"])
@pytest.mark.parametrize("outcome", [None, "bought", "discarded"])
@pytest.mark.parametrize("players", [4, 5])
def test_every_tile_names_its_card_in_whole_words(language, screen, form, outcome, players):
    """Five and six cards (4 and 5 players), every kind of card: a tile's name is never a word cut
    short ("Con-", "Tep-", "Ca- 3 ?"); where the kind's name does not fit it says the
    card by the catalogue's shorter name ("Kammer", "Feuerwehr 2?"), a merchant by its
    good, a contract by its goods. Open or bought, a tile says which card it is."""
    from companion.engine.state import Slot
    from companion.ui.hyphen import plain
    from companion.ui.i18n import set_language

    from .. import tilewords

    size, area = SCREENS[screen]
    c = canvas(size)
    n = players + 1
    base = next(s for s, _a in states(players, form, 1) if len(s.slots) == n)
    ids = kinds_of_card()
    set_language(language)
    try:
        for k in range(0, len(ids), n):
            chunk = (ids[k:k + n] + ids)[:n]
            slots = tuple(Slot(card=cid, goods=("coffee", "tea", "rubber")
                               if base.catalogue[cid].kind == "ship" else (),
                               outcome=outcome, buyer=base.players[0] if outcome else None,
                               price=1 if outcome else None) for cid in chunk)
            state = replace(base, slots=slots, phase=Phase.DEMAND, placed=0, settling=0)
            plan = placed.quick(c, state, area, 0).tiles if form == "quick" else \
                placed.demand(c, state, area).tiles
            for cid, tile in zip(chunk, plan.tiles, strict=True):
                card = state.catalogue[cid]
                # (A merchant with no room for its name shows its good as a cube.)
                assert tile.lines and tile.label or card.kind == "merchant" and [
                    g for g, _r in tile.cubes] == [card.good], (cid, language, screen)
                assert not tilewords.cut_words(plain(tile.label), card), (tile.label, cid)
    finally:
        set_language("en")


# --- the buyer × price grid in plain rectangles (`arrange`, `grid_least`) -------------------


def unit(scale: float = 1.0):
    return lambda v: int(round(v * scale))


@pytest.mark.parametrize(("size", "players", "least_columns"), [
    ((534, 211), 5, 4),   # 800x480 landscape, five players: two rows side by side
    ((534, 211), 4, 4),
    ((534, 155), 2, 4),
    ((464, 186), 5, 3),   # 480x800 portrait, five players
    ((464, 329), 4, 7),
])
def test_the_grid_fits_its_room_with_finger_sized_buttons_apart(size, players, least_columns):
    w, h = size
    plan = placed.arrange((10, 20, w, h), players, 8, unit(), switch_w=150)
    assert plan.fits and plan.height <= h
    assert plan.columns >= least_columns
    boxes = [b for row in plan.cells for b in row] + [b for b in (plan.page, plan.switch) if b]
    for x, y, bw, bh in boxes:
        assert bw >= FINGER and bh >= FINGER
        assert 10 <= x and x + bw <= 10 + w and 20 <= y and y + bh <= 20 + h
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]),
                        b[1] - (a[1] + a[3]), a[1] - (b[1] + b[3]))
            assert apart >= GAP, (a, b)
    # Fewer columns than prices: the page button is there.
    assert (plan.page is not None) == (plan.columns < 8)
    # A price column is in the same place in every row side by side.
    xs = {tuple(b[0] - row[0][0] for b in row) for row in plan.cells}
    assert len(xs) == 1


def test_the_same_room_gives_the_same_places():
    a = placed.arrange((0, 0, 534, 211), 5, 8, unit())
    b = placed.arrange((0, 0, 534, 211), 5, 8, unit())
    assert a == b


def test_the_least_height_is_what_four_columns_need():
    # Five players in landscape: one row under another has 8 columns but needs 5 rows;
    # two side by side give four columns in three rows (the page button in the free place).
    least = placed.grid_least(5, 8, 534, unit())
    assert least == 3 * FINGER + 2 * GAP
    assert placed.arrange((0, 0, 534, least), 5, 8, unit()).columns == 4


def test_scaled_up_the_grid_keeps_its_arrangement():
    small = placed.arrange((0, 0, 534, 211), 5, 8, unit())
    big = placed.arrange((0, 0, 1068, 422), 5, 8, unit(2.0))
    assert (small.blocks, small.columns) == (big.blocks, big.columns)


# --- every row's price buttons alike (fr-10: "Vi" had its prices under the letter) ------


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720)])
@pytest.mark.parametrize("letters", [("R", "B", "V", "J", "Vi"), ("R", "B", "G", "Ge", "L"),
                                     ("A", "B", "C", "D", "E")])
def test_every_rows_price_buttons_are_laid_out_alike(size, letters):
    """The grid's price buttons drawn as the plan says (`QuickPlan.faces`): every row's
    price at the same size and height in its button, whatever its letter's width (a
    two-letter "Vi" or "Ge" beside "V", "G"), and never over its letter."""
    c = canvas(size)
    faces = placed.price_faces(c, letters, 8, c.u(FINGER))
    box = pygame.Rect(10, 10, c.u(FINGER), c.u(FINGER))
    seen = set()
    for letter in letters:
        for price in ("1", "8"):
            c.text_rects.clear()
            c.button(box, price, lambda: None, badge=letter, badge_size=faces.badge_size,
                     size=faces.price_size, under=faces.under)
            (shown, ink), (mark, corner) = c.text_rects
            assert (shown, mark) == (price, letter)
            assert box.contains(ink) and box.contains(corner)
            assert not ink.colliderect(corner), (letter, price)
            seen.add((price, ink.y, ink.h))
    assert len(seen) == 2, seen  # one place per price (their glyphs' ink differs)


# --- the newcomer's French five-player round (fr-36, fr-82, fr-85, fr-94, fr-103) --------

#: The phase's part at 800x480 with five players, under a three-line hint: without the
#: buttons' legend, and with it (every pixel taken: the grid's three rows of four prices).
FIVE_ROOM = pygame.Rect(256, 122, 536, 283)
FIVE_ROOM_LEGEND = pygame.Rect(256, 122, 536, 261)


def five_round(cards: list[str]) -> State:
    """A round of five players with `cards` on the table (id, or id:outcome), each ship
    with three goods drawn."""
    from companion.engine.state import Slot

    base = next(s for s, _a in states(5, "quick", 1) if len(s.slots) == 6)
    slots = []
    for spec in cards:
        cid, _sep, outcome = spec.partition(":")
        ship = base.catalogue[cid].kind == "ship"
        slots.append(Slot(card=cid, goods=("coffee", "coffee", "carpet") if ship else (),
                          outcome=outcome or None, buyer=base.players[1] if outcome else None,
                          price=1 if outcome else None))
    return replace(base, slots=tuple(slots), phase=Phase.PURCHASE, settling=0)


ROUNDS = [["C-contract-4", "C-ship-1", "C-contract-3", "C-fireman-1", "C-ship-2",
           "D-fireman-2"],
          ["B-fireman-2:bought", "B-ship-1:bought", "B-contract-3", "B-fireman-1",
           "B-contract-1:bought", "A-fireman-1:discarded"]]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("room", [FIVE_ROOM, FIVE_ROOM_LEGEND, SCREENS["portrait"][1]])
def test_a_ships_cubes_keep_their_initials_apart(language, room):
    """fr-36, fr-94: six tiles, a ship's three cubes side by side ran their initials into
    each other ("CaCaTa"); now one row where they fit apart, else two over one."""
    from companion.ui import names
    from companion.ui.canvas import SMALL, font
    from companion.ui.i18n import set_language

    size = (800, 480) if room.w > 500 else (480, 800)
    c = canvas(size)
    set_language(language)
    try:
        for cards in ROUNDS:
            plan = placed.quick(c, five_round(cards), room, 0)
            seen = 0
            for tile in plan.tiles.tiles:
                for k, (good, a) in enumerate(tile.cubes):
                    assert tile.box.contains(a)
                    for other, b in tile.cubes[k + 1:]:
                        if a.y == b.y:  # one row: the initials' ink a little apart
                            wide = [font(c.px(SMALL)).size(names.good_initial(g))[0]
                                    for g in (good, other)]
                            assert abs(a.centerx - b.centerx) >= sum(wide) / 2 + 2, tile
                            seen += 1
                        else:
                            assert not a.colliderect(b), tile
            assert seen
    finally:
        set_language("en")


@pytest.mark.parametrize("room", [FIVE_ROOM, FIVE_ROOM_LEGEND])
def test_every_tile_names_its_card_with_its_face(room):
    """fr-82, fr-103: a four-goods contract's tile lost "Contrat" (its goods alone);
    fr-85: a bought "Caserne" lost its "2 ?" where an open one showed it. The quick form's
    tiles a `TIGHT` gap apart hold "Caserne", "Contrat" on a line, and grow (up to four
    lines) where the grid leaves room, so every tile, open, bought or left, says its
    kind and its face, a guessed value with its "?" (never as fact), also with the
    buttons' legend (every pixel taken), where the grid keeps its four columns."""
    from companion.ui import names
    from companion.ui.hyphen import plain
    from companion.ui.i18n import set_language

    c = canvas((800, 480))
    set_language("fr")
    try:
        for cards in ROUNDS:
            state = five_round(cards)
            plan = placed.quick(c, state, room, 0)
            for slot, tile in zip(state.slots, plan.tiles.tiles, strict=True):
                card = state.catalogue[slot.card]
                said = plain(tile.label).replace("-", "")
                if room == FIVE_ROOM_LEGEND and slot.outcome and len(card.goods) > 2:
                    # No line for "Contrat" beside three goods' initials and the status:
                    # its goods alone (docs/ui.md), still with their "?".
                    assert plain(tile.label).endswith("?"), (said, slot)
                    continue
                if card.kind in ("contract", "fireman"):
                    kind = plain(names.card_forms(card)[0])
                    assert said.startswith(kind), (said, slot)
                    face = names.face(card)
                    assert face.endswith("?") and said.replace(" ", "").endswith(
                        face.replace(names.GOODS_JOIN, "").replace(" ", "")), (said, slot)
            assert plan.columns == 4 and plan.page is not None
    finally:
        set_language("en")
