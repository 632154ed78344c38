"""Canvas keeps rendered lines, sizes and wrapped text; what is drawn is the same."""

from __future__ import annotations

import pygame

from companion.ui import canvas
from companion.ui.canvas import Canvas


def draw(surface: pygame.Surface) -> Canvas:
    c = Canvas(surface)
    c.fill()
    c.text("Loading: where does the coffee go?", (10, 10))
    c.text("A very long label that cannot fit", (10, 60), max_width=120)
    c.paragraph("one two three four five six seven eight nine ten",
                pygame.Rect(10, 120, 150, 200))
    return c


def test_a_cached_frame_is_the_frame_drawn_afresh() -> None:
    pygame.display.init()
    pygame.font.init()
    canvas.forget_fonts()
    fresh_surface = pygame.Surface((400, 300))
    fresh = draw(fresh_surface)
    assert canvas._rendered  # remembered
    again_surface = pygame.Surface((400, 300))
    again = draw(again_surface)
    assert again.texts == fresh.texts
    assert again.text_rects == fresh.text_rects
    assert again.text_rects[1][0].endswith("\u2026")  # cut to fit, from the cache too
    assert pygame.image.tobytes(again_surface, "RGB") == pygame.image.tobytes(
        fresh_surface, "RGB")
    canvas.forget_fonts()
    assert not canvas._rendered and not canvas._wrapped


def test_the_text_cache_is_bounded(monkeypatch) -> None:
    pygame.display.init()
    pygame.font.init()
    canvas.forget_fonts()
    monkeypatch.setattr(canvas, "TEXT_CACHE_ENTRIES", 10)
    c = Canvas(pygame.Surface((400, 300)))
    for i in range(50):
        c.text(f"line {i}", (0, 0))
    assert len(canvas._rendered) == 10
    canvas.forget_fonts()
