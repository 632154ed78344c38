"""The Enroll screen's places (`companion/ui/scenes/enroll.py`): the title (and the
simulator's "new tag" button beside it), the tag scanned, the seasons' tabs and a button
for each card of the season shown."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, Canvas, font
from companion.ui.layouts.stack import Stack
from companion.ui.tokens import FINGER, GAP, HALF_FINGER, SNUG, TIGHT, WIDE

#: The width of the button beside the title.
BUTTON_W = 190
#: The tallest a card's button grows.
TALLEST = 84


@value
class EnrollPlan:
    #: The title's box (drawn centred in its height, one line).
    title: pygame.Rect
    #: "Simulate a new tag", beside the title (None without a simulator).
    simulate: pygame.Rect | None
    #: The box of the line naming the tag scanned (body size; zero high without one).
    tag: pygame.Rect
    #: A tab for each season, in their order.
    seasons: tuple[pygame.Rect, ...]
    #: A button for each card of the season shown, in their order.
    cards: tuple[pygame.Rect, ...]


def badge_room(c: Canvas) -> int:
    """The room a card's button keeps beside its label for the "?" of a guessed value."""
    return font(c.px(BODY)).size("?")[0] + c.u(SNUG)


def place(c: Canvas, body: pygame.Rect, *, simulate: bool, tag: str,
          seasons: Sequence[str], cards: Sequence[str]) -> EnrollPlan:
    """The screen's places: `simulate`, whether the simulator's button shows; `tag`, the line
    naming the tag scanned ("" for none); `seasons` and `cards`, the tabs' and the cards'
    labels. The tabs take as many columns as their longest word allows, a finger tall."""
    area = layout.inset(body, c.u(WIDE), c.u(TIGHT))
    gap = c.u(GAP)
    stack = Stack(c, area, gap)
    head = stack.take(c.u(FINGER))
    title, button = head, None
    if simulate:
        title, button = layout.columns(head, [None, c.u(BUTTON_W)], gap)
    line = stack.text(tag, BODY)
    f = font(c.px(BODY))
    least = max(f.size(w)[0] for label in seasons for w in label.split()) + c.u(HALF_FINGER)
    cols = layout.columns_for(area.w, len(seasons), least, gap)
    n_rows = -(-len(seasons) // cols)
    tabs = stack.take(n_rows * c.u(FINGER) + (n_rows - 1) * gap)
    return EnrollPlan(
        title=title, simulate=button, tag=line,
        seasons=tuple(layout.grid(tabs, len(seasons), cols, gap)),
        cards=tuple(layout.button_grid(c, stack.rest(), cards, gap, extra=badge_room(c),
                                       tallest=c.u(TALLEST))))
