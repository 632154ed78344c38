"""companion/ui/scenes/supply.py: Supply by touch and by scans: the cards of the season,
a ship's goods, Undo of an entry, what the screen tells.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from benchmarks.touch import Finger, TouchTable, clean
from companion import labelcodes
from companion.engine import GOODS, Reveal, State
from companion.engine.simulate import random_game
from companion.engine.words import Kind
from companion.inputs import intents as it
from companion.ui import names
from companion.ui.hyphen import plain
from companion.ui.i18n import _
from companion.ui.paint import Control
from companion.ui.views.supply import asked_kinds

from ..framecheck import problems
from ..helpers import at

# --- a card that arrives while a ship's goods are asked waits its turn ---------------------------


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


def at_the_ship(ui, catalogue):  # type: ignore[no-untyped-def]
    """Play by touch up to the Supply where a ship comes, then another card: (actions, i,
    the table, the Supply's slots so far)."""
    actions, i = a_ship_then_a_card(catalogue, seed=24)
    table = opened_before(ui, actions, i)
    return actions, i, table, len(ui.game.state.slots)


def opened_before(ui, actions, i: int) -> TouchTable:
    """The game of `actions` opened before action `i` (through the in-memory store, as
    the sample screens are: the moment these tests look at is Supply's, not the touches
    that lead to it, which cost seconds a test), and a touch table to play on from there
    (the cards' printed values as the game has them: `TouchTable.start`)."""
    from companion.engine.words import PRINTED_FIELD
    from companion.ui.samples import Demo

    Demo(ui, len(actions[0].players)).open_at(actions, i - 1)
    table = TouchTable(ui)
    table.truth = {card.id: getattr(card, PRINTED_FIELD[card.kind])
                   for card in table.state.catalogue if card.kind in PRINTED_FIELD}
    table.dismiss()
    assert ui.top.name == "supply", ui.top.name
    return table


def test_a_card_sent_during_a_ships_goods_follows_the_ship(ui, services):
    catalogue = services.load_catalogue()
    actions, i, table, before = at_the_ship(ui, catalogue)
    ship, nxt = actions[i], actions[i + 1]
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


def test_back_forgets_the_waiting_card_and_says_so(ui, services):
    """QA: nothing the table scanned is lost without a word: Back sets the ship aside and
    the card that waited for it is named as not entered."""
    catalogue = services.load_catalogue()
    actions, i, table, before = at_the_ship(ui, catalogue)
    scan(ui, actions[i].card)
    scan(ui, actions[i + 1].card)
    ui.intent(it.Back())
    assert ui.top.name == "supply" and ui.top.ship is None and ui.top.row.waiting == []
    assert len(ui.game.state.slots) == before
    assert ui.message is not None and ui.message.error
    assert plain(names.card_name(catalogue[actions[i + 1].card])) in plain(ui.message.text)


# --- a place the camera cannot read: one tap completes it, the cards after it follow -------------


def plain_reveals(catalogue):  # type: ignore[no-untyped-def]
    """(actions, i): actions i, i+1, i+2 open a Supply with three cards revealed by one tap
    each (no ship's goods, no fire, no printed value asked)."""
    for seed in range(1, 60):
        actions, _final = random_game(catalogue, 3, seed=seed, form="quick")
        for i in range(1, len(actions) - 3):
            three = actions[i:i + 3]
            if not isinstance(actions[i - 1], Reveal) and all(
                    isinstance(a, Reveal) and not a.goods and not a.card.endswith("-fire")
                    and catalogue[a.card].kind not in (Kind.SHIP, Kind.FIREMAN, Kind.CONTRACT)
                    for a in three):
                return actions, i
    raise AssertionError("no Supply opened by three plain cards")


def camera(card_id: str) -> it.CameraCard:
    return it.CameraCard(labelcodes.barcode(card_id), card_id)


def test_a_place_the_camera_cannot_read_is_one_tap_and_the_cards_after_it_follow(ui, services):
    catalogue = services.load_catalogue()
    actions, i = plain_reveals(catalogue)
    table = opened_before(ui, actions, i)
    before = len(ui.game.state.slots)
    first, second, third = actions[i:i + 3]
    # The camera: the first card, the second place unread, the third card.
    ui.intent(camera(first.card))
    ui.intent(it.CardUnread(2))
    ui.intent(camera(third.card))
    assert [s.card for s in ui.game.state.slots][before:] == [first.card]
    assert ui.top.name == "supply" and ui.top.row.gap == 2
    assert ui.top.hint() == _("Camera: tap card {n}.").format(n=2)
    assert names.card_name(catalogue[third.card]).replace("\xad", "") in ui.message.text
    taps = table.inputs()
    table.enter(second)  # the table taps the card the camera could not read
    assert table.inputs() - taps == 1
    assert [s.card for s in ui.game.state.slots][before:] == [c.card for c in (first, second,
                                                                               third)]
    assert ui.top.row.gap is None and ui.top.row.waiting == []


def test_a_scan_from_a_reader_fills_the_unread_place_too(ui, services):
    catalogue = services.load_catalogue()
    actions, i = plain_reveals(catalogue)
    opened_before(ui, actions, i)
    before = len(ui.game.state.slots)
    first, second, third = actions[i:i + 3]
    ui.intent(it.CardUnread(1))
    ui.intent(camera(second.card))
    ui.intent(camera(third.card))
    assert len(ui.game.state.slots) == before
    scan(ui, first.card)  # a reader's scan is the table's, not the camera's
    assert [s.card for s in ui.game.state.slots][before:] == [c.card for c in (first, second,
                                                                               third)]


# --- QA finding 4: every card can be told from the others by its text ----------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("game_round", [2, 3, 5, 7, 8])
def test_every_supply_card_is_named_whole_and_unlike_the_others(ui, language, game_round):
    """Supply's buttons name kind and number whole (QA 4: two tiles "Ca-sern…"), on pages
    where a season's names do not fit one."""
    from companion.ui import names

    def started(b: State, a: State) -> bool:
        return a.phase == "supply" and a.round == game_round and not a.slots

    finger = at(ui, started, players=5)
    finger.frame()  # drawn: the round's places are laid out (the ship row or its place)
    state = ui.game.state
    season = state.top_season()
    # Each card by what it shows; the cards of a kind whose values are still guesses, one
    # button that asks what the card shows ("Caserne ?"); firemen whose value is a guess,
    # one button per value ("Caserne 3").
    asked = asked_kinds(state)

    def named(c: str) -> set[str]:
        card = state.catalogue[c]
        if card.kind == Kind.FIREMAN and "value" in card.unverified:
            return {f"{_(names.KIND_NAMES[Kind.FIREMAN])} {v}" for v in range(1, 6)}
        if card.kind == Kind.SHIP and ui.top.plan.ship_row:  # the ship's first cube
            return {ui.top.ship_row_label(g) for g in GOODS}
        if c in asked.get(card.kind, ()):
            return {names.asked(card.kind)}
        return {names.card_in_season(card)}

    want = {label.replace("\u00ad", "") for c in state.unseen[season] for label in named(c)}
    seen: list[str] = []
    for turn in ("\u203a", None):
        frame = finger.frame()
        assert not [t for t in frame["texts"] if t["cut"] and t["px"] > 18], frame["texts"]
        seen += [t["label"] for t in frame["targets"] if t["label"] in want]
        if turn is None or not finger.has(turn):
            break
        finger.tap(turn)
    # The rows above the grid (the firemen's values, the ship's goods) are on every page;
    # every other card has one place.
    rows = {label for label in seen if label.startswith((plain(_("Ship")),
                                                         plain(_("Fireman"))))}
    grid = [label for label in seen if label not in rows]
    assert len(grid) == len(set(grid))
    assert set(seen) == want


# --- QA finding 7: nothing moves under the finger ------------------------------------------------


def places(finger: Finger) -> dict[str, list[int]]:
    return {t["label"]: t["rect"] for t in finger.frame()["targets"] if not t["bar"]}


def moved(before: dict[str, list[int]], after: dict[str, list[int]]) -> dict[str, tuple]:
    return {k: (before[k], after[k]) for k in before.keys() & after.keys()
            if before[k] != after[k]}


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("players", [3, 5])
def test_an_undo_message_does_not_move_the_ship_goods_row(ui, language, players):
    from companion.ui import names

    def ship_next(b: State, a: State) -> bool:
        season = a.top_season()
        return a.phase == "supply" and season is not None and any(
            a.catalogue[c].kind == "ship" for c in a.unseen.get(season, ()))

    finger = at(ui, ship_next, players=players)
    state = ui.game.state
    goods = [g for g in ("coffee", "tea", "saffron", "rubber", "carpet") if state.bag[g]][:2]
    finger.tap(ui.top.ship_row_label(goods[0]))  # the ship and its first cube
    finger.tap(names.good_initial(goods[1]))
    assert ui.top.goods == goods
    before = places(finger)
    finger.tap(_("Undo"))
    assert ui.message is not None and ui.top.goods == goods[:1]
    assert not moved(before, places(finger))


# --- issue 11, finding 4, 5: the ship's goods ----------------------------------------------------


def ship_next(b: State, a: State) -> bool:
    season = a.top_season()
    return a.phase == "supply" and season is not None and any(
        a.catalogue[c].kind == "ship" for c in a.unseen.get(season, ()))


def ship_on_screen(ui) -> tuple[Finger, str]:
    finger = at(ui, ship_next)
    state = ui.game.state
    ship = sorted(c for c in state.unseen[state.top_season()]
                  if state.catalogue[c].kind == "ship")[0]
    return finger, ship


def tap_ship(finger: Finger, ui, good: str) -> None:
    """A ship revealed, its first cube `good`: one tap on the ship row's button."""
    finger.tap(ui.top.ship_row_label(good))
    assert ui.top.ship is not None or ui.game.state.slots[-1].goods


def test_ok_during_ship_goods_never_clears_and_clearing_is_a_smaller_button(ui):
    finger, ship = ship_on_screen(ui)
    bag = ui.game.state.bag
    good = next(g for g in ("coffee", "tea", "saffron", "rubber", "carpet") if bag[g])
    tap_ship(finger, ui, good)
    assert ui.top.ship == ship and ui.top.goods == [good]
    primary = finger.primary()
    assert primary is not None and "Clear" not in primary["label"]
    ui.intent(it.Ok())
    assert ui.top.goods == [good]
    clear = finger.find("Clear goods")
    assert clear is not None and not clear["primary"]
    assert clear["rect"][2] * clear["rect"][3] < primary["rect"][2] * primary["rect"][3] or \
        clear["rect"][3] <= primary["rect"][3]
    finger.tap("Clear goods")
    assert ui.top.goods == []


def test_undo_during_ship_goods_takes_back_the_last_cube_not_the_last_action(ui):
    finger, ship = ship_on_screen(ui)
    actions = ui.game.state.actions
    bag = dict(ui.game.state.bag)
    from companion.ui import names
    goods = [g for g in ("coffee", "tea", "saffron", "rubber", "carpet") if bag[g]][:2]
    tap_ship(finger, ui, goods[0])
    finger.tap(names.good_initial(goods[1]))
    assert ui.top.ship == ship
    finger.tap("Undo")
    assert ui.game.state.actions == actions  # the engine's last action stays
    assert ui.top.goods == goods[:1]
    assert names.good(goods[1]) in ui.message.text
    ui.intent(it.Undo())  # the Undo button too
    assert ui.top.goods == []
    assert ui.game.state.actions == actions


# --- issue 11, finding 16: what can be computed is not asked -------------------------------------


def test_a_ship_whose_goods_are_the_last_three_in_the_bag_is_filled_in(ui):
    finger, ship = ship_on_screen(ui)
    game = ui.game
    session = game.session
    # The bag as the table has it: exactly three cubes left.
    state = session.state
    bag = {g: 0 for g in state.bag}
    bag.update({"tea": 2, "rubber": 1})
    session.state = _with(state, bag=bag)
    ui.dirty = True
    before = session.state.actions
    assert not finger.has(ui.top.ship_row_label("coffee"))  # none left in the bag
    tap_ship(finger, ui, "rubber")  # the ship and its first cube: the bag tells the rest
    assert session.state.actions == before + 1
    slot = session.state.slots[-1]
    assert slot.card == ship and sorted(slot.goods) == ["rubber", "tea", "tea"]
    assert "Undo" in finger.labels()


def _with(state: State, **changes):
    import copy
    new = copy.copy(state)
    for k, v in changes.items():
        object.__setattr__(new, k, v)
    return new


def test_the_last_unseen_card_of_the_pile_is_offered_as_the_primary_action(ui):
    def one_left(b: State, a: State) -> bool:
        season = a.top_season()
        if a.phase != "supply" or season is None or len(a.unseen[season]) != 1:
            return False
        card = a.catalogue[next(iter(a.unseen[season]))]
        # (Not a ship, nor a card whose value is a guess: told by what it shows.)
        return card.kind != "ship" and (card.kind not in ("fireman", "contract")
                                        or not card.unverified)

    finger = at(ui, one_left, players=4)
    state = ui.game.state
    season = state.top_season()
    (card,) = state.unseen[season]
    primary = finger.primary()
    assert primary is not None and primary["enabled"]
    from companion.ui import names
    assert primary["label"].startswith("Revealed")
    said = names.card_name(state.catalogue[card]).replace("\u00ad", "")
    assert any(said in t for t in finger.texts())
    ui.intent(it.Ok())
    assert ui.game.state.actions == state.actions + 1


def test_the_last_unseen_card_a_fireman_of_guessed_value_is_told_by_its_value(ui):
    """The last card of the pile's season a fireman whose value is a guess: not offered as
    the primary action (it would reveal it with its guess); its value's button says both
    in one tap."""
    from companion.ui import names

    def one_fireman_left(b: State, a: State) -> bool:
        season = a.top_season()
        if a.phase != "supply" or season is None or len(a.unseen[season]) != 1:
            return False
        card = a.catalogue[next(iter(a.unseen[season]))]
        return card.kind == Kind.FIREMAN and "value" in card.unverified

    finger = at(ui, one_fireman_left, players=4)
    state = ui.game.state
    (card,) = state.unseen[state.top_season()]
    primary = finger.primary()
    assert primary is None or not primary["enabled"]
    shown = state.catalogue[card].value
    finger.tap(names.card_in_season(state.catalogue[card], marked=False))  # "Fireman 3"
    after = ui.game.state
    assert after.slots[-1].card == card and "value" not in after.catalogue[card].unverified
    assert after.catalogue[card].value == shown


# --- issue 11, the layout in real game states ----------------------------------------------------


def test_supply_tells_the_cards_revealed_this_round_on_their_places(ui):
    def two_revealed(b: State, a: State) -> bool:
        return a.phase == "supply" and len(a.slots) == 2 and all(
            a.catalogue[s.card].season == a.top_season() for s in a.slots)

    finger = at(ui, two_revealed, players=4)
    state = ui.game.state
    texts = " ".join(finger.texts())
    told = {c for p in ui.top.plan.places if p.value is not None for c in p.ids}
    for i, slot in enumerate(state.slots):
        said = f"{i + 1}.\u00a0{names.card_in_season(state.catalogue[slot.card])}"
        if slot.card in told:  # a fireman told by its value: the five buttons stay, it is
            said = said.replace(" ", "\u00a0")  # listed above them
        assert plain(said) in texts
    assert "\u2026" not in texts


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_season_s_long_names_are_all_reachable_and_never_cut(ui, language):
    """Autumn's first Supply: every card by touch, whole, turning pages where they do not
    fit (cards that read alike share one button, so the five ships take one place)."""
    long_names = {"chamber_of_commerce", "st_michaelis", "boatsmen_church"}

    def season_start(b: State, a: State) -> bool:
        season = a.top_season()
        if a.phase != "supply" or a.slots or season is None:
            return False
        unseen = a.unseen[season]
        return len(unseen) >= 13 and long_names <= {a.catalogue[c].kind for c in unseen}

    finger = at(ui, season_start, players=2, seed=3)
    ui.set_language(language)
    frame = finger.frame()
    assert not problems(frame), problems(frame)
    state = ui.game.state
    unseen = state.unseen[state.top_season()]
    asked = asked_kinds(state)

    def face(cid: str) -> str:  # what its button says ("Contract ?" asks what it shows;
        card = state.catalogue[cid]  # a fireman whose value is a guess: its value's button)
        if card.kind == Kind.SHIP and ui.top.plan.ship_row:  # the ship's first cube
            return clean(ui.top.ship_row_label(next(g for g in GOODS if state.bag[g])))
        if card.kind == Kind.FIREMAN and "value" in card.unverified:
            return clean(names.card_in_season(card, marked=False))
        return clean(names.asked(card.kind) if cid in asked.get(card.kind, ())
                     else names.card_in_season(card))

    seen = set()
    for _page in range(5):
        labels = finger.labels()
        seen |= {cid for cid in unseen if face(cid) in labels}
        assert not problems(finger.frame())
        if not finger.has("\u203a"):
            break
        finger.tap("\u203a")
    assert {face(cid) for cid in seen} == {face(cid) for cid in unseen}
    while finger.has("\u2039"):
        finger.tap("\u2039")  # back to the first page
    ui.set_language("en")


# --- QA round of issue 19: a fire revealed on Supply moved every card after it ----------------


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_fire_revealed_keeps_the_places_of_the_cards_after_it(services, size):
    """The fire (resolved at once, no slot of the offer) left the grid, and every card
    after it moved one place: the table's next tap, on the card it had seen, hit another.
    The fire's place stays, named, as a revealed card's does."""
    from companion.ui.core import UI

    from ..driver import answer

    ui = UI(services, size)
    ui.open("home")

    def fire_first(before: State, after: State) -> bool:
        season = after.top_season()
        return (after.phase == "supply" and not after.slots and season is not None
                and any(after.catalogue[cid].kind == Kind.FIRE
                        for cid in after.unseen.get(season, ())))

    finger = at(ui, fire_first, players=2)
    state = ui.game.state
    fire = next(cid for cid in state.unseen[state.top_season()]
                if state.catalogue[cid].kind == Kind.FIRE)
    before = {t["label"]: t["rect"] for t in finger.targets() if not t["bar"]}
    finger.tap(names.card_in_season(state.catalogue[fire]))
    if ui.top.name == "confirm":
        answer(ui)
    ui.message = None  # the fire's result, which a tap would open
    assert ui.top.name == "supply"
    assert any(f.card == fire for f in ui.game.state.fires)
    after = {t["label"]: t["rect"] for t in finger.targets() if not t["bar"]}
    cards = [label for label in before
             if label in after and label not in ("Red", "Blue")]
    assert len(cards) >= 3, cards
    assert {label: after[label] for label in cards} == {label: before[label]
                                                         for label in cards}


# --- issue 19: Supply's places are the round's, on every screen of it ----------------------------


def revealed(state: State) -> tuple[int, int, int]:
    return state.round, len(state.slots), len(state.fires)


def supply_until_purchase(ui, services, players: int, seed: int, language: str = "en"
                          ) -> tuple[TouchTable, dict[tuple, dict[str, list[int]]]]:
    """A touch game from its start to the first Purchase after a Supply of round 2 or
    later whose places told a fireman's value or a card of another season (what once
    laid the grid anew): Supply's places before each reveal, by the round and the cards
    revealed in it (`revealed`)."""
    from companion.ui.i18n import set_language

    catalogue = services.load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form="quick", undo_rate=0)
    services.settings["purchase_form"] = "quick"
    ui.set_language(language)
    set_language(language)
    table = TouchTable(ui)
    table.start(actions[0])
    seen: dict[tuple, dict[str, list[int]]] = {}
    for action in actions[1:]:
        table.dismiss()
        state = table.state
        if state.phase == "supply" and ui.top.name == "supply":
            ui.message = None  # the fire's or the income's result (a tap opens it)
            seen[revealed(state)] = places(table.finger)
        table.play(action)
        if table.state.phase != "supply" and state.phase == "supply" and state.round >= 2:
            return table, seen
    raise AssertionError("no Purchase after a Supply")


