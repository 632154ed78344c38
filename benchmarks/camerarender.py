"""Synthetic photos of the table, with exact ground truth, for tests and benchmarks.

Never imported by the app (it needs OpenCV, numpy and Pillow, from the `dev` extra). A
`Scene` is a table as the camera sees it from above: the Supply's row of 63x88 mm cards,
each with its label rasterised by the `labels` command's own drawing (`draw_label`, the
real 16.3 mm marker, name and barcode), turned a little; the four Supply-area markers at
the row's corners (`draw_area_label`); and a player's own cards outside the area, at the
edge of the photo. `draw` lays a scene once at a photo size (1920x1080 or 1280x720 over a
`FIELD_MM` wide table, tilted by the condition); `shoot` makes a still of it, adding what
changes from still to still: a card moving in the dealer's hand over the row, a hand over
part of a marker, glare on part of a label, defocus, motion blur, light, a shadow, noise,
JPEG. So a sequence of stills of one table costs one layout.

The scene is drawn at `SUPER` times the photo's pixels per mm and shrunk (area averaging),
so edges are sampled as a sensor samples them. Every random choice comes from the
`numpy.random.Generator` given: a seed gives the same photo every time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import cv2
import numpy as np

from companion import labelcodes

#: The card's size, mm.
CARD_MM = (63.0, 88.0)
#: The width of table a photo shows, mm (the row of six cards, the area, some margin).
FIELD_MM = 720.0
#: The photo sizes measured.
SIZES = {"1080p": (1920, 1080), "720p": (1280, 720)}
SIZE = SIZES["1080p"]
#: Drawn at this many times the output's resolution, then shrunk.
SUPER = 2
#: Where the label sits on a card: its top left corner, mm from the card's.
LABEL_AT = (5.5, 4.0)


@dataclass(frozen=True)
class Condition:
    """How the stills are taken. The defaults are a clean photo."""

    name: str = "clean"
    #: Degrees the camera leans away from looking straight down (perspective).
    tilt: float = 0.0
    #: Gaussian defocus, sigma in 1080p pixels (a range: each sequence draws one).
    blur: tuple[float, float] = (0.0, 0.0)
    #: Motion blur: the length in 1080p pixels (a range: each still draws one).
    motion: tuple[float, float] = (0.0, 0.0)
    #: Overall light (1: good light), and how much darker the corners are (0: even).
    gain: float = 1.0
    falloff: float = 0.15
    #: Multipliers of blue, green, red (a warm lamp: less blue).
    cast: tuple[float, float, float] = (1.0, 1.0, 1.0)
    #: A shadow over part of the row (how dark: 0 none, 0.6 deep).
    shadow: float = 0.0
    #: Sensor noise, sigma in grey levels (0-255).
    noise: float = 2.0
    #: JPEG quality (None: no JPEG).
    jpeg: int | None = 92
    #: Most degrees each card is turned either way.
    spin: float = 8.0
    #: Glare on part of one label in each still (a reflection that moves).
    glare: bool = False
    #: A hand over part of one card's marker in each still (10-50 % of it).
    finger: bool = False
    #: A card moving in the dealer's hand over the row in each still.
    dealing: bool = False
    #: A player's own cards outside the area, at the edge of the photo.
    players: int = 3


#: The conditions the benchmark measures (the tests a few of them). The first group is
#: held to >= 99 % of cards read; the second is reported after frame combination.
CONDITIONS = {
    "clean": Condition(),
    "tilt40": Condition("tilt40", tilt=40.0),
    "dim": Condition("dim", gain=0.45, falloff=0.45, noise=4.0),
    "warm": Condition("warm", gain=0.8, cast=(0.55, 0.85, 1.15), noise=3.0),
    "cool": Condition("cool", gain=0.8, cast=(1.15, 0.95, 0.7), noise=3.0),
    "shadow": Condition("shadow", shadow=0.55),
    "jpeg50": Condition("jpeg50", jpeg=50, noise=3.0),
    "dealing": Condition("dealing", dealing=True),
    "defocus": Condition("defocus", blur=(1.2, 2.4)),
    "motion": Condition("motion", motion=(3.0, 9.0)),
    "glare": Condition("glare", glare=True),
    "finger": Condition("finger", finger=True),
    "mixed": Condition("mixed", tilt=25.0, blur=(0.6, 1.4), motion=(0.0, 4.0), gain=0.7,
                       cast=(0.8, 0.95, 1.1), shadow=0.3, noise=3.0, jpeg=70, glare=True,
                       finger=True, dealing=True),
}
#: The conditions held to >= 99 % of cards read.
HELD = ("clean", "tilt40", "dim", "warm", "cool", "shadow", "jpeg50", "dealing")


@dataclass
class Card:
    """A card laid on the table: where (mm, its centre) and turned how much (degrees)."""

    card_id: str
    x: float
    y: float
    angle: float
    colour: tuple[int, int, int]


@dataclass
class Scene:
    """A table: the Supply's row, the area markers' centres (mm), a player's cards."""

    row: list[Card]
    area: list[tuple[float, float]]
    players: list[Card]
    #: The next card, in the dealer's hand (never laid in this scene), if any.
    dealt: str | None = None
    seed: int = 0
    #: Cards whose marker is washed out inside its border (glare on a glossy sleeve that
    #: stays): on the table, in the truth, but no camera can read them.
    washed: frozenset[str] = frozenset()


