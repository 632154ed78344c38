"""`export [FILE] [--game ID]`: a game as a record (docs/record-format.md) that `replay` accepts.

Without `--game`, the current game of the state directory (unfinished, or
finished but not yet replaced by a new game); with `--game ID`, a finished game
from the history (ids as `history` lists them). Without FILE, the record goes
to stdout; a FILE is written atomically.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion import paths
from companion.commands import bgstats_export
from companion.commands.common import write_output
from companion.commands.status import archived_game, catalogue_of, saved_game, state_dir_of
from companion.config.cards import confirmed_values


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "export",
        help="the current or a finished game as a record",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    parser.add_argument("file", nargs="?", metavar="FILE", help="where to write (default: stdout)")
    parser.add_argument("--game", type=int, metavar="ID", help="a finished game from the history")
    # BG Stats (issue 13): one option, handled in its own module.
    bgstats_export.add_option(parser)
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if getattr(args, "bgstats", None) is not None:
        return bgstats_export.run(args)
    state_dir = state_dir_of(args)
    if args.game is not None:
        text = archived_game(state_dir, args.game).record or ""
    else:
        scan = saved_game(state_dir, catalogue_of(args))
        for warning in scan.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        lines = list(scan.lines)
        lines[0] = _carry_corrections(lines[0], args, state_dir)
        text = "".join(line + "\n" for line in lines)
    if args.file is None or args.file == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return 0
    write_output(args.file, text.encode("utf-8"))
    return 0


def _carry_corrections(setup_line: str, args: argparse.Namespace, state_dir: Path) -> str:
    """A format 1 journal's setup line with the owner's card corrections added to `cards`.

    This machine replays a format 1 journal (a game started before the update)
    with the corrections in its state directory, including ones made mid-game;
    carried in `setup.cards`, they make
    the exported record replay to the same state on any machine. Values the
    setup line already fixes stay as they are.
    """
    config_dir = paths.config_dir(getattr(args, "config", None))
    shipped = confirmed_values(config_dir, None)
    owner = {
        card_id: {k: v for k, v in values.items() if shipped.get(card_id, {}).get(k) != v}
        for card_id, values in confirmed_values(config_dir, state_dir).items()
    }
    owner = {card_id: values for card_id, values in owner.items() if values}
    setup = json.loads(setup_line)
    if not owner or "format" in setup:
        # Format 2 pins every printed value in the setup line and records each later
        # correction as a confirm_value line: the journal is exported as it is.
        return setup_line
    cards = setup.get("cards") or {}
    for card_id, values in owner.items():
        cards[card_id] = {**values, **cards.get(card_id, {})}
    setup["cards"] = cards
    return json.dumps(setup, ensure_ascii=False, separators=(", ", ": "))
