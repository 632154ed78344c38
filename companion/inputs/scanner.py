"""USB barcode scanners in keyboard mode, read as key codes (`reader.port: hid:<device>`).

A scanner in keyboard mode (a "keyboard wedge") types what it reads as key
presses. Two traps, both avoided:

- **It types key positions, not characters**: its key codes are decoded with the one
  fixed US table of `companion.inputs.keys` (`KeyDecoder`), never the typed text, and a
  burst typed for another layout is refused with the advice to set it to US keyboard.
- **Unless it is grabbed, its keys reach whatever has focus** (the console, the
  app's keys 1-5 and Enter). The device is grabbed exclusively (EVIOCGRAB).

Sources of key events (`<seconds> <type> <code> <value>`, the fields of
python-evdev's `InputEvent`):

- `hid:/dev/input/by-id/...-event-kbd`: the device, through python-evdev
  (imported only here and only when such a port is configured; on the Pi it is
  Debian's `python3-evdev`);
- `hid-replay:FILE` (or `hid-replay:FILE?speed=N`): a file of such events, one
  per line, played with their timing (`speed=2` twice as fast, `speed=0` without
  waiting). The decoder always uses the recorded times, so a replay decodes the
  same at any speed. This is the scanner's twin for tests and for trying the
  companion without one.

A code is the keys of one burst ended by Enter: a pause of more than
`keys.MAX_GAP_S` between two keys drops what came before (a partial code is never
a tag). `HidReader` is the thread that the app, `enroll` and `reader-test` use, with
the lifecycle of every input (`companion.inputs.lifecycle`): a `DeviceStatus` on the
bus when it is unplugged, the game goes on, and it comes back by itself.
"""

from __future__ import annotations

import errno
import logging
import os
import select
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from companion.errors import CompanionError
from companion.fsio import describe, read_bounded
from companion.inputs.framing import Decoded
from companion.inputs.intents import DeviceStatus
from companion.inputs.keys import DAMAGED_LABEL, EV_KEY, LAYOUT_ADVICE, MAX_GAP_S, KeyDecoder
from companion.inputs.lifecycle import TagReader

log = logging.getLogger("companion.inputs")

HID_PREFIX = "hid:"
REPLAY_PREFIX = "hid-replay:"
#: The largest replay file read (a scanned card is about 20 lines, 600 bytes).
MAX_REPLAY_BYTES = 2 * 1024 * 1024

def replay_text(events: list[tuple[float, int, int, int]]) -> str:
    """Events as the lines of a replay file."""
    return "".join(f"{t:.6f} {ty} {code} {value}\n" for t, ty, code, value in events)


# --------------------------------------------------------------------------- ports


class ScannerError(CompanionError):
    """The scanner cannot be opened (the message says why and what to do)."""


@dataclass(frozen=True)
class HidPort:
    """A `hid:` or `hid-replay:` port, parsed."""

    replay: bool
    path: str
    speed: float = 1.0


def is_hid_port(port: str) -> bool:
    """True for a scanner port (`hid:...` or `hid-replay:...`)."""
    return port.startswith((HID_PREFIX, REPLAY_PREFIX))


def parse_hid_port(port: str) -> HidPort:
    """`hid:<device>` or `hid-replay:<file>[?speed=N]`; `ScannerError` when malformed."""
    if port.startswith(REPLAY_PREFIX):
        rest = port[len(REPLAY_PREFIX):]
        path, _, query = rest.partition("?speed=")
        speed = 1.0
        if query:
            try:
                speed = float(query)
            except ValueError:
                speed = -1.0
            if not 0 <= speed <= 1000:
                raise ScannerError(f"{port!r}: speed must be a number from 0 to 1000")
        if not path:
            raise ScannerError(f"{port!r}: hid-replay: needs a file after it")
        return HidPort(True, path, speed)
    if port.startswith(HID_PREFIX):
        path = port[len(HID_PREFIX):]
        if not path:
            raise ScannerError(f"{port!r}: hid: needs a device after it "
                               "(hid:/dev/input/by-id/...-event-kbd)")
        return HidPort(False, path)
    raise ScannerError(f"{port!r} is not a scanner port (hid:... or hid-replay:...)")


