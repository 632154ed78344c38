"""History (`companion.ui.scenes.history`): where the title, the messages, the game rows
with their arrows and the players' records go.

The games beside the players where the screen is wide, above them where not. Game rows
are all as tall as the tallest shown needs (a finger's 58 at least), as many as fit, the
arrows beside them when there are more. The rows' heights are measured one by one
(`row_height`, which the scene keeps per row: a history may hold thousands of games), so
the list is placed in two steps: `place` (the room for the rows), then `games`.

`Column` and `text_box` are the measuring half of `companion.ui.layout`'s `Flow` and
`draw_text`: where a text would go and what it would take, without drawing it (the
results screen uses them too)."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, SMALL, Canvas, font
from companion.ui.layouts.stack import Stack, text_box
from companion.ui.tokens import FINGER, GAP, PAD, SNUG, THIN, TIGHT, WIDE

#: The least width for the list and a game side by side.
SIDE_BY_SIDE = 600

#: The least height of a game row at 800x480 (a row is a tap target).
ROW = 58


class Column(Stack):
    """`layout.Flow` without the drawing, as `Stack`; a text's box is what was left of the
    column (an empty text's too), and it may be centred or to the right."""

    def text(self, text: str, size: int = BODY, *, role: str | None = None,
             align: str = "left", max_lines: int | None = None) -> pygame.Rect:
        """The box `text` is drawn in (it takes what it needs of it; none if empty)."""
        box = self.rest()
        if text:
            used = text_box(self.c, text, box, size, role=role, align=align,
                            max_lines=max_lines)
            self.y = used.bottom + self.gap
        return box


@value
class HistoryPlan:
    """Where the parts of the History screen go (`games`: the rows in `rows`)."""

    #: The title's box.
    title: pygame.Rect
    #: The box of the problem reading the history, of the games left out, of "no games
    #: yet" (each drawn only when it is said).
    problem: pygame.Rect
    notes: pygame.Rect
    empty: pygame.Rect
    #: The "Games" heading's box, and the room for the game rows below it.
    games: pygame.Rect
    rows: pygame.Rect
    #: The players' records.
    players: pygame.Rect
    #: As many rows as could fit at the least height (the rows read for the frame).
    most: int
    #: The width a row's text wraps in (arrows or not: the row heights stay).
    inner: int


def place(c: Canvas, body: pygame.Rect, title: str, heading: str, problem: str,
          notes: str) -> HistoryPlan:
    """The screen's parts: `title` on one line, `heading` over the games; `problem`,
    `notes`: what is said above the list ('' if nothing)."""
    area = layout.inset(body, c.u(WIDE), c.u(SNUG))
    flow = Column(c, area, c.u(GAP))
    title_box = flow.text(title, LARGE, role="title", max_lines=1)
    problem_box = flow.text(problem, BODY)
    notes_box = flow.text(notes, SMALL, max_lines=2) if not problem else flow.rest()
    rest = flow.rest()
    # Games beside the players where there is room, above them where not.
    if rest.w >= c.u(SIDE_BY_SIDE):
        left, right = layout.columns(rest, [rest.w * 58 // 100, None], c.u(WIDE))
    else:
        left, right = layout.rows(rest, [rest.h * 62 // 100, None], c.u(PAD))
    games = Column(c, left, c.u(GAP))
    heading_box = games.text(heading, SMALL)
    rows = games.rest()
    arrows = c.u(FINGER)
    # Only the rows that can be on screen are read and measured: as many as fit at the
    # least height, then as many of them as fit at the tallest one's (`games`).
    return HistoryPlan(title=title_box, problem=problem_box, notes=notes_box, empty=rest,
                       games=heading_box, rows=rows, players=right,
                       most=max(1, (rows.h + c.u(GAP)) // (c.u(ROW) + c.u(GAP))),
                       inner=rows.w - arrows - c.u(GAP) - c.u(WIDE))


def row_height(c: Canvas, result: str, width: int) -> int:
    """A game row's height: its time (small) over its result (body, two lines at most)."""
    # The players and totals are table values: body size (docs/look-and-feel.md).
    lines = layout.fit(c, result, width, None, BODY, max_lines=2)
    need = layout.line_height(c, SMALL) + c.u(THIN) + lines.height(c) + c.u(GAP)
    return max(c.u(ROW), need)


@value
class GameRow:
    """One game row: the row (the tap target), where its time starts, its result's box."""

    box: pygame.Rect
    when: tuple[int, int]
    result: pygame.Rect


@value
class GamesPlan:
    """The game rows shown, how many rows of this height fit (an arrow's step), and the
    arrows beside them (None: every game fits)."""

    rows: tuple[GameRow, ...]
    fits: int
    newer: pygame.Rect | None
    older: pygame.Rect | None


def games(c: Canvas, rows: pygame.Rect, tallest: int, shown: int, total: int,
          first: int) -> GamesPlan:
    """`shown` rows read of `total` games from the `first` on, each `tallest` high, in
    `rows` (as many as fit); the arrows beside them unless every game is on this page."""
    arrows = c.u(FINGER)
    fits = max(1, (rows.h + c.u(GAP)) // (tallest + c.u(GAP)))
    # A later page keeps its arrows even where its rows are lower and all of them fit:
    # without them the table could not page back to the newer games.
    more = first > 0 or total > fits
    width = rows.w - (arrows + c.u(GAP) if more else 0)
    when_h = font(c.px(SMALL)).get_height()
    placed = []
    for k in range(min(shown, fits)):
        box = pygame.Rect(rows.x, rows.y + k * (tallest + c.u(GAP)), width, tallest)
        text = layout.inset(box, c.u(GAP), c.u(TIGHT))
        below = text.y + when_h + c.u(THIN)
        placed.append(GameRow(box=box, when=text.topleft,
                              result=pygame.Rect(text.x, below, text.w, text.bottom - below)))
    newer = older = None
    if more:
        x = rows.right - arrows
        half = (min(rows.h, fits * (tallest + c.u(GAP))) - c.u(WIDE)) // 2
        newer = pygame.Rect(x, rows.y, arrows, half)
        older = pygame.Rect(x, rows.y + half + c.u(GAP), arrows, half)
    return GamesPlan(rows=tuple(placed), fits=fits, newer=newer, older=older)


@value
class PlayerRow:
    """A player's name line, and their record (its text) in the box below it."""

    name: pygame.Rect
    record: pygame.Rect
    text: str


def players(c: Canvas, rect: pygame.Rect, heading: str, records: Iterable[str]) -> tuple[
        pygame.Rect, tuple[PlayerRow, ...]]:
    """The `heading`'s box and, for as many of the `records` as fit whole, the player's
    name on a line, their record below it (`records` is read only as far as they fit)."""
    flow = Column(c, rect, c.u(THIN))
    heading_box = flow.text(heading, SMALL)
    placed = []
    # Name, then the record on its own line: beside the name it was cut short in German
    # and French ("2 Spiele, 1 Siege, beste…").
    for record in records:
        need = layout.line_height(c, BODY) + layout.fit(c, record, rect.w, None,
                                                        BODY).height(c)
        if flow.rest().h < need:
            break
        name = flow.take(layout.line_height(c, BODY))
        placed.append(PlayerRow(name=name, record=flow.text(record, BODY), text=record))
        flow.take(c.u(TIGHT))
    return heading_box, tuple(placed)