@pytest.mark.parametrize(("size", "language", "players", "seed"), [
    ((800, 480), "en", 4, 3), ((480, 800), "de", 5, 9), ((800, 480), "fr", 2, 4)])
def test_an_undo_back_from_purchase_keeps_supply_s_places(services, size, language, players,
                                                          seed):
    """Undo from Purchase opens a new Supply screen: its places are the round's (worked out
    from the round's first state), not laid out anew by what was told since, nor paged."""
    from companion.ui.core import UI
    from companion.ui.i18n import set_language

    ui = UI(services, size)
    ui.open("home")
    try:
        table, seen = supply_until_purchase(ui, services, players, seed, language)
        table.finger.tap(_("Undo"))
        if ui.top.name != "supply":  # Loading done came by itself, then the purchase
            table.finger.tap(_("Undo"))
        while ui.top.name != "supply":
            table.finger.tap(_("Undo"))
        ui.message = None  # "Undone: …" (the round screen keeps its place for it)
        before = seen[revealed(ui.game.state)]
        assert not moved(before, places(table.finger))
        assert set(before) == set(places(table.finger))
    finally:
        set_language("en")


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (4, 1)])
def test_a_season_run_out_mid_round_keeps_both_grids_places(services, players, seed):
    """The top season runs out mid-round (four players: no season a multiple of five
    cards): the next season's grid comes. An Undo back to the last card of the season
    before finds its grid's places as they were (the cards in each place, their order,
    the labels they are laid out by), not made anew from what was told since."""
    from companion.ui.core import UI

    ui = UI(services, (800, 480))
    ui.open("home")
    catalogue = services.load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form="quick", undo_rate=0)
    table = TouchTable(ui)
    table.start(actions[0])
    seen: dict[tuple, list] = {}
    switched = None
    for action in actions[1:]:
        table.dismiss()
        state = table.state
        if state.phase == "supply" and ui.top.name == "supply":
            table.finger.frame()
            seen[(*revealed(state), state.top_season())] = list(ui.top.plan.places)
            if switched is not None and state.top_season() != switched:
                break
            if state.slots and state.catalogue[state.slots[-1].card].season != \
                    state.top_season():
                switched = state.top_season()  # the last card was of the season before
        table.play(action)
    assert switched is not None, "no season ran out mid-round"
    for _undo in range(2):  # back to the season before (its last card unrevealed)
        table.finger.tap(_("Undo"))
        back = ui.game.state
        key = (*revealed(back), back.top_season())
        table.finger.frame()
        assert ui.top.name == "supply" and key in seen
        assert list(ui.top.plan.places) == seen[key]


