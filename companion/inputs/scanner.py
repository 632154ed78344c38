"""USB barcode scanners in keyboard mode, read as key codes (`reader.port: hid:<device>`).

A scanner in keyboard mode (a "keyboard wedge") types what it reads as key
presses. Two traps, both avoided here:

- **It types key positions, not characters.** A scanner set to a French layout
  sends Shift + the digit row for each digit, which a US layout reads as
  `!@#$...`; with the layout of the system in between, `77470003` can arrive as
  `èè'èàààç`. So the key *codes* are decoded with a fixed US table, never the
  typed text, and a burst with Shift on the digit row is rejected with a message
  that says how to set the scanner to US keyboard (never read as a wrong tag).
  A German (QWERTZ) setting types the digits on the same keys as US, so label
  codes (digits only) read right either way.
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
`MAX_GAP_S` between two keys drops what came before (a partial code is never
a tag). `KeyDecoder` is pure (no device, no clock) so every rule is tested
directly; `HidReader` is the thread that the app, `enroll` and `reader-test`
use, with the serial reader's behaviour on unplugging: a `DeviceStatus` on
the bus, the game goes on, and it comes back by itself.
"""

from __future__ import annotations

import errno
import logging
import os
import select
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from companion.errors import CompanionError
from companion.fsio import describe, read_bounded
from companion.inputs.bus import IntentBus
from companion.inputs.cardreader import RepeatFilter
from companion.inputs.framing import Decoded, Reject, Tag
from companion.inputs.intents import CardScanned
from companion.inputs.lifecycle import InputThread
from companion.inputs.settings import ReaderSettings
from companion.inputs.tagmap import (
    DAMAGED_LABEL,
    MAX_TAG_LEN,
    TagError,
    damaged_label,
    normalise_tag,
)

log = logging.getLogger("companion.inputs")

HID_PREFIX = "hid:"
REPLAY_PREFIX = "hid-replay:"
#: The largest replay file read (a scanned card is about 20 lines, 600 bytes).
MAX_REPLAY_BYTES = 2 * 1024 * 1024

#: The longest pause between two keys of one code (scanners type a key every few ms).
MAX_GAP_S = 0.5

#: python-evdev's event types and values.
EV_KEY = 1
KEY_UP, KEY_DOWN, KEY_REPEAT = 0, 1, 2

#: Linux key codes (input-event-codes.h) of the keys a code may use, with the character
#: a US keyboard gives for each, without Shift and with it.
DIGIT_ROW = {2: "1", 3: "2", 4: "3", 5: "4", 6: "5", 7: "6", 8: "7", 9: "8", 10: "9", 11: "0"}
_SHIFTED_DIGITS = dict(zip(DIGIT_ROW, "!@#$%^&*()", strict=True))
KEYPAD = {82: "0", 79: "1", 80: "2", 81: "3", 75: "4", 76: "5", 77: "6", 71: "7", 72: "8",
          73: "9", 74: "-", 83: "."}
LETTERS = {
    **{16 + i: ch for i, ch in enumerate("qwertyuiop")},
    **{30 + i: ch for i, ch in enumerate("asdfghjkl")},
    **{44 + i: ch for i, ch in enumerate("zxcvbnm")},
}
#: Other keys a tag may hold (normalise_tag drops them between groups): minus, space,
#: dot, and the colon (Shift + semicolon).
PUNCTUATION = {12: ("-", "_"), 57: (" ", " "), 52: (".", ">"), 39: (";", ":")}
ENTER = frozenset({28, 96})  # Enter, keypad Enter
SHIFT = frozenset({42, 54})
#: Ctrl, Alt, AltGr, the Windows keys: no scanner sends them with a code in US mode.
CONTROL = frozenset({29, 97, 56, 100, 125, 126})
CAPS_LOCK = 58

