"""The serial card reader: a thread that reads a port, decodes tags and emits intents.

The port is opened with pyserial's `serial_for_url`, so the same code reads a
USB reader, a pty in a test, or the `loop://` port of the simulated reader.
Hardware is flaky, and none of it may stop a game:

- an Arduino resets when its port opens: wait `settle_s`, then drop what it
  printed while booting;
- a held card repeats its frame: the same tag again within
  `repeat_suppress_s` of its last frame is one scan;
- a reader unplugged mid-game: the thread reports `DeviceStatus(ok=False)`,
  retries every `reconnect_s`, and reports `ok=True` when it is back (the lifecycle
  every input shares: `companion.inputs.lifecycle`).

Only this module imports pyserial.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator

import serial

from companion.errors import CompanionError
from companion.inputs.framing import Decoded, make_decoder
from companion.inputs.lifecycle import RepeatFilter, TagReader
from companion.inputs.settings import ReaderSettings, replace

__all__ = ["CardReader", "ReaderError", "RepeatFilter", "close_port", "open_port", "read_decoded",
           "settle"]

log = logging.getLogger("companion.inputs")

#: How long one read waits for bytes on a port that cannot cancel a read (a network URL):
#: `close()` waits up to this long there. A port with `cancel_read` (device paths, ptys,
#: `loop://`) reads with no timeout at all, so the reader's thread sleeps until bytes come
#: (no wake-ups while idle, issue 14) and `close()` cancels the read. Unplugging is seen
#: at once, not at a timeout.
READ_TIMEOUT_S = 1.0
#: Most bytes taken in one read.
READ_CHUNK = 4096

#: What pyserial raises when a port cannot be opened or goes away.
PORT_ERRORS = (serial.SerialException, OSError, ValueError)


class ReaderError(CompanionError):
    """The card reader's port cannot be opened."""


def open_port(settings: ReaderSettings, *, read_timeout: float = READ_TIMEOUT_S) -> serial.Serial:
    """Open the reader's port (device path or pyserial URL); raises `ReaderError`."""
    try:
        return serial.serial_for_url(
            settings.port, baudrate=settings.baudrate, timeout=read_timeout
        )
    except PORT_ERRORS as exc:
        raise ReaderError(f"cannot open the card reader at {settings.port}: {exc}") from exc


def cancel_read(port: serial.Serial) -> None:
    """Wake a read blocked on `port` now, where pyserial can (the next read, if none is)."""
    cancel = getattr(port, "cancel_read", None)
    if cancel is None:
        return
    try:
        cancel()
    except (*PORT_ERRORS, NotImplementedError):
        pass


def close_port(port: serial.Serial) -> None:
    """Close `port`; a port already gone closes quietly."""
    try:
        port.close()
    except PORT_ERRORS:
        pass


def settle(port: serial.Serial, settle_s: float, stop: threading.Event | None = None) -> None:
    """Wait for a reader that resets when opened, then drop what it sent meanwhile."""
    if settle_s > 0:
        if stop is not None:
            stop.wait(settle_s)
        else:
            time.sleep(settle_s)
    port.reset_input_buffer()


def read_decoded(
    port: serial.Serial,
    settings: ReaderSettings,
    stop: threading.Event,
) -> Iterator[tuple[float, Decoded]]:
    """Yield `(monotonic time, Tag or Reject)` from an open port until `stop` is set.

    Raises a `PORT_ERRORS` exception when the port goes away (unplugged, the
    other end of a pty closed).
    """
    decoder = make_decoder(settings.framing, settings.line_ending)
    while not stop.is_set():
        waiting = port.in_waiting
        data = port.read(min(max(waiting, 1), READ_CHUNK))
        if not data:
            continue
        now = time.monotonic()
        for item in decoder.feed(data):
            yield now, item


class CardReader(TagReader[serial.Serial]):
    """Reads the serial card reader in a thread; `CardScanned`/`DeviceStatus` on the bus.

    Opening, readiness, unplugging and reconnecting are `lifecycle.InputThread`'s; the
    tags, repeats and status sentences `lifecycle.TagReader`'s.
    """

    thread_name = "card-reader"
    open_errors = (ReaderError,)
    read_errors = PORT_ERRORS

    def write(self, data: bytes, timeout: float = 5.0) -> None:
        """Write raw bytes to the open port (the simulated reader's `loop://` echoes them).

        Waits up to `timeout` for the port to be open; raises `ReaderError` if it is not.
        """
        if not self.connected.wait(timeout):
            raise ReaderError(f"the card reader at {self.settings.port} is not connected")
        with self._conn_lock:  # not while the thread closes it
            port = self._conn
            if port is None:
                raise ReaderError(f"the card reader at {self.settings.port} is not connected")
            try:
                port.write(data)
                port.flush()
            except PORT_ERRORS as exc:
                raise ReaderError(f"cannot write to the card reader: {exc}") from exc

    def open_port(self, port: str) -> serial.Serial:
        return open_port(replace(self.settings, port=port))

    def prepare(self, port: serial.Serial) -> None:
        if hasattr(port, "cancel_read"):
            port.timeout = None  # woken by bytes, or by close()'s cancel_read
        settle(port, self.settings.settle_s, self.stopping)

    def read(self, port: serial.Serial) -> Iterator[tuple[float, Decoded]]:
        return read_decoded(port, self.settings, self.stopping)

    def wake(self, port: serial.Serial | None) -> None:
        if port is not None:
            cancel_read(port)  # the thread checks the stop before each read

    def release(self, port: serial.Serial) -> None:
        close_port(port)

    def why(self, exc: BaseException) -> object:
        # A ReaderError says the port's name again; its cause is what pyserial said.
        return exc.__cause__ if isinstance(exc, ReaderError) else exc
