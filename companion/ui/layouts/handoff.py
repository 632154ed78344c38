"""Where the hand-off screen (`companion.ui.scenes.handoff`, the BG Stats code on the whole
screen) puts things: the code as large as the screen allows, its words beside it
(landscape) or under it (portrait), and Close in the bottom right corner."""

from __future__ import annotations

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, SMALL, Canvas

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
    pad = c.u(8)
    landscape = c.w >= c.h
    side = min(body.h, body.w * 62 // 100) if landscape else body.w
    square = pygame.Rect(body.x, body.y, side, side)
    if landscape:
        text = pygame.Rect(square.right + c.u(16), body.y + c.u(16),
                           body.right - square.right - c.u(24), body.h)
    else:
        text = pygame.Rect(body.x + c.u(16), square.bottom + c.u(12), body.w - c.u(32), body.h)
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
        title_lines = lines(title, BODY, c.u(28))
        y += c.u(8)
    scan_lines = lines(scan, BODY, c.u(28))
    y += c.u(8)
    note_lines = lines(note, SMALL, c.u(22))
    width = max(c.u(150), text.w // 2)
    ok = pygame.Rect(body.right - pad - width, body.bottom - pad - c.u(56), width, c.u(56))
    return HandoffPlan(square, text.w, title_lines, scan_lines, note_lines, ok)
