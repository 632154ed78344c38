"""The card catalogue: config/cards.yaml, plus the owner's corrections.

The shipped file holds every card's kind, season and printed values; values
nobody has confirmed against real cards carry `verified: false`. The owner's
file (`cards.yaml` in the state directory) holds values the table confirmed
or corrected; it overrides the shipped ones and marks them verified.
"""

from __future__ import annotations

import copy
import logging
import os
import time
from pathlib import Path
from typing import Any

from companion.config import yamlfile
from companion.engine.cards import (
    FOURTH_FIRE,
    SEASON_COUNTS,
    SEASON_NAMES,
    SEASONS,
    Catalogue,
    check_printed,
)
from companion.engine.errors import RuleError
from companion.engine.words import GOODS, KINDS, PRINTED_FIELD, Kind, printed_for_field
from companion.errors import ConfigError
from companion.fsio import atomic_write, describe

CATALOGUE_FILE = "cards.yaml"
OVERRIDE_FILE = "cards.yaml"
CARD_KEYS = {"id", "kind", "season", "good", "points", "value", "goods", "removed_for"}


def _printed(doc: yamlfile.YamlDocument, path: yamlfile.KeyPath, raw: Any) -> tuple[Any, bool]:
    """A printed value given as {value: ..., verified: bool} (or bare, meaning verified)."""
    if isinstance(raw, dict):
        unknown = set(raw) - {"value", "verified"}
        if unknown:
            raise doc.error(path + (sorted(unknown)[0],), "unknown key (use value and verified)")
        if "value" not in raw:
            raise doc.error(path, "needs a value")
        verified = raw.get("verified", False)
        if not isinstance(verified, bool):
            raise doc.error(path + ("verified",), "must be true or false")
        return raw["value"], verified
    return raw, True


def parse_catalogue(doc: yamlfile.YamlDocument) -> list[dict[str, Any]]:
    """Check a parsed cards.yaml; each card as a plain dict with a `verified` map."""
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise doc.error((), "a card catalogue has a list under `cards`")
    unknown = set(data) - {"version", "cards"}
    if unknown:
        raise doc.error((sorted(unknown)[0],), "unknown key")
    if data.get("version", 1) != 1:
        raise doc.error(("version",), f"unsupported catalogue version {data['version']!r}")
    out: list[dict[str, Any]] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(data["cards"]):
        path: yamlfile.KeyPath = ("cards", index)
        if not isinstance(raw, dict):
            raise doc.error(path, "each card is a mapping with id, kind and season")
        for key in raw:
            if key not in CARD_KEYS:
                raise doc.error(path + (key,), "unknown key")
        card_id = raw.get("id")
        if not isinstance(card_id, str) or not card_id:
            raise doc.error(path + ("id",), "each card needs an id")
        if card_id in seen:
            raise doc.error(path + ("id",), f"{card_id} is given twice")
        seen[card_id] = index
        if raw.get("kind") not in KINDS:
            raise doc.error(path + ("kind",), f"must be one of {', '.join(KINDS)}")
        if raw.get("season") not in SEASONS:
            raise doc.error(path + ("season",), "must be A, B, C, D or E")
        card: dict[str, Any] = {
            "id": card_id, "kind": raw["kind"], "season": raw["season"], "verified": {}
        }
        if "good" in raw:
            # Checked here, not only by the engine, so the error names file, line and key.
            if raw["kind"] != Kind.MERCHANT:
                raise doc.error(path + ("good",), f"a {raw['kind']} has no good")
            if raw["good"] not in GOODS:
                raise doc.error(path + ("good",), f"must be one of {', '.join(GOODS)}")
            card["good"] = raw["good"]
        if "removed_for" in raw:
            removed = raw["removed_for"]
            if not isinstance(removed, list) or any(
                not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 5 for n in removed
            ):
                raise doc.error(path + ("removed_for",), "lists player counts 2-5")
            card["removed_for"] = removed
        printed = PRINTED_FIELD.get(raw["kind"])
        for name in sorted(set(PRINTED_FIELD.values())):
            if name not in raw:
                continue
            if name != printed:
                raise doc.error(path + (name,), f"a {raw['kind']} has no printed {name}")
            value, verified = _printed(doc, path + (name,), raw[name])
            try:
                card[name] = check_printed(card_id, raw["kind"], name, value)
            except RuleError as exc:
                raise doc.error(path + (name,), str(exc)) from None
            card["verified"][name] = verified
        if printed and printed not in card:
            raise doc.error(path, f"a {raw['kind']} needs its printed {printed}")
        if raw["kind"] == Kind.MERCHANT and "good" not in raw:
            raise doc.error(path, "a merchant needs its good")
        out.append(card)
    counts = {s: 0 for s in SEASONS}
    for card in out:
        counts[card["season"]] += 1
    for season, expected in SEASON_COUNTS.items():
        if counts[season] != expected:
            raise doc.error(
                ("cards",),
                f"{counts[season]} {SEASON_NAMES[season]} ({season}) cards; "
                f"the game has {expected}",
            )
    if FOURTH_FIRE not in seen:
        raise doc.error(("cards",), f"the 4th fire {FOURTH_FIRE} is missing")
    return out


