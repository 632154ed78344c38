"""The camera as an input device: a local socket the camera process sends its cards to.

The camera process (`speicherstadt-companion camera`, its own unit, the only one that
loads OpenCV) finds the label markers of the revealed cards and connects to this socket.
`CameraSocket` listens in a thread and turns each card it is sent into the very
`CardScanned` intent a card reader gives (as `CameraCard`, its subclass), so the app
decides, records, refuses and can be corrected by touch exactly as for a scan. The app
never imports OpenCV.

**Where.** `socket_path(state_dir)`: `$RUNTIME_DIRECTORY/camera.sock` when systemd gives
the app a runtime directory (/run/speicherstadt-companion on a Pi: RAM, not the SD card),
else `camera.sock` in the state directory. Mode 0600: only the app's user may connect.

**Protocol** (docs/camera.md): one JSON object per line, UTF-8, at most `MAX_LINE` bytes,
from the camera to the app (the app sends nothing back). Every object has `"v": 1` and a
`"type"`:

- `{"v": 1, "type": "hello", "source": "picamera2"}`: the camera is there;
- `{"v": 1, "type": "card", "marker": 26}`: a card's marker (`companion.labelcodes`), sent
  in row order; it becomes `CardScanned(<the label's barcode digits>, <card id>)`;
- `{"v": 1, "type": "unread", "place": 3}`: the row holds a card at that place (from 1)
  whose marker the camera cannot read; it becomes `CardUnread(3)` (the table taps the
  card; the camera's cards right of it, sent after this line, wait for that tap). Added
  after version 1's first form: an app without it drops the line as unknown
  (docs/camera.md);
- `{"v": 1, "type": "status", "ok": false, "message": "..."}`: the camera's own state;
- `{"v": 1, "type": "note", "message": "..."}`: something it ignored, for the log.

A bad line is logged and dropped; the connection stays. The status on screen
(`DeviceStatus("camera", ...)`) says when a camera connects and when it goes away.
"""

from __future__ import annotations

import json
import logging
import os
import selectors
import socket
import threading
from pathlib import Path
from typing import Any

from companion.inputs.bus import IntentBus
from companion.inputs.intents import CameraCard, CardUnread, DeviceStatus
from companion.labelcodes import barcode, card_for_marker

log = logging.getLogger("companion.inputs")

#: The socket's file name, in the runtime or the state directory.
SOCKET_NAME = "camera.sock"
#: The protocol's version (the `"v"` of every message).
PROTOCOL = 1
#: The longest line accepted (a card message is about 40 bytes).
MAX_LINE = 4096
#: A Unix socket's path holds at most this many bytes (Linux: 108 with the final NUL).
MAX_PATH = 107
#: The camera processes that may be connected at once (one is usual).
MAX_CLIENTS = 4
DEVICE = "camera"


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


