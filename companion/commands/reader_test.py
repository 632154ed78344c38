"""`reader-test`: open the card reader and print what it decodes.

One line per decoded tag, `TAG <tag>`, and per rejected input,
`REJECT <reason>`, each flushed at once so a script or a person sees it as it
happens. Runs until Ctrl-C, until the port closes (a pty's other end, an
unplugged reader), or until `--count` tags or `--timeout` seconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import threading
import time
from typing import Any

from companion import paths
from companion.errors import UsageError

HELP = "open the card reader and print TAG/REJECT lines for what it sends"


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `reader-test` command."""
    parser = subparsers.add_parser(
        "reader-test",
        help=HELP,
        description=HELP + ". Settings not given come from hardware.yaml (reader:).",
    )
    parser.add_argument("--port", metavar="URL", help="device or pyserial URL (loop://, a pty)")
    parser.add_argument("--framing", choices=("line", "rdm6300"), help="how tags are framed")
    parser.add_argument(
        "--line-ending", choices=("any", "cr", "lf", "crlf"), help="for --framing line"
    )
    parser.add_argument("--baudrate", type=int, metavar="N", help="serial speed")
    parser.add_argument(
        "--settle", type=float, metavar="S", help="seconds to wait after opening the port"
    )
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


def _hardware(args: argparse.Namespace) -> dict[str, Any]:
    from companion.config import yamlfile

    folder = paths.config_dir(getattr(args, "config", None))
    doc = yamlfile.load(folder / "hardware.yaml", missing_ok=True)
    data = doc.data if doc is not None else None
    return data if isinstance(data, dict) else {}


def run(args: argparse.Namespace) -> int:
    """Read the reader and print a line per tag or rejected input."""
    from companion.inputs.cardreader import (
        PORT_ERRORS,
        RepeatFilter,
        open_port,
        read_decoded,
        settle,
    )
    from companion.inputs.framing import Tag
    from companion.inputs.settings import reader_settings

    if args.count is not None and args.count < 1:
        raise UsageError("--count must be at least 1")
    if args.timeout is not None and args.timeout <= 0:
        raise UsageError("--timeout must be positive")
    for name in ("settle", "repeat_suppress"):
        if getattr(args, name) is not None and getattr(args, name) < 0:
            raise UsageError(f"--{name.replace('_', '-')} must not be negative")
    settings = reader_settings({"reader": _hardware(args).get("reader") or {}})
    overrides = {
        "port": args.port,
        "framing": args.framing,
        "line_ending": args.line_ending,
        "baudrate": args.baudrate,
        "settle_s": args.settle,
        "repeat_suppress_s": args.repeat_suppress,
    }
    settings = dataclasses.replace(
        settings, **{k: v for k, v in overrides.items() if v is not None}
    )
    ending = f", line ending {settings.line_ending}" if settings.framing == "line" else ""
    print(
        f"reader-test: {settings.port} ({settings.framing}{ending}, {settings.baudrate} baud); "
        "Ctrl-C to stop",
        file=sys.stderr,
        flush=True,
    )
    port = open_port(settings)
    stop = threading.Event()
    timer = None
    if args.timeout is not None:
        timer = threading.Timer(args.timeout, stop.set)
        timer.daemon = True
        timer.start()
    repeats = RepeatFilter(settings.repeat_suppress_s)
    tags = 0
    started = time.monotonic()
    try:
        settle(port, settings.settle_s, stop)
        for now, item in read_decoded(port, settings, stop):
            if isinstance(item, Tag):
                if not repeats.accept(item.tag, now):
                    continue
                print(f"TAG {item.tag}", flush=True)
                tags += 1
                if args.count is not None and tags >= args.count:
                    return 0
            else:
                print(f"REJECT {item.reason}", flush=True)
    except PORT_ERRORS as exc:
        print(f"reader-test: the port closed ({exc})", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        if timer is not None:
            timer.cancel()
        try:
            port.close()
        except PORT_ERRORS:
            pass
    if args.count is not None and tags < args.count:
        waited = time.monotonic() - started
        print(
            f"reader-test: {tags} of {args.count} tags after {waited:.1f} s",
            file=sys.stderr,
            flush=True,
        )
        return 1
    return 0