@dataclass
class Layout:
    """A scene drawn at a photo size: the still before what changes from still to still."""

    scene: Scene
    condition: Condition
    size: tuple[int, int]
    image: Any
    homography: Any
    #: Photo pixels per table mm (before the tilt).
    px_per_mm: float
    #: The centres (photo pixels) of the row's markers, the players' and the area's.
    row_at: dict[str, tuple[float, float]] = field(default_factory=dict)
    players_at: dict[str, tuple[float, float]] = field(default_factory=dict)
    area_at: list[tuple[float, float]] = field(default_factory=list)
    blur: float = 0.0


@dataclass
class Photo:
    """A rendered still (BGR, uint8) and what is truly in it."""

    image: Any
    #: The Supply cards whose markers are in the photo, left to right, and their centres.
    cards: list[tuple[str, float, float]] = field(default_factory=list)
    #: The cards laid in the row (a hand may hide one of them).
    laid: list[str] = field(default_factory=list)
    #: A player's cards in the photo, outside the area.
    outside: list[str] = field(default_factory=list)

    @property
    def visible(self) -> list[str]:
        return [c for c, _x, _y in self.cards]


def random_cards(rng: np.random.Generator, n: int = 6) -> list[str]:
    """`n` different cards of the label table."""
    picks = rng.choice(len(labelcodes.CARD_IDS), size=n, replace=False)
    return [labelcodes.CARD_IDS[int(i)] for i in picks]


def scene(rng: np.random.Generator, cards: list[str], condition: Condition = Condition(),
          others: list[str] | None = None) -> Scene:
    """A table with `cards` in the row (left to right) and, outside the area, a player's
    cards (`others`, else `condition.players` cards not in the row)."""
    field_h = FIELD_MM * 9 / 16
    pitch = CARD_MM[0] + rng.uniform(10.0, 16.0)
    n = max(len(cards), 6)
    x0 = FIELD_MM / 2 - pitch * (n - 1) / 2
    y_mid = field_h * 0.40 + rng.uniform(-10.0, 10.0)
    row = [Card(c, x0 + i * pitch + rng.uniform(-3.0, 3.0), y_mid + rng.uniform(-5.0, 5.0),
                rng.uniform(-condition.spin, condition.spin), _colour(rng))
           for i, c in enumerate(cards)]
    # The area: its markers' centres a little outside the row of six places.
    left, right = x0 - CARD_MM[0] / 2 - 20.0, x0 + pitch * (n - 1) + CARD_MM[0] / 2 + 20.0
    top, bottom = y_mid - CARD_MM[1] / 2 - 14.0, y_mid + CARD_MM[1] / 2 + 10.0
    area = [(left, top), (right, top), (right, bottom), (left, bottom)]
    rest = [c for c in labelcodes.CARD_IDS if c not in cards]
    if others is None:
        picks = rng.choice(len(rest), size=condition.players + 1, replace=False)
        others = [rest[int(i)] for i in picks[:condition.players]]
        dealt = rest[int(picks[-1])]
    else:
        dealt = next(c for c in rest if c not in others)
    # A player's cards: a fan at the bottom edge, below the area.
    players = [Card(c, FIELD_MM * (0.30 + 0.13 * i) + rng.uniform(-8.0, 8.0),
                    field_h - 30.0 + rng.uniform(-6.0, 6.0), rng.uniform(-25.0, 25.0),
                    _colour(rng)) for i, c in enumerate(others)]
    return Scene(row, area, players, dealt, int(rng.integers(0, 2**31)))


