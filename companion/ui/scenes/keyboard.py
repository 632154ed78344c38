"""An on-screen keyboard for a player's name (no physical keyboard at the table)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.ui import layout
from companion.ui.canvas import ACCENT, LARGE, PANEL, Canvas
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
        area = layout.inset(body, c.u(16), c.u(8))
        flow = layout.Flow(c, area, c.u(10))
        field = flow.take(c.u(52))
        c.rect(field, PANEL)
        c.text(self.text + "_", (field.x + c.u(12), field.centery), LARGE, ACCENT,
               anchor="midleft", max_width=field.w - c.u(24))
        gap = c.u(8)
        keys = flow.rest()
        # The rows as printed where they fit; on a narrow screen the same keys, in the same
        # order, on more rows, so that no key is narrower than a finger.
        per_row = layout.columns_for(keys.w, max(len(r) for r in ROWS), c.u(56), gap, most=10)
        rows = list(ROWS) if per_row >= max(len(r) for r in ROWS) else [
            "".join(ROWS)[i:i + per_row] for i in range(0, len("".join(ROWS)), per_row)]
        n_rows = len(rows) + 1
        h = min(c.u(64), (keys.h - gap * (n_rows - 1)) // n_rows)
        w = min(c.u(64), (keys.w - gap * (per_row - 1)) // per_row)
        y = keys.y
        for row in rows:
            x0 = keys.centerx - (len(row) * (w + gap) - gap) // 2
            for i, char in enumerate(row):
                c.button(pygame.Rect(x0 + i * (w + gap), y, w, h), char,
                         partial(self.type, char), key=f"key:{char}")
            y += h + gap
        space, erase = layout.columns(pygame.Rect(keys.x, y, keys.w, h), [None, c.u(120)], gap)
        space.w = min(space.w, c.u(330))
        space.right = erase.x - gap
        c.button(space, _("space"), lambda: self.type(" "), key="key:space")
        c.button(erase, "\u232b", self.erase, key="key:erase", size=LARGE)
