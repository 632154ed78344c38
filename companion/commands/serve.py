"""`serve [--bind ADDR] [--port N]`: the live page for the players' phones (docs/phones.md).

A process of its own beside the app: it only reads the state directory (never
takes its lock, never writes there, not even for a game of an older version: it
replays such a game with the values the app pinned for it) and serves the current game to phones on
the local network. Once listening it prints one line, ``URL <address>``, the
page's address with the table's token. The token is made by the app (or
rotated from its Settings); without one, `serve` says so and stops (exit 2).
"""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Any

from companion import paths
from companion.commands.bgstats_export import table_language, table_names, table_said
from companion.commands.common import catalogue_for
from companion.config import settings
from companion.errors import CompanionError, UsageError
from companion.store.phones import TOKEN_FILE, page_url, reachable_host, read_token


class NotSetUp(CompanionError):
    """The state directory is not ready for phones yet (no token): a setup matter, exit 2."""

    exit_status = 2


def register(sub: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        "serve",
        help="the live, read-only page for the players' phones",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    parser.add_argument("--bind", metavar="ADDR",
                        help="the address to listen on (default: companion.yaml's phones.bind, "
                        "127.0.0.1 if not set)")
    parser.add_argument("--port", metavar="N", type=int,
                        help="the port (default: companion.yaml's phones.port, 8080; 0: any "
                        "free one)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    state_dir = paths.state_dir(getattr(args, "state_dir", None))
    config_dir = paths.config_dir(getattr(args, "config", None))
    companion, errors = settings.check_companion_file(config_dir / settings.COMPANION_FILE)
    if companion is None:
        raise CompanionError("\n".join(e.message for e in errors))
    bind = args.bind if args.bind is not None else companion.phones.bind
    port = args.port if args.port is not None else companion.phones.port
    if not 0 <= port <= 65535:
        raise UsageError(f"--port {port} is not a port (0 to 65535)")
    if not state_dir.is_dir():
        raise NotSetUp(f"the state directory {state_dir} does not exist; start the "
                             "companion app once first")
    if read_token(state_dir) is None:
        raise NotSetUp(
            f"no phone token in {state_dir} ({TOKEN_FILE}): the companion app makes one when "
            "it starts (Settings can rotate it); start the app once, then `serve` again"
        )
    from companion import logs
    from companion.phones import server  # here: the words tables are built only to serve

    logs.setup_logging(companion.log_level)

    catalogue = catalogue_for(args)
    language = table_language(args)
    names = table_names(language)
    said = table_said(language)  # the BG Stats play's comments, as `export --bgstats` has them
    try:
        httpd = server.make_server(state_dir, catalogue, names, lambda: read_token(state_dir),
                                   bind, port, said, companion.club.url)
    except OSError as exc:
        raise CompanionError(f"cannot listen on {bind}:{port}: {exc.strerror or exc}") from None
    host, real_port = httpd.server_address[:2]

    def ready() -> None:
        token = read_token(state_dir) or ""
        print(f"URL {page_url(reachable_host(str(host)), int(real_port), token)}", flush=True)
        from companion import sdnotify

        sdnotify.ready()

    # Ctrl-C and systemd's stop end the loop between two of its turns (the handler only
    # asks: `ask_stop` sets a flag and wakes the loop's select, taking no lock). A KeyboardInterrupt
    # raised anywhere in the loop could land while the main thread held the workers'
    # queue lock, and the close that follows would wait on it forever (a `serve` that
    # did not stop within 60 s after SIGINT, twice in one loaded test run).
    def stop(_signum: int, _frame: Any) -> None:
        httpd.ask_stop()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.serve(httpd, ready)
    except KeyboardInterrupt:  # a SIGINT before the handler was set
        pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sys.stdout.flush()
    return 0
