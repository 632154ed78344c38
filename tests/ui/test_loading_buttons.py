"""Loading by the table's buttons (issue 31): OK records only the move shown large, never a
player's "done" that the screen did not show as the chosen move; ending Loading for
everyone has a button path that names the cubes going to the stock first."""

from __future__ import annotations

from companion.engine import Done
from companion.inputs import intents as it
from companion.ui import words
from companion.ui.views import loading as view

from .test_buttons import legend, test_loading_by_buttons_steps_through_the_players_moves


def at_loading(ui):
    """A 3-player Spring round's Loading reached by buttons and scans, one move made."""
    test_loading_by_buttons_steps_through_the_players_moves(ui)
    assert ui.top.name == "loading"
    return ui.top


def chosen_label(ui) -> str:
    ui.render()
    return next(t["label"] for t in ui.canvas.describe("x", "en")["targets"]
                if t.get("key") == "pressed" or t["label"].endswith(": done")
                or t["label"] == view.end_all_label())


def test_ok_after_a_first_press_that_chose_a_player_records_no_done(ui):
    """The newcomer's accident: a player's first press only chooses that player; OK then
    shows their "done" large and records nothing; only OK again records it."""
    scene = at_loading(ui)
    state = ui.game.state
    other = next(p for p in state.players if p != scene.player)
    ui.intent(it.PlayerButton(other))  # the first press: that player's cubes, no move
    assert scene.player == other and scene.chosen() is None
    before = ui.game.state
    ui.intent(it.Ok())
    assert ui.game.state is before and other not in ui.game.loading_finished()
    assert scene.chosen() == (other, None)  # shown large, as the chosen move
    assert "pressed" in ui.keys()
    ui.render()
    large = [t for t in ui.canvas.describe("x", "en")["targets"] if t["selected"]]
    assert [t["label"] for t in large] == [scene.move_words(state, other, None)]
    assert legend(ui)["ok"] == "Record the move"
    ui.intent(it.Undo())  # taken back: nothing recorded, nothing chosen
    assert scene.chosen() is None and other not in ui.game.loading_finished()
    ui.intent(it.Ok())
    ui.intent(it.Ok())  # the done shown large, recorded
    assert other in ui.game.loading_finished() or ui.top.name != "loading"


def test_ok_never_records_a_done_while_a_move_is_shown_large(ui):
    scene = at_loading(ui)
    pid = scene.player
    ui.intent(it.PlayerButton(pid))
    got = scene.chosen()
    assert got is not None and got[1] is not None
    before = ui.game.state
    ui.intent(it.Ok())
    assert ui.game.state.previous is before and ui.game.state.last_action == got[1]
    assert pid not in ui.game.loading_finished()


def test_end_for_all_by_buttons_names_the_cubes_then_ok_ends_loading(ui):
    """After a player's "done", their button steps to the end for everyone (where others
    still hold ship cubes): shown large, with the cubes that go to the stock and OK's
    meaning in the legend; OK ends Loading for everyone (the record's one `done`)."""
    scene = at_loading(ui)
    state = ui.game.state
    holder = scene.player
    pid = next(p for p in state.players if p != holder)
    assert ui.game.loading_holders(state, but=pid) == [holder]  # still holds ship cubes
    steps = scene.button_steps(state, pid)
    assert steps[-2] is None and steps[-1] is view.END_FOR_ALL
    assert steps[:-1] == scene.button_moves(state, pid)
    ui.intent(it.PlayerButton(pid))  # the first press chooses the player
    for _press in range(len(steps)):
        ui.intent(it.PlayerButton(pid))
    assert scene.chosen() == (pid, view.END_FOR_ALL)
    said = legend(ui)
    assert said["ok"] == "End Loading for everyone" and said[pid] == "next move"
    ui.render()
    frame = ui.canvas.describe("x", "en")
    large = [t["label"] for t in frame["targets"] if t["selected"]]
    assert large == ["End for all"]
    text = " ".join(t["text"] for t in frame["texts"])
    assert "to the stock if Loading ends now" in text
    assert f"{words.player_name(state, holder)}: " in text
    ui.intent(it.PlayerButton(pid))  # once more: back to their first move
    assert scene.chosen() == (pid, steps[0])
    for _press in range(len(steps) - 1):
        ui.intent(it.PlayerButton(pid))
    before = ui.game.state
    ui.intent(it.Ok())
    assert ui.game.state.previous is before and isinstance(ui.game.state.last_action, Done)
    assert ui.top.name != "loading"


def test_no_end_for_all_step_where_nobody_else_holds_ship_cubes(ui):
    scene = at_loading(ui)
    state = ui.game.state
    for pid in state.players:
        if pid != scene.player and not ui.game.loading_holders(state, but=pid):
            assert scene.button_steps(state, pid)[-1] is None
