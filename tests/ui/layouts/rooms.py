"""The rooms the layout tests lay screens out in."""

from __future__ import annotations

import pygame

from companion.ui.canvas import Canvas


def body_of(size: tuple[int, int]) -> tuple[Canvas, pygame.Rect]:
    """A canvas of `size` and a screen's body above the bottom bar."""
    c = Canvas(pygame.Surface(size))
    return c, pygame.Rect(0, 0, c.w, c.h - c.u(72))
