"""Actions: what happened at the real table, as plain value types.

Each action maps one-to-one to a line of the game record (`docs/record-format.md`, "Actions").
`parse_action` turns a decoded JSON object into an action, refusing unknown
keys and wrong types; `Action.to_json` gives the object back.
"""

from __future__ import annotations

import json
import unicodedata
import zlib
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from companion.engine.errors import RecordError
from companion.engine.values import fields, value
from companion.engine.words import GOODS, MERCHANT_DESTINATION, STORES, Store

#: Where a cube may go besides a contract (named by its card id).
DESTINATIONS: tuple[str, ...] = (MERCHANT_DESTINATION, Store.WAREHOUSE, Store.MARKET)

Pair = tuple[str, str]


@value(slots=True)
class Action:
    """Base of all actions; `type` is the record's ``"type"``."""

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The record object for this action (without ``"t"``)."""
        out: dict[str, Any] = {"type": self.type}
        for name in fields(self):
            given = getattr(self, name)
            if given is None:
                continue
            key = "from" if name == "source" else name
            if isinstance(given, tuple):
                given = [list(v) if isinstance(v, tuple) else v for v in given]
            out[key] = given
        return out

    def to_line(self) -> str:
        """One line of JSON, as the record stores it."""
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(", ", ": "))


@value(slots=True)
class Setup(Action):
    """First line of a record: the players in seating order and who starts."""

    type: ClassVar[str] = "setup"
    players: tuple[str, ...]
    first: str
    names: Mapping[str, str] | None = None
    cards: Mapping[str, Mapping[str, Any]] | None = None
    format: int | None = None
    """The record format (docs/record-format.md, "Versioning"); absent means format 1."""


@value(slots=True)
class Reveal(Action):
    """The next card of the Supply; a ship lists the 3 goods drawn for it."""

    type: ClassVar[str] = "reveal"
    card: str
    goods: tuple[str, ...] | None = None


@value(slots=True)
class Place(Action):
    """Demand, tracked form: a worker on the lowest free space above a card."""

    type: ClassVar[str] = "place"
    player: str
    slot: int


@value(slots=True)
class Buy(Action):
    """Purchase: accept the current offer (tracked) or record a sale (quick, with price)."""

    type: ClassVar[str] = "buy"
    player: str
    slot: int
    price: int | None = None


@value(slots=True)
class Pass(Action):
    """Purchase, tracked form: decline the current offer."""

    type: ClassVar[str] = "pass"
    player: str
    slot: int


@value(slots=True)
class Discard(Action):
    """Purchase, quick form: nobody bought the card in this slot."""

    type: ClassVar[str] = "discard"
    slot: int


@value(slots=True)
class Move(Action):
    """Loading: one cube from a store to a contract, a merchant, the warehouse or market hall."""

    type: ClassVar[str] = "move"
    player: str
    good: str
    source: str
    to: str


@value(slots=True)
class Convert(Action):
    """Loading, market hall: 3 cubes to the stock, 1 cube of choice from the stock to the dock."""

    type: ClassVar[str] = "convert"
    player: str
    give: tuple[Pair, ...]
    take: str


@value(slots=True)
class MarketSell(Action):
    """Loading, market hall: 2 cubes to the stock for 1 coin."""

    type: ClassVar[str] = "market_sell"
    player: str
    give: tuple[Pair, ...]


@value(slots=True)
class Done(Action):
    """Ends Loading for the whole table: income, first-player pass, next round."""

    type: ClassVar[str] = "done"


@value(slots=True)
class Adjust(Action):
    """A correction to match the real table: adds the deltas; allowed in any phase."""

    type: ClassVar[str] = "adjust"
    player: str
    reason: str
    coins: int | None = None
    points: int | None = None


@value(slots=True)
class ConfirmValue(Action):
    """Record format 2: the table confirmed or corrected a card's printed value.

    It applies from this line on; results already reached stay as they are, and
    it is not a move at the table (undo and redo pass over it).
    """

    type: ClassVar[str] = "confirm_value"
    card: str
    field: str
    value: Any


@value(slots=True)
class Undo(Action):
    """Takes back the latest action not yet undone."""

    type: ClassVar[str] = "undo"


@value(slots=True)
class Redo(Action):
    """Re-applies the latest undone action, if nothing else came after it."""

    type: ClassVar[str] = "redo"


# --- parsing ------------------------------------------------------------------

_REQUIRED: dict[str, tuple[str, ...]] = {
    "setup": ("players", "first"),
    "reveal": ("card",),
    "place": ("player", "slot"),
    "buy": ("player", "slot"),
    "pass": ("player", "slot"),
    "discard": ("slot",),
    "move": ("player", "good", "from", "to"),
    "convert": ("player", "give", "take"),
    "market_sell": ("player", "give"),
    "done": (),
    "adjust": ("player", "reason"),
    "undo": (),
    "redo": (),
    "confirm_value": ("card", "field", "value"),
}
_OPTIONAL: dict[str, tuple[str, ...]] = {
    "setup": ("names", "cards", "format"),
    "reveal": ("goods",),
    "buy": ("price",),
    "adjust": ("coins", "points"),
}
ACTION_TYPES: tuple[str, ...] = tuple(_REQUIRED)
#: Per type, the keys a line may have, and those it must have (built once, not per line).
_ALLOWED: dict[str, frozenset[str]] = {
    kind: frozenset({"type", "t", "crc", *required, *_OPTIONAL.get(kind, ())})
    for kind, required in _REQUIRED.items()
}
_MUST: dict[str, frozenset[str]] = {kind: frozenset(keys) for kind, keys in _REQUIRED.items()}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(obj: Mapping[str, Any], key: str) -> str:
    value = obj[key]
    if not isinstance(value, str) or not value:
        raise RecordError("line_not_text", key=key, given=json.dumps(value))
    return value


def _count(obj: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = obj[key]
    if not _is_int(value) or not low <= value <= high:
        raise RecordError("line_not_number", key=key, low=low, high=high, given=json.dumps(value))
    return int(value)


def _good(value: Any, key: str) -> str:
    if value not in GOODS:
        raise RecordError("line_not_good", key=key, given=json.dumps(value), goods=list(GOODS))
    return str(value)


def _pairs(obj: Mapping[str, Any], key: str, count: int) -> tuple[Pair, ...]:
    value = obj[key]
    if not isinstance(value, list) or len(value) != count:
        raise RecordError("line_not_pairs", key=key, count=count)
    out: list[Pair] = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise RecordError("line_not_pair", key=key, given=json.dumps(pair))
        good = _good(pair[0], key)
        if pair[1] not in STORES:
            raise RecordError(
                "line_not_store", key=key, given=json.dumps(pair[1]), stores=list(STORES)
            )
        out.append((good, str(pair[1])))
    return tuple(out)


def parse_action(obj: Any) -> Action:
    """The action a decoded record line describes; `RecordError` if it is malformed."""
    if not isinstance(obj, dict):
        raise RecordError("line_not_object", type_name=type(obj).__name__)
    kind = obj.get("type")
    if kind not in _REQUIRED:
        raise RecordError("line_unknown_type", given=json.dumps(kind), types=list(ACTION_TYPES))
    keys = obj.keys()
    if not keys <= _ALLOWED[kind]:
        unknown = sorted(keys - _ALLOWED[kind])
        raise RecordError("line_unknown_key", type=kind, keys=[json.dumps(k) for k in unknown])
    if not _MUST[kind] <= keys:
        missing = [k for k in _REQUIRED[kind] if k not in obj]
        raise RecordError("line_missing_key", type=kind, keys=[json.dumps(k) for k in missing])
    if "t" in obj and not isinstance(obj["t"], str):
        raise RecordError("line_bad_time")
    if "crc" in obj:
        _check_crc(obj)
    action: Action = _PARSERS[kind](obj)
    return action


def _setup(obj: Mapping[str, Any]) -> Action:
    players = obj["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise RecordError("line_bad_players")
    names = obj.get("names")
    if names is not None and (
        not isinstance(names, dict)
        or not all(isinstance(v, str) for v in names.values())
    ):
        raise RecordError("line_bad_names")
    if names is not None:
        # One spelling per name (NFC): "Zoë" typed on two keyboards is one player.
        names = {pid: unicodedata.normalize("NFC", name) for pid, name in names.items()}
    cards = obj.get("cards")
    if cards is not None and (
        not isinstance(cards, dict) or not all(isinstance(v, dict) for v in cards.values())
    ):
        raise RecordError("line_bad_cards")
    version = None
    if "format" in obj:
        version = obj["format"]
        if not _is_int(version) or version < 1:
            raise RecordError("line_bad_format", given=json.dumps(version))
        if version > RECORD_FORMAT:
            raise RecordError("record_format_newer", format=version, newest=RECORD_FORMAT)
    return Setup(players=tuple(players), first=_text(obj, "first"), names=names, cards=cards,
                 format=version)


def _confirm_value(obj: Mapping[str, Any]) -> Action:
    value = obj["value"]
    if isinstance(value, list):
        if not all(isinstance(g, str) for g in value):
            raise RecordError("line_bad_confirm_goods")
        value = tuple(value)
    elif not _is_int(value):
        raise RecordError("line_bad_confirm_value", given=json.dumps(value))
    return ConfirmValue(card=_text(obj, "card"), field=_text(obj, "field"), value=value)


def _reveal(obj: Mapping[str, Any]) -> Action:
    goods = obj.get("goods")
    if goods is not None:
        if not isinstance(goods, list):
            raise RecordError("line_bad_goods")
        goods = tuple(_good(g, "goods") for g in goods)
    return Reveal(card=_text(obj, "card"), goods=goods)


def _buy(obj: Mapping[str, Any]) -> Action:
    price = _count(obj, "price", 1, 8) if "price" in obj else None
    return Buy(player=_text(obj, "player"), slot=_count(obj, "slot", 0, 99), price=price)


def _move(obj: Mapping[str, Any]) -> Action:
    source = obj["from"]
    if source not in STORES:
        raise RecordError(
            "line_not_store", key="from", given=json.dumps(source), stores=list(STORES)
        )
    return Move(
        player=_text(obj, "player"), good=_good(obj["good"], "good"), source=source,
        to=_text(obj, "to"),
    )


def _adjust(obj: Mapping[str, Any]) -> Action:
    deltas = {}
    for key in ("coins", "points"):
        if key in obj:
            deltas[key] = _count(obj, key, -999, 999)
    return Adjust(player=_text(obj, "player"), reason=_text(obj, "reason"), **deltas)


_PARSERS: dict[str, Any] = {
    "setup": _setup,
    "reveal": _reveal,
    "place": lambda o: Place(player=_text(o, "player"), slot=_count(o, "slot", 0, 99)),
    "buy": _buy,
    "pass": lambda o: Pass(player=_text(o, "player"), slot=_count(o, "slot", 0, 99)),
    "discard": lambda o: Discard(slot=_count(o, "slot", 0, 99)),
    "move": _move,
    "convert": lambda o: Convert(
        player=_text(o, "player"), give=_pairs(o, "give", 3), take=_good(o["take"], "take")
    ),
    "market_sell": lambda o: MarketSell(player=_text(o, "player"), give=_pairs(o, "give", 2)),
    "done": lambda o: Done(),
    "adjust": _adjust,
    "undo": lambda o: Undo(),
    "redo": lambda o: Redo(),
    "confirm_value": _confirm_value,
}


# --- format 2: the line checksum and the limits -----------------------------------

#: The newest record format this version writes and reads (docs/record-format.md, "Versioning").
RECORD_FORMAT = 2
#: The longest record line accepted, in bytes (docs/journal.md, "Limits"). A setup line
#: with five long names and every printed value is about 3 KB.
MAX_LINE_BYTES = 64 * 1024


def line_crc(obj: Mapping[str, Any]) -> str:
    """The checksum of a record line: CRC-32 of its canonical JSON without ``"crc"``.

    Canonical: keys sorted, no spaces, UTF-8 (docs/record-format.md, "Checksums"). It covers
    what the line means, not its spacing, so any change of a value changes it.
    """
    body = {k: v for k, v in obj.items() if k != "crc"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return f"{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}"


def _check_crc(obj: Mapping[str, Any]) -> None:
    given = obj["crc"]
    if not isinstance(given, str):
        raise RecordError("line_bad_crc")
    if given.lower() != line_crc(obj):
        raise RecordError("line_crc_mismatch", given=given, computed=line_crc(obj))


#: The JSON scanner `json.loads` itself uses (a default decoder's), called directly for the
#: common line: one object, nothing around it. Anything else goes through `json.loads`, so
#: every error is exactly its error.
_scan_once: Callable[[str, int], tuple[Any, int]] = (
    json.JSONDecoder().scan_once  # type: ignore[attr-defined]
)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """object_pairs_hook: a key given twice is refused (JSON would keep the last silently)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RecordError("line_duplicate_key", key=json.dumps(key))
            seen.add(key)
    return obj


