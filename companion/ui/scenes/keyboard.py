"""An on-screen keyboard for a player's name (no physical keyboard at the table)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from companion.ui import layout
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, Canvas
from companion.ui.i18n import _, language
from companion.ui.layouts import keyboard as places
from companion.ui.scene import Primary, Scene, SceneHost

#: The letters as the table's own keyboards have them (QWERTZ in German, AZERTY in
#: French, QWERTY in English), then every other letter the three languages' names use:
#: German Ä Ö Ü ß, French À Â Æ Ç É È Ê Ë Î Ï Ô Œ Ù Û Ÿ (a French guest at a German
#: table types "Zoë" and "Maël" too). At most 12 a row: four rows of a finger's width at
#: 800x480 (a fifth would make the keys shorter than a finger); a word's first letter is
#: typed as a capital, the others small ("Œ" then "œ").
LAYOUTS = {
    "de": ("QWERTZUIOPÜß", "ASDFGHJKLÖÄ-", "YXCVBNM'ÉÈÊË", "ÀÂÆÇÎÏÔŒÙÛŸ"),
    "fr": ("AZERTYUIOPÉÈ", "QSDFGHJKLMÊË", "WXCVBN'-ÀÂÇÙ", "ÎÏÔÛÜŸŒÆÄÖß"),
    "en": ("QWERTYUIOP'-", "ASDFGHJKLÉÈÊ", "ZXCVBNMËÀÂÇÎ", "ÏÔÛÙŸŒÆÄÖÜß"),
}
#: Every letter a name may need, in every layout (tests/ui/test_wording.py).
NAME_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜßÀÂÆÇÉÈÊËÎÏÔŒÙÛŸ'-"
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
        label = _("Name of {player}:").format(player=self.whose) if self.whose else ""
        # The rows as printed where they fit; on a narrow screen the same keys, in the same
        # order, on more rows, so that no key is narrower than a finger.
        plan = places.keyboard(c, body, label, LAYOUTS.get(language(), LAYOUTS["en"]))
        if plan.label is not None:
            layout.draw_text(c, label, plan.label, BODY, MUTED, valign="center", max_lines=1)
        c.rect(plan.field, PANEL)
        c.text(self.text + "_", plan.text_at, LARGE, ACCENT, anchor="midleft",
               max_width=plan.text_room)
        for char, rect in plan.keys:
            c.button(rect, char, partial(self.type, char), key=f"key:{char}")
        c.button(plan.space, _("space"), lambda: self.type(" "), key="key:space")
        c.button(plan.erase, "\u232b", self.erase, key="key:erase", size=LARGE)
