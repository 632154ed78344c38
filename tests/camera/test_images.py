"""An image's size is read from its header before anything decodes it (issue 35, item 5):
`camera-test` and `camera` refuse a huge image with a clear message, never a MemoryError
or an OpenCV error reported as a bug."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.camera import images
from companion.cli import main


def png_header(width: int, height: int) -> bytes:
    """The first bytes of a PNG that claims this size (its pixels never follow)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk
            + struct.pack(">I", zlib.crc32(chunk)))


@pytest.mark.parametrize("suffix", [".png", ".jpg", ".bmp", ".tif", ".webp"])
def test_the_header_gives_the_size_opencv_decodes(tmp_path: Path, suffix: str) -> None:
    picture = np.zeros((37, 61, 3), dtype=np.uint8)
    path = tmp_path / f"x{suffix}"
    assert cv2.imwrite(str(path), picture)
    assert images.check(path) == (61, 37)
    assert cv2.imread(str(path)).shape[:2] == (37, 61)


@pytest.mark.parametrize(("width", "height"), [(20000, 20000), (100000, 100000),
                                               (2**31 - 1, 2**31 - 1)])
def test_camera_test_refuses_a_huge_image_before_decoding_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], width: int, height: int) -> None:
    path = tmp_path / "huge.png"
    path.write_bytes(png_header(width, height))
    assert main(["camera-test", "--image", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{width} x {height} pixels" in err and "at most 50 megapixels" in err
    assert "bug" not in err and "Traceback" not in err


def test_an_image_at_the_bound_passes_the_check(tmp_path: Path) -> None:
    path = tmp_path / "edge.png"
    path.write_bytes(png_header(10000, 5000))
    assert images.check(path) == (10000, 5000)
    path.write_bytes(png_header(10000, 5001))
    with pytest.raises(images.ImageRefused, match="megapixels"):
        images.check(path)


@pytest.mark.timeout(30)
def test_a_pipe_or_a_device_is_no_image(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "still.png"
    os.mkfifo(fifo)
    assert main(["camera-test", "--image", str(fifo)]) == 2
    assert "named pipe" in capsys.readouterr().err
    link = tmp_path / "zero.png"
    link.symlink_to("/dev/zero")
    assert main(["camera-test", "--image", str(link)]) == 2
    assert "a device" in capsys.readouterr().err


def test_a_file_that_is_no_image_is_named(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.jpg"
    path.write_text("not a picture")
    assert main(["camera-test", "--image", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "bug" not in err
