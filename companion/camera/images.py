"""An image file's size, from its header, before anything decodes it (issue 35, item 5).

OpenCV decodes a whole image before it says anything: a 20000 x 20000 PNG took 1.6 GB and
ended in a MemoryError, and a PNG whose header claims a huge size gave an OpenCV error;
both were reported as bugs. `check` reads only the header (the standard library, no
OpenCV: PNG, JPEG, BMP, TIFF, WebP, the formats the camera reads), through
`fsio.read_bounded` (a regular file, never a pipe or a device), and refuses an image of
more than `MAX_PIXELS` pixels, or a file larger than `MAX_FILE_BYTES`, with a sentence that
says so. A still of the Pi camera is 12 megapixels; a phone's photo up to 50.

`CV_IO_MAX_IMAGE_PIXELS` (OpenCV's own bound, read when cv2 is imported) is set to the same
bound, for any header this module could not read to the end.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

from companion.fsio import describe, read_bounded

#: The most pixels an image may have (50 megapixels: a phone's largest usual photo).
MAX_PIXELS = 50_000_000
#: The largest image file read (a 50-megapixel PNG is about 100 MB at worst).
MAX_FILE_BYTES = 128 * 1024 * 1024
#: How much of a file is read to find its size (a JPEG's size follows its EXIF data,
#: at most 64 KiB a segment).
HEADER_BYTES = 1024 * 1024

os.environ.setdefault("CV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))


class ImageRefused(ValueError):
    """An image the camera does not decode; its text says why, naming the file."""


def check(path: Path) -> tuple[int, int]:
    """(width, height) of the image file `path`; `ImageRefused` for a file that cannot be
    read, is not an image of a known format, or is too large to decode."""
    try:
        size = os.stat(path).st_size
        head = read_bounded(path, HEADER_BYTES)
    except OSError as exc:
        raise ImageRefused(f"cannot read the image {path}: {describe(exc)}") from None
    if size > MAX_FILE_BYTES:
        raise ImageRefused(f"{path}: the file is {size // (1024 * 1024)} MiB; the camera reads "
                           f"images of at most {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    found = dimensions(head)
    if found is None:
        raise ImageRefused(f"{path} is not an image the camera can read (PNG, JPEG, BMP, "
                           "TIFF or WebP), or its header is damaged")
    width, height = found
    if width <= 0 or height <= 0 or width * height > MAX_PIXELS:
        raise ImageRefused(
            f"{path}: the image is {width} x {height} pixels; the camera reads images of at "
            f"most {MAX_PIXELS // 1_000_000} megapixels (a Pi camera's still is 12): make "
            "it smaller")
    return width, height


def dimensions(head: bytes) -> tuple[int, int] | None:
    """(width, height) from the first bytes of an image file, or None."""
    if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR" and len(head) >= 24:
        width, height = struct.unpack(">II", head[16:24])
        return width, height
    if head.startswith(b"\xff\xd8"):
        return _jpeg(head)
    if head.startswith(b"BM") and len(head) >= 26:
        width, height = struct.unpack("<ii", head[18:26])
        return width, abs(height)
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return _tiff(head)
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return _webp(head)
    return None


#: JPEG markers that start a frame (they carry the image's size).
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg(head: bytes) -> tuple[int, int] | None:
    at = 2
    while at + 4 <= len(head):
        if head[at] != 0xFF:
            return None
        marker = head[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # no length
            at += 2
            continue
        (length,) = struct.unpack(">H", head[at + 2:at + 4])
        if marker in _SOF:
            if at + 9 > len(head):
                return None
            height, width = struct.unpack(">HH", head[at + 5:at + 9])
            return width, height
        if marker in (0xD9, 0xDA) or length < 2:  # the end, or the data before any frame
            return None
        at += 2 + length
    return None


def _tiff(head: bytes) -> tuple[int, int] | None:
    order = "<" if head[:2] == b"II" else ">"
    (ifd,) = struct.unpack(order + "I", head[4:8])
    if ifd + 2 > len(head):
        return None
    (count,) = struct.unpack(order + "H", head[ifd:ifd + 2])
    found: dict[int, int] = {}
    for i in range(count):
        entry = head[ifd + 2 + 12 * i:ifd + 14 + 12 * i]
        if len(entry) < 12:
            return None
        tag, kind = struct.unpack(order + "HH", entry[:4])
        if tag in (256, 257):
            found[tag] = struct.unpack(order + ("H" if kind == 3 else "I"),
                                       entry[8:10] if kind == 3 else entry[8:12])[0]
    if 256 in found and 257 in found:
        return found[256], found[257]
    return None


def _webp(head: bytes) -> tuple[int, int] | None:
    chunk = head[12:16]
    if chunk == b"VP8X" and len(head) >= 30:
        width = 1 + int.from_bytes(head[24:27], "little")
        height = 1 + int.from_bytes(head[27:30], "little")
        return width, height
    if chunk == b"VP8L" and len(head) >= 25:
        bits = int.from_bytes(head[21:25], "little")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    if chunk == b"VP8 " and len(head) >= 30:
        width, height = struct.unpack("<HH", head[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None


__all__ = ["HEADER_BYTES", "MAX_FILE_BYTES", "MAX_PIXELS", "ImageRefused", "check",
           "dimensions"]
