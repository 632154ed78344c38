"""The one queue between the input adapters and the UI."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger("companion.inputs")


class IntentBus:
    """A thread-safe queue of intents.

    Any thread may `put`; the UI thread takes intents out with `get_nowait`,
    `drain` or `wait`. After every put the *waker* is called on the putting
    thread, so the UI can post an event that wakes its loop at once instead
    of polling.
    """

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._waker: Callable[[], None] | None = None
        self._lock = threading.Lock()

    def set_waker(self, waker: Callable[[], None] | None) -> None:
        """Call `waker()` after every put (None: no waker)."""
        with self._lock:
            self._waker = waker

    def put(self, intent: Any) -> None:
        """Add an intent and wake the consumer."""
        self._queue.put(intent)
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
        """All intents queued now, oldest first."""
        out: list[Any] = []
        while True:
            item = self.get_nowait()
            if item is None:
                return out
            out.append(item)
