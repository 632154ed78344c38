"""Final scoring (RULES.md "Final scoring"): what each card is worth at the end."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from companion.engine.cards import COUNTING_OFFICE_POINTS, Catalogue
from companion.engine.state import Final, PlayerState
from companion.engine.words import SCORE_CATEGORIES, TOTAL, Category, Kind

if TYPE_CHECKING:
    from companion.engine.state import State

BOATSMEN_CHURCH_POINTS = 3
ST_MICHAELIS_POINTS = 4


def score_player(catalogue: Catalogue, ps: PlayerState) -> dict[str, int]:
    """Each scoring category for one player, and the total."""
    cards = [catalogue[c] for c in ps.cards]
    kinds = Counter(card.kind for card in cards)
    contracts = 0
    for card in cards:
        if card.kind == Kind.CONTRACT:
            filled = (ps.contracts or {}).get(card.id, ())
            if len(filled) == len(card.goods):
                contracts += card.contract_points
    offices = min(kinds[Kind.COUNTING_OFFICE], len(COUNTING_OFFICE_POINTS) - 1)
    scores = {
        Category.TRACK: ps.track,
        Category.CONTRACTS: contracts,
        Category.COUNTING_OFFICES: COUNTING_OFFICE_POINTS[offices],
        Category.CHAMBER_OF_COMMERCE: ps.coins if kinds[Kind.CHAMBER_OF_COMMERCE] else 0,
        Category.PORT: kinds[Kind.SHIP] if kinds[Kind.PORT] else 0,
        Category.BOATSMEN_CHURCH: BOATSMEN_CHURCH_POINTS if kinds[Kind.BOATSMEN_CHURCH] else 0,
        Category.ST_MICHAELIS: ST_MICHAELIS_POINTS if kinds[Kind.ST_MICHAELIS] else 0,
        Category.WAREHOUSE: len(ps.warehouse) if kinds[Kind.WAREHOUSE] else 0,
        Category.MERCHANTS: kinds[Kind.MERCHANT],
    }
    out: dict[str, int] = {str(c): scores[c] for c in SCORE_CATEGORIES}
    out[TOTAL] = sum(scores.values())
    return out


def rank(
    players: tuple[str, ...], scores: dict[str, dict[str, int]], coins: dict[str, int]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Ranking by total, then coins (seating order keeps full ties stable); and the winners."""
    def key(pid: str) -> tuple[int, int]:
        return (-scores[pid]["total"], -coins[pid])

    ranking = tuple(sorted(players, key=key))
    best = key(ranking[0])
    winners = tuple(p for p in ranking if key(p) == best)
    return ranking, winners


def final_scoring(state: State) -> Final:
    """The final scores, ranking and winners of `state` as it stands."""
    scores = {
        pid: score_player(state.catalogue, state.player_states[pid]) for pid in state.players
    }
    coins = {pid: state.player_states[pid].coins for pid in state.players}
    ranking, winners = rank(state.players, scores, coins)
    return Final(scores=scores, ranking=ranking, winners=winners)
