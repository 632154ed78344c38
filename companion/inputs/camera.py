"""The camera as an input device: a local socket the camera process sends its cards to.

The camera process (`speicherstadt-companion camera`, its own unit, the only one that
loads OpenCV) finds the label markers of the revealed cards and connects to this socket.
`CameraSocket` listens in a thread and turns each card it is sent into the very
`CardScanned` intent a card reader gives (as `CameraCard`, its subclass), so the app
decides, records, refuses and can be corrected by touch exactly as for a scan. The app
never imports OpenCV.

**Where.** `camerawire.socket_path(state_dir)`: the runtime directory under systemd, else
the state directory. Mode 0600: only the app's user may connect.

**Protocol**: `companion.camerawire`, the wire format both ends import (docs/camera.md).
A `card` line becomes `CardScanned(<the label's barcode digits>, <card id>)` (as
`CameraCard`); an `unread` line becomes `CardUnread(place)` (the table taps the card; the
camera's cards right of it, sent after this line, wait for that tap); `hello` and `status`
become `DeviceStatus("camera", ...)`, `note` a log line. A bad line is logged and dropped;
the connection stays, and anything else a line can make go wrong is caught for that line
alone. The status on screen says when a camera connects and when it goes away.

**Its lifecycle** is every input's (`companion.inputs.lifecycle`): the socket is bound in
`start()`, so `listening` is known on return; a socket that cannot listen is reported
and tried again every `RECONNECT_S`, and so is one whose listener failed.

**One app owns the socket.** The listener holds `flock` on `camera.sock.lock` beside the
socket for as long as it listens. A second app started on the same state directory (kept
off the game by the state directory's lock) finds that lock taken: it neither replaces the
first app's socket nor removes it when it ends, and says so on its hardware page (it
takes the socket only once the first has let it go). Only the
app holding the lock replaces a socket file left by an earlier run, and it removes the
socket when it stops only while the file is still the one it made.
"""

from __future__ import annotations

import fcntl
import logging
import os
import selectors
import socket
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from companion.camerawire import (
    MAX_LINE,
    TOO_LONG,
    BadMessage,
    LineSplitter,
    decode,
    socket_path,
)
from companion.inputs.bus import IntentBus
from companion.inputs.intents import CameraCard, CardUnread, DeviceStatus
from companion.inputs.lifecycle import InputThread
from companion.labelcodes import barcode, card_for_marker

log = logging.getLogger("companion.inputs")

__all__ = ["CameraSocket", "socket_path"]

#: A Unix socket's path holds at most this many bytes (Linux: 108 with the final NUL).
MAX_PATH = 107
#: The camera processes that may be connected at once (one is usual).
MAX_CLIENTS = 4
#: How often a socket that cannot listen is tried again.
RECONNECT_S = 5.0
DEVICE = "camera"


class SocketTaken(OSError):
    """Another app on this state directory holds the socket's lock."""


@dataclass
class _Client:
    conn: socket.socket
    lines: LineSplitter = field(default_factory=LineSplitter)
    source: str = "camera"


@dataclass
class _Listener:
    """An open listener: the bound socket, the lock that makes it ours, the file we made."""

    server: socket.socket
    lock_fd: int
    made: tuple[int, int]


#: What the listener reads: a line from a camera, or (None) a camera that went away.
_Item = tuple[_Client, bytes | None]


