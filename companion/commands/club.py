"""`club SUBCOMMAND --db URL`: the club's league of every table's games (docs/club.md).

Runs on the club's machine (its own systemd unit), never on a table. `--db` is a
PostgreSQL address (`postgresql://user@host/dbname`, or a socket folder as
`postgresql:///dbname?host=/run/postgresql`); default: $SPEICHERSTADT_CLUB_DB.

  init                       create or upgrade the league's schema
  add-table NAME             a table's token: prints `TOKEN <token>` (only its hash is kept)
  remove-table NAME          revoke a table's token
  serve --bind A --port N    take games from the tables, show the league; prints `URL <address>`
  import FILE...             records from a USB stick: each stored once, or refused with its reason
  standings [--season S] [--json]
  player NAME [--json]
  merge-player A B           A's games are B's from now on (ratings recomputed)
  hide-player NAME [--show]  leave a player out of the public tables (still an opponent)

Needs the `club` extra (psycopg 3, openskill).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from companion.commands.common import catalogue_for, read_record
from companion.errors import CompanionError, UsageError

DB_VARIABLE = "SPEICHERSTADT_CLUB_DB"


def register(sub: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        "club", help="the club's league of every table's finished games (PostgreSQL)",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(dest="club_command", metavar="SUBCOMMAND",
                                    parser_class=type(parser))
    actions.required = True

    def action(name: str, text: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = actions.add_parser(name, help=text, description=text)
        p.add_argument("--db", metavar="URL", default=argparse.SUPPRESS,
                       help=f"the club's PostgreSQL database (default: ${DB_VARIABLE})")
        return p

    action("init", "create or upgrade the league's schema")
    action("add-table", "a new token for a table (printed once)").add_argument("name")
    action("remove-table", "revoke a table's token").add_argument("name")
    serve = action("serve", "take games from the tables and show the league")
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                       help="the address to listen on (default 127.0.0.1; 0.0.0.0: every "
                       "network of this machine)")
    serve.add_argument("--port", type=int, default=8090, metavar="N",
                       help="the port (default 8090; 0: any free one)")
    imp = action("import", "store records from files (each once; refused ones named)")
    imp.add_argument("files", nargs="+", metavar="FILE")
    standings = action("standings", "the season's table")
    standings.add_argument("--season", metavar="S", help="the season (a year; default: the "
                           "latest)")
    standings.add_argument("--json", action="store_true", help="as JSON")
    player = action("player", "a player's page")
    player.add_argument("name")
    player.add_argument("--json", action="store_true", help="as JSON")
    merge = action("merge-player", "A is B from now on (their games and ratings are one)")
    merge.add_argument("first", metavar="A")
    merge.add_argument("into", metavar="B")
    hide = action("hide-player", "leave a player out of the public tables")
    hide.add_argument("name")
    hide.add_argument("--show", action="store_true", help="list the player again")
    parser.add_argument("--db", metavar="URL", default=None,
                        help=f"the club's PostgreSQL database (default: ${DB_VARIABLE})")
    parser.set_defaults(func=run)
    return parser


def _url(args: argparse.Namespace) -> str:
    url = getattr(args, "db", None) or os.environ.get(DB_VARIABLE, "")
    if not url:
        raise UsageError(f"give the club's database with --db URL (or ${DB_VARIABLE})")
    return str(url)


def run(args: argparse.Namespace) -> int:
    from companion.club import db  # psycopg: only when the club runs

    url = _url(args)
    what = args.club_command
    if what == "init":
        with db.opened(url, schema=False) as conn:
            before, after = db.migrate(conn)
        print(f"schema version {after}" + (f" (was {before})" if before != after else
                                           " (up to date)"))
        return 0
    if what == "serve":
        return _serve(args, url)
    with db.opened(url) as conn:
        if what == "add-table":
            print(f"TOKEN {db.add_table(conn, args.name)}")
        elif what == "remove-table":
            db.remove_table(conn, args.name)
            print(f"removed {args.name}: its token is no longer accepted")
        elif what == "import":
            return _import(args, conn)
        elif what == "standings":
            _standings(db.standings(conn, args.season), args.json)
        elif what == "player":
            _player(db.player(conn, args.name), args.json)
        elif what == "merge-player":
            from companion.club.rating import Rater

            db.merge_player(conn, args.first, args.into, Rater())
            print(f"{args.first} is {args.into} from now on; ratings recomputed")
        elif what == "hide-player":
            db.hide_player(conn, args.name, hidden=not args.show)
            print(f"{args.name} is {'listed again' if args.show else 'no longer listed'}")
    return 0


def _import(args: argparse.Namespace, conn: Any) -> int:
    from companion.club import db
    from companion.club.games import Refused, check
    from companion.club.rating import Rater

    catalogue = catalogue_for(args)
    rater = Rater()
    refused = 0
    for name in args.files:
        try:
            data = read_record(name)
        except CompanionError as exc:
            print(f"{name}: refused: {exc.message}", file=sys.stderr)
            refused += 1
            continue
        try:
            outcome = db.store(conn, check(data, catalogue), None, rater)
        except Refused as exc:
            print(f"{name}: refused: {exc.reason}", file=sys.stderr)
            refused += 1
            continue
        except db.Conflict as exc:
            print(f"{name}: refused: {exc.reason}", file=sys.stderr)
            refused += 1
            continue
        print(f"{name}: {outcome}")
    return 3 if refused else 0


def _standings(table: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(table, ensure_ascii=False))
        return
    if not table["players"]:
        print("no games yet")
        return
    print(f"season {table['season']}")
    print(f"{'player':<20} {'games':>5} {'wins':>5} {'beaten':>7} {'against':>7} "
          f"{'ratio':>6} {'ppg':>6} {'rating':>7}")
    for p in table["players"]:
        rating = f"{p['rating']:.2f}" if p["rating"] is not None else "-"
        print(f"{p['name']:<20} {p['games']:>5} {p['wins']:>5} {p['beaten']:>7} "
              f"{p['played_against']:>7} {p['beaten_ratio']:>6.3f} {p['points_per_game']:>6.2f} "
              f"{rating:>7}")


def _player(page: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(page, ensure_ascii=False))
        return
    rating = f"{page['rating']:.2f}" if page["rating"] is not None else "-"
    print(f"{page['name']}: {page['games']} games, {page['wins']} wins, beaten "
          f"{page['beaten']} of {page['played_against']} played against, "
          f"{page['points_per_game']:.2f} points per game, rating {rating}")
    print(f"rival: {page['rival'] or '-'}; nemesis: {page['nemesis'] or '-'}")
    for h in page["head_to_head"]:
        print(f"  vs {h['name'] or '(a player who is not listed)'}: {h['games']} games, ahead "
              f"{h['ahead']}, behind {h['behind']}")


def _serve(args: argparse.Namespace, url: str) -> int:
    from companion.club import db, server
    from companion.store.phones import reachable_host

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port} is not a port (0 to 65535)")
    with db.opened(url):
        pass  # the schema is there and of this version before anything listens
    catalogue = catalogue_for(args)
    try:
        httpd = server.ClubServer((args.bind, args.port), url, catalogue)
    except OSError as exc:
        raise CompanionError(f"cannot listen on {args.bind}:{args.port}: "
                             f"{exc.strerror or exc}") from None
    host, port = httpd.server_address[:2]

    def ready() -> None:
        shown = reachable_host(str(host))
        shown = f"[{shown}]" if ":" in shown else shown
        print(f"URL http://{shown}:{port}/", flush=True)
        from companion import sdnotify

        sdnotify.ready()

    try:
        server.serve(httpd, ready)
    except KeyboardInterrupt:
        pass
    return 0
