"""The settings' places: the title with the Phones and Hardware test buttons (on a row of
their own where the width is short), then each setting: its name, and its choices beside
it where there is room, else below it, in as few rows as keep every word whole."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, Canvas, font
from companion.ui.layouts.stack import flow_text
from companion.ui.tokens import FINGER, GAP, HALF_FINGER, ROOMY, SNUG, WIDE

#: The least width of a setting's label.
LEAST_LABEL_W = 160
#: A tab's room around its word.
TAB_ROOM = 40
#: The least width for a setting's controls beside its label.
LEAST_CONTROLS_W = 360


@value
class Words:
    """The words whose widths the title row follows (in the table's language)."""

    title: str
    phones: str
    hardware: str


@value
class RowPlan:
    """One setting: where its name is fitted (centred beside the choices, or from the top
    above them) and its choices' cells, in the order given."""

    label: pygame.Rect
    valign: str
    cells: tuple[pygame.Rect, ...]


@value
class SettingsPlan:
    title: pygame.Rect
    phones: pygame.Rect
    hardware: pygame.Rect
    rows: tuple[RowPlan, ...]


def settings(c: Canvas, body: pygame.Rect, words: Words,
             rows: Sequence[tuple[str, Sequence[str]]]) -> SettingsPlan:
    """The places of the title row and of `rows`: (a setting's name, its choices' texts)."""
    flow = layout.Flow(c, layout.inset(body, c.u(WIDE), c.u(SNUG)), c.u(ROOMY))
    # The title row also holds the hardware test: a side trip, not the primary (Done).
    top = flow.take(c.u(FINGER))
    f = font(c.px(BODY))
    wants = [f.size(words.phones)[0] + c.u(TAB_ROOM), f.size(words.hardware)[0] + c.u(TAB_ROOM)]
    title_w = font(c.px(LARGE)).size(words.title)[0] + c.u(WIDE)
    if title_w + sum(wants) + c.u(GAP) > top.w:
        # Too narrow for all three (portrait): the two buttons get a row of their own.
        title = top
        top = flow.take(c.u(FINGER))
        half = (top.w - c.u(GAP)) // 2
        phones = pygame.Rect(top.x, top.y, half, top.h)
        hardware = pygame.Rect(top.right - half, top.y, half, top.h)
    else:
        hardware = pygame.Rect(0, top.y, wants[1], top.h)
        hardware.right = top.right
        phones = pygame.Rect(0, top.y, wants[0], top.h)
        phones.right = hardware.x - c.u(GAP)
        title = pygame.Rect(top.x, top.y, phones.x - top.x - c.u(GAP), top.h)
    placed = tuple(row(c, flow, label, options) for label, options in rows)
    return SettingsPlan(title=title, phones=phones, hardware=hardware, rows=placed)


def row(c: Canvas, flow: layout.Flow, label: str, options: Sequence[str]) -> RowPlan:
    """A setting: its name, then its choices (beside it where there is room)."""
    f = font(c.px(BODY))
    gap = c.u(GAP)
    label_w = max(c.u(LEAST_LABEL_W), f.size(label)[0] + c.u(WIDE))
    # A choice may wrap onto two lines, never break a word.
    widest = max(f.size(word)[0] for text in options for word in text.split()) + c.u(HALF_FINGER)
    area = flow.rest()
    beside = area.w - label_w >= len(options) * (widest + gap) - gap or \
        area.w - label_w >= c.u(LEAST_CONTROLS_W)
    if beside:
        room = pygame.Rect(area.x + label_w, area.y, area.w - label_w, 0)
        box = pygame.Rect(area.x, area.y, label_w - c.u(GAP), c.u(FINGER))
    else:
        box = flow_text(c, flow, label, BODY)
        area = flow.rest()
        room = pygame.Rect(area.x, area.y, area.w, 0)
    cols = layout.columns_for(room.w, len(options), widest, gap)
    n_rows = -(-len(options) // cols)
    room.h = n_rows * c.u(FINGER) + (n_rows - 1) * gap
    cells = layout.grid(room, len(options), cols, gap)
    flow.take(room.h)
    return RowPlan(label=box, valign="center" if beside else "top", cells=tuple(cells))
