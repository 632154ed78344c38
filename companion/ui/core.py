"""The UI: a scene stack, the bottom bar, messages, and intents in.

`UI` knows nothing about windows: it draws into an off-screen surface the
size of the logical screen and takes taps in logical coordinates. The
composition root (`companion.app`) puts it on a display; tests drive it
headless.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from companion.inputs import intents as it
from companion.ui.canvas import (
    BG,
    BODY,
    DANGER,
    INFO_BG,
    PANEL,
    PRIMARY,
    SMALL,
    TEXT,
    WARN_BG,
    Canvas,
    font,
)
from companion.ui.i18n import _, set_language
from companion.ui.scene import Scene

#: How long a message stays when nobody acts (seconds).
MESSAGE_SECONDS = 8.0
#: A second tap on the primary action sooner than this is a double tap, not a new event.
PRIMARY_REPEAT_S = 0.4
#: The time between two frames of a transition (seconds).
FRAME_S = 1 / 30
#: The bottom bar's height at 800x480.
BAR = 72


@dataclass
class Services:
    """What the scenes need from the world outside the UI; the app fills it in."""

    state_dir: Path
    config_dir: Path
    settings: dict[str, Any]
    """language, purchase_form, display: {size, fullscreen, rotation}."""
    store: Any
    """`resume(state_dir, catalogue)`, `start(state_dir, catalogue, setup, abandon_current)`."""
    load_catalogue: Callable[[], Any]
    load_catalogue_data: Callable[[], list[dict[str, Any]]]
    save_override: Callable[[str, str, Any], None]
    history: Any = None
    simulator: Any = None
    tagmap: Any = None
    save_settings: Callable[[dict[str, Any]], None] | None = None
    quit: Callable[[], None] | None = None
    confirmed_values: Callable[[], dict[str, dict[str, Any]]] = dict
    """The printed values the table has confirmed, for a new game's `setup.cards`."""
    simulate: bool = False
    hardware_problems: list[str] = field(default_factory=list)
    """Problems the start-up hardware check found, each with a hint for the builder."""
    """Keys and on-screen stand-ins replace the buttons and the card reader."""
    device_status: dict[str, tuple[bool, str]] = field(default_factory=dict)
    file_warnings: list[str] = field(default_factory=list)
    """Side files of the state directory that were ignored (companion.config.sidefiles)."""
    recent_intents: list[str] = field(default_factory=list)


@dataclass
class Message:
    text: str
    error: bool
    until: float


