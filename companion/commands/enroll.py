"""`enroll`: walk through the deck, binding a tag to each card and confirming printed values.

For each card the owner scans its tag (or types it, for a reader that is not
connected), then confirms or corrects each printed value nobody has
verified yet. Answers are saved at once, so quitting half way loses nothing.
"""

from __future__ import annotations

import argparse
import sys
import threading
from typing import Any, TextIO

from companion import paths
from companion.commands.reader_test import add_reader_arguments, reader_config
from companion.engine.values import value
from companion.engine.words import PRINTED, Kind
from companion.errors import CompanionError

HELP = "bind a tag to each card and confirm its printed values"

_FIREMAN = PRINTED[Kind.FIREMAN]
_PROMPTS = {
    "value": f"Fireman value printed on the card ({_FIREMAN.low}-{_FIREMAN.high})",
    "points": "Points printed on the fire",
    "goods": "Goods printed on the contract (e.g. coffee tea saffron)",
}


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `enroll` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "enroll",
        help=HELP,
        description=HELP + ". Scan each card's tag when asked, or type it; "
        "Enter skips, q quits. Reader settings come from hardware.yaml.",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="walk every card, not only those without a tag or with unverified values",
    )
    parser.add_argument(
        "--no-reader", action="store_true", help="do not open the card reader; type the tags"
    )
    add_reader_arguments(parser)
    parser.set_defaults(func=run)
    return parser


@value
class _Line:
    """A line typed on standard input (None: end of input)."""

    text: str | None


def _read_lines(stream: TextIO, bus: Any) -> None:
    for line in stream:
        bus.put(_Line(line.rstrip("\r\n")))
    bus.put(_Line(None))


class _Quit(Exception):
    pass


class _Console:
    """Prompts on stdout; answers from stdin lines or scanned tags, whichever comes first."""

    def __init__(self, bus: Any, out: TextIO) -> None:
        self.bus = bus
        self.out = out

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def ask(self, prompt: str, *, tags: bool) -> Any:
        """The next answer: a `_Line`'s text, or a `CardScanned` when `tags`."""
        from companion.inputs.intents import CardScanned, DeviceStatus

        self.say(prompt)
        while True:
            item = self.bus.wait(None)
            if isinstance(item, _Line):
                if item.text is None or item.text.strip().lower() in ("q", "quit"):
                    raise _Quit
                return item.text.strip()
            if isinstance(item, DeviceStatus):
                self.say(f"  ({item.message})")
            elif isinstance(item, CardScanned):
                if tags:
                    return item
                self.say(f"  (tag {item.tag} scanned; answer the question first)")


def _walk(session: Any, console: _Console) -> None:
    from companion.inputs.enroll import BadValue, describe, show_value
    from companion.inputs.intents import CardScanned
    from companion.inputs.tagmap import TagError, TagInUse, label_card

    while (card := session.next_card()) is not None:
        console.say(f"\n[{session.index + 1}/{session.total}] {describe(card)}")
        current = session.tag()
        if current is None or session.every_card:
            have = f" (now {current}; Enter keeps it)" if current else " (Enter: skip)"
            while True:
                answer = console.ask(f"Scan the card's tag, or type it{have}; q quits:", tags=True)
                if answer == "":
                    break
                tag = answer.tag if isinstance(answer, CardScanned) else answer
                labelled = label_card(tag)
                if labelled == card["id"]:
                    # A printed label names its card by itself: nothing to bind.
                    console.say(f"  {tag} is this card's printed label: it needs no tag.")
                    break
                try:
                    canonical = session.bind(tag)
                except TagInUse as exc:
                    what = "label names" if labelled else "tag belongs to"
                    console.say(
                        f"  That {what} {exc.card_id}. Scan another tag, "
                        "or press Enter to skip this card."
                    )
                    continue
                except TagError as exc:
                    console.say(f"  {exc.message}: try again, or Enter to skip.")
                    continue
                console.say(f"  Bound {canonical} to {card['id']}.")
                break
        for field, shown in session.unverified():
            while True:
                answer = console.ask(
                    f"{_PROMPTS.get(field, field)}? The catalogue guesses "
                    f"{show_value(field, shown)} (not checked).\n"
                    "  Type what the card shows, y if the guess is right, "
                    "Enter to leave it unchecked:",
                    tags=False,
                )
                if answer == "":
                    break
                try:
                    value = session.confirm(field, None if answer.lower() == "y" else answer)
                except BadValue as exc:
                    console.say(f"  {exc.message}")
                    continue
                console.say(f"  Saved: {show_value(field, value)} (verified).")
                break
        session.advance()


def run(args: argparse.Namespace) -> int:
    """Walk the deck on the terminal."""
    from companion.config.cards import load_catalogue_data, save_override
    from companion.inputs.bus import IntentBus
    from companion.inputs.devices import start_reader
    from companion.inputs.enroll import EnrollSession
    from companion.inputs.tagmap import TagMap

    config = paths.config_dir(getattr(args, "config", None))
    state = paths.state_dir(getattr(args, "state_dir", None))
    cards = load_catalogue_data(config, state, strict=True)
    tagmap = TagMap.in_state_dir(state)
    session = EnrollSession(
        cards,
        tagmap,
        save_value=lambda card_id, field, value: save_override(state, card_id, field, value),
        every_card=args.all,
    )
    console = _Console(IntentBus(), sys.stdout)
    if session.total == 0:
        console.say("Every card has a tag and verified values. (--all walks them again.)")
        return 0
    reader = None
    if not args.no_reader:
        settings = reader_config(args)
        hid = settings.port.startswith(("hid:", "hid-replay:"))
        console.say(f"Card reader: {settings.port} "
                    f"({'barcode scanner' if hid else settings.framing}).")
        reader = start_reader(settings, console.bus, lookup=tagmap.lookup)
    threading.Thread(
        target=_read_lines, args=(sys.stdin, console.bus), name="stdin", daemon=True
    ).start()
    console.say(f"{session.total} cards to go through; answers are saved at once.")
    try:
        _walk(session, console)
        console.say("\nDone: every card of the walk was handled.")
    except _Quit:
        console.say("\nStopped; run enroll again to continue.")
    except CompanionError:
        raise
    finally:
        if reader is not None:
            reader.close()
        console.say(
            f"{len(session.bound)} tags bound, {len(session.confirmed)} values confirmed; "
            f"tags in {tagmap.path}."
        )
    return 0
