"""Issue 11's findings about what a tap, OK or Undo does and what the screens say, each as
a table would meet it: by touch, with the labels on the screen.

What is left here tests companion/ui/game.py (tests/ui/test_game.py holds its other tests)
or several side screens at once; the rest moved to the files of the modules they test
(tests/ui/scenes/, test_core.py, test_results.py, test_runner.py)."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger
from companion.engine import Adjust, Move, State

from .helpers import at

# --- issue 11, finding 18: Undo of a correction; a completed contract ----------------------------


def test_undoing_a_correction_says_what_it_was(ui):
    finger = at(ui, lambda b, a: a.phase == "supply" and a.round == 2)
    state = ui.game.state
    pid = state.players[0]
    assert ui.game.act(Adjust(pid, reason="table", coins=-1))
    finger.tap("Undo")
    assert ui.message.text == f"Undone: \u22121 coin for {state.names[pid]}"


def test_a_completed_contract_is_announced(ui):
    def almost(b: State, a: State) -> bool:
        if a.phase != "loading":
            return False
        for p in a.players:
            ps = a.player(p)
            for cid, filled in (ps.contracts or {}).items():
                need = list(a.catalogue[cid].goods)
                for g in filled:
                    need.remove(g)
                if len(need) == 1 and need[0] in ps.dock:
                    return True
        return False

    at(ui, almost, players=4)
    state = ui.game.state
    for p in state.players:
        ps = state.player(p)
        for cid, filled in (ps.contracts or {}).items():
            need = list(state.catalogue[cid].goods)
            for g in filled:
                need.remove(g)
            if len(need) == 1 and need[0] in ps.dock:
                assert ui.game.act(Move(p, need[0], "dock", cid))
                assert ui.message is not None and "complete" in ui.message.text
                return
    raise AssertionError("no contract to complete")


# --- issue 11, finding 12's siblings: side screens are left with Done ----------------------------


@pytest.mark.parametrize(("home_label", "screen"), [("History", "history"),
                                                    ("Enroll cards", "enroll")])
def test_side_screens_are_left_with_done(ui, home_label, screen):
    finger = Finger(ui)
    finger.tap(home_label)
    assert ui.top.name == screen
    primary = finger.primary()
    assert primary is not None and primary["label"].startswith("Done")
    finger.tap_primary()
    assert ui.top.name == "home"
