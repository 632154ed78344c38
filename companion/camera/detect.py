"""Finding the label markers in a still: OpenCV's `ArucoDetector`, imported when first used.

The only module of the project that imports OpenCV (`cv2`, from the `camera` extra:
`pip install 'speicherstadt-companion[camera]'`). It is imported inside the camera
commands, never at the start of the command line or of the app.

Why OpenCV: its ArUco module finds, decodes and error-checks the markers the label sheets
print (`companion.labelcodes`: `DICT_4X4_100`, the card's number is its marker id) in one
call, a few to a few tens of milliseconds a still; a hand-written decoder would need the
same thresholding, contour and perspective work. Its cost (0.3 s to import, ~70 MiB) is
why it lives in its own process.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import labelcodes
from companion.camera import images
from companion.camera.supply import Look, Seen, Spot
from companion.errors import CompanionError

#: What to install when OpenCV is missing.
INSTALL_HINT = ("the camera needs OpenCV with ArUco (opencv-python-headless 4.7 or later): "
                "pip install 'speicherstadt-companion[camera]'")
#: Image files a folder source reads, by suffix.
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp")


class CameraError(CompanionError):
    """The camera cannot work as set up (no OpenCV, no camera, no image): exit status 2,
    so systemd does not restart what a restart cannot fix."""

    exit_status = 2


def import_cv2() -> Any:
    """The `cv2` module; a `CameraError` saying what to install when it is missing."""
    try:
        import cv2
    except ImportError as exc:
        raise CameraError(f"{INSTALL_HINT} ({exc})") from None
    if not hasattr(cv2, "aruco") or not hasattr(cv2.aruco, "ArucoDetector"):
        raise CameraError(f"{INSTALL_HINT}; this OpenCV ({cv2.__version__}) has no "
                          "cv2.aruco.ArucoDetector")
    return cv2


@dataclass(frozen=True)
class Marker:
    """A marker found in a still: its id, centre, mean side (pixels) and corners."""

    marker: int
    x: float
    y: float
    side: float
    corners: tuple[tuple[float, float], ...] = ()

    @property
    def card_id(self) -> str | None:
        return labelcodes.card_for_marker(self.marker)


#: A card-like place is a quadrilateral this close in size to the markers decoded.
SPOT_SIZE = (0.75, 1.4)
#: Grey levels a label's white margin must be above a marker's black border.
MARGIN_STEP = 40.0


def _quad(pts: Any) -> tuple[float, float, float, tuple[tuple[float, float], ...]]:
    """Centre, mean side and corners of a 4x2 array of corners."""
    cx, cy = pts.mean(axis=0)
    sides = [float(((pts[i] - pts[(i + 1) % 4]) ** 2).sum() ** 0.5) for i in range(4)]
    return (float(cx), float(cy), sum(sides) / 4,
            tuple((float(x), float(y)) for x, y in pts))


class MarkerDetector:
    """Finds the label markers in stills (grey or colour arrays, as OpenCV gives them)."""

    def __init__(self) -> None:
        cv2 = import_cv2()
        self._cv2 = cv2
        dictionary = cv2.aruco.getPredefinedDictionary(
            getattr(cv2.aruco, labelcodes.ARUCO_DICTIONARY))
        params = cv2.aruco.DetectorParameters()
        # Each marker cell sampled at 10x10 px (OpenCV's default is 4): a blurred or
        # smeared cell is then read by its middle, not by the blur at its edges. On the
        # synthetic photos this read 100 % of the cards of defocused and motion-blurred
        # stills that the default left at 93 % and 84 %, at no measurable cost
        # (benchmarks/RESULTS.md, "camera").
        params.perspectiveRemovePixelPerCell = 10
        self._detector = cv2.aruco.ArucoDetector(dictionary, params)

    def grey(self, image: Any) -> Any:
        if image.ndim == 3:
            return self._cv2.cvtColor(image, self._cv2.COLOR_BGR2GRAY)
        return image

    def detect(self, grey: Any) -> tuple[list[Marker], list[Marker]]:
        """The markers of the dictionary found in a grey still, cards' or not, and the
        marker-like quadrilaterals of their size OpenCV found but could not decode (id
        -1)."""
        corners, ids, rejected = self._detector.detectMarkers(grey)
        found: list[Marker] = []
        if ids is not None:
            for quad, marker in zip(corners, ids.flatten(), strict=True):
                x, y, side, pts = _quad(quad.reshape(4, 2))
                found.append(Marker(int(marker), x, y, side, pts))
        return found, self.marker_sized(rejected, found)

    @staticmethod
    def marker_sized(rejected: Any, found: list[Marker]) -> list[Marker]:
        """The undecoded quadrilaterals (id -1) about as big as the decoded markers (a
        table's grain gives hundreds of small ones: they are left out at once)."""
        import numpy as np

        if not found or not len(rejected):
            return []
        side = _median([m.side for m in found]) or 0.0
        quads = np.array(rejected, np.float32).reshape(-1, 4, 2)
        sides = np.linalg.norm(quads - np.roll(quads, -1, axis=1), axis=2).mean(axis=1)
        keep = (sides >= SPOT_SIZE[0] * side) & (sides <= SPOT_SIZE[1] * side)
        others = []
        for quad in quads[keep]:
            x, y, q_side, pts = _quad(quad)
            others.append(Marker(-1, x, y, q_side, pts))
        return others

    def markers(self, image: Any) -> list[Marker]:
        """Every marker of the dictionary found in `image`, cards' or not."""
        return self.detect(self.grey(image))[0]

    def look(self, image: Any) -> Look:
        """What a still shows (`companion.camera.supply.Look`): the cards, the area
        markers, the card-like places not decoded, and the markers' sharpness and
        contrast."""
        grey = self.grey(image)
        found, rejected = self.detect(grey)
        return self.look_at(grey, found, rejected)

    def look_at(self, grey: Any, found: list[Marker], rejected: list[Marker]) -> Look:
        cards = tuple(Seen(m.card_id, m.x, m.y, m.side) for m in found if m.card_id)
        area = tuple((m.marker, m.x, m.y) for m in found
                     if m.marker in labelcodes.AREA_MARKERS)
        measured = [self.quality(grey, m) for m in found
                    if m.card_id or m.marker in labelcodes.AREA_MARKERS]
        sharp = _median([q[0] for q in measured])
        contrast = _median([q[1] for q in measured])
        return Look(cards, area, tuple(self.spots(found, rejected, grey)), sharp, contrast)

    def quality(self, grey: Any, m: Marker) -> tuple[float, float]:
        """How sharp a found marker is (its steep edges' grey step per pixel over its
        contrast: about 0.5 for a sharp edge, less the more it is blurred) and its
        contrast (grey levels from its black to its white)."""
        import numpy as np

        h, w = grey.shape[:2]
        r = m.side * 0.6
        x0, x1 = max(0, int(m.x - r)), min(w, int(m.x + r) + 1)
        y0, y1 = max(0, int(m.y - r)), min(h, int(m.y + r) + 1)
        patch = grey[y0:y1, x0:x1].astype(np.float32)
        if patch.shape[0] < 4 or patch.shape[1] < 4:
            return 0.0, 0.0
        lo, hi = np.percentile(patch, (5, 95))
        contrast = float(hi - lo)
        if contrast <= 1.0:
            return 0.0, contrast
        dx = np.abs(np.diff(patch, axis=1))
        dy = np.abs(np.diff(patch, axis=0))
        steep = float(np.percentile(np.concatenate((dx.ravel(), dy.ravel())), 99))
        return steep / contrast, contrast

    @staticmethod
    def ring(grey: Any, q: Marker, scale: float) -> Any:
        """The grey levels along the quadrilateral `q` scaled by `scale` about its centre."""
        import numpy as np

        pts = np.array(q.corners, np.float32)
        centre = pts.mean(axis=0)
        h, w = grey.shape[:2]
        corners = centre + (pts - centre) * scale
        t = np.linspace(0.1, 0.9, 8, dtype=np.float32)[:, None]
        points = np.concatenate([corners[i] + (corners[(i + 1) % 4] - corners[i]) * t
                                 for i in range(4)])
        xs = np.clip(points[:, 0].round().astype(int), 0, w - 1)
        ys = np.clip(points[:, 1].round().astype(int), 0, h - 1)
        return grey[ys, xs].astype(np.float32)

    def on_a_label(self, grey: Any, q: Marker, white: float) -> bool:
        """True when the quadrilateral looks like a label's marker that could not be
        decoded: a margin as white as the labels' whose markers were decoded (`white`),
        around a dark border, with lighter cells inside (not the grain of a table, nor a
        dark shape in a card's picture)."""
        import numpy as np

        margin = self.ring(grey, q, 1.22)
        border = self.ring(grey, q, 0.9)
        inner = np.concatenate([self.ring(grey, q, 0.45), self.ring(grey, q, 0.2)])
        edge = float(np.percentile(border, 75))
        step = float(np.percentile(margin, 25)) - edge
        return (step > MARGIN_STEP and float(np.percentile(margin, 25)) >= 0.8 * white
                and float(np.percentile(inner, 90)) - edge > 0.3 * step)

    def spots(self, found: list[Marker], rejected: list[Marker],
              grey: Any = None) -> list[Spot]:
        """The undecoded quadrilaterals the size of the decoded markers (one per place,
        none where a marker was decoded): card labels whose marker could not be read."""
        import numpy as np

        sides = [m.side for m in found]
        if not sides:
            return []
        side = _median(sides) or 0.0
        spots: list[Spot] = []
        taken = [(m.x, m.y, m.side) for m in found]
        white = 0.0
        if grey is not None:
            white = _median([float(np.percentile(self.ring(grey, m, 1.22), 50))
                             for m in found]) or 0.0
        for q in sorted(rejected, key=lambda q: -q.side):
            if not SPOT_SIZE[0] * side <= q.side <= SPOT_SIZE[1] * side or not _squarish(q):
                continue
            if grey is not None and not self.on_a_label(grey, q, white):
                continue
            if any(abs(q.x - x) < 0.7 * s and abs(q.y - y) < 0.7 * s for x, y, s in taken):
                continue
            taken.append((q.x, q.y, q.side))
            spots.append(Spot(q.x, q.y, q.side))
        return spots

    def cards(self, image: Any) -> list[Seen]:
        """The cards whose markers are in `image` (a marker that is no card's is left out;
        a card whose marker is found twice counts once, at the first place)."""
        seen: dict[str, Seen] = {}
        for m in self.markers(image):
            card = m.card_id
            if card is not None and card not in seen:
                seen[card] = Seen(card, m.x, m.y, m.side)
        return list(seen.values())

    def read(self, path: Path) -> Any:
        """An image file as a grey array (turned upright by its EXIF orientation, as a
        phone photo is); `CameraError` when it cannot be read."""
        cv2 = self._cv2
        try:
            images.check(path)  # its type and size from its header, before decoding
        except images.ImageRefused as exc:
            raise CameraError(str(exc)) from None
        image = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)  # applies the EXIF orientation
        if image is None:
            raise CameraError(f"{path} is not an image OpenCV can read "
                              f"({', '.join(IMAGE_SUFFIXES)})")
        return image


def images_in(folder: Path) -> list[Path]:
    """The image files of `folder`, in name order (a sequence of stills)."""
    try:
        files = sorted(p for p in Path(folder).iterdir()
                       if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)
    except OSError as exc:
        raise CameraError(f"cannot list the folder {folder}: {exc.strerror or exc}") from None
    if not files:
        raise CameraError(f"no images ({', '.join(IMAGE_SUFFIXES)}) in {folder}")
    return files


def _median(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def _squarish(q: Marker) -> bool:
    """A quadrilateral whose sides differ by less than half (a square, tilted to 40°)."""
    pts = q.corners
    sides = [math.dist(pts[i], pts[(i + 1) % 4]) for i in range(4)]
    return min(sides) >= 0.5 * max(sides)
