"""Logging for the companion: the journal with levels under systemd, readable on a terminal.

Under systemd, stderr is connected to journald ($JOURNAL_STREAM names that
stream). journald reads a `<N>` prefix on each line as the syslog priority,
so `journalctl -p warning -u speicherstadt-companion` works and errors show in
red. On a terminal the lines carry a time and the level in words instead.

Expected faults (`CompanionError`: a bad config, an unplugged reader) are
logged as their message only; a traceback is kept for real bugs, where it is
what a bug report needs.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO

from companion.errors import CompanionError, ConfigError

__all__ = ["LEVELS", "setup_logging", "under_journald"]

#: The levels `log_level` in companion.yaml may name.
LEVELS = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
}

# sd-daemon(3) priorities, as journald reads them from a "<N>" line prefix.
_SD_PRIORITY = [
    (logging.CRITICAL, 2),
    (logging.ERROR, 3),
    (logging.WARNING, 4),
    (logging.INFO, 6),
]
_SD_DEBUG = 7


def _priority(levelno: int) -> int:
    for threshold, priority in _SD_PRIORITY:
        if levelno >= threshold:
            return priority
    return _SD_DEBUG


def under_journald(stream: TextIO | None = None) -> bool:
    """True when `stream` (stderr) is the journal stream systemd gave us.

    $JOURNAL_STREAM is "device:inode" of that stream; comparing it with stderr
    keeps a child whose stderr was redirected from writing `<N>` into a file.
    """
    value = os.environ.get("JOURNAL_STREAM")
    if not value:
        return False
    stream = sys.stderr if stream is None else stream
    try:
        device, inode = (int(part) for part in value.split(":", 1))
        st = os.fstat(stream.fileno())
    except (ValueError, OSError, AttributeError):
        # No usable fd to compare (a test's StringIO): trust the variable.
        return True
    return (st.st_dev, st.st_ino) == (device, inode)


class _ExpectedFaultsWithoutTraceback(logging.Formatter):
    """Drops the traceback of a CompanionError: its message says everything."""

    def format(self, record: logging.LogRecord) -> str:
        if record.exc_info and isinstance(record.exc_info[1], CompanionError):
            exc = record.exc_info[1]
            record = logging.makeLogRecord(record.__dict__)
            record.exc_info = None
            record.exc_text = None
            original = record.getMessage()
            record.msg = f"{original}: {exc}" if original else str(exc)
            record.args = None
        return super().format(record)


class JournalFormatter(_ExpectedFaultsWithoutTraceback):
    """`<N>logger: message`, with the prefix on every line of a traceback too."""

    def __init__(self) -> None:
        super().__init__("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        prefix = f"<{_priority(record.levelno)}>"
        return "\n".join(prefix + line for line in text.splitlines() or [""])


class TerminalFormatter(_ExpectedFaultsWithoutTraceback):
    """`12:34:56 WARNING companion.inputs: message`."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s", datefmt="%H:%M:%S")


def setup_logging(level: str = "info", *, stream: TextIO | None = None) -> logging.Handler:
    """Route the `companion` loggers (and warnings) to stderr at `level`.

    `level` is one of `LEVELS` (any case). Calling it again replaces the handler
    it installed before, so the app may call it early with a default and again
    once the configuration is read. Returns the handler.
    """
    try:
        levelno = LEVELS[level.strip().lower()]
    except (KeyError, AttributeError):
        raise ConfigError(
            f"log_level: {level!r} is not one of {', '.join(LEVELS)}"
        ) from None
    stream = sys.stderr if stream is None else stream
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JournalFormatter() if under_journald(stream) else TerminalFormatter())
    handler.set_name("companion")

    root = logging.getLogger()
    for old in list(root.handlers):
        if old.get_name() == "companion":
            root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(levelno)
    logging.captureWarnings(True)
    return handler