# --- issue 19, round 5: the ship's row where it pays ------------------------------------


@pytest.mark.parametrize(("language", "row"), [("en", True), ("fr", False)])
def test_the_ship_row_only_where_it_costs_the_grid_no_page(ui, language, row):
    """Autumn's first Supply at five players, 800x480, firemen still guessed: in English
    the ship's row ("Ship" and its five goods) leaves the grid one page; in French the
    hint above the offer leaves too little room for it (the grid took five pages), so the
    ships keep their place ("Navire") and the grid its two rows, decided once a round."""
    from companion.ui.i18n import set_language

    ui.set_language(language)
    try:
        ship_row_where_it_pays(ui, row)
    finally:
        set_language("en")


def ship_row_where_it_pays(ui, row: bool) -> None:
    finger = at(ui, lambda b, a: a.phase == "supply" and a.round == 7 and not a.slots,
                players=5)
    finger.frame()
    keys = ui.keys()
    assert any(k.startswith("ship:") for k in keys) is row
    assert any(k.startswith("card:") and "-ship-" in k for k in keys) is not row
    assert ui.top.plan.ship_row is row
    assert not problems(finger.frame())
    pages = 1
    while finger.has("\u203a"):
        finger.tap("\u203a")
        pages += 1
    assert pages <= 2


