"""A game record as the club takes it: replayed with the engine, refused with its reason.

`check(data, catalogue)` replays a record exactly as `replay` does and returns the
`Played` game the league keeps (its key, its end time, each seat's points and final
rank), or raises `Refused` with the reason a table is told. Standard library and the
engine only, so the rules of what enters the league are tested without a database.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from datetime import UTC, datetime

from companion.engine import Catalogue
from companion.engine.errors import RecordError, RuleError
from companion.engine.record import (
    MAX_RECORD_BYTES,
    ReplayError,
    iter_states,
    split_lines,
    too_big_message,
)
from companion.engine.values import value
from companion.engine.words import Phase


class Refused(Exception):
    """A record the club does not store, with the reason (`code` is stable for scripts)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@value
class Seat:
    """One player of a finished game."""

    seat: int
    label: str
    """What the table showed: the display name, else the id."""
    norm: str | None
    """The name as the league matches players (`same_name`); None for a seat without a
    name (only a colour): such a seat is an opponent, never a player of the league."""
    points: int
    coins: int
    rank: int
    """1 for the winners; players tied on points and coins share a rank."""


@value
class Played:
    key: str
    """The game's identity: the first 20 hex digits of the SHA-256 of its setup line,
    as the table keys it (docs/record-format.md, "Versioning")."""
    record: str
    ended: datetime
    seats: tuple[Seat, ...]

    @property
    def season(self) -> str:
        return season_of(self.ended)


def season_of(moment: datetime) -> str:
    """A season is a calendar year (UTC) of the games' end."""
    return str(moment.astimezone(UTC).year)


def same_name(name: str) -> str:
    """Two names are one player's when equal ignoring case, outer spaces and Unicode
    spelling: the table's rule (`companion.store.history.same_name`)."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def game_key(setup_line: str) -> str:
    return hashlib.sha256(setup_line.encode("utf-8")).hexdigest()[:20]


def _time(line: str | bytes) -> datetime | None:
    try:
        text = json.loads(line).get("t")
        moment = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except (ValueError, AttributeError, TypeError):
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def check(data: bytes, catalogue: Catalogue, *, received: datetime | None = None) -> Played:
    """The finished game of record `data`; `Refused` for any record the league must not keep.

    `received`: the end time of a record whose lines carry no time (one written by hand).
    """
    if len(data) > MAX_RECORD_BYTES:
        raise Refused("record_too_big", too_big_message())
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused("record_not_utf8", f"the record is not UTF-8 text (byte {exc.start})") \
            from None
    state = None
    setup = None
    over_at = 0  # the line at which the game last became over
    try:
        for number, action, after in iter_states(text, catalogue):
            if setup is None:
                setup = action
            if after.phase == Phase.OVER and (state is None or state.phase != Phase.OVER):
                over_at = number
            state = after
    except RuleError as exc:
        error = ReplayError.of(exc.line or 1, exc)
        raise Refused(error.code or "record_refused", str(error)) from None
    if state is None:
        error = ReplayError.of(1, RecordError("record_empty"))
        raise Refused(error.code or "record_refused", str(error))
    if state.phase != Phase.OVER or state.final is None:
        raise Refused("game_not_finished", f"the game is not finished (round {state.round}, "
                      f"{state.phase}): the club keeps finished games only")
    numbered = split_lines(text)
    lines = [str(raw) for _n, raw in numbered]
    # The game's end is the line at which it last became over: a correction appended
    # later (an `adjust`) leaves the game where it ended; an undo and a new end moves it.
    end_line = next((str(raw) for n, raw in numbered if n == over_at), lines[-1])
    ended = _time(end_line) or _time(lines[-1]) or _time(lines[0]) or received \
        or datetime.now(UTC)
    final = state.final
    key_of = {pid: (-final.scores[pid]["total"], -state.player(pid).coins)
              for pid in state.players}
    given = dict(getattr(setup, "names", None) or {})
    seats = []
    for index, pid in enumerate(state.players):
        named = isinstance(given.get(pid), str) and bool(given[pid].strip())
        label = str(state.names.get(pid) or pid)
        seats.append(Seat(
            seat=index, label=label, norm=same_name(label) if named else None,
            points=int(final.scores[pid]["total"]), coins=int(state.player(pid).coins),
            rank=1 + sum(1 for other in state.players if key_of[other] < key_of[pid])))
    return Played(key=game_key(lines[0]), record=text, ended=ended, seats=tuple(seats))


def relation(stored: str, sent: str) -> str:
    """How a record sent relates to the stored record of the same game (same setup line):

    - "same": the same lines;
    - "older": the stored record continues the sent one (an earlier version: already there);
    - "newer": the sent record is the stored one with lines appended after it: a
      correction (the journal is append-only, so every change a table makes to a finished
      game, an `adjust`, an undo and a new end, is lines added to its record);
    - "other": neither continues the other (a conflict).

    Lines end at ``\n``; a missing final newline is the only difference ignored."""
    old = stored if stored.endswith("\n") else stored + "\n"
    new = sent if sent.endswith("\n") else sent + "\n"
    if old == new:
        return "same"
    if new.startswith(old):
        return "newer"
    if old.startswith(new):
        return "older"
    return "other"


__all__ = ["Played", "Refused", "Seat", "check", "game_key", "relation", "same_name",
           "season_of"]