#: What a burst typed with Shift on the digit row means, and what to do about it.
LAYOUT_ADVICE = (
    "the barcode scanner types for another keyboard layout (Shift with the digit keys, "
    "as for French AZERTY): set it to US keyboard by scanning the 'USA' / 'US English' "
    "keyboard code in its manual, then scan again"
)


def us_character(code: int, shift: bool) -> str | None:
    """The character a US keyboard types for key `code` (None: not a key of a code)."""
    if code in DIGIT_ROW:
        return _SHIFTED_DIGITS[code] if shift else DIGIT_ROW[code]
    if code in KEYPAD:
        return KEYPAD[code]
    if code in LETTERS:
        return LETTERS[code].upper() if shift else LETTERS[code]
    if code in PUNCTUATION:
        return PUNCTUATION[code][1 if shift else 0]
    return None


class KeyDecoder:
    """Key events of one device to codes: `feed(seconds, type, code, value)` returns the
    `Tag`s and `Reject`s that event completed.

    Only key presses count (value 1); releases only end Shift; auto-repeats (value 2)
    are a key held down, not typing. Enter ends a code. A key more than `gap_s`
    after the one before starts a new code and drops the unfinished one (reported
    as a `Reject`). The times are the events' own (the kernel's, or the file's).
    """

    def __init__(self, gap_s: float = MAX_GAP_S) -> None:
        self.gap_s = gap_s
        self._chars: list[str] = []
        self._problem: str | None = None
        self._shift: set[int] = set()
        self._control: set[int] = set()
        self._last: float | None = None

    def reset(self) -> None:
        """Forget a partial code and held keys (after the device was reopened)."""
        self._chars, self._problem, self._last = [], None, None
        self._shift.clear()
        self._control.clear()

    def _drop(self, out: list[Decoded], why: str) -> None:
        if self._chars or self._problem:
            shown = "".join(self._chars)[:MAX_TAG_LEN]
            out.append(Reject(self._problem or f"{why}: {shown!r} dropped (no Enter)"))
        self._chars, self._problem = [], None

    def feed(self, seconds: float, type_: int, code: int, value: int) -> list[Decoded]:
        """Decode one event; returns the tags and rejects it completed."""
        if type_ != EV_KEY:
            return []
        if code in SHIFT or code in CONTROL:
            held = self._shift if code in SHIFT else self._control
            if value == KEY_UP:
                held.discard(code)
            else:
                held.add(code)
            return []
        if value != KEY_DOWN:
            return []
        out: list[Decoded] = []
        if self._last is not None and seconds - self._last > self.gap_s:
            self._drop(out, f"a pause of {seconds - self._last:.1f} s inside a code")
        self._last = seconds
        if code in ENTER:
            self._finish(out)
        elif code == CAPS_LOCK:
            pass  # some scanners toggle it around a code; the table below decides case
        elif self._problem is not None:
            pass  # the code is already refused; its keys are skipped to the Enter
        elif self._control:
            self._problem = "Ctrl or Alt held with a key: not a barcode scanner in US mode"
        elif code in DIGIT_ROW and self._shift:
            self._problem = LAYOUT_ADVICE
        else:
            char = us_character(code, bool(self._shift))
            if char is None:
                self._problem = f"key code {code} is not part of a code"
            elif len(self._chars) >= MAX_TAG_LEN:
                self._problem = f"longer than {MAX_TAG_LEN} characters"
            else:
                self._chars.append(char)
        return out

    def _finish(self, out: list[Decoded]) -> None:
        chars, problem = "".join(self._chars), self._problem
        self._chars, self._problem = [], None
        if problem is not None:
            out.append(Reject(problem))
        elif chars:
            try:
                tag = normalise_tag(chars)
            except TagError as exc:
                out.append(Reject(exc.message))
                return
            out.append(Reject(DAMAGED_LABEL) if damaged_label(tag) else Tag(tag))


