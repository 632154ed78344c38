"""A small QMP client: the QEMU Machine Protocol, JSON lines over a Unix socket.

What `make vm-test` does with the virtual Pi goes through here, as a person would: taps on
the virtual USB tablet (the touchscreen), keys on the virtual USB keyboard (the barcode
scanner), pictures of the screen (`screendump`), the power button. Every line sent and
received can be kept (`log`), so an exchange can be recorded and played back to this
client without QEMU (tests/image/test_qmp.py).
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

#: The tablet's axis range (QEMU scales 0..0x7fff to the screen).
AXIS_MAX = 0x7FFF
#: QEMU's key names (qcode) of what a barcode scanner types.
QCODES = {**{str(d): str(d) for d in range(10)}, "\n": "ret", "\r": "ret"}


class QMPError(Exception):
    """QEMU answered a command with an error, or the connection broke."""


class Lines(Protocol):
    """Where the JSON lines come from and go to (a socket's file, or a recording)."""

    def readline(self) -> bytes: ...

    def write(self, data: bytes) -> Any: ...

    def flush(self) -> Any: ...


class QMP:
    """One QMP session: the greeting read, capabilities negotiated, then commands."""

    def __init__(self, stream: Lines, log: Callable[[str, dict[str, Any]], None] | None = None
                 ) -> None:
        self.stream = stream
        self.log = log
        #: Events QEMU sent between answers (SHUTDOWN, RESET, ...), oldest first.
        self.events: list[dict[str, Any]] = []
        greeting = self._read()
        if "QMP" not in greeting:
            raise QMPError(f"not a QMP greeting: {greeting}")
        self.version = greeting["QMP"].get("version", {}).get("qemu", {})
        self.command("qmp_capabilities")

    @classmethod
    def connect(cls, path: str, timeout: float = 60.0,
                log: Callable[[str, dict[str, Any]], None] | None = None) -> QMP:
        """Connect to QEMU's `-qmp unix:PATH,server=on,wait=off`, waiting until it listens."""
        deadline = time.monotonic() + timeout
        while True:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(path)
                break
            except OSError:
                sock.close()
                if time.monotonic() > deadline:
                    raise QMPError(f"no QMP socket at {path} after {timeout:.0f} s") from None
                time.sleep(0.2)
        return cls(sock.makefile("rwb"), log=log)

    def _read(self) -> dict[str, Any]:
        line = self.stream.readline()
        if not line:
            raise QMPError("QEMU closed the QMP connection")
        message: dict[str, Any] = json.loads(line)
        if self.log:
            self.log("<", message)
        return message

    def command(self, name: str, **arguments: Any) -> Any:
        """Run `name` and return its answer's `return`; QMPError on an `error`."""
        message: dict[str, Any] = {"execute": name}
        if arguments:
            message["arguments"] = arguments
        if self.log:
            self.log(">", message)
        self.stream.write(json.dumps(message).encode() + b"\n")
        self.stream.flush()
        while True:
            answer = self._read()
            if "event" in answer:
                self.events.append(answer)
                continue
            if "error" in answer:
                error = answer["error"]
                raise QMPError(f"{name}: {error.get('class')}: {error.get('desc')}")
            return answer.get("return")

    # --- what a person does --------------------------------------------------------------
    def tap(self, x: int, y: int, size: tuple[int, int]) -> None:
        """A finger on the touchscreen at pixel (x, y) of a screen of `size`, then lifted.

        The position goes first, on its own: QEMU's USB tablet is an absolute mouse to the
        guest, and SDL's evdev code presses a mouse button at once but moves the pointer only
        at the report's end, so a press sent with its position lands where the last tap was
        (seen in the guest: the button down at (0, 0), then the motion)."""
        ax = round(x * AXIS_MAX / max(1, size[0] - 1))
        ay = round(y * AXIS_MAX / max(1, size[1] - 1))
        self.command("input-send-event", events=[
            {"type": "abs", "data": {"axis": "x", "value": ax}},
            {"type": "abs", "data": {"axis": "y", "value": ay}},
        ])
        time.sleep(0.05)
        self.command("input-send-event", events=[
            {"type": "btn", "data": {"down": True, "button": "left"}},
        ])
        time.sleep(0.08)
        self.command("input-send-event", events=[
            {"type": "btn", "data": {"down": False, "button": "left"}},
        ])

    def type_keys(self, text: str, gap_s: float = 0.02) -> None:
        """Keys typed one after another, as a scanner does (each pressed and released)."""
        for char in text:
            key = {"type": "qcode", "data": QCODES[char]}
            self.command("input-send-event", events=[
                {"type": "key", "data": {"down": True, "key": key}},
                {"type": "key", "data": {"down": False, "key": key}},
            ])
            time.sleep(gap_s)

    def screendump(self, path: str, device: str | None = None) -> None:
        """The screen as QEMU shows it, as a PPM file at `path`: of the display `device`
        (its -device id=), else of QEMU's first console."""
        if device is None:
            self.command("screendump", filename=path)
        else:
            self.command("screendump", filename=path, device=device)

    def power_button(self) -> None:
        self.command("system_powerdown")

    def status(self) -> str:
        return str(self.command("query-status").get("status"))


class Recording:
    """Plays a recorded exchange back as a QMP stream: each line the client writes must be
    the recorded `>` line, and it reads the recorded `<` lines (tests, no QEMU)."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.script = [(line[0], json.loads(line[2:])) for line in lines if line.strip()]
        self.position = 0

    def readline(self) -> bytes:
        if self.position >= len(self.script):
            return b""
        direction, message = self.script[self.position]
        if direction != "<":
            raise AssertionError(f"the client reads, but the recording expects it to send "
                                 f"{message}")
        self.position += 1
        return json.dumps(message).encode() + b"\n"

    def write(self, data: bytes) -> int:
        sent = json.loads(data)
        direction, message = self.script[self.position]
        if direction != ">" or sent != message:
            raise AssertionError(f"sent {sent}, the recording has {direction} {message}")
        self.position += 1
        return len(data)

    def flush(self) -> None:
        pass

    @property
    def done(self) -> bool:
        return self.position == len(self.script)
