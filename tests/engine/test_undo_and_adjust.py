"""docs/record-format.md `undo`, `redo` and `adjust`."""

from __future__ import annotations

import pytest

from companion.engine import Adjust, Buy, Discard, Move, Redo, RuleError, Undo, apply


def test_undo_takes_back_the_latest_action_and_redo_puts_it_back(table):
    t = table(2).supply()
    before = t.json
    t.do(Buy("red", 0, 3))
    after = t.json
    t.do(Undo())
    assert t.json == before
    t.do(Redo())
    assert t.json == after


def test_undo_goes_back_step_by_step_but_never_undoes_setup(table):
    t = table(2)
    start = t.json
    t.reveal("A-warehouse").reveal("A-vulcanizer")
    t.do(Undo(), Undo())
    assert t.json == start
    t.refuse(Undo(), "nothing_to_undo")
    t.do(Redo(), Redo())
    assert [s.card for s in t.state.slots] == ["A-warehouse", "A-vulcanizer"]
    t.refuse(Redo(), "nothing_to_redo")


def test_a_new_action_clears_redo(table):
    t = table(2)
    t.reveal("A-warehouse").do(Undo())
    t.reveal("A-vulcanizer")
    t.refuse(Redo(), "nothing_to_redo")
    assert [s.card for s in t.state.slots] == ["A-vulcanizer"]


def test_undo_crosses_phases_and_rounds(table):
    t = table(2).supply().quick({})
    loading = t.json
    t.done()
    assert t.state.round == 2
    t.do(Undo())
    assert t.json == loading and t.state.phase == "loading"


def test_undo_and_redo_work_after_the_game_is_over(table):
    t = table(2).play_out()
    over = t.json
    t.do(Undo())
    assert t.state.phase != "over"
    t.do(Redo())
    assert t.json == over


def test_redo_of_an_adjust_and_of_a_fire(table):
    t = table(2, cards={"B-fire": {"points": 2}}).round(
        "A-fireman-1", buys={"A-fireman-1": ("red", 1)}).skip_rounds(3)
    t.reveal("B-fire")
    fired = t.json
    t.do(Undo(), Redo())
    assert t.json == fired
    t.do(Adjust("blue", reason="forgot a coin", coins=1), Undo(), Redo())
    assert t.player("blue")["coins"] == fired["players"]["blue"]["coins"] + 1


def test_adjust_adds_deltas_in_any_phase(table):
    t = table(2)
    t.do(Adjust("red", reason="start bonus", coins=2, points=-3))
    assert t.player("red")["coins"] == 7 and t.player("red")["track"] == -3
    t.supply().do(Adjust("blue", reason="x", points=1))
    t.quick().do(Adjust("blue", reason="y", coins=-5))
    assert t.player("blue")["coins"] == 0


def test_coins_never_go_below_0(table):
    t = table(2)
    t.refuse(Adjust("red", reason="typo", coins=-6), "coins_below_zero", player="red", coins=5)
    t.refuse(Adjust("red", reason="nothing"), "adjust_nothing")
    t.refuse(Adjust("red", reason="  ", coins=1), "adjust_no_reason")
    t.refuse(Adjust("grey", reason="who?", coins=1), "unknown_player", player="grey")


def test_adjust_after_the_game_is_over_and_the_final_scores_follow(table):
    t = table(2).play_out()
    assert t.json["final"]["winners"] == ["red", "blue"]
    t.do(Adjust("blue", reason="a fire was missed", points=2))
    assert t.state.phase == "over"
    assert t.json["final"]["scores"]["blue"]["total"] == 2
    assert t.json["final"]["winners"] == ["blue"]
    t.do(Adjust("red", reason="coins miscounted", coins=1, points=2))
    # Equal totals again; red has one coin more.
    assert t.json["final"]["ranking"] == ["red", "blue"]
    assert t.json["final"]["winners"] == ["red"]


def test_only_adjust_undo_and_redo_after_the_game_is_over(table):
    t = table(2).play_out()
    for action in (Discard(0), Move("red", "tea", "dock", "market")):
        t.refuse(action, "game_over", type=action.type)


def test_apply_never_modifies_the_state_given(table):
    t = table(2).supply()
    state = t.state
    before = state.to_json()
    apply(state, Buy("red", 0, 2))
    with pytest.raises(RuleError):
        apply(state, Buy("red", 1, 2))
    assert state.to_json() == before


def test_a_refused_action_does_not_clear_redo_but_an_adjust_does(table):
    t = table(2)
    t.reveal("A-warehouse").do(Undo())
    t.refuse(Discard(0), "wrong_phase", wanted_phase="purchase", phase="supply")
    t.do(Redo())
    assert [s.card for s in t.state.slots] == ["A-warehouse"]
    t.do(Undo(), Adjust("red", reason="spilled coins", coins=-1))
    t.refuse(Redo(), "nothing_to_redo")


def test_undo_of_the_reveal_that_ended_the_game(table):
    t = table(2).skip_rounds(12, fires_first=True).skip_rounds(4)
    t.reveal("D-fire")
    assert t.state.phase == "over"
    t.do(Undo())
    assert t.state.phase == "supply" and t.state.final is None
    assert "D-fire" in t.state.unseen["D"] and "E-fire" in t.state.unseen["E"]
    assert [f.card for f in t.state.fires] == ["B-fire", "C-fire"]
