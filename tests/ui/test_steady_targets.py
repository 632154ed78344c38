"""Nothing moves under the finger (docs/touch.md): the moves the steady check
(tests/ui/framecheck.py `moved`) found, each as a table meets it."""

from __future__ import annotations

from benchmarks.touch import Finger
from companion.engine import Phase
from companion.ui.samples import Demo

from .driver import answer
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
    # (Where the hint is in the bar, the message has no place above the cards; where it
    # is above them, the message is taller than that place: over the header either way.)
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
        answer(ui)  # what the card shows
    after = own(finger.frame())
    assert ui.game.state.settling == 1
    assert moved(before, after) == []


def test_telling_a_fireman_by_its_value_moves_no_other_card_on_supply(ui):
    """Supply tells a revealed fireman whose value is a guess by its value's own button
    ("Fireman 4", one tap); once told, that card is revealed, and the other cards keep
    their places in the grid: a tap aimed where a card was still hits it. (They had each
    moved on by one place, the card under the finger another one. The heading may still
    take a second line, naming the revealed card, and lower the grid by that line: less
    than half a button.)"""
    from companion.engine import Setup
    from ui.driver import start_game

    start_game(ui, Setup(players=("red", "blue", "green", "yellow", "purple"), first="red"))
    assert "fireman:4" in ui.keys() and "ask:fireman" not in ui.keys()
    finger = Finger(ui)
    before = own(finger.frame())
    ui.press("fireman:4")
    assert ui.top.name == "supply" and len(ui.game.state.slots) == 1
    after = own(finger.frame())
    was = {t["label"]: t["rect"] for t in before["targets"]}
    now = {t["label"]: t["rect"] for t in after["targets"]}
    missed = []
    for label in sorted(was.keys() & now.keys()):
        x, y, w, h = was[label]
        nx, ny, nw, nh = now[label]
        if not (nx <= x + w // 2 < nx + nw and ny <= y + h // 2 < ny + nh):
            missed.append((label, was[label], now[label]))
    assert missed == []
    assert len(now.keys() & was.keys()) >= 6  # the other cards of the grid are compared


def test_five_players_income_and_a_fire_on_supply_move_no_card(ui):
    """Round start with five players: the Income's message is too long for the place
    above the cards and for the header: its short form is shown (a tap opens the Income),
    and the cards stay when it goes; a fire's result, who gained and who lost, comes as
    the next message and moves no card either."""
    Demo(ui, 5).at(lambda b, a: a.phase == Phase.SUPPLY and b.phase == Phase.LOADING
                   and a.round >= 2, last_live=True)
    finger = Finger(ui)
    state = ui.game.state
    said = ui.message.text
    assert said.startswith(f"Income, round {state.round - 1}: ")
    # (As long as five players' incomes, each with its parts, and the fire after them.)
    long = said + " " + said
    short = f"Income, round {state.round - 1}, paid: tap here for each player's."
    ui.info(long, more=ui.message.more, short=short)
    with_message = own(finger.frame())
    labels = [t["label"] for t in with_message["targets"]]
    assert short in labels and long not in labels
    ui.tap_message()  # the short form opens what the long one did
    assert ui.top.name == "income"
    ui.pop()
    ui.dismiss_message()
    without = own(finger.frame())
    assert moved(with_message, without) == []
    fire = next((cid for cid in state.unseen[state.top_season()]
                 if state.catalogue[cid].kind == "fire"), None)
    if fire is not None:  # the season's fire still in the pile: revealed now
        ui.game.confirm_value(fire, "points", 3)
        ui.top.pick(fire)
        after = own(finger.frame())
        assert ui.message.text.startswith("Fire 3 (")
        assert moved(without, after) == []
        ui.tap_message()
        assert ui.top.name == "fire"