def asked_then_plain(catalogue, kind: str):
    """A 3-player game where a card of `kind` whose printed value the table is asked (a
    fireman told by its value's button, a round's first contract by its goods) is
    revealed, then a plain card."""
    from companion.engine import apply, new_game

    for seed in range(1, 80):
        actions, _final = random_game(catalogue, 3, seed=seed, form="quick")
        state = new_game(actions[0], catalogue)
        for i in range(1, len(actions) - 2):
            a, b = actions[i], actions[i + 1]
            if isinstance(a, Reveal) and isinstance(b, Reveal) and \
                    catalogue[a.card].kind == kind and not b.goods and \
                    catalogue[b.card].kind not in (Kind.SHIP, Kind.FIREMAN, Kind.CONTRACT,
                                                   Kind.FIRE) and \
                    not any(catalogue[s.card].kind == Kind.CONTRACT for s in state.slots):
                return actions, i
            state = apply(state, a)
    raise AssertionError(f"no Supply with a {kind} then a plain card")


@pytest.mark.parametrize("kind", [Kind.FIREMAN, Kind.CONTRACT])
def test_an_unread_place_filled_through_its_printed_value_lets_the_next_card_follow(
        ui, services, kind):
    """Found playing (QA, German 2 players): the camera could not read place 1 and read
    place 2; the table tapped place 1's card, a contract whose goods are asked (or a
    fireman told by its value's button). The card was revealed, but the hint still asked
    for card 1 and the camera's card 2 never came: only a plain card's tap let it follow."""
    catalogue = services.load_catalogue()
    actions, i = asked_then_plain(catalogue, kind)
    table = opened_before(ui, actions, i)
    first, second = actions[i], table.translate(actions[i + 1])  # ids as the app has them
    before = len(ui.game.state.slots)
    ui.intent(it.CardUnread(before + 1))
    ui.intent(camera(second.card))
    assert len(ui.game.state.slots) == before and ui.top.row.gap == before + 1
    table.enter(first)  # the table taps the card the camera could not read
    table.dismiss()
    revealed = [s.card for s in ui.game.state.slots][before:]
    assert revealed == [table.translate(first).card, second.card]
    assert ui.top.name != "supply" or (ui.top.row.gap is None and ui.top.row.waiting == [])