Event = tuple[float, int, int, int]


class Source(Protocol):
    """An open source of key events."""

    def events(self, stop: threading.Event) -> Iterator[Event]:
        """Key events until `stop` is set or the source ends; an `OSError` when the device
        goes away."""
        ...  # pragma: no cover

    def close(self) -> None:
        """Release the device (wakes `events`)."""
        ...  # pragma: no cover


def read_replay(path: str | Path) -> list[Event]:
    """The events of a replay file; `ScannerError` naming the line of anything wrong.

    Lines: `<seconds> <type> <code> <value>`; blank lines and `#` comments are skipped.
    """
    try:
        # Bounded, and never a named pipe or a device (/dev/zero): fsio.read_bounded.
        data = read_bounded(path, MAX_REPLAY_BYTES)
        if len(data) > MAX_REPLAY_BYTES:
            raise ScannerError(f"cannot read the key events in {path}: larger than "
                               f"{MAX_REPLAY_BYTES // (1024 * 1024)} MiB, which no replay of "
                               "scans needs (is it the right file?)")
        text = data.decode("utf-8")
    except OSError as exc:
        raise ScannerError(f"cannot read the key events in {path}: {describe(exc)}") from None
    except UnicodeDecodeError as exc:
        raise ScannerError(f"cannot read the key events in {path}: not UTF-8 text "
                           f"({exc.reason} at byte {exc.start})") from None
    events: list[Event] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        try:
            if len(fields) != 4:
                raise ValueError
            seconds = float(fields[0])
            type_, code, value = (int(f) for f in fields[1:])
            if not (0 <= seconds < 1e9 and 0 <= type_ < 32 and 0 <= code < 1024
                    and -2**31 <= value < 2**31 and (type_ != EV_KEY or 0 <= value <= 2)):
                raise ValueError
        except ValueError:
            raise ScannerError(
                f"{path}:{number}: expected '<seconds> <type> <code> <value>' "
                f"(e.g. '0.012 1 2 1'), not {line[:60]!r}"
            ) from None
        if events and seconds < events[-1][0]:
            raise ScannerError(f"{path}:{number}: the time goes back ({seconds} s)")
        events.append((seconds, type_, code, value))
    return events


class ReplaySource:
    """Key events from a file, played with their recorded timing divided by `speed`
    (0: at once)."""

    def __init__(self, path: str, speed: float = 1.0) -> None:
        self.events_list = read_replay(path)
        self.speed = speed
        self._closed = threading.Event()

    def events(self, stop: threading.Event) -> Iterator[Event]:
        if not self.events_list:
            return
        first = self.events_list[0][0]
        started = time.monotonic()
        for event in self.events_list:
            if self.speed > 0:
                due = started + (event[0] - first) / self.speed
                while not stop.is_set() and not self._closed.is_set():
                    left = due - time.monotonic()
                    if left <= 0:
                        break
                    self._closed.wait(min(left, 0.5))
            if stop.is_set() or self._closed.is_set():
                return
            yield event

    def close(self) -> None:
        self._closed.set()


def load_evdev() -> Any:
    """The python-evdev module; `ScannerError` saying how to install it when missing."""
    try:
        import evdev  # type: ignore[import-not-found, unused-ignore]
    except ImportError as exc:
        raise ScannerError(
            "python-evdev is not installed, so a hid: scanner cannot be read: "
            "on Raspberry Pi OS run sudo apt install python3-evdev "
            "(sudo make install does it)"
        ) from exc
    return evdev


