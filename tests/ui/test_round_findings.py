"""The QA findings on the round screens (a helper played whole games in a real window),
each as a table would meet it: by touch, with the labels and texts of the frame
description (docs/frames.md)."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger
from companion.engine import Adjust, State
from companion.ui import words
from companion.ui.i18n import set_language
from companion.ui.samples import Demo


def at(ui, test, players=3, **kw) -> Finger:
    Demo(ui, players).at(test, **kw)
    return Finger(ui)


@pytest.fixture
def language(request):
    set_language(request.param)
    yield request.param
    set_language("en")


def uncut(frame) -> set[str]:
    return {t["text"] for t in frame["texts"] if not t["cut"]}


# --- 2: the buyer's letter is never "…" ---------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("coins", [10, 13, 99])
def test_purchase_buyer_buttons_always_show_the_letter_whatever_the_coins(ui, language, coins):
    finger = at(ui, lambda b, a: a.phase == "purchase", players=5)
    state = ui.game.state
    for pid in state.players:
        ui.game.act(Adjust(pid, reason="table", coins=coins - state.player(pid).coins))
    frame = finger.frame()
    state = ui.game.state
    shown = uncut(frame)
    for pid in state.players:
        letter = words.letter(state, pid)
        assert letter in shown, (letter, [t["text"] for t in frame["texts"] if t["cut"]])
        # ...and the button is tappable by it: the buyer is chosen.
        finger.tap(letter)
        assert ui.top.buyer == pid
    assert not [t for t in frame["texts"] if t["text"].endswith("\u2026")]


# --- 13: tracked form, the offered player cannot pay: OK passes for them ----------------------


def test_tracked_offer_to_a_player_who_cannot_pay_is_passed_by_the_primary_action(ui, monkeypatch):
    from companion.engine import Pass

    def offered(b: State, a: State) -> bool:
        return (a.phase == "purchase" and a.settling < len(a.slots)
                and bool(a.slots[a.settling].workers))

    finger = at(ui, offered, form="tracked")
    assert ui.top.name == "purchase-tracked"
    state = ui.game.state
    index = state.settling
    pid = state.slots[index].workers[0]
    ui.game.act(Adjust(pid, reason="table", coins=-state.player(pid).coins))
    state = ui.game.state
    primary = finger.primary()
    assert primary is not None and primary["enabled"], primary
    name = words.player_name(ui.game.state, pid)
    assert name in primary["label"] and "pass" in primary["label"]
    game = ui.game
    done: list[object] = []
    act = game.act
    monkeypatch.setattr(game, "act", lambda action: done.append(action) or act(action))
    finger.tap_primary()
    assert done == [Pass(pid, index)]
    assert ui.game.state.actions == state.actions + 1