# --- issue 36: one plan per frame, the round's places with the game ---------------------


def test_every_supply_frame_makes_exactly_one_plan(ui, monkeypatch):
    """View -> plan -> paint: each rendered Supply frame calls `layouts.supply.plan` once
    (the steady frame, a page turned, a ship's goods asked, Undo of a good and of the
    ship, a card revealed, another language), never twice to choose an arrangement."""
    from companion.ui.layouts import supply as layouts

    calls: list[object] = []
    real_plan = layouts.plan

    def counting(*args, **kwargs):
        calls.append(args[1])
        return real_plan(*args, **kwargs)

    frames: list[str] = []
    real_render = ui.render

    def render() -> None:
        drawn = ui.top.name
        real_render()
        frames.append(drawn)

    monkeypatch.setattr(layouts, "plan", counting)
    finger = at(ui, lambda b, a: a.phase == "supply" and a.round == 7 and not a.slots,
                players=5)
    monkeypatch.setattr(ui, "render", render)
    state = ui.game.state
    good = next(g for g in GOODS if state.bag[g])
    plain = next(c for c in sorted(state.unseen[state.top_season()])
                 if state.catalogue[c].kind not in (Kind.SHIP, Kind.FIRE, Kind.FIREMAN,
                                                    Kind.CONTRACT))
    steps = [lambda: None,
             lambda: finger.tap("\u203a") if finger.has("\u203a") else None,
             lambda: finger.tap(ui.top.ship_row_label(good)),
             lambda: ui.intent(it.Undo()),
             lambda: ui.intent(it.Undo()),
             lambda: ui.top.pick(plain),
             lambda: ui.set_language("de"),
             lambda: ui.set_language("en")]
    calls.clear()
    for step in steps:
        step()
        ui.dirty = True
        ui.render()
        assert ui.top.name == "supply"
    assert frames.count("supply") == len(frames) >= len(steps)
    assert len(calls) == len(frames)
    assert ui.game.state.slots[-1].card == plain
    # The last plan is kept with the game (`GameController.plans`): a Supply screen made
    # anew in the round (an Undo back from Purchase) starts from it.
    assert ui.game.plans.last(layouts.SupplyPlan) is ui.top.plan


