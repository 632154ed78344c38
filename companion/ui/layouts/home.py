"""Home's places: the title, the slot below it (what the companion does, or the game that
is waiting), the grid of ways elsewhere and the notes below it; or, when New game is
tapped during a game, the question and its two answers.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, HUGE, LARGE, Canvas
from companion.ui.layouts.stack import text_box
from companion.ui.tokens import FINGER, GAP, ROOMY, SNUG, TALL, WIDE

#: Between the home screen's big buttons (they stand a little further apart).
APART = 14
#: The widest a home button grows.
WIDEST = 360
#: The widest of the two buttons under the question to go on with a game.
RESUME_W = 300

#: The ways elsewhere, in the grid's order (New game, Resume, History, Settings, Enroll
#: cards, Phones).
BUTTONS = 6


@value
class Title:
    """The screen's name: the box it is fitted into, its size (one line at the largest
    size that keeps it whole, else two) and the bottom of what it takes."""

    box: pygame.Rect
    size: int
    bottom: int


def title(c: Canvas, body: pygame.Rect, name: str) -> Title:
    area = layout.inset(body, c.u(WIDE), c.u(ROOMY))
    size = LARGE
    for wanted in (HUGE, LARGE):
        fitted = layout.fit(c, name, area.w, None, wanted, "title", max_lines=1)
        if not fitted.cut and fitted.size == wanted:
            size = wanted
            break
    used = text_box(c, name, area, size, role="title", align="center", max_lines=2)
    return Title(box=area, size=size, bottom=used.bottom)


@value
class HomePlan:
    title: Title
    #: Below the title: what the companion does, or the game waiting (same height either way).
    slot: pygame.Rect
    slot_lines: int
    #: The ways elsewhere, `BUTTONS` of them in their order.
    buttons: tuple[pygame.Rect, ...]
    #: The notes below the buttons, one rect each, in the order given.
    notes: tuple[pygame.Rect, ...]


def home(c: Canvas, body: pygame.Rect, name: str, about: str,
         notes: Sequence[tuple[str, int]]) -> HomePlan:
    """Home: `name` the title, `about` what the companion does (the slot is as tall as it
    needs, at least two lines, whatever it shows), `notes` (text, size) below the grid."""
    head = title(c, body, name)
    area = head.box
    gap = c.u(APART)
    heights = [layout.fit(c, text, area.w, None, size).height(c) for text, size in notes]
    below = sum(heights) + c.u(SNUG) * len(notes)
    cols = 2 if c.w >= c.h else 1
    n_rows = -(-BUTTONS // cols)
    w = min(c.u(WIDEST), (area.w - gap * (cols - 1)) // cols)
    slot_lines = max(2, len(layout.fit(c, about, area.w, None, BODY).lines))
    slot_h = slot_lines * layout.line_height(c, BODY)
    room = area.bottom - head.bottom - c.u(GAP) - slot_h - c.u(GAP) - below - c.u(GAP)
    h = max(c.u(FINGER), min(c.u(TALL), (room - gap * (n_rows - 1)) // n_rows))
    slot = pygame.Rect(area.x, head.bottom + c.u(GAP), area.w, slot_h)
    grid = pygame.Rect(0, slot.bottom + c.u(GAP), w * cols + gap * (cols - 1),
                       n_rows * h + gap * (n_rows - 1))
    grid.centerx = area.centerx
    buttons = layout.grid(grid, BUTTONS, cols, gap, h)
    rects = []
    y = grid.bottom + c.u(GAP)
    for height in heights:
        rects.append(pygame.Rect(area.x, y, area.w, height))
        y += height + c.u(SNUG)
    return HomePlan(title=head, slot=slot, slot_lines=slot_lines, buttons=tuple(buttons),
                    notes=tuple(rects))


@value
class QuestionPlan:
    title: Title
    #: Where the question is fitted (it takes the lines it needs from the top).
    question: pygame.Rect
    keep: pygame.Rect
    new: pygame.Rect


def question(c: Canvas, body: pygame.Rect, name: str, text: str) -> QuestionPlan:
    """New game with a game in progress: the question below the title, and both answers
    side by side below it, around the middle."""
    head = title(c, body, name)
    area = head.box
    top = head.bottom + c.u(APART)
    asked = pygame.Rect(area.x, top, area.w, max(0, area.bottom - top))
    y = text_box(c, text, asked, BODY, align="center").bottom + c.u(APART)
    row = pygame.Rect(area.x, y, area.w, max(0, min(c.u(TALL), area.bottom - y)))
    w = min(c.u(RESUME_W), (row.w - c.u(APART)) // 2)
    keep = pygame.Rect(0, row.y, w, row.h)
    keep.right = row.centerx - c.u(APART // 2)
    new = pygame.Rect(row.centerx + c.u(APART // 2), row.y, w, row.h)
    return QuestionPlan(title=head, question=asked, keep=keep, new=new)
