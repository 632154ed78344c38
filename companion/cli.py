"""The command line: `speicherstadt-companion [COMMAND] ...`.

This is the composition root. With no command it starts the touchscreen app;
each command lives in its own module under `companion.commands` and exposes
`register(subparsers)`, which adds its parser and sets `func` to a function
`(args) -> int` that returns the exit status.

Exit status: 0 success, 2 bad usage or configuration, 3 a rule broken by a
record. No command prints a Python traceback for bad input: a
`CompanionError` becomes its message; anything unexpected is logged with its
traceback and reported in one line.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion import __version__, paths
from companion.errors import CompanionError, UsageError

#: Modules that each add one subcommand. Order is the order of `--help`.
COMMAND_MODULES = [
    "companion.commands.replay",
    "companion.commands.score",
    "companion.commands.status",
    "companion.commands.feed",
    "companion.commands.export",
    "companion.commands.history",
    "companion.commands.check_config",
    "companion.commands.reader_test",
    "companion.commands.enroll",
    "companion.commands.labels",
    "companion.commands.serve",
    "companion.commands.camera",
    "companion.commands.camera_test",
    "companion.commands.sync",
    "companion.commands.club",
    "companion.commands.boot_settings",
]

#: Commands that never write the state directory (docs/phones.md: `serve` only reads it).
READ_ONLY_COMMANDS = frozenset({"serve", "club"})

log = logging.getLogger("companion")


class _Parser(argparse.ArgumentParser):
    """argparse exits with status 2 on bad usage already; keep its message short."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def add_common_arguments(parser: argparse.ArgumentParser, *, on_command: bool = False) -> None:
    """--state-dir and --config, which every command takes, before or after its name."""
    # On a subcommand the default must not overwrite a value given before the name.
    default = argparse.SUPPRESS if on_command else None
    parser.add_argument(
        "--state-dir",
        default=default,
        metavar="DIR",
        help="where games and history live (default: $STATE_DIRECTORY, "
        "else ~/.local/share/speicherstadt-companion)",
    )
    parser.add_argument(
        "--config",
        default=default,
        metavar="DIR",
        help="folder with companion.yaml, hardware.yaml and cards.yaml "
        "(default: $CONFIGURATION_DIRECTORY, else /etc/speicherstadt-companion, else shipped)",
    )


class _NotTheApp(Exception):
    """The light parser cannot take these arguments: leave them to the full one."""


class _AppParser(_Parser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _NotTheApp(message)


def _add_app_arguments(parser: argparse.ArgumentParser) -> None:
    add_common_arguments(parser)
    parser.add_argument(
        "--simulate",
        action="store_true",
        help="keys and on-screen buttons instead of GPIO buttons and the card reader",
    )
    parser.add_argument(
        "--port", metavar="PORT",
        help="the card reader's port instead of hardware.yaml's, also with --simulate: "
        "hid-replay:FILE replays a barcode scanner's key events, hid:DEVICE reads one, "
        "any other is a serial port or pyserial URL (loop://, socket://HOST:PORT)",
    )
    parser.add_argument(
        "--screenshot-dir", metavar="DIR", help="save a PNG of every new screen shown"
    )
    parser.add_argument(
        "--screenshot-each-input", action="store_true",
        help="with --screenshot-dir: also a frame after every input that changed the picture",
    )


def app_args(argv: Sequence[str] | None) -> argparse.Namespace | None:
    """The app's options when `argv` names no command and asks for no help or version;
    None otherwise. Starting the app then imports no command module (each imports the
    engine, YAML or the store before the first frame)."""
    parser = _AppParser(prog="speicherstadt-companion", add_help=False)
    _add_app_arguments(parser)
    try:
        args, rest = parser.parse_known_args(argv)
    except _NotTheApp:
        return None  # the full parser gives the message, with its usage line
    if rest:
        return None  # a command, -h/--help, --version or a bad option: the full parser
    args.command = None
    return args


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="speicherstadt-companion",
        description="Table companion for Die Speicherstadt. Without a command, starts the app.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    _add_app_arguments(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        module = importlib.import_module(name)
        cmd_parser = module.register(sub)
        add_common_arguments(cmd_parser, on_command=True)
    return parser


def _run_app(args: argparse.Namespace) -> int:
    from companion import app

    return app.run(args)


#: Characters a terminal acts on instead of showing: C0 (but newline and tab), DEL, C1,
#: the bidirectional overrides, and halves of surrogate pairs (not text at all); each
#: with its escape, made at the first write to a terminal: 2,120 entries, ~0.3 MiB and
#: ~0.5 ms that a start under systemd (no terminal) never needs.
_ESCAPED: dict[int, str] = {}


def _escapes() -> dict[int, str]:
    if not _ESCAPED:
        _ESCAPED.update({
            c: f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"
            for c in (
                *range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0),
                *range(0x202A, 0x202F), *range(0x2066, 0x206A), *range(0xD800, 0xE000),
            )
        })
    return _ESCAPED


