"""`reader-test`: open the card reader and print what it decodes.

First `READY` once the port is open and settled (a card shown before that
line is not read: an Arduino resets when the port opens), then one line per
decoded tag, `TAG <tag>`, and per rejected input, `REJECT <reason>`, each
flushed at once so a script or a person sees it as it happens. Runs until
Ctrl-C, until the port closes (a pty's other end, an unplugged reader), or
until `--count` tags or `--timeout` seconds.

A barcode scanner in keyboard mode is read the same way: `--port hid:<device>`,
or `--port hid-replay:FILE` to play a file of recorded key events (the command
ends when the file does).
"""

from __future__ import annotations

import argparse
import math
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

from companion import paths
from companion.errors import UsageError

if TYPE_CHECKING:
    from companion.config.settings import HardwareSettings, ReaderSettings

HELP = "open the card reader and print TAG/REJECT lines for what it sends"
#: The longest --timeout: a day (a longer test is a test without a timeout).
MAX_TIMEOUT_S = 86_400.0


def _seconds(option: str, value: float | None, low: float, high: float,
             *, low_included: bool = True) -> None:
    """A UsageError unless `value` (given for `option`) is a finite number within the bounds."""
    if value is None:
        return
    if not math.isfinite(value):
        raise UsageError(f"{option} must be a number of seconds, not {value}")
    if value < low or (value == low and not low_included) or value > high:
        side = "from" if low_included else "more than"
        raise UsageError(f"{option} {value:g} is out of range ({side} {low:g} to {high:g} seconds)")


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `reader-test` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "reader-test",
        help=HELP,
        description=HELP + ". Settings not given come from hardware.yaml (reader:).",
    )
    add_reader_arguments(parser)
    parser.add_argument(
        "--repeat-suppress",
        type=float,
        metavar="S",
        help="a tag seen again within S seconds is not printed again (0: print every frame)",
    )
    parser.add_argument("--count", type=int, metavar="N", help="stop after N tags")
    parser.add_argument("--timeout", type=float, metavar="S", help="stop after S seconds")
    parser.set_defaults(func=run)
    return parser


def hardware_config(args: argparse.Namespace) -> HardwareSettings:
    """hardware.yaml of the config dir as `HardwareSettings` (the defaults if it is missing).

    Raises `ConfigError` (exit status 2) naming file, line and key when it is invalid.
    """
    from companion.config.settings import (
        HARDWARE_FILE,
        ConfigProblems,
        HardwareSettings,
        check_hardware_file,
    )

    path = paths.config_dir(getattr(args, "config", None)) / HARDWARE_FILE
    if not path.is_file():
        return HardwareSettings()
    settings, errors = check_hardware_file(path)
    if errors or settings is None:
        raise ConfigProblems(errors)
    return settings


def reader_config(args: argparse.Namespace) -> ReaderSettings:
    """The reader's settings: hardware.yaml, then the command line's overrides."""
    from companion.config.settings import (
        BAUDRATES,
        REPEAT_SUPPRESS_S,
        SETTLE_S,
    )
    from companion.config.settings import replace as settings_replace

    # The same bounds as hardware.yaml's: 1e300 or nan is a typo, not a wait.
    _seconds("--settle", getattr(args, "settle", None), *SETTLE_S)
    _seconds("--repeat-suppress", getattr(args, "repeat_suppress", None), *REPEAT_SUPPRESS_S)
    baudrate = getattr(args, "baudrate", None)
    if baudrate is not None and baudrate not in BAUDRATES:
        raise UsageError(
            f"--baudrate {baudrate} is not a standard rate (9600 and 115200 are usual)"
        )
    settings = hardware_config(args).reader
    overrides = {
        "port": getattr(args, "port", None),
        "framing": getattr(args, "framing", None),
        "line_ending": getattr(args, "line_ending", None),
        "baudrate": getattr(args, "baudrate", None),
        "settle_s": getattr(args, "settle", None),
        "repeat_suppress_s": getattr(args, "repeat_suppress", None),
    }
    return settings_replace(settings, **{k: v for k, v in overrides.items() if v is not None})


def add_reader_arguments(parser: argparse.ArgumentParser) -> None:
    """--port, --framing, ... : the reader settings a command may override."""
    parser.add_argument(
        "--port",
        metavar="URL",
        help="device or pyserial URL (loop://, a pty); a USB barcode scanner as "
        "hid:/dev/input/by-id/...-event-kbd, or hid-replay:FILE (recorded key events)",
    )
    parser.add_argument("--framing", choices=("line", "rdm6300"), help="how tags are framed")
    parser.add_argument(
        "--line-ending", choices=("any", "cr", "lf", "crlf"), help="for --framing line"
    )
    parser.add_argument("--baudrate", type=int, metavar="N", help="serial speed")
    parser.add_argument(
        "--settle", type=float, metavar="S", help="seconds to wait after opening the port"
    )


