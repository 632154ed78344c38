"""Ratings with openskill's Plackett-Luce model, from each game's final ranks.

A rating is (mu, sigma); the number the league shows is openskill's ordinal,
mu - 3 sigma, which rises as a player's results become certain. Games are rated one
after the other in the order they ended (ties broken by the game's key), so the same
games give the same ratings whatever order they arrived in. A seat without a name (only
a colour) is an opponent with a new rating each game: it is never carried over.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

Rating = tuple[float, float]


class Rater:
    """openskill's Plackett-Luce model with its default parameters (mu 25, sigma 25/3)."""

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        self._model: Any = PlackettLuce()
        self.initial: Rating = (float(self._model.mu), float(self._model.sigma))

    def rate(self, before: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
        """The players' ratings after a game, from their ratings before it and their
        final ranks (1 the winner; equal ranks are a tie)."""
        teams = [[self._model.create_rating([mu, sigma])] for mu, sigma in before]
        after = self._model.rate(teams, ranks=list(ranks))
        return [(float(team[0].mu), float(team[0].sigma)) for team in after]


def ordinal(rating: Rating) -> float:
    """The rating a table shows: mu - 3 sigma."""
    mu, sigma = rating
    return mu - 3.0 * sigma


def rate_games(games: Iterable[Sequence[tuple[str | None, int]]],
               rater: Rater | None = None,
               start: Mapping[str, Rating] | None = None) -> dict[str, Rating]:
    """Every player's rating after `games`, each a list of (player or None, rank), in
    the order they ended. The reference the league's stored ratings must equal."""
    rater = rater or Rater()
    ratings = dict(start or {})
    for seats in games:
        before = [ratings.get(p, rater.initial) if p is not None else rater.initial
                  for p, _rank in seats]
        after = rater.rate(before, [rank for _p, rank in seats])
        for (player, _rank), rating in zip(seats, after, strict=True):
            if player is not None:
                ratings[player] = rating
    return ratings


__all__ = ["Rater", "Rating", "ordinal", "rate_games"]
