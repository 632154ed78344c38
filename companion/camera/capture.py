"""Where the stills come from: one interface, a Pi camera or image files.

- `Picamera2Capture`: the Raspberry Pi camera (Camera Module 3) through picamera2, which
  comes from Raspberry Pi's own archive (`sudo apt install python3-picamera2`), not from
  PyPI; it is imported when the capture starts. What to check on a real Pi is in
  hardware/CHECK-ON-A-PI.md ("Camera").
- `FileCapture`: image files in order (a folder of stills, or one phone photo): for
  tests, for trying a mount without a Pi, and for `camera-test`.

A capture yields `Frame`s until it has no more (files) or until `stop` is set (camera).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from companion.camera.detect import CameraError, MarkerDetector
from companion.errors import CompanionError

log = logging.getLogger("companion.camera")

#: Camera Module 3's full still size (12 MP): about 4 px/mm over a 1.15 m wide field.
STILL_SIZE = (4608, 2592)
#: Seconds between stills: a row is read after `STABLE_FRAMES` of them.
INTERVAL_S = 1.0


class CameraGone(CompanionError):
    """The camera stopped in the middle (a loose cable, a libcamera fault): exit status 1,
    so systemd starts the process again."""


@dataclass(frozen=True)
class Frame:
    """One still: where it came from and its pixels (a grey or BGR array)."""

    name: str
    image: Any


class Capture(Protocol):
    """A source of stills."""

    #: Says where the stills come from ("picamera2", "folder DIR"), for the app's status.
    source: str

    def frames(self, stop: threading.Event) -> Iterator[Frame]:
        """Stills until there are no more or `stop` is set."""
        ...

    def close(self) -> None:
        """Release the camera."""
        ...


class FileCapture:
    """Image files, in the order given (a folder's in name order)."""

    def __init__(self, paths: list[Path], detector: MarkerDetector, source: str) -> None:
        self.paths = paths
        self.detector = detector
        self.source = source

    def frames(self, stop: threading.Event) -> Iterator[Frame]:
        for path in self.paths:
            if stop.is_set():
                return
            yield Frame(path.name, self.detector.read(path))

    def close(self) -> None:
        pass


class Picamera2Capture:
    """Stills from the Pi camera every `interval_s` seconds, at `size`."""

    source = "picamera2"

    def __init__(self, size: tuple[int, int] = STILL_SIZE, interval_s: float = INTERVAL_S,
                 lens_position: float | None = None) -> None:
        self.size = size
        self.interval_s = interval_s
        #: Dioptres for a fixed focus (1 / distance in metres); None: continuous autofocus.
        self.lens_position = lens_position
        self._camera: Any = None

    def _open(self) -> Any:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]  # apt: python3-picamera2
        except ImportError as exc:
            raise CameraError(
                "picamera2 is not installed: on Raspberry Pi OS, sudo apt install "
                "python3-picamera2 and make the venv with --system-site-packages; "
                f"elsewhere use --dir or --image ({exc})") from None
        try:
            camera = Picamera2()
            config = camera.create_still_configuration(
                main={"size": self.size, "format": "RGB888"}, buffer_count=2)
            camera.configure(config)
            if self.lens_position is None:
                camera.set_controls({"AfMode": 2})  # continuous autofocus (Camera Module 3)
            else:
                camera.set_controls({"AfMode": 0, "LensPosition": self.lens_position})
            camera.start()
        except Exception as exc:  # noqa: BLE001 - libcamera raises many kinds; all mean "no camera"
            raise CameraError(f"cannot open the Pi camera: {exc}") from None
        return camera

    def frames(self, stop: threading.Event) -> Iterator[Frame]:
        self._camera = self._open()
        n = 0
        while not stop.is_set():
            try:
                image = self._camera.capture_array("main")
            except Exception as exc:  # noqa: BLE001 - libcamera's errors have many kinds
                raise CameraGone(f"the Pi camera stopped giving stills: {exc}") from None
            n += 1
            yield Frame(f"still {n}", image)
            stop.wait(self.interval_s)

    def close(self) -> None:
        if self._camera is not None:
            try:
                self._camera.stop()
                self._camera.close()
            except Exception:  # noqa: BLE001 - closing must not hide why we stop
                log.warning("closing the Pi camera failed", exc_info=True)
            self._camera = None
