"""The table's buttons on each screen (issue 31, companion/ui/buttons.py): what each
button does is in the legend before the first press, a ship's goods, a printed value and
Loading's moves by buttons, the refusals at the press or the scan, hurried presses."""

from __future__ import annotations

import pytest

from companion.engine import Done, Setup
from companion.engine.words import Kind
from companion.inputs import intents as it
from companion.ui import buttons, names
from companion.ui.core import UI

from .driver import dismiss, start_game

THREE = Setup(players=("red", "blue", "green"), first="red")


def scan(ui, card_id):
    ui.intent(it.CardScanned(f"TAG-{card_id}", card_id))


def unseen_of(ui, kind):
    state = ui.game.state
    season = state.top_season()
    return sorted(cid for cid in state.unseen[season] if state.catalogue[cid].kind == kind)


def to_spring(ui):
    """Winter played through by scans and OK (nobody buys): Spring's Supply, with ships."""
    while ui.game.state.top_season() == "A" or ui.top.name != "supply":
        dismiss(ui)
        if ui.top.name == "supply":
            scan(ui, sorted(ui.game.state.unseen[ui.game.state.top_season()])[0])
        else:
            ui.intent(it.Ok())


def legend(ui):
    ui.render()
    return {b["button"]: b["means"] for b in ui.canvas.describe("x", "en")["buttons"]}


def test_the_buttons_order_is_the_seats_then_the_colours_nobody_plays(ui):
    start_game(ui, Setup(players=("green", "red"), first="red"))
    state = ui.game.state
    assert buttons.order(state) == ["green", "red", "blue", "yellow", "purple"]
    assert [buttons.good_of(state, c) for c in buttons.order(state)] == \
        ["coffee", "tea", "saffron", "rubber", "carpet"]


def test_a_ships_goods_by_the_five_buttons_then_ok_and_undo_takes_one_back(ui):
    start_game(ui, THREE)
    to_spring(ui)
    ship = unseen_of(ui, Kind.SHIP)[0]
    assert legend(ui).get("red") is None  # no ship asked: the player buttons do nothing
    scan(ui, ship)
    said = legend(ui)
    assert [said[c] for c in buttons.order(ui.game.state)] == \
        [names.good_initial(g) for g in ("coffee", "tea", "saffron", "rubber", "carpet")]
    assert "ok" not in said  # nothing to record before three goods
    before = ui.game.state.actions
    for colour in ("red", "purple", "purple"):  # coffee, carpet, carpet
        ui.intent(it.PlayerButton(colour))
    assert ui.game.state.actions == before  # three goods wait for OK
    assert ui.top.goods == ["coffee", "carpet", "carpet"]
    ui.intent(it.PlayerButton("blue"))  # a fourth: said, not taken
    assert ui.top.goods == ["coffee", "carpet", "carpet"]
    ui.intent(it.Undo())  # takes the last good back
    assert ui.top.goods == ["coffee", "carpet"]
    ui.intent(it.PlayerButton("green"))
    assert legend(ui)["ok"].startswith("3 of 3")
    ui.intent(it.Ok())
    slot = ui.game.state.slots[-1]
    assert slot.card == ship and sorted(slot.goods) == ["carpet", "coffee", "saffron"]


def test_a_card_of_another_season_is_refused_at_the_scan(ui):
    start_game(ui, THREE)
    state = ui.game.state
    later = sorted(cid for cid in state.unseen["C"] if state.catalogue[cid].kind == Kind.SHIP)
    scan(ui, later[0])
    assert ui.message is not None and ui.message.error
    assert ui.top.ship is None and not ui.game.state.slots  # no goods asked for it


def quick_purchase(ui):
    start_game(ui, THREE)
    cards = [cid for cid in sorted(ui.game.state.unseen["A"])
             if ui.game.state.catalogue[cid].kind not in (Kind.SHIP, Kind.FIRE, Kind.CONTRACT,
                                                          Kind.FIREMAN)]
    for card in cards[:4]:
        scan(ui, card)
        dismiss(ui)
    assert ui.top.name == "purchase"


def test_a_price_above_the_players_coins_is_refused_at_the_press(ui):
    quick_purchase(ui)
    coins = ui.game.state.player("blue").coins
    assert legend(ui)["blue"] == "buys"
    for _press in range(coins + 1):
        ui.intent(it.PlayerButton("blue"))
    assert ui.top.price == coins
    assert ui.message.error and str(coins + 1) in ui.message.text
    assert legend(ui)["blue"] == "price +1"


