"""Scenes driven by intents (buttons, OK, Undo, card reader) and taps, headless."""

from __future__ import annotations

import pygame
import pytest

from companion.engine import Done, Setup
from companion.engine.simulate import random_game
from companion.inputs import intents as it
from companion.ui import buttons
from companion.ui.display import Display, to_logical
from companion.ui.i18n import set_language
from ui.driver import dismiss, play, start_game

SETUP = Setup(players=("red", "blue", "green"), first="red",
              names={"red": "Anna", "blue": "Ben", "green": "Cleo"})


@pytest.fixture
def game(ui):
    start_game(ui, SETUP)
    return ui


def scan(ui, card_id):
    ui.intent(it.CardScanned(f"TAG-{card_id}", card_id))


def test_new_game_sets_seats_names_and_first_player(ui, services):
    ui.press("new")
    ui.press("count:3")
    ui.press("name:0")  # names offered from history
    ui.press("down:0")  # Anna moves to seat 2
    ui.intent(it.PlayerButton("green"))  # a colour button chooses who starts
    ui.press("ok")
    assert ui.top.name == "setup"
    # Removed for 3 players (the steps keep the soft hyphens where a line may break).
    assert any("Boatsmen church" in t.replace("\u00ad", "") for t in ui.top.steps())
    ui.press("ok")
    state = ui.game.state
    assert state.players == ("blue", "red", "green")
    assert state.names["red"] == "Anna"
    assert state.first_player == "green"
    assert ui.top.name == "supply"


def test_a_whole_round_by_buttons_and_scans(game):
    ui = game
    for card in ("A-warehouse", "A-tea-taster", "A-contract-1", "A-counting-office"):
        scan(ui, card)
    assert ui.top.name == "purchase"
    # Blue presses their button three times: Blue buys for 3; OK records it.
    for _ in range(3):
        ui.intent(it.PlayerButton("blue"))
    ui.intent(it.Ok())
    slot = ui.game.state.slots[0]
    assert (slot.buyer, slot.price) == ("blue", 3)
    ui.intent(it.Ok())  # nobody buys the tea taster
    assert ui.game.state.slots[1].outcome == "discarded"
    ui.intent(it.PlayerButton("red"))
    ui.intent(it.Ok())  # Anna buys the contract: its goods are unconfirmed, so asked first
    assert ui.top.name == "confirm"
    ui.press("goods:coffee+tea")  # one tap: what the card shows
    assert "A-contract-1" in ui.game.state.player("red").cards
    ui.intent(it.Ok())  # nobody buys the counting office: Cleo bought nothing this round
    # Nobody has a cube to load: Loading is done by itself, and the Income needs no tap:
    # what was paid, and why, is the next screen's message.
    assert ui.top.name == "supply"
    assert type(ui.game.state.last_action) is Done
    said = ui.message.text
    assert said.startswith("Income, round 1:") and "Cleo +2 (+1 no purchase)" in said
    assert "The metal coin passes to Ben." in said
    ui.render()
    assert "Cleo +2 (+1 no purchase)" in " ".join(ui.canvas.texts)
    # Undo takes back the Done that came by itself, and says so: Loading is shown again.
    ui.intent(it.Undo())
    assert ui.top.name == "loading"
    assert ui.message.text == "Undone: the end of Loading and the income"
    ui.intent(it.Ok())  # Loading done, by hand this time: OK shows it large first,
    assert ui.game.state.round == 1 and ui.top.chosen() == (ui.top.player, None)
    ui.intent(it.Ok())  # and OK again records it (issue 31)
    assert ui.game.state.round == 2
    assert ui.game.state.first_player == "blue"


def test_undo_says_what_it_undid_and_redo_restores(game):
    ui = game
    scan(ui, "A-warehouse")
    ui.intent(it.Undo())
    assert "Undone" in ui.message.text and "Warehouse" in ui.message.text
    assert not ui.game.state.slots
    ui.intent(it.Redo())
    assert ui.game.state.slots[0].card == "A-warehouse"
    assert "Redone" in ui.message.text


