"""What the phones' page shows, as JSON: the state the journal gives, as the table sees it.

`view(reading, names)` turns the saved game as `companion.phones.follow` reads it
into plain data for the page (docs/phones.md, "What the page shows"): the
phase and round, each player's coins, score track, fire standing and tableau
(cards with their printed values, contracts with the goods they need and the
goods on them, warehouse, market hall, the cubes still on a ship), the fires
so far, and for a finished game the score sheet, the running scores for the
chart and the BG Stats links. A printed value that is a placeholder
(docs/cards.md) is sent with ``"verified": false`` and the page shows it as
not confirmed, never as fact. The engine's state JSON (`state`) goes along
unchanged, so a test can compare the page with `replay --json`. `names` gives each
player's name as the table sees it and `said` the play's comments in the table's
language, for the BG Stats play, so the phone's play is the one `export --bgstats`
makes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from companion.engine import State
from companion.engine.words import PRINTED_FIELD, Kind
from companion.phones.follow import Reading
from companion.store import bgstats, stats
from companion.store.journal import line_time

log = logging.getLogger("companion.phones")

Names = Callable[[State], Mapping[str, str]]
#: The BG Stats play's comments in the table's language (`companion.texts.words.play_comments`).
Said = Callable[[State], str]


def _printed(state: State, card_id: str) -> dict[str, Any] | None:
    """A card's printed value, with whether it is confirmed (None: the card prints none)."""
    if card_id not in state.catalogue:
        return None
    card = state.catalogue[card_id]
    name = PRINTED_FIELD.get(card.kind)
    if name is None:
        return None
    value = getattr(card, name)
    return {
        "field": name,
        "value": list(value) if isinstance(value, tuple) else value,
        "verified": name not in card.unverified,
    }


def _card(state: State, card_id: str) -> dict[str, Any]:
    out: dict[str, Any] = {"id": card_id}
    if card_id in state.catalogue:
        card = state.catalogue[card_id]
        out["kind"] = str(card.kind)
        out["season"] = card.season
        if card.kind == Kind.MERCHANT:
            out["good"] = card.good
        printed = _printed(state, card_id)
        if printed is not None:
            out["printed"] = printed
    return out


def _player(state: State, pid: str) -> dict[str, Any]:
    ps = state.player(pid)
    given = (state.names.get(pid) or "").strip()
    # An unnamed player is their colour, which each phone says in its own language.
    name = given if given and given != pid else None
    contracts = ps.contracts or {}
    return {
        "id": pid,
        "name": name,
        "coins": ps.coins,
        "track": ps.track,
        "firemen": ps.firemen,
        "first": pid == state.first_player,
        "cards": [_card(state, c) for c in ps.cards],
        "contracts": [
            {**_card(state, c), "on": list(goods)} for c, goods in contracts.items()
        ],
        "warehouse": list(ps.warehouse),
        "market": ps.market,
        "dock": list(ps.dock),
    }


def view(reading: Reading | None, names: Names, *, said: Said | None = None,
         problem: str | None = None) -> dict[str, Any]:
    """The page's data for the saved game (`reading`; None: no game is saved). Its cost
    follows the state's size, not the game's length (the chart's round ends are kept
    as the game goes); only a finished game's BG Stats play reads the lines' times."""
    out: dict[str, Any] = {"game": None, "problem": problem}
    if reading is not None and reading.notice:
        out["notice"] = reading.notice
    if reading is None or reading.state is None:
        return out
    state = reading.state
    game: dict[str, Any] = {
        "phase": str(state.phase),
        "round": state.round,
        "last_round": state.last_round,
        "actions": state.actions,
        "started": line_time(reading.lines[0]) if reading.lines else None,
        "players": [_player(state, p) for p in state.players],
        "fires": [
            {**f.to_json(), "verified": (_printed(state, f.card) or {}).get("verified", True)}
            for f in state.fires
        ],
        "pile": state.pile_size(),
        "state": state.to_json(),
    }
    if state.final is not None:
        game["final"] = state.final.to_json()
        record = "".join(line + "\n" for line in reading.lines)
        try:
            game["chart"] = (reading.ends.series(state) if reading.ends is not None
                             else stats.running_scores(record, state.catalogue))
        except Exception as exc:  # noqa: BLE001 - a chart must never stop the page
            # Asked at every poll of a phone: the details once in a debug log are enough.
            log.debug("no chart for the phones (%s: %s)", type(exc).__name__, exc)
            game["chart"] = {}
        try:
            link = bgstats.link(bgstats.play(state, record, names=names(state), said=said))
        except (bgstats.PlayError, ValueError, KeyError):
            link = None
        if link is not None:
            game["bgstats"] = {
                "https": link,
                "app": "bgstats://" + link.split("://", 1)[1],
            }
    out["game"] = game
    return out


__all__ = ["Names", "Said", "view"]
