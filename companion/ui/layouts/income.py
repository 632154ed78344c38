"""Income's places (`companion/ui/scenes/income.py` paints them): the title, a panel per
player (badge and name, the total, its parts, the coins now) and the metal coin's line.

Landscape: the parts in a column of their own beside the total. Narrow (portrait): the
parts on their own lines under the name, the panel as tall as they need.
"""

from __future__ import annotations

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, Canvas
from companion.ui.layouts.stack import flow_text
from companion.ui.tokens import GAP, PAD, ROOMY, SNUG, TIGHT, WIDE
from companion.ui.views.income import IncomeView

#: A player's panel at 800x480: its least height, and the least width the parts need
#: beside the total before they go under the name.
ROW_H, PARTS_LEAST = 52, 200
#: A panel's badge's middle and radius, and where the name starts.
BADGE_X, BADGE_RADIUS, NAME_X = 24, 16, 50
#: The columns: the names' least width, the total's width, the coins now's least width.
LEAST_NAME_W, TOTAL_W, LEAST_NOW_W = 120, 64, 90
#: The metal coin's badge (middle, radius) in its line, and where its words start.
COIN_X, COIN_Y, COIN_RADIUS, COIN_WORDS_X = 20, 16, 18, 48


@value
class IncomeRowPlan:
    """One player's panel: its box, the badge's centre, the name's middle left, the
    total's middle right, and the rooms the parts and the coins now are fitted into."""

    box: pygame.Rect
    badge: tuple[int, int]
    name: tuple[int, int]
    total: tuple[int, int]
    parts: pygame.Rect
    now: pygame.Rect


@value
class IncomePlan:
    #: What it was made for: the view and the room (`plan` keeps a plan made for both).
    view: IncomeView
    room: pygame.Rect
    #: The room the title is fitted into (on one line).
    title: pygame.Rect
    rows: tuple[IncomeRowPlan, ...]
    #: A player's badge's radius; the widest a name may be drawn.
    badge_r: int
    name_w: int
    #: The metal coin's badge (centre, radius) and the rooms its sentence and the last
    #: round's note are fitted into (empty where there is no such text).
    coin: tuple[int, int]
    coin_r: int
    first_said: pygame.Rect
    last: pygame.Rect


def plan(c: Canvas, view: IncomeView, room: pygame.Rect,
         previous: IncomePlan | None = None) -> IncomePlan:
    """Where everything of `view` goes in `room` (the screen's body): every layout
    decision of the frame (the parts beside the total or under the name, each panel's
    height). `previous`, the last frame's plan, is kept where it was made for the same
    view and room: the screen does not change while it is shown (the same data, the same
    places)."""
    if previous is not None and previous.view is view and previous.room == room:
        return previous
    area = layout.inset(room, c.u(WIDE), c.u(ROOMY))
    flow = layout.Flow(c, area, c.u(SNUG))
    title = flow_text(c, flow, view.title, LARGE, role="title", max_lines=1)
    # Columns: badge and name, the total (a key number), its parts, the coins now.
    name_w = max(c.u(LEAST_NAME_W), area.w * 24 // 100)
    total_w = c.u(TOTAL_W)
    now_w = max(c.u(LEAST_NOW_W), area.w * 15 // 100)
    parts_w = area.w - c.u(NAME_X) - name_w - total_w - now_w - c.u(3 * PAD)
    # Narrow (portrait): the parts go on their own lines under the name.
    below = parts_w < c.u(PARTS_LEAST)
    if below:
        name_w = area.w - c.u(NAME_X) - total_w - now_w - c.u(3 * PAD)
        parts_w = area.w - c.u(NAME_X + PAD)
    row_h = c.u(ROW_H)
    rows = []
    for row in view.rows:
        need = layout.fit(c, row.parts, parts_w, None, BODY).height(c) if row.parts else 0
        box = flow.take(row_h + need if below else max(row_h, need + c.u(GAP)))
        top = pygame.Rect(box.x, box.y, box.w, row_h if below else box.h)
        x = box.x + c.u(NAME_X) + name_w + c.u(PAD)
        rows.append(IncomeRowPlan(
            box=box, badge=(box.x + c.u(BADGE_X), top.centery),
            name=(box.x + c.u(NAME_X), top.centery),
            total=(x + total_w, top.centery),
            parts=pygame.Rect(box.x + c.u(NAME_X), top.bottom - c.u(SNUG), parts_w, need) if below
            else pygame.Rect(x + total_w + c.u(PAD), box.y, parts_w, box.h),
            now=pygame.Rect(box.right - c.u(PAD) - now_w, top.y, now_w, top.h)))
    line = flow.rest()
    words_x = c.u(COIN_WORDS_X)
    text = layout.Flow(c, pygame.Rect(line.x + words_x, line.y, line.w - words_x, line.h),
                       c.u(TIGHT))
    first_said = flow_text(c, text, view.first_said, BODY)
    last = flow_text(c, text, view.last, BODY)
    return IncomePlan(view=view, room=room, title=title, rows=tuple(rows),
                      badge_r=c.u(BADGE_RADIUS), name_w=name_w,
                      coin=(line.x + c.u(COIN_X), line.y + c.u(COIN_Y)), coin_r=c.u(COIN_RADIUS),
                      first_said=first_said, last=last)
