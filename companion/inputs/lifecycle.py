"""One lifecycle for every reconnecting input: open, say ready, read, decode, report gone,
reconnect, stop.

The serial card reader (`cardreader.CardReader`), the HID scanner (`scanner.HidReader`)
and the camera socket (`camera.CameraSocket`) are each an `InputThread`: a daemon thread
that keeps one connection to its device and turns what it reads into intents on the bus.
They differ only in how a connection is opened, read and woken; the rules of the table
are here, once:

- **open**: `open()` gives a connection, or raises one of `open_errors`: the device is
  *missing*; that is said once (`DeviceStatus(ok=False)`, `missing_message`) and the
  device is looked for again every `reconnect_s` (hot-plug: a reader plugged in later is
  found by itself). A subclass whose `open` is quick and never waits (a local socket)
  sets `open_at_start`: the first open happens in `start()`, so its caller knows at once.
- **ready**: `prepare(conn)` (an Arduino's settle time), then `connected` is set and
  `ready_message()` is said, once per connection, however often it is asked.
- **read and decode**: `read(conn)` yields what the connection delivers, decoded;
  `handle(item)` turns each into intents. Anything a device sends is the subclass's to
  decode and refuse (a garbled frame is a reject, never an error of the thread).
- **gone**: one of `read_errors` while reading: the device went away; `gone_message` is
  said once and the device is opened again.
- **reconnect with backoff**: after a missing device the wait is always `reconnect_s`
  (the status says "trying again every N s"). After a connection that went away, or
  failed unexpectedly, *before delivering anything*, the wait doubles up to `most_s`,
  so a device that opens and fails at once (a flaky cable, a bug) does not spin; one
  item read resets it.
- **stop**: `close()` sets the stop event, wakes a blocked read (`wake(conn)`), and joins
  the thread; a close during a reconnect wait returns at once.

No exception reaches the thread's top: an unexpected one is logged with its traceback
and the connection is opened again. The thread never stops a game.

`TagReader` is the card reader's part on top (both kinds, serial and HID): tags to
`CardScanned` with a held card's repeats dropped, and the status sentences the
hardware page translates.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from typing import ClassVar, Generic, Self, TypeVar

from companion.inputs.bus import IntentBus
from companion.inputs.framing import Decoded, Tag
from companion.inputs.intents import CardScanned, DeviceStatus
from companion.inputs.settings import ReaderSettings

log = logging.getLogger("companion.inputs")

C = TypeVar("C")
I = TypeVar("I")  # noqa: E741 - the item type, beside C for the connection

#: The longest wait between two attempts after failures (see `Backoff`).
MOST_S = 30.0


class Backoff:
    """The wait before the next attempt: `first_s`, doubled after each failure up to
    `most_s`; `reset()` after a success."""

    def __init__(self, first_s: float, most_s: float = MOST_S) -> None:
        self.first_s = first_s
        self.most_s = max(first_s, most_s)
        self._next = first_s

    def failed(self) -> float:
        """The wait after one more failure (the first failure waits `first_s`)."""
        wait = self._next
        self._next = min(self._next * 2, self.most_s) if self._next > 0 else self.most_s
        return wait

    def reset(self) -> None:
        self._next = self.first_s


class InputThread(Generic[C, I]):
    """A device read in a daemon thread, reconnected whenever it goes away.

    Subclasses give `open`, `read`, `handle` and the messages; `prepare`, `wake`,
    `release` and `finished_reading` have defaults.
    """

    #: The `DeviceStatus.device` this input reports as.
    device: ClassVar[str] = "reader"
    #: The thread's name (in a traceback, `py-spy`, `top -H`).
    thread_name: ClassVar[str] = "input"
    #: What `open` raises for a device that is not there (the others are bugs: logged).
    open_errors: ClassVar[tuple[type[BaseException], ...]] = (OSError,)
    #: What `read` raises when the device goes away.
    read_errors: ClassVar[tuple[type[BaseException], ...]] = (OSError,)
    #: Open once in `start()` (quick, local opens only): `connected` is known on return.
    open_at_start: ClassVar[bool] = False

    def __init__(self, bus: IntentBus, *, reconnect_s: float, most_s: float = MOST_S) -> None:
        self.bus = bus
        self.reconnect_s = reconnect_s
        self.backoff = Backoff(reconnect_s, most_s)
        #: Set while a connection is open and ready.
        self.connected = threading.Event()
        self._stop = threading.Event()
        self._conn: C | None = None
        self._conn_lock = threading.Lock()
        self._first: C | None = None
        self._reported: bool | None = None
        self._thread = threading.Thread(target=self._run, name=self.thread_name, daemon=True)

    # ------------------------------------------------------------------ the subclass's part

    def open(self) -> C:
        """Open the device; raises one of `open_errors` when it is not there."""
        raise NotImplementedError

    def prepare(self, conn: C) -> None:
        """Between open and ready (a reader that resets when opened settles here)."""

    def read(self, conn: C) -> Iterator[I]:
        """The decoded items of an open connection until `stopping` or its end; one of
        `read_errors` when the device goes away."""
        raise NotImplementedError

    def handle(self, item: I) -> None:
        """What one decoded item does (intents on the bus)."""
        raise NotImplementedError

    def wake(self, conn: C | None) -> None:
        """Wake a `read` blocked on `conn` (called by `close`, from another thread)."""

    def release(self, conn: C) -> None:
        """Close a connection (after it went away, or at the stop); must not raise."""

    def failed(self) -> None:
        """After an unexpected error (logged with its traceback), before the next open."""

    def finished_reading(self, conn: C) -> None:
        """`read` ended without a stop (the default: the connection is opened again)."""

    def ready_message(self) -> str | None:
        """What is said when a connection is ready (None: only logged as ready)."""
        return None

    def missing_message(self, exc: BaseException) -> str:
        return f"{self.device} not found ({exc}); trying again every {self.reconnect_s:g} s"

    def gone_message(self, exc: BaseException) -> str:
        return f"{self.device} went away ({exc}); waiting for it to come back"

    # ------------------------------------------------------------------ the lifecycle

    @property
    def stopping(self) -> threading.Event:
        """Set by `close()`: a `read` ends when it is."""
        return self._stop

    @property
    def connection(self) -> C | None:
        """The open connection (None while there is none)."""
        with self._conn_lock:
            return self._conn

    def start(self) -> Self:
        """Start the thread (after a first open, with `open_at_start`); returns self."""
        if self.open_at_start:
            try:
                self._first = self.open()
            except self.open_errors as exc:
                self.report(False, self.missing_message(exc))
        self._thread.start()
        return self

    def close(self, timeout: float = 5.0) -> None:
        """Stop the thread and close the connection."""
        self._stop.set()
        with self._conn_lock:
            conn = self._conn
        self.wake(conn)
        if self._thread.is_alive():
            self._thread.join(timeout)

    def report(self, ok: bool, message: str) -> None:
        """Say the device's state on the bus, once per change (repeats only logged)."""
        if self._reported is ok:
            log.debug("%s", message)
            return
        self._reported = ok
        (log.info if ok else log.warning)("%s", message)
        self.bus.put(DeviceStatus(self.device, ok, message))

    def _run(self) -> None:
        wait = 0.0
        while not self._stop.wait(wait):
            if self._first is not None:
                conn, self._first = self._first, None
            else:
                try:
                    conn = self.open()
                except self.open_errors as exc:
                    self.report(False, self.missing_message(exc))
                    wait = self.reconnect_s
                    continue
            with self._conn_lock:
                self._conn = conn
            delivered = crashed = False
            try:
                if self._stop.is_set():
                    continue  # closed while opening: the finally releases it
                self.prepare(conn)
                if self._stop.is_set():
                    continue
                self.connected.set()
                message = self.ready_message()
                if message is None:
                    log.info("%s ready", self.device)
                    self._reported = True
                else:
                    self.report(True, message)
                for item in self.read(conn):
                    if not delivered:
                        delivered = True
                        self.backoff.reset()
                    self.handle(item)
                if not self._stop.is_set():
                    self.finished_reading(conn)
            except self.read_errors as exc:
                if not self._stop.is_set():  # not the wake-up of a close()
                    self.report(False, self.gone_message(exc))
            except Exception:  # noqa: BLE001 - an input thread must survive anything
                log.exception("%s thread: unexpected error; opening it again", self.device)
                self._reported = None
                crashed = True
            finally:
                self.connected.clear()
                with self._conn_lock:
                    self._conn = None
                self.release(conn)
            if crashed:
                self.failed()  # said once the connection is closed
            wait = self.reconnect_s if delivered else self.backoff.failed()
        first, self._first = self._first, None
        if first is not None:  # opened by start(), closed before the thread took it
            self.release(first)


