"""The one queue between the input adapters and the UI."""

from __future__ import annotations

import logging
import os
import queue
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger("companion.inputs")


class IntentBus:
    """A thread-safe queue of intents.

    Any thread may `put`; the UI thread takes intents out with `get_nowait`,
    `drain` or `wait`. A put wakes the consumer at once in two ways: `wait`
    returns, and the descriptor of `fileno()` becomes readable, so a loop that
    blocks in `select`/`poll` on it and on other descriptors (the input devices)
    wakes for an intent too (`drain` makes it unreadable again). After every put
    the *waker*, if one is set, is called on the putting thread.
    """

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._waker: Callable[[], None] | None = None
        self._lock = threading.Lock()
        #: (read end, write end) of the wake-up descriptor, made by the first `fileno()`.
        self._fds: tuple[int, int] | None = None

    def set_waker(self, waker: Callable[[], None] | None) -> None:
        """Call `waker()` after every put (None: no waker)."""
        with self._lock:
            self._waker = waker

    def fileno(self) -> int:
        """A descriptor that is readable while an intent may be waiting (for `select`)."""
        with self._lock:
            if self._fds is None:
                if hasattr(os, "eventfd"):  # Linux: one descriptor, a counter
                    fd = os.eventfd(0, os.EFD_NONBLOCK | os.EFD_CLOEXEC)
                    self._fds = (fd, fd)
                else:
                    r, w = os.pipe()
                    os.set_blocking(r, False)
                    os.set_blocking(w, False)
                    self._fds = (r, w)
                if not self._queue.empty():
                    self._signal()
            return self._fds[0]

    def close(self) -> None:
        """Close the wake-up descriptor (the queue itself needs no closing)."""
        with self._lock:
            fds, self._fds = self._fds, None
        for fd in set(fds or ()):
            os.close(fd)

    def _signal(self) -> None:
        fds = self._fds
        if fds is None:
            return
        try:
            os.write(fds[1], b"\x01\x00\x00\x00\x00\x00\x00\x00" if fds[0] == fds[1] else b"!")
        except (BlockingIOError, OSError):
            pass  # full (already readable) or closed: the consumer wakes anyway or is gone

    def _clear(self) -> None:
        fds = self._fds
        if fds is None:
            return
        try:
            while os.read(fds[0], 4096):
                if fds[0] == fds[1]:
                    break  # an eventfd reads as one counter
        except (BlockingIOError, OSError):
            pass

    def put(self, intent: Any) -> None:
        """Add an intent and wake the consumer."""
        self._queue.put(intent)
        self._signal()
        with self._lock:
            waker = self._waker
        if waker is not None:
            try:
                waker()
            except Exception:  # noqa: BLE001 - a broken waker must not kill an adapter thread
                log.exception("intent bus waker failed")

    def get_nowait(self) -> Any | None:
        """The oldest intent, or None when there is none."""
        try:
            return self._queue.get_nowait()
        except queue.Empty:
            return None

    def wait(self, timeout: float | None = None) -> Any | None:
        """The oldest intent, waiting up to `timeout` seconds; None on timeout."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[Any]:
        """All intents queued now, oldest first; the wake-up descriptor is unreadable after."""
        # Cleared first: a put racing with this drain leaves the descriptor readable
        # (one spurious wake-up at worst), never an intent queued with it unreadable.
        self._clear()
        out: list[Any] = []
        while True:
            item = self.get_nowait()
            if item is None:
                return out
            out.append(item)
