"""The camera socket's wire format: what the camera process sends the app, line by line.

Both ends import this module and nothing of the other: the camera process
(`companion.camera`, the only one that loads OpenCV) encodes its messages with `encode`;
the app's listener (`companion.inputs.camera`) splits what arrives into lines with
`LineSplitter` and checks each with `decode`. Pure standard library, like
`companion.labelcodes` beside it, so the camera process needs nothing of the app's
inputs layer and the app nothing of the camera's.

**Protocol** (docs/camera.md): one JSON object per line, UTF-8, at most `MAX_LINE` bytes,
from the camera to the app (the app sends nothing back). Every object has `"v": 1` and a
`"type"`:

- `{"v": 1, "type": "hello", "source": "picamera2"}`: the camera is there;
- `{"v": 1, "type": "card", "marker": 26}`: a card's marker (`companion.labelcodes`), sent
  in row order;
- `{"v": 1, "type": "unread", "place": 3}`: the row holds a card at that place (from 1)
  whose marker the camera cannot read. Added after version 1's first form: an app without
  it drops the line as unknown (docs/camera.md);
- `{"v": 1, "type": "status", "ok": false, "message": "..."}`: the camera's own state;
- `{"v": 1, "type": "note", "message": "..."}`: something it ignored, for the log.

**Nothing sent can hurt the reader.** A line is at most `MAX_LINE` bytes (a longer one is
dropped to its end by `LineSplitter`), and its lists and objects nest at most
`MAX_NESTING` levels, counted by a loop before the JSON is parsed (a line of 4,000 `[`
made `json` recurse until Python gave up, issue 35).

**Where.** `socket_path(state_dir)`: `$RUNTIME_DIRECTORY/camera.sock` when systemd gives
the app a runtime directory (/run/speicherstadt-companion on a Pi: RAM, not the SD card),
else `camera.sock` in the state directory.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from companion.labelcodes import card_for_marker

#: The socket's file name, in the runtime or the state directory.
SOCKET_NAME = "camera.sock"
#: The protocol's version (the `"v"` of every message).
PROTOCOL = 1
#: The longest line accepted (a card message is about 40 bytes).
MAX_LINE = 4096
#: The deepest nesting of lists and objects in a line (every message is one flat object).
MAX_NESTING = 4


def socket_path(state_dir: Path, environ: dict[str, str] | None = None) -> Path:
    """Where the app listens for the camera: the runtime directory, else the state one."""
    env = os.environ if environ is None else environ
    runtime = env.get("RUNTIME_DIRECTORY")
    if runtime:
        return Path(runtime.split(":")[0]) / SOCKET_NAME
    return Path(state_dir) / SOCKET_NAME


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line on the socket."""
    return (json.dumps({"v": PROTOCOL, **message}, separators=(",", ":")) + "\n").encode()


class BadMessage(ValueError):
    """A line that is not a message of the protocol; its text says why."""


def nesting(line: bytes) -> int:
    """How deep lists and objects nest in a JSON line, by a loop over its bytes (strings
    and their escapes skipped): no recursion, whatever the line holds."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in line:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return deepest


def decode(line: bytes) -> dict[str, Any]:
    """A line as a checked message; `BadMessage` naming what is wrong."""
    if len(line) > MAX_LINE:
        raise BadMessage(f"longer than {MAX_LINE} bytes")
    if nesting(line) > MAX_NESTING:
        raise BadMessage(f"lists or objects nested more than {MAX_NESTING} levels deep")
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BadMessage(f"not a JSON line ({exc})") from None
    if not isinstance(message, dict):
        raise BadMessage("not a JSON object")
    for value in message.values():
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate (\ud800): no text to show
                raise BadMessage("a text that is not Unicode") from None
    if message.get("v") != PROTOCOL:
        raise BadMessage(f"protocol version {message.get('v')!r}, expected {PROTOCOL}")
    kind = message.get("type")
    if kind == "card":
        marker = message.get("marker")
        if isinstance(marker, bool) or not isinstance(marker, int):
            raise BadMessage(f"a card message needs a whole-number marker, not {marker!r}")
        if card_for_marker(marker) is None:
            raise BadMessage(f"marker {marker} is not a card's")
    elif kind == "unread":
        place = message.get("place")
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= 99:
            raise BadMessage(f"an unread message needs a place from 1 to 99, not {place!r}")
    elif kind == "status":
        if not isinstance(message.get("ok"), bool) or not isinstance(message.get("message"), str):
            raise BadMessage("a status message needs ok (true/false) and a message")
    elif kind in ("hello", "note"):
        pass
    else:
        raise BadMessage(f"unknown message type {kind!r}")
    return message


#: What `LineSplitter.feed` gives for a line that was longer than `MAX_LINE` (dropped).
TOO_LONG = b""


class LineSplitter:
    """Bytes as they arrive to whole lines: `feed(data)` returns the lines `data` ended.

    A line longer than `MAX_LINE` is dropped up to its end and given as `TOO_LONG` (once),
    so a sender that never ends its line cannot fill the memory; blank lines are skipped.
    """

    def __init__(self) -> None:
        self._buffer = b""
        self._skipping = False  # inside an over-long line: drop up to its end

    def feed(self, data: bytes) -> list[bytes]:
        lines: list[bytes] = []
        self._buffer += data
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            if self._skipping:
                self._skipping = False
            elif len(line) > MAX_LINE:
                lines.append(TOO_LONG)
            elif line.strip():
                lines.append(line)
        if len(self._buffer) > MAX_LINE:
            lines.append(TOO_LONG)
            self._buffer = b""
            self._skipping = True
        return lines