def test_the_supply_scene_stays_a_painter_under_300_lines():
    """Issue 36: the Supply's rules live in the engine and its layout in its plan; the scene
    paints and maps intents, and stays small enough to read at once."""
    from companion.ui.scenes import supply

    lines = Path(supply.__file__).read_text(encoding="utf-8").count("\n")
    assert lines < 300, f"scenes/supply.py has {lines} lines"

# --- QA (French, 5 players, a barcode scanner replayed): a ship's label scanned again ---------


def test_a_ship_already_revealed_is_refused_at_the_scan_before_its_goods_are_asked(ui, services):
    """Its goods were asked, the three pressed, and only then refused ("already revealed"),
    the third cube dropped: the table was left in a ship's goods it could never record."""
    catalogue = services.load_catalogue()
    actions, i, table, before = at_the_ship(ui, catalogue)
    ship = actions[i]
    scan(ui, ship.card)
    for good in ship.goods:
        if len(ui.game.state.slots) > before:
            break  # the bag left no choice: the rest was filled in
        table.finger.tap(names.good_initial(good))
    assert [slot.card for slot in ui.game.state.slots][before:] == [ship.card]
    state = ui.game.state
    scan(ui, ship.card)  # the label read again (a later round's scan would be the same)
    assert ui.top.name == "supply" and ui.top.ship is None and ui.top.goods == []
    assert ui.game.state is state
    assert ui.message is not None and ui.message.error
    assert "already been revealed" in ui.message.text