def test_the_same_button_pressed_again_right_after_its_change_is_refused(services):
    ui = UI(services, (800, 480))
    now = [100.0]
    ui.clock = lambda: now[0]
    ui.open("home")
    start_game(ui, THREE)
    cards = [cid for cid in sorted(ui.game.state.unseen["A"])
             if ui.game.state.catalogue[cid].kind not in (Kind.SHIP, Kind.FIRE, Kind.CONTRACT,
                                                          Kind.FIREMAN)]
    for card in cards[:4]:
        now[0] += 1
        scan(ui, card)
    assert ui.top.name == "purchase"
    now[0] += 1
    ui.intent(it.Ok())  # nobody bought card 1: the next card is settled now
    settled = ui.game.state.settling
    now[0] += 0.15  # a hurried second press: it would settle card 2 unseen
    ui.intent(it.Ok())
    assert ui.game.state.settling == settled
    assert "too soon" in ui.message.text
    now[0] += 0.1  # a price counted up right away is no change: never refused
    ui.intent(it.PlayerButton("red"))
    now[0] += 0.05
    ui.intent(it.PlayerButton("red"))
    assert ui.top.buyer == "red" and ui.top.price == 2
    now[0] += 1  # after the interval OK is OK again
    ui.intent(it.Ok())
    assert ui.game.state.settling == settled + 1


def test_a_printed_value_by_buttons_has_no_answer_preselected(ui):
    start_game(ui, THREE)
    to_spring(ui)
    fire = unseen_of(ui, Kind.FIRE)
    assert "points" in ui.game.state.catalogue[fire[0]].unverified
    scan(ui, fire[0])
    assert ui.top.name == "confirm"  # a new copy: the fire's points are a guess
    said = legend(ui)
    assert said["red"] == "1/6" and said["purple"] == "5/10" and "ok" not in said
    ui.intent(it.Ok())  # nothing chosen: nothing confirmed
    assert ui.top.name == "confirm" and not ui.game.state.fires
    ui.intent(it.PlayerButton("blue"))
    ui.intent(it.PlayerButton("blue"))  # again: 2 + 5
    assert ui.top.pressed == 7
    ui.intent(it.Undo())
    assert ui.top.pressed == 2
    ui.intent(it.PlayerButton("blue"))
    ui.intent(it.Ok())
    assert ui.game.state.fires[-1].card == fire[0]
    assert ui.game.state.catalogue[fire[0]].points == 7


def test_loading_by_buttons_steps_through_the_players_moves(ui):
    start_game(ui, THREE)
    to_spring(ui)
    # A round to Loading: a ship revealed, the rest by scans, nobody buys.
    ship = unseen_of(ui, Kind.SHIP)[0]
    scan(ui, ship)
    for colour in ("red", "blue", "green"):
        ui.intent(it.PlayerButton(colour))
    ui.intent(it.Ok())
    others = [cid for cid in sorted(ui.game.state.unseen["B"])
              if ui.game.state.catalogue[cid].kind not in (Kind.SHIP, Kind.FIRE,
                                                           Kind.FIREMAN)]
    for card in others[:3]:
        scan(ui, card)
        dismiss(ui)
    ui.intent(it.PlayerButton("red"))  # red buys the ship
    ui.intent(it.Ok())
    dismiss(ui)
    while ui.top.name == "purchase":
        ui.intent(it.Ok())
        dismiss(ui)
    assert ui.top.name == "loading"
    scene = ui.top
    assert scene.player == "red"
    assert legend(ui)["red"] == "a move"
    moves = scene.button_moves(ui.game.state, "red")
    assert moves[-1] is None and len(moves) > 1
    ui.intent(it.PlayerButton("red"))
    assert scene.chosen() == ("red", moves[0])
    assert legend(ui)["red"] == "next move" and legend(ui)["ok"] == "Record the move"
    ui.intent(it.PlayerButton("red"))
    assert scene.chosen() == ("red", moves[1])
    ui.intent(it.Undo())  # the choice goes, nothing recorded
    assert scene.chosen() is None
    before = ui.game.state
    ui.intent(it.PlayerButton("red"))
    ui.intent(it.Ok())
    assert ui.game.state.previous is before and ui.game.state.last_action == moves[0]


def test_a_players_done_by_button_goes_through_player_done(ui, monkeypatch):
    """The one place the buttons end a player's Loading (the lead swaps it for the
    per-player done of issue 30)."""
    from companion.ui.scenes.loading import LoadingScene

    done: list[str] = []
    monkeypatch.setattr(LoadingScene, "player_done",
                        lambda self, pid: done.append(pid) or self.game.act(Done()))
    test_loading_by_buttons_steps_through_the_players_moves(ui)
    assert ui.top.name == "loading"  # two of the ship's cubes are still to load
    scene = ui.top
    pid = scene.player
    moves = scene.button_moves(ui.game.state, pid)
    for _press in range(len(moves)):
        ui.intent(it.PlayerButton(pid))
    assert scene.chosen() == (pid, None)
    ui.intent(it.Ok())
    assert done == [pid]