def test_a_refusal_is_shown_in_plain_words_in_the_language(game):
    ui = game
    set_language("de")
    for card in ("A-warehouse", "A-tea-taster", "A-contract-1", "A-counting-office"):
        scan(ui, card)
    for _ in range(6):
        ui.intent(it.PlayerButton("blue"))
    # Refused at the press (issue 31), not at OK: the price stays within Ben's coins.
    assert ui.message.error
    assert ui.message.text == "Ben kann 6 nicht zahlen (Münzen: 5)."
    assert ui.game.state.slots[0].outcome is None
    assert ui.top.price == 5
    set_language("en")


def test_unconfirmed_fire_points_are_asked_and_a_correction_is_kept(ui, services):
    catalogue = services.load_catalogue()
    assert "points" in catalogue["B-fire"].unverified
    actions, _ = random_game(catalogue, 3, seed=4, form="quick")
    start_game(ui, actions[0])
    for action in actions[1:]:
        if ui.game.state.top_season() == "B" and ui.game.state.phase == "supply":
            break
        play(ui, action)
    dismiss(ui)
    ui.press("card:B-fire")
    assert ui.top.name == "confirm"
    ui.render()
    assert any("unconfirmed" in t for t in ui.canvas.texts)
    # The question does not start on its guess: no number, Confirm waits for a choice.
    assert ui.top.value is None and ui.top.primary()[1] is None
    for _ in range(5):
        ui.press("value:+")  # from no answer: the first number beyond the buttons, then on
    ui.press("ok")
    # No screen to tap through: the fire's result is the message; a tap on it shows it.
    fire = ui.game.state.fires[-1]
    assert fire.points == 11 + 4
    assert ui.top.name == "supply" and ui.message.text.startswith(f"Fire {fire.points} (")
    ui.tap_message()
    assert ui.top.name == "fire"
    assert "points" not in services.load_catalogue()["B-fire"].unverified
    assert (services.state_dir / "cards.yaml").is_file()


def test_loading_offers_only_legal_moves(ui, services):
    catalogue = services.load_catalogue()
    actions, _ = random_game(catalogue, 2, seed=2, form="quick")
    start_game(ui, actions[0])
    for action in actions[1:]:
        dismiss(ui)
        state = ui.game.state
        if state.phase == "loading" and any(state.player(p).dock for p in state.players):
            break
        play(ui, action)
    state = ui.game.state
    pid = next(p for p in state.players if state.player(p).dock)
    ui.intent(it.PlayerButton(pid))
    ui.press("cube:0")
    keys = [k for k in ui.keys() if k.startswith("to:")]
    if "A-warehouse" not in state.player(pid).cards:
        assert "to:warehouse" not in keys
    assert "to:market" in keys or state.player(pid).market
    ui.press(keys[0])
    assert ui.game.state.actions == state.actions + 1


def test_an_unknown_tag_offers_to_enroll_it(game):
    ui = game
    ui.intent(it.CardScanned("5A00000001", None))
    assert ui.top.name == "enroll"
    assert ui.message.error and "not bound to a card yet" in ui.message.text


def test_hardware_page_shows_intents_without_acting(ui):
    ui.press("settings")
    ui.press("hardware")
    assert ui.top.name == "hardware"
    ui.intent(it.Ok())
    ui.intent(it.PlayerButton("red"))
    ui.intent(it.DeviceStatus("reader", False, "card reader unplugged; waiting for it"))
    assert ui.top.name == "hardware"
    ui.render()
    assert any("Player button: Red" in t for t in ui.canvas.texts)
    assert any("unplugged" in t for t in ui.canvas.texts)


def test_settings_switch_the_language_at_once(ui, services):
    saved = []
    services.save_settings = saved.append
    ui.press("settings")
    ui.press("language:fr")
    ui.pop()
    ui.render()
    assert "Nouvelle partie" in ui.canvas.texts
    assert saved[-1]["language"] == "fr"
    set_language("en")


