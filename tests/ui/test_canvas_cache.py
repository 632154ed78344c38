"""Canvas keeps rendered lines, sizes and wrapped text; what is drawn is the same."""

from __future__ import annotations

import pygame
import pytest

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


def _buttons(c: Canvas, rect: pygame.Rect, action) -> None:
    """Two buttons in `rect` (frame coordinates): "1" tappable (`action`), "2" greyed; and a
    player's mark."""
    c.button(pygame.Rect(rect.x + 10, rect.y + 10, 60, 60), "1", action, key="b:1",
             name="A 1", colour=canvas.PLAYER_COLOURS["red"], badge="A")
    c.button(pygame.Rect(rect.x + 80, rect.y + 10, 60, 60), "2", None, key="b:2",
             name="A 2")


def _frame(c: Canvas) -> tuple[object, ...]:
    return (c.texts, c.text_rects, c.drawn, c.targets, c.marks,
            [(h.rect, h.key, h.label) for h in c.hits])


def test_a_layer_keeps_its_tap_targets_and_asks_the_scene_on_screen_for_their_actions():
    """A layer with targets (`act`): put back, its targets are where it is put, the
    frame description's targets (the greyed one too) are those of drawing it directly,
    and a tap does what `act` says now, never what the first drawing bound (the scene an
    Undo replaced); a greyed target is never tappable."""
    pygame.display.init()
    pygame.font.init()
    canvas.forget_fonts()
    rect = pygame.Rect(40, 70, 200, 100)
    direct = Canvas(pygame.Surface((400, 300)))
    direct.fill()
    _buttons(direct, rect, lambda: "first")
    taps: list[str] = []
    drawn: list[int] = []

    def paint(c: Canvas, local: pygame.Rect) -> None:
        drawn.append(1)
        _buttons(c, local, lambda: taps.append("stale"))

    for scene in ("first", "second"):
        surface = pygame.Surface((400, 300))
        c = Canvas(surface)
        c.fill()
        c.layer(("buttons",), rect, paint, lambda key, scene=scene: (
            (lambda: taps.append(f"{scene} {key}")) if key == "b:1" else None))
        assert _frame(c) == _frame(direct)
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(
            direct.surface, "RGB")
        hit = c.hit_at((rect.x + 20, rect.y + 20))
        assert hit is not None and hit.key == "b:1"
        hit.action()
        assert c.hit_at((rect.x + 90, rect.y + 20)) is None  # greyed: not a target
    assert drawn == [1]
    assert taps == ["first b:1", "second b:1"]
    # Put elsewhere: its targets move with it; an action `act` no longer gives is left out.
    moved = Canvas(pygame.Surface((400, 300)))
    moved.layer(("buttons",), rect.move(30, 40), paint, lambda key: None)
    assert [t.rect for t in moved.targets] == [t.rect.move(30, 40) for t in direct.targets]
    assert moved.hits == [] and drawn == [1]
    with pytest.raises(ValueError):
        Canvas(pygame.Surface((400, 300))).layer(("no act",), rect, paint)
    canvas.forget_fonts()


def test_a_layer_drawn_in_place_is_the_frame_drawn_directly_then_one_blit():
    """`here`: drawn on the frame's canvas where it is (a phase's body placed in the
    frame's coordinates), kept, and put back the same: pixels, strings, marks, targets."""
    pygame.display.init()
    pygame.font.init()
    canvas.forget_fonts()
    rect = pygame.Rect(40, 70, 200, 100)
    direct = Canvas(pygame.Surface((400, 300)))
    direct.fill()
    direct.text("above", (10, 10))
    _buttons(direct, rect, lambda: None)
    drawn: list[pygame.Rect] = []

    def paint(c: Canvas, where: pygame.Rect) -> None:
        drawn.append(where)
        _buttons(c, where, lambda: None)

    for frame in range(3):
        c = Canvas(pygame.Surface((400, 300)))
        c.fill()
        c.text("above", (10, 10))
        c.layer(("here",), rect, paint, lambda key: lambda: key, here=True)
        assert _frame(c) == _frame(direct)
        assert pygame.image.tobytes(c.surface, "RGB") == pygame.image.tobytes(
            direct.surface, "RGB")
        # The first frame's tap is the drawing's own; then `act`'s.
        assert [h.action() for h in c.hits] == [None if frame == 0 else "b:1"]
    assert drawn == [rect]  # drawn once, in the frame's coordinates
    # Kept for its place: elsewhere it is drawn again.
    Canvas(pygame.Surface((400, 300))).layer(("here",), rect.move(0, 10), paint,
                                             lambda key: None, here=True)
    assert len(drawn) == 2
    canvas.forget_fonts()


