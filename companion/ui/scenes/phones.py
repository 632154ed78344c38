"""Phones: the live page's QR code, large, and the table's Wi-Fi's (docs/phones.md).

Opened from Home and from Settings. The page's address is the Pi's address
on the table's network (companion.yaml `phones: bind:`), the port, and the
table's token (`companion.store.phones`), which is made here if there is none
yet. "New address" rotates the token: every phone must scan again, and a page
left open on an old phone stops following the game. When companion.yaml names
the table's Wi-Fi (`phones: wifi:`), its code (``WIFI:T:WPA;S:...;P:...;;``)
comes first, and a button turns to the page's: a phone joins the network, then the
page. One code at a time, each as large as the screen allows.

The codes fill the body's height: on the official 7" panel (800x480, 154.2 mm
x 85.9 mm active area) the page's code gets modules of about 1.6 mm, which a
phone reads from about 60 cm (docs/phones.md, "The code's size").
"""

from __future__ import annotations

import pygame

from companion.errors import CompanionError
from companion.store import phones
from companion.ui import layout, qr
from companion.ui.canvas import BODY, DANGER, LARGE, MUTED, PANEL_HI, SMALL, TEXT, Canvas, Colour
from companion.ui.i18n import _
from companion.ui.layouts import phones as places
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.tokens import ERROR_TEXT

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def wifi_text(ssid: str, password: str) -> str:
    """The Wi-Fi join code's text (the ZXing `WIFI:` form phones' cameras read)."""

    def escape(text: str) -> str:
        for ch in "\\;,:\"":
            text = text.replace(ch, "\\" + ch)
        return text

    if not password:
        return f"WIFI:T:nopass;S:{escape(ssid)};;"
    return f"WIFI:T:WPA;S:{escape(ssid)};P:{escape(password)};;"


class PhonesScene(Scene):
    """The page's code for the players' phones, and how to join the table's Wi-Fi."""

    name = "phones"
    full_screen = True

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.url: str | None = None
        self.problem = ""
        #: "New address" was tapped once: the second tap rotates (the phones must rescan).
        self.asking = False
        #: The Wi-Fi's code is shown (where there is one), else the page's.
        self.showing_wifi = True

    @property
    def settings(self) -> dict[str, object]:
        return dict(self.ui.services.settings.get("phones") or {})

    def on_enter(self) -> None:
        self.asking = False
        self.showing_wifi = True
        self.load(rotate=False)

    def switch(self) -> None:
        """Turn to the other code (the Wi-Fi's, the page's)."""
        self.showing_wifi = not self.showing_wifi
        self.asking = False
        self.ui.dirty = True

    def load(self, rotate: bool) -> None:
        state_dir = self.ui.services.state_dir
        try:
            state_dir.mkdir(parents=True, exist_ok=True)
            token = phones.rotate_token(state_dir) if rotate else phones.ensure_token(state_dir)
        except (CompanionError, OSError) as exc:
            self.url = None
            self.problem = _("The phones' address cannot be made: {reason}").format(
                reason=getattr(exc, "message", None) or getattr(exc, "strerror", None) or exc)
            return
        settings = self.settings
        bind = str(settings.get("bind") or "127.0.0.1")
        port = int(settings.get("port") or 8080)  # type: ignore[call-overload]
        self.url = phones.page_url(phones.reachable_host(bind), port, token)
        self.problem = ""

    def new_address(self) -> None:
        if not self.asking:
            self.asking = True
        else:
            self.asking = False
            self.load(rotate=True)
            if self.url:
                self.ui.info(_("New address: every phone must scan the code again."))
        self.ui.dirty = True

    def primary(self) -> Primary:
        return (_("Close"), self.ui.pop)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        settings = self.settings
        ssid = str(settings.get("wifi_ssid") or "")
        wifi = wifi_text(ssid, str(settings.get("wifi_password") or "")) if ssid else None
        if wifi and self.showing_wifi:
            codes = [(wifi, _("1 of 2: join the table's Wi-Fi, {name}").format(name=ssid))]
        elif self.url:
            codes = [(self.url, _("2 of 2: the table's game on your phone") if wifi
                      else _("The table's game on your phone"))]
        else:
            codes = []
        plan = places.place(c, body, len(codes), wifi is not None)
        # The code: as high as the body (landscape) or as wide as it (portrait).
        drawn = []  # the caption of the code drawn (a code too long for its square is not)
        for (text, caption), square in zip(codes, plan.squares, strict=True):
            if qr.draw(c.surface, text, square) is not None:
                drawn.append(caption)
        # The texts: (text, size, colour).
        lines: list[tuple[str, int, Colour]] = [(_("Phones"), LARGE, TEXT)]
        if self.problem:
            lines.append((self.problem, BODY, ERROR_TEXT))
        lines += [(caption, BODY, TEXT) for caption in drawn]
        joining = bool(wifi and self.showing_wifi)
        lines.append((_("Scan it with the phone's camera to join the network, then turn to "
                        "the game's code.") if joining else
                       _("Scan with the phone's camera: score, coins, fires, each tableau and "
                         "the rules, live, in the phone's language."), SMALL, MUTED))
        bind = str(settings.get("bind") or "127.0.0.1")
        if bind in LOOPBACK:
            lines.append((_("Only this machine can open it: set phones: bind in companion.yaml "
                            "to the table's network."), SMALL, ERROR_TEXT))
        if self.url and not joining:
            lines.append((self.url.split("?", 1)[0], SMALL, MUTED))
        boxes = places.texts(c, plan, [(text, size) for text, size, _c in lines])
        for (text, size, colour), box in zip(lines, boxes, strict=True):
            if text:
                layout.draw_text(c, text, box, size, colour)
        # The two ways on, at the bottom of the text column.
        label = _("Really? Phones must rescan") if self.asking else _("New address")
        c.button(plan.rotate, label, self.new_address, key="rotate",
                 colour=DANGER if self.asking else PANEL_HI)
        close, action = self.primary()
        c.button(plan.close, close, action, key="ok")
        if plan.switch is not None:
            c.button(plan.switch, _("The game's code \u203a") if self.showing_wifi
                     else _("\u2039 The Wi-Fi's code"), self.switch, key="switch")