def test_tableau_opens_from_a_panel(game):
    ui = game
    ui.press("panel:blue")
    assert ui.top.name == "tableau"
    ui.intent(it.Back())
    assert ui.top.name == "supply"


def test_home_button_leaves_and_resume_returns(game):
    ui = game
    scan(ui, "A-warehouse")
    ui.press("home")
    assert ui.game is None and ui.top.name == "home"
    ui.press("ok")  # Resume is the primary action now
    assert ui.top.name == "supply"
    assert ui.game.state.slots[0].card == "A-warehouse"


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_rotation_maps_touch_back_to_the_drawing(rotation):
    from companion.ui.display import logical_size, rotate

    panel = (80, 48)
    logical = logical_size(panel, rotation)
    drawing = pygame.Surface(logical)
    drawing.fill((0, 0, 0))
    drawing.set_at((5, 7), (255, 0, 0))
    shown = rotate(drawing, rotation)
    assert shown.get_size() == panel
    red = [(x, y) for x in range(panel[0]) for y in range(panel[1])
           if shown.get_at((x, y))[:3] == (255, 0, 0)]
    assert [to_logical(p, panel, rotation) for p in red] == [(5, 7)]


def test_a_touch_counts_once():
    display = Display((800, 480), fullscreen=False)
    finger = pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, touch_id=1, finger_id=0)
    echo = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 240), button=1, touch=True)
    mouse = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=False)
    assert display.tap_position(finger, 10.0) == (400, 240)
    assert display.tap_position(echo, 10.01) is None  # SDL's mouse copy of the touch
    assert display.tap_position(finger, 10.05) is None  # a bounce
    assert display.tap_position(mouse, 11.0) == (10, 10)


def test_resume_after_restart_shows_the_game(services, ui):
    from companion.ui.core import UI

    start_game(ui, SETUP)
    scan(ui, "A-warehouse")
    again = UI(services, (800, 480))
    again.open("home")
    again.open_game(again.top.session)
    assert again.top.name == "supply"
    assert again.game.state.slots[0].card == "A-warehouse"


def test_corrections_from_the_tableau_are_recorded_and_undoable(game):
    ui = game
    ui.press("panel:green")
    ui.press("adjust:coins:+1")
    ui.press("adjust:points:-1")
    assert ui.top.name == "tableau"
    ps = ui.game.state.player("green")
    assert (ps.coins, ps.track) == (6, -1)
    ui.intent(it.Undo())
    assert ui.game.state.player("green").track == 0


def test_an_unknown_tag_once_enrolled_counts_as_the_scan(game, services):
    class TagMap:
        def __init__(self):
            self.bound = {}

        def bind(self, tag, card_id):
            self.bound[tag] = card_id
            return tag

    services.tagmap = TagMap()
    ui = game
    ui.intent(it.CardScanned("5A00000002", None))
    assert ui.top.name == "enroll"
    ui.press("enroll:A-warehouse")
    assert services.tagmap.bound == {"5A00000002": "A-warehouse"}
    assert ui.top.name == "supply"
    assert ui.game.state.slots[0].card == "A-warehouse"


def test_portrait_rotation_draws_every_round_screen(tmp_path):
    from companion.ui.shots import build

    for screen in ("supply", "purchase", "loading", "final"):
        ui = build(screen, (480, 800), "en", tmp_path / screen)
        ui.render()
        assert ui.canvas.hits


def test_loading_shows_every_cube_of_a_full_tableau(game):
    from companion.engine.values import replace
    from companion.ui.scenes.loading import LoadingScene

    ui = game
    state = ui.game.state
    ps = state.player("red")
    crowded = replace(ps, dock=("tea",) * 9, warehouse=("coffee",) * 4, market="rubber")
    ui.game.session.state = replace_state(state, "red", crowded, phase="loading")
    ui.pop_to(ui.game.depth)
    ui.push(LoadingScene(ui))
    ui.intent(it.PlayerButton("red"))
    # The ships' and the market hall's cubes each a cube of its own; the warehouse's
    # named in a line ("Warehouse: Co Co Co Co": their moves are choices of their own).
    assert sum(k.startswith("cube:") for k in ui.keys()) == 10
    ui.render()
    from companion.ui import names

    coffee = names.good_initial("coffee")
    assert any(t["text"].endswith(" ".join([coffee] * 4))
               for t in ui.canvas.describe("loading", "en")["texts"])