def key_events(text: str, start: float = 0.0, step: float = 0.004,
               *, shift_digits: bool = False) -> list[tuple[float, int, int, int]]:
    """The key events a US-mode scanner sends for `text` and Enter (digits, letters,
    `-`, `.`, space), from `start`, one key every `step` seconds. With
    `shift_digits`, each digit is sent as a French-layout scanner sends it (Shift held).

    Used by the tests and to write replay files (`write_replay`)."""
    codes = {**{ch: c for c, ch in DIGIT_ROW.items()}, **{ch: c for c, ch in LETTERS.items()},
             "-": 12, ".": 52, " ": 57}
    events: list[tuple[float, int, int, int]] = []
    t = start
    for ch in text:
        code = codes.get(ch.lower())
        if code is None:
            raise ValueError(f"no US key for {ch!r}")
        shift = ch.isupper() or (shift_digits and ch.isdigit())
        if shift:
            events.append((t, EV_KEY, 42, KEY_DOWN))
        events += [(t, EV_KEY, code, KEY_DOWN), (t + step / 2, EV_KEY, code, KEY_UP)]
        if shift:
            events.append((t + step / 2, EV_KEY, 42, KEY_UP))
        t += step
    events += [(t, EV_KEY, 28, KEY_DOWN), (t + step / 2, EV_KEY, 28, KEY_UP)]
    return events


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


class HidReader(InputThread[Source, tuple[float, Decoded]]):
    """Reads a keyboard-mode scanner in a thread; `CardScanned` and `DeviceStatus` on the bus.

    The counterpart of `cardreader.CardReader` for `hid:` and `hid-replay:` ports, with
    its lifecycle (`lifecycle.InputThread`): a device that is missing or goes away is
    reported and looked for again every `reconnect_s`, and reported when it is back. A
    burst typed for another keyboard layout is reported on the bus (the table sees how to
    fix the scanner). `open_source` is the port opener (the tests give a fake device).
    """

    device = "reader"
    thread_name = "hid-scanner"
    open_errors = (ScannerError, OSError)
    read_errors = (OSError,)

    def __init__(
        self,
        settings: ReaderSettings,
        bus: IntentBus,
        *,
        lookup: Callable[[str], str | None],
        on_reject: Callable[[str], None] | None = None,
        open_source: Callable[[str], Source] = open_source,
    ) -> None:
        super().__init__(bus, reconnect_s=settings.reconnect_s)
        self.settings = settings
        self.lookup = lookup
        self.on_reject = on_reject
        self._open_source = open_source
        self.repeats = RepeatFilter(settings.repeat_suppress_s)
        #: Set when a replay has played to its end.
        self.finished = threading.Event()

    def open(self) -> Source:
        return self._open_source(self.settings.port)

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

    def ready_message(self) -> str:
        return f"card reader ready on {self.settings.port}"

    def missing_message(self, exc: BaseException) -> str:
        why = exc.message if isinstance(exc, ScannerError) else (
            getattr(exc, "strerror", None) or str(exc))
        return (f"card reader not found at {self.settings.port} ({why}); "
                f"trying again every {self.settings.reconnect_s:g} s")

    def gone_message(self, exc: BaseException) -> str:
        why = getattr(exc, "strerror", None) or exc
        return (f"card reader at {self.settings.port} went away ({why}); "
                "waiting for it to come back")

    def handle(self, item: tuple[float, Decoded]) -> None:
        seconds, decoded = item
        if isinstance(decoded, Tag):
            if self._reported is False:
                self.report(True, self.ready_message())
            if self.repeats.accept(decoded.tag, seconds):
                self.bus.put(CardScanned(decoded.tag, self.lookup(decoded.tag)))
            return
        assert isinstance(decoded, Reject)
        log.info("scanner: rejected input: %s", decoded.reason)
        if decoded.reason == LAYOUT_ADVICE:
            # Every scan fails until the scanner is set up: say so on the screen, once.
            self.report(False, LAYOUT_ADVICE)
        if self.on_reject is not None:
            self.on_reject(decoded.reason)
