"""Synthetic photos of the Supply's row, with exact ground truth, for tests and benchmarks.

Never imported by the app (it needs OpenCV and numpy, from the `dev` extra). A photo is
six 63x88 mm cards (any cards of `companion.labelcodes`), each with its label (a 14 mm
`DICT_4X4_100` marker on a white square, as the label sheets print it) near the top,
lying in a row on a textured table, each turned a little; seen by a camera about
2.5 px/mm over a 77 cm field (1920x1080). `Condition` adds what a real table adds:
perspective (a tilted camera), defocus blur, light falling off to the edges, a dim and
warm light, sensor noise, JPEG, and a hand over a card.

The scene is drawn at `SUPER` times the output's pixels per mm and shrunk (area
averaging), so edges are sampled as a sensor samples them. Every random choice comes
from the `numpy.random.Generator` given: a seed gives the same photo every time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np

from companion import labelcodes

#: The card's size, mm.
CARD_MM = (63.0, 88.0)
#: The marker's side (the black border included) and the white square around it, mm.
MARKER_MM = 14.0
LABEL_MM = 20.0
#: Output pixels per mm of table, and the output size (a 1080p-class still).
PX_PER_MM = 2.5
SIZE = (1920, 1080)
#: Drawn at this many times the output's resolution, then shrunk.
SUPER = 2


@dataclass(frozen=True)
class Condition:
    """How the photo is taken. The defaults are a clean photo."""

    name: str = "clean"
    #: Degrees the camera leans away from looking straight down (perspective).
    tilt: float = 0.0
    #: Gaussian defocus, sigma in output pixels.
    blur: float = 0.0
    #: Overall light (1: good light), and how much darker the corners are (0: even).
    gain: float = 1.0
    falloff: float = 0.15
    #: Multipliers of blue, green, red (a warm lamp: less blue).
    cast: tuple[float, float, float] = (1.0, 1.0, 1.0)
    #: Sensor noise, sigma in grey levels (0-255).
    noise: float = 2.0
    #: JPEG quality (None: no JPEG).
    jpeg: int | None = 92
    #: Most degrees each card is turned either way.
    spin: float = 12.0
    #: A hand over one card's label (that card is then not in the truth).
    hand: bool = False


#: The conditions the tests hold to >= 99 % and the harder ones the benchmark reports.
CONDITIONS = {
    "clean": Condition(),
    "tilt25": Condition("tilt25", tilt=25.0),
    "blur1.2": Condition("blur1.2", blur=1.2),
    "dimwarm": Condition("dimwarm", gain=0.42, falloff=0.45, cast=(0.62, 0.88, 1.12), noise=4.0,
                         jpeg=85),
    "hard": Condition("hard", tilt=30.0, blur=1.5, noise=3.0, jpeg=70),
    "hard-dim": Condition("hard-dim", tilt=30.0, blur=1.5, gain=0.42, falloff=0.45,
                          cast=(0.62, 0.88, 1.12), noise=5.0, jpeg=70),
}


@dataclass
class Photo:
    """A rendered photo (BGR, uint8) and what is truly in it."""

    image: Any
    #: The cards whose labels are visible, left to right, and their markers' centres (px).
    cards: list[tuple[str, float, float]] = field(default_factory=list)
    #: The cards laid on the table (a hand may hide one of them).
    laid: list[str] = field(default_factory=list)

    @property
    def visible(self) -> list[str]:
        return [c for c, _x, _y in self.cards]


_DICT: Any = None


def _marker(marker: int, px: int) -> Any:
    global _DICT
    if _DICT is None:
        _DICT = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, labelcodes.ARUCO_DICTIONARY))
    return cv2.aruco.generateImageMarker(_DICT, marker, px)


def _table(rng: np.random.Generator, w: int, h: int) -> Any:
    """A wooden-looking table: low-frequency grain, BGR (made small, then enlarged)."""
    sw, sh = w // 4, h // 4
    small = rng.normal(0.0, 1.0, (max(2, h // 40), max(2, w // 8))).astype(np.float32)
    grain = cv2.resize(small, (sw, sh), interpolation=cv2.INTER_CUBIC)
    base = np.array(rng.choice([(60, 100, 150), (45, 80, 120), (90, 120, 140), (70, 70, 75)]),
                    dtype=np.float32)
    img = base[None, None, :] * (1.0 + 0.12 * grain[..., None])
    img = np.clip(img, 0, 255).astype(np.uint8)
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)


_LIGHT: dict[tuple[Any, ...], Any] = {}


def _light(condition: Condition, size: tuple[int, int]) -> Any:
    """The light of `condition` over the photo, per pixel and channel (cached)."""
    key = (condition.gain, condition.falloff, condition.cast, size)
    if key not in _LIGHT:
        yy, xx = np.mgrid[0:size[1], 0:size[0]].astype(np.float32)
        r2 = ((xx - size[0] / 2) ** 2 + (yy - size[1] / 2) ** 2) / ((size[0] / 2) ** 2)
        light = condition.gain * (1.0 - condition.falloff * r2)
        _LIGHT[key] = (light[..., None] * np.array(condition.cast, np.float32)[None, None, :]
                       ).astype(np.float32)
    return _LIGHT[key]


def _card_face(rng: np.random.Generator, card_id: str, s: float) -> Any:
    """A card's face at `s` px/mm: a coloured frame, an 'illustration' and the label."""
    w, h = round(CARD_MM[0] * s), round(CARD_MM[1] * s)
    colour = tuple(int(c) for c in rng.integers(90, 230, 3))
    face = np.full((h, w, 3), colour, np.uint8)
    # An illustration: shapes of many colours below the label (never over it).
    top = round((4 + LABEL_MM + 3) * s)
    for _ in range(14):
        c = tuple(int(v) for v in rng.integers(0, 255, 3))
        x0, y0 = int(rng.integers(0, w)), int(rng.integers(top, h))
        if rng.random() < 0.5:
            cv2.circle(face, (x0, y0), int(rng.integers(3, 12) * s), c, -1, cv2.LINE_AA)
        else:
            cv2.rectangle(face, (x0, y0), (x0 + int(rng.integers(4, 20) * s),
                                           y0 + int(rng.integers(2, 10) * s)), c, -1)
    # Text-like lines, as a card's title.
    for i in range(3):
        y = round((6 + 6 * i) * s)
        cv2.line(face, (round(3 * s), y), (round(14 * s), y), (30, 30, 30), max(1, round(s)))
    cv2.rectangle(face, (0, 0), (w - 1, h - 1), (235, 235, 235), max(1, round(1.2 * s)))
    # The label: a white square with the marker in its middle, top centre of the card.
    label = round(LABEL_MM * s)
    lx, ly = (w - label) // 2, round(4 * s)
    face[ly:ly + label, lx:lx + label] = 250
    side = round(MARKER_MM * s)
    m = _marker(labelcodes.marker_id(card_id), side)
    mx, my = lx + (label - side) // 2, ly + (label - side) // 2
    face[my:my + side, mx:mx + side] = m[..., None]
    return face, (mx + side / 2.0, my + side / 2.0)


