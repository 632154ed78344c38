"""Decoders that turn the bytes a card reader sends into tags.

Pure classes over bytes, with no port and no clock, so every framing rule is
tested directly. `feed(data)` returns what the new bytes completed: `Tag`s
and `Reject`s (input that looked like an attempt but was not a valid tag).
Buffers are bounded: a stream of garbage without terminators cannot grow
memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import reduce

from companion.inputs.tagmap import TagError, normalise_tag

STX = 0x02
ETX = 0x03
#: RDM6300 frame body between STX and ETX: 10 hex data digits and 2 hex checksum digits.
RDM6300_BODY = 12
#: Longest line kept; longer ones are rejected and skipped to the next terminator.
MAX_LINE = 256
#: Stray bytes between RDM6300 frames are reported at least once per this many.
STRAY_REPORT = 1024

_TERMINATORS = {
    "any": re.compile(rb"[\r\n]"),
    "cr": re.compile(rb"\r"),
    "lf": re.compile(rb"\n"),
    "crlf": re.compile(rb"\r\n"),
}
_HEX = frozenset(b"0123456789abcdefABCDEF")


@dataclass(frozen=True)
class Tag:
    """A tag read correctly, in canonical form."""

    tag: str


@dataclass(frozen=True)
class Reject:
    """Input that was not a valid tag, and why."""

    reason: str


Decoded = Tag | Reject


class LineDecoder:
    """One tag per line, ended by CR, LF, CR LF, or either of CR and LF ("any").

    Each line is normalised with `normalise_tag` (labels such as `Card UID:`,
    spaces, colons and case are dropped). Blank lines are ignored, so CR LF
    under "any" is one terminator.
    """

    def __init__(self, line_ending: str = "any", *, max_line: int = MAX_LINE) -> None:
        if line_ending not in _TERMINATORS:
            raise ValueError(f"unknown line ending {line_ending!r}")
        self.line_ending = line_ending
        self._term = _TERMINATORS[line_ending]
        self._max = max_line
        self._buf = b""
        self._skipping = False

    def reset(self) -> None:
        """Forget a partial line (after the port was reopened)."""
        self._buf = b""
        self._skipping = False

    def feed(self, data: bytes) -> list[Decoded]:
        """Decode `data`; returns the tags and rejects it completed."""
        out: list[Decoded] = []
        buf = self._buf + bytes(data)
        start = 0
        for match in self._term.finditer(buf):
            self._line(buf[start : match.start()], out)
            start = match.end()
        rest = buf[start:]
        if len(rest) > self._max:
            if not self._skipping:
                out.append(Reject(f"line longer than {self._max} bytes without a line end"))
                self._skipping = True
            # Keep a trailing CR: it may be the first half of a CR LF.
            rest = rest[-1:] if rest.endswith(b"\r") else b""
        self._buf = rest
        return out

    def _line(self, raw: bytes, out: list[Decoded]) -> None:
        if self._skipping:
            # The tail of an over-long line, already rejected.
            self._skipping = False
            return
        raw = raw.strip(b" \t\r\n")
        if not raw:
            return
        try:
            text = raw.decode("ascii")
        except UnicodeDecodeError:
            out.append(Reject(f"not text ({len(raw)} bytes)"))
            return
        if not text.isprintable():
            out.append(Reject(f"control characters in line ({len(raw)} bytes)"))
            return
        try:
            out.append(Tag(normalise_tag(text)))
        except TagError as exc:
            out.append(Reject(exc.message))


def rdm6300_checksum(data_hex: str) -> int:
    """The XOR of the five data bytes given as 10 hex digits."""
    return reduce(lambda a, b: a ^ b, bytes.fromhex(data_hex), 0)


class Rdm6300Decoder:
    """RDM6300 (125 kHz) frames: STX, 10 hex data digits, 2 hex checksum digits, ETX.

    The checksum is the XOR of the five data bytes. The tag is the 10 data
    digits in upper case. Bytes outside a frame are skipped and reported.
    """

    def __init__(self) -> None:
        self._frame: bytearray | None = None
        self._stray = 0

    def reset(self) -> None:
        """Forget a partial frame (after the port was reopened)."""
        self._frame = None
        self._stray = 0

    def feed(self, data: bytes) -> list[Decoded]:
        """Decode `data`; returns the tags and rejects it completed."""
        out: list[Decoded] = []
        data = bytes(data)
        i, n = 0, len(data)
        while i < n:
            if self._frame is None:
                j = data.find(STX, i)
                stop = n if j < 0 else j
                self._count_stray(stop - i, out, frame_starts=j >= 0)
                if j < 0:
                    break
                self._frame = bytearray()
                i = j + 1
                continue
            # Inside a frame: look only as far as the ETX can be.
            window = data[i : i + RDM6300_BODY + 1 - len(self._frame)]
            cut = _first_of(window, ETX, STX)
            if cut is None:
                self._frame += window
                i += len(window)
                if len(self._frame) > RDM6300_BODY:
                    out.append(Reject("frame too long (no ETX after 12 digits)"))
                    self._frame = None
                continue
            self._frame += window[:cut]
            if window[cut] == STX:
                out.append(Reject(f"frame cut short after {len(self._frame)} bytes"))
                self._frame = None
                i += cut  # the STX opens the next frame
            else:
                out.append(self._check(bytes(self._frame)))
                self._frame = None
                i += cut + 1
        return out

    def _count_stray(self, count: int, out: list[Decoded], *, frame_starts: bool) -> None:
        self._stray += count
        if self._stray and (frame_starts or self._stray >= STRAY_REPORT):
            out.append(Reject(f"{self._stray} stray bytes outside a frame"))
            self._stray = 0

    @staticmethod
    def _check(body: bytes) -> Decoded:
        if len(body) != RDM6300_BODY:
            return Reject(f"frame of {len(body)} digits, not {RDM6300_BODY}")
        if not all(b in _HEX for b in body):
            return Reject("frame holds characters that are not hex digits")
        text = body.decode("ascii").upper()
        data, check = text[:10], int(text[10:], 16)
        if rdm6300_checksum(data) != check:
            return Reject(f"checksum mismatch in frame {text}")
        return Tag(data)


def _first_of(window: bytes, *values: int) -> int | None:
    found = [k for k in (window.find(v) for v in values) if k >= 0]
    return min(found) if found else None


def make_decoder(framing: str, line_ending: str = "any") -> LineDecoder | Rdm6300Decoder:
    """The decoder for a hardware.yaml `reader.framing`."""
    if framing == "rdm6300":
        return Rdm6300Decoder()
    if framing == "line":
        return LineDecoder(line_ending)
    raise ValueError(f"unknown framing {framing!r}")


def encode_rdm6300(tag: str) -> bytes:
    """The RDM6300 frame for a tag of 10 hex digits (what the module sends)."""
    data = tag.strip().upper()
    if len(data) != 10 or not all(ch in "0123456789ABCDEF" for ch in data):
        raise TagError(f"an RDM6300 tag is 10 hex digits, not {tag!r}")
    return bytes([STX]) + f"{data}{rdm6300_checksum(data):02X}".encode("ascii") + bytes([ETX])


_LINE_END_BYTES = {"any": b"\r\n", "cr": b"\r", "lf": b"\n", "crlf": b"\r\n"}


def encode_line(tag: str, line_ending: str = "any") -> bytes:
    """The line a line-framed reader sends for `tag`."""
    return tag.encode("ascii") + _LINE_END_BYTES[line_ending]


def encode_frame(tag: str, framing: str, line_ending: str = "any") -> bytes:
    """What a reader with this framing sends for `tag`."""
    if framing == "rdm6300":
        return encode_rdm6300(tag)
    if framing == "line":
        return encode_line(normalise_tag(tag), line_ending)
    raise ValueError(f"unknown framing {framing!r}")
