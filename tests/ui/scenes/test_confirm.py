"""companion/ui/scenes/confirm.py: the question for a card's printed value.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

from companion.engine import State
from companion.inputs import intents as it

from ..helpers import at, tap_card

# --- issue 11, finding 5's sibling: Undo while a printed value is asked --------------------------


def test_undo_while_a_printed_value_is_asked_takes_back_the_question_not_the_game(ui):
    def fire_next(b: State, a: State) -> bool:
        season = a.top_season()
        return a.phase == "supply" and season == "B" and "B-fire" in a.unseen["B"]

    finger = at(ui, fire_next)
    actions = ui.game.state.actions
    tap_card(finger, ui, "B-fire")
    assert ui.top.name == "confirm"
    assert ui.top.value is None  # no answer until the table gives one
    finger.tap("+")
    assert ui.top.value == 11  # the first number beyond the one-tap buttons
    ui.intent(it.Undo())
    assert ui.top.name == "confirm" and ui.top.value is None
    ui.intent(it.Undo())
    assert ui.top.name == "supply"
    assert ui.game.state.actions == actions  # nothing of the game was taken back