def _apply_overrides(cards: list[dict[str, Any]], doc: yamlfile.YamlDocument) -> None:
    data = doc.data or {}
    if not isinstance(data, dict):
        raise doc.error((), "the owner's card file maps card ids to printed values")
    by_id = {card["id"]: card for card in cards}
    for card_id, values in data.items():
        card = by_id.get(card_id)
        if card is None:
            raise doc.error((card_id,), "unknown card id")
        if not isinstance(values, dict):
            raise doc.error((card_id,), "give the printed values, e.g. {points: 4}")
        for name, value in values.items():
            try:
                card[name] = check_printed(card_id, card["kind"], name, value)
            except RuleError as exc:
                raise doc.error((card_id, name), str(exc)) from None
            card["verified"][name] = True


def load_catalogue_data(
    config_dir: str | os.PathLike[str],
    state_dir: str | os.PathLike[str] | None = None,
    *,
    strict: bool = False,
    warnings: list[str] | None = None,
) -> list[dict[str, Any]]:
    """Every card as a plain dict (id, kind, season, printed values, `verified` per value).

    The owner's corrections in `state_dir/cards.yaml` replace shipped values. A bad
    owner file (a side file: the app writes it) is ignored with a warning, logged and
    appended to `warnings`, so that it never stops a game; with `strict` (check-config,
    the commands) it is a ConfigError like any configuration file.
    """
    doc = yamlfile.load(Path(config_dir) / CATALOGUE_FILE)
    assert doc is not None
    cards = parse_catalogue(doc)
    if state_dir is not None:
        try:
            override = yamlfile.load(Path(state_dir) / OVERRIDE_FILE, missing_ok=True)
            if override is not None:
                corrected = copy.deepcopy(cards)
                _apply_overrides(corrected, override)
                cards = corrected
        except ConfigError as exc:
            if strict:
                raise
            from companion.config.sidefiles import warn

            warn([] if warnings is None else warnings, exc,
                 "the shipped card values are used; the table's corrections are not",
                 Path(state_dir) / OVERRIDE_FILE)
    return cards


def catalogue_from_data(cards: list[dict[str, Any]]) -> Catalogue:
    """The engine's catalogue from the plain dicts of `load_catalogue_data`."""
    records = []
    for card in cards:
        record = {k: v for k, v in card.items() if k != "verified"}
        record["unverified"] = [k for k, ok in card.get("verified", {}).items() if not ok]
        records.append(record)
    try:
        return Catalogue.from_data(records)
    except RuleError as exc:
        raise ConfigError(f"card catalogue: {exc}") from None


def load_catalogue(
    config_dir: str | os.PathLike[str],
    state_dir: str | os.PathLike[str] | None = None,
    *,
    strict: bool = False,
) -> Catalogue:
    """The engine's catalogue, with the owner's corrections applied (see load_catalogue_data)."""
    return catalogue_from_data(load_catalogue_data(config_dir, state_dir, strict=strict))


def plain(given: Any, where: str = "value") -> Any:
    """`given` as the plain data YAML and JSON write: str, int, bool, None, lists and
    string-keyed dicts. A game word (a `StrEnum` member such as ``Good.TEA``) becomes its
    string, a tuple a list; anything else is a ConfigError naming `where`, so no writer
    ever meets a type it cannot represent (`yaml.safe_dump` refuses an enum member)."""
    if given is None or isinstance(given, bool):
        return given
    if isinstance(given, str):
        return str(given)  # a StrEnum member is a str: its plain value
    if isinstance(given, int):
        return int(given)
    if isinstance(given, list | tuple):
        return [plain(item, f"{where}[{i}]") for i, item in enumerate(given)]
    if isinstance(given, dict):
        out: dict[str, Any] = {}
        for key, item in given.items():
            if not isinstance(key, str):
                raise ConfigError(f"{where}: a key must be text, not {key!r}")
            out[str(key)] = plain(item, f"{where}.{key}")
        return out
    raise ConfigError(f"{where}: {type(given).__name__} {given!r} is not a value the card "
                      "file can hold")


