"""The scene base class: one scene per screen, kept on a stack by `companion.ui.core.UI`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.ui.canvas import Canvas
from companion.ui.i18n import _

if TYPE_CHECKING:
    from companion.ui.core import UI

Action = Callable[[], None]


class Scene:
    """A screen: draws itself into the body rectangle and reacts to intents.

    The UI draws the bottom bar around it: Undo (bottom left) on game screens,
    Back elsewhere, and the scene's `primary` action bottom right, which the
    OK button also triggers.
    """

    #: A stable name, used for screenshot file names and tests.
    name = "scene"
    #: Game screens show Undo bottom left; the others show Back.
    game_screen = False

    def __init__(self, ui: UI) -> None:
        self.ui = ui

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        """Draw the screen's content into `body` (everything above the bottom bar)."""

    def primary(self) -> tuple[str, Action | None] | None:
        """The primary action's label and callback (None: no primary button)."""
        return None

    def hint(self) -> str:
        """A short line for the bottom bar, between Undo and the primary action."""
        return ""

    def on_player(self, colour: str) -> None:
        """A player's button was pressed."""

    def on_card(self, card_id: str) -> None:
        """A card was scanned and its tag is enrolled."""
        self.ui.info(_("Card scanned: not needed on this screen."))

    def on_back(self) -> None:
        if self.game_screen:
            return
        self.ui.pop()

    def on_enter(self) -> None:
        """The scene became the top of the stack."""

    def animating_until(self) -> float:
        """Until when a short transition runs (the UI draws frames until then); 0: calm."""
        return 0.0
