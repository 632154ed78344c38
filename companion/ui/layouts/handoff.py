"""Where the hand-off screen (`companion.ui.scenes.handoff`, the BG Stats code on the whole
screen) puts things: the code as large as the screen allows, its words beside it
(landscape) or under it (portrait), and Close in the bottom right corner."""

from __future__ import annotations

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, SMALL, Canvas
from companion.ui.tokens import FINGER, GAP, HALF_FINGER, MARGIN, PAD, WIDE

#: The line height of the small note under the code.
NOTE_LINE = 22
#: The least width of the OK button.
LEAST_OK_W = 150

#: A line of text and where its top left corner goes.
Line = tuple[str, tuple[int, int]]


@value
class HandoffPlan:
    #: The square the code is drawn in (it centres itself in it, with its quiet zone).
    square: pygame.Rect
    #: The width the words are wrapped to (and each line's widest).
    width: int
    #: The play's title (body size), what to do (body size), what happens (small).
    title: tuple[Line, ...]
    scan: tuple[Line, ...]
    note: tuple[Line, ...]
    #: Close.
    ok: pygame.Rect


def handoff_layout(c: Canvas, body: pygame.Rect, title: str, scan: str, note: str
                   ) -> HandoffPlan:
    """The places of the hand-off screen in `body` for these words (`title` may be "")."""
    pad = c.u(GAP)
    landscape = c.w >= c.h
    side = min(body.h, body.w * 62 // 100) if landscape else body.w
    square = pygame.Rect(body.x, body.y, side, side)
    if landscape:
        text = pygame.Rect(square.right + c.u(WIDE), body.y + c.u(WIDE),
                           body.right - square.right - c.u(MARGIN), body.h)
    else:
        text = pygame.Rect(body.x + c.u(WIDE), square.bottom + c.u(PAD), body.w - c.u(2 * WIDE),
                           body.h)
    y = text.y

    def lines(words: str, size: int, step: int) -> tuple[Line, ...]:
        nonlocal y
        out = []
        for line in layout.wrap(c, words, text.w, size):
            out.append((line, (text.x, y)))
            y += step
        return tuple(out)

    title_lines: tuple[Line, ...] = ()
    if title:
        title_lines = lines(title, BODY, c.u(HALF_FINGER))
        y += c.u(GAP)
    scan_lines = lines(scan, BODY, c.u(HALF_FINGER))
    y += c.u(GAP)
    note_lines = lines(note, SMALL, c.u(NOTE_LINE))
    width = max(c.u(LEAST_OK_W), text.w // 2)
    ok = pygame.Rect(body.right - pad - width, body.bottom - pad - c.u(FINGER), width, c.u(FINGER))
    return HandoffPlan(square, text.w, title_lines, scan_lines, note_lines, ok)
