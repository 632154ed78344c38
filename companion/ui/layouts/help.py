"""The rules screen's places (`companion/ui/scenes/help.py`): a topic's text on a panel, or
the list of the topics a screen shows, a button each."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, Canvas
from companion.ui.layouts.stack import Stack
from companion.ui.tokens import GAP, PAD, ROOMY, SNUG, TIGHT, WIDE

#: The tallest a topic's button grows.
TALLEST = 72


@value
class TextPlan:
    """Where a topic's text goes: the boxes its three texts are drawn into (`draw_text`
    with the sizes and roles of `text_plan`), and the place a tap closes it."""

    panel: pygame.Rect
    title: pygame.Rect
    text: pygame.Rect
    closing: pygame.Rect
    #: The whole body but a finger's gap above the bar's buttons.
    close: pygame.Rect


@value
class ListPlan:
    """Where the list of topics goes: its heading's box and a button for each topic."""

    title: pygame.Rect
    cells: tuple[pygame.Rect, ...]


def text_plan(c: Canvas, body: pygame.Rect, title: str, text: str, closing: str) -> TextPlan:
    """A topic's `title` (large, role title), its `text` (body) and the `closing` line (body,
    secondary), from the top of a panel over the body."""
    area = layout.inset(body, c.u(WIDE), c.u(ROOMY))
    stack = Stack(c, layout.inset(area, c.u(SNUG), 0), c.u(ROOMY))
    return TextPlan(
        panel=layout.inset(body, c.u(SNUG), c.u(TIGHT)),
        title=stack.text(title, LARGE, role="title"),
        text=stack.text(text, BODY, role="body"),
        closing=stack.text(closing, BODY, role="secondary"),
        close=pygame.Rect(body.x, body.y, body.w, body.h - c.u(GAP)))


def list_plan(c: Canvas, body: pygame.Rect, heading: str, titles: Sequence[str]) -> ListPlan:
    """The `heading` (large, role title), then a button for each of `titles`, up to four
    columns, rows as tall as their labels need (up to 72)."""
    stack = Stack(c, layout.inset(body, c.u(PAD), c.u(GAP)), c.u(GAP))
    title = stack.text(heading, LARGE, role="title")
    cells = layout.button_grid(c, stack.rest(), titles, c.u(ROOMY), most_cols=4,
                               tallest=c.u(TALLEST))
    return ListPlan(title=title, cells=tuple(cells))
