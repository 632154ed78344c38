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


# --- round 7's closing note: a long message moved the answers up 68 px ---------------------------

LONG = ("Undone: revealed Contract Tea\u00b7Sacks\u00b7Coffee, then the goods of the ship "
        "Rum Tobacco Coffee for the harbour of the red player")


@pytest.mark.parametrize("picture", ["pick-goods", "confirm"])
@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("buttons", [False, True], ids=["touch", "buttons"])
def test_a_long_message_moves_no_answer_and_is_read_whole(tmp_path, picture, size, buttons):
    """A message too long for the bar (an Undo's) on the value question: at 800x480 with
    the buttons' legend it took a strip over the bar, the question's texts gave way and
    every answer moved up 68 px under the finger. Now it goes over the title and the
    question where it fits there whole (else in the bar's strip, where the hint already
    was): no answer moves, nothing is cut, and a tap on it closes it."""
    try:
        ui = build(picture, size, "de", tmp_path)
        ui.services.buttons = buttons
        ui.dirty = True
        ui.render()
        before = {h.key: tuple(h.rect) for h in ui.canvas.hits}
        ui.info(LONG)
        ui.render()
        after = {h.key: tuple(h.rect) for h in ui.canvas.hits if h.key != "message"}
        assert after == before
        said = ui.canvas.describe(ui.top.name, "de")
        assert [t["text"] for t in said["texts"] if t["cut"]] == []
        shown = " ".join(t["text"] for t in said["texts"])
        assert all(word in shown for word in LONG.split())
        message = next(h for h in ui.canvas.hits if h.key == "message")
        ui.tap(message.rect.center)
        ui.render()
        assert ui.message is None
        assert {h.key: tuple(h.rect) for h in ui.canvas.hits} == before
    finally:
        set_language("en")
