"""The printed-value question's places (`companion.ui.scenes.confirm` paints them): the
texts, the one-tap answers (a contract's goods as cubes in them), the steps for a number
beyond the buttons; and the longer way of a contract's goods, one by one."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, SMALL, Canvas
from companion.ui.tokens import FINGER, GAP, INSET, ROOMY, TALL, THIN, TIGHT
from companion.ui.views.confirm import ConfirmView

#: The height of a value question's row of goods.
GOODS_ROW = 80


def area(c: Canvas, body: pygame.Rect) -> pygame.Rect:
    """The question's room in the screen's body."""
    return layout.inset(body, c.u(INSET), c.u(ROOMY))


@value
class Answers:
    """The texts kept (`layout.answers_layout`: they give way before the answers, from the
    last): the title's, the question's and the guess's line's places; each group's answer
    cells, the cubes of each answer that shows goods, and the steps."""

    texts: tuple[pygame.Rect, ...]
    cells: tuple[tuple[pygame.Rect, ...], ...]
    cubes: tuple[tuple[tuple[pygame.Rect, ...], ...], ...]
    #: − the number + (for a number beyond the buttons), or None.
    steps: tuple[pygame.Rect, pygame.Rect, pygame.Rect] | None


def answers(c: Canvas, body: pygame.Rect, view: ConfirmView, *, steps: bool) -> Answers:
    """The question answered in one tap: the title, the question and the guess's line from
    the top, then `view`'s answers in their groups, then, with `steps`, − number +.

    The guess's line is as tall as the tallest text it may show (`ConfirmView.said`), its
    place kept while it shows nothing: what it says (the guess, the answer pressed so
    far, nothing) never moves the answers."""
    room = area(c, body)
    line = max((text for text in view.said if text), default="", key=lambda text: layout.fit(
        c, text, room.w, None, BODY, "body", max_lines=layout.ANSWER_TEXT_LINES).height(c))
    texts = [(view.title, LARGE, "title"), (view.question, BODY, "body"), (line, BODY, "body")]
    counts = [(len(group), len(group[0].goods)) for group in view.groups]
    placed = layout.answers_layout(c, room, texts, counts, steps=steps)
    cubes = tuple(tuple(tuple(layout.cube_row(c, box, len(answer.goods))) if answer.goods
                        else () for answer, box in zip(group, boxes, strict=True))
                  for group, boxes in zip(view.groups, placed.cells, strict=True))
    row = None
    if placed.steps is not None:
        size = placed.steps.h
        minus, number, plus = layout.columns(placed.steps, [size, None, size])
        row = (minus, number, plus)
    return Answers(texts=placed.texts, cells=placed.cells, cubes=cubes, steps=row)


@value
class ByGoods:
    """A contract's goods one by one: the title and the question, four cubes so far and
    the button that clears them, the five goods (each with its name below)."""

    title: pygame.Rect
    question: pygame.Rect
    cubes: tuple[pygame.Rect, ...]
    clear: pygame.Rect
    goods: tuple[pygame.Rect, ...]
    under: tuple[pygame.Rect, ...]


def by_goods(c: Canvas, body: pygame.Rect,
             texts: Sequence[tuple[str, int, str | None, int | None]]
             ) -> ByGoods:
    """`texts`: the title and the question (text, size, role, most lines), each as tall as
    it wraps, then the goods below them."""
    room = area(c, body)
    gap = c.u(GAP)
    y = room.y
    placed: list[pygame.Rect] = []
    for text, size, role, most in texts:
        rest = pygame.Rect(room.x, y, room.w, max(0, room.bottom - y))
        placed.append(rest)
        if text:
            fitted = layout.fit(c, text, rest.w, rest.h, size, role, most)
            y = rest.y + fitted.height(c) + gap
    rect = pygame.Rect(room.x, y, room.w, max(0, room.bottom - y))
    flow = layout.Flow(c, rect, c.u(GAP))
    gap = c.u(ROOMY)
    size = min(c.u(TALL), (rect.w - 5 * gap) // 6)
    row = flow.take(size)
    cells = layout.columns(row, [size] * 4 + [None], gap)
    flow.take(c.u(TIGHT))
    boxes, under = goods_row(c, flow.rest(), gap, c.u(GOODS_ROW))
    return ByGoods(title=placed[0], question=placed[1], cubes=tuple(cells[:4]),
                   clear=cells[4], goods=tuple(boxes), under=tuple(under))


def goods_row(c: Canvas, rest: pygame.Rect, gap: int, tallest: int
              ) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """The five goods' buttons in a row at the top of `rest` (a finger tall at least,
    `tallest` at most, two small lines left below them), and the place of each one's name
    under it (a ship's goods in Supply, a contract's on the value question)."""
    line = layout.line_height(c, SMALL)
    height = max(c.u(FINGER), min(tallest, rest.h - 2 * line - c.u(TIGHT)))
    boxes = layout.columns(pygame.Rect(rest.x, rest.y, rest.w, height), [None] * 5, gap)
    # The names where their two lines fit below (not where the buttons' legend took the
    # room: the buttons' initials and colours still tell the goods); else no place.
    names_h = 2 * line if rest.bottom - (rest.y + height + c.u(THIN)) >= 2 * line else 0
    under = [pygame.Rect(box.x - gap // 2, box.bottom + c.u(THIN), box.w + gap, names_h)
             for box in boxes]
    return boxes, under


def message_over(c: Canvas, texts: pygame.Rect, controls_top: int, text: str
                 ) -> tuple[pygame.Rect, pygame.Rect] | None:
    """Where a message too long for the bar goes on the question without moving its
    answers: over the title, the question and the guess's line (from the top of `texts`,
    the title's place, to a finger's gap above the answers at `controls_top`), its box and
    the box its words are fitted into; None where it does not fit there whole (the bar's
    strip then takes it, as on other screens)."""
    box = pygame.Rect(texts.x, texts.y, texts.w, controls_top - c.u(GAP) - texts.y)
    if box.h < c.u(FINGER):
        return None
    inner = layout.inset(box, c.u(GAP))
    fitted = layout.fit(c, text, inner.w, inner.h, BODY, "body")
    return None if fitted.cut else (box, inner)
