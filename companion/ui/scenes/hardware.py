"""The hardware test page: every intent as it arrives, and each device's status.

While it is open no intent acts: press any button or scan any card to see it
arrive. Leave with the on-screen Back button.
"""

from __future__ import annotations

import pygame

from companion.ui import layout
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
        area = layout.inset(body, c.u(16), c.u(6))
        gap = c.u(16)
        flow = layout.Flow(c, area, c.u(6))
        flow.text(_("Hardware test"), LARGE, TEXT, role="title", max_lines=1)
        rest = flow.rest()
        # Devices beside the intents where there is room, above them where not.
        if rest.w >= c.u(600):
            left, right = layout.columns(rest, [None, None], gap)
        else:
            left, right = layout.rows(rest, [None, None], gap)
        devices = layout.Flow(c, left, c.u(6))
        devices.text(_("Devices"), SMALL, MUTED)
        status = services.device_status or {}
        for device in ("buttons", "reader", "tags"):
            ok, message = status.get(device, (True, _("no problem reported")))
            mark = "\u2713" if ok else "\u2717"
            colour = (110, 210, 130) if ok else (240, 110, 100)
            devices.text(f"{mark} {device}: {message}", BODY, colour)
        devices.text(_("simulated (keys 1-5, Enter, Backspace)") if services.simulator else
                     _("real devices"), SMALL, MUTED)
        for problem in services.hardware_problems:
            devices.text(problem, SMALL, (240, 150, 120))
        c.rect(right, PANEL)
        intents = layout.Flow(c, layout.inset(right, c.u(8), c.u(4)), c.u(4))
        intents.text(_("Last intents"), SMALL, MUTED)
        for line in reversed(services.recent_intents[-10:]):
            if intents.rest().h < layout.line_height(c, SMALL):
                break
            intents.text(line, SMALL, TEXT)
