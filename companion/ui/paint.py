"""A plan's display list and its painter: what a phase's plan paints, in order.

A layout's `plan` may say what a frame paints as items (buttons with the intent a tap
asks, texts fitted into boxes, centred marks, plain faces, goods cubes) rather than only
rectangles; the scene then paints them with `paint`, mapping each button's intent to one
of its callbacks, and decides nothing about what goes where (Supply:
`companion.ui.layouts.supply`).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.engine.values import value
from companion.ui import layout, names
from companion.ui.canvas import BODY, Canvas
from companion.ui.tokens import MUTED, PANEL, PANEL_HI, TEXT, Colour


@value
class Control:
    """A button: where, what it says, and what a tap asks (the name of one of the scene's
    intents and its arguments, which the scene maps to its callback; None: greyed)."""

    box: pygame.Rect
    label: str
    key: str
    does: tuple[str, tuple[object, ...]] | None
    colour: Colour = PANEL_HI
    size: int = BODY
    name: str | None = None
    badge: str | None = None


@value
class Words:
    """A text fitted into its box (`layout.draw_text`)."""

    text: str
    box: pygame.Rect
    size: int = BODY
    colour: Colour = TEXT
    role: str | None = None
    align: str = "left"
    valign: str = "top"
    max_lines: int | None = None


@value
class Mark:
    """One short line centred on a point (a page's number, a good still to come)."""

    text: str
    at: tuple[int, int]
    size: int
    role: str | None = None
    colour: Colour = MUTED


@value
class Fill:
    """A plain face (a revealed card's place, a good's slot still empty)."""

    box: pygame.Rect
    colour: Colour = PANEL


@value
class Cube:
    """A good in a ship's slot."""

    good: str
    box: pygame.Rect


#: What a plan paints, in order.
Item = Control | Words | Mark | Fill | Cube




def paint(c: Canvas, items: tuple[Item, ...],
          act: Callable[[tuple[str, tuple[object, ...]] | None], Callable[[], None] | None]
          ) -> None:
    """Paint `items` in order; `act` turns a button's intent into its callback."""
    for item in items:
        if isinstance(item, Control):
            c.button(item.box, item.label, act(item.does), key=item.key, colour=item.colour,
                     size=item.size, name=item.name, badge=item.badge)
        elif isinstance(item, Words):
            layout.draw_text(c, item.text, item.box, item.size, item.colour, role=item.role,
                             align=item.align, valign=item.valign, max_lines=item.max_lines)
        elif isinstance(item, Mark):
            c.text(item.text, item.at, item.size, item.colour, anchor="center",
                   role=item.role)
        elif isinstance(item, Cube):
            c.cube(item.good, item.box, names.good_initial(item.good))
        else:
            c.rect(item.box, item.colour)
