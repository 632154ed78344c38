"""`status [--json] [--keep-valid-prefix]`: the current game, as the app would resume it.

Reads the state directory without changing it. A finished game whose journal
is still the current one (until the next game starts) is shown as finished,
with its id in the history. `--json` prints exactly the state's JSON
(docs/record-format.md), or `null` when no game is saved. A damaged journal: the problem
and the way out on stderr, exit status 3 (with `--json`, the state before the
damaged line plus an ``error`` key, like `replay --json`).
`--keep-valid-prefix` repairs such a journal: the damaged file is kept as
``current-game.v2.jsonl.damaged-<time>`` and the game continues from its
intact first lines. A note names a damaged history that was set aside and
finished games waiting for the history (docs/journal.md).
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
from companion.errors import CompanionError
from companion.store import (
    History,
    HistoryError,
    JournalCorrupt,
    StorageError,
    current_game,
    keep_valid_prefix,
)
from companion.store.history import GameSummary, notices
from companion.store.journal import (
    Scan,
    game_key,
    journal_exists,
    journal_path,
    line_time,
    read_journal,
)


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


def archived_game(state_dir: Path, game_id: int) -> GameSummary:
    """A finished game from the history (for `export --game ID`), or a CompanionError."""
    with History(state_dir) as history:
        game = history.game(game_id)  # HistoryError naming the game if its row is damaged
    if game is None:
        raise CompanionError(
            f"no finished game {game_id} in {state_dir} (see `speicherstadt-companion "
            "history` for the ids)"
        )
    assert game.record is not None  # `History.game` reads it (or raises)
    return game


def saved_game(state_dir: Path, catalogue: Catalogue) -> Scan:
    """The game saved in `state_dir` (for `export`), or a CompanionError; a damaged one
    prints how to repair it and raises `JournalCorrupt`."""
    try:
        scan = current_game(state_dir, catalogue)
    except JournalCorrupt as exc:
        print(repair_hint(exc, state_dir), file=sys.stderr)
        raise
    if scan is None:
        raise CompanionError(
            f"no game is saved in {state_dir}; a finished one from the history is exported "
            "with --game ID (see `speicherstadt-companion history`)"
        )
    return scan


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "status",
        help="the current game in the state directory, as the app would resume it",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    parser.add_argument("--json", action="store_true", help="print the state as JSON")
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
    for note in notices(state_dir):  # a set-aside history, games waiting for it
        print(f"note: {note}", file=sys.stderr)
    if args.keep_valid_prefix and journal_exists(state_dir):
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
            try:  # bounded, and never a folder or a pipe
                data = read_journal(exc.path)
            except (StorageError, JournalCorrupt):
                data = b""
            partial = replay(data, catalogue).to_json() if data else {}
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
