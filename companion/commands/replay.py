"""`replay RECORD [--json]`: replay a game record and print the state it reaches."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.commands.common import catalogue_for, read_record
from companion.commands.report import cards_in_play, correction_note, summary, unverified_note
from companion.engine import replay
from companion.engine.record import ReplayError
from companion.languages import DEFAULT_LANGUAGE, LANGUAGES

RULE_BROKEN = 3


def register(sub: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        "replay",
        help="replay a game record and print the state",
        description="Replays a game record (docs/record-format.md) and prints the state. "
        "A line that breaks a rule: exit status 3 and 'line N: <rule>' on stderr.",
    )
    parser.add_argument("record", metavar="RECORD", help="the record file (- for standard input)")
    parser.add_argument("--json", action="store_true", help="print the state as JSON")
    parser.add_argument(
        "--language", choices=LANGUAGES, default=DEFAULT_LANGUAGE,
        help="the language of the refusal on stderr (the JSON keeps the English message "
        "beside its code and parameters)",
    )
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    data = read_record(args.record)
    result = replay(data, catalogue_for(args))
    if args.json:
        json.dump(result.to_json(), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    elif result.state is not None:
        print(summary(result.state))
    if result.state is not None:
        for note in (unverified_note(result.state.catalogue, cards_in_play(result.state)),
                     correction_note(result.state)):
            if note:
                print(note, file=sys.stderr)
    if result.error:
        print(f"line {result.error.line}: {said(result.error, args.language)}", file=sys.stderr)
        return RULE_BROKEN
    return 0


def said(error: ReplayError, language: str) -> str:
    """The refusal in `language`: English as the engine says it, otherwise translated from
    its code through the catalogues (the ids of players and cards kept, as in the record)."""
    if language == DEFAULT_LANGUAGE:
        return error.message
    from companion.texts.i18n import set_language
    from companion.texts.words import refusal_text

    set_language(language)
    return refusal_text(error.code, error.params, ids=True)
