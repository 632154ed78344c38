"""Settings: language, purchase form, display size and rotation; the hardware test page and
the phones' page (its code and a new address)."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

from functools import partial

import pygame

from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, TEXT, Canvas, font
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

    def hint(self) -> str:
        return _("Display size and rotation apply at the next start.")

    def primary(self) -> Primary:
        # Done is what a visitor to Settings wants next; the hardware test is a side trip.
        return (_("Done"), self.ui.pop)

    def row(self, c: Canvas, flow: layout.Flow, label: str, options: list[tuple[str, Choice]],
            key: str, current: object) -> None:
        """A setting: its name, then its choices (beside it where there is room)."""
        f = font(c.px(BODY))
        gap = c.u(8)
        label_w = max(c.u(160), f.size(label)[0] + c.u(16))
        # A choice may wrap onto two lines, never break a word.
        widest = max(f.size(word)[0] for text, _v in options for word in text.split()) + c.u(28)
        area = flow.rest()
        beside = area.w - label_w >= len(options) * (widest + gap) - gap or \
            area.w - label_w >= c.u(360)
        if beside:
            room = pygame.Rect(area.x + label_w, area.y, area.w - label_w, 0)
        else:
            flow.text(label, BODY, TEXT)
            area = flow.rest()
            room = pygame.Rect(area.x, area.y, area.w, 0)
        cols = layout.columns_for(room.w, len(options), widest, gap)
        n_rows = -(-len(options) // cols)
        room.h = n_rows * c.u(56) + (n_rows - 1) * gap
        if beside:
            layout.draw_text(c, label, pygame.Rect(area.x, area.y, label_w - c.u(8), c.u(56)),
                             BODY, TEXT, valign="center")
        for (text, value), cell in zip(options, layout.grid(room, len(options), cols, gap),
                                       strict=True):
            c.button(cell, text, partial(self.change, key, value), key=f"{key}:{value}",
                     selected=value == current)
        flow.take(room.h)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        s = self.settings
        display = s.get("display") or {}
        flow = layout.Flow(c, layout.inset(body, c.u(16), c.u(6)), c.u(10))
        # The title row also holds the hardware test: a side trip, not the primary (Done).
        top = flow.take(c.u(56))
        f = font(c.px(BODY))
        wants = [f.size(_("Phones"))[0] + c.u(40), f.size(_("Hardware test"))[0] + c.u(40)]
        title_w = font(c.px(LARGE)).size(_("Settings"))[0] + c.u(16)
        if title_w + sum(wants) + c.u(8) > top.w:
            # Too narrow for all three (portrait): the two buttons get a row of their own.
            layout.draw_text(c, _("Settings"), top, LARGE, TEXT, role="title", max_lines=1,
                             valign="center")
            top = flow.take(c.u(56))
            half = (top.w - c.u(8)) // 2
            phones = pygame.Rect(top.x, top.y, half, top.h)
            button = pygame.Rect(top.right - half, top.y, half, top.h)
        else:
            button = pygame.Rect(0, top.y, wants[1], top.h)
            button.right = top.right
            # The phones' page: its code, and a new address (token) when one is needed.
            phones = pygame.Rect(0, top.y, wants[0], top.h)
            phones.right = button.x - c.u(8)
            layout.draw_text(c, _("Settings"),
                             pygame.Rect(top.x, top.y, phones.x - top.x - c.u(8), top.h),
                             LARGE, TEXT, role="title", max_lines=1, valign="center")
        c.button(phones, _("Phones"), lambda: self.ui.open("phones"), key="phones")
        c.button(button, _("Hardware test"), lambda: self.ui.open("hardware"), key="hardware")
        self.row(c, flow, _("Language"), [(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES],
                 "language", s.get("language", "en"))
        self.row(c, flow, _("Purchase form"), [(_("quick: buyer and price"), "quick"),
                                               (_("tracked: every worker"), "tracked")],
                 "purchase_form", s.get("purchase_form", "quick"))
        size = list(display.get("size") or (800, 480))
        self.row(c, flow, _("Display size"), [(f"{w}\u00d7{h}", [w, h]) for w, h in SIZES],
                 "display.size", size)
        self.row(c, flow, _("Rotation"), [(f"{r}\u00b0", r) for r in ROTATIONS],
                 "display.rotation", display.get("rotation", 0))