class _TerminalSafe:
    """A text stream to a terminal that shows control characters as escapes: a player's
    name with ANSI escapes must not recolour, clear or retitle the owner's terminal."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(text.translate(_escapes()))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class OutputError(CompanionError):
    """The command's output cannot be written (stdout on a full device, a failing disk)."""


class _Checked:
    """The standard output, turning a failed write into an `OutputError` that says so (it
    was reported as a bug). A closed pipe stays a `BrokenPipeError` (the reader left)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _failed(self, exc: OSError) -> OutputError:
        # What is still buffered would fail again as Python exits: send it nowhere.
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._stream.fileno())
            os.close(null)
        except (OSError, ValueError, AttributeError):
            pass
        return OutputError(f"cannot write the output: {exc.strerror or exc}")

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _guard_output() -> tuple[Any, Any]:
    """Make stdout and stderr safe for names from files; the streams to restore."""
    saved = sys.stdout, sys.stderr
    sys.stdout = _Checked(sys.stdout)
    for stream in saved:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            # Text that cannot be encoded (half a surrogate pair) is shown, never a crash.
            reconfigure(errors="backslashreplace")
    if _isatty(sys.stdout):
        sys.stdout = _TerminalSafe(sys.stdout)
    if _isatty(sys.stderr):
        sys.stderr = _TerminalSafe(sys.stderr)
    return saved


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def main(argv: Sequence[str] | None = None) -> int:
    saved = _guard_output()
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = saved


def _main(argv: Sequence[str] | None = None) -> int:
    args = app_args(argv)
    if args is None:
        args = build_parser().parse_args(argv)
    func = getattr(args, "func", None) or _run_app
    try:
        check_state_dir(paths.state_dir(getattr(args, "state_dir", None)))
        shots = getattr(args, "screenshot_dir", None)
        if shots and os.path.exists(shots) and not os.path.isdir(shots):
            raise UsageError(f"--screenshot-dir {shots}: is a file, not a folder")
        status = int(func(args))
        sys.stdout.flush()  # output that cannot be written is told here, not at exit
        return status
    except CompanionError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback for users
        report = _save_crash_report(args)
        if logging.getLogger().handlers:  # the app's log (the journal on a Pi) keeps the details
            log.error("unexpected error", exc_info=True)
        where = f"; the details are in {report}" if report else ""
        print(
            f"error: unexpected {type(exc).__name__}: {exc} (this is a bug; please report it"
            f"{where})",
            file=sys.stderr,
        )
        return 1


def check_state_dir(path: Path) -> None:
    """A CompanionError if the state directory cannot be used: a file, not a folder, or
    not readable by this user. (Missing is fine: the first game creates it.) Checked once,
    first, so the message names the folder, not a file inside it such as cards.yaml."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise CompanionError(
            f"the state directory {path} cannot be used: a part of its path is a file, not a "
            "folder (give the folder where games and history live with --state-dir)"
        ) from None
    except PermissionError:
        raise CompanionError(
            f"cannot reach the state directory {path}: this user has no permission to open a "
            "folder on its path (run as the companion's user, e.g. with `sudo -u companion`)"
        ) from None
    except OSError as exc:
        raise CompanionError(f"cannot read the state directory {path}: {exc.strerror}") from None
    if not stat.S_ISDIR(mode):
        raise CompanionError(
            f"the state directory {path} is a file, not a folder (give the folder where games "
            "and history live with --state-dir)"
        )
    if not os.access(path, os.R_OK | os.X_OK):
        raise CompanionError(
            f"cannot read the state directory {path}: this user has no permission to read it "
            "(run as the companion's user, e.g. with `sudo -u companion`)"
        )


def _save_crash_report(args: argparse.Namespace) -> Path | None:
    """Write the current exception's traceback to a file for a bug report; its path.

    Into the state directory when it already exists and can be written, else the
    temporary folder; no folder is ever created for it (a read-only command must not
    leave one behind in the home directory). None when neither can take it."""
    text = traceback.format_exc()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    import tempfile  # only for a crash log: not on the way to the first frame

    folders = [paths.state_dir(getattr(args, "state_dir", None)), Path(tempfile.gettempdir())]
    if getattr(args, "command", None) in READ_ONLY_COMMANDS:
        folders = folders[1:]  # a reader never writes the state directory, not even a report
    for folder in folders:
        path = folder / f"crash-{stamp}-{os.getpid()}.log"
        try:
            # Exclusive and private: never through a planted link, never readable by others.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except OSError:
            continue  # a missing folder is not created
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path
    return None


if __name__ == "__main__":
    sys.exit(main())
