"""Issue 11's findings about what a tap, OK or Undo does and what the screens say, each as
a table would meet it: by touch, with the labels on the screen."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from benchmarks.touch import Finger
from companion.engine import Adjust, Move, State
from companion.inputs import intents as it
from companion.ui.i18n import set_language
from companion.ui.samples import Demo


def at(ui, test, players=3, **kw) -> Finger:
    Demo(ui, players).at(test, **kw)
    return Finger(ui)


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


def tap_card(finger: Finger, ui, card: str) -> None:
    """Tap a card of the season on Supply, by its label there."""
    from companion.ui import names
    finger.tap(names.card_in_season(ui.game.state.catalogue[card]))


tap_ship = tap_card


def loading_with_two_docks(b: State, a: State) -> bool:
    return a.phase == "loading" and sum(1 for p in a.players if a.player(p).dock) >= 2


# --- 1: Loading switches player by touch ---------------------------------------------------


def test_loading_a_tap_on_a_panel_chooses_that_player_and_the_tableau_is_still_reachable(ui):
    finger = at(ui, loading_with_two_docks)
    scene = ui.top
    assert scene.name == "loading"
    state = ui.game.state
    other = next(p for p in state.players if p != scene.player and state.player(p).dock)
    name = state.names[other]
    finger.tap(name)
    assert ui.top.name == "loading" and ui.top.player == other
    finger.tap(name)  # the chosen player's panel again: their tableau
    assert ui.top.name == "tableau" and ui.top.pid == other


# --- 4, 5: the ship's goods -----------------------------------------------------------------


def test_ok_during_ship_goods_never_clears_and_clearing_is_a_smaller_button(ui):
    finger, ship = ship_on_screen(ui)
    tap_ship(finger, ui, ship)
    bag = ui.game.state.bag
    good = next(g for g in ("coffee", "tea", "saffron", "rubber", "carpet") if bag[g])
    from companion.ui import names
    finger.tap(names.good_initial(good))
    assert ui.top.goods == [good]
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
    tap_ship(finger, ui, ship)
    bag = dict(ui.game.state.bag)
    from companion.ui import names
    goods = [g for g in ("coffee", "tea", "saffron", "rubber", "carpet") if bag[g]][:2]
    for g in goods:
        finger.tap(names.good_initial(g))
    finger.tap("Undo")
    assert ui.game.state.actions == actions  # the engine's last action stays
    assert ui.top.goods == goods[:1]
    assert names.good(goods[1]) in ui.message.text
    ui.intent(it.Undo())  # the Undo button too
    assert ui.top.goods == []
    assert ui.game.state.actions == actions


def test_undo_during_loading_takes_back_the_tapped_cube_first(ui):
    finger = at(ui, loading_with_two_docks)
    actions = ui.game.state.actions
    finger.tap(lambda label: label in ("Co", "Te", "Sa", "Ru", "Ca"))
    assert ui.top.selected
    finger.tap("Undo")
    assert ui.top.selected == []
    assert ui.game.state.actions == actions


# --- 6: messages last until the next action ---------------------------------------------------


def test_an_undo_message_lasts_until_the_next_action_and_not_longer(ui):
    finger = at(ui, lambda b, a: a.phase == "supply" and len(a.slots) == 1 and a.round >= 2)
    finger.tap("Undo")
    said = ui.message.text
    assert said.startswith("Undone")
    finger.now += 60  # a minute later, nobody acted: still there
    ui.tick()
    assert ui.message is not None and ui.message.text == said
    state = ui.game.state
    card = sorted(c for c in state.unseen[state.top_season()]
                  if state.catalogue[c].kind not in ("ship", "fire"))[0]
    tap_card(finger, ui, card)
    assert ui.message is None
    texts = finger.texts()
    assert not any(t.startswith("Undone") for t in texts)
    assert any("Tap the card" in t for t in texts)


# --- 7: New game during a game asks first ------------------------------------------------------


def test_new_game_during_a_game_asks_and_can_be_cancelled(ui):
    finger = at(ui, lambda b, a: a.round == 3 and a.phase == "supply")
    finger.tap("Home")
    assert ui.top.name == "home"
    finger.tap("New game")
    assert ui.top.name == "home"  # asked, not gone
    assert any("in progress" in t for t in finger.texts())
    finger.tap(lambda label: label.startswith("Keep"))
    assert ui.top.name == "home"
    assert ui.top.session is not None
    finger.tap(lambda label: label.startswith("Resume"))
    assert ui.top.name == "supply" and ui.game.state.round == 3
    finger.tap("Home")
    finger.tap("New game")
    finger.tap(lambda label: label.startswith("Start a new game"))
    assert ui.top.name == "newgame"


# --- 8: Home in simulated mode ---------------------------------------------------------------


def test_home_during_a_game_keeps_its_notes_apart_and_the_round_with_its_word(ui, services):
    services.simulate = True
    finger = at(ui, lambda b, a: a.round == 7 and a.phase == "supply", players=5)
    ui.game.close()
    ui.top.on_enter()
    frame = finger.frame()
    rects = [(t["text"], pygame.Rect(t["rect"])) for t in frame["texts"]]
    for i, (text, rect) in enumerate(rects):
        for other, orect in rects[i + 1:]:
            assert not rect.colliderect(orect), (text, other)
    assert "7" not in [t["text"].strip() for t in frame["texts"]]


# --- 10: a refused destination says the rule -------------------------------------------------


def test_loading_says_why_a_second_cube_cannot_go_to_the_market_hall(ui):
    def kept(b: State, a: State) -> bool:
        return a.phase == "loading" and any(
            a.player(p).market and a.player(p).dock for p in a.players)

    finger = at(ui, kept, players=4)
    state = ui.game.state
    pid = next(p for p in state.players if state.player(p).market and state.player(p).dock)
    if ui.top.player != pid:
        finger.tap(state.names[pid])
    finger.tap(lambda label: label in ("Co", "Te", "Sa", "Ru", "Ca"), first=True)  # a ship's
    texts = " ".join(finger.texts())
    assert "The market hall keeps at most 1 cube" in texts
    assert "Nothing is possible" not in texts


# --- 11: the hardware test ----------------------------------------------------------------------


def test_the_hardware_test_shows_readable_translated_words_and_esc_leaves(ui):
    finger = Finger(ui)
    finger.tap("Settings")
    finger.tap("Hardware test")
    assert ui.top.name == "hardware"
    for intent in (it.PlayerButton("red"), it.Ok(), it.CardScanned("5A0011AB42", "C-bank")):
        ui.intent(intent)
    set_language("de")
    try:
        texts = finger.texts()
        joined = " ".join(texts)
        assert "PlayerButton" not in joined and "colour=" not in joined
        assert "Rot" in joined and "Bank" in joined
        assert not any(t["cut"] for t in finger.frame()["texts"])
    finally:
        set_language("en")
    ui.intent(it.Back())
    assert ui.top.name == "settings"


# --- 12: Settings' primary is Done ---------------------------------------------------------------


def test_settings_primary_is_done_and_the_hardware_test_a_secondary_button(ui):
    finger = Finger(ui)
    finger.tap("Settings")
    primary = finger.primary()
    assert primary is not None and primary["label"].startswith("Done")
    hardware = finger.find("Hardware test")
    assert hardware is not None and not hardware["primary"]
    ui.intent(it.Ok())
    assert ui.top.name == "home"


# --- 13: the metal coin on New game -----------------------------------------------------------


def test_new_game_explains_the_metal_coin(ui):
    finger = Finger(ui)
    finger.tap("New game")
    assert "M ?" not in finger.labels()
    texts = " ".join(finger.texts())
    assert "metal coin" in texts.lower()
    finger.tap(lambda label: "metal coin" in label.lower() or label == "Starts?")
    assert ui.top.first is not None


# --- 14: the rulebook's words ---------------------------------------------------------------------


def test_the_panels_and_tableau_use_the_rulebook_words(ui):
    def stores(b: State, a: State) -> bool:
        return a.phase == "loading" and any(
            a.player(p).market and a.player(p).contracts and a.player(p).dock
            for p in a.players)

    finger = at(ui, stores, players=2)
    texts = " ".join(finger.texts())
    for cryptic in ("contr.", "wh. ", "mh. ", "fire "):
        assert cryptic not in texts, cryptic
    assert "firemen" in texts
    state = ui.game.state
    for pid in state.players:
        ps = state.player(pid)
        fills = [f"{len(ps.contracts[c])}/{len(state.catalogue[c].goods)}"
                 for c in ps.contracts or {}]
        details = " ".join(ui.top.panel_details(state, pid))
        for fill in fills:
            assert fill in details
    state = ui.game.state
    pid = next(p for p in state.players if state.player(p).market)
    ui.open("tableau", pid=pid)
    texts = " ".join(finger.texts())
    assert "Dock" not in texts


# --- 15: the final screen ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 2, 4])
def test_the_final_table_lists_only_categories_in_this_game(ui, players):
    finger = at(ui, lambda b, a: a.phase == "over", players=players)
    while ui.top.name in ("fire", "income"):
        ui.pop()
    texts = finger.texts()
    assert ("Boatsmen church" in texts) == (players in (2, 4))
    assert ("Port" in texts) == (players != 2)
    # The chart (behind "Score chart": the BG Stats code has its place at first) has
    # round ticks along its axis, numbered, not only the last round.
    finger.tap("Score chart")
    frame = finger.frame()
    title = next(t for t in frame["texts"] if t["text"] == "Score over the rounds")
    chart = [t for t in frame["texts"] if t["rect"][0] >= title["rect"][0] - 40
             and t["rect"][1] > title["rect"][1] + 20 and t["text"].isdigit()]
    last = ui.game.state.round
    ticks = {int(t["text"]) for t in chart if int(t["text"]) <= last}
    assert len(ticks) >= 3, ticks


# --- 16: what can be computed is not asked ---------------------------------------------------


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
    tap_ship(finger, ui, ship)
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
        return (a.phase == "supply" and season is not None
                and len(a.unseen[season]) == 1 and a.catalogue[next(iter(a.unseen[season]))].kind
                not in ("ship",))

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


# --- 18: Undo of a correction; a completed contract ---------------------------------------------


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


# --- 19: Fill contracts uses the warehouse and the market hall --------------------------------


def test_fill_contracts_counts_cubes_in_the_warehouse_and_the_market_hall(ui):
    from collections import Counter

    from companion.ui.scenes.loading import LoadingScene

    def stored(b: State, a: State) -> bool:
        if a.phase != "loading":
            return False
        for p in a.players:
            ps = a.player(p)
            held = Counter(ps.warehouse) + Counter([ps.market] if ps.market else [])
            for cid, filled in (ps.contracts or {}).items():
                need = Counter(a.catalogue[cid].goods) - Counter(filled)
                if need & held:
                    return True
        return False

    at(ui, stored, players=4)
    state = ui.game.state
    scene = ui.top
    assert isinstance(scene, LoadingScene)
    for pid in state.players:
        ps = state.player(pid)
        held = Counter(ps.warehouse) + Counter([ps.market] if ps.market else [])
        wanted = Counter()
        for cid, filled in (ps.contracts or {}).items():
            wanted += Counter(state.catalogue[cid].goods) - Counter(filled)
        if not wanted & held:
            continue
        moves = [m for label, ms in scene.shortcuts(state, pid) for m in ms
                 if label.startswith("Fill contracts")]
        assert any(m.source in ("warehouse", "market") for m in moves)
        return
    raise AssertionError("no player with a stored cube a contract wants")


# --- 21: simulated Redo at once ------------------------------------------------------------------


def test_shift_backspace_redoes_at_once(monkeypatch):
    from companion.ui.runner import Runner

    got = []
    pressed = []
    sim = SimpleNamespace(press=lambda role, hold_s=0: pressed.append((role, hold_s)),
                          press_down=lambda role: pressed.append((role, 0)))
    fake = SimpleNamespace(simulator=sim, ui=SimpleNamespace(intent=got.append), held={},
                           held_since={}, player_colour=lambda n: None)
    event = SimpleNamespace(key=pygame.K_BACKSPACE, mod=pygame.KMOD_LSHIFT)
    Runner.key(fake, event)
    assert got == [it.Redo()]
    assert not any(hold for _role, hold in pressed)


# --- 22: the 3rd-fire ending ---------------------------------------------------------------------


def test_the_round_before_a_3rd_fire_ending_is_announced_as_the_last_round(ui):
    def third_fire_ending(b: State, a: State) -> bool:
        if a.phase != "purchase" and a.phase != "demand":
            return False
        left = [c for s in a.unseen.values() for c in s]
        return bool(left) and all(a.catalogue[c].kind == "fire" for c in left) and \
            "D-fire" in left

    finger = at(ui, third_fire_ending, players=4)
    assert not ui.game.state.last_round  # the engine does not know yet
    assert any("last round" in t for t in finger.texts())



# --- 5's sibling: Undo while a printed value is asked ------------------------------------------


def test_undo_while_a_printed_value_is_asked_takes_back_the_question_not_the_game(ui):
    def fire_next(b: State, a: State) -> bool:
        season = a.top_season()
        return a.phase == "supply" and season == "B" and "B-fire" in a.unseen["B"]

    finger = at(ui, fire_next)
    actions = ui.game.state.actions
    tap_card(finger, ui, "B-fire")
    assert ui.top.name == "confirm"
    shown = ui.top.value
    finger.tap("+")
    assert ui.top.value == shown + 1
    ui.intent(it.Undo())
    assert ui.top.name == "confirm" and ui.top.value == shown
    ui.intent(it.Undo())
    assert ui.top.name == "supply"
    assert ui.game.state.actions == actions  # nothing of the game was taken back


# --- 12's siblings: every screen has a primary action, and off the side screens it is Done ----


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


def test_the_hardware_test_is_left_with_done(ui):
    finger = Finger(ui)
    finger.tap("Settings")
    finger.tap("Hardware test")
    primary = finger.primary()
    assert primary is not None and primary["label"].startswith("Done")
    finger.tap_primary()
    assert ui.top.name == "settings"


# --- 17: the header keeps the pile ----------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("moment", ["supply", "demand", "purchase", "loading", "last"])
def test_the_round_header_always_says_how_many_cards_are_left(ui, language, moment):
    from companion.ui.i18n import _

    def reached(b: State, a: State) -> bool:
        if moment == "last":
            return a.last_round and a.phase == "loading"
        return a.phase == moment and a.round >= 3

    finger = at(ui, reached, players=5)
    set_language(language)
    try:
        state = ui.game.state
        said = _("cards left {n}").format(n=state.pile_size())
        assert any(said in t for t in finger.texts()), (said, finger.texts()[:3])
    finally:
        set_language("en")


def test_undo_during_a_purchase_entry_takes_back_the_price_then_the_buyer(ui):
    finger = at(ui, lambda b, a: a.phase == "purchase" and a.settling == 1 and a.round >= 2,
                players=4)
    state = ui.game.state
    actions = state.actions
    rich = max(state.players, key=lambda p: state.player(p).coins)
    from companion.engine.legal import buy_prices
    from companion.ui import words
    assert len(buy_prices(state, rich)) >= 2
    # A tap on a price records at once; the entry in steps is the players' own buttons.
    ui.intent(it.PlayerButton(rich))
    ui.intent(it.PlayerButton(rich))  # their button again: price +1
    assert words.letter(state, rich)  # the grid names the row by it
    assert (ui.top.buyer, ui.top.price) == (rich, 2)
    finger.tap("Undo")
    assert (ui.top.buyer, ui.top.price) == (rich, 1)
    finger.tap("Undo")
    assert ui.top.buyer is None
    assert ui.game.state.actions == actions
