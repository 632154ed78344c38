"""Nothing moves under the finger (docs/touch.md): the moves the steady check
(tests/ui/framecheck.py `moved`) found, each as a table meets it."""

from __future__ import annotations

from benchmarks.touch import Finger
from companion.engine import Phase
from companion.ui.samples import Demo

from .framecheck import moved


def own(frame):
    return dict(frame, targets=[t for t in frame["targets"] if not t["bar"]])


def test_choosing_a_cube_in_loading_moves_no_cube(ui):
    Demo(ui, 4).at(lambda b, a: a.phase == Phase.LOADING and any(
        len(a.player(p).dock) >= 3 for p in a.players))
    finger = Finger(ui)
    state = ui.game.state
    pid = next(p for p in state.players if len(state.player(p).dock) >= 3)
    ui.top.choose(pid)
    before = own(finger.frame())
    cube = next(t for t in ui.canvas.hits if t.key.startswith("cube:"))
    finger.tap_target({"rect": list(cube.rect), "label": cube.label})
    assert ui.top.selected
    after = own(finger.frame())
    cubes = {t.label for t in ui.canvas.hits if t.key.startswith("cube:")}
    assert [m for m in moved(before, after) if m.split("'")[1] in cubes] == []


def test_a_long_message_on_supply_moves_no_card(ui):
    Demo(ui, 2).at(lambda b, a: a.phase == Phase.SUPPLY and a.round >= 2 and a.slots)
    finger = Finger(ui)
    before = own(finger.frame())
    assert ui.top.hint_in_bar  # the case: no hint place above the cards
    ui.info("Undone: Ship 2 revealed with coffee, tea and saffron, then the fire of "
            "Spring resolved with every firemen total")
    after = own(finger.frame())
    assert any(t["label"] == "Undone: Ship 2 revealed with coffee, tea and saffron, then "
               "the fire of Spring resolved with every firemen total"
               for t in after["targets"]) or ui.top.body_message is None
    assert moved(before, after) == []


def test_quick_purchase_rows_stay_from_card_to_card(ui):
    Demo(ui, 5).at(lambda b, a: a.phase in (Phase.DEMAND, Phase.PURCHASE) and a.settling == 0
                   and a.round >= 2)
    finger = Finger(ui)
    before = own(finger.frame())
    finger.tap_primary()  # nobody bought the first card
    while ui.top.name == "confirm":
        finger.tap_primary()
    after = own(finger.frame())
    assert ui.game.state.settling == 1
    assert moved(before, after) == []
