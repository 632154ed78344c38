"""The BG Stats code on the whole screen: the largest modules the panel can show.

Opened by a tap on the code of a final screen. The code fills the screen's
height (the bottom bar too), so a phone reads even a 5-player play from arm's
length; a tap on the code, Close or the OK button goes back
(docs/after-the-game.md).
"""

from __future__ import annotations

import pygame

from companion.ui import qr
from companion.ui.canvas import BODY, MUTED, PRIMARY, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.layouts.handoff import handoff_layout
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
        plan = handoff_layout(
            c, body, self.title, _("Scan with your phone to add this play to BG Stats"),
            _("BG Stats opens with the play filled in; nothing is sent from here."))
        where = qr.draw(c.surface, self.link, plan.square)
        if where is not None:
            c.region(where, self.ui.pop, "code", _("Close"))
        for line, at in plan.title:
            c.text(line, at, BODY, TEXT, max_width=plan.width)
        for line, at in plan.scan:
            c.text(line, at, BODY, TEXT, max_width=plan.width)
        for line, at in plan.note:
            c.text(line, at, SMALL, MUTED, max_width=plan.width)
        label, action = self.primary()
        c.button(plan.ok, label, action, key="ok", colour=PRIMARY)
