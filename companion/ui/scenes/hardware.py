"""The hardware test page: every intent as it arrives, and each device's status.

While it is open no intent acts: press any button or scan any card to see it
arrive. Leave with the on-screen Back button.
"""

from __future__ import annotations

import pygame

from companion.ui.canvas import BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Scene


class HardwareScene(Scene):
    name = "hardware"
    #: The UI hands every intent to `on_intent` instead of acting on it.
    captures_intents = True

    def on_intent(self, intent: object) -> None:
        self.ui.dirty = True

    def hint(self) -> str:
        return _("Press any button or scan a card.")

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        services = self.ui.services
        c.text(_("Hardware test"), (c.u(16), c.u(8)), LARGE, TEXT)
        c.text(_("Devices"), (c.u(16), c.u(56)), SMALL, MUTED)
        y = c.u(80)
        status = services.device_status or {}
        for device in ("buttons", "reader", "tags"):
            ok, message = status.get(device, (True, _("no problem reported")))
            mark = "\u2713" if ok else "\u2717"
            colour = (110, 210, 130) if ok else (240, 110, 100)
            c.text(f"{mark} {device}: {message}", (c.u(16), y), BODY, colour,
                   max_width=c.w // 2 - c.u(24))
            y += c.u(32)
        sim = _("simulated (keys 1-5, Enter, Backspace)") if services.simulator else \
            _("real devices")
        c.text(sim, (c.u(16), y + c.u(8)), SMALL, MUTED, max_width=c.w // 2 - c.u(24))
        y += c.u(40)
        for problem in services.hardware_problems:
            y = c.paragraph(problem, pygame.Rect(c.u(16), y, c.w // 2 - c.u(32),
                                                 body.bottom - y), SMALL, (240, 150, 120))
        box = pygame.Rect(c.w // 2, c.u(56), c.w // 2 - c.u(12), body.bottom - c.u(64))
        c.rect(box, PANEL)
        c.text(_("Last intents"), (box.x + c.u(8), box.y + c.u(4)), SMALL, MUTED)
        y = box.y + c.u(30)
        for line in reversed(services.recent_intents[-10:]):
            c.text(line, (box.x + c.u(8), y), SMALL, TEXT, max_width=box.w - c.u(16))
            y += c.u(24)