def test_a_ship_scanned_again_while_its_goods_are_asked_keeps_the_goods_pressed(ui, services):
    """A presentation scanner reads the label still in front of it: the goods pressed so
    far stay (they were emptied without a word)."""
    catalogue = services.load_catalogue()
    actions, i, table, before = at_the_ship(ui, catalogue)
    ship = actions[i]
    scan(ui, ship.card)
    table.finger.tap(names.good_initial(ship.goods[0]))
    assert len(ui.game.state.slots) == before  # seed 24's ship: the bag leaves a choice
    scan(ui, ship.card)
    assert ui.top.ship == ship.card and ui.top.goods == [ship.goods[0]]


def test_cards_scanned_behind_a_fire_whose_points_are_asked_are_said_not_kept_for_later(
        ui, services):
    """Found playing (QA, French, 5 players, a scanner replayed): a ship, the season's fire
    and a fireman scanned in a row. Once the ship's goods were in, the fire's points were
    asked; the fireman stayed in the row without a word and was entered after the next
    card the table entered, in the wrong place of the row. It is said while the fire's
    question is shown (rescan it after the fire), and nothing is entered by itself."""
    catalogue = services.load_catalogue()
    actions, i, table, before = at_the_ship(ui, catalogue)
    ship = actions[i]
    state = ui.game.state
    season = catalogue[ship.card].season
    unseen = shown_unseen(state)
    fire = next(c for c in unseen if catalogue[c].kind == Kind.FIRE
                and catalogue[c].season == season)
    other = next(c for c in unseen if c not in (ship.card, fire)
                 and catalogue[c].kind not in (Kind.SHIP, Kind.FIRE)
                 and catalogue[c].season == season)
    assert "points" in catalogue[fire].unverified  # its points are asked at the reveal
    for card in (ship.card, fire, other):
        scan(ui, card)
    for good in ship.goods:
        if len(ui.game.state.slots) > before:
            break
        table.finger.tap(names.good_initial(good))
    assert ui.top.name == "confirm"  # the fire's points
    assert ui.message is not None and ui.message.error
    assert plain(names.card_name(catalogue[other])) in plain(ui.message.text)
    supply = ui.scenes[-2]
    assert supply.name == "supply" and not supply.row.busy()
    table.finger.tap("4")
    revealed = [slot.card for slot in ui.game.state.slots]
    assert ui.top.name == "supply" and fire not in ui.game.state.unseen[season]
    assert other not in revealed and other in ui.game.state.unseen[season]


def shown_unseen(state: State) -> list[str]:
    from companion.ui.views.supply import unseen_cards
    return unseen_cards(state)