class _Lines:
    """The `TAG` and `REJECT` lines both kinds of reader print, and how many tags so far."""

    def __init__(self, args: argparse.Namespace, repeat_suppress_s: float) -> None:
        from companion.inputs.cardreader import RepeatFilter

        self.count: int | None = args.count
        self.repeats = RepeatFilter(repeat_suppress_s)
        self.tags = 0
        self.started = time.monotonic()

    def print_all(self, items: Any) -> bool:
        """Print each (seconds, Tag or Reject); True once --count tags were printed."""
        from companion.inputs.framing import Tag

        for seconds, item in items:
            if isinstance(item, Tag):
                if not self.repeats.accept(item.tag, seconds):
                    continue
                print(f"TAG {item.tag}", flush=True)
                self.tags += 1
                if self.count is not None and self.tags >= self.count:
                    return True
            else:
                print(f"REJECT {item.reason}", flush=True)
        return False

    def status(self) -> int:
        """0, or 1 with a note when fewer tags than --count came."""
        if self.count is not None and self.tags < self.count:
            waited = time.monotonic() - self.started
            print(f"reader-test: {self.tags} of {self.count} tags after {waited:.1f} s",
                  file=sys.stderr, flush=True)
            return 1
        return 0


def _timer(timeout: float | None, time_up: Any) -> threading.Timer | None:
    """A daemon timer that calls `time_up` after --timeout seconds (None without one)."""
    if timeout is None:
        return None
    timer = threading.Timer(timeout, time_up)
    timer.daemon = True
    timer.start()
    return timer


def run(args: argparse.Namespace) -> int:
    """Read the reader and print a line per tag or rejected input."""
    from companion.inputs.cardreader import (
        PORT_ERRORS,
        cancel_read,
        close_port,
        open_port,
        read_decoded,
        settle,
    )
    if args.count is not None and args.count < 1:
        raise UsageError("--count must be at least 1")
    _seconds("--timeout", args.timeout, 0.0, MAX_TIMEOUT_S, low_included=False)
    settings = reader_config(args)
    from companion.inputs.scanner import is_hid_port

    if is_hid_port(settings.port):
        return _run_scanner(args, settings)
    ending = f", line ending {settings.line_ending}" if settings.framing == "line" else ""
    print(
        f"reader-test: {settings.port} ({settings.framing}{ending}, {settings.baudrate} baud); "
        "Ctrl-C to stop",
        file=sys.stderr,
        flush=True,
    )
    port = open_port(settings)
    stop = threading.Event()

    def time_up() -> None:
        stop.set()
        cancel_read(port)  # not a read timeout later

    timer = _timer(args.timeout, time_up)
    lines = _Lines(args, settings.repeat_suppress_s)
    try:
        settle(port, settings.settle_s, stop)
        # Scripts and tests wait for this line; a person knows the card may be shown now.
        print("READY", flush=True)
        if lines.print_all(read_decoded(port, settings, stop)):
            return 0
    except PORT_ERRORS as exc:
        print(f"reader-test: the port closed ({exc})", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        if timer is not None:
            timer.cancel()
        close_port(port)
    return lines.status()


def _run_scanner(args: argparse.Namespace, settings: ReaderSettings) -> int:
    """reader-test for a keyboard-mode barcode scanner (`hid:` or `hid-replay:`)."""
    from companion.inputs.scanner import ScannerError, open_source, read_decoded_hid

    print(f"reader-test: {settings.port} (barcode scanner, US key codes); Ctrl-C to stop",
          file=sys.stderr, flush=True)
    try:
        source = open_source(settings.port)
    except OSError as exc:
        raise ScannerError(
            f"cannot open the scanner at {settings.port}: {exc.strerror or exc}"
        ) from exc
    stop = threading.Event()

    def time_up() -> None:
        stop.set()
        source.close()

    timer = _timer(args.timeout, time_up)
    lines = _Lines(args, settings.repeat_suppress_s)
    try:
        print("READY", flush=True)
        if lines.print_all(read_decoded_hid(source, stop)):
            return 0
    except OSError as exc:
        print(f"reader-test: the scanner went away ({exc.strerror or exc})",
              file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        if timer is not None:
            timer.cancel()
        source.close()
    return lines.status()
