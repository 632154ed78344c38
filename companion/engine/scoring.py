"""Final scoring (docs/rules.md "Final scoring"): what each card is worth at the end."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from companion.engine.cards import COUNTING_OFFICE_POINTS, Catalogue
from companion.engine.state import SCORE_CATEGORIES, Final, PlayerState

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
        if card.kind == "contract":
            filled = (ps.contracts or {}).get(card.id, ())
            if len(filled) == len(card.goods):
                contracts += card.contract_points
    offices = min(kinds["counting_office"], len(COUNTING_OFFICE_POINTS) - 1)
    scores = {
        "track": ps.track,
        "contracts": contracts,
        "counting_offices": COUNTING_OFFICE_POINTS[offices],
        "chamber_of_commerce": ps.coins if kinds["chamber_of_commerce"] else 0,
        "port": kinds["ship"] if kinds["port"] else 0,
        "boatsmen_church": BOATSMEN_CHURCH_POINTS if kinds["boatsmen_church"] else 0,
        "st_michaelis": ST_MICHAELIS_POINTS if kinds["st_michaelis"] else 0,
        "warehouse": len(ps.warehouse) if kinds["warehouse"] else 0,
        "merchants": kinds["merchant"],
    }
    scores["total"] = sum(scores[c] for c in SCORE_CATEGORIES)
    return scores


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
