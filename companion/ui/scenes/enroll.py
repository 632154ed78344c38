"""Enroll cards: bind a scanned tag to its card, and confirm the card's printed values."""

from __future__ import annotations

from functools import partial

import pygame

from companion.ui import names
from companion.ui.canvas import BODY, LARGE, PANEL_HI, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Scene, SceneHost

SEASONS = ("A", "B", "C", "D", "E")


class EnrollScene(Scene):
    """Scan a tag, then tap its card. Unknown tags scanned anywhere lead here."""

    name = "enroll"

    def __init__(self, ui: SceneHost, tag: str | None = None, resume_scan: bool = False) -> None:
        super().__init__(ui)
        self.tag = tag
        #: Opened by an unknown tag: once bound, the scan goes on to the screen below.
        self.resume_scan = resume_scan
        self.season = "A"
        self.count = 0

    def on_tag(self, tag: str) -> None:
        self.tag = tag
        self.ui.dirty = True

    def on_card(self, card_id: str) -> None:
        card = self.ui.services.load_catalogue()[card_id]
        self.ui.info(_("This tag is already bound to {card}.").format(card=names.card_name(card)))

    def hint(self) -> str:
        if self.tag is None:
            return _("Scan a card's tag.")
        return _("Tap the card that carries this tag.")

    def simulate_tag(self) -> None:
        simulator = self.ui.services.simulator
        self.count += 1
        tag = f"5B{self.count:08X}"
        if simulator is not None and hasattr(simulator, "scan"):
            simulator.scan(tag)
        else:
            self.on_tag(tag)

    def bind(self, card_id: str) -> None:
        services = self.ui.services
        catalogue = services.load_catalogue()
        card = catalogue[card_id]
        if self.tag is not None:
            if services.tagmap is None:
                self.ui.error(_("No tag map: the card reader is not set up."))
                return
            try:
                services.tagmap.bind(self.tag, card_id)
            except Exception as exc:  # noqa: BLE001 - e.g. TagInUse: shown in plain words
                self.ui.error(str(getattr(exc, "message", exc)))
                return
            self.ui.info(_("Tag bound to {card}.").format(card=names.card_name(card)))
            self.tag = None
            if self.resume_scan:
                self.ui.pop()
                self.ui.top.on_card(card_id)  # the scan that led here now counts
                return
        field = {"fire": "points", "fireman": "value", "contract": "goods"}.get(card.kind)
        if field and field in card.unverified:
            self.ui.open("confirm", card_id=card_id, field=field, save=services.save_override)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        c.text(_("Enroll cards"), (c.u(16), c.u(8)), LARGE, TEXT)
        status = _("Tag {tag}: tap its card.").format(tag=self.tag) if self.tag else \
            _("Scan a tag, or tap a card to confirm its printed values.")
        c.text(status, (c.u(16), c.u(52)), BODY, TEXT, max_width=c.w - c.u(200))
        if self.ui.services.simulator is not None:
            c.button(pygame.Rect(c.w - c.u(180), c.u(4), c.u(170), c.u(56)),
                     _("Simulate a new tag"), self.simulate_tag, key="simulate-tag", size=SMALL)
        x = c.u(16)
        for season in SEASONS:
            c.button(pygame.Rect(x, c.u(84), c.u(120), c.u(56)), names.season(season),
                     partial(self.pick_season, season), key=f"season:{season}",
                     selected=self.season == season, size=SMALL)
            x += c.u(128)
        catalogue = self.ui.services.load_catalogue()
        cards = [card for card in catalogue if card.season == self.season]
        cols = 4
        gap = c.u(8)
        top = c.u(148)
        w = (c.w - c.u(32) - gap * (cols - 1)) // cols
        rows = max(1, -(-len(cards) // cols))
        h = min(c.u(60), (body.bottom - top - gap * rows) // rows)
        for i, card in enumerate(cards):
            col, row = i % cols, i // cols
            box = pygame.Rect(c.u(16) + col * (w + gap), top + row * (h + gap), w, h)
            mark = "?" if card.unverified else ""
            c.button(box, names.card_name(card), partial(self.bind, card.id),
                     key=f"enroll:{card.id}", colour=PANEL_HI, size=SMALL, badge=mark or None)

    def pick_season(self, season: str) -> None:
        self.season = season
        self.ui.dirty = True