def _decode(line: str) -> Any:
    if line[:1] == "{" and line[-1:] == "}":
        try:
            obj, end = _scan_once(line, 0)
        except (StopIteration, ValueError, RecursionError):
            pass
        else:
            # Every key is followed by its own colon, so with as many colons as keys no key
            # was given twice; otherwise (a colon in a value, nested objects) the exact check.
            if end == len(line) and line.count(":") == len(obj):
                return obj
    return json.loads(line, object_pairs_hook=_unique_keys)


def parse_line(line: str | bytes) -> Action:
    """Decode one record line (JSON text) into an action."""
    if len(line) > MAX_LINE_BYTES:
        raise RecordError("line_too_long", size=len(line), limit=MAX_LINE_BYTES)
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError("line_not_utf8", byte=exc.start) from None
    try:
        obj = _decode(line)
    except json.JSONDecodeError as exc:
        raise RecordError("line_not_json", detail=exc.msg, column=exc.colno) from None
    except RecursionError:
        raise RecordError("line_too_deep") from None
    except RecordError:
        raise  # a key given twice (`_unique_keys`): a RecordError is a ValueError too
    except ValueError as exc:
        # Python refuses to convert a number of more than 4,300 digits (int_max_str_digits).
        if "digits" in str(exc):
            raise RecordError("line_number_too_long") from None
        raise RecordError("line_not_json_value", detail=str(exc)) from None
    if "\\u" in line:
        # An escape may stand for half a surrogate pair: text that cannot be written back.
        try:
            json.dumps(obj, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise RecordError("line_lone_surrogate") from None
    return parse_action(obj)
