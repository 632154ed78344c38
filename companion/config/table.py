"""The end-of-game table that `score` reads: a YAML file entered by hand.

Example (every key but `players` is optional)::

    cards:                      # printed values of your copy, like setup.cards
      B-contract-1: {goods: [tea, saffron, rubber]}
    players:
      red:
        name: Anna
        track: 7                # points on the score track
        coins: 12
        cards: [A-warehouse, B-contract-1, D-port, B-ship-1, C-ship-2]
        contracts:              # the goods on each contract owned
          B-contract-1: [tea, saffron, rubber]
        warehouse: [coffee, tea]
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from companion.config import yamlfile
from companion.engine import GOODS, Catalogue, PlayerState, RuleError
from companion.engine.rules import WAREHOUSE_CAPACITY, WAREHOUSE_CARD
from companion.engine.values import value
from companion.engine.words import Kind

PLAYER_KEYS = {"name", "track", "coins", "cards", "contracts", "warehouse"}
#: The most coins and track points a table may give, either way: what one correction of the
#: journal (`adjust`) may give, far above a real game's (a 24-digit winner was printed).
LIMIT = 999


@value
class ScoreTable:
    """Players in the order given, their display names and their end-of-game tableaus."""

    players: tuple[str, ...]
    names: dict[str, str]
    tableaus: dict[str, PlayerState]
    catalogue: Catalogue


def _whole(doc: yamlfile.YamlDocument, path: yamlfile.KeyPath, value: Any, low: int,
           high: int = LIMIT) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        shown = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else (
            "a number of more than 12 digits")
        raise doc.error(path, f"must be a whole number from {low} to {high}, not {shown}")
    return value


def _goods(doc: yamlfile.YamlDocument, path: yamlfile.KeyPath, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise doc.error(path, "must be a list of goods")
    for i, good in enumerate(value):
        if good not in GOODS:
            raise doc.error(path + (i,), f"{good!r} is not a good ({', '.join(GOODS)})")
    return tuple(value)


def _name(doc: yamlfile.YamlDocument, base: yamlfile.KeyPath, value: Any) -> str:
    """A display name: one spelling (NFC) per name, and only whole characters."""
    name = unicodedata.normalize("NFC", str(value))
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in name):
        raise doc.error(base + ("name",), "is not valid text (half of a surrogate pair)")
    return name


def load_table(path: str | Path, catalogue: Catalogue) -> ScoreTable:
    doc = yamlfile.load(path)
    assert doc is not None
    return parse_table(doc, catalogue)


def parse_table(doc: yamlfile.YamlDocument, catalogue: Catalogue) -> ScoreTable:
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("players"), dict):
        raise doc.error(("players",), "the table needs `players`, a mapping of player ids")
    for key in data:
        if key not in ("players", "cards"):
            raise doc.error((key,), "unknown key (use players and cards)")
    if "cards" in data:
        if not isinstance(data["cards"], dict):
            raise doc.error(("cards",), "maps card ids to printed values")
        try:
            catalogue = catalogue.with_overrides(data["cards"])
        except RuleError as exc:
            raise doc.error(("cards",), str(exc)) from None
    players = tuple(str(p) for p in data["players"])
    if not 2 <= len(players) <= 5:
        raise doc.error(("players",), f"the game is for 2-5 players, not {len(players)}")
    owner: dict[str, str] = {}
    names: dict[str, str] = {}
    tableaus: dict[str, PlayerState] = {}
    for pid in players:
        base: yamlfile.KeyPath = ("players", pid)
        entry = data["players"][pid] or {}
        if not isinstance(entry, dict):
            raise doc.error(base, "each player is a mapping (track, coins, cards, ...)")
        for key in entry:
            if key not in PLAYER_KEYS:
                known = ", ".join(sorted(PLAYER_KEYS))
                raise doc.error(base + (key,), f"unknown key (use {known})")
        names[pid] = _name(doc, base, entry.get("name", pid))
        track = _whole(doc, base + ("track",), entry.get("track", 0), -LIMIT)
        coins = _whole(doc, base + ("coins",), entry.get("coins", 0), 0)
        cards = entry.get("cards", [])
        if not isinstance(cards, list):
            raise doc.error(base + ("cards",), "must be a list of card ids")
        for i, card_id in enumerate(cards):
            if card_id not in catalogue:
                raise doc.error(base + ("cards", i), f"unknown card {card_id!r}")
            if catalogue[card_id].kind == Kind.FIRE:
                raise doc.error(base + ("cards", i), "fires are not owned")
            if len(players) in catalogue[card_id].removed_for:
                raise doc.error(
                    base + ("cards", i),
                    f"{card_id} is taken out of the game at setup with {len(players)} players: "
                    "nobody can own it",
                )
            if card_id in owner:
                raise doc.error(base + ("cards", i), f"{card_id} is already {owner[card_id]}'s")
            owner[card_id] = pid
        contracts_raw = entry.get("contracts", {}) or {}
        if not isinstance(contracts_raw, dict):
            raise doc.error(base + ("contracts",), "maps contract ids to the goods on them")
        contracts: dict[str, tuple[str, ...]] = {
            c: () for c in cards if catalogue[c].kind == Kind.CONTRACT
        }
        for contract, goods_raw in contracts_raw.items():
            where = base + ("contracts", contract)
            if contract not in contracts:
                raise doc.error(where, f"{contract} is not a contract in {pid}'s cards")
            goods = _goods(doc, where, goods_raw)
            symbols = list(catalogue[contract].goods)
            for good in goods:
                if good not in symbols:
                    raise doc.error(where, f"{good} does not fit on {contract} "
                                           f"({', '.join(catalogue[contract].goods)})")
                symbols.remove(good)
            contracts[contract] = goods
        warehouse = _goods(doc, base + ("warehouse",), entry.get("warehouse", []))
        if warehouse and WAREHOUSE_CARD not in cards:
            raise doc.error(base + ("warehouse",), f"{pid} does not own the warehouse")
        if len(warehouse) > WAREHOUSE_CAPACITY:
            raise doc.error(base + ("warehouse",), "the warehouse holds at most 4 cubes")
        firemen = sum(catalogue[c].value or 0 for c in cards if catalogue[c].kind == Kind.FIREMAN)
        tableaus[pid] = PlayerState(
            coins=coins, track=track, cards=tuple(cards), firemen=firemen,
            warehouse=warehouse, contracts=contracts,
        )
    return ScoreTable(players, names, tableaus, catalogue)
