"""`feed RECORD [--delay S] [--new]`: apply a record's actions to the current game.

Each action is validated, journaled and made durable exactly as if entered at
the table; `ok N` is printed (and flushed) only once action N is on disk. N is
the action's number: 0 for the setup line, then 1, 2, ... for each following
line (undo and redo included), the same count as `replay` and the state's
`actions`.

Which game it feeds:
- no game saved (or a finished one from another record): the record's setup
  starts a new game (a finished game goes to the history first);
- the saved game's journal is a prefix of the record (same actions, times
  ignored): it continues where the journal ends, and prints `ok N` for the
  lines already saved. So a feed that was killed continues when run again;
- another unfinished game is saved: refused, unless `--new`, which moves that
  game to ``abandoned/`` in the state directory (never deleted).

A line that is malformed or breaks a rule stops the feed: `line N: <rule>` on
stderr, exit status 3; the lines before it stay saved.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from companion.commands.common import club_of, read_record
from companion.commands.report import cards_in_play, correction_note, unverified_note
from companion.commands.status import catalogue_of, repair_hint, state_dir_of
from companion.engine import Action, Catalogue, RecordError, RuleError, Setup, parse_line
from companion.engine.record import split_lines
from companion.errors import UsageError
from companion.store import GameInProgress, GameSession, JournalCorrupt, StorageError


class _NotThisGame(GameInProgress):
    """The record is another game than the unfinished saved one: use --new (a usage matter)."""

    exit_status = 2


class _BadLine(Exception):
    def __init__(self, number: int, message: str) -> None:
        super().__init__(f"line {number}: {message}")


#: The longest wait before each action `--delay` takes (a day).
MAX_DELAY_S = 86_400

def register(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "feed",
        help="apply a record's actions to the current game, printing `ok N` once each is saved",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("record", metavar="RECORD", help="a game record (JSON Lines), - for stdin")
    parser.add_argument(
        "--delay", type=float, default=0.0, metavar="S", help="seconds to wait before each action"
    )
    parser.add_argument(
        "--new",
        action="store_true",
        help="set an unfinished saved game aside (to abandoned/) and start this record's game",
    )
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.delay <= MAX_DELAY_S:  # also refuses nan, inf and 1e400 (inf)
        raise UsageError(
            f"--delay must be a number of seconds from 0 to {MAX_DELAY_S:,} (not {args.delay})")
    data = read_record(args.record)
    try:
        return _feed(args, split_lines(data))
    except _BadLine as exc:
        print(exc, file=sys.stderr)
        return 3


def _parse(entries: list[tuple[int, str | bytes]], index: int) -> Action:
    number, raw = entries[index]
    try:
        action = parse_line(raw)
    except RuleError as exc:
        raise _BadLine(number, str(exc)) from None
    if (index == 0) != isinstance(action, Setup):
        refusal = (
            RecordError("record_not_setup_first", type=action.type)
            if index == 0
            else RecordError("record_setup_not_first")
        )
        raise _BadLine(number, str(refusal))
    return action


def _same_setup(saved: Setup, given: Setup, catalogue: Catalogue) -> bool:
    """Whether the record's setup line starts the saved game.

    The saved setup pins every printed value (record format 2) and an export
    carries the owner's corrections, so the record's `cards` need only agree
    with the values the saved game was started with; what it leaves out is
    taken from the saved game (docs/record-format.md, "Versioning").
    """
    if (saved.players, saved.first) != (given.players, given.first):
        return False
    if dict(saved.names or {}) != dict(given.names or {}):
        return False
    try:
        started = catalogue.with_overrides(saved.cards) if saved.cards else catalogue
    except RuleError:
        return False
    for card_id, values in (given.cards or {}).items():
        card = started.cards.get(card_id)
        if card is None or not isinstance(values, dict):
            return False
        for name, value in values.items():
            if name == "verified":
                continue
            have = getattr(card, name, None)
            if have is None or (tuple(value) if isinstance(value, list) else value) != have:
                return False
    return True


def _same_game(
    session: GameSession, entries: list[tuple[int, str | bytes]], catalogue: Catalogue
) -> bool:
    """Whether the saved journal is a prefix of the record (actions equal, times ignored)."""
    saved = session.lines
    if len(saved) > len(entries):
        return False
    setup = parse_line(saved[0])
    given = _parse(entries, 0)
    assert isinstance(setup, Setup) and isinstance(given, Setup)
    if not _same_setup(setup, given, catalogue):
        return False
    return all(
        parse_line(saved[i]).to_json() == _parse(entries, i).to_json()
        for i in range(1, len(saved))
    )


def _feed(args: argparse.Namespace, entries: list[tuple[int, str | bytes]]) -> int:
    if not entries:
        raise _BadLine(1, str(RecordError("record_empty")))
    setup = _parse(entries, 0)
    assert isinstance(setup, Setup)
    state_dir = state_dir_of(args)
    catalogue = catalogue_of(args)
    club = club_of(args).configured  # a finished game waits for the club, as at the table
    try:
        session = GameSession.resume(state_dir, catalogue, include_finished=True, club=club)
    except JournalCorrupt as exc:
        print(repair_hint(exc, state_dir), file=sys.stderr)
        raise
    done = 0
    if session is not None:
        try:
            same = _same_game(session, entries, catalogue)
        except _BadLine:
            session.close()
            raise
        if same:
            done = len(session.lines)
        else:
            unfinished = not session.finished
            session.close()
            session = None
            if unfinished and not args.new:
                raise _NotThisGame(
                    f"another unfinished game is saved in {state_dir} and this record does not "
                    "continue it; use --new to set that game aside (it is kept in abandoned/)"
                )
    if session is None:
        try:
            session = GameSession.start(state_dir, catalogue, setup, abandon_current=args.new,
                                        club=club)
        except RuleError as exc:
            raise _BadLine(entries[0][0], str(exc)) from None
        done = 1
    with session:
        shown = _show_warnings(session, 0)
        if session.sync_problem:  # never say ok for a line that may not be on the storage
            raise StorageError(f"{session.sync_problem}; nothing was acknowledged")
        for number in range(done):
            print(f"ok {number}")
        sys.stdout.flush()
        for index in range(done, len(entries)):
            action = _parse(entries, index)
            if args.delay:
                time.sleep(args.delay)
            try:
                state = session.submit(action)
            except RuleError as exc:
                raise _BadLine(entries[index][0], str(exc)) from None
            print(f"ok {state.actions}", flush=True)
            shown = _show_warnings(session, shown)
        # Like replay: never let a placeholder value pass as fact (README, Printed card values).
        for note in (unverified_note(session.state.catalogue, cards_in_play(session.state)),
                     correction_note(session.state)):
            if note:
                print(note, file=sys.stderr)
    return 0


def _show_warnings(session: GameSession, shown: int) -> int:
    for warning in session.warnings[shown:]:
        print(f"warning: {warning}", file=sys.stderr)
    return len(session.warnings)
