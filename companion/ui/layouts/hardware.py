"""The hardware test page's places (`companion/ui/scenes/hardware.py`): the title, the
devices' lines, and on a panel beside them (above, where the width is short) the last
buttons and cards, the newest first, as many as fit."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import LARGE, SMALL, Canvas
from companion.ui.layouts.stack import Stack
from companion.ui.tokens import GAP, SNUG, TIGHT, WIDE

#: The width (design px) from which the intents' panel goes beside the devices.
SIDE_BY_SIDE = 600


@value
class HardwarePlan:
    #: The title's box (large, role title, one line).
    title: pygame.Rect
    #: The boxes of the devices' lines, in their order.
    devices: tuple[pygame.Rect, ...]
    #: The panel of the intents.
    panel: pygame.Rect
    #: The box of the panel's heading (small).
    heading: pygame.Rect
    #: The boxes of the intents' lines (small), as many of those given as fit.
    intents: tuple[pygame.Rect, ...]


def place(c: Canvas, body: pygame.Rect, title: str, devices: Sequence[tuple[str, int]],
          heading: str, intents: Sequence[str]) -> HardwarePlan:
    """The page's places: `title`; `devices`, each line's (text, size); the panel's
    `heading` and the `intents`' lines (small), of which those that find no room are
    left out (from the last)."""
    area = layout.inset(body, c.u(WIDE), c.u(SNUG))
    gap = c.u(WIDE)
    stack = Stack(c, area, c.u(SNUG))
    top = stack.text(title, LARGE, role="title", max_lines=1)
    rest = stack.rest()
    if rest.w >= c.u(SIDE_BY_SIDE):
        left, right = layout.columns(rest, [None, None], gap)
    else:
        left, right = layout.rows(rest, [None, None], gap)
    lines = Stack(c, left, c.u(SNUG)).texts(devices)
    panel = Stack(c, layout.inset(right, c.u(GAP), c.u(TIGHT)), c.u(TIGHT))
    head = panel.text(heading, SMALL)
    shown = []
    least = layout.line_height(c, SMALL)
    for words in intents:
        if panel.rest().h < least:
            break
        shown.append(panel.text(words, SMALL))
    return HardwarePlan(title=top, devices=lines, panel=right, heading=head,
                        intents=tuple(shown))
