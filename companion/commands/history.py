"""`history [--json]`: finished games (latest first) and statistics per player name."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from companion import formats
from companion.commands.common import catalogue_for
from companion.commands.status import state_dir_of
from companion.store import History
from companion.store.history import notices
from companion.store.journal import parse_time


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "history",
        help="finished games and per-player statistics",
        description="Finished games (latest first) and statistics per player name. A game's "
        "record: `export --game ID`.",
    )
    parser.add_argument("--json", action="store_true", help='{"games": [...], "players": [...]}')
    parser.set_defaults(func=run)
    return parser


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    minutes = int(seconds // 60)
    return f"{minutes // 60}h {minutes % 60:02d}m" if minutes >= 60 else f"{minutes}m"


def _when(text: str | None) -> str:
    """"22 Nov 2026, 20:30": the start in this machine's local time, as a person reads it
    (`--json` keeps the record's ISO-8601 UTC time)."""
    return formats.when(parse_time(text), "en")


#: The player ids of the five colours: the name history keeps for a player nobody named.
COLOURS = ("red", "blue", "green", "yellow", "purple")


def _player(name: str, colour: str | None) -> str:
    """"Anna (red)" for a named player; an unnamed one is their colour once: "Red"."""
    if name.lower() in COLOURS and (colour is None or name.lower() == colour.lower()):
        return name.capitalize()
    return f"{name} ({colour})" if colour else name


class _Progress:
    """How far the pinning of older games is, on stderr, once it takes more than a moment
    (every 2 s, the first after 1 s)."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.next = self.started + 1.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now >= self.next and done < total:
            self.next = now + 2.0
            print(f"note: preparing the games of an older version (once, after an update): "
                  f"{done:,} of {total:,}", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> int:
    state_dir = state_dir_of(args)
    for note in notices(state_dir):  # a set-aside history, games waiting for it
        print(f"note: {note}", file=sys.stderr)
    if (state_dir / "history.db").exists():
        from companion.store.pins import pin_history

        # Games of an older version are pinned as the app pins them (docs/record-format.md,
        # "Versioning"), so this list and the app's History show the same totals.
        pin_history(state_dir, lambda: catalogue_for(args), _Progress())
    with History(state_dir) as history:
        games = history.games()
        notes = list(history.notes)
        stats = history.player_stats()
        notes.extend(history.notes)
    for note in notes:  # a damaged row: its game is left out, the others are shown
        print(f"note: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps(
            {"games": [g.to_json() for g in games], "players": [s.to_json() for s in stats]},
            ensure_ascii=False,
        ))
        return 0
    if not games:
        print(f"No finished games in {state_dir} yet.")
        return 0
    print("Finished games (latest first):")
    for game in games:
        winners = ", ".join(_player(p.name, None) for p in game.winners)
        print(
            f"  #{game.id}  {_when(game.started)}  {_duration(game.duration_seconds)}  "
            f"{game.rounds} round{'' if game.rounds == 1 else 's'}  won by {winners}"
        )
        print("      " + " · ".join(
            f"{_player(p.name, p.colour or p.player_id)} {formats.integer(p.total)}"
            for p in sorted(game.players, key=lambda p: p.rank)
        ))
    print()
    print(f"{'Player':<20} {'games':>5} {'wins':>5} {'average':>8} {'best':>5}  favourite category")
    for s in stats:
        favourite = (s.favourite_category or "-").replace("_", " ")
        print(
            f"{_player(s.name, None)[:20]:<20} {s.games:>5} {s.wins:>5} "
            f"{formats.decimal(s.average_total, 'en'):>8} {formats.integer(s.best_total):>5}  "
            f"{favourite}"
        )
    return 0
