"""The name keyboard's places: the name field (whose name it is beside it), the letter
keys in rows centred under it (the rows as the table's keyboards print them where they
fit, else the same keys in order on more rows, so no key is narrower than a finger), and
space and erase below them."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, Canvas
from companion.ui.tokens import FINGER, GAP, MARGIN, PAD, ROOMY, TALL, WIDE

#: The name field's height.
FIELD_H = 52
#: The widest the space key grows; the erase key's width.
SPACE_W, ERASE_W = 330, 120


@value
class KeyboardPlan:
    #: Where "Name of …:" is fitted (centred in the height), or None when nobody is named.
    label: pygame.Rect | None
    #: The name field, where its text starts (middle left) and the width it may take.
    field: pygame.Rect
    text_at: tuple[int, int]
    text_room: int
    #: Each letter key: its character and its cell, row by row.
    keys: tuple[tuple[str, pygame.Rect], ...]
    space: pygame.Rect
    erase: pygame.Rect


def keyboard(c: Canvas, body: pygame.Rect, label: str, rows: Sequence[str]) -> KeyboardPlan:
    """`label`: whose name is typed ("" for none); `rows`: the letters as printed."""
    area = layout.inset(body, c.u(WIDE), c.u(GAP))
    flow = layout.Flow(c, area, c.u(ROOMY))
    field = flow.take(c.u(FIELD_H))
    box = None
    if label:  # whose name this is, beside the field
        width = min(field.w // 2, layout.width_for(c, label, BODY, 1) + c.u(PAD))
        box = pygame.Rect(field.x, field.y, width, field.h)
        field = pygame.Rect(field.x + width, field.y, field.w - width, field.h)
    gap = c.u(GAP)
    keys = flow.rest()
    widest = max(len(r) for r in rows)
    per_row = layout.columns_for(keys.w, widest, c.u(FINGER), gap, most=12)
    every = "".join(rows)
    lines = list(rows) if per_row >= widest else [
        every[i:i + per_row] for i in range(0, len(every), per_row)]
    n_rows = len(lines) + 1
    h = min(c.u(TALL), (keys.h - gap * (n_rows - 1)) // n_rows)
    w = min(c.u(TALL), (keys.w - gap * (per_row - 1)) // per_row)
    cells = []
    y = keys.y
    for line in lines:
        x0 = keys.centerx - (len(line) * (w + gap) - gap) // 2
        for i, char in enumerate(line):
            cells.append((char, pygame.Rect(x0 + i * (w + gap), y, w, h)))
        y += h + gap
    space, erase = layout.columns(pygame.Rect(keys.x, y, keys.w, h), [None, c.u(ERASE_W)], gap)
    space.w = min(space.w, c.u(SPACE_W))
    space.right = erase.x - gap
    return KeyboardPlan(label=box, field=field, text_at=(field.x + c.u(PAD), field.centery),
                        text_room=field.w - c.u(MARGIN), keys=tuple(cells), space=space,
                        erase=erase)