def _colour(rng: np.random.Generator) -> tuple[int, int, int]:
    return (int(rng.integers(80, 220)), int(rng.integers(80, 220)), int(rng.integers(80, 220)))


@cache
def _label(card_or_marker: str | int) -> Any:
    """A label (or an area marker's label) as the `labels` command draws it, grey, 300 dpi."""
    from PIL import Image, ImageDraw

    from companion.commands import labels

    image_mod, _draw, code128 = labels.load_libraries()
    geometry = labels.Geometry()
    if isinstance(card_or_marker, int):
        size = labels.mm(labels.AREA_LABEL_MM)
        page = Image.new("L", (size, size), 255)
        corner = labelcodes.AREA_CORNERS[labelcodes.AREA_MARKERS.index(card_or_marker)]
        labels.draw_area_label(ImageDraw.Draw(page), 0, 0, card_or_marker, corner,
                               geometry.cell)
    else:
        page = Image.new("L", (geometry.w, geometry.h), 255)
        name = card_or_marker.split("-", 1)[1].replace("-", " ").capitalize()
        labels.draw_label(ImageDraw.Draw(page), 0, 0, name, "Season " + card_or_marker[0],
                          labelcodes.barcode(card_or_marker),
                          labelcodes.marker_id(card_or_marker), code128, geometry)
    del image_mod
    return np.array(page, np.uint8)


def marker_centre_on_label() -> tuple[float, float]:
    """The marker's centre on a card label, mm from the label's top left corner."""
    from companion.commands import labels

    g = labels.Geometry()
    side = 6 * g.cell
    return ((g.cell + side / 2) * 25.4 / labels.DPI, (g.h / 2) * 25.4 / labels.DPI)


def _face(card: Card, s: float, rng: np.random.Generator) -> Any:
    """A card's face at `s` px/mm: its colour, an 'illustration', and its label."""
    w, h = round(CARD_MM[0] * s), round(CARD_MM[1] * s)
    face = np.empty((h, w, 3), np.uint8)
    face[:] = card.colour
    label = _label(card.card_id)
    lw, lh = round(label.shape[1] / 300 * 25.4 * s), round(label.shape[0] / 300 * 25.4 * s)
    lx, ly = round(LABEL_AT[0] * s), round(LABEL_AT[1] * s)
    top = ly + lh + round(3 * s)
    for _ in range(12):
        c = tuple(int(v) for v in rng.integers(0, 255, 3))
        x0, y0 = int(rng.integers(0, w)), int(rng.integers(top, h))
        if rng.random() < 0.5:
            cv2.circle(face, (x0, y0), int(rng.integers(3, 12) * s), c, -1, cv2.LINE_AA)
        else:
            cv2.rectangle(face, (x0, y0), (x0 + int(rng.integers(4, 20) * s),
                                           y0 + int(rng.integers(2, 10) * s)), c, -1)
    small = cv2.resize(label, (lw, lh), interpolation=cv2.INTER_AREA)
    # A matte white label: not quite paper-white, ink not quite black.
    face[ly:ly + lh, lx:lx + lw] = (30 + small.astype(np.float32) * (222 / 255)).astype(
        np.uint8)[..., None]
    cv2.rectangle(face, (0, 0), (w - 1, h - 1), (235, 235, 235), max(1, round(1.2 * s)))
    return face


def _card_marker(card: Card) -> tuple[float, float]:
    """The card's marker centre, mm on the table."""
    mx, my = marker_centre_on_label()
    fx, fy = LABEL_AT[0] + mx - CARD_MM[0] / 2, LABEL_AT[1] + my - CARD_MM[1] / 2
    a = math.radians(-card.angle)  # cv2's angle turns counter-clockwise on the photo
    return (card.x + fx * math.cos(a) - fy * math.sin(a),
            card.y + fx * math.sin(a) + fy * math.cos(a))


