"""The setup guide's places: the title, then a box a finger tall (or as tall as its text
needs) per step, each with its tick mark at the left and its words beside it."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, Canvas
from companion.ui.layouts.stack import text_box
from companion.ui.tokens import FINGER, GAP, PAD, ROOMY, THIN, TIGHT

#: A choice's mark (the box ticked).
MARK = 40
#: Where a choice's words start, after its mark.
WORDS_X = GAP + MARK + ROOMY


@value
class StepPlan:
    #: The whole box (the tap target).
    box: pygame.Rect
    #: The tick mark (✓ at its centre once ticked).
    mark: pygame.Rect
    #: Where the step's words are fitted (centred in the height).
    words: pygame.Rect


@value
class SetupPlan:
    #: Where the title is fitted (one line, from the top).
    title: pygame.Rect
    steps: tuple[StepPlan, ...]


def setup(c: Canvas, body: pygame.Rect, title: str, steps: Sequence[str]) -> SetupPlan:
    area = layout.inset(body, c.u(PAD), c.u(THIN))
    gap = c.u(GAP)
    head = pygame.Rect(area.x, area.y, area.w, max(0, area.h))
    top = text_box(c, title, head, LARGE, role="title", max_lines=1).bottom + gap
    flow = layout.Flow(c, pygame.Rect(area.x, top, area.w, area.bottom - top), gap)
    words_w = area.w - c.u(WORDS_X + PAD)
    placed = []
    for step in steps:
        need = layout.fit(c, step, words_w, None, BODY).height(c)
        box = flow.take(max(c.u(FINGER), need + c.u(TIGHT)))
        placed.append(StepPlan(
            box=box, mark=pygame.Rect(box.x + c.u(GAP), box.centery - c.u(MARK // 2), c.u(MARK),
                                      c.u(MARK)),
            words=pygame.Rect(box.x + c.u(WORDS_X), box.y, words_w, box.h)))
    return SetupPlan(title=head, steps=tuple(placed))
