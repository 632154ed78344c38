"""Where a player's tableau (`companion.ui.scenes.tableau`) puts things, from the top: the
player's badge and name with the four key numbers beside them (or on a row of their own
where the screen is narrow), the contracts with a place for each symbol, the warehouse,
the market hall and the cubes on ships, the cards; the corrections at the bottom."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import SMALL, Canvas, font
from companion.ui.hyphen import plain
from companion.ui.layouts.stack import text_box
from companion.ui.tokens import (
    FINGER,
    GAP,
    HAIRLINE,
    HALF_FINGER,
    MARGIN,
    PAD,
    ROOMY,
    SNUG,
    THIN,
    TIGHT,
    WIDE,
)

#: A cube's side in the stores; a contract's symbol.
CUBE, SYMBOL = 30, 34
#: A player's badge radius, and where the name starts after it.
BADGE_RADIUS, NAME_X = 20, 48
#: The badge's room in the head beside the name.
BADGE_ROOM = 52
#: The least width of a key number's block; of the name beside the four.
LEAST_BLOCK, LEAST_NAME_W = 100, 200
#: The height of the numbers' row when narrow.
NUMBERS_H = 60
#: The least width of a correction's button in one row.
LEAST_FIX_W = 130

Point = tuple[int, int]


@value
class ContractPlan:
    """One contract's box: its name's top left corner and widest, a square per symbol."""

    box: pygame.Rect
    name: Point
    name_width: int
    symbols: tuple[pygame.Rect, ...]


@value
class StorePlan:
    """The warehouse, the market hall or the ships: the label's left middle, a square per
    cube, and where the dash goes when there is none (its left middle)."""

    label: Point
    cubes: tuple[pygame.Rect, ...]
    dash: Point


@value
class TableauPlan:
    badge: Point
    badge_radius: int
    #: The name's left middle and widest.
    name: Point
    name_width: int
    #: Each key number's label (its middle top) and number (its middle bottom).
    stat_labels: tuple[Point, ...]
    stat_numbers: tuple[Point, ...]
    #: "Contracts" (None: no contract) and the contracts.
    contracts_heading: pygame.Rect | None
    contracts: tuple[ContractPlan, ...]
    #: The outline's width of a contract's empty symbol.
    outline: int
    stores: tuple[StorePlan, ...]
    #: "Correct:" (its left middle) and the four correction buttons.
    correct: Point
    fixes: tuple[pygame.Rect, ...]
    #: "Cards (n)" and the list of the other cards under it.
    cards_heading: pygame.Rect
    cards: pygame.Rect


def tableau_layout(c: Canvas, body: pygame.Rect, *, stats: Sequence[str],
                   contracts_heading: str, contracts: Sequence[tuple[str, int]],
                   stores: Sequence[tuple[str, int]], correct: str, cards_heading: str
                   ) -> TableauPlan:
    """The places of a tableau in `body`: `stats` the four key numbers' labels; each
    contract's name and number of symbols; each store's label ("Warehouse:") and number of
    cubes; the corrections' label; the cards' heading."""
    area = layout.inset(body, c.u(WIDE), c.u(SNUG))
    gap = c.u(GAP)
    # Key numbers at arm's length (docs/look-and-feel.md: >= 32 px), each under its label.
    block = max(c.u(LEAST_BLOCK),
                max(font(c.px(SMALL)).size(label)[0] for label in stats) + c.u(PAD))
    flow = layout.Flow(c, area, gap)

    def heading(text: str) -> pygame.Rect:
        """The box a heading is drawn in; the flow goes on under its lines (as `Flow.text`)."""
        box = flow.rest()
        if not text:
            return pygame.Rect(box.x, box.y, 0, 0)
        flow.y = text_box(c, text, box, SMALL).bottom + gap
        return box

    narrow = 4 * block + c.u(LEAST_NAME_W) > area.w
    head = flow.take(c.u(FINGER))
    room = head.w - c.u(BADGE_ROOM) - (0 if narrow else 4 * block)
    # Narrow: the four numbers on a row of their own, two by two if even that is tight.
    pairs = narrow and 4 * block > area.w
    numbers = flow.take(c.u(NUMBERS_H) * (2 if pairs else 1)) if narrow else pygame.Rect(
        head.right - 4 * block, head.y, 4 * block, head.h)
    cells = layout.grid(numbers, len(stats), 2 if pairs else 4, 0)
    # Contracts: each symbol a square (filled with its cube, or empty), in rows of boxes.
    contracts_box = None
    placed = []
    if contracts:
        contracts_box = heading(contracts_heading)
        size = c.u(SYMBOL)
        line = layout.line_height(c, SMALL)
        box_h = line + size + c.u(SNUG)
        x, row = area.x, flow.take(box_h)
        for name, count in contracts:
            width = max(font(c.px(SMALL)).size(name)[0] + c.u(PAD),
                        count * (size + c.u(TIGHT)) + c.u(ROOMY))
            if x + width > area.right and x > area.x:
                x, row = area.x, flow.take(box_h)
            box = pygame.Rect(x, row.y, min(width, area.w), box_h)
            placed.append(ContractPlan(
                box, (box.x + c.u(SNUG), box.y + c.u(HAIRLINE)), box.w - c.u(GAP),
                tuple(pygame.Rect(box.x + c.u(SNUG) + k * (size + c.u(TIGHT)),
                                  box.y + line + c.u(THIN), size, size)
                      for k in range(count))))
            x += box.w + gap
    # Warehouse, market hall and the cubes not yet loaded: side by side where they fit.
    side = c.u(CUBE)
    widths = [font(c.px(SMALL)).size(label)[0] + c.u(ROOMY) + max(1, count) * (side + c.u(TIGHT))
              for label, count in stores]
    per_row = 3 if sum(widths) + 2 * c.u(MARGIN) <= area.w else 1
    row = flow.take(side)
    x = area.x
    kept = []
    for k, ((label, count), width) in enumerate(zip(stores, widths, strict=True)):
        if k and per_row == 1:
            row, x = flow.take(side), area.x
        cx = x + font(c.px(SMALL)).size(plain(label))[0] + c.u(ROOMY)
        kept.append(StorePlan(
            (x, row.centery),
            tuple(pygame.Rect(cx + i * (side + c.u(TIGHT)), row.y, side, side)
                  for i in range(count)),
            (cx, row.centery)))
        x += width + c.u(MARGIN)
    # Corrections at the bottom: when the books and the table disagree, the table wins.
    label_w = font(c.px(SMALL)).size(correct)[0] + c.u(PAD)
    two_rows = (area.w - label_w) // 4 < c.u(LEAST_FIX_W)
    fix_h = c.u(FINGER) * (2 if two_rows else 1) + (gap if two_rows else 0)
    fix = pygame.Rect(area.x, area.bottom - fix_h, area.w, fix_h)
    fixes = layout.grid(pygame.Rect(fix.x + label_w, fix.y, fix.w - label_w, fix_h), 4,
                        2 if two_rows else 4, gap)
    cards_box = heading(cards_heading)
    rest = flow.rest()
    rest.h = max(0, fix.y - gap - rest.y)
    return TableauPlan(
        badge=(head.x + c.u(BADGE_RADIUS), head.centery), badge_radius=c.u(BADGE_RADIUS),
        name=(head.x + c.u(NAME_X), head.centery), name_width=room,
        stat_labels=tuple((cell.centerx, cell.y + c.u(THIN)) for cell in cells),
        stat_numbers=tuple(cell.midbottom for cell in cells),
        contracts_heading=contracts_box, contracts=tuple(placed), outline=max(2, c.u(THIN)),
        stores=tuple(kept), correct=(fix.x, fix.y + c.u(HALF_FINGER)), fixes=tuple(fixes),
        cards_heading=cards_box, cards=rest)
