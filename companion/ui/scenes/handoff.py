"""The BG Stats code on the whole screen: the largest modules the panel can show.

Opened by a tap on the code of a final screen. The code fills the screen's
height (the bottom bar too), so a phone reads even a 5-player play from arm's
length; a tap on the code, Close or the OK button goes back
(docs/after-the-game.md).
"""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

import pygame

from companion.ui import qr
from companion.ui.canvas import BODY, MUTED, PRIMARY, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost


class HandoffScene(Scene):
    """One QR code as large as the screen allows, and what it is for."""

    name = "bgstats"
    full_screen = True

    def __init__(self, ui: SceneHost, link: str, title: str = "") -> None:
        super().__init__(ui)
        self.link = link
        self.title = title

    def primary(self) -> Primary:
        return (_("Close"), self.ui.pop)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        pad = c.u(8)
        side = min(body.h, body.w * 62 // 100) if c.w >= c.h else body.w
        square = pygame.Rect(body.x, body.y, side, side)
        where = qr.draw(c.surface, self.link, square)
        if where is not None:
            c.region(where, self.ui.pop, "code", _("Close"))
        if c.w >= c.h:
            text = pygame.Rect(square.right + c.u(16), body.y + c.u(16),
                               body.right - square.right - c.u(24), body.h)
        else:
            text = pygame.Rect(body.x + c.u(16), square.bottom + c.u(12),
                               body.w - c.u(32), body.h)
        y = text.y
        if self.title:
            for line in c.wrap(self.title, text.w, BODY):
                c.text(line, (text.x, y), BODY, TEXT, max_width=text.w)
                y += c.u(28)
            y += c.u(8)
        for line in c.wrap(_("Scan with your phone to add this play to BG Stats"), text.w, BODY):
            c.text(line, (text.x, y), BODY, TEXT, max_width=text.w)
            y += c.u(28)
        y += c.u(8)
        for line in c.wrap(_("BG Stats opens with the play filled in; nothing is sent from "
                             "here."), text.w, SMALL):
            c.text(line, (text.x, y), SMALL, MUTED, max_width=text.w)
            y += c.u(22)
        label, action = self.primary()
        width = max(c.u(150), text.w // 2)
        button = pygame.Rect(body.right - pad - width, body.bottom - pad - c.u(56), width,
                             c.u(56))
        c.button(button, label, action, key="ok", colour=PRIMARY)
