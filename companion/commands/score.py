"""`score TABLE.yaml [--json]`: final scoring of a game played without the companion."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.commands.common import catalogue_for
from companion.commands.report import final_table, unverified_note
from companion.config.table import load_table
from companion.engine import Final, score_player
from companion.engine.scoring import rank
from companion.engine.words import Kind


def register(sub: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        "score",
        help="score an end-of-game table entered by hand",
        description="Final scoring of an end-of-game table entered by hand in YAML "
        "(per player: track points, coins, cards owned, contract fillings, warehouse cubes). "
        "See README.md for the format.",
    )
    parser.add_argument("table", metavar="TABLE.yaml", help="the table file")
    parser.add_argument("--json", action="store_true", help="print the scoring as JSON")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    table = load_table(args.table, catalogue_for(args))
    scores = {p: score_player(table.catalogue, table.tableaus[p]) for p in table.players}
    coins = {p: table.tableaus[p].coins for p in table.players}
    ranking, winners = rank(table.players, scores, coins)
    final = Final(scores=scores, ranking=ranking, winners=winners)
    if args.json:
        json.dump(final.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(final_table(final, table.players, table.names, coins))
    # Only a contract's printed goods change a final score (whether it is complete).
    owned = [
        c for p in table.players for c in table.tableaus[p].cards
        if table.catalogue[c].kind == Kind.CONTRACT
    ]
    note = unverified_note(table.catalogue, owned)
    if note:
        print(note, file=sys.stderr)
    return 0
