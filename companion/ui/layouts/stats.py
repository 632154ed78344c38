"""Player statistics (`companion.ui.scenes.stats`): where the title, the page arrows, the
messages and the table of players and statistics go.

A table: the labels' column as wide as its longest label (each on one line), then one
column per player, as many to a page as the width holds; the arrows page through the
players beside the title. The rows share the height (a finger's 48 at most)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, SMALL, Canvas, font
from companion.ui.tokens import FINGER, GAP, PAD, SNUG, TIGHT, WIDE

#: The tallest a row of the chart grows.
TALLEST = 48
#: The least width of a column.
LEAST_COLUMN = 72


@value
class Row:
    """One statistic's row: its band, its label's box and each shown player's value
    (the centre it is drawn at)."""

    band: pygame.Rect
    label: pygame.Rect
    values: tuple[tuple[int, int], ...]


@value
class StatsPlan:
    """Where everything of the statistics screen goes."""

    #: The title's box (beside the arrows when there are pages).
    head: pygame.Rect
    #: The arrows that page through the players (None: they all fit).
    prev: pygame.Rect | None
    next: pygame.Rect | None
    #: Players to a page.
    per_page: int
    #: Where a problem reading the history is said (in place of the table).
    problem: pygame.Rect
    #: The line naming the games left out, damaged (None: nothing left out).
    note: pygame.Rect | None
    #: Where "no games yet" is said.
    empty: pygame.Rect
    #: Each shown player's name: its centre, and the width it may take.
    names: tuple[tuple[int, int], ...]
    name_width: int
    #: The statistics' rows, in order.
    rows: tuple[Row, ...]


def place(c: Canvas, body: pygame.Rect, names: Sequence[str], labels: Sequence[str],
          count: int, first: int, notes: bool) -> StatsPlan:
    """The statistics of `count` players from the `first` on, `names` the first eight
    players' names (they set the columns' width), `labels` the rows' labels; `notes`:
    a line says what the history left out."""
    area = layout.inset(body, c.u(PAD), c.u(SNUG))
    arrows = c.u(FINGER)
    # Labels and values are table text: body size, each label on one line (the label
    # column as wide as its longest label; the players share the rest, a page at a time).
    col = max([c.u(LEAST_COLUMN)]
              + [font(c.px(BODY)).size(name)[0] + c.u(PAD) for name in names[:8]])
    label_w = min(area.w - col, max(layout.width_for(c, label, BODY, 1) for label in labels)
                  + c.u(WIDE))
    per_page = max(1, (area.w - label_w) // col)
    more = count > per_page
    head = pygame.Rect(area.x, area.y, area.w - (2 * arrows + c.u(WIDE) if more else 0), arrows)
    prev = nxt = None
    if more:
        x = area.right - 2 * arrows - c.u(GAP)
        prev = pygame.Rect(x, area.y, arrows, arrows)
        nxt = pygame.Rect(x + arrows + c.u(GAP), area.y, arrows, arrows)
    rest = pygame.Rect(area.x, head.bottom + c.u(GAP), area.w, area.bottom - head.bottom - c.u(GAP))
    problem = pygame.Rect(rest)
    note = None
    if notes:
        note_h = layout.line_height(c, SMALL)
        note = pygame.Rect(rest.x, rest.bottom - note_h, rest.w, note_h)
        rest.h -= note_h + c.u(TIGHT)
    shown = max(0, min(per_page, count - first))
    line = max(layout.line_height(c, BODY), min(
        c.u(TALLEST), (rest.h - layout.line_height(c, BODY)) // (len(labels) + 1)))

    def centre(j: int, y: int) -> tuple[int, int]:
        return rest.x + label_w + j * col + col // 2, y + line // 2

    rows = []
    for i in range(len(labels)):
        y = rest.y + (i + 1) * line
        rows.append(Row(band=pygame.Rect(rest.x, y, rest.w, line),
                        label=pygame.Rect(rest.x + c.u(TIGHT), y, label_w - c.u(GAP), line),
                        values=tuple(centre(j, y) for j in range(shown))))
    return StatsPlan(head=head, prev=prev, next=nxt, per_page=per_page, problem=problem,
                     note=note, empty=pygame.Rect(rest),
                     names=tuple(centre(j, rest.y) for j in range(shown)),
                     name_width=col - c.u(SNUG), rows=tuple(rows))
