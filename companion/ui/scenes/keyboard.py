"""An on-screen keyboard for a player's name (no physical keyboard at the table)."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.ui import layout
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, Canvas
from companion.ui.i18n import _, language
from companion.ui.scene import Primary, Scene, SceneHost

#: The letters as the table's own keyboards have them (QWERTZ in German, AZERTY in
#: French, QWERTY in English), each with the accented letters names need; at most 10 a row.
LAYOUTS = {
    "de": ("QWERTZUIOP", "ASDFGHJKLÄ", "YXCVBNMÖÜ-", "ÉÈÊÇÏÔÛ'ß"),
    "fr": ("AZERTYUIOP", "QSDFGHJKLM", "WXCVBN'-ÉÈ", "ÊÇÀÏÎÔÛÄÖÜ"),
    "en": ("QWERTYUIOP", "ASDFGHJKL'", "ZXCVBNM-ß", "ÉÈÊÇÏÔÛÄÖÜ"),
}
ROWS = LAYOUTS["de"]
MAX_LENGTH = 16


class NameScene(Scene):
    """Type a name; OK keeps it, Back leaves it as it was."""

    name = "keyboard"

    def __init__(self, ui: SceneHost, current: str, done: Callable[[str], None],
                 whose: str = "") -> None:
        super().__init__(ui)
        self.text = current
        self.done = done
        #: Whose name is typed (their colour, in the table's language).
        self.whose = whose

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
        if self.whose:  # whose name this is, beside the field
            label = _("Name of {player}:").format(player=self.whose)
            width = min(field.w // 2, layout.width_for(c, label, BODY, 1) + c.u(12))
            layout.draw_text(c, label, pygame.Rect(field.x, field.y, width, field.h), BODY,
                             MUTED, valign="center", max_lines=1)
            field = pygame.Rect(field.x + width, field.y, field.w - width, field.h)
        c.rect(field, PANEL)
        c.text(self.text + "_", (field.x + c.u(12), field.centery), LARGE, ACCENT,
               anchor="midleft", max_width=field.w - c.u(24))
        gap = c.u(8)
        keys = flow.rest()
        layout_rows = LAYOUTS.get(language(), LAYOUTS["en"])
        # The rows as printed where they fit; on a narrow screen the same keys, in the same
        # order, on more rows, so that no key is narrower than a finger.
        widest = max(len(r) for r in layout_rows)
        per_row = layout.columns_for(keys.w, widest, c.u(56), gap, most=10)
        every = "".join(layout_rows)
        rows = list(layout_rows) if per_row >= widest else [
            every[i:i + per_row] for i in range(0, len(every), per_row)]
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