def decode(line: bytes) -> dict[str, Any]:
    """A line as a checked message; `BadMessage` naming what is wrong."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadMessage(f"not a JSON line ({exc})") from None
    if not isinstance(message, dict):
        raise BadMessage("not a JSON object")
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


class _Client:
    def __init__(self, conn: socket.socket) -> None:
        self.conn = conn
        self.buffer = b""
        self.skipping = False  # inside an over-long line: drop up to its end
        self.source = "camera"


class CameraSocket:
    """Listens on `path` in a thread; puts `CardScanned` and `DeviceStatus` on the bus."""

    device = DEVICE

    def __init__(self, path: Path, bus: IntentBus) -> None:
        self.path = Path(path)
        self.bus = bus
        #: Set once the socket listens (tests wait for it).
        self.listening = threading.Event()
        self._wake_r, self._wake_w = os.pipe()
        self._stop = threading.Event()
        self._server: socket.socket | None = None
        self._thread = threading.Thread(target=self._run, name="camera-socket", daemon=True)

    def start(self) -> CameraSocket:
        """Bind the socket and start the thread; a problem is reported, never raised."""
        try:
            self._server = self._bind()
        except OSError as exc:
            message = f"camera socket {self.path} cannot listen: {exc.strerror or exc}"
            log.warning("%s", message)
            self.bus.put(DeviceStatus(DEVICE, False, message))
            return self
        log.info("camera socket listening on %s", self.path)
        self.listening.set()
        self._thread.start()
        return self

    def _bind(self) -> socket.socket:
        if len(os.fsencode(self.path)) > MAX_PATH:
            raise OSError(f"its path is longer than {MAX_PATH} bytes")
        # Only the app listens on its state directory (it holds the lock): a socket file
        # left there is from a run that ended without removing it.
        if self.path.is_socket():
            self.path.unlink()
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            old = os.umask(0o177)
            try:
                server.bind(os.fspath(self.path))
            finally:
                os.umask(old)
            server.listen(MAX_CLIENTS)
            server.setblocking(False)
        except OSError:
            server.close()
            raise
        return server

    def close(self, timeout: float = 5.0) -> None:
        """Stop the thread, close the connections, remove the socket file."""
        self._stop.set()
        try:
            os.write(self._wake_w, b"!")
        except OSError:
            pass
        if self._thread.is_alive():
            self._thread.join(timeout)
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass

    def _run(self) -> None:
        server = self._server
        assert server is not None
        clients: dict[int, _Client] = {}
        with selectors.DefaultSelector() as sel:
            sel.register(server, selectors.EVENT_READ, None)
            sel.register(self._wake_r, selectors.EVENT_READ, None)
            try:
                while not self._stop.is_set():
                    for key, _mask in sel.select():  # no timeout: no wake-ups while idle
                        if key.fileobj is server:
                            self._accept(server, sel, clients)
                        elif key.fileobj == self._wake_r:
                            continue
                        else:
                            client = clients[key.fd]
                            if not self._receive(client):
                                sel.unregister(client.conn)
                                del clients[key.fd]
                                client.conn.close()
                                self._gone(client, clients)
            except Exception:  # noqa: BLE001 - a camera must never stop the table
                log.exception("camera socket: unexpected error; the camera is off until restart")
                self.bus.put(DeviceStatus(DEVICE, False, "camera socket failed; see the log"))
            finally:
                for client in clients.values():
                    client.conn.close()
                server.close()
                try:
                    if self.path.is_socket():
                        self.path.unlink()
                except OSError:
                    pass

    def _accept(self, server: socket.socket, sel: selectors.BaseSelector,
                clients: dict[int, _Client]) -> None:
        try:
            conn, _addr = server.accept()
        except (BlockingIOError, InterruptedError):
            return
        if len(clients) >= MAX_CLIENTS:
            log.warning("camera socket: more than %d cameras connected; refused", MAX_CLIENTS)
            conn.close()
            return
        conn.setblocking(False)
        client = _Client(conn)
        clients[conn.fileno()] = client
        sel.register(conn, selectors.EVENT_READ, None)

    def _receive(self, client: _Client) -> bool:
        """Read what `client` sent; False when it has gone."""
        try:
            data = client.conn.recv(65536)
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            return False
        if not data:
            return False
        client.buffer += data
        while b"\n" in client.buffer:
            line, client.buffer = client.buffer.split(b"\n", 1)
            if client.skipping:
                client.skipping = False
                continue
            if len(line) > MAX_LINE:
                log.warning("camera: a line longer than %d bytes; dropped", MAX_LINE)
                continue
            if line.strip():
                self._handle(client, line)
        if len(client.buffer) > MAX_LINE:
            log.warning("camera: a line longer than %d bytes; dropped", MAX_LINE)
            client.buffer = b""
            client.skipping = True
        return True

    def _handle(self, client: _Client, line: bytes) -> None:
        try:
            message = decode(line)
        except BadMessage as exc:
            log.warning("camera: bad message dropped: %s: %r", exc, line[:120])
            return
        kind = message["type"]
        if kind == "card":
            card_id = card_for_marker(message["marker"])
            assert card_id is not None  # decode checked it
            log.info("camera: %s", card_id)
            self.bus.put(CameraCard(barcode(card_id), card_id))
        elif kind == "unread":
            log.info("camera: place %d of the row unread", message["place"])
            self.bus.put(CardUnread(message["place"]))
        elif kind == "hello":
            source = message.get("source")
            client.source = source if isinstance(source, str) and source else "camera"
            self.bus.put(DeviceStatus(DEVICE, True, f"camera connected ({client.source})"))
        elif kind == "status":
            self.bus.put(DeviceStatus(DEVICE, message["ok"], f"camera: {message['message']}"))
        else:
            log.info("camera note: %s", message.get("message"))

    def _gone(self, client: _Client, clients: dict[int, _Client]) -> None:
        if clients:
            return  # another camera is still connected
        self.bus.put(DeviceStatus(
            DEVICE, False, "camera process went away; waiting for it to come back"))
