"""`status [--json] [--keep-valid-prefix]`: the current game, as the app would resume it.

Reads the state directory without changing it. A finished game whose journal
is still the current one (until the next game starts) is shown as finished,
with its id in the history. `--json` prints exactly the state's JSON
(RECORD.md), or `null` when no game is saved. A damaged journal: the problem
and the way out on stderr, exit status 3 (with `--json`, the state before the
damaged line plus an ``error`` key, like `replay --json`).
`--keep-valid-prefix` repairs such a journal: the damaged file is kept as
``current-game.v1.jsonl.damaged-<time>`` and the game continues from its
intact first lines.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion import paths
from companion.commands.common import catalogue_for
from companion.commands.report import summary
from companion.engine import Catalogue, State, replay
from companion.engine.words import Phase
from companion.store import (
    History,
    HistoryError,
    JournalCorrupt,
    current_game,
    keep_valid_prefix,
)
from companion.store.journal import game_key, journal_path, line_time


def state_dir_of(args: argparse.Namespace) -> Path:
    """The state directory the command works on (--state-dir, $STATE_DIRECTORY, default)."""
    return paths.state_dir(getattr(args, "state_dir", None))


def catalogue_of(args: argparse.Namespace) -> Catalogue:
    """The card catalogue with the owner's corrections from the state directory."""
    return catalogue_for(args)


def repair_hint(exc: JournalCorrupt, state_dir: Path) -> str:
    """What to do about a damaged journal, in words."""
    keep = exc.valid_prefix_lines
    what = (
        f"keep its first {keep} line(s) and continue from there"
        if keep
        else "set it aside (no line before the damage is intact)"
    )
    return (
        f"To {what}, run: speicherstadt-companion status --keep-valid-prefix "
        f"--state-dir {state_dir}\n(the damaged file is kept next to it as a backup)"
    )


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "status",
        help="the current game in the state directory, as the app would resume it",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    parser.add_argument("--json", action="store_true", help="print the state as JSON (RECORD.md)")
    parser.add_argument(
        "--keep-valid-prefix",
        action="store_true",
        help="repair a damaged journal: back it up, keep its intact first lines",
    )
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    state_dir = state_dir_of(args)
    catalogue = catalogue_of(args)
    if args.keep_valid_prefix and journal_path(state_dir).exists():
        backup, kept = keep_valid_prefix(state_dir, catalogue)
        if backup == journal_path(state_dir):
            print("the saved game is not damaged; nothing was changed", file=sys.stderr)
        else:
            print(
                f"kept the first {kept} line(s) of the saved game; the damaged file is {backup}",
                file=sys.stderr,
            )
    try:
        scan = current_game(state_dir, catalogue)
    except JournalCorrupt as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        print(repair_hint(exc, state_dir), file=sys.stderr)
        if args.json:
            partial = replay(exc.path.read_bytes(), catalogue).to_json()
            partial["error"] = {"line": exc.line, "message": exc.reason}
            print(json.dumps(partial, ensure_ascii=False))
        return exc.exit_status
    if scan is None:
        if args.json:
            print("null")
        else:
            print(f"No game is saved in {state_dir}.")
        return 0
    for warning in scan.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    assert scan.state is not None
    if args.json:
        print(json.dumps(scan.state.to_json(), ensure_ascii=False))
        return 0
    started, last = line_time(scan.lines[0]), line_time(scan.lines[-1])
    history_id = None
    if scan.state.phase == Phase.OVER:
        try:
            history_id = History(state_dir).key_of(game_key(scan.lines[0]))
        except HistoryError as exc:
            print(f"warning: {exc.message}", file=sys.stderr)
    print(describe_state(scan.state, started, last, history_id))
    return 0


def describe_state(
    state: State, started: str | None, last: str | None, history_id: int | None = None
) -> str:
    """A few lines a person can read: which game, then `replay`'s summary, then undo/redo."""
    if state.phase == Phase.OVER:
        where = f" (game {history_id} in the history)" if history_id else ""
        head = f"Finished game{where}: {state.actions} actions."
    else:
        head = f"Game in progress: {state.actions} actions."
    out = [head]
    if started:
        out.append(f"Started {started}, last action {last or started}.")
    out.append(summary(state))
    undo = f"can undo the last {state.last_action.type}" if state.last_action else "nothing to undo"
    redo = f"{len(state.redo)} action(s) to redo" if state.redo else "nothing to redo"
    out.append(f"Undo: {undo}; {redo}.")
    return "\n".join(out)