def _place(canvas: Any, patch: Any, cx: float, cy: float, angle: float,
           shadow: float = 0.35) -> None:
    """Lay `patch` centred at (cx, cy) canvas pixels, turned `angle` degrees, with a soft
    shadow; only the part of the canvas under it is touched."""
    h, w = canvas.shape[:2]
    ph, pw = patch.shape[:2]
    rot = cv2.getRotationMatrix2D((pw / 2, ph / 2), angle, 1.0)
    rot[0, 2] += cx - pw / 2
    rot[1, 2] += cy - ph / 2
    corners = rot @ np.array([[0, 0, 1], [pw, 0, 1], [0, ph, 1], [pw, ph, 1]], float).T
    pad = int(0.1 * max(pw, ph)) + 4
    x0, y0 = max(0, int(corners[0].min()) - pad), max(0, int(corners[1].min()) - pad)
    x1, y1 = min(w, int(corners[0].max()) + pad), min(h, int(corners[1].max()) + pad)
    if x1 <= x0 or y1 <= y0:
        return
    rot[0, 2] -= x0
    rot[1, 2] -= y0
    size = (x1 - x0, y1 - y0)
    if patch.ndim == 2:
        patch = cv2.cvtColor(patch, cv2.COLOR_GRAY2BGR)
    warped = cv2.warpAffine(patch, rot, size, flags=cv2.INTER_LINEAR)
    mask = cv2.warpAffine(np.full((ph, pw), 255, np.uint8), rot, size, flags=cv2.INTER_LINEAR)
    region = canvas[y0:y1, x0:x1].astype(np.float32)
    if shadow:
        blur = max(1.0, 0.01 * max(pw, ph))
        soft = cv2.GaussianBlur(mask, (0, 0), blur)
        d = int(blur)
        shifted = np.zeros_like(soft)
        shifted[d:, d:] = soft[:soft.shape[0] - d, :soft.shape[1] - d]
        soft = shifted.astype(np.float32) / 255.0
        region *= 1 - shadow * soft[..., None]
    alpha = mask[..., None].astype(np.float32) / 255.0
    canvas[y0:y1, x0:x1] = (region * (1 - alpha) + warped * alpha).astype(np.uint8)


