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


def _track(c: Canvas, rect: pygame.Rect) -> None:
    pygame.draw.line(c.surface, canvas.MUTED, (rect.x + 5, rect.y + 30), (rect.right - 5,
                                                                        rect.y + 30), 3)
    for k in range(4):
        c.text(str(5 * k), (rect.x + 20 + 60 * k, rect.y + 20), canvas.SMALL, canvas.MUTED,
               anchor="midbottom")


def test_a_layer_is_drawn_once_and_put_back_the_same_with_its_strings() -> None:
    """`Canvas.layer`: the second frame blits the kept image; the pixels, and the strings
    the frame description reports (at their places on the screen), are those of drawing
    it directly."""
    pygame.display.init()
    pygame.font.init()
    canvas.forget_fonts()
    rect = pygame.Rect(40, 70, 300, 50)
    direct_surface = pygame.Surface((400, 300))
    direct = Canvas(direct_surface)
    direct.fill()
    _track(direct, rect)
    calls = []

    def counted(c: Canvas, local: pygame.Rect) -> None:
        calls.append(local)
        _track(c, local)

    frames = []
    for _ in range(2):
        surface = pygame.Surface((400, 300))
        c = Canvas(surface)
        c.fill()
        c.layer(("test-track",), rect, counted)
        frames.append((surface, c))
    assert calls == [pygame.Rect(0, 0, 300, 50)]  # drawn once, in the layer's own place
    for surface, c in frames:
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(
            direct_surface, "RGB")
        assert c.texts == direct.texts
        assert c.text_rects == direct.text_rects
        assert c.drawn == direct.drawn
    # Put back elsewhere (the same size): the same image, its strings where it is now.
    moved = rect.move(20, 30)
    elsewhere = Canvas(pygame.Surface((400, 300)))
    elsewhere.fill()
    elsewhere.layer(("test-track",), moved, counted)
    assert len(calls) == 1
    there = Canvas(pygame.Surface((400, 300)))
    there.fill()
    _track(there, moved)
    assert elsewhere.text_rects == there.text_rects and elsewhere.drawn == there.drawn
    assert elsewhere.drawn != direct.drawn
    canvas.forget_fonts()
    assert not canvas._layers and not canvas._placed


def test_a_layer_is_kept_per_key_size_and_scale() -> None:
    pygame.display.init()
    pygame.font.init()
    canvas.forget_fonts()
    drawn: list[str] = []
    for key, w in ((("a",), 100), (("a",), 100), (("b",), 100), (("a",), 120)):
        c = Canvas(pygame.Surface((400, 300)))
        c.layer(key, pygame.Rect(0, 0, w, 40),
                lambda inner, local, key=key: drawn.append(key[0]))
    assert drawn == ["a", "b", "a"]
    canvas.forget_fonts()


def test_a_scene_keeps_an_answer_while_its_key_stays_the_same(ui) -> None:
    """`Scene.kept`: computed once per key; another state object, or language, asks again."""
    from companion.ui.scene import Scene

    scene = Scene(ui)
    calls: list[int] = []

    def compute() -> list[int]:
        calls.append(1)
        return [len(calls)]

    a, b = object(), object()
    assert scene.kept("x", (a, "en"), compute) == [1]
    assert scene.kept("x", (a, "en"), compute) == [1] and len(calls) == 1
    assert scene.kept("x", (a, "de"), compute) == [2]
    assert scene.kept("x", (b, "de"), compute) == [3]
    assert scene.kept("y", (b, "de"), compute) == [4]  # each name its own