class RepeatFilter:
    """Tells a new scan from the repeats of a held card.

    A tag counts again only after it was *not seen* for `window_s` seconds, so
    a card lying on the reader for a minute is one scan, and a second card
    scanned meanwhile is not hidden by the first.
    """

    def __init__(self, window_s: float) -> None:
        self.window_s = window_s
        self._last_seen: dict[str, float] = {}

    def accept(self, tag: str, now: float) -> bool:
        """True when `tag`, seen at `now` (seconds, monotonic), is a new scan."""
        last = self._last_seen.get(tag)
        self._last_seen[tag] = now
        if len(self._last_seen) > 64:
            self._forget_before(now - self.window_s)
        return last is None or now - last >= self.window_s

    def _forget_before(self, cutoff: float) -> None:
        for tag in [t for t, seen in self._last_seen.items() if seen < cutoff]:
            del self._last_seen[tag]


class TagReader(InputThread[C, tuple[float, Decoded]]):
    """A card reader of any kind (`reader.port`): decoded tags become `CardScanned`.

    `lookup(tag)` gives the card id bound to a tag (None when unknown); a held card's
    repeats are one scan (`RepeatFilter`); `on_reject(reason)` (optional) hears about
    rejected input; `opener(port)` (optional) opens the port instead of the reader's own
    `open_port` (the tests give a fake device). The status sentences are the same for
    every kind of reader (the hardware page matches them to say them in the table's
    language).
    """

    device = "reader"

    def __init__(
        self,
        settings: ReaderSettings,
        bus: IntentBus,
        *,
        lookup: Callable[[str], str | None],
        on_reject: Callable[[str], None] | None = None,
        opener: Callable[[str], C] | None = None,
    ) -> None:
        super().__init__(bus, reconnect_s=settings.reconnect_s)
        self.settings = settings
        self.lookup = lookup
        self.on_reject = on_reject
        self.opener = opener
        self.repeats = RepeatFilter(settings.repeat_suppress_s)

    def open_port(self, port: str) -> C:
        """Open `port` (the subclass's kind of port); raises one of `open_errors`."""
        raise NotImplementedError

    def open(self) -> C:
        return (self.opener or self.open_port)(self.settings.port)

    def why(self, exc: BaseException) -> object:
        """What an error of opening or reading says, in a status sentence."""
        return getattr(exc, "strerror", None) or exc

    def ready_message(self) -> str:
        return f"card reader ready on {self.settings.port}"

    def missing_message(self, exc: BaseException) -> str:
        return (f"card reader not found at {self.settings.port} ({self.why(exc)}); "
                f"trying again every {self.settings.reconnect_s:g} s")

    def gone_message(self, exc: BaseException) -> str:
        return (f"card reader at {self.settings.port} went away ({self.why(exc)}); "
                "waiting for it to come back")

    def rejected(self, reason: str) -> None:
        """A reject from the decoder (logged; a subclass may say more)."""
        log.debug("card reader: rejected input: %s", reason)

    def handle(self, item: tuple[float, Decoded]) -> None:
        seconds, decoded = item
        if isinstance(decoded, Tag):
            if self._reported is False:  # a tag after a problem said: it reads again
                self.report(True, self.ready_message())
            if self.repeats.accept(decoded.tag, seconds):
                self.bus.put(CardScanned(decoded.tag, self.lookup(decoded.tag)))
            return
        self.rejected(decoded.reason)
        if self.on_reject is not None:
            self.on_reject(decoded.reason)
