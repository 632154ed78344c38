"""Printed card values during a game: pinning them, and correcting them (record format 2).

A game is played with the printed values it started with, pinned in its setup
line (`pin_printed`), so a later change of the shipped catalogue or of the
owner's corrections never changes it. A `confirm_value` line changes one value
from that line on: fires already resolved, contracts already filled and every
earlier state keep what they had; only what happens next uses the new value.
It is not a move at the table, so undo and redo pass over it: the states undo
goes back to get the corrected value too. Why: docs/record-format.md, "Printed values".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.actions import RECORD_FORMAT, ConfirmValue, Setup
from companion.engine.cards import Catalogue
from companion.engine.errors import RuleError
from companion.engine.state import State
from companion.engine.words import PRINTED_FIELD


def pinned_values(catalogue: Catalogue) -> dict[str, dict[str, Any]]:
    """Every printed value of `catalogue` as `setup.cards` (placeholders marked unverified)."""
    out: dict[str, dict[str, Any]] = {}
    for card in catalogue:
        name = PRINTED_FIELD.get(card.kind)
        if name is None:
            continue
        value = getattr(card, name)
        entry: dict[str, Any] = {name: list(value) if isinstance(value, tuple) else value}
        if name in card.unverified:
            entry["verified"] = False
        out[card.id] = entry
    return out


def pin_printed(setup: Setup, catalogue: Catalogue) -> Setup:
    """`setup` in record format 2: every printed value the game starts with, in `cards`.

    Values `setup.cards` already gives win over the catalogue's.
    """
    base = catalogue.with_overrides(setup.cards) if setup.cards else catalogue
    return Setup(players=setup.players, first=setup.first, names=setup.names,
                 cards=pinned_values(base), format=RECORD_FORMAT)


def confirm_value(
    state: State, action: ConfirmValue, evolve: Callable[..., State]
) -> State:
    """The state with one printed value confirmed or corrected from now on.

    `evolve(obj, **changes)` is the rules' copy-with-changes (passed in, so this
    module does not import the rules, which import it).
    """
    _evolve = evolve
    card = state.catalogue.cards.get(action.card)
    if card is None:
        raise RuleError("unknown_card", card=action.card)
    expected = PRINTED_FIELD.get(card.kind)
    if expected is None:
        raise RuleError("confirm_no_printed", card=card.id, card_kind=str(card.kind))
    if action.field != expected:
        raise RuleError(
            "card_other_printed", card=card.id, card_kind=str(card.kind), expected=str(expected),
            field=action.field,
        )
    value = list(action.value) if isinstance(action.value, tuple) else action.value
    catalogue = state.catalogue.with_overrides({card.id: {action.field: value}})
    # The chain of earlier states (what undo goes back to) gets the corrected value too,
    # so an undo never brings the old value back. Their results stay as they were.
    chain: list[State] = []
    node = state.previous
    while node is not None:
        chain.append(node)
        node = node.previous
    rebuilt: State | None = None
    for old in reversed(chain):
        rebuilt = _evolve(old, catalogue=catalogue, previous=rebuilt)
    return _evolve(state, catalogue=catalogue, previous=rebuilt, actions=state.actions + 1)


__all__ = ["confirm_value", "pin_printed", "pinned_values"]
