"""The capture interface without a Pi: picamera2 is Raspberry Pi's (not reachable here),
so its wrapper is driven through a stand-in module shaped like picamera2's API; what only a
real camera shows is in hardware/CHECK-ON-A-PI.md ("Camera")."""

from __future__ import annotations

import sys
import threading
import types

import numpy as np
import pytest

from companion.camera.capture import CameraGone, Picamera2Capture
from companion.camera.detect import CameraError


class FakePicamera2:
    made: list[FakePicamera2] = []
    fail_after: int | None = None

    def __init__(self) -> None:
        self.controls: dict[str, object] = {}
        self.config: dict[str, object] | None = None
        self.started = self.closed = False
        self.stills = 0
        FakePicamera2.made.append(self)

    def create_still_configuration(self, main, buffer_count):  # type: ignore[no-untyped-def]
        return {"main": main, "buffer_count": buffer_count}

    def configure(self, config):  # type: ignore[no-untyped-def]
        self.config = config

    def set_controls(self, controls):  # type: ignore[no-untyped-def]
        self.controls.update(controls)

    def start(self) -> None:
        self.started = True

    def capture_array(self, name: str):  # type: ignore[no-untyped-def]
        if FakePicamera2.fail_after is not None and self.stills >= FakePicamera2.fail_after:
            raise RuntimeError("Camera frontend has timed out!")
        self.stills += 1
        w, h = self.config["main"]["size"]  # type: ignore[index]
        return np.zeros((h, w, 3), np.uint8)

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def picamera2(monkeypatch):
    FakePicamera2.made = []
    FakePicamera2.fail_after = None
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    return FakePicamera2


def test_stills_at_full_size_with_autofocus_until_stopped(picamera2):
    stop = threading.Event()
    capture = Picamera2Capture(size=(64, 48), interval_s=0.0)
    frames = []
    for frame in capture.frames(stop):
        frames.append(frame)
        if len(frames) == 3:
            stop.set()
    capture.close()
    cam = picamera2.made[0]
    assert [f.image.shape for f in frames] == [(48, 64, 3)] * 3
    assert cam.config["main"] == {"size": (64, 48), "format": "RGB888"}
    assert cam.controls == {"AfMode": 2} and cam.closed


def test_a_fixed_focus_sets_the_lens(picamera2):
    stop = threading.Event()
    stop.set()
    capture = Picamera2Capture(size=(8, 8), lens_position=1.25)
    assert list(capture.frames(stop)) == []
    assert picamera2.made[0].controls == {"AfMode": 0, "LensPosition": 1.25}


def test_a_camera_that_stops_giving_stills_is_gone_not_a_crash(picamera2):
    picamera2.fail_after = 1
    capture = Picamera2Capture(size=(8, 8), interval_s=0.0)
    with pytest.raises(CameraGone, match="stopped giving stills.*timed out"):
        list(capture.frames(threading.Event()))
    assert CameraGone("x").exit_status == 1  # systemd restarts the process


def test_without_picamera2_it_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(CameraError, match="apt install python3-picamera2"):
        list(Picamera2Capture().frames(threading.Event()))
    assert CameraError("x").exit_status == 2  # a restart cannot fix it
