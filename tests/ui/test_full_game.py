"""A whole scripted game through the screens equals the engine's replay of its record."""

from __future__ import annotations

import pytest

from companion import formats
from companion.engine import replay, to_record
from companion.engine.simulate import random_game
from ui.driver import dismiss, play, start_game


@pytest.mark.parametrize(("players", "seed", "form"), [(4, 1, "quick"), (3, 7, "tracked"),
                                                        (2, 3, "mixed")])
def test_whole_game_reaches_final_with_engine_numbers(ui, services, players, seed, form):
    catalogue = services.load_catalogue()
    actions, final_state = random_game(catalogue, players, seed=seed, form=form, undo_rate=0.03)
    services.settings["purchase_form"] = "tracked" if form == "tracked" else "quick"
    setup = actions[0]
    start_game(ui, setup)
    seen: list[str] = []
    for action in actions[1:]:
        play(ui, action, seen)
    dismiss(ui, seen)
    assert ui.top.name == "final"
    expected = replay(to_record(actions), catalogue).state
    assert expected is not None and expected.final is not None
    assert ui.game.state.final.to_json() == expected.final.to_json()
    # No fire screen needed a tap: the 4th fire's result is the final screen's message,
    # and a tap on it opens the Fire screen (then back to the final screen).
    assert "fire" not in seen
    assert ui.message is not None and "The 4th fire ends the game." in ui.message.text
    ui.tap_message()
    shown = []
    while ui.top.name in ("fire", "income"):
        shown.append(ui.top.name if ui.top.name == "income" else
                     ui.game.state.fires[ui.top.index].card)
        ui.press("ok")
    assert shown[-1] == "E-fire", shown  # (the 3rd fire first where both came at once)
    assert ui.top.name == "final"
    ui.render()
    texts = " ".join(ui.canvas.texts)
    for pid in expected.final.winners:
        assert ui.game.state.names.get(pid, "") in texts or pid
    totals = {formats.integer(expected.final.scores[p]["total"]) for p in expected.players}
    assert totals <= set(ui.canvas.texts)