class EvdevSource:
    """The scanner's input device, grabbed: nothing it types reaches the console or the app."""

    def __init__(self, path: str) -> None:
        evdev = load_evdev()
        try:
            self.device = evdev.InputDevice(path)
        except PermissionError as exc:
            raise PermissionError(
                exc.errno, f"no permission to read {path} (add the user to group input)"
            ) from exc
        try:
            self.device.grab()
        except OSError as exc:
            self.device.close()
            if exc.errno == errno.EBUSY:
                raise OSError(exc.errno, f"{path} is grabbed by another program") from exc
            raise
        self._wake_r, self._wake_w = os.pipe()
        self._closed = False

    def events(self, stop: threading.Event) -> Iterator[Event]:
        fd = self.device.fd
        while not stop.is_set() and not self._closed:
            try:
                ready, _, _ = select.select([fd, self._wake_r], [], [])
                if self._wake_r in ready:
                    return
                events = list(self.device.read())  # OSError (ENODEV) when unplugged
            except BlockingIOError:
                continue  # woken with nothing to read
            except OSError:
                if self._closed:
                    return
                raise
            for event in events:
                yield (event.timestamp(), event.type, event.code, event.value)

    def close(self) -> None:
        if self._closed:  # closed twice (close() and the thread's own): the fds once
            return
        self._closed = True
        try:
            os.write(self._wake_w, b"x")
        except OSError:
            pass
        for action in (self.device.ungrab, self.device.close):
            try:
                action()
            except OSError:
                pass
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass


def open_source(port: str) -> Source:
    """Open the scanner port: `ScannerError` for a missing python-evdev or a bad replay
    file, `OSError` for a device that is missing, busy or not readable."""
    parsed = parse_hid_port(port)
    if parsed.replay:
        return ReplaySource(parsed.path, parsed.speed)
    return EvdevSource(parsed.path)


def read_decoded_hid(source: Source, stop: threading.Event,
                     gap_s: float = MAX_GAP_S) -> Iterator[tuple[float, Decoded]]:
    """`(event time, Tag or Reject)` from an open source until `stop` or its end."""
    decoder = KeyDecoder(gap_s)
    for event in source.events(stop):
        for item in decoder.feed(*event):
            yield event[0], item


class HidReader(TagReader[Source]):
    """Reads a keyboard-mode scanner in a thread; `CardScanned` and `DeviceStatus` on the bus.

    The counterpart of `cardreader.CardReader` for `hid:` and `hid-replay:` ports, with
    its lifecycle (`lifecycle.TagReader`): a device that is missing or goes away is
    reported and looked for again every `reconnect_s`, and reported when it is back. A
    burst typed for another keyboard layout is reported on the bus (the table sees how to
    fix the scanner).
    """

    thread_name = "hid-scanner"
    open_errors = (ScannerError, OSError)
    read_errors = (OSError,)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Set when a replay has played to its end.
        self.finished = threading.Event()

    def open_port(self, port: str) -> Source:
        return open_source(port)

    def read(self, source: Source) -> Iterator[tuple[float, Decoded]]:
        return read_decoded_hid(source, self.stopping)

    def wake(self, source: Source | None) -> None:
        if source is not None:
            source.close()

    def release(self, source: Source) -> None:
        source.close()

    def finished_reading(self, source: Source) -> None:
        if self.settings.port.startswith(REPLAY_PREFIX):
            # The twin played its file: it stays "plugged in", with nothing to say.
            self.finished.set()
            self.stopping.wait()

    def why(self, exc: BaseException) -> object:
        return exc.message if isinstance(exc, ScannerError) else super().why(exc)

    def rejected(self, reason: str) -> None:
        log.info("scanner: rejected input: %s", reason)
        if reason == LAYOUT_ADVICE:
            # Every scan fails until the scanner is set up: say so on the screen, once.
            self.report(False, LAYOUT_ADVICE)
        elif reason == DAMAGED_LABEL and self._reported is True:
            # One label read wrong by a scanner that works: said on the screen each time,
            # as the keyboard path says it (ui/runner.py), and the scanner is ready again
            # at once (its state does not change: the next scan is awaited).
            self.bus.put(DeviceStatus(self.device, False, reason))
            self.bus.put(DeviceStatus(self.device, True, self.ready_message()))
