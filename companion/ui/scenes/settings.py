"""Settings: language, purchase form, display size and rotation; the hardware test page."""

from __future__ import annotations

import pygame

from companion.ui.canvas import BODY, LARGE, MUTED, SMALL, TEXT, Canvas
from companion.ui.i18n import LANGUAGE_NAMES, LANGUAGES, _, set_language
from companion.ui.scene import Scene

SIZES = ((800, 480), (1024, 600), (1280, 720), (1920, 1080))
ROTATIONS = (0, 90, 180, 270)


class SettingsScene(Scene):
    """Changes are saved at once; display changes apply at the next start."""

    name = "settings"

    @property
    def settings(self) -> dict[str, object]:
        return self.ui.services.settings

    def change(self, key: str, value: object) -> None:
        if key.startswith("display."):
            display = dict(self.settings.get("display") or {})  # type: ignore[call-overload]
            display[key.split(".", 1)[1]] = value
            self.settings["display"] = display
        else:
            self.settings[key] = value
        if key == "language":
            set_language(str(value))
        save = self.ui.services.save_settings
        if save is not None:
            try:
                save(dict(self.settings))
            except Exception as exc:  # noqa: BLE001 - shown, never fatal
                self.ui.error(_("Not saved: {reason}").format(reason=getattr(exc, "message",
                                                                             exc)))
        self.ui.dirty = True

    def primary(self) -> tuple[str, object]:
        from companion.ui.scenes.hardware import HardwareScene

        return (_("Hardware test"), lambda: self.ui.push(HardwareScene(self.ui)))

    def row(self, c: Canvas, y: int, label: str, options: list[tuple[str, object]], key: str,
            current: object) -> int:
        c.text(label, (c.u(16), y + c.u(28)), BODY, TEXT, anchor="midleft",
               max_width=c.u(220))
        x = c.u(250)
        width = (c.w - x - c.u(16) - c.u(8) * (len(options) - 1)) // len(options)
        for text, value in options:
            c.button(pygame.Rect(x, y, width, c.u(56)), text,
                     (lambda v=value: self.change(key, v)), key=f"{key}:{value}",
                     selected=value == current, size=SMALL)
            x += width + c.u(8)
        return y + c.u(66)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        c.text(_("Settings"), (c.u(16), c.u(8)), LARGE, TEXT)
        s = self.settings
        display = dict(s.get("display") or {})  # type: ignore[call-overload]
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
