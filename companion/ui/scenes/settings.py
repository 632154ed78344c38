"""Settings: language, purchase form, display size and rotation; the hardware test page."""

from __future__ import annotations

from functools import partial

import pygame

from companion.ui.canvas import BODY, LARGE, MUTED, SMALL, TEXT, Canvas
from companion.ui.i18n import LANGUAGE_NAMES, LANGUAGES, _
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

    def primary(self) -> Primary:
        # Done is what a visitor to Settings wants next; the hardware test is a side trip.
        return (_("Done"), self.ui.pop)

    def row(self, c: Canvas, y: int, label: str, options: list[tuple[str, Choice]], key: str,
            current: object) -> int:
        c.text(label, (c.u(16), y + c.u(28)), BODY, TEXT, anchor="midleft",
               max_width=c.u(220))
        x = c.u(250)
        width = (c.w - x - c.u(16) - c.u(8) * (len(options) - 1)) // len(options)
        for text, value in options:
            c.button(pygame.Rect(x, y, width, c.u(56)), text,
                     partial(self.change, key, value), key=f"{key}:{value}",
                     selected=value == current, size=SMALL)
            x += width + c.u(8)
        return y + c.u(66)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        c.text(_("Settings"), (c.u(16), c.u(8)), LARGE, TEXT)
        s = self.settings
        display = s.get("display") or {}
        y = c.u(54)
        y = self.row(c, y, _("Language"), [(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
                     "language", s.get("language", "en"))
        y = self.row(c, y, _("Purchase form"), [(_("quick: buyer and price"), "quick"),
                                                 (_("tracked: every worker"), "tracked")],
                     "purchase_form", s.get("purchase_form", "quick"))
        size = tuple(display.get("size") or (800, 480))
        y = self.row(c, y, _("Display size"), [(f"{w}\u00d7{h}", [w, h]) for w, h in SIZES],
                     "display.size", list(size))
        y = self.row(c, y, _("Rotation"), [(f"{r}\u00b0", r) for r in ROTATIONS],
                     "display.rotation", display.get("rotation", 0))
        c.text(_("Display size and rotation apply at the next start."), (c.u(16), y), SMALL,
               MUTED)
        c.button(pygame.Rect(c.w - c.u(16) - c.u(220), y + c.u(28), c.u(220), c.u(56)),
                 _("Hardware test"), lambda: self.ui.open("hardware"), key="hardware",
                 size=SMALL)
