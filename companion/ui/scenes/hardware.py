"""The hardware test page: every intent as it arrives, and each device's status.

While it is open no intent acts: press any button or scan any card to see it
arrive, in words (never as Python's repr). Leave with the on-screen Back button or
the Back key (Esc in the simulator).
"""

from __future__ import annotations

import logging
import re

import pygame

from companion.inputs import intents as it
from companion.inputs.keys import DAMAGED_LABEL
from companion.ui import layout, names
from companion.ui.canvas import BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas, Colour
from companion.ui.i18n import N_, _
from companion.ui.layouts import hardware as places
from companion.ui.scene import Primary, Scene
from companion.ui.tokens import PART_MISSING, PART_OK, PART_PROBLEM

log = logging.getLogger("companion.ui")

#: The devices the status lines name, in the current language.
DEVICE_NAMES = {"buttons": N_("Buttons"), "reader": N_("Card reader"), "tags": N_("Card tags"),
                "camera": N_("Camera")}


def device_name(device: str) -> str:
    return _(DEVICE_NAMES[device]) if device in DEVICE_NAMES else device


#: The inputs' status sentences (English, as logged: companion/inputs has no languages),
#: matched here to say them in the table's language; anything else is shown as it came.
_STATUS = [
    (re.compile(r"card reader ready on loop://"), N_("ready (simulated)")),
    (re.compile(r"card reader ready on (?P<port>.+)"), N_("ready on {port}")),
    (re.compile(r"card reader not found at (?P<port>\S+) .*trying again every (?P<s>\S+) s"),
     N_("not found at {port}; trying again every {s} s")),
    (re.compile(r"card reader at (?P<port>\S+) went away"),
     N_("{port} went away; waiting for it to come back")),
    (re.compile(r".*The touchscreen still works"),
     N_("not working; the touchscreen still works (on a Pi: check the wiring and that the "
        "user is in group gpio)")),
    (re.compile(r"the barcode scanner types for another keyboard layout"),
     N_("the barcode scanner types for another keyboard layout: set it to US keyboard "
        "(scan the USA keyboard code in its manual), then scan again")),
    (re.compile(r"a printed label was read incompletely"), DAMAGED_LABEL),
    (re.compile(r".*scanned cards show as unknown"),
     N_("the tag file cannot be read; scanned cards show as unknown")),
    (re.compile(r"camera connected \((?P<source>.+)\)"), N_("connected ({source})")),
    (re.compile(r"camera process went away"),
     N_("the camera process went away; waiting for it to come back")),
    (re.compile(r"camera socket (?P<path>\S+) cannot listen"),
     N_("cannot listen on {path}; see the log")),
    # The camera process's own state (companion/camera/supply.py).
    (re.compile(r"camera: reading the Supply area"), N_("reading the Supply area")),
    (re.compile(r"camera: no Supply area in view"),
     N_("no Supply area in view: lay the four area markers (the last page of the labels) "
        "at the corners of the row; until then no card is read")),
    (re.compile(r"camera: the Supply area's .* not in view"),
     N_("an area marker is hidden: the camera must see all four corners of the row")),
    (re.compile(r"camera: the Supply area's markers are not at the corners"),
     N_("the area markers are not at the corners their labels name")),
    (re.compile(r"camera: the stills are blurred"),
     N_("the pictures are blurred: check the focus and that the mount does not sway")),
    (re.compile(r"camera: the stills are too dark"),
     N_("the pictures are too dark: more even light on the table")),
]


def status_words(message: str) -> str:
    """A device's status sentence in the current language."""
    for pattern, words in _STATUS:
        found = pattern.match(message)
        if found:
            return _(words).format(**found.groupdict())
    return message


def device_line(device: str, message: str) -> str:
    """"Card reader: ready (simulated)", punctuated as the language does."""
    return _("{device}: {status}").format(device=device_name(device),
                                          status=status_words(message))


def intent_words(intent: object, card_name: object = None, simulated: bool = False) -> str:
    """What arrived, as a person would say it (`card_name(card_id)` names a scanned card)."""
    if isinstance(intent, it.PlayerButton):
        return _("Player button: {colour}").format(colour=names.colour(intent.colour))
    if isinstance(intent, it.Ok):
        return _("OK button")
    if isinstance(intent, it.OkHeld):
        return _("OK button held")
    if isinstance(intent, it.Back):
        return _("Back button")
    if isinstance(intent, it.Undo):
        return _("Undo button")
    if isinstance(intent, it.Redo):
        return _("Undo button held: Redo")
    if isinstance(intent, it.CardScanned):
        if intent.card_id is None:
            return _("Tag {tag}: not enrolled").format(tag=intent.tag)
        card = card_name(intent.card_id) if callable(card_name) else intent.card_id
        if simulated:  # a tap on a card, or a key: no real reader read it
            return _("Card from the simulated reader: {card}").format(card=card)
        return _("Card scanned: {card}").format(card=card)
    if isinstance(intent, it.DeviceStatus):
        return device_line(intent.device, intent.message)
    return str(intent)


class HardwareScene(Scene):
    name = "hardware"
    #: The UI hands every intent to `on_intent` instead of acting on it.
    captures_intents = True

    def on_intent(self, intent: object) -> None:
        if isinstance(intent, it.Back):  # the way out stays a way out
            self.ui.pop()
        self.ui.dirty = True

    def card_name(self, card_id: str) -> str:
        try:
            return names.card_name(self.ui.services.load_catalogue()[card_id])
        except Exception as exc:  # noqa: BLE001 - a test page names what it can
            # An unknown card is what a test page meets; asked at every frame.
            log.debug("hardware test: no name for %s (%s: %s)", card_id, type(exc).__name__,
                      exc)
            return card_id

    def primary(self) -> Primary:
        # One primary action on every screen (bottom right, OK): here, done looking.
        return (_("Done"), self.ui.pop)

    def hint(self) -> str:
        return _("Press any button or scan a card.")

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        services = self.ui.services
        title, heading = _("Hardware test"), _("Last buttons and cards")
        status = services.device_status or {}
        # The camera is optional (its own process): named once it has said something.
        shown = ("buttons", "reader", "tags", *(("camera",) if "camera" in status else ()))
        # The devices' lines: (text, size, colour).
        lines: list[tuple[str, int, Colour]] = [(_("Devices"), SMALL, MUTED)]
        for device in shown:
            ok, message = status.get(device, (True, _("no problem reported")))
            mark = "\u2713" if ok else "\u2717"
            colour = PART_OK if ok else PART_MISSING
            lines.append((f"{mark} {device_line(device, message)}", BODY, colour))
        lines.append((_("simulated (keys 1-5, Enter, Backspace)") if services.simulator else
                      _("real devices"), SMALL, MUTED))
        lines += [(problem, SMALL, PART_PROBLEM) for problem in services.hardware_problems]
        intents = [intent_words(intent, self.card_name, bool(services.simulator))
                   for intent in reversed(services.recent_intents[-10:])]
        plan = places.place(c, body, title, [(text, size) for text, size, _c in lines],
                            heading, intents)
        layout.draw_text(c, title, plan.title, LARGE, TEXT, role="title", max_lines=1)
        for (text, size, colour), box in zip(lines, plan.devices, strict=True):
            if text:
                layout.draw_text(c, text, box, size, colour)
        c.rect(plan.panel, PANEL)
        layout.draw_text(c, heading, plan.heading, SMALL, MUTED)
        for words, box in zip(intents, plan.intents, strict=False):  # those that fit
            if words:
                layout.draw_text(c, words, box, SMALL, TEXT)
