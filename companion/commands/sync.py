"""`sync [--url URL --token T]`: send the table's finished games to the club now.

The app sends them by itself in the background (docs/club.md); this sends what waits
in the state directory's club outbox at once and prints one line, ``sent N, waiting M``
(M: the games still waiting, e.g. when the club cannot be reached, with the reason on
standard error). The club's address and the table's token come from companion.yaml's
`club` section unless given. Exit status 0 once the line is printed (games left waiting
are no error: the table sends them later), 2 without a club.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from companion import paths
from companion.commands.common import club_of
from companion.errors import UsageError


def register(sub: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        "sync", help="send the finished games waiting for the club now",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", metavar="URL", help="the club server's address (default: "
                        "companion.yaml's club.url)")
    parser.add_argument("--token", metavar="T", help="the table's token (default: "
                        "companion.yaml's club.token)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    from companion.store import outbox

    club = club_of(args)
    url = args.url or club.url
    token = args.token or club.token
    if not url or not token:
        raise UsageError("this table belongs to no club: give --url and --token, or set "
                         "`club: {url, token}` in companion.yaml (docs/club.md)")
    if not url.startswith(("http://", "https://")):
        raise UsageError(f"--url {url}: give the club server's address, http://host:port/")
    state_dir = paths.state_dir(getattr(args, "state_dir", None))
    sent, waiting, problem, refused = outbox.send_waiting(state_dir, url, token)
    print(f"sent {sent}, waiting {waiting}", flush=True)
    if problem:
        print(f"warning: {problem}", file=sys.stderr)
    kept = outbox.outbox(state_dir) / outbox.REFUSED_DIR
    for key, reason in refused:
        print(f"warning: the club refused game {key}: {reason} (kept in {kept})",
              file=sys.stderr)
    return 0