def replace_state(state, pid, ps, **changes):
    import copy

    new = copy.copy(state)
    players = dict(state.player_states)
    players[pid] = ps
    object.__setattr__(new, "player_states", players)
    for key, value in changes.items():
        object.__setattr__(new, key, value)
    return new


def test_a_fire_with_all_equal_says_nobody_gains_or_loses(ui):
    start_game(ui, Setup(players=("red", "blue"), first="red"))
    winter = sorted(ui.game.state.unseen["A"])
    for round_cards in (winter[0:3], winter[3:6], winter[6:9], winter[9:12]):
        for card in round_cards:
            scan(ui, card)
            dismiss(ui)
        for _ in range(3):
            ui.intent(it.Ok())  # nobody buys
            dismiss(ui)
        ui.intent(it.Ok())  # loading done
        dismiss(ui)
    scan(ui, "B-fire")
    assert ui.top.name == "confirm"
    ui.intent(it.Ok())  # no answer is preselected (issue 31): OK alone confirms nothing
    assert ui.top.name == "confirm" and not ui.game.state.fires
    points = ui.top.card.points  # the table reads the guess off the card: its button
    colour = buttons.order(ui.game.state)[(points - 1) % 5]  # 6-10: pressed twice
    for _press in range(1 + (points > 5)):
        ui.intent(it.PlayerButton(colour))
    ui.intent(it.Ok())
    assert "all equal, nobody gains or loses" in ui.message.text
    ui.tap_message()
    assert ui.top.name == "fire"
    ui.render()
    assert "All equal \u2014 nobody gains or loses." in ui.canvas.texts
    assert not ui.game.state.fires[-1].gained


def test_running_scores_end_at_the_final_totals(services):
    from companion.engine import replay, to_record
    from companion.ui.scenes.final import running_scores

    catalogue = services.load_catalogue()
    actions, final = random_game(catalogue, 3, seed=21, form="quick", undo_rate=0.05)
    series = running_scores(to_record(actions), catalogue)
    rounds = replay(to_record(actions), catalogue).state.round
    for pid in final.players:
        assert series[pid][0] == 0
        assert series[pid][-1] == final.final.scores[pid]["total"]
        assert len(series[pid]) == rounds + 1


@pytest.mark.parametrize(("language", "expected"), [
    # C-contract-1 by its (unconfirmed) goods, never by the catalogue's "C1"
    ("en", "Contract Ru·Ca·Co? belongs to Summer, but the pile shows Winter cards"),
    ("de", "Auftrag Ks·Tp·Kf? ist eine Karte aus Sommer, aber der Stapel zeigt Winter"),
    ("fr", "Contrat Co·Ta·Ca\u202f? est une carte Été, mais la pioche montre Hiver"),
])
def test_a_card_out_of_season_is_refused_in_the_language(game, language, expected):
    set_language(language)
    scan(game, "C-contract-1")
    assert game.message.error and game.message.text.startswith(expected)
    assert not game.game.state.slots
    set_language("en")


def test_a_new_game_records_the_values_the_table_confirmed(ui, services):
    services.save_override("B-fire", "points", 6)
    start_game(ui, SETUP)
    setup = ui.game.session.setup
    assert setup.cards["B-fire"] == {"points": 6}
    assert "C-fire" not in setup.cards  # placeholders stay out of the record


def test_markers_move_along_the_track_then_the_screen_is_calm(game):
    ui = game
    now = [100.0]
    ui.clock = lambda: now[0]
    ui.render()
    assert ui.next_deadline() is None  # idle: nothing to draw until something happens
    ui.press("panel:red")
    ui.press("adjust:points:+1")
    ui.press("ok")  # close the tableau: the round screen shows the marker moving
    ui.render()
    assert ui.next_deadline() is not None
    now[0] += 1.0
    ui.tick()
    ui.render()
    assert ui.next_deadline() is None


