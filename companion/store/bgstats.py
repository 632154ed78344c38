"""A finished game as a BG Stats play, and the link that hands it to the BG Stats app.

BG Stats opens `https://app.bgstatsapp.com/createPlay.html?data=<play JSON>`
and offers to add the play (docs/after-the-game.md describes the fields).
Everything here is computed from the game's record and the engine's final
state; nothing is invented: a record without times gives a play without
`playDate` and `durationMin` (BG Stats then asks for the date).

The link must stay short, because it travels in a QR code on a 7" screen:
the JSON is compact (no spaces), `comments` is a few words, and the
percent-encoding leaves `:` and `,` as they are (both are allowed in a URL
query, and every decoder reads them unchanged).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from datetime import UTC
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from companion.engine import Catalogue, RecordError, Setup, State, parse_line, replay
from companion.store.journal import game_key, line_time, parse_time

SOURCE_NAME = "Speicherstadt Companion"
GAME: dict[str, Any] = {
    "name": "Die Speicherstadt",
    "bggId": 66505,
    "sourceGameId": "speicherstadt",
    "highestWins": True,
    "noPoints": False,
}
LINK = "https://app.bgstatsapp.com/createPlay.html?data="
#: Characters left unencoded in the `data` value besides letters, digits and `_.-~`.
SAFE = ":,"


class PlayError(ValueError):
    """The record is not a finished game, so it has no play."""


def same(name: str) -> str:
    """What makes two names one: case, outer spaces and Unicode spelling ignored."""
    import unicodedata

    return unicodedata.normalize("NFC", name).strip().casefold()


def player_id_for(name: str) -> str:
    """`sourcePlayerId`: the same for the same name (ignoring case and outer spaces)."""
    return hashlib.sha256(name.strip().casefold().encode("utf-8")).hexdigest()[:8]


def display_name(state: State, pid: str) -> str:
    """The name given at setup, else the player's colour ("Red"), as BG Stats will list it."""
    name = (state.names.get(pid) or "").strip()
    return name if name and name != pid else pid.capitalize()


def _lines(record: str) -> list[str]:
    return [line for line in record.split("\n") if line.strip()]


def start_player(record: str) -> str | None:
    """Who held the metal coin at the start (`setup.first`)."""
    lines = _lines(record)
    if not lines:
        return None
    try:
        setup = parse_line(lines[0])
    except RecordError:
        return None
    return setup.first if isinstance(setup, Setup) else None


def ranks(state: State) -> dict[str, int]:
    """Rank per player with ties: 1 + how many the engine places strictly ahead.

    The engine ranks by total, then coins (`engine.scoring.rank`); players equal on
    both share a rank and the next rank is skipped (1, 1, 3).
    """
    final = state.final
    if final is None:
        raise PlayError("the game is not finished, so it has no ranks")

    def key(pid: str) -> tuple[int, int]:
        return (-final.scores[pid]["total"], -state.player(pid).coins)

    return {pid: 1 + sum(1 for q in state.players if key(q) < key(pid)) for pid in state.players}


def tie(state: State) -> str | None:
    """How the win was decided on equal points: "shared" (equal coins too: the
    companion's ruling), "coins", or None when the points decided."""
    final = state.final
    assert final is not None
    if len(final.ranking) > 1:
        first, second = final.ranking[0], final.ranking[1]
        if final.scores[first]["total"] == final.scores[second]["total"]:
            return "shared" if len(final.winners) > 1 else "coins"
    return None


def comments(state: State) -> str:
    """A few words: the rounds played, and the tie-break when coins decided (in English;
    the app and `export --bgstats` write them in the table's language,
    `companion.texts.words.play_comments`)."""
    text = f"{state.round} round{'' if state.round == 1 else 's'}"
    decided = tie(state)
    if decided is not None:
        text += "; tie: shared win" if decided == "shared" else "; tie: more coins wins"
    return text


def play(state: State, record: str, *, started: str | None = None,
         duration_seconds: float | None = None,
         names: Mapping[str, str] | None = None,
         said: Callable[[State], str] | None = None) -> dict[str, Any]:
    """The BG Stats play of a finished game.

    `started` and `duration_seconds` default to what the record's times say
    (the same values the history stores for the game). `names`: each player's name as
    the table sees it (an unnamed player's colour in the table's language: "Rot", not
    "Red"); without it, `display_name`. `said`: the `comments` in the table's language
    (they go on to BGG); without it, English.
    """
    final = state.final
    if final is None:
        raise PlayError("the game is not finished yet; only a finished game can go to BG Stats")
    lines = _lines(record)
    if not lines:
        raise PlayError("the record is empty")
    if started is None:
        started = line_time(lines[0])
    if duration_seconds is None:
        t0, t1 = parse_time(line_time(lines[0])), parse_time(line_time(lines[-1]))
        duration_seconds = (t1 - t0).total_seconds() if t0 and t1 else None
    first = start_player(record)
    rank = ranks(state)

    def name_of(pid: str) -> str:
        given = (names or {}).get(pid, "").strip()
        return given or display_name(state, pid)

    out: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": game_key(lines[0])[:12],
    }
    moment = parse_time(started)
    if moment is not None:
        out["playDate"] = moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
    if duration_seconds is not None and duration_seconds >= 0:
        out["durationMin"] = round(duration_seconds / 60)
    out["comments"] = (said or comments)(state)
    out["game"] = dict(GAME)
    shown = {pid: name_of(pid) for pid in final.ranking}
    keys = [same(n) for n in shown.values()]

    def source_id(pid: str) -> str:
        # Two players shown alike (an unnamed player's colour in the table's language, and a
        # player named so): each still gets an id of their own.
        name = shown[pid]
        return player_id_for(name if keys.count(same(name)) == 1 else f"{name}\x00{pid}")

    out["players"] = [
        {
            "name": shown[pid],
            "sourcePlayerId": source_id(pid),
            "score": final.scores[pid]["total"],
            "rank": rank[pid],
            "winner": pid in final.winners,
            "startPlayer": pid == first,
        }
        for pid in final.ranking
    ]
    return out


def play_of_record(record: str, catalogue: Catalogue, *, started: str | None = None,
                   duration_seconds: float | None = None,
                   names: Mapping[str, str] | Callable[[State], Mapping[str, str]] | None = None,
                   said: Callable[[State], str] | None = None) -> dict[str, Any]:
    """Replay an archived record with the engine and build its play."""
    result = replay(record, catalogue)
    if result.error is not None or result.state is None:
        problem = result.error or "no setup line"
        raise PlayError(f"the record does not replay ({problem})")
    shown = names(result.state) if callable(names) else names
    return play(result.state, record, started=started, duration_seconds=duration_seconds,
                names=shown, said=said)


def to_json(data: dict[str, Any]) -> str:
    """The play as compact JSON (what the link carries)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def link(data: dict[str, Any]) -> str:
    """The link that opens BG Stats with this play."""
    return LINK + quote(to_json(data), safe=SAFE)


def play_of_link(url: str) -> dict[str, Any]:
    """The play a link carries (the inverse of `link`; what BG Stats reads)."""
    values = parse_qs(urlsplit(url).query, keep_blank_values=True).get("data")
    if not values:
        raise ValueError(f"not a BG Stats link (no data parameter): {url[:60]}")
    data = json.loads(values[0])
    if not isinstance(data, dict):
        raise ValueError("the link's data is not a JSON object")
    return data


__all__ = [
    "GAME", "LINK", "SOURCE_NAME", "PlayError", "comments", "display_name", "link", "play",
    "play_of_link", "play_of_record", "player_id_for", "ranks", "start_player", "to_json",
]
