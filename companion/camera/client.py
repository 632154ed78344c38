"""The camera process's end of the app's camera socket, in the wire format both ends
import (`companion.camerawire`); nothing of the app's inputs layer.

Messages are kept while the app is not listening (it starts later, or restarts) and
sent, in order, once it is; the oldest are dropped past `MAX_PENDING` (a card the app
never heard of is tapped by the table). Never raises for a missing app.
"""

from __future__ import annotations

import logging
import os
import socket
from collections import deque
from pathlib import Path
from typing import Any

from companion import labelcodes
from companion.camerawire import encode

log = logging.getLogger("companion.camera")

#: Messages kept while the app is away.
MAX_PENDING = 64


class AppLink:
    """Sends hello, cards, status and notes to the app's socket at `path`."""

    def __init__(self, path: Path, source: str) -> None:
        self.path = Path(path)
        self.source = source
        self._sock: socket.socket | None = None
        self._pending: deque[bytes] = deque(maxlen=MAX_PENDING)
        self._said_missing = False

    @property
    def connected(self) -> bool:
        return self._sock is not None

    def card(self, card_id: str) -> None:
        self._send({"type": "card", "marker": labelcodes.marker_id(card_id)})

    def unread(self, place: int) -> None:
        """A place of the row (from 1, this Supply's) whose card cannot be read. An app
        older than this message drops it (docs/camera.md: the order is then off)."""
        self._send({"type": "unread", "place": place})

    def status(self, ok: bool, message: str) -> None:
        self._send({"type": "status", "ok": ok, "message": message})

    def note(self, message: str) -> None:
        self._send({"type": "note", "message": message})

    def _send(self, message: dict[str, Any]) -> None:
        self._pending.append(encode(message))
        self.flush()

    def flush(self) -> bool:
        """Send what is waiting (connecting first if needed); True when nothing waits."""
        if self._sock is None and not self._connect():
            return not self._pending
        assert self._sock is not None
        while self._pending:
            try:
                self._sock.sendall(self._pending[0])
            except OSError as exc:
                log.warning("the app's camera socket went away (%s); keeping what is unsent",
                            exc)
                self.close()
                return False
            self._pending.popleft()
        return True

    def _connect(self) -> bool:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(os.fspath(self.path))
            sock.sendall(encode({"type": "hello", "source": self.source}))
        except OSError as exc:
            sock.close()
            if not self._said_missing:
                log.warning("the app is not listening at %s (%s); trying again with each "
                            "still", self.path, exc.strerror or exc)
                self._said_missing = True
            return False
        log.info("connected to the app at %s", self.path)
        self._said_missing = False
        self._sock = sock
        return True

    def close(self) -> None:
        if self._sock is not None:
            try:
                self._sock.close()
            except OSError:
                pass
            self._sock = None