def test_the_fire_flares_once(ui, services):
    from companion.ui.shots import build

    fire = build("fire", (800, 480), "en", services.state_dir / "x")
    now = [50.0]
    fire.clock = lambda: now[0]
    fire.render()
    assert fire.next_deadline() is not None
    now[0] += 2.0
    fire.tick()
    fire.render()
    assert fire.next_deadline() is None


def test_a_full_disk_is_shown_and_nothing_changes(game):
    from companion.errors import CompanionError

    ui = game

    def refuse(prepared):
        raise CompanionError("the disk is full; the action was not saved")

    ui.game.session.commit = refuse  # where an action is written
    scan(ui, "A-warehouse")
    assert ui.message.error and "disk is full" in ui.message.text
    assert not ui.game.state.slots
    assert ui.top.name == "supply"


def test_a_name_is_typed_on_the_screen_keyboard(ui):
    ui.press("new")
    ui.press("edit:0")
    assert ui.top.name == "keyboard"
    for key in ("key:J", "key:Ü", "key:R", "key:G", "key:erase", "key:G"):
        ui.press(key)
    ui.press("ok")
    assert ui.top.name == "newgame"
    assert ui.top.names["red"] == "Jürg"


def test_a_tag_bound_to_an_unknown_card_is_reported(game):
    game.intent(it.CardScanned("5A01", "Z-nonsense"))
    assert game.message.error and "Z-nonsense" in game.message.text
    assert game.top.name == "supply"


def test_the_tie_break_is_spelled_out():
    from types import SimpleNamespace

    from companion.engine import Final
    from companion.ui.scenes.final import tie_break

    def state(coins, winners):
        scores = {"red": {"total": 30}, "blue": {"total": 30}}
        return SimpleNamespace(
            final=Final(scores=scores, ranking=("red", "blue"), winners=winners),
            names={"red": "Anna", "blue": "Ben"},
            player=lambda pid: SimpleNamespace(coins=coins[pid]))

    assert tie_break(state({"red": 4, "blue": 2}, ("red",))) == (
        "Tied on 30 points: Anna wins with more coins (4 to 2).")
    assert tie_break(state({"red": 3, "blue": 3}, ("red", "blue"))) == (
        "Tied on 30 points and on coins: a shared win.")


def test_the_undo_message_is_shown_whole_beside_redo_and_home(game):
    """Undo says what it undid: the sentence is not cut after two lines in the narrow box."""
    ui = game
    for card in ("A-warehouse", "A-tea-taster", "A-contract-1", "A-counting-office"):
        scan(ui, card)
    for _ in range(3):
        ui.intent(it.PlayerButton("blue"))
    ui.intent(it.Ok())
    ui.intent(it.Undo())  # the bar now holds Undo, Redo, Home and the primary action
    assert ui.message.text == "Undone: Ben bought Warehouse for 3¢"  # its unit (issue 30)
    ui.render()
    drawn = " ".join(ui.canvas.texts)
    assert "Warehouse for 3¢" in drawn


def test_supply_cards_keep_their_place_as_cards_are_revealed(game):
    """The card picker does not reflow: a card tapped stays put (blank), the rest do not move,
    so a quick second tap lands on nothing instead of on the next card."""
    ui = game
    ui.render()
    before = {h.key: h.rect for h in ui.canvas.hits if h.key.startswith("card:")}
    ui.press("card:A-warehouse")
    ui.render()
    after = {h.key: h.rect for h in ui.canvas.hits if h.key.startswith("card:")}
    assert "card:A-warehouse" not in after
    assert after == {k: r for k, r in before.items() if k != "card:A-warehouse"}
    assert ui.tap(before["card:A-warehouse"].center) is False  # the double tap: nothing
    assert len(ui.game.state.slots) == 1


