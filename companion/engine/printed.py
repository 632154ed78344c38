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

from collections.abc import Callable, Iterable
from typing import Any

from companion.engine.actions import RECORD_FORMAT, Action, ConfirmValue, Reveal, Setup
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


def taken_back(state: State, actions: Iterable[Action]) -> frozenset[str]:
    """The cards whose printed value the table confirmed with the tap that revealed them,
    a reveal since undone: still unseen in `state` (the state `actions`, a game's record,
    reached), their latest `confirm_value` line directly followed by their `reveal`.

    The record keeps such a value as confirmed (undo passes over `confirm_value`, and an
    undo never brings an old value back), but nothing of the game relied on it: the
    card was never shown after the reveal was taken back. So the table may tell its
    value anew, and a different one corrects it (another `confirm_value` line, before
    the card's next reveal). Why: docs/record-format.md, "Printed values".
    """
    unseen: set[str] = set()
    for ids in state.unseen.values():
        unseen |= ids
    latest: dict[str, bool] = {}  # card -> its latest confirm_value was followed by its reveal
    before: Action | None = None
    for action in actions:
        if isinstance(action, ConfirmValue):
            latest[action.card] = False
        elif isinstance(action, Reveal) and isinstance(before, ConfirmValue) and \
                before.card == action.card:
            latest[action.card] = True
        before = action
    return frozenset(card for card, revealed in latest.items() if revealed and card in unseen)


def value_before(actions: Iterable[Action], card: str, field: str) -> Any:
    """What the table had confirmed of `card`'s `field` before the tap that confirmed it
    and revealed it (a card of `taken_back`; `actions` is its game's record, setup
    first): the latest `confirm_value` of it that is no such tap's, else the value the
    setup line pins as verified; None when it was a guess. (An earlier tap's
    confirmation was taken back too: the card was revealed again.)"""
    known: Any = None
    listed = list(actions)
    for i, action in enumerate(listed):
        if isinstance(action, Setup):
            entry = (action.cards or {}).get(card) or {}
            if field in entry and entry.get("verified", True) is not False:
                known = entry[field]
        elif isinstance(action, ConfirmValue) and action.card == card and \
                action.field == field:
            after = listed[i + 1] if i + 1 < len(listed) else None
            if not (isinstance(after, Reveal) and after.card == card):
                known = action.value
    return known


__all__ = ["confirm_value", "pin_printed", "pinned_values", "taken_back", "value_before"]
