"""The rules engine of Die Speicherstadt. Standard library only.

    >>> from companion.engine import Setup, Reveal, new_game, apply
    >>> state = new_game(Setup(players=("red", "blue"), first="red"), catalogue)  # doctest: +SKIP
    >>> state = apply(state, Reveal("A-warehouse"))  # doctest: +SKIP

`apply(state, action)` returns a new state or raises `RuleError`; the state
given is never modified. `replay` runs a whole record (`RECORD.md`).
"""

from companion.engine.actions import (
    ACTION_TYPES,
    Action,
    Adjust,
    Buy,
    Convert,
    Discard,
    Done,
    MarketSell,
    Move,
    Pass,
    Place,
    Redo,
    Reveal,
    Setup,
    Undo,
    parse_action,
    parse_line,
)
from companion.engine.cards import SEASON_NAMES, Card, Catalogue
from companion.engine.errors import RecordError, RuleError
from companion.engine.record import (
    Replay,
    ReplayError,
    iter_states,
    replay,
    replay_actions,
    to_record,
)
from companion.engine.rules import apply, new_game
from companion.engine.scoring import final_scoring, score_player
from companion.engine.state import (
    Final,
    FireResult,
    Income,
    PlayerState,
    Slot,
    State,
)
from companion.engine.words import (
    COLOURS,
    GOODS,
    PHASES,
    SCORE_CATEGORIES,
    Category,
    Colour,
    Form,
    Good,
    Kind,
    Phase,
    Store,
)

__all__ = [
    "ACTION_TYPES", "COLOURS", "GOODS", "PHASES", "SCORE_CATEGORIES",
    "SEASON_NAMES", "Action", "Adjust", "Buy", "Card", "Catalogue", "Category", "Colour",
    "Convert", "Discard", "Done", "Final", "FireResult", "Form", "Good", "Income", "Kind",
    "MarketSell", "Move", "Pass", "Phase", "Place", "PlayerState", "RecordError", "Redo",
    "Replay", "ReplayError", "Reveal", "RuleError", "Setup", "Slot", "State", "Store",
    "Undo", "apply", "final_scoring", "iter_states", "new_game", "parse_action", "parse_line",
    "replay", "replay_actions", "score_player", "to_record",
]