def test_a_player_with_one_card_reads_1_card(game):
    ui = game
    for card in ("A-warehouse", "A-tea-taster", "A-contract-1", "A-counting-office"):
        scan(ui, card)
    ui.intent(it.PlayerButton("blue"))
    ui.intent(it.Ok())
    ui.render()
    # A panel's word and number are bound by a no-break space (drawn as a space).
    drawn = " | ".join(ui.canvas.texts).replace("\u00a0", " ")
    assert "1 card " in drawn and "1 cards" not in drawn


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_market_hall_sale_button_is_read_whole(game, language):
    from companion.engine.values import replace
    from companion.ui.scenes.loading import LoadingScene

    ui = game
    state = ui.game.state
    ps = replace(state.player("red"), dock=("tea", "saffron"))
    ui.game.session.state = replace_state(state, "red", ps, phase="loading")
    ui.pop_to(ui.game.depth)
    ui.push(LoadingScene(ui))
    set_language(language)
    try:
        ui.intent(it.PlayerButton("red"))
        ui.press("cube:0")
        ui.press("cube:1")
        assert "market_sell" in ui.keys()
        ui.render()
        drawn = [t for t, _r in ui.canvas.text_rects]  # as drawn, after any shortening
        assert not any(t.endswith("\u2026") for t in drawn), drawn
    finally:
        set_language("en")


def test_one_undo_takes_back_a_whole_loading_shortcut_and_one_redo_restores_it(game):
    from companion.engine.values import replace
    from companion.ui.scenes.loading import LoadingScene

    ui = game
    for card in ("A-warehouse", "A-tea-taster", "A-contract-1", "A-counting-office"):
        scan(ui, card)
    ui.intent(it.PlayerButton("red"))
    ui.intent(it.Ok())  # Anna buys the warehouse
    ui.intent(it.Ok())
    ui.intent(it.PlayerButton("red"))
    ui.intent(it.Ok())  # and the contract
    dismiss(ui)
    ui.intent(it.Ok())
    # Nobody had a cube to load: Loading was done by itself; Undo brings it back.
    assert ui.top.name == "supply"
    ui.intent(it.Undo())
    assert ui.top.name == "loading"
    state = ui.game.state
    goods = state.catalogue["A-contract-1"].goods
    ps = replace(state.player("red"), dock=tuple(goods))
    ui.game.session.state = replace_state(state, "red", ps)
    ui.pop_to(ui.game.depth)
    ui.push(LoadingScene(ui))
    assert ui.top.player == "red"  # her cubes shown (her button now steps her moves)
    before = ui.game.state
    while "shortcut:fill" not in ui.keys():  # after the one-tap moves, maybe a page on
        ui.press("page:next")
    ui.press("shortcut:fill")  # Fill contracts: one tap, one move per cube
    assert not ui.game.state.player("red").dock
    ui.intent(it.Undo())
    assert ui.game.state.player("red").dock == before.player("red").dock
    assert "Fill contracts" in ui.message.text
    ui.intent(it.Redo())
    assert not ui.game.state.player("red").dock
    assert "Fill contracts" in ui.message.text


def test_a_long_undo_message_in_german_is_shown_whole_above_the_bar(game):
    ui = game
    set_language("de")
    try:
        for card in ("A-warehouse", "A-tea-taster", "A-contract-1", "A-counting-office"):
            scan(ui, card)
        for _ in range(4):
            ui.intent(it.Ok())  # nobody buys
            dismiss(ui)
        ui.intent(it.Ok())  # Loading done, income
        dismiss(ui)
        ui.intent(it.Undo())  # back across the round boundary; Redo and Menu now in the bar
        assert ui.top.name == "loading"
        ui.render()
        drawn = [t for t, _r in ui.canvas.text_rects]
        assert not any(t.endswith("\u2026") for t in drawn), drawn
        assert "Einkommen" in " ".join(drawn)
        ui.press("message")  # a tap closes it
        assert ui.message is None
    finally:
        set_language("en")