class CameraSocket(InputThread[_Listener, _Item]):
    """Listens on `path` in a thread; puts `CardScanned` and `DeviceStatus` on the bus."""

    device = DEVICE
    thread_name = "camera-socket"
    open_at_start = True

    def __init__(self, path: Path, bus: IntentBus, *, reconnect_s: float = RECONNECT_S) -> None:
        super().__init__(bus, reconnect_s=reconnect_s)
        self.path = Path(path)
        #: Set while the socket listens (tests wait for it).
        self.listening = self.connected
        self._wake_r, self._wake_w = os.pipe()
        self._clients: dict[int, _Client] = {}

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".lock")

    # ------------------------------------------------------------------ open and release

    def open(self) -> _Listener:
        """Take the socket's lock (kept while listening) and bind; `SocketTaken` when
        another app holds the lock, `OSError` when it cannot listen."""
        if len(os.fsencode(self.path)) > MAX_PATH:
            raise OSError(f"its path is longer than {MAX_PATH} bytes")
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW
                     | os.O_NONBLOCK, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SocketTaken() from None
        except OSError:
            os.close(fd)
            raise
        try:
            server, made = self._bind()
        except OSError:
            os.close(fd)
            raise
        log.info("camera socket listening on %s", self.path)
        return _Listener(server, fd, made)

    def _bind(self) -> tuple[socket.socket, tuple[int, int]]:
        # This listener holds the socket's lock: a socket file there is from a run that
        # ended without removing it.
        if self.path.is_socket():
            self.path.unlink()
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            old = os.umask(0o177)
            try:
                server.bind(os.fspath(self.path))
            finally:
                os.umask(old)
            made = os.lstat(self.path)
            server.listen(MAX_CLIENTS)
            server.setblocking(False)
        except OSError:
            server.close()
            raise
        return server, (made.st_dev, made.st_ino)

    def release(self, listener: _Listener) -> None:
        """Close the connections and the socket; remove the socket file if it is still the
        one this listener made, then give up the lock (the next owner binds anew)."""
        for client in self._clients.values():
            client.conn.close()
        self._clients.clear()
        listener.server.close()
        try:
            now = os.lstat(self.path)
            if listener.made == (now.st_dev, now.st_ino) and stat.S_ISSOCK(now.st_mode):
                self.path.unlink()
        except OSError:
            pass
        os.close(listener.lock_fd)

    def wake(self, listener: _Listener | None) -> None:
        try:
            os.write(self._wake_w, b"!")
        except OSError:
            pass

    def close(self, timeout: float = 5.0) -> None:
        """Stop the thread, close the connections, remove the socket file."""
        super().close(timeout)
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass

    def missing_message(self, exc: BaseException) -> str:
        if isinstance(exc, SocketTaken):
            return (f"camera socket {self.path}: another companion app on this state "
                    "directory listens for the camera; this one leaves it to that app")
        why = getattr(exc, "strerror", None) or exc
        return f"camera socket {self.path} cannot listen: {why}"

    def failed(self) -> None:
        self.report(False, "camera socket failed; see the log")

    def gone_message(self, exc: BaseException) -> str:
        return f"camera socket {self.path} cannot listen: {getattr(exc, 'strerror', None) or exc}"

    # ------------------------------------------------------------------ read

    def read(self, listener: _Listener) -> Iterator[_Item]:
        """Lines from every connected camera, and the cameras that went away."""
        server = listener.server
        with selectors.DefaultSelector() as sel:
            sel.register(server, selectors.EVENT_READ, None)
            sel.register(self._wake_r, selectors.EVENT_READ, None)
            while not self.stopping.is_set():
                for key, _mask in sel.select():  # no timeout: no wake-ups while idle
                    if key.fileobj is server:
                        self._accept(server, sel)
                    elif key.fileobj == self._wake_r:
                        continue
                    else:
                        client = self._clients[key.fd]
                        data = self._receive(client)
                        if data is None:
                            sel.unregister(client.conn)
                            del self._clients[key.fd]
                            client.conn.close()
                            yield client, None
                            continue
                        for line in client.lines.feed(data):
                            yield client, line

    def _accept(self, server: socket.socket, sel: selectors.BaseSelector) -> None:
        try:
            conn, _addr = server.accept()
        except (BlockingIOError, InterruptedError):
            return
        if len(self._clients) >= MAX_CLIENTS:
            log.warning("camera socket: more than %d cameras connected; refused", MAX_CLIENTS)
            conn.close()
            return
        conn.setblocking(False)
        self._clients[conn.fileno()] = _Client(conn)
        sel.register(conn, selectors.EVENT_READ, None)

    @staticmethod
    def _receive(client: _Client) -> bytes | None:
        """What `client` sent (maybe nothing yet); None when it has gone."""
        try:
            data = client.conn.recv(65536)
        except (BlockingIOError, InterruptedError):
            return b""
        except OSError:
            return None
        return data or None

    # ------------------------------------------------------------------ decode and handle

    def handle(self, item: _Item) -> None:
        client, line = item
        if line is None:
            if not self._clients:  # else another camera is still connected
                self.bus.put(DeviceStatus(
                    DEVICE, False, "camera process went away; waiting for it to come back"))
            return
        if line == TOO_LONG:
            log.warning("camera: a line longer than %d bytes; dropped", MAX_LINE)
            return
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