@pytest.mark.parametrize("case", ["outside", "under"])
def test_a_layer_drawn_in_place_is_not_kept_where_putting_it_back_would_differ(case):
    """Drawn past its place (a blit of the place would lose it), or over what the frame
    drew there before (a blit would cover it): drawn every frame, never kept."""
    pygame.display.init()
    pygame.font.init()
    canvas.forget_fonts()
    rect = pygame.Rect(40, 70, 200, 100)
    drawn: list[int] = []

    def paint(c: Canvas, where: pygame.Rect) -> None:
        drawn.append(1)
        c.text("beyond", (where.right - 5, where.y) if case == "outside" else where.topleft)

    for _ in range(2):
        c = Canvas(pygame.Surface((400, 300)))
        c.fill()
        if case == "under":
            c.text("under", (rect.x + 5, rect.y + 5))
        c.layer((case,), rect, paint, here=True)
        assert "beyond" in c.texts
    assert drawn == [1, 1] and not canvas._layers
    canvas.forget_fonts()


def test_a_kept_layer_is_not_put_back_over_what_the_frame_drew_there_before():
    """A layer that may cover what the frame drew before (`may_cover`: the legend's row),
    kept over the background, then asked for where a control the frame drew before reaches
    into its place (Supply's page buttons in the legend's row, German at
    480x800): put back, the kept image would show what lay under it when it was kept. The
    frame is the one drawn without a layer, and nothing is kept of it; asked again over
    the background only, the kept image is put back."""
    pygame.display.init()
    pygame.font.init()
    canvas.forget_fonts()
    rect = pygame.Rect(40, 70, 300, 50)
    drawn: list[int] = []

    def counted(c: Canvas, local: pygame.Rect) -> None:
        drawn.append(1)
        _track(c, local)

    def frame(spill: bool, layered: bool) -> tuple[bytes, Canvas]:
        surface = pygame.Surface((400, 300))
        c = Canvas(surface)
        c.fill()
        if spill:  # a button whose lower edge lies in the layer's place
            c.button(pygame.Rect(50, 20, 80, 60), "<", lambda: None, key="page:prev")
        if layered:
            c.layer(("test-spill",), rect, counted, may_cover=True)
        else:
            _track(c, rect)
        return pygame.image.tobytes(surface, "RGB"), c

    frame(False, True)
    assert drawn == [1] and len(canvas._layers) == 1
    direct, plain = frame(True, False)
    for _ in range(2):
        pixels, c = frame(True, True)
        assert pixels == direct
        assert c.text_rects == plain.text_rects and c.drawn == plain.drawn
    assert drawn == [1, 1, 1] and len(canvas._layers) == 1  # drawn, not kept
    frame(False, True)
    assert drawn == [1, 1, 1]  # over the background: the kept image
    canvas.forget_fonts()


def test_the_layers_are_bounded_by_their_images_bytes(monkeypatch):
    """A phase's body is a large image: the least recently used go first where the
    images' bytes would pass `LAYER_CACHE_BYTES`."""
    pygame.display.init()
    pygame.font.init()
    canvas.forget_fonts()
    monkeypatch.setattr(canvas, "LAYER_CACHE_BYTES", 3 * 100 * 100 * 4)
    c = Canvas(pygame.Surface((400, 300)))
    for k in range(5):
        c.layer((k,), pygame.Rect(0, 0, 100, 100), lambda inner, local: None)
    assert [key[0] for key in canvas._layers] == [(2,), (3,), (4,)]
    assert canvas._layers_bytes[0] == sum(image.get_pitch() * image.get_height()
                                          for image, _t, _r in canvas._layers.values())
    canvas.forget_fonts()
    assert canvas._layers_bytes[0] == 0
