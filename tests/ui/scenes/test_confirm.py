"""companion/ui/scenes/confirm.py: the question for a card's printed value.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import State
from companion.inputs import intents as it
from companion.texts.hyphen import plain
from companion.ui.i18n import set_language
from companion.ui.shots import build

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


# --- the newcomer's French game by keys: the goods moved under "Choisi : ..." ----------------


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_goods_keep_their_places_as_a_press_says_its_choice_and_undo_takes_it_back(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """The contract's goods jumped down when "Choisi : café, safran." appeared above them
    (a press of the table's buttons) and back up when an Undo took it back: the line keeps
    its place, said or not (the fire's question, whose guess holds it, never moved)."""
    ui = build("pick-goods", size, "fr", tmp_path, 5)
    ui.services.buttons = True
    set_language("fr")
    try:
        def goods() -> list[tuple[str, tuple[int, ...]]]:
            ui.dirty = True
            ui.dismiss_message()  # (a message strip over the bar takes its own room)
            ui.render()
            return sorted((h.key, tuple(h.rect)) for h in ui.canvas.hits
                          if h.key.startswith("goods:"))

        def said() -> list[str]:
            return [t["text"] for t in ui.canvas.describe("confirm", "fr")["texts"]]

        first = goods()
        assert first and not any(t.startswith("Choisi") for t in said())
        colours = list(ui.top.legend())
        for colour in colours[:2]:  # coffee, then tea: a set the grid offers
            ui.top.on_player(colour)
            assert goods() == first
        assert "Choisi : café, thé." in [plain(t) for t in said()]
        while ui.top.pressed is not None:
            ui.undo()
            assert goods() == first
    finally:
        set_language("en")