def save_override(
    state_dir: str | os.PathLike[str], card_id: str, field: str, value: Any
) -> None:
    """Record a printed value the table confirmed or corrected (atomically, fsynced).

    The value is checked against the card's printed field (a fire's points, a fireman's
    value, a contract's 2-4 goods; a bad one is a ConfigError saying so, and the file is
    not touched) and written as plain YAML, whatever types the screens hand in."""
    state_dir = Path(state_dir)
    path = state_dir / OVERRIDE_FILE
    card_id, field = plain(card_id, "card"), plain(field, "field")
    value = plain(value, f"{card_id}.{field}")
    printed = printed_for_field(field)
    if printed is None:
        raise ConfigError(f"{path}: {card_id}.{field}: not a printed value "
                          f"(one of {', '.join(sorted(PRINTED_FIELD.values()))})")
    try:
        value = plain(check_printed(card_id, printed.kind, field, value), f"{card_id}.{field}")
    except RuleError as exc:
        raise ConfigError(f"{path}: {card_id}.{field}: {exc}") from None
    try:
        doc = yamlfile.load(path, missing_ok=True)
        if doc is not None and not _is_override_map(doc.data):
            raise doc.error((), "the owner's card file maps card ids to printed values")
    except ConfigError as exc:
        # A damaged file must not block the correction: set it aside (kept), start anew.
        doc = None
        aside = path.with_name(f"{OVERRIDE_FILE}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(path, aside)
        except OSError as move:
            raise ConfigError(f"{path}: cannot save the card value ({exc.message}; "
                              f"it cannot be set aside: {move.strerror})") from None
        logging.getLogger("companion.config").warning(
            "%s; set aside as %s", exc.message, aside.name)
    data: dict[str, Any] = plain(dict(doc.data or {}), "cards.yaml") if doc is not None else {}
    data.setdefault(card_id, {})[field] = value
    _write_overrides(state_dir, path, data)


def restore_override(state_dir: str | os.PathLike[str], card_id: str, field: str,
                     mistaken: Any, before: Any) -> bool:
    """Give a card's printed value in the owner's file back what it held before a
    confirmation the table took back (`before`; None: no entry, the catalogue's guess
    again), if the file still holds the `mistaken` value (else a later correction, or
    enrolment, relies on what is there, and it stays). Whether the file changed; a
    ConfigError when it cannot be read or written."""
    state_dir = Path(state_dir)
    path = state_dir / OVERRIDE_FILE
    doc = yamlfile.load(path, missing_ok=True)
    if doc is None or not isinstance(doc.data, dict) or not _is_override_map(doc.data):
        return False
    data: dict[str, Any] = plain(dict(doc.data), "cards.yaml")
    entry = data.get(card_id) or {}
    held = entry.get(field)
    if held is None or plain(mistaken, card_id) != held:
        return False
    if before is None:
        del entry[field]
        if not entry:
            del data[card_id]
    else:
        entry[field] = plain(before, f"{card_id}.{field}")
    _write_overrides(state_dir, path, data)
    return True


def _write_overrides(state_dir: Path, path: Path, data: dict[str, Any]) -> None:
    """Write the owner's card file whole (atomically, fsynced)."""
    import yaml

    try:
        dumped = yaml.safe_dump(data, sort_keys=True, default_flow_style=None,
                                allow_unicode=True)
    except yaml.YAMLError as exc:  # cannot happen for plain data; never a raw error
        raise ConfigError(f"{path}: cannot save the card value ({exc})") from None
    text = (
        "# Printed card values confirmed at the table. They override the shipped\n"
        "# catalogue and count as verified. Written by the companion.\n"
        + dumped
    )
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot save the card value ({describe(exc)})") from None


def _is_override_map(data: Any) -> bool:
    return data is None or (
        isinstance(data, dict) and all(isinstance(v, dict) for v in data.values())
    )


def confirmed_values(
    config_dir: str | os.PathLike[str], state_dir: str | os.PathLike[str] | None
) -> dict[str, dict[str, Any]]:
    """The printed values the table has confirmed, as `setup.cards` of a new game.

    A game's record carries them so it replays the same on any machine and
    after any later correction; placeholders stay out, still unverified.
    """
    out: dict[str, dict[str, Any]] = {}
    for card in load_catalogue_data(config_dir, state_dir):
        for name, verified in card["verified"].items():
            value = card[name]
            if verified:
                out.setdefault(card["id"], {})[name] = list(value) if isinstance(
                    value, tuple
                ) else value
    return out
