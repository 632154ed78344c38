"""An on-screen keyboard for a player's name (no physical keyboard at the table)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.ui.canvas import ACCENT, BODY, LARGE, PANEL, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost

ROWS = ("QWERTZUIOP", "ASDFGHJKLÄ", "YXCVBNMÖÜ-", "ÉÈÊÇÏÔÛ'ß")
MAX_LENGTH = 16


class NameScene(Scene):
    """Type a name; OK keeps it, Back leaves it as it was."""

    name = "keyboard"

    def __init__(self, ui: SceneHost, current: str, done: Callable[[str], None]) -> None:
        super().__init__(ui)
        self.text = current
        self.done = done

    def type(self, char: str) -> None:
        if len(self.text) < MAX_LENGTH:
            # Capital at the start of each word, small letters after.
            starts_word = not self.text or self.text.endswith((" ", "-"))
            self.text += char if starts_word else char.lower()
            self.ui.dirty = True

    def erase(self) -> None:
        self.text = self.text[:-1]
        self.ui.dirty = True

    def primary(self) -> Primary:
        return (_("Keep name"), self.keep)

    def keep(self) -> None:
        self.ui.pop()
        self.done(self.text.strip())

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        field = pygame.Rect(c.u(16), c.u(8), c.w - c.u(32), c.u(52))
        c.rect(field, PANEL)
        c.text(self.text + "_", (field.x + c.u(12), field.centery), LARGE, ACCENT,
               anchor="midleft", max_width=field.w - c.u(24))
        key, gap = c.u(64), c.u(8)
        top = c.u(70)
        for r, row in enumerate(ROWS):
            x0 = (c.w - (len(row) * (key + gap) - gap)) // 2
            for i, char in enumerate(row):
                rect = pygame.Rect(x0 + i * (key + gap), top + r * (c.u(58) + gap), key, c.u(58))
                c.button(rect, char, partial(self.type, char), key=f"key:{char}",
                         size=BODY)
        y = top + len(ROWS) * (c.u(58) + gap)
        c.button(pygame.Rect(c.w // 2 - c.u(250), y, c.u(330), c.u(56)), _("space"),
                 lambda: self.type(" "), key="key:space", size=BODY)
        c.button(pygame.Rect(c.w // 2 + c.u(90), y, c.u(160), c.u(56)), "\u232b",
                 self.erase, key="key:erase", size=LARGE)