def test_the_rules_texts_opened_during_a_ship_s_goods_keep_them(ui):
    """Found playing (QA, German, 480x800): "?" opened while a ship's goods were being
    tapped, then closed: the ship and its goods were gone without a word. A rules text
    never changes the game; the goods stay. Back still sets the ship aside."""
    finger, ship = ship_on_screen(ui)
    bag = ui.game.state.bag
    good = next(g for g in ("coffee", "tea", "saffron", "rubber", "carpet") if bag[g] > 1)
    tap_ship(finger, ui, good)
    assert ui.top.ship == ship and ui.top.goods == [good]
    finger.tap("?")
    assert ui.top.overlay
    ui.intent(it.Back())  # the rules texts close
    assert ui.top.name == "supply" and ui.top.ship == ship and ui.top.goods == [good]
    ui.intent(it.Back())  # Back on Supply: the ship set aside
    assert ui.top.ship is None and ui.top.goods == []


def test_every_card_scanned_behind_a_fire_whose_points_are_asked_is_named(ui, services):
    """Found playing (QA, French, /tmp/qa/fr-121): a ship, the fire, then three more cards
    scanned; once the fire's points were asked only the first waiting card was named and
    the others were dropped without a word. All are named, in the row's order, and none
    is entered by itself; the words agree with no card's name (any card, any count)."""
    catalogue = services.load_catalogue()
    actions, i, table, before = at_the_ship(ui, catalogue)
    ship = actions[i]
    state = ui.game.state
    season = catalogue[ship.card].season
    unseen = shown_unseen(state)
    fire = next(c for c in unseen if catalogue[c].kind == Kind.FIRE
                and catalogue[c].season == season)
    others = [c for c in unseen if c not in (ship.card, fire)
              and catalogue[c].kind not in (Kind.SHIP, Kind.FIRE)
              and catalogue[c].season == season][:3]
    assert len(others) >= 2
    for card in (ship.card, fire, *others):
        scan(ui, card)
    for good in ship.goods:
        if len(ui.game.state.slots) > before:
            break
        table.finger.tap(names.good_initial(good))
    assert ui.top.name == "confirm"  # the fire's points
    assert ui.message is not None and ui.message.error
    said = plain(ui.message.text)
    places = [said.find(plain(names.card_name(catalogue[c]))) for c in others]
    assert -1 not in places and places == sorted(places), said
    assert not ui.scenes[-2].row.busy()
    table.finger.tap("4")
    assert ui.top.name == "supply"
    assert not {slot.card for slot in ui.game.state.slots} & set(others)



# --- QA (German 2 players by touch, French 5 players): the goods under the finger -------------


@pytest.mark.parametrize(("size", "language"),
                         [((480, 800), "de"), ((480, 800), "en"), ((800, 480), "fr")])
def test_a_ship_started_on_the_ship_row_has_the_same_good_under_the_finger(services, size,
                                                                          language):
    """Found playing (/tmp/qa/dep-01 -> dep-02, fr-28 -> fr-29): a tap on the ship row's
    "Te" started the ship, the ship row moved up and the big goods came where the finger
    was: the same spot tapped again hit "Sa". The goods now stand on the ship row's places,
    each where its first-good button was: every spot of the row has its own good under it
    after the ship is started, and the tap that started it, repeated, adds that good."""
    from companion.ui.core import UI

    ui = UI(services, size)
    ui.open("home")
    ui.set_language(language)

    def ship_next(b: State, a: State) -> bool:
        season = a.top_season()
        return a.phase == "supply" and season is not None and any(
            a.catalogue[c].kind == Kind.SHIP for c in a.unseen.get(season, ()))

    finger = at(ui, ship_next, players=2)
    finger.frame()
    assert ui.top.plan.ship_row
    bag = ui.game.state.bag
    good = next(g for g in GOODS if bag[g] >= 2)
    spots = {}
    for g in GOODS:
        x, y, w, h = finger.find(ui.top.ship_row_label(g))["rect"]
        spots[g] = (x + w // 2, y + h // 2)
    finger.tap(ui.top.ship_row_label(good))
    assert ui.top.ship is not None and ui.top.goods == [good]
    targets = finger.frame()["targets"]
    for g, spot in spots.items():
        under = [clean(t["label"]) for t in targets
                 if not t["bar"] and pygame.Rect(t["rect"]).collidepoint(spot)]
        assert under == [clean(names.good_initial(g))], (g, spot, under)
    # On narrow places what the bag has left goes under the initials: all five alike.
    goods = [i for i in ui.top.plan.items if isinstance(i, Control) and i.key.startswith("good:")]
    assert len(goods) == 5 and len({i.badge is None for i in goods}) == 1
    finger.now += 1.0  # not a hurried double tap: the table means it
    assert ui.touch(spots[good])
    assert ui.top.goods == [good, good]
