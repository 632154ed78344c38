"""Helpers for the input adapter tests: hardware settings, waiting, ptys, noise, frames.

A module with a name of its own (not conftest), so that no other test
folder's helpers can shadow it.
"""

from __future__ import annotations

import copy
import os
import random
import time
from collections.abc import Callable
from typing import Any

from companion.inputs.bus import IntentBus
from companion.inputs.framing import ETX, STX, encode_rdm6300

SHIPPED_HARDWARE: dict[str, Any] = {
    "buttons": {
        "enabled": True,
        "pull_up": True,
        "debounce_ms": 30,
        "long_press_ms": 800,
        "pins": {
            "red": 5,
            "blue": 6,
            "green": 13,
            "yellow": 19,
            "purple": 26,
            "ok": 20,
            "undo": 21,
        },
    },
    "reader": {
        "enabled": True,
        "port": "/dev/speicherstadt-reader",
        "baudrate": 9600,
        "framing": "rdm6300",
        "line_ending": "any",
        "settle_s": 2.0,
        "repeat_suppress_s": 1.5,
        "reconnect_s": 2.0,
    },
}

#: Generous: only reached when something is broken. Tests wait for an event (an intent,
#: a READY line), so a long bound costs nothing when they pass; a busy 2-core machine
#: under two full suites took more than 10 s to start a subprocess. pytest-timeout
#: (300 s, pyproject.toml) stops a test that hangs past it.
WAIT_S = 60.0

LINE_ENDS = (b"\r\n", b"\n", b"\r")


def shipped_hardware() -> dict[str, Any]:
    """A copy of the shipped hardware.yaml, as the app gets it."""
    return copy.deepcopy(SHIPPED_HARDWARE)


def wait_for(bus: IntentBus, match: Callable[[Any], bool], timeout: float = WAIT_S) -> list[Any]:
    """Intents from `bus` up to and including the first that matches; fails on timeout."""
    seen: list[Any] = []
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"timed out; intents seen: {seen}")
        item = bus.wait(left)
        if item is None:
            continue
        seen.append(item)
        if match(item):
            return seen


def quiet_for(bus: IntentBus, seconds: float) -> list[Any]:
    """Everything the bus gets in the next `seconds` (to show that nothing more comes)."""
    seen = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        item = bus.wait(left)
        if item is not None:
            seen.append(item)
    return seen


class Pty:
    """A pseudo-terminal: the test holds the master, the reader opens `name`."""

    def __init__(self) -> None:
        self.master, self._slave = os.openpty()
        self.name = os.ttyname(self._slave)

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = os.write(self.master, view[:4096])
            view = view[written:]

    def close(self) -> None:
        for fd in (self.master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass


def noise_chunk(rng: random.Random, size: int) -> bytes:
    """Random bytes that cannot form or end a frame of either framing.

    No STX/ETX (so no RDM6300 frame can start or end in noise), no CR/LF (so
    noise never ends a line), and one 0xFF (not text) in every chunk, so the
    line the chunk ends up in is never a valid tag.
    """
    banned = {STX, ETX, 0x0D, 0x0A}
    raw = bytes(b for b in rng.randbytes(size) if b not in banned)
    cut = rng.randrange(len(raw) + 1)
    return raw[:cut] + b"\xff" + raw[cut:]


def noisy_stream(
    rng: random.Random, frames: list[bytes], noise_total: int = 1 << 20, spread: float = 1.0
) -> bytes:
    """`frames` with random noise (at least about `noise_total` bytes) around each.

    Each gap holds between 1 and 1 + `spread` times its share of the noise.

    A line end follows every noise chunk, so a line frame after it stands on
    its own line.
    """
    # + 2%: the bytes filtered out of the noise.
    per_gap = int(noise_total * 1.02) // (len(frames) + 1) + 1
    parts = []
    for frame in [*frames, None]:
        parts.append(noise_chunk(rng, rng.randrange(per_gap, int(per_gap * (1 + spread)) + 1)))
        parts.append(b"\n")
        if frame is not None:
            parts.append(frame)
    return b"".join(parts)


def rdm6300_frames(count: int, start: int = 0) -> list[tuple[bytes, str]]:
    """`count` RDM6300 frames with distinct tags, and their tags."""
    out = []
    for i in range(start, start + count):
        tag = f"{0x0A00000000 + i * 7919:010X}"
        out.append((encode_rdm6300(tag), tag))
    return out


def line_frames(count: int, ends: tuple[bytes, ...] = LINE_ENDS) -> list[tuple[bytes, str]]:
    """`count` line frames in the spellings real readers use, with distinct tags."""
    out = []
    for i in range(count):
        end = ends[i % len(ends)]
        style = i % 4
        if style == 0:
            text, tag = f"Card UID: 04 A2 3B {i:02X}", f"04A23B{i:02X}"
        elif style == 1:
            lo, hi = i & 0xFF, i >> 8
            text, tag = f"uid: de:ad:be:{lo:02x}:{hi:02x}", f"DEADBE{lo:02X}{hi:02X}"
        elif style == 2:
            text, tag = f"400638{i:07d}", f"400638{i:07d}"
        else:
            text, tag = f"  ab-{i:05d}-x9  ", f"AB{i:05d}X9"
        out.append((text.encode("ascii") + end, tag))
    return out


def mixed_frames(count: int) -> tuple[list[bytes], list[str], list[str]]:
    """Frames of both framings, alternating; and the tags each framing must give."""
    rdm = rdm6300_frames(count)
    lines = line_frames(count)
    frames = [frame for pair in zip(rdm, lines, strict=True) for frame, _ in pair]
    return frames, [tag for _, tag in rdm], [tag for _, tag in lines]
