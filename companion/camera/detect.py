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

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import labelcodes
from companion.camera import images
from companion.camera.supply import Seen
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
    """A marker found in a still: its id, centre and mean side (pixels)."""

    marker: int
    x: float
    y: float
    side: float

    @property
    def card_id(self) -> str | None:
        return labelcodes.card_for_marker(self.marker)


class MarkerDetector:
    """Finds the label markers in stills (grey or colour arrays, as OpenCV gives them)."""

    def __init__(self) -> None:
        cv2 = import_cv2()
        self._cv2 = cv2
        dictionary = cv2.aruco.getPredefinedDictionary(
            getattr(cv2.aruco, labelcodes.ARUCO_DICTIONARY))
        params = cv2.aruco.DetectorParameters()
        self._detector = cv2.aruco.ArucoDetector(dictionary, params)

    def markers(self, image: Any) -> list[Marker]:
        """Every marker of the dictionary found in `image`, cards' or not."""
        cv2 = self._cv2
        if image.ndim == 3:
            image = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        corners, ids, _rejected = self._detector.detectMarkers(image)
        found: list[Marker] = []
        if ids is None:
            return found
        for quad, marker in zip(corners, ids.flatten(), strict=True):
            pts = quad.reshape(4, 2)
            cx, cy = pts.mean(axis=0)
            sides = [float(((pts[i] - pts[(i + 1) % 4]) ** 2).sum() ** 0.5) for i in range(4)]
            found.append(Marker(int(marker), float(cx), float(cy), sum(sides) / 4))
        return found

    def cards(self, image: Any) -> list[Seen]:
        """The cards whose markers are in `image` (a marker that is no card's is left out;
        a card whose marker is found twice counts once, at the first place)."""
        seen: dict[str, Seen] = {}
        for m in self.markers(image):
            card = m.card_id
            if card is not None and card not in seen:
                seen[card] = Seen(card, m.x, m.y)
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
