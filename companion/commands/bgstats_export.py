"""`export --bgstats [FILE]`: a finished game as a BG Stats play (docs/after-the-game.md).

Writes the play's JSON to FILE (atomically) and prints the link that opens BG
Stats with it; without FILE (or with -), the JSON goes to stdout and the link
to stderr, so stdout stays one JSON document. The game is the current one of
the state directory, or `--game ID` from the history; it must be finished.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from companion import paths
from companion.commands.common import write_output
from companion.commands.status import archived_game, catalogue_of, saved_game, state_dir_of
from companion.config import settings
from companion.config.sidefiles import read_ui_settings
from companion.engine import State
from companion.errors import CompanionError, UsageError
from companion.store import bgstats
from companion.texts import i18n
from companion.texts.names import COLOUR_NAMES
from companion.texts.words import play_comments


def table_language(args: argparse.Namespace) -> str:
    """The language the table plays in: companion.yaml's, overridden by what was chosen
    on the Settings screen (ui-settings.json), as the app reads them; English when
    neither can be read."""
    config_dir = paths.config_dir(getattr(args, "config", None))
    companion, _errors = settings.check_companion_file(config_dir / settings.COMPANION_FILE)
    language = companion.language if companion is not None else "en"
    warnings: list[str] = []
    overlay = read_ui_settings(state_dir_of(args), warnings)
    for warning in warnings:
        print(f"note: {warning}", file=sys.stderr)
    return str(overlay.get("language", language))


def table_names(language: str) -> Callable[[State], dict[str, str]]:
    """Each player's name as the table sees it: an unnamed player is their colour in the
    table's language ("Rot" at a German table), never the English colour id."""
    words = i18n.translations(language)

    def names(state: State) -> dict[str, str]:
        out = {}
        for pid in state.players:
            given = (state.names.get(pid) or "").strip()
            out[pid] = given if given and given != pid else words.gettext(
                COLOUR_NAMES.get(pid, pid.capitalize()))
        return out

    return names


def table_said(language: str) -> Callable[[State], str]:
    """The BG Stats play's comments in the table's language (they go on to BGG)."""
    words = i18n.translations(language)

    def said(state: State) -> str:
        return play_comments(state, words)

    return said


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bgstats", nargs="?", const="-", default=None, metavar="FILE",
        help="a finished game as a BG Stats play: write its JSON to FILE (default: stdout) "
        "and print the link that adds it in the BG Stats app",
    )


def run(args: argparse.Namespace) -> int:
    state_dir = state_dir_of(args)
    catalogue = catalogue_of(args)
    language = table_language(args)
    names = table_names(language)
    said = table_said(language)
    try:
        if args.game is not None:
            game = archived_game(state_dir, args.game)
            play = bgstats.play_of_record(game.record or "", catalogue, started=game.started,
                                          duration_seconds=game.duration_seconds,
                                          names=names, said=said)
        else:
            scan = saved_game(state_dir, catalogue)
            if scan.state is None or not scan.state.is_over:
                raise CompanionError(
                    "the current game is not finished yet; BG Stats takes finished games "
                    "(a finished one from the history: --game ID)"
                )
            play = bgstats.play(scan.state, "".join(line + "\n" for line in scan.lines),
                                names=names(scan.state), said=said)
    except bgstats.PlayError as exc:
        raise CompanionError(f"cannot make a BG Stats play: {exc}") from None
    text = json.dumps(play, ensure_ascii=False, indent=2) + "\n"
    url = bgstats.link(play)
    target = args.bgstats
    if target == "-" and args.file:
        target = args.file  # `export FILE --bgstats` means the same as `export --bgstats FILE`
    elif args.file and args.file != target:
        raise UsageError(f"two files given ({args.file} and {target}); give one")
    if target == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        print(url, file=sys.stderr)
        return 0
    write_output(target, text.encode("utf-8"))
    print(url)
    return 0