def test_new_game_seats_and_starter_by_buttons(ui):
    ui.intent(it.Ok())  # Home: New game
    assert ui.top.name == "newgame"
    said = legend(ui)
    assert said["red"] == "starts" and said["purple"] == "+ seat" and said["undo"]
    ui.intent(it.PlayerButton("purple"))
    assert ui.top.colours == ["red", "blue", "green", "yellow", "purple"]
    for _press in range(3):
        ui.intent(it.Undo())
    assert ui.top.colours == ["red", "blue"]
    ui.intent(it.Undo())  # two is the least
    assert ui.top.colours == ["red", "blue"]
    ui.intent(it.PlayerButton("blue"))
    ui.intent(it.Ok())
    ui.intent(it.Ok())
    assert ui.game is not None and ui.game.state.players == ("red", "blue")
    assert ui.game.state.first_player == "blue"


def test_no_two_buttons_share_a_letter_in_any_language(ui):
    """Found playing (QA, German): New game's legend showed "G" for Grün and for Gelb (and
    a 2-player game's unused buttons the same), where the panels tell them apart (Gelb
    "Ge", issue 30). Every button has its own letter, the seated players' the panels'."""
    from companion.ui import words

    def letters():
        ui.render()
        return {b["button"]: b.get("letter")
                for b in ui.canvas.describe("x", "en")["buttons"]
                if b["button"] not in ("ok", "undo")}

    ui.intent(it.Ok())  # Home: New game
    for language in ("de", "fr", "en"):
        ui.set_language(language)
        said = letters()
        assert len(said) == 5 and len(set(said.values())) == 5, (language, said)
    ui.set_language("de")
    ui.press("back")
    start_game(ui, Setup(players=("red", "blue"), first="red"))
    said = ui.button_letters()  # what the legend draws where the table has buttons
    assert len(set(said.values())) == 5, said
    for pid in ("red", "blue"):
        assert said[pid] == words.letter(ui.game.state, pid)


def test_a_two_letter_badge_in_the_legend_leaves_its_words_room(ui):
    """Found playing (QA, German): Gelb's "Ge" badge grows wider than a one-letter badge,
    and the legend's words began where a one-letter badge ends: the dash or "beginnt" ran
    into the badge."""
    import pygame

    ui.services.buttons = True  # the table has buttons: the legend is drawn
    ui.intent(it.Ok())  # Home: New game, 4 seats: Gelb beside Grün
    ui.set_language("de")
    ui.render()
    frame = ui.canvas.describe("newgame", "de")
    letters = {b["button"]: b["letter"] for b in frame["buttons"] if "letter" in b}
    assert letters["yellow"] == "Ge"
    # The legend's row is the lowest of the players' marks.
    row = max(m["rect"][1] + m["rect"][3] // 2 for m in frame["marks"] if m["kind"] == "player")
    badges = [m for m in frame["marks"] if m["kind"] == "player"
              and abs(m["rect"][1] + m["rect"][3] // 2 - row) <= 2]
    assert len(badges) == 5
    gaps = {}
    for badge in badges:
        box = pygame.Rect(badge["rect"])
        words = [t for t in frame["texts"] if t["text"] != letters[badge["of"]]
                 and abs(t["rect"][1] + t["rect"][3] // 2 - box.centery) <= box.h // 2
                 and t["rect"][0] + t["rect"][2] > box.x]
        gaps[badge["of"]] = min(t["rect"][0] for t in words) - box.right
    # Each badge's words start as far from it as a one-letter badge's do.
    assert gaps["yellow"] >= gaps["red"] > 0, gaps


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_hurried_press_message_moves_no_loading_choice_in_portrait(services, language):
    """Found playing (QA, French 5 players at 480x800): OK pressed twice after a Loading
    move said "Appui trop rapide…" in four lines, which pushed the cubes and the moves
    down under the finger. Its short form keeps them where they were."""
    from companion.engine import Phase
    from companion.engine.legal import cube_holders
    from companion.ui.samples import Demo

    ui = UI(services, (480, 800))
    ui.open("home")
    ui.set_language(language)
    Demo(ui, 5).at(lambda b, a: a.phase == Phase.LOADING and b.phase != Phase.LOADING
                   and len(cube_holders(a)) >= 2, last_live=True)
    ui.dismiss_message()
    assert ui.top.name == "loading"

    def places():
        ui.render()
        said = (ui.message.text, ui.message.short) if ui.message is not None else ()
        return [(t["label"], t["rect"]) for t in ui.canvas.describe("x", language)["targets"]
                if not t["bar"] and t["label"] not in said]  # the message closes by a tap

    before = places()
    ui.last_changer, ui.last_press = it.Ok(), ui.clock()  # OK just changed the screen
    state = ui.game.state
    ui.intent(it.Ok())
    assert ui.game.state is state and ui.message is not None  # refused, and said
    assert places() == before
