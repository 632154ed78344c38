"""Supply's plan: every layout decision of a Supply frame (`plan`), and the places it is
made of: the heading, the grid of the season's cards (a page at a time where they do not
all fit), the rows of the firemen's values and the ships' first goods, and the ship's
goods row. `companion.ui.scenes.supply` paints the plan; `companion.ui.views.supply` says
what it shows.

The grid's places follow from the room and the labels the places are laid out by (the
longest name each place can show this round, `views.supply.make_places`), never from what
the cards show now: the same labels give the same cells, so nothing moves under the finger
while the round's cards are revealed, told by their value, or taken back. What the round
keeps (its places, whether its ships are told by the ship row, the height above the grid)
travels from one plan to the next (`previous`): the open game keeps the last plan
(`GameController.plans`), so a Supply screen made anew after an Undo shows the same places.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import replace, value
from companion.engine.words import GOODS, Kind
from companion.ui import layout, names
from companion.ui.canvas import BODY, LARGE, SMALL, Canvas, font, readable_on
from companion.ui.i18n import _
from companion.ui.layouts.confirm import goods_row
from companion.ui.layouts.round import RoundPlan
from companion.ui.paint import Control, Cube, Fill, Item, Mark, Words
from companion.ui.tokens import (
    CARD_FIRE,
    CARD_OTHER,
    CARD_SHIP,
    FINGER,
    GAP,
    GOOD_COLOURS,
    HALF_FINGER,
    MUTED,
    PAD,
    SNUG,
    THIN,
    TIGHT,
)
from companion.ui.views.supply import (
    Place,
    SupplyView,
    kind_word,
    make_places,
    value_label,
)

#: The tallest a grid's row grows where the room allows (a finger and a half).
TALLEST = FINGER + HALF_FINGER
#: The widest a value's or a ship's good's button grows.
WIDEST = 96
#: The least width of the way back from a ship's goods ("Other card", "Clear goods").
BACK_LEAST = 120


@value
class Heading:
    """The two lines above the cards (the round's count, the cards of another season) and
    the room below them."""

    line: pygame.Rect
    rest: pygame.Rect
    #: The heading as it fits the two lines: the earliest cards of the list give way.
    text: str


def heading(c: Canvas, area: pygame.Rect, head: str, items: Sequence[str]) -> Heading:
    """Two lines, whether the heading needs one or two, so the cards below keep their
    places as the list of cards of another season (`items`) grows; where the list does
    not fit, the earliest give way ("…"), the latest kept whole."""
    flow = layout.Flow(c, area, c.u(TIGHT))
    line = flow.take(2 * layout.line_height(c, SMALL))
    shown = list(items)
    while True:
        text = head + ("  \u00b7  " + ("\u2026  " if len(shown) < len(items) else "")
                       + "  ".join(shown) if shown else "")
        if len(shown) <= 1 or not layout.fit(c, text, line.w, None, SMALL, max_lines=2).cut:
            break
        shown = shown[1:]
    return Heading(line=line, rest=flow.rest(), text=text)


@value
class Grid:
    """The cards' places on the page shown: `cells[k]` is place `start + k`."""

    page: int
    pages: int
    start: int
    cells: tuple[pygame.Rect, ...]
    #: The page buttons ("‹" "›") and the place of the page's number, where paged.
    prev: pygame.Rect | None = None
    next: pygame.Rect | None = None
    number: pygame.Rect | None = None
    #: The row of value buttons above the places (the firemen told by their value), and
    #: the place of their kind's word before them.
    values: tuple[pygame.Rect, ...] = ()
    word: pygame.Rect | None = None
    #: The ship's row below the values' (a ship told by its first good), and its word.
    goods: tuple[pygame.Rect, ...] = ()
    goods_word: pygame.Rect | None = None


#: A row's word this wide at most on one line is kept whole ("Navire", not "Na-/vire").
WHOLE_WORD = 120


def word_width(c: Canvas, word: str) -> int:
    """The room a row's word takes: on one line where it is short, else on two lines
    (broken where it may be: "Feuerwehr-/mann")."""
    one = font(c.px(BODY)).size(word.replace("\u00ad", ""))[0]
    return one if one <= c.u(WHOLE_WORD) else layout.width_for(c, word, BODY, 2)


def value_row(c: Canvas, rect: pygame.Rect, word: str, count: int, words: Sequence[str] = ()
              ) -> tuple[pygame.Rect | None, list[pygame.Rect]]:
    """One row across the top of `rect`: the kind's word, then `count` number buttons a
    finger wide at least (a fireman's five values side by side: the row reads "Fireman
    1 2 3 4 5", each button named "Fireman 3"). The word's room and the row's height
    follow from the word's measure alone (the widest of `words` where rows of several
    kinds stand one above the other: their buttons then line up)."""
    if not count:
        return None, []
    gap = c.u(GAP)
    word_w = max(word_width(c, w) for w in (word, *words) if w) + c.u(GAP)
    height = max(c.u(FINGER), 2 * layout.line_height(c, BODY) + c.u(TIGHT))
    row = pygame.Rect(rect.x, rect.y, rect.w, height)
    buttons = min(c.u(WIDEST), max(c.u(FINGER), (rect.w - word_w - gap * count) // count))
    label, *cells = layout.columns(row, [None, *([buttons] * count)], gap)
    return label, cells


def value_rows(c: Canvas, rect: pygame.Rect, word: str, values: int, ship_word: str,
               goods: int) -> tuple[tuple[pygame.Rect | None, list[pygame.Rect]],
                                    tuple[pygame.Rect | None, list[pygame.Rect]],
                                    pygame.Rect]:
    """The firemen's value row (`values` buttons after `word`) and the ship row below it
    (`goods` buttons after `ship_word`) at the top of `rect`, and the room left below."""
    rows: list[tuple[pygame.Rect | None, list[pygame.Rect]]] = []
    for said_word, count in ((word, values), (ship_word, goods)):
        said, row = value_row(c, rect, said_word, count,
                              [w for w, n in ((ship_word, goods), (word, values)) if n])
        rows.append((said, row))
        if row:
            top = row[-1].bottom + c.u(GAP)
            rect = pygame.Rect(rect.x, top, rect.w, max(0, rect.bottom - top))
    return rows[0], rows[1], rect


def grid(c: Canvas, rect: pygame.Rect, labels: Sequence[str], page: int,
         word: str = "", values: int = 0, ship_word: str = "", goods: int = 0) -> Grid:
    """Buttons with these labels whole, a page at a time where they do not all fit: each
    page as many of the next labels as fit whole (the pages stay while the labels do),
    "‹ ›" a finger tall beside them; `values`: as many number buttons in a row above them
    all, after `word` (`value_row`), and `goods`: as many good buttons in a row below that,
    after `ship_word` (the firemen's row keeps its place when a season of ships follows
    in the round). The same labels and `rect` give the same cells."""
    gap = c.u(GAP)
    tallest = c.u(TALLEST)
    (said, row), (ship_said, ship_row), rect = value_rows(c, rect, word, values, ship_word,
                                                         goods)
    cells = layout.button_grid(c, rect, labels, gap, tallest=tallest, whole=True)
    if cells or not labels:
        return Grid(page=0, pages=1, start=0, cells=tuple(cells), values=tuple(row),
                    word=said, goods=tuple(ship_row), goods_word=ship_said)
    # "‹" above "›" beside the cells; in a short area side by side.
    finger = c.u(FINGER)
    tall = rect.h >= 2 * finger + 2 * gap
    cells_area, nav = layout.columns(rect, [None, c.u(FINGER + GAP) if tall
                                            else 2 * finger + gap], gap)
    # Page by page, as many of the labels still to place as fit whole: one long label
    # (a contract's four goods, only the whole width) takes a page alone, and not every
    # other card's too (a page size shared by all made four pages of one card each).
    pages: list[list[pygame.Rect]] = []
    starts: list[int] = []
    i = 0
    while i < len(labels):
        cells = []
        take = len(labels) - i + 1
        while take > 1 and not cells:
            take -= 1
            cells = layout.button_grid(c, cells_area, labels[i:i + take], gap,
                                       tallest=tallest, whole=True)
        if not cells:  # not even alone whole: a finger tall, cut
            cells = layout.button_grid(c, cells_area, labels[i:i + 1], gap)
        starts.append(i)
        pages.append(cells)
        i += take
    count = len(pages)
    page = max(0, min(page, count - 1))
    number: pygame.Rect | None
    if tall:
        prev, number, nxt = layout.rows(nav, [finger, None, finger], gap)
    else:
        prev, nxt = layout.columns(pygame.Rect(nav.x, nav.y, nav.w, finger), [None, None], gap)
        number = None
    if number is not None and number.h < layout.line_height(c, SMALL):
        number = None
    return Grid(page=page, pages=count, start=starts[page], cells=tuple(pages[page]),
                prev=prev, next=nxt, number=number, values=tuple(row), word=said,
                goods=tuple(ship_row), goods_word=ship_said)


def pages_whole(c: Canvas, rect: pygame.Rect, labels: Sequence[str], word: str = "",
                values: int = 0, ship_word: str = "", goods: int = 0) -> int:
    """How many pages `grid` takes for these labels and rows, or more than it could ever
    take (one more than the labels) where its places are not a finger tall."""
    laid = grid(c, rect, labels, 0, word, values, ship_word, goods)
    if any(cell.h < c.u(FINGER) for cell in laid.cells):
        return len(labels) + 1
    return laid.pages


def inner(c: Canvas, box: pygame.Rect) -> pygame.Rect:
    """The text's room in a place whose cards are all revealed."""
    return layout.inset(box, c.u(TIGHT))


def side_by_side(c: Canvas, box: pygame.Rect, count: int) -> list[pygame.Rect]:
    """A place shared by `count` buttons (cards that read otherwise since it was made)."""
    if count <= 1:
        return [box]
    return layout.columns(box, [None] * count, c.u(GAP))


@value
class Goods:
    """The ship's goods: its name, the three goods so far, the way back, the five goods
    to tap (each with its name below)."""

    name: pygame.Rect
    slots: tuple[pygame.Rect, ...]
    other: pygame.Rect
    goods: tuple[pygame.Rect, ...]
    under: tuple[pygame.Rect, ...]


def goods(c: Canvas, rect: pygame.Rect, other_labels: Sequence[str],
          columns: Sequence[pygame.Rect] = ()) -> Goods:
    """One row: which ship, its three goods so far, the way back to the cards (as wide as
    the longest word of `other_labels` needs); below it the five goods. `columns`: the
    round's ship row (`ship_columns`), where a ship was started by the finger: the five
    goods then stand on its places, each good where its first-good button was, so the
    tap that started the ship has the same good under it (QA: a tap on the ship row's
    "Te" landed on the goods' "Sa"), and the row above them where the firemen's was
    (below them where the ship row is the grid's first)."""
    size = c.u(FINGER)
    gap = c.u(GAP)
    top = columns[0].y if columns else rect.y + size + gap
    above = top - rect.y >= size + gap
    bottom = rect.bottom if above else rect.bottom - size - gap
    if columns:
        line = layout.line_height(c, SMALL)
        height = max(size, min(c.u(WIDEST), bottom - top - 2 * line - c.u(TIGHT)))
        cells = [pygame.Rect(box.x, top, box.w, height) for box in columns]
        names_h = 2 * line if bottom - (top + height + c.u(THIN)) >= 2 * line else 0
        under = [pygame.Rect(box.x - gap // 2, box.bottom + c.u(THIN), box.w + gap, names_h)
                 for box in cells]
    else:
        cells, under = goods_row(c, pygame.Rect(rect.x, top, rect.w, max(0, bottom - top)),
                                 gap, c.u(WIDEST))
    row = pygame.Rect(rect.x, rect.y if above else max(under[0].bottom, cells[0].bottom)
                      + gap, rect.w, size)
    f = font(c.px(BODY))
    other_w = max(c.u(BACK_LEAST), max(f.size(w)[0] for w in " ".join(other_labels).split())
                  + c.u(2 * PAD + TIGHT))
    name, slots, other = layout.columns(row, [None, 3 * size + 2 * gap, other_w], gap)
    return Goods(name=name, slots=tuple(layout.columns(slots, [size] * 3, gap)), other=other,
                 goods=tuple(cells), under=tuple(under))


# --- the plan of a frame ------------------------------------------------------------


@value
class SupplyPlan:
    """Every layout decision of one Supply frame, and what the round keeps of them."""

    #: The round's memory, carried from plan to plan: whether the ships are told by the
    #: ship row (by the round's grid, language and screen size), the grid's places (by the
    #: round's grid and the choice), and the round frame's plan (the height it kept above
    #: the grid).
    round: int
    rows: tuple[tuple[tuple[object, ...], bool], ...]
    grids: tuple[tuple[tuple[object, ...], tuple[Place, ...]], ...]
    held: RoundPlan | None
    #: This frame: the round's ship-row choice, the grid's places, the heading.
    ship_row: bool
    places: tuple[Place, ...]
    heading: Heading
    heading_key: tuple[object, ...]
    #: The grid (None: a ship's goods are asked, or the pile has only the 4th fire left),
    #: and what it was laid out from.
    grid: Grid | None = None
    grid_key: tuple[object, ...] = ()
    #: A ship's goods: the ship row's places they stand on (`ship_columns`), and what
    #: they were laid out from.
    columns: tuple[pygame.Rect, ...] = ()
    columns_key: tuple[object, ...] = ()
    #: What the frame paints, in order.
    items: tuple[Item, ...] = ()


def plan(c: Canvas, view: SupplyView, room: pygame.Rect, previous: SupplyPlan | None,
         back: tuple[str, str] = ("", "")) -> SupplyPlan:
    """Supply's frame in `room` (below the hint's place): what `previous` decided for the
    round is kept (the ship row's choice, the grid's places), so a card never moves
    under the finger within the round; what it laid out from the same inputs is reused.
    `back`: the goods row's way back, before and after a good is in ("Other card",
    "Clear goods")."""
    size = (c.w, c.h)
    same_round = previous is not None and previous.round == view.round
    rows = dict(previous.rows) if previous is not None and same_round else {}
    grids = dict(previous.grids) if previous is not None and same_round else {}
    row_key = (view.round, view.season, view.language, size)
    if row_key not in rows:
        rows[row_key] = _ship_row_pays(c, view, room)
    ship_row = rows[row_key]
    grid_key = (view.round, view.season, view.grid, view.language, ship_row)
    if grid_key not in grids:
        grids[grid_key] = make_places(view, ship_row)
    places = grids[grid_key]
    # The cards revealed this round are told on their own places in the grid; only those
    # of another season, not in the grid, are listed above it, the latest kept whole.
    in_grid = _in_grid(view, places) if not view.ship else set()
    items = tuple(item for card, item in view.slots if card not in in_grid)
    head_key = (tuple(room), size, view.head, items)
    if previous is not None and previous.heading_key == head_key:
        head = previous.heading
    else:
        head = heading(c, room, view.head, items)
    made = SupplyPlan(round=view.round, rows=tuple(rows.items()), grids=tuple(grids.items()),
                      held=previous.held if previous is not None else None,
                      ship_row=ship_row, places=places, heading=head, heading_key=head_key)
    said: list[Item] = [Words(head.text, head.line, SMALL, max_lines=2)]
    if view.ship:
        # The ship row's places, laid out once for the same room and round's places.
        key = (tuple(head.rest), size, grid_key)
        columns = previous.columns if previous is not None and previous.columns_key == key \
            else ship_columns(c, head.rest, places)
        return replace(made, columns=columns, columns_key=key,
                       items=(*said, *_goods(c, view, head.rest, back, columns)))
    if view.season is None:
        return replace(made, items=(*said, Words(_("Only the 4th fire is left in the pile."),
                                                 head.rest)))
    return _cards(c, view, made, said, previous)


def _ship_row_pays(c: Canvas, view: SupplyView, room: pygame.Rect) -> bool:
    """Whether the ship row saves taps in this room: it takes a ship's tap off every
    ship, but its row takes room from the grid; where the grid would then need more
    pages than with the ships' one place ("Ship"), a page turn would cost what it saves
    (a season's first round in French at 800x480 went from two pages to five)."""
    if not any(view.faces[cid].kind == Kind.SHIP for cid in view.grid if cid in view.faces):
        return False
    rect = heading(c, room, "", ()).rest
    pages = []
    for every in (make_places(view, True), make_places(view, False)):
        labels, told, shipped = _split(every)
        pages.append(pages_whole(c, rect, labels, kind_word(Kind.FIREMAN) if told else "",
                                 len(told), kind_word(Kind.SHIP) if shipped else "",
                                 len(shipped)))
    return pages[0] <= pages[1]


def _split(every: Sequence[Place]) -> tuple[list[str], list[Place], list[Place]]:
    """The grid's labels, the firemen's value places, the ship row's places."""
    return ([p.label for p in every if p.value is None and p.good is None],
            [p for p in every if p.value is not None],
            [p for p in every if p.good is not None])


def _in_grid(view: SupplyView, places: Sequence[Place]) -> set[str]:
    """The cards revealed this round that the grid tells on their own place (a place
    whose cards are all revealed)."""
    out: set[str] = set()
    for place in places:
        if place.value is None and place.good is None and \
                not any(cid in view.unseen for cid in place.ids):
            first = next((cid for cid in place.ids if cid in view.done), None)
            if first is not None:
                out.add(first)
    return out


def _cards(c: Canvas, view: SupplyView, made: SupplyPlan, said: list[Item],
           previous: SupplyPlan | None) -> SupplyPlan:
    """The grid of the season's cards: the rows above it, its places on the page shown."""
    rect = made.heading.rest
    groups = [p for p in made.places if p.value is None and p.good is None]
    labels, told, shipped = _split(made.places)
    word = kind_word(Kind.FIREMAN) if told else ""
    ship_word = kind_word(Kind.SHIP) if shipped else ""
    # The same room and labels give the same places: laid out once, not every frame.
    key = (tuple(rect), c.w, c.h, tuple(labels), view.page, word, len(told), ship_word,
           len(shipped))
    if previous is not None and previous.grid is not None and previous.grid_key == key:
        laid = previous.grid
    else:
        laid = grid(c, rect, labels, view.page, word, len(told), ship_word, len(shipped))
    items = list(said)
    items += [Words(text, box, valign="center", max_lines=2)
              for text, box in ((ship_word, laid.goods_word), (word, laid.word))
              if box is not None]
    ship = view.next_ship
    for box, place in zip(laid.goods, shipped, strict=True):  # a ship and its first good
        good = place.good or ""
        items.append(Control(box, names.good_initial(good), f"ship:{good}",
                             ("ship_good", (ship, good)) if ship is not None
                             and view.bag.get(good, 0) > 0 else None,
                             GOOD_COLOURS[good], LARGE, place.label))
    for box, place in zip(laid.values, told, strict=True):  # a fireman and its value
        shown = place.value or 0
        items.append(Control(box, str(shown), f"fireman:{shown}", ("tell_value", (shown,))
                             if shown in view.values_open else None, CARD_OTHER, LARGE,
                             value_label(shown)))
    if laid.prev is not None and laid.next is not None:
        # Pages of whole names, turned with "‹ ›" beside them; never a name cut.
        items += [Control(laid.prev, "\u2039", "page:prev",
                          ("turn", (-1,)) if laid.page > 0 else None, size=LARGE),
                  Control(laid.next, "\u203a", "page:next",
                          ("turn", (1,)) if laid.page < laid.pages - 1 else None, size=LARGE)]
        if laid.number is not None:
            items.append(Mark(f"{laid.page + 1}/{laid.pages}", laid.number.center, SMALL,
                              "secondary"))
    for place, box in zip(groups[laid.start:laid.start + len(laid.cells)], laid.cells,
                          strict=True):
        items += _place(c, view, place, box)
    return replace(made, grid=laid, grid_key=key, items=tuple(items))


def _place(c: Canvas, view: SupplyView, place: Place, box: pygame.Rect) -> list[Item]:
    """A place of the grid: one button per face its unseen cards show (one, but for a
    card taken back after it was told by its value: its kind's question then, or else
    side by side); where all are revealed, the place as a space with its number (and a
    ship's goods) and its name where it fits, or a resolved fire's name."""
    left = [cid for cid in place.ids if cid in view.unseen]
    if not left:
        room = inner(c, box)
        cid = next((cid for cid in place.ids if cid in view.done), None)
        fire = next((cid for cid in place.ids if cid in view.fires), None)
        text = view.fires[fire] if cid is None and fire is not None else ""
        if cid is not None:
            text, short = view.done[cid]
            if layout.fit(c, text, room.w, room.h, SMALL, "secondary").cut:
                text = short  # its name was on this place
        return [Fill(box), *([Words(text, room, SMALL, MUTED, "secondary", "center",
                                    "center")] if text else [])]
    faces: dict[str, str] = {}
    for cid in left:
        faces.setdefault(view.faces[cid].label, cid)
    asks = [label for label, cid in faces.items() if view.faces[cid].asks]
    if len(faces) > 1 and asks:
        # Its kind's question reaches them all: the answer tells the card, one whose
        # value is confirmed by that value (`confirm.which_card`).
        faces = {asks[0]: faces[asks[0]]}
    out: list[Item] = []
    for (label, cid), cell in zip(faces.items(), side_by_side(c, box, len(faces)),
                                  strict=True):
        face = view.faces[cid]
        colour = CARD_FIRE if face.kind == Kind.FIRE else CARD_SHIP \
            if face.kind == Kind.SHIP else CARD_OTHER
        out.append(Control(cell, label, f"ask:{face.kind}" if face.asks else f"card:{cid}",
                           ("ask", (face.kind,)) if face.asks else ("tap_card", (cid,)),
                           colour))
    return out


def ship_columns(c: Canvas, rect: pygame.Rect, places: Sequence[Place]
                 ) -> tuple[pygame.Rect, ...]:
    """The round's ship row in the grid at the top of `rect` as `grid` lays it out: its
    five buttons in the goods' order (none where the round tells its ships otherwise)."""
    _labels, told, shipped = _split(places)
    if sorted(p.good or "" for p in shipped) != sorted(GOODS):
        return ()
    _values, (_word, row), _rest = value_rows(
        c, rect, kind_word(Kind.FIREMAN) if told else "", len(told), kind_word(Kind.SHIP),
        len(shipped))
    at = {place.good: box for place, box in zip(shipped, row, strict=True)}
    return tuple(at[good] for good in GOODS)


def _beside(c: Canvas, box: pygame.Rect, label: str, badge: str) -> bool:
    """Whether `label` fits beside `badge` in its corner on a button `box` wide (as
    `Canvas.button` lays them out)."""
    badge_w = font(c.px(SMALL)).size(badge)[0] + c.u(SNUG)
    return font(c.px(BODY)).size(label)[0] <= box.w - c.u(PAD) - badge_w


def _goods(c: Canvas, view: SupplyView, rect: pygame.Rect, back: tuple[str, str],
           columns: Sequence[pygame.Rect] = ()) -> list[Item]:
    """A ship's goods: its name, its three goods so far, the way back (clearing the goods
    first, never OK), and the five goods with what the bag has left of each (their names
    below where they have room)."""
    laid = goods(c, rect, back, columns)
    items: list[Item] = [Words(view.ship_name, laid.name, valign="center")]
    for i, box in enumerate(laid.slots):
        if i < len(view.goods):
            items.append(Cube(view.goods[i], box))
        else:
            items += [Fill(box), Mark("?", box.center, BODY)]
    items.append(Control(laid.other, back[1], "goods:clear", ("clear", ())) if view.goods
                 else Control(laid.other, back[0], "ship:cancel", ("cancel_ship", ())))
    # What the bag has left of each: in its corner, or under every initial where one
    # has no room beside it (narrow places) - the five goods alike.
    beside = all(_beside(c, box, names.good_initial(good), str(view.left[good]))
                 for good, box in zip(GOODS, laid.goods, strict=True))
    for good, box, under in zip(GOODS, laid.goods, laid.under, strict=True):
        initial, left = names.good_initial(good), str(view.left[good])
        does = ("add_good", (good,)) if good in view.goods_open else None
        if beside:
            items.append(Control(box, initial, f"good:{good}", does, GOOD_COLOURS[good],
                                 badge=left))
        else:  # a narrow good (on the ship row's places): what is left under its initial
            items += [Control(box, initial, f"good:{good}", does, GOOD_COLOURS[good]),
                      Mark(left, (box.centerx, box.bottom - layout.line_height(c, SMALL)),
                           SMALL, colour=readable_on(GOOD_COLOURS[good]) if does
                           else MUTED)]
        if under.h:  # where the names have their place (`goods_row`)
            items.append(Words(names.good(good), under, SMALL, align="center"))
    return items