def _lay(canvas: Any, face: Any, rot: Any, s: float) -> None:
    """Lay the card `face`, placed by the affine `rot`, on `canvas` with a soft shadow; only
    the part of the canvas under the card is touched (a whole-canvas warp is 10x slower)."""
    h, w = canvas.shape[:2]
    fh, fw = face.shape[:2]
    corners = rot @ np.array([[0, 0, 1], [fw, 0, 1], [0, fh, 1], [fw, fh, 1]], float).T
    pad = int(8 * s)
    x0 = max(0, int(corners[0].min()) - pad)
    y0 = max(0, int(corners[1].min()) - pad)
    x1 = min(w, int(corners[0].max()) + pad)
    y1 = min(h, int(corners[1].max()) + pad)
    if x1 <= x0 or y1 <= y0:
        return
    local = rot.copy()
    local[0, 2] -= x0
    local[1, 2] -= y0
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpAffine(face, local, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpAffine(np.full((fh, fw), 255, np.uint8), local, size, flags=cv2.INTER_LINEAR)
    shadow = cv2.GaussianBlur(mask, (0, 0), s)
    shadow = np.roll(shadow, (int(1.5 * s), int(1.5 * s)), (0, 1)).astype(np.float32) / 255.0
    region = canvas[y0:y1, x0:x1].astype(np.float32)
    region *= 1 - 0.35 * shadow[..., None]
    alpha = mask[..., None].astype(np.float32) / 255.0
    canvas[y0:y1, x0:x1] = (region * (1 - alpha) + warped * alpha).astype(np.uint8)


def _hand(rng: np.random.Generator, img: Any, cx: float, cy: float, s: float) -> None:
    """A hand (palm and four fingers, skin colour) over the point (cx, cy)."""
    skin = tuple(int(v) for v in rng.choice([(120, 150, 200), (90, 120, 170), (60, 85, 130)]))
    angle = rng.uniform(-0.6, 0.6) + math.pi / 2  # the arm comes from the bottom of the photo
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    palm = [(cx + (px * a + ux * b) * s, cy + (py * a + uy * b) * s)
            for a, b in ((-45, -10), (45, -10), (40, 80), (-40, 80))]
    cv2.fillPoly(img, [np.array(palm, np.int32)], skin, cv2.LINE_AA)
    for k in range(4):
        a = -33 + 22 * k
        tip = (cx + (px * a - ux * 70) * s, cy + (py * a - uy * 70) * s)
        base = (cx + (px * a - ux * 5) * s, cy + (py * a - uy * 5) * s)
        cv2.line(img, (int(base[0]), int(base[1])), (int(tip[0]), int(tip[1])), skin,
                 int(16 * s), cv2.LINE_AA)
    # The arm, out of the photo.
    arm_end = (cx + ux * 600 * s, cy + uy * 600 * s)
    cv2.line(img, (int(cx + ux * 60 * s), int(cy + uy * 60 * s)),
             (int(arm_end[0]), int(arm_end[1])), skin, int(70 * s), cv2.LINE_AA)


def _tilt(w: int, h: int, degrees: float, rng: np.random.Generator) -> Any:
    """The homography of a camera leaning `degrees` (about a random axis in the table)."""
    if not degrees:
        return np.eye(3)
    f = 1.1 * w  # a lens of about 50 degrees across
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    axis_angle = rng.uniform(0, 2 * math.pi)
    axis = np.array([math.cos(axis_angle), math.sin(axis_angle), 0.0])
    rot, _ = cv2.Rodrigues(axis * math.radians(degrees))
    homography = k @ rot @ np.linalg.inv(k)
    # Keep the middle of the photo where it was, at its scale.
    centre = homography @ np.array([w / 2, h / 2, 1.0])
    centre /= centre[2]
    shift = np.array([[1, 0, w / 2 - centre[0]], [0, 1, h / 2 - centre[1]], [0, 0, 1]])
    return shift @ homography


def render(rng: np.random.Generator, cards: list[str], condition: Condition = Condition(),
           hand_over: int | None = None, size: tuple[int, int] = SIZE,
           supersample: int = SUPER) -> Photo:
    """A photo of `cards` laid left to right (six fit the default `size`; a smaller size
    renders faster, for long sequences). With `condition.hand`, a hand covers the label of
    card `hand_over` (random if None)."""
    SIZE, SUPER = size, supersample  # noqa: N806 - the module's defaults, for this photo
    s = PX_PER_MM * SUPER
    w, h = SIZE[0] * SUPER, SIZE[1] * SUPER
    canvas = _table(rng, w, h)
    pitch = 63.0 + rng.uniform(14.0, 24.0)
    row_w = pitch * (len(cards) - 1)
    x0 = SIZE[0] / PX_PER_MM / 2 - row_w / 2
    y_mid = SIZE[1] / PX_PER_MM / 2 + rng.uniform(-20.0, 20.0)
    centres: list[tuple[str, float, float]] = []
    for i, card in enumerate(cards):
        face, (mx, my) = _card_face(rng, card, s)
        fh, fw = face.shape[:2]
        cx = (x0 + i * pitch + rng.uniform(-4.0, 4.0)) * s
        cy = (y_mid + rng.uniform(-8.0, 8.0)) * s
        rot = cv2.getRotationMatrix2D((fw / 2, fh / 2), rng.uniform(-condition.spin,
                                                                     condition.spin), 1.0)
        rot[0, 2] += cx - fw / 2
        rot[1, 2] += cy - fh / 2
        centre = rot @ np.array([mx, my, 1.0])
        centres.append((card, float(centre[0]), float(centre[1])))
        _lay(canvas, face, rot, s)
    hidden = None
    if condition.hand and cards:
        hidden = int(rng.integers(0, len(cards))) if hand_over is None else hand_over
        _hand(rng, canvas, centres[hidden][1], centres[hidden][2], s)
    homography = _tilt(w, h, condition.tilt, rng)
    if condition.tilt:
        canvas = cv2.warpPerspective(canvas, homography, (w, h), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_REFLECT)
    img = cv2.resize(canvas, SIZE, interpolation=cv2.INTER_AREA)
    truth: list[tuple[str, float, float]] = []
    for i, (card, x, y) in enumerate(centres):
        p = homography @ np.array([x, y, 1.0])
        px, py = p[0] / p[2] / SUPER, p[1] / p[2] / SUPER
        if i != hidden and 0 <= px < SIZE[0] and 0 <= py < SIZE[1]:
            truth.append((card, float(px), float(py)))
    if condition.blur:
        img = cv2.GaussianBlur(img, (0, 0), condition.blur)
    f = img.astype(np.float32)
    f *= _light(condition, SIZE)
    if condition.noise:
        f += rng.standard_normal(f.shape, dtype=np.float32) * np.float32(condition.noise)
    np.clip(f, 0, 255, out=f)
    out = f.astype(np.uint8)
    if condition.jpeg is not None:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, condition.jpeg])
        assert ok
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    truth.sort(key=lambda t: t[1])
    return Photo(out, truth, list(cards))


def random_cards(rng: np.random.Generator, n: int = 6) -> list[str]:
    """`n` different cards of the label table."""
    picks = rng.choice(len(labelcodes.CARD_IDS), size=n, replace=False)
    return [labelcodes.CARD_IDS[int(i)] for i in picks]


def score(detector: Any, condition: Condition, images: int, seed: int) -> dict[str, Any]:
    """Render `images` photos and read them: cards found, wrong cards, seconds per read."""
    import time

    rng = np.random.default_rng(seed)
    found = wrong = total = 0
    times: list[float] = []
    for _ in range(images):
        photo = render(rng, random_cards(rng), condition)
        t0 = time.perf_counter()
        seen = {s.card_id for s in detector.cards(photo.image)}
        times.append(time.perf_counter() - t0)
        truth = set(photo.visible)
        total += len(truth)
        found += len(seen & truth)
        wrong += len(seen - truth)
    return {"condition": condition.name, "found": found, "total": total, "wrong": wrong,
            "rate": found / total if total else 1.0, "times": times}


def with_name(condition: Condition, name: str) -> Condition:
    return replace(condition, name=name)
