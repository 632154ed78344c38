"""Purchase's places, quick and tracked (`companion/ui/scenes/purchase.py` paints them).

The round's cards as tiles left to right (each tile's name, goods cubes and status lines
fitted to it), and below them:

- quick form: the buyer × price grid (its buttons placed by
  `companion.ui.views.purchase.arrange`, plain data) and the form switch;
- tracked form, while the workers are placed: the line saying whose worker it is, the
  tiles (the targets) and the form switch;
- tracked form, an offer: the offer, the buyer's coins and Pass, a finger tall at the
  bottom of the phase's part (or the offer beside Pass where the room is short).

The same room, state and language give the same places (nothing moves under the finger);
the heights the frame gives way for (`quick_least`, `tracked_least`) are worked out here
too, so they always agree with what is placed.

`plan(c, view, room, previous)` is the frame's one layout decision for either form (the
view from `companion.ui.views.purchase`): the last frame's plan comes back where nothing
it was made for changed, and the quick grid keeps the form switch's place for the rest of
the round once the round began without a form (`QuickPlan.keeps`), so nothing moves when
the switch goes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, overload

import pygame

from companion.engine import Card, State
from companion.engine.values import value
from companion.engine.words import Kind, Outcome
from companion.ui import layout, names, words
from companion.ui.bar import BAR
from companion.ui.canvas import BODY, LARGE, SMALL, Canvas, font
from companion.ui.hyphen import plain
from companion.ui.i18n import _, language
from companion.ui.layouts.stack import flow_text, text_box
from companion.ui.tokens import (
    ACCENT,
    FINGER,
    GAP,
    HAIRLINE,
    MUTED,
    PAD,
    PLAYER_COLOURS,
    SNUG,
    TEXT,
    THIN,
    TIGHT,
    WIDE,
    Colour,
)
from companion.ui.views.purchase import (
    PricePage,
    PurchaseView,
    TrackedView,
    most_price,
    price_page,
    switch_shown,
)

#: The strip above the bottom bar (`companion.ui.bar.BAR`) where its left buttons go for
#: want of room (companion/ui/core.py: a finger tall, a gap above and below, a gap to the
#: body).
STRIP_H = FINGER + 3 * GAP
#: A tile's least width for a ship's three cubes with their initials (else, in portrait,
#: the tiles go on two rows); a cube's largest side in a tile; a merchant's one good's.
LEAST_TILE_W, CUBE, MERCHANT_CUBE = 76, 26, 34
#: The most lines a tile grows to (its name with its face, and a status line below): a
#: French "Ca-/serne/2 ?" bought (fr-85), "Con-/trat Ca/Th Sa/Ta ?" (fr-103) at six tiles.
MOST_TILE_LINES = 4
#: The frame around the card being settled (at least 2 px).
BORDER = 3
#: The tallest the tiles grow where there is room: while the workers are placed; beside
#: an offer.
TILES_PLACING, TILES_OFFER = 150, 120
#: The form switch's least width, and the room beside its longest word (both sides).
LEAST_SWITCH_W, SWITCH_SIDES = 150, 28
#: The badge before the line saying whose worker it is (its radius: it touches the
#: left edge), and where the line starts.
BADGE_RADIUS, LINE_X = 14, 36
#: Pass's button (a little taller than a finger), and its widest.
PASS_H, PASS_W = 60, 180


# -- the buyer × price grid (plain rectangles, (x, y, w, h) tuples) ---------------------------

#: (x, y, w, h)
Box = tuple[int, int, int, int]

#: A price button's side is a finger (`FINGER`), a `GAP` apart (docs/touch.md); two
#: players' rows side by side are `WIDE` apart, so the blocks read as rows; the grid is a
#: `TIGHT` gap below the round's tiles (not targets: their own margin shows the gap).


@value
class GridPlan:
    """Where the grid's buttons go: `cells[row][column]`, a row per player (in the players'
    order, `blocks` rows side by side), and the page button and form switch's places."""

    blocks: int
    columns: int
    cells: tuple[tuple[Box, ...], ...]
    #: The page button's place (None: every price has a column).
    page: Box | None
    #: The form switch's place (before the round's first entry), or None: not asked for.
    switch: Box | None
    #: The height the grid takes.
    height: int
    #: It fits the room it was given (else: the least bad, for the frame checks to name).
    fits: bool


