"""Plain-text views of a game state for the terminal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.engine import SCORE_CATEGORIES, Catalogue, Final, State
from companion.engine.words import CATEGORY_LABELS


def final_table(final: Final, players: tuple[str, ...], names: Mapping[str, str],
                coins: Mapping[str, int]) -> str:
    """The final scoring as a table: a row per category, a column per player."""
    columns = [names.get(p, p) for p in players]
    width = max(len(label) for label in CATEGORY_LABELS.values())
    colw = max(6, *(len(c) for c in columns))
    lines = [" " * width + "".join(f"  {c:>{colw}}" for c in columns)]
    for category in (*SCORE_CATEGORIES, "total"):
        if category == "total":
            lines.append("-" * (width + (colw + 2) * len(columns)))
        row = "".join(f"  {final.scores[p][category]:>{colw}}" for p in players)
        lines.append(f"{CATEGORY_LABELS[category]:<{width}}{row}")
    coin_row = "".join(f"  {coins[p]:>{colw}}" for p in players)
    lines.append(f"{'Coins (tie-break)':<{width}}{coin_row}")
    lines.append("")
    lines.append(winner_line(final, names, coins))
    return "\n".join(lines)


def winner_line(final: Final, names: Mapping[str, str], coins: Mapping[str, int]) -> str:
    """Who won, and how a tie was broken."""
    winners = [names.get(p, p) for p in final.winners]
    best = final.scores[final.winners[0]]["total"]
    tied = [p for p in final.ranking if final.scores[p]["total"] == best]
    if len(winners) > 1:
        return (f"Shared win: {', '.join(winners)} with {best} points and "
                f"{coins[final.winners[0]]} coins each.")
    if len(tied) > 1:
        return (f"Winner: {winners[0]} with {best} points; tied on points, "
                f"{winners[0]} has the most coins ({coins[final.winners[0]]}).")
    return f"Winner: {winners[0]} with {best} points."


def summary(state: State) -> str:
    """The state in a few lines: phase, round and each player's books; the scoring when over."""
    phase = "game over" if state.is_over else state.phase
    lines = [
        f"Round {state.round}, {phase}"
        + (" (last round)" if state.last_round and not state.is_over else "")
        + f"; metal coin: {state.names[state.first_player]}",
    ]
    for pid in state.players:
        ps = state.player(pid)
        lines.append(
            f"  {state.names[pid]:<12} coins {ps.coins:>3}  track {ps.track:>3}  "
            f"firemen {ps.firemen:>2}  cards {len(ps.cards):>2}"
        )
    for fire in state.fires:
        gained = ", ".join(state.names[p] for p in fire.gained) or "nobody"
        lost = ", ".join(state.names[p] for p in fire.lost) or "nobody"
        lines.append(f"  {fire.card}: {fire.points} points; gained: {gained}; lost: {lost}")
    if state.final:
        coins = {p: state.player(p).coins for p in state.players}
        lines.append("")
        lines.append(final_table(state.final, state.players, state.names, coins))
    return "\n".join(lines)


def unverified_note(catalogue: Catalogue, card_ids: Iterable[str]) -> str | None:
    """A warning naming the placeholder printed values that entered a result, if any."""
    names = {"points": "points", "value": "value", "goods": "goods"}
    found = []
    for card_id in sorted(set(card_ids)):
        card = catalogue[card_id]
        for field in sorted(card.unverified):
            found.append(f"{card_id} {names.get(field, field)}")
    if not found:
        return None
    return (
        "note: these printed values are unconfirmed placeholders, not read from real cards: "
        + ", ".join(found)
        + ". Confirm them in the app or give them under setup.cards / cards."
    )


def correction_note(state: State) -> str | None:
    """Fires resolved with a printed value the table corrected later (record format 2).

    Their results stay as they were shown (docs/record-format.md, "Printed values"); say which
    value they used, since it was a placeholder then.
    """
    used = [
        f"{fire.card} was resolved with {fire.points} points before the table corrected it "
        f"to {state.catalogue[fire.card].points}"
        for fire in state.fires
        if fire.card in state.catalogue and state.catalogue[fire.card].points != fire.points
    ]
    if not used:
        return None
    return "note: " + "; ".join(used) + " (results already shown stay as they were)."


def cards_in_play(state: State) -> list[str]:
    """Cards whose printed values have entered the state: resolved fires and owned cards."""
    out = [fire.card for fire in state.fires]
    for pid in state.players:
        out.extend(state.player(pid).cards)
    return out
