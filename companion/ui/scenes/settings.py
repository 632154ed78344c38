"""Settings: language, purchase form, display size and rotation; the hardware test page and
the phones' page (its code and a new address)."""

from __future__ import annotations

from functools import partial

import pygame

from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, TEXT, Canvas
from companion.ui.i18n import LANGUAGE_NAMES, LANGUAGES, _, ngettext
from companion.ui.layouts import settings as places
from companion.ui.scene import Primary, Scene
from companion.ui.services import UISettings

#: A setting's value as a button offers it.
Choice = str | int | list[int]

SIZES = ((800, 480), (1024, 600), (1280, 720), (1920, 1080))
ROTATIONS = (0, 90, 180, 270)


class SettingsScene(Scene):
    """Changes are saved at once; display changes apply at the next start."""

    name = "settings"

    @property
    def settings(self) -> UISettings:
        return self.ui.services.settings

    def change(self, key: str, value: Choice) -> None:
        settings = self.settings
        display = settings.setdefault("display", {})
        if key == "display.size" and isinstance(value, list):
            display["size"] = value
        elif key == "display.rotation" and isinstance(value, int):
            display["rotation"] = value
        elif key == "language" and isinstance(value, str):
            settings["language"] = value
            self.ui.set_language(value)
        elif key == "purchase_form" and isinstance(value, str):
            settings["purchase_form"] = value
        save = self.ui.services.save_settings
        if save is not None:
            try:
                save(settings)
            except Exception as exc:  # noqa: BLE001 - shown, never fatal
                self.ui.error(_("Not saved: {reason}").format(reason=getattr(exc, "message",
                                                                             exc)))
        self.ui.dirty = True

    def hint(self) -> str:
        # Games waiting for the club (docs/club.md) take the hint's place in the bar while
        # there are any: both would not fit there, and no row of the body may move for it.
        waiting = self.ui.services.club_waiting
        n = waiting() if waiting is not None else 0
        if n:
            return ngettext("{n} game waiting for the club", "{n} games waiting for the club",
                            n).format(n=n)
        return _("Display size and rotation apply at the next start.")

    def primary(self) -> Primary:
        # Done is what a visitor to Settings wants next; the hardware test is a side trip.
        return (_("Done"), self.ui.pop)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        s = self.settings
        display = s.get("display") or {}
        size = list(display.get("size") or (800, 480))
        # Each setting: its name, its key, its choices (text and value), and the current.
        rows: list[tuple[str, str, list[tuple[str, Choice]], object]] = [
            (_("Language"), "language", [(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
             s.get("language", "en")),
            (_("Purchase form"), "purchase_form", [(_("quick: buyer and price"), "quick"),
                                                   (_("tracked: every worker"), "tracked")],
             s.get("purchase_form", "quick")),
            (_("Display size"), "display.size", [(f"{w}\u00d7{h}", [w, h]) for w, h in SIZES],
             size),
            (_("Rotation"), "display.rotation", [(f"{r}\u00b0", r) for r in ROTATIONS],
             display.get("rotation", 0)),
        ]
        plan = places.settings(
            c, body, places.Words(title=_("Settings"), phones=_("Phones"),
                                  hardware=_("Hardware test")),
            [(label, [text for text, _v in options]) for label, _k, options, _c in rows])
        layout.draw_text(c, _("Settings"), plan.title, LARGE, TEXT, role="title", max_lines=1,
                         valign="center")
        # The phones' page: its code, and a new address (token) when one is needed.
        c.button(plan.phones, _("Phones"), lambda: self.ui.open("phones"), key="phones")
        c.button(plan.hardware, _("Hardware test"), lambda: self.ui.open("hardware"),
                 key="hardware")
        for (label, key, options, current), row in zip(rows, plan.rows, strict=True):
            layout.draw_text(c, label, row.label, BODY, TEXT, valign=row.valign)
            for (text, value), cell in zip(options, row.cells, strict=True):
                c.button(cell, text, partial(self.change, key, value), key=f"{key}:{value}",
                         selected=value == current)