def test_once_a_buyer_is_chosen_the_hint_no_longer_says_nobody_bought_it(game):
    ui = game
    for card in ("A-warehouse", "A-tea-taster", "A-contract-1", "A-counting-office"):
        scan(ui, card)
    assert "Nobody bought it" in ui.top.hint()
    ui.intent(it.PlayerButton("blue"))
    assert "Nobody bought it" not in ui.top.hint()
    assert ui.top.hint() == ui.top.hints()[1]  # what records the purchase


def test_a_ship_tapped_by_mistake_can_be_left_by_touch(game):
    ui = game
    ui.press("card:A-warehouse")
    ui.top.pick("B-ship-1")  # as if its card were tapped: the goods picker opens
    assert ui.top.ship == "B-ship-1"
    assert "ship:cancel" in ui.keys()
    ui.press("ship:cancel")
    assert ui.top.ship is None
    assert "card:A-tea-taster" in ui.keys()
    assert len(ui.game.state.slots) == 1  # the warehouse is still revealed


def test_a_double_tap_on_the_primary_action_counts_once(game):
    ui = game
    now = [100.0]
    ui.clock = lambda: now[0]
    for card in ("A-warehouse", "A-tea-taster", "A-contract-1", "A-counting-office"):
        scan(ui, card)
    ui.render()
    ok = next(h for h in ui.canvas.hits if h.key == "ok").rect.center
    ui.touch(ok)  # Nobody bought the warehouse
    now[0] += 0.2
    ui.touch(ok)  # the finger bounced: the tea taster is not settled with it
    assert [s.outcome for s in ui.game.state.slots][:2] == ["discarded", None]
    now[0] += 0.5
    ui.touch(ok)  # a new tap, a while later
    assert [s.outcome for s in ui.game.state.slots][:2] == ["discarded", "discarded"]


def test_the_quick_form_header_says_purchase_from_the_first_card(game):
    ui = game
    for card in ("A-warehouse", "A-tea-taster", "A-contract-1", "A-counting-office"):
        scan(ui, card)
    assert ui.top.name == "purchase" and ui.game.state.phase == "demand"
    ui.render()
    header = next(t for t, _r in ui.canvas.text_rects if t.startswith("Round"))
    assert "Purchase" in header and "Demand" not in header


def test_tableau_key_numbers_are_large_enough_to_read_across_the_table(game, monkeypatch):
    """docs/look-and-feel.md: key numbers (coins, points) at least 32 px on the 800x480 panel."""
    from companion.ui import canvas as canvas_module

    drawn: list[tuple[str, int]] = []
    original = canvas_module.Canvas.text

    def spy(self, text, pos, size=canvas_module.BODY, *args, **kwargs):
        drawn.append((text, self.px(size)))
        return original(self, text, pos, size, *args, **kwargs)

    monkeypatch.setattr(canvas_module.Canvas, "text", spy)
    ui = game
    ui.press("panel:blue")
    ui.render()
    ps = ui.game.state.player("blue")
    texts = [text for text, _ in drawn]
    for label, value in (("coins", ps.coins), ("track", ps.track), ("firemen", ps.firemen)):
        number = texts.index(label) + 1  # each number is drawn right under its label
        assert drawn[number] == (str(value), drawn[number][1]) and drawn[number][1] >= 32


def test_the_running_score_chart_survives_a_line_separator_in_a_reason(services):
    """A JSON string may hold U+2028 unescaped (the record writes it raw); the chart's
    replay must split lines at '\\n' only, or a line breaks and the chart vanishes."""
    from companion.engine import Adjust, to_record
    from companion.ui.scenes.final import running_scores

    catalogue = services.load_catalogue()
    actions, final = random_game(catalogue, 2, seed=8, form="quick")
    setup = actions[0]
    record = to_record([setup, Adjust(setup.players[0], "Anna\u2028Lena", coins=0),
                        Adjust(setup.players[1], "Ben\x85", coins=0), *actions[1:]])
    assert "\u2028" in record  # written raw, not escaped
    series = running_scores(record, catalogue)
    for pid in final.players:
        assert series[pid][-1] == final.final.scores[pid]["total"]
