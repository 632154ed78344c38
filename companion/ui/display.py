"""The window (or the KMS/DRM console), rotation, and taps that count once.

The UI draws upright into a logical surface; `Display.present` rotates it
onto the screen and `Display.to_logical` maps a touch back, so drawing and
touch always agree. SDL reports one touch both as a finger event and as a
synthesised mouse event: `Display.tap_position` takes fingers, and mouse
clicks only when they are not from a touch; a debounce drops a second tap
that follows within `DEBOUNCE_S`.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import pygame

DEBOUNCE_S = 0.15


def wants_fullscreen(setting: object) -> bool:
    """`auto`: fullscreen on a console with no desktop (KMS/DRM), a window on a desktop."""
    if isinstance(setting, bool):
        return setting
    if str(setting).lower() in ("true", "yes", "1"):
        return True
    if str(setting).lower() in ("false", "no", "0"):
        return False
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    on_desktop = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return sys.platform.startswith("linux") and not on_desktop


def logical_size(size: tuple[int, int], rotation: int) -> tuple[int, int]:
    w, h = size
    return (h, w) if rotation in (90, 270) else (w, h)


def to_logical(pos: tuple[int, int], size: tuple[int, int], rotation: int) -> tuple[int, int]:
    """A point on the panel (physical pixels) as a point of the upright drawing."""
    px, py = pos
    w, h = size
    if rotation == 90:  # the picture is turned clockwise on the panel
        return py, w - 1 - px
    if rotation == 180:
        return w - 1 - px, h - 1 - py
    if rotation == 270:
        return h - 1 - py, px
    return px, py


def rotate(surface: pygame.Surface, rotation: int) -> pygame.Surface:
    """The upright drawing turned `rotation` degrees clockwise for the panel."""
    return pygame.transform.rotate(surface, -rotation) if rotation else surface


class Display:
    """The screen the UI is shown on."""

    def __init__(self, size: tuple[int, int], fullscreen: object = "auto",
                 rotation: int = 0) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.rotation = int(rotation) % 360
        flags = pygame.FULLSCREEN if wants_fullscreen(fullscreen) else 0
        self.screen = pygame.display.set_mode(self.size, flags)
        self.size = self.screen.get_size()
        pygame.display.set_caption("Speicherstadt Table Companion")
        self.logical = logical_size(self.size, self.rotation)
        self.last_tap = -1.0
        if flags:
            pygame.mouse.set_visible(False)

    def present(self, surface: pygame.Surface) -> None:
        self.screen.blit(rotate(surface, self.rotation), (0, 0))
        pygame.display.flip()

    def tap_position(self, event: Any, now: float) -> tuple[int, int] | None:
        """The logical position of a tap, or None (not a tap, a mouse echo of a touch, a bounce)."""
        if event.type == pygame.FINGERDOWN:
            pos = (int(event.x * self.size[0]), int(event.y * self.size[1]))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                not getattr(event, "touch", False):
            pos = event.pos
        else:
            return None
        if now - self.last_tap < DEBOUNCE_S:
            return None
        self.last_tap = now
        return to_logical(pos, self.size, self.rotation)