def _table(rng: np.random.Generator, w: int, h: int) -> Any:
    """A wooden-looking table: low-frequency grain, BGR (made small, then enlarged)."""
    small = rng.normal(0.0, 1.0, (max(2, h // 40), max(2, w // 8))).astype(np.float32)
    grain = cv2.resize(small, (max(2, w // 4), max(2, h // 4)), interpolation=cv2.INTER_CUBIC)
    base = np.array(rng.choice([(60, 100, 150), (45, 80, 120), (90, 120, 140), (70, 70, 75)]),
                    dtype=np.float32)
    img = np.clip(base[None, None, :] * (1.0 + 0.12 * grain[..., None]), 0, 255).astype(np.uint8)
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)


def _tilt(w: int, h: int, degrees: float, rng: np.random.Generator) -> Any:
    """The homography of a camera leaning `degrees` (about a random axis in the table),
    keeping the photo's middle where it was and shrinking it so the area stays in view."""
    if not degrees:
        return np.eye(3)
    f = 1.1 * w  # a lens of about 50 degrees across
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    axis_angle = rng.uniform(0, 2 * math.pi)
    axis = np.array([math.cos(axis_angle), math.sin(axis_angle), 0.0])
    rot, _ = cv2.Rodrigues(axis * math.radians(degrees))
    homography = k @ rot @ np.linalg.inv(k)
    centre = homography @ np.array([w / 2, h / 2, 1.0])
    centre /= centre[2]
    # A tilted camera is brought closer to keep the row in the photo: scale the photo so
    # the table's field fits (as a person adjusting the mount would).
    pts = homography @ np.array([[0, w, w, 0], [0, 0, h, h], [1, 1, 1, 1]], float)
    pts = pts[:2] / pts[2]
    span = max((pts[0].max() - pts[0].min()) / w, (pts[1].max() - pts[1].min()) / h)
    k2 = 1.0 / span if span > 1 else 1.0
    fit = np.array([[k2, 0, w / 2 - k2 * centre[0]], [0, k2, h / 2 - k2 * centre[1]],
                    [0, 0, 1]])
    return fit @ homography


def draw(sc: Scene, condition: Condition = Condition(), size: tuple[int, int] = SIZE,
         supersample: int = SUPER) -> Layout:
    """The scene laid on the table at the photo `size`, before what changes per still."""
    rng = np.random.default_rng(sc.seed)
    ppm = size[0] / FIELD_MM
    s = ppm * supersample
    w, h = size[0] * supersample, size[1] * supersample
    canvas = _table(rng, w, h)
    area_label = None
    for i, (ax, ay) in enumerate(sc.area):
        area_label = _label(labelcodes.AREA_MARKERS[i])
        side = round(area_label.shape[0] / 300 * 25.4 * s)
        patch = cv2.resize(area_label, (side, side), interpolation=cv2.INTER_AREA)
        patch = (30 + patch.astype(np.float32) * (222 / 255)).astype(np.uint8)
        _place(canvas, patch, ax * s, ay * s, rng.uniform(-5, 5), shadow=0.2)
    for card in sc.players + sc.row:
        _place(canvas, _face(card, s, rng), card.x * s, card.y * s, card.angle)
    homography = _tilt(w, h, condition.tilt, rng)
    if condition.tilt:
        # Beyond the table's drawn part: the floor, dark and plain (a reflected border
        # would mirror markers, which no real photo does).
        canvas = cv2.warpPerspective(canvas, homography, (w, h), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_CONSTANT, borderValue=(40, 45, 50))
    img = cv2.resize(canvas, size, interpolation=cv2.INTER_AREA)

    def at(x_mm: float, y_mm: float) -> tuple[float, float]:
        p = homography @ np.array([x_mm * s, y_mm * s, 1.0])
        return float(p[0] / p[2] / supersample), float(p[1] / p[2] / supersample)

    lo, hi = condition.blur
    layout = Layout(sc, condition, size, img, homography, ppm,
                    {c.card_id: at(*_card_marker(c)) for c in sc.row},
                    {c.card_id: at(*_card_marker(c)) for c in sc.players},
                    [at(x, y) for x, y in sc.area], rng.uniform(lo, hi) if hi else 0.0)
    return layout


def _light(condition: Condition, size: tuple[int, int], shadow_at: float) -> Any:
    yy, xx = np.mgrid[0:size[1], 0:size[0]].astype(np.float32)
    r2 = ((xx - size[0] / 2) ** 2 + (yy - size[1] / 2) ** 2) / ((size[0] / 2) ** 2)
    light = condition.gain * (1.0 - condition.falloff * r2)
    if condition.shadow:
        # The shadow of a person or a lamp's arm: a soft-edged band over part of the row.
        edge = (xx - shadow_at * size[0] + 0.3 * (yy - size[1] / 2)) / (0.03 * size[0])
        light *= 1.0 - condition.shadow / (1.0 + np.exp(np.clip(edge, -30, 30)))
    return light[..., None] * np.array(condition.cast, np.float32)[None, None, :]


_LIGHT: dict[tuple[Any, ...], Any] = {}


def shoot(layout: Layout, rng: np.random.Generator, *, hide: int | None = None,
          quiet: bool = False) -> Photo:
    """One still of a laid scene: the condition's hands, glare, blur, light, noise, JPEG.
    `hide`: a whole hand over the label of that card of the row (it is then not in the
    truth). `quiet`: no hand, glare or card in a hand (the table as set up)."""
    cond, size = layout.condition, layout.size
    if quiet:
        cond = replace(cond, dealing=False, finger=False, glare=False)
    img = layout.image.copy()
    k = size[0] / 1920  # blurs are given in 1080p pixels
    side = 16.3 * layout.px_per_mm
    row = layout.scene.row
    skin = tuple(int(v) for v in rng.choice([(120, 150, 200), (90, 120, 170), (60, 85, 130)]))
    if cond.dealing and layout.scene.dealt:
        # The next card, held over the row at a random place, with the dealer's fingers.
        x = rng.uniform(0.15, 0.85) * size[0]
        y = rng.uniform(0.25, 0.55) * size[1]
        face = _face(Card(layout.scene.dealt, 0, 0, 0, _colour(rng)), layout.px_per_mm * 1.1,
                     rng)
        _place(img, face, x, y, rng.uniform(-40, 40), shadow=0.5)
        cv2.ellipse(img, (int(x), int(y + 0.5 * face.shape[0])),
                    (int(0.35 * face.shape[1]), int(0.18 * face.shape[0])), 0, 0, 360, skin, -1,
                    cv2.LINE_AA)
    if hide is not None and row:
        mx, my = layout.row_at[row[hide].card_id]
        _hand(img, mx, my, layout.px_per_mm, skin, rng)
    # What a held card or a whole hand covers is not in the photo (a finger over part of
    # a marker and glare are: they are what the camera must read through).
    r = max(2, int(side / 3))
    covered = {c.card_id for c in row if _changed(layout.image, img, layout.row_at[c.card_id], r)}
    for card in row:
        if card.card_id in layout.scene.washed:
            mx, my = layout.row_at[card.card_id]
            r = int(side * 0.28)
            img[int(my) - r:int(my) + r, int(mx) - r:int(mx) + r] = 235
    if cond.finger and row:
        # A finger over 10-50 % of one marker, from a random side.
        card = row[int(rng.integers(0, len(row)))]
        mx, my = layout.row_at[card.card_id]
        share = rng.uniform(0.1, 0.5)
        ang = rng.uniform(0, 2 * math.pi)
        ux, uy = math.cos(ang), math.sin(ang)
        # The finger's tip covers the marker from the edge in direction u up to `share`.
        tip = (mx + ux * side * (0.5 - share), my + uy * side * (0.5 - share))
        end = (mx + ux * side * 6, my + uy * side * 6)
        cv2.line(img, (int(tip[0] + ux * side * 0.35), int(tip[1] + uy * side * 0.35)),
                 (int(end[0]), int(end[1])), skin, int(0.7 * side * 2 / 2) * 2 + 1,
                 cv2.LINE_AA)
        cv2.circle(img, (int(tip[0] + ux * side * 0.35), int(tip[1] + uy * side * 0.35)),
                   int(0.35 * side), skin, -1, cv2.LINE_AA)
    if cond.glare and row:
        # A specular spot over part of one label (a glossy sleeve under a lamp).
        card = row[int(rng.integers(0, len(row)))]
        mx, my = layout.row_at[card.card_id]
        gx = mx + rng.uniform(-0.6, 0.6) * side
        gy = my + rng.uniform(-0.6, 0.6) * side
        spot = np.zeros(size[::-1], np.float32)
        cv2.ellipse(spot, (int(gx), int(gy)), (int(rng.uniform(0.3, 0.6) * side),
                                               int(rng.uniform(0.2, 0.4) * side)),
                    rng.uniform(0, 180), 0, 360, 1.0, -1, cv2.LINE_AA)
        spot = cv2.GaussianBlur(spot, (0, 0), 0.15 * side)
        img = np.clip(img.astype(np.float32) + 255 * 1.3 * spot[..., None], 0, 255).astype(
            np.uint8)
    if layout.blur:
        img = cv2.GaussianBlur(img, (0, 0), layout.blur * k)
    lo, hi = cond.motion
    if hi:
        length = rng.uniform(lo, hi) * k
        img = _motion(img, length, rng.uniform(0, 180))
    key = (cond.gain, cond.falloff, cond.cast, cond.shadow, size)
    if key == (1.0, 0.0, (1.0, 1.0, 1.0), 0.0, size) and not cond.noise:
        out = img  # even light, no noise (the game's stills: fast)
    else:
        if key not in _LIGHT:
            _LIGHT[key] = _light(cond, size, 0.5)
        f = img.astype(np.float32) * _LIGHT[key]
        if cond.noise:
            f += rng.standard_normal(f.shape, dtype=np.float32) * np.float32(cond.noise)
        np.clip(f, 0, 255, out=f)
        out = f.astype(np.uint8)
    if cond.jpeg is not None:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, cond.jpeg])
        assert ok
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    truth = [(c.card_id, *layout.row_at[c.card_id]) for c in row
             if c.card_id not in covered and _inside(layout.row_at[c.card_id], size)]
    truth.sort(key=lambda t: t[1])
    outside = [c for c, at in layout.players_at.items() if _inside(at, size)]
    return Photo(out, truth, [c.card_id for c in row], outside)


def _changed(before: Any, after: Any, at: tuple[float, float], r: int) -> bool:
    x, y = int(at[0]), int(at[1])
    h, w = before.shape[:2]
    box = (slice(max(0, y - r), min(h, y + r)), slice(max(0, x - r), min(w, x + r)))
    a, b = before[box], after[box]
    return bool(a.size) and float(np.abs(a.astype(np.int16) - b.astype(np.int16)).mean()) > 12


def _inside(at: tuple[float, float], size: tuple[int, int]) -> bool:
    return 0 <= at[0] < size[0] and 0 <= at[1] < size[1]


def _motion(img: Any, length: float, degrees: float) -> Any:
    n = max(3, int(math.ceil(length)) | 1)
    kernel = np.zeros((n, n), np.float32)
    c = n // 2
    a = math.radians(degrees)
    for t in np.linspace(-length / 2, length / 2, 4 * n):
        kernel[int(round(c + t * math.sin(a))), int(round(c + t * math.cos(a)))] += 1
    return cv2.filter2D(img, -1, kernel / kernel.sum())


def _hand(img: Any, cx: float, cy: float, ppm: float, skin: tuple[int, ...],
          rng: np.random.Generator) -> None:
    """A hand (palm and four fingers) over the point (cx, cy)."""
    angle = rng.uniform(-0.6, 0.6) + math.pi / 2  # the arm comes from the bottom
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    palm = [(cx + (px * a + ux * b) * ppm, cy + (py * a + uy * b) * ppm)
            for a, b in ((-45, -10), (45, -10), (40, 80), (-40, 80))]
    cv2.fillPoly(img, [np.array(palm, np.int32)], skin, cv2.LINE_AA)
    for k in range(4):
        a = -33 + 22 * k
        tip = (cx + (px * a - ux * 70) * ppm, cy + (py * a - uy * 70) * ppm)
        base = (cx + (px * a - ux * 5) * ppm, cy + (py * a - uy * 5) * ppm)
        cv2.line(img, (int(base[0]), int(base[1])), (int(tip[0]), int(tip[1])), skin,
                 max(1, int(16 * ppm)), cv2.LINE_AA)
    arm = (cx + ux * 600 * ppm, cy + uy * 600 * ppm)
    cv2.line(img, (int(cx + ux * 60 * ppm), int(cy + uy * 60 * ppm)), (int(arm[0]), int(arm[1])),
             skin, max(1, int(70 * ppm)), cv2.LINE_AA)


def render(rng: np.random.Generator, cards: list[str], condition: Condition = Condition(),
           hand_over: int | None = None, size: tuple[int, int] = SIZE,
           supersample: int = SUPER, others: list[str] | None = None) -> Photo:
    """One still of a new table with `cards` in the row; `hand_over`: a whole hand over
    that card's label."""
    sc = scene(rng, cards, condition, others)
    return shoot(draw(sc, condition, size, supersample), rng, hide=hand_over)


def with_name(condition: Condition, name: str) -> Condition:
    return replace(condition, name=name)


def sequence(detector: Any, condition: Condition, size: tuple[int, int], seed: int,
             frames: int = 8, stable: int = 3, supersample: int = SUPER) -> dict[str, Any]:
    """A table watched for `frames` stills by the camera's own logic (`SupplyWatcher`, the
    Supply's six cards): what it sent, right and wrong, against the row laid; and each
    still read alone (cards decoded inside the area against the cards in the photo)."""
    import time

    from companion.camera.supply import Read, SupplyWatcher, Unread, area_of, split

    rng = np.random.default_rng(seed)
    sc = scene(rng, random_cards(rng), condition)
    layout = draw(sc, condition, size, supersample)
    watcher = SupplyWatcher(6, stable_frames=stable)
    sent: list[str] = []
    unread = 0
    alone = alone_total = alone_wrong = 0
    times: list[float] = []
    # The camera saw the table as set up (the area laid once, before the game) before
    # this Supply's stills: one still without hands, with the condition's camera and light.
    watcher.feed(detector.look(shoot(layout, rng, quiet=True).image))
    for _ in range(frames):
        photo = shoot(layout, rng)
        t0 = time.perf_counter()
        look = detector.look(photo.image)
        times.append(time.perf_counter() - t0)
        inside, _outside = split(look, watcher.area or area_of(look))
        decoded = {s.card_id for s in inside}
        alone += len(decoded & set(photo.visible))
        alone_total += len(photo.visible)
        alone_wrong += len(decoded - set(photo.laid) - {sc.dealt})
        for event in watcher.feed(look):
            if isinstance(event, Read):
                sent += event.cards
            elif isinstance(event, Unread):
                unread += 1
    row = [c.card_id for c in sc.row]
    return {"cards": len(row), "read": len(set(sent) & set(row)),
            "wrong": len([c for c in sent if c not in row]), "unread": unread,
            "alone": alone, "alone_total": alone_total, "alone_wrong": alone_wrong,
            "times": times, "order": [c for c in sent if c in row] == [
                c for c in row if c in sent]}