class UI:
    """The scene stack and everything drawn around it."""

    def __init__(self, services: Services, size: tuple[int, int]) -> None:
        self.services = services
        self.surface = pygame.Surface(size)
        self.stack: list[Scene] = []
        self.message: Message | None = None
        self.dirty = True
        self.canvas = Canvas(self.surface)
        self.game: Any = None  # companion.ui.game.GameController while a game is open
        self.clock: Callable[[], float] = time.monotonic
        self.last_primary_tap = float("-inf")
        set_language(str(services.settings.get("language", "en")))

    # --- the stack -----------------------------------------------------------
    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.on_enter()
        self.dirty = True

    def pop(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()
            self.top.on_enter()
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        self.stack[-1] = scene
        scene.on_enter()
        self.dirty = True

    def pop_to(self, depth: int) -> None:
        """Drop every scene above the first `depth` scenes."""
        del self.stack[depth:]
        self.dirty = True

    # --- messages -----------------------------------------------------------------
    def error(self, text: str) -> None:
        self.message = Message(text, True, self.clock() + MESSAGE_SECONDS)
        self.dirty = True

    def dismiss_message(self) -> None:
        self.message = None
        self.dirty = True

    def info(self, text: str) -> None:
        self.message = Message(text, False, self.clock() + MESSAGE_SECONDS)
        self.dirty = True

    def next_deadline(self) -> float | None:
        """When the screen must change by itself (a message expiring, the next frame of a
        short transition), or None: then nothing is drawn until something happens."""
        deadlines = []
        if self.message:
            deadlines.append(self.message.until)
        if self.stack and self.top.animating_until() > self.clock():
            deadlines.append(self.clock() + FRAME_S)
        return min(deadlines) if deadlines else None

    def tick(self) -> None:
        now = self.clock()
        if self.message and now >= self.message.until:
            self.message = None
            self.dirty = True
        if self.stack and self.top.animating_until() > now - FRAME_S:
            self.dirty = True

    # --- drawing -------------------------------------------------------------------
    def render(self) -> pygame.Surface:
        """Draw the top scene and the bottom bar; the tap targets are those of this frame."""
        c = Canvas(self.surface)
        c.fill(BG)
        bar = c.u(BAR)
        body = pygame.Rect(0, 0, c.w, c.h - bar)
        scene = self.top
        scene.draw(c, body)
        self._draw_bar(c, scene, pygame.Rect(0, c.h - bar, c.w, bar))
        self.canvas = c
        self.dirty = False
        return self.surface

    def _draw_bar(self, c: Canvas, scene: Scene, bar: pygame.Rect) -> None:
        c.rect(bar, PANEL, radius=0)
        pad = c.u(8)
        h = bar.h - 2 * pad
        x = bar.x + pad
        if scene.game_screen and self.game is not None:
            state = self.game.state
            # Wide enough for the label at body size (German "Rückgängig" was shrunk to 16 px).
            label = _("Undo")
            width = max(c.u(120), font(c.px(BODY)).size(label)[0] + c.u(20))
            c.button(pygame.Rect(x, bar.y + pad, width, h), label,
                     self.undo if state.can_undo() else None, key="undo", colour=DANGER)
            x += width + c.u(8)
            if state.redo:
                c.button(pygame.Rect(x, bar.y + pad, c.u(100), h), _("Redo"), self.redo,
                         key="redo")
                x += c.u(108)
            if getattr(scene, "menu", False):
                c.button(pygame.Rect(x, bar.y + pad, c.u(90), h), _("Home"), self.game.close,
                         key="home", size=SMALL)
                x += c.u(98)
        elif len(self.stack) > 1:
            c.button(pygame.Rect(x, bar.y + pad, c.u(120), h), _("Back"), scene.on_back,
                     key="back")
            x += c.u(128)
        right = bar.right - pad
        primary = scene.primary()
        if primary is not None:
            label, action = primary
            width = max(c.u(150), min(c.u(300), _text_width(c, label) + c.u(24)))
            rect = pygame.Rect(right - width, bar.y + pad, width, h)
            c.button(rect, f"{label}  \u25b6" if action else label, action, key="ok",
                     colour=PRIMARY)
            right = rect.x - pad
        if self.message:
            box = pygame.Rect(x, bar.y + pad, right - x - pad, h)
            # The whole message: 2 lines, else 3 smaller ones in the bar; if even that is
            # too little (German beside Redo and Menu), a strip over the bottom of the
            # screen, full width, that a tap closes.
            width = box.w - c.u(12)
            size, step = SMALL, c.u(22)
            lines = c.wrap(self.message.text, width, size)
            if len(lines) > 2:
                size, step = 16, c.u(19)
                lines = c.wrap(self.message.text, width, size)
            if len(lines) > 3:
                size, step = SMALL, c.u(22)
                width = c.w - 2 * pad - c.u(12)
                lines = c.wrap(self.message.text, width, size)
                lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines
                h = step * len(lines) + c.u(12)
                box = pygame.Rect(pad, bar.y - pad - h, c.w - 2 * pad, h)
                c.region(box, self.dismiss_message, "message", self.message.text)
            c.rect(box, WARN_BG if self.message.error else INFO_BG)
            y = box.centery - step * len(lines) // 2
            for line in lines:
                c.text(line, (box.x + c.u(6), y), size, TEXT, max_width=width)
                y += step
        else:
            hint = scene.hint()
            if hint:
                size, step = SMALL, c.u(22)
                lines = c.wrap(hint, right - x - 2 * pad, size)
                if len(lines) > 2:
                    size, step = 16, c.u(19)
                    lines = c.wrap(hint, right - x - 2 * pad, size)[:3]
                y = bar.centery - step * len(lines) // 2
                for line in lines:
                    c.text(line, (x + pad, y), size, TEXT, max_width=right - x - 2 * pad)
                    y += step

    # --- input ------------------------------------------------------------------------
    def touch(self, pos: tuple[int, int]) -> bool:
        """A finger on the screen: a tap, except a second one on the primary action that
        comes right after the first (an accidental double tap), which would skip the next
        screen (Income after Loading done) or settle the next card too (Nobody bought it)."""
        if self.dirty:
            self.render()
        hit = self.canvas.hit_at(pos)
        now = self.clock()
        if hit is not None and hit.key == "ok":
            if now - self.last_primary_tap < PRIMARY_REPEAT_S:
                return False
            self.last_primary_tap = now
        return self.tap(pos)

    def tap(self, pos: tuple[int, int]) -> bool:
        """A tap at `pos` (logical coordinates); True if it hit a target."""
        hit = self.canvas.hit_at(pos)
        if self.message and self.message.error:
            self.message = None
            self.dirty = True
        if hit is None:
            return False
        hit.action()
        self.dirty = True
        return True

    def press(self, key: str) -> None:
        """Tap the target drawn with `key` (tests and the simulator); KeyError if absent."""
        if self.dirty:
            self.render()
        for hit in reversed(self.canvas.hits):
            if hit.key == key:
                self.tap(hit.rect.center)
                return
        keys = ", ".join(h.key for h in self.canvas.hits)
        raise KeyError(f"no target {key!r} on {self.top.name} (targets: {keys})")

    def keys(self) -> list[str]:
        if self.dirty:
            self.render()
        return [h.key for h in self.canvas.hits]

    def intent(self, intent: Any) -> None:
        """An intent from a button, the card reader or the keyboard."""
        self.dirty = True
        log = self.services.recent_intents
        log.append(repr(intent))
        del log[:-12]
        scene = self.top
        if isinstance(intent, it.DeviceStatus):
            self.services.device_status[intent.device] = (intent.ok, intent.message)
            if not intent.ok:
                self.error(intent.message)
            return
        if getattr(scene, "captures_intents", False):
            scene.on_intent(intent)  # type: ignore[attr-defined]
            return
        if isinstance(intent, it.Undo):
            # The Undo button works on every screen of an open game (even a question on top).
            if self.game is not None:
                self.undo()
            else:
                self.info(_("Nothing to undo on this screen."))
        elif isinstance(intent, it.Redo):
            if self.game is not None:
                self.redo()
        elif isinstance(intent, it.Ok):
            primary = scene.primary()
            if primary is not None and primary[1] is not None:
                primary[1]()
        elif isinstance(intent, it.Back):
            scene.on_back()
        elif isinstance(intent, it.PlayerButton):
            scene.on_player(intent.colour)
        elif isinstance(intent, it.CardScanned):
            if intent.card_id is None:
                from companion.ui.scenes.enroll import EnrollScene

                self.error(_("This tag is not enrolled yet. Tap Enroll to bind it to its card."))
                if not isinstance(scene, EnrollScene):
                    self.push(EnrollScene(self, tag=intent.tag, resume_scan=True))
                else:
                    scene.on_tag(intent.tag)
            elif intent.card_id not in self.services.load_catalogue():
                self.error(_("The tag is bound to {card}, which is not in the catalogue.")
                           .format(card=intent.card_id))
            else:
                scene.on_card(intent.card_id)

    def undo(self) -> None:
        if self.game is not None:
            self.game.undo()

    def redo(self) -> None:
        if self.game is not None:
            self.game.redo()


def _text_width(c: Canvas, label: str) -> int:
    from companion.ui.canvas import font

    return font(c.px(BODY)).size(label + "  \u25b6")[0]
