"""A card that arrives while a ship's goods are asked (the camera sends a row read at
once; a second scan) waits its turn: the ship keeps its place, the card follows it."""

from __future__ import annotations

from benchmarks.touch import TouchTable
from companion import labelcodes
from companion.engine import Reveal
from companion.engine.simulate import random_game
from companion.engine.words import Kind
from companion.inputs import intents as it
from companion.ui import names


def scan(ui, card_id: str) -> None:
    ui.intent(it.CardScanned(labelcodes.barcode(card_id), card_id))


def a_ship_then_a_card(catalogue, seed: int):
    """(actions, i): action i reveals a ship whose goods the table must tap, and action
    i + 1 reveals another card of the same Supply."""
    actions, _final = random_game(catalogue, 3, seed=seed, form="quick")
    for i, action in enumerate(actions[1:-1], start=1):
        nxt = actions[i + 1]
        if (isinstance(action, Reveal) and action.goods and isinstance(nxt, Reveal)
                and catalogue[action.card].kind == Kind.SHIP and len(set(action.goods)) > 1):
            return actions, i
    raise AssertionError("no ship followed by a card in this game")


def test_a_card_sent_during_a_ships_goods_follows_the_ship(ui, services):
    catalogue = services.load_catalogue()
    actions, i = a_ship_then_a_card(catalogue, seed=24)
    ship, nxt = actions[i], actions[i + 1]
    table = TouchTable(ui)
    table.start(actions[0])
    for action in actions[1:i]:
        table.play(action)
    table.dismiss()
    before = len(ui.game.state.slots)
    scan(ui, ship.card)
    scan(ui, nxt.card)  # the camera's next card, before the ship's cubes are tapped
    assert ui.top.name == "supply" and ui.top.ship == ship.card
    assert names.card_name(catalogue[nxt.card]).replace("\xad", "") in ui.message.text
    for good in ship.goods:
        if len(ui.game.state.slots) > before:
            break  # the bag left no choice: the rest was filled in
        table.finger.tap(names.good_initial(good))
    slots = [slot.card for slot in ui.game.state.slots]
    assert slots[before:before + 1] == [ship.card]
    if catalogue[nxt.card].kind == Kind.SHIP:
        assert ui.top.ship == nxt.card  # its own goods are asked now
    else:
        assert slots[before + 1:] == [nxt.card]


def test_back_forgets_the_waiting_card(ui, services):
    catalogue = services.load_catalogue()
    actions, i = a_ship_then_a_card(catalogue, seed=24)
    table = TouchTable(ui)
    table.start(actions[0])
    for action in actions[1:i]:
        table.play(action)
    table.dismiss()
    before = len(ui.game.state.slots)
    scan(ui, actions[i].card)
    scan(ui, actions[i + 1].card)
    ui.intent(it.Back())
    assert ui.top.name == "supply" and ui.top.ship is None and ui.top.waiting == []
    assert len(ui.game.state.slots) == before