def _plans(box: Box, players: int, most: int, u: Callable[[float], int],
           switch_w: int) -> list[tuple[bool, GridPlan]]:
    """Every arrangement: 1, 2, ... players' rows side by side (with whether the page
    button and the switch needed a row of their own)."""
    x0, y0, width, height = box
    cell, gap, block_gap = u(FINGER), u(GAP), u(WIDE)
    out = []
    for blocks in range(1, max(1, players) + 1):
        rows = -(-players // blocks)
        block_w = (width - (blocks - 1) * block_gap) // blocks
        columns = min(most, (block_w + gap) // (cell + gap))
        if columns < 1:
            break
        # What must go beside the rows: the page button, the form switch.
        extras = ([cell] if columns < most else []) + ([switch_w] if switch_w else [])
        need = sum(extras) + gap * max(0, len(extras) - 1)
        free = blocks * rows - players
        free_x = x0 + (blocks - free) * (block_w + block_gap)
        free_w = free * block_w + max(0, free - 1) * block_gap
        below = bool(extras) and (free == 0 or need > free_w)
        if below and need > width:
            continue
        total = rows * cell + (rows - 1) * gap + (gap + cell if below else 0)
        cells = []
        for k in range(players):
            r, b = divmod(k, blocks)
            bx, by = x0 + b * (block_w + block_gap), y0 + r * (cell + gap)
            cells.append(tuple((bx + i * (cell + gap), by, cell, cell)
                               for i in range(columns)))
        ex = x0 if below else free_x
        ey = y0 + (rows if below else rows - 1) * (cell + gap)
        page = switch = None
        if columns < most:
            page = (ex, ey, cell, cell)
            ex += cell + gap
        if switch_w:
            # At the right end of its row, where it stays clear of the prices.
            right = x0 + width if below else free_x + free_w
            switch = (max(ex, right - switch_w), ey, switch_w, cell)
        out.append((below, GridPlan(blocks=blocks, columns=columns, cells=tuple(cells),
                                    page=page, switch=switch, height=total,
                                    fits=total <= height)))
    return out


def arrange(box: Box, players: int, most: int, u: Callable[[float], int],
            switch_w: int = 0) -> GridPlan:
    """The grid's buttons in `box`: the arrangement with the most price columns that fits
    its height (rows side by side where one column of rows is too tall: five players in
    landscape), then the fewest extra rows. The page button (where fewer columns than
    `most`) and the form switch (`switch_w` wide; 0: none) go in the last row's free
    place, else in a row below. The same room and players give the same places, so
    nothing moves from card to card."""
    plans = _plans(box, players, most, u, switch_w)
    if not plans:  # not even one column: one button a row (the frame checks say so)
        x0, y0 = box[0], box[1]
        step = u(FINGER) + u(GAP)
        cells = tuple(((x0, y0 + k * step, u(FINGER), u(FINGER)),) for k in range(players))
        return GridPlan(blocks=1, columns=1, cells=cells, page=None, switch=None,
                        height=players * step, fits=False)
    return max(plans, key=lambda got: (got[1].fits, got[1].columns if got[1].fits
                                       else -got[1].height, not got[0], -got[1].blocks))[1]


#: The price columns a screen gives way for: prices above 4 are rare (about 3 in 100
#: purchases in the simulator's games) and cost one more tap, on the page button.
WANTED_COLUMNS = 4


def grid_least(players: int, most: int, width: int, u: Callable[[float], int],
               switch_w: int = 0) -> int:
    """The least height of a grid with `WANTED_COLUMNS` price columns (or every price
    the round allows) in `width`: what the frame gives way for."""
    plans = [plan for _below, plan in _plans((0, 0, width, 10 ** 6), players, most, u,
                                              switch_w)]
    if not plans:
        return players * (u(FINGER) + u(GAP))
    wanted = min(most, WANTED_COLUMNS)
    good = [plan.height for plan in plans if plan.columns >= wanted]
    return min(good) if good else max(plans, key=lambda plan: plan.columns).height


def split(box: Box, tiles_h: int, u: Callable[[float], int]) -> tuple[Box, Box]:
    """The round's tiles at the top of `box` (`tiles_h` tall) and the grid's room below."""
    x, y, w, h = box
    below = y + tiles_h + u(TIGHT)
    return (x, y, w, tiles_h), (x, below, w, max(0, y + h - below))


# -- the round's tiles -----------------------------------------------------------------


@value
class Tile:
    """One card's tile."""

    box: pygame.Rect
    #: The card's name as the tile holds it, the room it is fitted into (centred, on at
    #: most `lines` lines; 0: no line left, the status alone).
    label: str
    room: pygame.Rect
    lines: int
    #: The goods cubes: a ship's goods, or a contract's as printed on it.
    cubes: tuple[tuple[str, pygame.Rect], ...]
    #: The status lines ("A · 3", "discarded", the workers' letters), each drawn from the
    #: point below it (its middle top), in `colour`.
    status: tuple[str, ...]
    colour: Colour
    status_at: tuple[tuple[int, int], ...]


@value
class Tiles:
    tiles: tuple[Tile, ...]
    #: The width of the frame around the card being settled.
    border: int


def slot_columns(c: Canvas, width: int, n: int) -> int:
    """Tiles in one row, or in portrait in two where one row would make them too narrow for
    a ship's three cubes with their initials (six cards)."""
    narrow = (width - c.u(GAP) * (n - 1)) // max(1, n) < c.u(LEAST_TILE_W)
    return -(-n // 2) if narrow and c.h > c.w else n


def spacing(c: Canvas, snug: bool) -> tuple[int, int]:
    """The tiles' gap between them and their text's inset from their sides: the quick
    form's tiles (`snug`; not targets) a `TIGHT` gap apart with their text a `HAIRLINE` from
    their sides, so that six tiles at 800x480 hold "Caserne", "Contrat" on a line (fr-85:
    a bought one's "2 ?" had no line left); the tracked form's (targets) a `GAP` apart."""
    return (c.u(TIGHT), c.u(HAIRLINE)) if snug else (c.u(GAP), c.u(TIGHT))


def slot_status(c: Canvas, state: State, index: int, width: int
                ) -> tuple[list[str], Colour]:
    """A tile's status lines, whole: who bought it and for how much, "discarded" (broken
    at its soft hyphens where narrow), or the letters of the workers on it, as many to a
    line as fit."""
    slot = state.slots[index]
    if slot.outcome == Outcome.BOUGHT and slot.buyer:
        return ([f"{words.letter(state, slot.buyer)} \u00b7 {slot.price}"],
                PLAYER_COLOURS.get(slot.buyer, TEXT))
    if slot.outcome == Outcome.DISCARDED:
        return [discarded_mark(c, width)], MUTED
    if slot.workers:
        f = font(c.px(SMALL))
        out = [""]
        for pid in slot.workers:
            letter = words.letter(state, pid)
            if out[-1] and f.size(out[-1] + letter)[0] > width:
                out.append("")
            out[-1] += letter
        return out, ACCENT
    return [], TEXT


#: A discarded card's status where the word needs more than a line of its tile.
DISCARDED_MARK = "\u2715"


def discarded_mark(c: Canvas, width: int) -> str:
    """A discarded card's status: the word where it fits one line of the tile, else a
    cross; the card keeps its name above it (issue 30: "dé-faus-sée" on three lines left
    the tile no name)."""
    word = _("discarded")
    return plain(word) if not layout.fit(c, word, width, None, SMALL, "secondary",
                                         max_lines=1).cut else DISCARDED_MARK


def slots_height(c: Canvas, width: int, n: int, state: State | None = None,
                 snug: bool = False) -> int:
    """The tiles' least height: per row, two lines of a name (or one and a ship's goods),
    and its status; taller where a status needs more than a line beside a one-line name
    (many workers on a card, "discarded" broken in two). What the frame gives way for;
    `slots_wanted` is what the tiles take where the room allows."""
    cols = slot_columns(c, width, n)
    rows = -(-n // cols)
    step = layout.line_height(c, SMALL)
    tile = 3 * step + c.u(GAP)
    apart, side = spacing(c, snug)
    if state is not None:
        inner_w = (width - apart * (cols - 1)) // cols - 2 * side
        # A cube's side as the tracked form's tiles have it: the least height is the same
        # for both forms (the frame gives way for it).
        gap_w = (width - c.u(GAP) * (cols - 1)) // cols - c.u(GAP)
        cube = min(c.u(CUBE), (gap_w - 2 * c.u(THIN)) // 3)
        # As tall from the round's first card on as a card left or bought will need, so
        # the rows below never move when a status is written (docs/touch.md).
        left = 1  # "discarded", or its cross: one line
        tile = max(tile, max(left, 2) * step + c.u(GAP),
                   2 * step + (cube if any(s.goods for s in state.slots) else 0) + c.u(GAP))
        for i, slot in enumerate(state.slots):
            status, _colour = slot_status(c, state, i, inner_w)
            if slot.outcome == Outcome.DISCARDED:  # its status alone where it must
                need = max(len(status), 2) * step + c.u(GAP)
            else:
                need = step + (cube if slot.goods else 0) + len(status) * step + c.u(GAP)
            tile = max(tile, need)
    return rows * tile + (rows - 1) * apart


def slots_wanted(c: Canvas, width: int, state: State, snug: bool = False) -> int:
    """The tiles' height where every card's tile shows its name with its face whole
    ("Ca-/serne/2 ?", "Con-/trat Ca/Th Sa/Ta ?"), a ship's name over its goods, and a
    status line below (any card may be bought or left: the tiles keep their height all
    round), up to `MOST_TILE_LINES` lines: at least `slots_height`. The tiles take it
    where the phase's room allows (`fitted_height`); where not, a tile says what fits
    (`tile_name`: fr-85, a bought "Caserne" lost its "2 ?" at five players and the
    buttons' legend)."""
    n = len(state.slots)
    least = slots_height(c, width, n, state, snug)
    if not n:
        return least
    cols = slot_columns(c, width, n)
    rows = -(-n // cols)
    step = layout.line_height(c, SMALL)
    apart, side = spacing(c, snug)
    inner_w = (width - apart * (cols - 1)) // cols - 2 * side
    most = MOST_TILE_LINES * step + c.u(GAP)
    tile = 0
    for i, slot in enumerate(state.slots):
        status, _colour = slot_status(c, state, i, inner_w)
        card = state.catalogue[slot.card]
        goods_h = ship_cubes(c, inner_w, len(slot.goods), step)[2] if slot.goods else 0
        named = name_lines(c, card, inner_w) * step + goods_h
        tile = max(tile, min(most, named + max(1, len(status)) * step + c.u(GAP)))
    return max(least, rows * tile + (rows - 1) * apart)


def fitted_height(least: int, wanted: int, room: int) -> int:
    """The tiles' height: as much of `wanted` as `room` leaves, never below `least`."""
    return max(least, min(wanted, room))


def cubes_apart(c: Canvas, goods: tuple[str, ...]) -> int:
    """The least distance between two cubes' middles in a row: their widest initials and
    a little room, so no initials run into the next cube's (fr-36: "CaCaTa")."""
    return max((font(c.px(SMALL)).size(names.good_initial(g))[0] for g in goods),
               default=0) + c.u(SNUG)


def ship_cubes(c: Canvas, inner_w: int, count: int, step: int) -> tuple[int, int, int]:
    """A ship's cubes in a tile `inner_w` wide: (to a row, side, height of their rows):
    one row where their initials fit side by side, else as many to a row as fit (two
    over one), each row a little less than a line tall."""
    apart = cubes_apart(c, ("coffee", "tea", "saffron", "carpet", "rubber"))
    per_row = max(1, min(count, (inner_w - c.u(CUBE)) // max(1, apart) + 1))
    rows = -(-count // per_row)
    side = min(c.u(CUBE), (inner_w - (per_row - 1) * c.u(THIN)) // max(3, per_row))
    if rows > 1:
        side = min(side, step)
    return per_row, side, rows * side + (rows - 1) * c.u(THIN) + c.u(HAIRLINE)


def name_lines(c: Canvas, card: Card, width: int) -> int:
    """The fewest lines the card's name with its face takes whole in `width` (its one
    name or short form, with what its face shows: "Caserne 2 ?", "Contrat Ca·Th ?"; a
    ship's or another faceless card's name alone)."""
    tag = names.face(card)
    texts = [names.card_name(card)] + [f"{form} {shown}".rstrip() for form in
                                       names.card_forms(card) for shown in (
        [tag, tag.replace(names.GOODS_JOIN, " ")] if tag else [""])]
    f = font(c.px(SMALL))
    best = MOST_TILE_LINES
    for text in texts:
        lines = layout.wrap(c, text, width, SMALL)
        if all(f.size(line)[0] <= width for line in lines):
            best = min(best, len(lines))
    return best


def tile_name(c: Canvas, card: Card, width: int, lines: int, *, face: bool = True) -> str:
    """The card's name as a tile of `width` holds it on `lines` lines, in whole words (a
    word may wrap at its soft hyphens, the break drawn as a hyphen, but is never cut
    short: "Con-", "Tep-", "Han-" tell nobody which card it is). The first that fits of:
    its name; its kind with what its face shows ("Feuerwehrmann 3?", no season); the
    card's one short form in the language (`names.card_forms`: "Feuerwehr 3?", "Kammer");
    a contract by its goods alone ("Te Sa Ru?": no other card's face is goods in letters).
    Else '' (no name line: the status or the cubes alone; the tile's target keeps the
    card's name, and the card being settled is named in full below the tiles).
    `face=False`: the face is drawn otherwise (a contract's goods as cubes): only "?" says
    it is not confirmed."""
    # `face=False`: a contract's goods are cubes on the tile; a guess still says "?".
    guess = not face and card.kind == Kind.CONTRACT and "goods" in card.unverified

    def dress(label: str) -> str:
        return names.guessed(label) if guess else label

    def fits(text: str) -> bool:
        return not layout.fit(c, dress(text), width, None, SMALL, max_lines=lines).cut

    tag = names.face(card) if face else ""
    full = names.card_name(card) if face else _(names.KIND_NAMES[card.kind])
    if fits(full):
        return dress(full)
    # The goods may go on as many lines as the tile has ("Te Sa Ru?"), rather than be cut.
    tags = [tag, tag.replace(names.GOODS_JOIN, " "), tag.replace(names.GOODS_JOIN, "")] \
        if tag else [""]
    # The card's one name in this language, or its one short form (issue 30: never a
    # third word for it, a merchant never by its good, never a word's first part).
    forms = list(names.card_forms(card))
    for shown in tags:
        for form in forms:
            label = f"{form} {shown}".rstrip()
            if fits(label):
                return dress(label)
    if card.kind == Kind.CONTRACT:
        for shown in tags:
            if shown and fits(shown):
                return dress(shown)
    # No room for the face: the card's kind or shorter name alone, still whole.
    for form in forms:
        if tag and fits(form):
            return dress(form)
    return ""


def tiles(c: Canvas, state: State, rect: pygame.Rect, snug: bool = False) -> Tiles:
    """The round's cards left to right in `rect`: settled ones say how; workers shown by
    letter. A tile names its card on the lines its status leaves (one above a ship's
    goods), else by its season and number; the card being settled is named in full below
    the tiles (the hint)."""
    n = max(1, len(state.slots))
    gap, side = spacing(c, snug)
    step = layout.line_height(c, SMALL)
    cols = slot_columns(c, rect.w, n)
    out = []
    for i, (slot, box) in enumerate(zip(state.slots, layout.grid(rect, n, cols, gap),
                                        strict=False)):
        card = state.catalogue[slot.card]
        inner = layout.inset(box, side, c.u(THIN))
        status, colour = slot_status(c, state, i, inner.w)
        # A discarded card's goods are gone with it: its status takes their place.
        goods = slot.goods if slot.outcome != Outcome.DISCARDED else ()
        # A contract's goods as cubes too, as printed on it (never cut short as text).
        printed = card.kind == Kind.CONTRACT and slot.outcome != Outcome.DISCARDED
        if printed:
            goods = card.goods
        elif card.kind == Kind.MERCHANT and card.good is not None and not tile_name(
                c, card, inner.w, max(1, (inner.h - len(status) * step) // step)):
            # No room for the merchant's name nor its short form: its good as a cube, as
            # its card shows it (never the good's name: issue 30, "Safran" read as a
            # good, not the spice trader). The tile's target keeps its name.
            goods = (card.good,)
        # As many cubes to a row as their initials fit side by side ("Co Te" over "Sa Ru").
        least = max((font(c.px(SMALL)).size(names.good_initial(g))[0] for g in goods),
                    default=0) + c.u(SNUG)
        per_row = max(1, min(len(goods), (inner.w + c.u(THIN)) // max(1, least + c.u(THIN)))) \
            if printed else 3
        rows = -(-len(goods) // per_row) if goods else 0
        cube = min(c.u(CUBE), (inner.w - (per_row - 1) * c.u(THIN)) // max(3, per_row)) \
            if goods else 0
        # A ship's cubes: one row where their initials fit side by side, else two over
        # one (fr-36: six tiles, "CaCaTa" ran into each other).
        ship = bool(goods) and card.kind == Kind.SHIP
        if ship:
            per_row, cube, _h = ship_cubes(c, inner.w, len(goods), step)
            rows = -(-len(goods) // per_row)
        if card.kind == Kind.MERCHANT and goods:  # its one good, as large as a finger's tip
            per_row, rows = 1, 1
            cube = min(c.u(MERCHANT_CUBE), inner.w, inner.h - len(status) * step - c.u(THIN))
        # Room for the cubes below a line of the kind, or (a narrow tile with workers on it)
        # for the cubes alone: they are the card's face, and its kind is the only one with
        # cubes and no name.
        free = inner.h - len(status) * step - max(0, rows - 1) * c.u(THIN)
        if printed and rows and free // rows - step // rows >= least and cube >= least:
            pass
        elif printed and rows and free // rows >= least and cube >= least:
            cube = min(cube, free // rows)
        elif printed and rows:
            # No room for the cubes and a line of the kind: the goods as text, as names say
            # them ("Auftr. Kf·Te").
            printed, goods, rows, cube = False, (), 0, 0
        cubes_h = rows * cube + max(0, rows - 1) * c.u(THIN)
        room = pygame.Rect(inner.x, inner.y, inner.w, inner.h - len(status) * step - cubes_h)
        lines = room.h // step
        label = tile_name(c, card, room.w, max(1, lines), face=not printed)
        if not label or lines and layout.fit(c, label, room.w, None, SMALL,
                                             max_lines=lines).cut:
            # Not even the face fits beside the status (a discarded contract's goods with
            # wide initials, "Ru·Ru·Ca", under "dis-/carded" on a narrow tile): the status
            # alone, as where no line is left, rather than a name cut short. The tile's
            # target keeps the card's name; the card being settled is named below.
            lines = 0
        # No line left beside a long status ("dé-faus-sée" in six tiles): the status alone.
        used_bottom = text_box(c, label, room, SMALL, max_lines=lines).bottom if lines \
            else room.bottom
        if card.kind == Kind.MERCHANT and goods and not lines:  # the cube alone: centred
            used_bottom = inner.y + max(0, (inner.h - len(status) * step - cubes_h) // 2)
        # Their middles apart by their initials at least (a ship's; a contract's cubes are
        # as wide as their initials).
        pitch = max(cube + c.u(THIN), cubes_apart(c, goods) if ship else 0)
        cubes = []
        for k, good in enumerate(goods):
            row, col = divmod(k, per_row)
            in_row = min(per_row, len(goods) - row * per_row)
            x0 = box.centerx - ((in_row - 1) * pitch + cube) // 2
            cubes.append((good, pygame.Rect(x0 + col * pitch,
                                            used_bottom + c.u(HAIRLINE) + row * (cube + c.u(THIN)),
                                            cube, cube)))
        top = inner.bottom - len(status) * step
        out.append(Tile(box=box, label=label, room=room, lines=lines, cubes=tuple(cubes),
                        status=tuple(status), colour=colour,
                        status_at=tuple((box.centerx, top + k * step)
                                        for k in range(len(status)))))
    return Tiles(tiles=tuple(out), border=max(2, c.u(BORDER)))


# -- what the bar's strip and the form switch take --------------------------------------


def strip_room(c: Canvas) -> int:
    """Portrait: the height the bar's strip would take from the body where the body has it
    now. The tracked form's OK label changes from offer to offer ("Rot kauft für 2", "Blau
    kann nicht zahlen: passen"), and a long one puts the "?" on a strip above the bar:
    the offer and Pass keep to the body without it, so they stay where they are."""
    if c.w >= c.h:
        return 0
    return max(0, c.body.bottom - (c.h - c.u(BAR) - c.u(STRIP_H)))


#: The mark in the corner of a control OK presses (as the bar's primary action shows it).
OK_MARK = "\u25b6"


def switch_width(c: Canvas, tracked: bool, marked: bool = False) -> int:
    """The form switch's width: its longest word on a line, at least 150; `marked`: and
    room for `OK_MARK` in its corner (a table with buttons, where OK presses it)."""
    label = _("Quick form") if tracked else _("Track workers")
    mark = font(c.px(SMALL)).size(OK_MARK)[0] + c.u(SNUG) if marked else 0
    return max(c.u(LEAST_SWITCH_W),
               max(font(c.px(BODY)).size(w)[0] for w in label.split()) + c.u(SWITCH_SIDES)) \
        + mark


def switch_place(c: Canvas, tracked: bool, area: pygame.Rect,
                 where: pygame.Rect | None = None, marked: bool = False) -> pygame.Rect:
    """The form switch: in `where` if given and wide enough (at its right end), else at the
    bottom right of `area`."""
    width = switch_width(c, tracked, marked)
    if where is not None and where.w >= width:
        return pygame.Rect(where.right - width, where.y, width, where.h)
    return pygame.Rect(area.right - width, area.bottom - c.u(FINGER), width, c.u(FINGER))


def _without_strip(c: Canvas, area: pygame.Rect) -> pygame.Rect:
    """The phase's part less the bar's strip (portrait, `strip_room`)."""
    return pygame.Rect(area.x, area.y, area.w, area.h - strip_room(c))


# -- quick form ----------------------------------------------------------------------------


@value
class QuickPlan:
    tiles: Tiles
    #: The grid's price buttons, `cells[row][column]` (a row per player, in the players'
    #: order), its column count (the view shows as many prices), the page button's place.
    #: No cells: every card is settled.
    cells: tuple[tuple[pygame.Rect, ...], ...]
    columns: int
    page: pygame.Rect | None
    #: The form switch's place (before the round's first entry), or None.
    switch: pygame.Rect | None
    #: How every price button shows its price and its player's letter (`faces`): one way
    #: for every row (fr-10: the two-letter "Vi" row had its prices under the letters, the
    #: others beside them).
    faces: PriceFaces | None = None


@value
class PriceFaces:
    """The price buttons' one arrangement: the letter's size in the corner, the price's
    size, and whether the price goes under the letter (the whole width) in every row."""

    badge_size: int
    price_size: int
    under: bool


def price_faces(c: Canvas, letters: Sequence[str], most: int, cell: int) -> PriceFaces:
    """The one arrangement of the grid's price buttons (`cell` wide) for the players'
    `letters` and prices up to `most`: each price beside its letter in the corner, the
    letters at the body size where every row's leaves its price the room, else at the
    small size; else every price under its letter. The price as large as it fits in every
    row (`Canvas.button` fits a label from its size down to the body size, and a row's
    room depends on its letter)."""
    widest = str(most)
    side = cell - c.u(PAD)
    for badge_size in (BODY, SMALL):
        badge_w = max((font(c.px(badge_size)).size(x)[0] for x in letters), default=0)
        room = side - badge_w - c.u(SNUG)
        if font(c.px(BODY)).size(widest)[0] <= room:
            return PriceFaces(badge_size=badge_size, under=False,
                              price_size=_largest(c, widest, room))
    return PriceFaces(badge_size=BODY, under=True, price_size=_largest(c, widest, side))


def _largest(c: Canvas, text: str, room: int) -> int:
    """The largest text size from `LARGE` down to `BODY` at which `text` fits `room`."""
    return next((s for s in range(LARGE, BODY, -1) if font(c.px(s)).size(text)[0] <= room),
                BODY)


def quick(c: Canvas, state: State, area: pygame.Rect, switch_w: int) -> QuickPlan:
    """The tiles at the top of `area` and the buyer × price grid below; `switch_w`: the
    width the grid keeps for the form switch (0: none). Portrait: the grid keeps to the
    body without the bar's strip, which a player's own button may bring ("Alexandra pays
    3" is longer than "Nobody bought it")."""
    body = _without_strip(c, area)
    whole = (body.x, body.y, body.w, body.h)
    least = slots_height(c, area.w, len(state.slots), state, snug=True)
    players, most = len(state.players), most_price(state)
    # The tiles grow to name every card with its face (`slots_wanted`) by what the grid
    # leaves spare below them: it keeps the arrangement it has under the least tiles.
    _top, room = split(whole, least, c.u)
    grid = arrange(room, players, most, c.u, switch_w)
    spare = room[3] - grid.height if grid.fits else 0
    top, room = split(whole, fitted_height(least, slots_wanted(c, area.w, state, snug=True),
                                           least + spare), c.u)
    placed = tiles(c, state, pygame.Rect(top), snug=True)
    if state.settling >= len(state.slots):
        return QuickPlan(tiles=placed, cells=(), columns=0, page=None, switch=None)
    grid = arrange(room, players, most, c.u, switch_w)
    switch = None
    if grid.switch is not None:
        switch = switch_place(c, False, area, pygame.Rect(grid.switch))
    letters = [words.letter(state, pid) for pid in state.players]
    return QuickPlan(tiles=placed,
                     cells=tuple(tuple(pygame.Rect(box) for box in row) for row in grid.cells),
                     columns=grid.columns,
                     page=pygame.Rect(grid.page) if grid.page is not None else None,
                     switch=switch,
                     faces=price_faces(c, letters, most, c.u(FINGER)))


def quick_least(c: Canvas, state: State, width: int, switch_w: int) -> int:
    """The tiles and the grid with four price columns at least (where the room holds
    them, a player's row under another's): what the frame gives way for."""
    if state.settling >= len(state.slots):
        return 0
    _tiles, room = split((0, 0, width, 0), slots_height(c, width, len(state.slots), state,
                                                        snug=True),
                         c.u)
    return room[1] + grid_least(len(state.players), most_price(state), width, c.u,
                                switch_w) + strip_room(c)


# -- tracked form --------------------------------------------------------------------------


@value
class DemandPlan:
    """While the workers are placed: whose worker it is (their badge, the line beside it),
    the tiles (the targets) and the form switch's place."""

    badge: tuple[int, int]
    badge_r: int
    line: pygame.Rect
    tiles: Tiles
    switch: pygame.Rect


def demand(c: Canvas, state: State, area: pygame.Rect, marked: bool = False) -> DemandPlan:
    """`marked`: the form switch has room for `OK_MARK` (OK presses it: `switch_width`)."""
    area = _without_strip(c, area)
    flow = layout.Flow(c, area, c.u(GAP))
    line = flow.take(layout.line_height(c, BODY))
    # The form switch's place is kept after the first placement too: the tiles keep their
    # size while the workers are placed (nothing moves under the finger).
    switch_h = c.u(FINGER) + c.u(GAP) if state.form is None or state.placed else 0
    rest = flow.rest()
    box = pygame.Rect(rest.x, rest.y, rest.w, max(
        min(c.u(TILES_PLACING), rest.h - switch_h),
        slots_height(c, rest.w, len(state.slots), state)))
    return DemandPlan(badge=(line.x + c.u(BADGE_RADIUS), line.centery),
                      badge_r=c.u(BADGE_RADIUS),
                      line=pygame.Rect(line.x + c.u(LINE_X), line.y, line.w - c.u(LINE_X),
                                       line.h),
                      tiles=tiles(c, state, box),
                      switch=switch_place(c, True, area, marked=marked))


@value
class OfferPlan:
    """An offer (or none: the tiles alone): the offer and the buyer's coins below the
    tiles (rooms to fit them into; None: not shown there), Pass, and the offer beside
    Pass where the room is short (`beside`)."""

    tiles: Tiles
    said: pygame.Rect | None
    coins: pygame.Rect | None
    passing: pygame.Rect | None
    beside: pygame.Rect | None


def offer(c: Canvas, state: State, area: pygame.Rect, said: str | None,
          coins: str) -> OfferPlan:
    """`said`: the offer's sentence (None: no offer, the tiles alone); `coins`: the
    buyer's coins. Pass is a finger tall, under the offer. Where the tiles leave too little
    room (portrait, five players), the buyer's coins give way first (the buyer's panel
    shows them too), then the offer goes beside Pass, on the row's two lines."""
    area = _without_strip(c, area)
    flow = layout.Flow(c, area, c.u(GAP))
    least = slots_height(c, area.w, len(state.slots), state)
    tiles_h = max(least, min(c.u(TILES_OFFER), area.h // 3))
    if said is None:
        return OfferPlan(tiles=tiles(c, state, flow.take(tiles_h)), said=None, coins=None,
                         passing=None, beside=None)
    row_h, gap = c.u(PASS_H), flow.gap
    said_h = layout.fit(c, said, area.w, None, BODY).height(c) + gap
    coins_h = layout.fit(c, coins, area.w, None, BODY).height(c) + gap
    spare = area.h - (tiles_h + gap) - said_h - row_h
    beside = spare < 0
    pass_w = min(area.w, c.u(PASS_W))
    if beside:  # the row as tall as the offer needs beside Pass (a long name: 3 lines)
        row_h = max(row_h, layout.fit(c, said, area.w - pass_w - gap, None, BODY,
                                      "body").height(c) + c.u(TIGHT))
        tiles_h = max(least, min(tiles_h, area.h - gap - row_h))
    placed = tiles(c, state, flow.take(tiles_h))
    said_room = coins_room = None
    if not beside:
        said_room = flow_text(c, flow, said, BODY)
        if spare >= coins_h:
            coins_room = flow_text(c, flow, coins, BODY)
    # Pass at the bottom of the phase's part, where it stays from offer to offer whatever
    # the lines above it take (a long name, the coins' line or not).
    row = flow.take(row_h)
    row = pygame.Rect(row.x, max(row.y, area.bottom - row_h), row.w, row_h)
    button = pygame.Rect(row.x, row.bottom - c.u(PASS_H), pass_w, c.u(PASS_H))
    return OfferPlan(tiles=placed, said=said_room, coins=coins_room, passing=button,
                     beside=pygame.Rect(button.right + gap, row.y,
                                        row.right - button.right - gap, row.h)
                     if beside else None)


def tracked_least(c: Canvas, state: State, width: int) -> int:
    """An offer: the tiles, and Pass with the offer beside it (on up to three lines).
    The same from the round's first worker on: the panels above give way once, before
    the workers are placed, never between two taps (docs/touch.md)."""
    if not state.slots:
        return 0
    tiles_h = slots_height(c, width, len(state.slots), state)
    need = tiles_h + c.u(GAP) + max(c.u(PASS_H), 3 * layout.line_height(c, BODY) + c.u(TIGHT))
    # Demand: the line saying whose worker it is, the tiles and the form switch's row.
    need = max(need, layout.line_height(c, BODY) + c.u(GAP) + tiles_h + c.u(FINGER) + c.u(GAP))
    # Portrait: as if the bar's strip were there (`strip_room`).
    return need + strip_room(c)


# -- the frame's plan ------------------------------------------------------------------------

#: A round and a screen size ((round, width, height)): where the quick grid keeps the form
#: switch's place.
Keep = tuple[int, int, int]


@value
class QuickFrame:
    """Quick Purchase's plan of a frame: the places (`quick`), the prices the grid's
    columns show (`prices`; None: every card settled), and what it was made for."""

    places: QuickPlan
    prices: PricePage | None
    view: PurchaseView
    room: pygame.Rect
    size: tuple[int, int]
    #: The rounds and sizes whose grid keeps the form switch's place: the round began
    #: without a form, so the grid leaves the switch's place free all round.
    keeps: frozenset[Keep]
    #: All the places were made from (`quick_key`), where they were kept by it; None: not
    #: kept (`body_key` then names nothing).
    key: tuple[object, ...] | None = None


@value
class TrackedFrame:
    """Tracked Purchase's plan of a frame: the workers being placed (`demand`) or the offer
    (`offer`), and what it was made for."""

    demand: DemandPlan | None
    offer: OfferPlan | None
    view: TrackedView
    room: pygame.Rect
    size: tuple[int, int]


Plan = QuickFrame | TrackedFrame


def switch_room(c: Canvas, state: State, previous: Plan | None) -> int:
    """The width the quick grid keeps for the form switch: while it is offered, and for the
    rest of the round and screen size where it was (`QuickFrame.keeps`); else 0."""
    if switch_shown(state):
        return switch_width(c, False)
    keeps = previous.keeps if isinstance(previous, QuickFrame) else frozenset()
    return switch_width(c, False) if (state.round, c.w, c.h) in keeps else 0


def least(c: Canvas, state: State, width: int, tracked: bool,
          previous: Plan | None = None, kept: Keeper | None = None) -> int:
    """The least height of the phase's part (what the frame gives way for), without
    making a plan: `quick_least` or `tracked_least`. `kept`: where the quick form's is
    remembered by all it reads (`quick_key`), so the new scene of an Undo or a Redo does
    not work it out again."""
    if tracked:
        return tracked_least(c, state, width)
    switch_w = switch_room(c, state, previous)
    if kept is None:
        return quick_least(c, state, width, switch_w)
    room = pygame.Rect(0, 0, width, 0)
    got: int = kept(("least", *quick_key(c, state, room, switch_w)),
                    lambda: quick_least(c, state, width, switch_w))
    return got


#: Where a plan's parts are remembered beyond the scene (`UI.memo.get`: key, work).
Keeper = Callable[[tuple[object, ...], Callable[[], Any]], Any]


def quick_key(c: Canvas, state: State, room: pygame.Rect, switch_w: int
              ) -> tuple[object, ...]:
    """All that `quick(c, state, room, switch_w)` reads: the size, scale and body (the
    portrait strip), the room, the language (the cards' names, "discarded"), the cards
    (the catalogue), the round's slots (workers, buyers, prices, outcomes), how far they
    are settled, and the players and their names (their letters): equal for the states an
    Undo and a Redo go between on the Purchase screen."""
    return ("purchase-quick", c.w, c.h, c.s, tuple(c.body), tuple(room), switch_w,
            language(), id(state.catalogue), state.slots, state.settling, state.players,
            tuple(words.player_name(state, pid) for pid in state.players))


@overload
def plan(c: Canvas, view: PurchaseView, room: pygame.Rect,
         previous: Plan | None = None, kept: Keeper | None = None) -> QuickFrame: ...


@overload
def plan(c: Canvas, view: TrackedView, room: pygame.Rect,
         previous: Plan | None = None, kept: Keeper | None = None) -> TrackedFrame: ...


def plan(c: Canvas, view: PurchaseView | TrackedView, room: pygame.Rect,
         previous: Plan | None = None, kept: Keeper | None = None) -> Plan:
    """Every layout decision of a Purchase frame for `view` in `room` (the phase's part):
    the tiles, the grid's arrangement and which prices its columns show, the form switch's
    place (quick); the tiles, the line and the switch, or the offer and Pass (tracked).
    The last frame's plan (`previous`) comes back where it was made for the same view,
    room and size; the quick grid keeps the form switch's place from it."""
    size = (c.w, c.h)
    if previous is not None and previous.view is view and previous.room == room and \
            previous.size == size:
        return previous
    state = view.state
    if isinstance(view, TrackedView):
        if view.demand:
            return TrackedFrame(demand=demand(c, state, room, view.ok_switch), offer=None,
                                view=view, room=room, size=size)
        return TrackedFrame(demand=None, offer=offer(c, state, room, view.said, view.coins),
                            view=view, room=room, size=size)
    keeps = previous.keeps if isinstance(previous, QuickFrame) else frozenset()
    if view.switch:
        keeps = keeps | {(state.round, c.w, c.h)}
    switch_w = switch_room(c, state, previous)
    key = None
    prices = None
    if kept is None:
        places = quick(c, state, room, switch_w)
        if places.cells:
            prices = price_page(view, places.columns)
    else:
        key = quick_key(c, state, room, switch_w)
        places = kept(key, lambda: quick(c, state, room, switch_w))
        if places.cells:
            # The prices shown, by all they are made of (the rows, the page turned, the
            # price counted up, the columns): a new state's view finds them too.
            columns = places.columns
            prices = kept(("purchase-prices", view.rows, view.most, view.turned, view.chosen,
                           columns), lambda: price_page(view, columns))
    return QuickFrame(places=places, prices=prices, view=view, room=room, size=size,
                      keeps=keeps, key=key)


def body_key(frame: QuickFrame) -> tuple[object, ...] | None:
    """All that quick Purchase's body shows for `frame` (`scenes.purchase.draw_phase`: the
    tiles, the grid's price buttons, the page button, the form switch), by content: the
    places' key (`quick_key`: the size, room, language, cards, slots, the card being
    settled, the players' names), the prices the columns show (each row's letter, which
    prices are enabled, the one counted up: `PricePage`), and whether the switch is
    offered. Equal for the new states an Undo and a Redo go between (a `State` is equal
    only to itself); None where the places were not kept by their key."""
    if frame.key is None:
        return None
    return ("purchase-body", frame.key, frame.prices, frame.view.switch)
