"""Enroll cards: bind a scanned tag to its card, and confirm the card's printed values.

It is also the list of the cards of this copy: every card by what it shows (a contract's
goods, a fireman's value, a fire's points; "?" after a guess), and a tap on a card with a
printed value confirms or corrects it, for every later game (issue 18)."""

from __future__ import annotations

import logging
from functools import partial

import pygame

from companion.engine.words import PRINTED_FIELD
from companion.errors import CompanionError
from companion.inputs.tagmap import label_card
from companion.ui import layout, names
from companion.ui.canvas import BODY, LARGE, PANEL_HI, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.layouts import enroll as places
from companion.ui.scene import Primary, Scene, SceneHost

log = logging.getLogger("companion.ui")

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
        scanned = self.ui.services.recent_intents[-1:]  # the scan being handled
        tag = getattr(scanned[0], "tag", None) if scanned else None
        if tag is not None and label_card(tag) == card_id:
            self.ui.info(_("This is the printed label of {card}: labels need no enrollment.")
                         .format(card=names.card_name(card)))
            return
        self.ui.info(_("This tag is already bound to {card}.").format(card=names.card_name(card)))

    def primary(self) -> Primary:
        # One primary action on every screen (bottom right, OK): here, done looking.
        return (_("Done"), self.ui.pop)

    def hint(self) -> str:
        if self.tag is None:
            if self.unconfirmed_shown():
                # The mark on a card explained where it is seen (body size, like its label).
                return _("Scan a tag or tap a card; ? = printed value to confirm.")
            return _("Scan a tag, or tap a card to confirm or correct its printed values.")
        return _("Tap the card that carries this tag.")

    def unconfirmed_shown(self) -> bool:
        """Whether a card of the season shown carries the "?" of an unconfirmed value."""
        try:
            catalogue = self.ui.services.load_catalogue()
        except Exception as exc:  # noqa: BLE001 - the hint never stops the screen
            # Asked at every frame: a debug line, not a warning per frame.
            log.debug("enrolling: no catalogue for the hint (%s: %s)", type(exc).__name__, exc)
            return False
        return any(card.unverified for card in catalogue if card.season == self.season)

    def simulate_tag(self) -> None:
        simulator = self.ui.services.simulator
        self.count += 1
        tag = f"5B{self.count:08X}"
        if simulator is not None and hasattr(simulator, "scan"):
            try:
                simulator.scan(tag)
                return
            except CompanionError:  # the reader is a port of its own (`--port`): directly
                pass
        self.on_tag(tag)

    def bind(self, card_id: str) -> None:
        services = self.ui.services
        catalogue = services.load_catalogue()
        card = catalogue[card_id]
        bound = self.tag
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
        field = PRINTED_FIELD.get(card.kind)
        # Every printed value can be corrected here, a confirmed one too (a misread card):
        # for every later game; a game already played keeps the values it was played with.
        if field and (field in card.unverified or bound is None):
            self.ui.open("confirm", card_id=card_id, field=field, save=services.save_override)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        simulate = self.ui.services.simulator is not None
        # Without a tag scanned the bar says what to do.
        tag = _("Tag {tag}: tap its card.").format(tag=self.tag) if self.tag else ""
        seasons = [names.season(season) for season in SEASONS]
        catalogue = self.ui.services.load_catalogue()
        cards = [card for card in catalogue if card.season == self.season]
        # The tab says the season; the "?" badge marks a guessed value (not the name too).
        labels = [names.card_in_season(card, marked=False) for card in cards]
        plan = places.place(c, body, simulate=simulate, tag=tag, seasons=seasons, cards=labels)
        if plan.simulate is not None:
            c.button(plan.simulate, _("Simulate a new tag"), self.simulate_tag,
                     key="simulate-tag")
        if plan.title.h:  # (the tag's line takes its place where the cards need room)
            layout.draw_text(c, _("Enroll cards"), plan.title, LARGE, TEXT, role="title",
                             valign="center", max_lines=1)
        if tag:
            layout.draw_text(c, tag, plan.tag, BODY, TEXT,
                             valign="center" if plan.tag.y == plan.title.y else "top")
        for season, label, box in zip(SEASONS, seasons, plan.seasons, strict=True):
            c.button(box, label, partial(self.pick_season, season),
                     key=f"season:{season}", selected=self.season == season)
        for card, name, label, box in zip(cards, labels, plan.labels, plan.cards,
                                          strict=True):
            mark = "?" if card.unverified else ""
            # (Named as ever where its goods are written apart to fit: `places.place`.)
            c.button(box, label, partial(self.bind, card.id),
                     key=f"enroll:{card.id}", colour=PANEL_HI, badge=mark or None,
                     badge_size=BODY, name=name)

    def pick_season(self, season: str) -> None:
        self.season = season
        self.ui.dirty = True
