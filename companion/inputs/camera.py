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

**Nothing sent stops the listener.** A line is at most `MAX_LINE` bytes, and its lists and
objects nest at most `MAX_NESTING` levels, counted by a loop before the JSON is parsed
(a line of 4,000 `[` made `json` recurse until Python gave up, issue 35); anything else a
line can make go wrong is caught for that line alone.

**One app owns the socket.** The listener holds `flock` on `camera.sock.lock` beside the
socket for as long as it listens. A second app started on the same state directory (kept
off the game by the state directory's lock) finds that lock taken: it neither replaces the
first app's socket nor removes it when it ends, and says so on its hardware page. Only the
app holding the lock replaces a socket file left by an earlier run, and it removes the
socket when it stops only while the file is still the one it made.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import selectors
import socket
import stat
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
#: The deepest nesting of lists and objects in a line (every message is one flat object).
MAX_NESTING = 4
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
        #: The lock that makes the socket this listener's (`_own`), held while it listens.
        self._lock_fd: int | None = None
        #: (device, inode) of the socket file this listener made: the only one it removes.
        self._made: tuple[int, int] | None = None
        self._thread = threading.Thread(target=self._run, name="camera-socket", daemon=True)

    def start(self) -> CameraSocket:
        """Bind the socket and start the thread; a problem is reported, never raised."""
        try:
            if not self._own():
                message = (f"camera socket {self.path}: another companion app on this state "
                           "directory listens for the camera; this one leaves it to that app")
                log.warning("%s", message)
                self.bus.put(DeviceStatus(DEVICE, False, message))
                return self
            self._server = self._bind()
        except OSError as exc:
            self._disown()
            message = f"camera socket {self.path} cannot listen: {exc.strerror or exc}"
            log.warning("%s", message)
            self.bus.put(DeviceStatus(DEVICE, False, message))
            return self
        log.info("camera socket listening on %s", self.path)
        self.listening.set()
        self._thread.start()
        return self

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".lock")

    def _own(self) -> bool:
        """Take the socket's lock (kept while listening); False if another app holds it."""
        if len(os.fsencode(self.path)) > MAX_PATH:
            raise OSError(f"its path is longer than {MAX_PATH} bytes")
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW
                     | os.O_NONBLOCK, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except OSError:
            os.close(fd)
            raise
        self._lock_fd = fd
        return True

    def _disown(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def _bind(self) -> socket.socket:
        # This listener holds the socket's lock: a socket file there is from a run that
        # ended without removing it.
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
            made = os.lstat(self.path)
            self._made = (made.st_dev, made.st_ino)
            server.listen(MAX_CLIENTS)
            server.setblocking(False)
        except OSError:
            server.close()
            raise
        return server

    def _remove_socket(self) -> None:
        """Remove the socket file if it is still the one this listener made."""
        try:
            now = os.lstat(self.path)
            if self._made == (now.st_dev, now.st_ino) and stat.S_ISSOCK(now.st_mode):
                self.path.unlink()
        except OSError:
            pass

    def close(self, timeout: float = 5.0) -> None:
        """Stop the thread, close the connections, remove the socket file."""
        self._stop.set()
        try:
            os.write(self._wake_w, b"!")
        except OSError:
            pass
        if self._thread.is_alive():
            self._thread.join(timeout)
        elif self._server is None:
            self._disown()  # never listened: nothing to remove
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
                self._remove_socket()
                self._disown()  # after the removal: the next owner binds anew

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
            self._message(client, line)
        except Exception:  # noqa: BLE001 - no line, however bad, stops the listener
            log.exception("camera: a line that could not be handled was dropped: %r",
                          line[:120])

    def _message(self, client: _Client, line: bytes) -> None:
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
