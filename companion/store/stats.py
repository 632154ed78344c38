"""What the History and Statistics screens show, from the history's public reads.

`History` (history.py) stores each finished game with its record; this module
only reads it (`History.games()`), so the history's own handling of a
damaged database applies unchanged. A past game's final screen is rebuilt by
replaying its archived record with the engine (`final_view`): the numbers are
the engine's, never stored copies (docs/after-the-game.md).
"""

from __future__ import annotations

from typing import Any

from companion.engine import (
    SCORE_CATEGORIES,
    Catalogue,
    RuleError,
    State,
    iter_states,
    replay,
    score_player,
)
from companion.engine.values import value
from companion.engine.words import Phase
from companion.store.history import GameSummary, PlayerStats
from companion.store.journal import parse_time


def when(started: str | None) -> str:
    """A game's date and start time in UTC, "2026-03-07 19:58 UTC": the machine form (the
    store imports only the engine and the standard library). The screens and the
    `history` command write it as a person reads it, in local time
    (`companion.formats.when`)."""
    moment = parse_time(started)
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment else "?"


@value
class GameRow:
    """One line of the History list."""

    id: int
    when: str
    """Date and start time, as the `history` command shows them."""
    players: tuple[tuple[str, str | None, int, bool], ...]
    """(name, colour, total, winner) in ranking order."""

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(name for name, _c, _t, won in self.players if won)


def game_rows(games: list[GameSummary]) -> list[GameRow]:
    """The History list: latest first, as `History.games()` gives them."""
    return [
        GameRow(
            id=g.id, when=when(g.started),
            players=tuple((p.name, p.colour, p.total, p.winner)
                          for p in sorted(g.players, key=lambda p: (p.rank, p.seat))),
        )
        for g in games
    ]


@value
class PlayerRecord:
    """One player name over all finished games."""

    name: str
    games: int
    wins: int
    average_total: float
    best_total: int
    average_by_category: dict[str, float]
    """Average points per game in each scoring category."""


def player_records(games: list[GameSummary]) -> list[PlayerRecord]:
    """Per player name (case and outer spaces ignored; spelled as in the latest game).

    Most wins first, then most games, then by name. Computed from the totals
    and category points the history stored for each game at the engine's
    final scoring.
    """
    groups: dict[str, list[Any]] = {}
    for game in games:  # latest first
        for player in game.players:
            groups.setdefault(player.name.strip().casefold(), []).append(player)
    out = []
    for entries in groups.values():
        n = len(entries)
        totals = [p.total for p in entries]
        out.append(PlayerRecord(
            name=entries[0].name.strip(),
            games=n,
            wins=sum(1 for p in entries if p.winner),
            average_total=sum(totals) / n,
            best_total=max(totals),
            average_by_category={
                c: sum(p.scores.get(c, 0) for p in entries) / n for c in SCORE_CATEGORIES
            },
        ))
    out.sort(key=lambda r: (-r.wins, -r.games, r.name.casefold()))
    return out


def records_of(players: list[PlayerStats]) -> list[PlayerRecord]:
    """`player_records`, from the statistics the history sums itself
    (`History.player_stats`): the Statistics screen reads no game."""
    return [
        PlayerRecord(
            name=p.name, games=p.games, wins=p.wins, average_total=p.average_total,
            best_total=p.best_total,
            average_by_category={c: p.category_points.get(c, 0) / p.games
                                 for c in SCORE_CATEGORIES},
        )
        for p in players if p.games
    ]


# --- a past game's final screen ---------------------------------------------------------


class RoundEnds:
    """`running_scores` one state at a time: give it every state a record reaches, in
    order (`step`), and it gives the running scores so far (`series`). A reader that
    follows a journal line by line (the phones' page) keeps one and pays per line."""

    def __init__(self) -> None:
        self._ends: dict[int, dict[str, int]] = {}

    def step(self, state: State) -> None:
        if state.phase == Phase.OVER or (state.previous is not None
                                         and state.round > state.previous.round):
            finished = state.round if state.phase == Phase.OVER else state.round - 1
            self._ends = {k: v for k, v in self._ends.items() if k < finished}
            self._ends[finished] = {p: score_player(state.catalogue, state.player(p))["total"]
                                    for p in state.players}

    def series(self, state: State) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {p: [0] for p in state.players}
        for k in sorted(self._ends):
            for p in state.players:
                out[p].append(self._ends[k][p])
        return out


def running_scores(record: str, catalogue: Catalogue) -> dict[str, list[int]]:
    """Each player's would-be final score at the end of every round (index 0: the start).

    Replays the record and keeps the state reached at each round's end: track
    points plus what the player's cards would score if the game ended then.
    The last value is the final total. An undone round end is forgotten.
    """
    state: State | None = None
    ends = RoundEnds()
    try:
        for _number, _action, state in iter_states(record, catalogue):
            ends.step(state)
    except RuleError:
        pass  # the chart shows the rounds before the first bad line
    if state is None:
        return {}
    return ends.series(state)


@value
class TieBreak:
    """How the first place was settled when totals were equal."""

    points: int
    """The tied total."""
    shared: bool
    """Equal on coins too: a shared win."""
    coins: tuple[int, int]
    """The coins of the first two in the ranking."""


def tie_break_of(state: State) -> TieBreak | None:
    """The tie-break when the first two are equal on points; None when points decided."""
    final = state.final
    if final is None or len(final.ranking) < 2:
        return None
    first, second = final.ranking[0], final.ranking[1]
    top = final.scores[first]["total"]
    if final.scores[second]["total"] != top:
        return None
    return TieBreak(top, len(final.winners) > 1,
                    (state.player(first).coins, state.player(second).coins))


@value
class FinalView:
    """Everything a final screen shows, rebuilt from a record."""

    state: State
    """The final state (the engine's replay of the record)."""
    record: str
    winners: tuple[str, ...]
    ranking: tuple[str, ...]
    table: dict[str, dict[str, int]]
    """Per player: each scoring category and ``total``."""
    tie_break: TieBreak | None
    series: dict[str, list[int]]
    """Running score per player at the end of each round (index 0: the start)."""


class NotFinished(ValueError):
    """The record does not replay to a finished game."""


def final_view(record: str, catalogue: Catalogue) -> FinalView:
    """A finished game's final screen data, from its record (raises `NotFinished`)."""
    result = replay(record, catalogue)
    state = result.state
    if result.error is not None:
        raise NotFinished(f"the record does not replay: {result.error}")
    if state is None or state.final is None:
        raise NotFinished("the record is not a finished game")
    final = state.final
    return FinalView(
        state=state, record=record, winners=tuple(final.winners),
        ranking=tuple(final.ranking),
        table={p: dict(final.scores[p]) for p in state.players},
        tie_break=tie_break_of(state),
        series=running_scores(record, catalogue),
    )


__all__ = [
    "FinalView", "GameRow", "NotFinished", "PlayerRecord", "TieBreak", "final_view",
    "RoundEnds", "game_rows", "player_records", "records_of", "running_scores", "tie_break_of",
    "when",
]
