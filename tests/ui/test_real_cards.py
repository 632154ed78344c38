"""Printed values confirmed or corrected at the table reach the owner's `cards.yaml`
through the real saver (issue 18, item 1): the app's own services (`app.make_services`)
over a real state directory, the real journal, the real YAML; the next game uses them.

The bug this guards: a good changed on the confirm screen is a `Good` StrEnum member,
which `yaml.safe_dump` cannot represent; the screen showed the raw Python error, stayed,
and a second tap wrote a second `confirm_value` line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import app
from companion.config.cards import load_catalogue, save_override
from companion.engine import Setup
from companion.errors import CompanionError, ConfigError
from companion.inputs import intents as it
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store.journal import JOURNAL_NAME
from companion.ui.core import UI
from companion.ui.i18n import set_language
from ui.driver import start_game

SETUP = Setup(players=("red", "blue"), first="red")


def real(state_dir: Path) -> tuple[UI, object]:
    """A UI on Home over the app's composition root and a real state directory."""
    settings = {"language": "en", "purchase_form": "quick",
                "display": {"size": [800, 480], "rotation": 0}}
    services = app.make_services(settings, state_dir, SHIPPED_CONFIG_DIR, app.open_store(),
                                 app.open_history(state_dir))
    ui = UI(services, (800, 480))
    ui.open("home")
    return ui, services


def journal_lines(state_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (state_dir / JOURNAL_NAME).read_text().splitlines()
            if line.strip()]


def buy_contract(ui: UI) -> None:
    """Winter: the contract and two more cards revealed; Blue buys the contract for 1."""
    for card in ("A-contract-1", "A-warehouse", "A-tea-taster"):
        ui.intent(it.CardScanned(f"TAG-{card}", card))
    ui.intent(it.PlayerButton("blue"))
    ui.intent(it.Ok())
    assert ui.top.name == "confirm"


def owner_file(state_dir: Path) -> dict:
    import yaml

    return yaml.safe_load((state_dir / "cards.yaml").read_text())


@pytest.fixture(autouse=True)
def _english():
    yield
    set_language("en")


def test_a_corrected_contract_is_saved_and_the_next_game_uses_it(tmp_path):
    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    buy_contract(ui)
    ui.render()  # the catalogue's placeholder, said as a guess, never as the card's goods
    assert "Contract Co\u00b7Te?" in ui.canvas.texts, ui.canvas.texts
    assert ui.top.primary() is None  # one tap on what the card shows; no guess to accept
    # Goods that repeat one are on no button of sets: entered one by one.
    ui.press("secondary")  # Other goods
    for good in ("tea", "tea", "coffee"):  # game words from the screen's list of goods
        ui.press(f"good:{good}")
    ui.press("ok")
    assert ui.message is None or not ui.message.error, ui.message
    assert ui.top.name != "confirm"
    assert "A-contract-1" in ui.game.state.player("blue").cards
    assert ui.game.state.catalogue["A-contract-1"].goods == ("tea", "tea", "coffee")
    # The owner's file, as plain YAML, and one line in the game's record.
    assert owner_file(state_dir) == {"A-contract-1": {"goods": ["tea", "tea", "coffee"]}}
    assert "!!" not in (state_dir / "cards.yaml").read_text()
    confirms = [line for line in journal_lines(state_dir) if line["type"] == "confirm_value"]
    assert [(c["card"], c["value"]) for c in confirms] == [
        ("A-contract-1", ["tea", "tea", "coffee"])]
    # The next game (a new start of the app) has it as confirmed, pinned in its setup.
    ui.game.close()
    ui.top.close_session()
    ui, services = real(state_dir)
    ui.press("new")
    ui.press("new:confirm")
    ui.press("count:2")
    ui.press("first:red")
    ui.press("ok")
    ui.press("ok")
    pinned = journal_lines(state_dir)[0]["cards"]["A-contract-1"]
    assert pinned == {"goods": ["tea", "tea", "coffee"]}  # verified: no "verified": false
    for card in ("A-contract-1", "A-warehouse", "A-tea-taster"):
        ui.intent(it.CardScanned(f"TAG-{card}", card))
    first = ui.game.state.slots[0]
    assert first.card == "A-contract-1"
    who = ui.game.state.players[1]
    ui.intent(it.PlayerButton(who))
    ui.intent(it.Ok())
    assert ui.top.name != "confirm"  # nothing left to ask about this card
    assert "A-contract-1" in ui.game.state.player(who).cards
    assert ui.game.state.catalogue["A-contract-1"].goods == ("tea", "tea", "coffee")


def test_the_owner_file_failing_keeps_the_value_in_the_game_and_says_so(tmp_path):
    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    buy_contract(ui)

    def refuse(card_id, field, value):
        raise ConfigError(f"{state_dir / 'cards.yaml'}: cannot save the card value (disk full)")

    services.save_override = refuse
    ui.press("goods:coffee+saffron")  # one tap: the goods the card shows
    assert ui.top.name != "confirm"  # the game goes on with the value the table read
    assert ui.message.error and "disk full" in ui.message.text
    assert "(" not in ui.message.text.split(":")[0]  # words first, no Python tuple
    assert "not saved for later games" in ui.message.text
    assert "A-contract-1" in ui.game.state.player("blue").cards
    confirms = [line for line in journal_lines(state_dir) if line["type"] == "confirm_value"]
    assert len(confirms) == 1


def test_a_record_that_cannot_be_written_keeps_the_question_and_a_retry_writes_once(
        tmp_path, monkeypatch):
    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    buy_contract(ui)
    session = ui.game.session
    original = session.submit
    calls = {"n": 0}

    def failing_once(action):
        calls["n"] += 1
        if calls["n"] == 1:
            raise CompanionError("the journal cannot be written (disk full)")
        return original(action)

    monkeypatch.setattr(session, "submit", failing_once)
    ui.press("goods:tea+saffron")
    assert ui.top.name == "confirm" and ui.message.error
    assert ui.message.text == "Not saved: the journal cannot be written (disk full)"
    ui.press("goods:tea+saffron")  # the second tap, once the disk has room
    assert ui.top.name != "confirm"
    confirms = [line for line in journal_lines(state_dir) if line["type"] == "confirm_value"]
    assert len(confirms) == 1
    assert owner_file(state_dir)["A-contract-1"] == {"goods": ["tea", "saffron"]}


def test_a_second_confirmation_of_the_same_value_adds_no_line(tmp_path):
    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    buy_contract(ui)
    ui.press("goods:tea+saffron")
    before = len(journal_lines(state_dir))
    assert ui.game.confirm_value("A-contract-1", "goods", ("tea", "saffron")) is None
    assert len(journal_lines(state_dir)) == before


def test_enroll_saves_a_corrected_value_through_the_real_saver(tmp_path):
    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    ui.press("enroll")
    ui.press("season:B")
    ui.press("enroll:B-fire")
    assert ui.top.name == "confirm"
    assert ui.top.value is None  # a guess is never the answer already chosen
    ui.press("value:+")  # the first number beyond the one-tap buttons
    ui.press("ok")
    assert ui.top.name == "enroll" and not (ui.message and ui.message.error), ui.message
    assert owner_file(state_dir) == {"B-fire": {"points": 11}}
    ui.press("season:C")
    ui.press("enroll:C-contract-2")
    ui.press("goods:coffee+tea")  # one tap: what the card shows
    assert ui.top.name == "enroll" and not (ui.message and ui.message.error), ui.message
    assert load_catalogue(SHIPPED_CONFIG_DIR, state_dir)["C-contract-2"].unverified == set()
    assert services.load_catalogue()["B-fire"].points == 11  # the cache was cleared


@pytest.mark.parametrize("given", [
    ("goods", ("coffee",)),  # too few goods
    ("goods", ("coffee", "gold")),  # no such good
    ("points", True),  # not a number
    ("size", 3),  # no such printed field
])
def test_the_saver_refuses_a_bad_value_and_keeps_the_file(tmp_path, given):
    state_dir = tmp_path / "state"
    save_override(state_dir, "B-fire", "points", 4)
    before = (state_dir / "cards.yaml").read_text()
    field, value = given
    card = "A-contract-1" if field == "goods" else "B-fire"
    with pytest.raises(ConfigError) as caught:
        save_override(state_dir, card, field, value)
    assert card in caught.value.message and "cards.yaml" in caught.value.message
    assert (state_dir / "cards.yaml").read_text() == before


def test_the_saver_writes_game_words_as_plain_text(tmp_path):
    from companion.engine.words import Good

    state_dir = tmp_path / "state"
    save_override(state_dir, "A-contract-2", "goods", (Good.TEA, Good.CARPET, Good.RUBBER))
    text = (state_dir / "cards.yaml").read_text()
    assert "A-contract-2:\n  goods: [tea, carpet, rubber]\n" in text
    assert load_catalogue(SHIPPED_CONFIG_DIR, state_dir)["A-contract-2"].goods == (
        "tea", "carpet", "rubber")


# --- Supply asks what a card of unconfirmed value shows (issue 18, item 3) ---------------


def test_supply_asks_a_contract_s_goods_and_the_answer_picks_and_confirms_the_card(tmp_path):
    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    keys = ui.keys()
    # Winter's three contracts are guesses: one button asks, none names a guess as fact.
    assert "ask:contract" in keys and not any(k.startswith("card:A-contract") for k in keys)
    ui.press("ask:contract")
    assert ui.top.name == "confirm" and ui.top.primary() is None  # no guess to accept
    before = ui.game.state.actions
    # One tap: the set of goods the card shows (on no card of the catalogue's guesses),
    # which tells the card, and its printed goods.
    ui.press("goods:tea+rubber+carpet")
    state = ui.game.state
    assert ui.top.name == "supply" and not (ui.message and ui.message.error), ui.message
    assert state.actions == before + 2  # confirm_value, then the reveal
    card = state.slots[0].card
    assert card.startswith("A-contract-") and len(state.catalogue[card].goods) == 3
    assert sorted(state.catalogue[card].goods) == ["carpet", "rubber", "tea"]
    assert "goods" not in state.catalogue[card].unverified
    lines = journal_lines(state_dir)
    assert [line["type"] for line in lines[-2:]] == ["confirm_value", "reveal"]
    assert lines[-2]["card"] == lines[-1]["card"] == card
    assert sorted(owner_file(state_dir)[card]["goods"]) == ["carpet", "rubber", "tea"]
    # The card is now named by what it shows, on the round screen too.
    ui.render()
    assert any("Te·Ru·Ca" in t.replace("\u00a0", " ") for t in ui.canvas.texts), ui.canvas.texts


def test_a_second_contract_of_a_supply_is_asked_when_bought_and_saved(tmp_path):
    """One contract question a Supply: the round's second contract is revealed as it is
    ("Contract ?", one tap), and its goods are asked when it is bought; the answer is the
    game's and the copy's (the real saver), and nothing named its guess as fact."""
    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    ui.press("ask:contract")  # the round's first contract: asked as it comes
    ui.press("goods:coffee+tea")
    first = ui.game.state.slots[0].card
    before = ui.game.state.actions
    ui.press("ask:contract")  # the second: revealed as it is, no question
    state = ui.game.state
    assert ui.top.name == "supply" and state.actions == before + 1
    second = state.slots[1].card
    assert second != first and state.catalogue[second].kind == "contract"
    assert "goods" in state.catalogue[second].unverified
    last = journal_lines(state_dir)[-1]
    assert (last["type"], last["card"]) == ("reveal", second)
    ui.press("card:A-warehouse")
    assert ui.top.name == "purchase"
    # Purchase: red buys the first contract (confirmed: no question), blue the second.
    ui.press("price:red:1")
    assert ui.top.name == "purchase"
    ui.press("price:blue:1")
    assert ui.top.name == "confirm" and ui.top.card_id == second  # type: ignore[attr-defined]
    before = ui.game.state.actions
    ui.press("goods:saffron+rubber+carpet")
    state = ui.game.state
    assert state.actions == before + 2  # confirm_value, then the purchase
    assert second in state.player("blue").cards
    assert sorted(state.catalogue[second].goods) == ["carpet", "rubber", "saffron"]
    lines = journal_lines(state_dir)
    assert [line["type"] for line in lines[-2:]] == ["confirm_value", "buy"]
    assert sorted(owner_file(state_dir)[second]["goods"]) == ["carpet", "rubber", "saffron"]
    assert sorted(owner_file(state_dir)[first]["goods"]) == ["coffee", "tea"]


def test_a_ship_is_told_by_its_first_cube_in_one_tap(tmp_path):
    """Supply's ship row ("Ship" and the five goods): the tap on a good says a ship came
    up with that cube first; the goods row asks for the other two, and the ship is
    recorded with its three (one reveal line)."""
    from companion.engine import Reveal
    from companion.engine.simulate import random_game

    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    catalogue = services.load_catalogue()
    actions, _final = random_game(catalogue, 2, seed=5, form="quick")
    from ui.driver import play

    start_game(ui, actions[0])  # type: ignore[arg-type]
    for action in actions[1:]:
        if ui.top.name == "supply" and any(k.startswith("ship:") for k in ui.keys()):
            break
        play(ui, action)
    else:
        raise AssertionError("no ship row in this game")
    ui.render()
    row = [t for t in ui.canvas.targets if t.label.startswith("Ship ")]
    assert [t.label for t in row] == ["Ship Co", "Ship Te", "Ship Sa", "Ship Ru", "Ship Ca"]
    assert len({t.rect.y for t in row}) == 1 and len({t.rect.w for t in row}) == 1
    assert not any(t.label == "Ship" for t in ui.canvas.targets)  # no place of its own
    state = ui.game.state
    good = next(g for g in ("rubber", "carpet", "tea", "coffee", "saffron") if state.bag[g])
    before = state.actions
    ui.press(f"ship:{good}")
    assert ui.top.name == "supply" and ui.top.ship is not None  # type: ignore[attr-defined]
    assert ui.top.goods == [good]  # type: ignore[attr-defined]
    bag = dict(ui.game.state.bag)
    bag[good] -= 1
    rest = [g for g in ("coffee", "tea", "saffron", "rubber", "carpet") if bag[g]][:1] * 2
    for g in rest:
        if ui.game.state.actions > before:
            break  # the bag left no choice
        ui.press(f"good:{g}")
    state = ui.game.state
    assert state.actions == before + 1
    last = journal_lines(state_dir)[-1]
    assert last["type"] == "reveal" and last["goods"][0] == good and len(last["goods"]) == 3
    assert isinstance(state.last_action, Reveal) and state.slots[-1].goods[0] == good


def test_a_fireman_is_told_by_its_value_in_one_tap(tmp_path):
    """Supply offers a fireman whose value is a guess as its five values ("Fireman 3"):
    the tap that says which card came up says what it shows, saved for later games."""
    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    ui.render()
    targets = {t.label: t for t in ui.canvas.targets}
    values = [targets.get(f"Fireman {v}") for v in range(1, 6)]
    # Every value alike and tappable, none preset; no guess named as a card.
    assert all(t is not None and t.enabled for t in values), sorted(targets)
    assert len({(t.rect.w, t.rect.h) for t in values if t is not None}) == 1
    assert not any(label.startswith("Fireman") and "?" in label for label in targets)
    assert "ask:fireman" not in ui.keys()
    others = {label: tuple(t.rect) for label, t in targets.items()
              if not label.startswith("Fireman") and not t.bar}
    before = ui.game.state.actions
    ui.press("fireman:5")  # one tap: a fireman came up, and it shows 5
    state = ui.game.state
    assert ui.top.name == "supply" and state.actions == before + 2
    card = state.catalogue[state.slots[0].card]
    assert card.kind == "fireman" and card.value == 5 and not card.unverified
    lines = journal_lines(state_dir)
    assert [line["type"] for line in lines[-2:]] == ["confirm_value", "reveal"]
    assert owner_file(state_dir)[card.id] == {"value": 5}
    # Nothing else of the offer moved.
    ui.render()
    after = {t.label: tuple(t.rect) for t in ui.canvas.targets}
    assert {label: after.get(label) for label in others} == others
    # The next game on the copy knows it.
    ui.game.close()
    again, _services = real(state_dir)
    assert again.services.load_catalogue()[card.id].value == 5
    assert "value" not in again.services.load_catalogue()[card.id].unverified


def test_a_value_no_unseen_fireman_can_show_is_greyed_in_its_place(tmp_path):
    """One Winter fireman confirmed (2), the other a guess: all five values can come. Once
    the guess is revealed (it shows 5), only the confirmed one's value is left to tap; the
    other values stay in their places, greyed."""
    state_dir = tmp_path / "state"
    save_override(state_dir, "A-fireman-1", "value", 2)
    ui, services = real(state_dir)
    start_game(ui, SETUP)

    def values() -> dict[int, tuple[bool, tuple[int, ...]]]:
        ui.render()
        return {v: (t.enabled, tuple(t.rect)) for t in ui.canvas.targets
                for v in range(1, 6) if t.label == f"Fireman {v}"}

    before = values()
    assert len(before) == 5 and all(enabled for enabled, _rect in before.values())
    ui.press("fireman:5")
    state = ui.game.state
    assert state.slots[0].card == "A-fireman-2" and state.catalogue["A-fireman-2"].value == 5
    after = values()
    assert {v: rect for v, (_e, rect) in after.items()} == \
        {v: rect for v, (_e, rect) in before.items()}
    assert [v for v, (enabled, _rect) in after.items() if enabled] == [2]
    ui.press("fireman:2")  # the confirmed one: no confirm_value line, only its reveal
    assert ui.game.state.slots[1].card == "A-fireman-1"
    assert [line["type"] for line in journal_lines(state_dir)[-1:]] == ["reveal"]


def test_a_confirmed_value_is_its_own_button_and_a_guess_matching_it_is_kept(tmp_path):
    state_dir = tmp_path / "state"
    save_override(state_dir, "A-contract-2", "goods", ["saffron", "carpet"])
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    ui.render()
    labels = [h.label for h in ui.canvas.targets] if hasattr(ui.canvas, "targets") else []
    assert "card:A-contract-2" in ui.keys() and "ask:contract" in ui.keys()
    assert any("Sa·Ca" in str(label) and "?" not in str(label) for label in labels), labels
    # The other two are asked; answering a guess as printed confirms that very card.
    ui.press("ask:contract")
    ui.press("goods:coffee+tea")
    assert ui.game.state.slots[0].card == "A-contract-1"
    assert owner_file(state_dir)["A-contract-1"] == {"goods": ["coffee", "tea"]}


def test_enroll_corrects_a_confirmed_value_for_later_games_only(tmp_path):
    """The cards of this copy (Enroll): a confirmed value is corrected by touch; the next
    game uses it, the game already started keeps what it was played with."""
    state_dir = tmp_path / "state"
    save_override(state_dir, "B-fire", "points", 4)
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    assert ui.game.state.catalogue["B-fire"].points == 4
    ui.game.close()
    ui.top.close_session()
    ui.press("enroll")
    ui.press("season:B")
    ui.render()
    assert any("Fire 4" in t and "?" not in t for t in ui.canvas.texts)  # confirmed: no "?"
    ui.press("enroll:B-fire")  # confirmed, and still correctable
    assert ui.top.name == "confirm" and ui.top.value == 4
    ui.press("value:+")
    ui.press("value:+")
    ui.press("ok")
    assert ui.top.name == "enroll"
    assert owner_file(state_dir)["B-fire"] == {"points": 6}
    ui.render()
    assert any("Fire 6" in t for t in ui.canvas.texts)
    # The saved game keeps 4 (its setup line pinned it); a new game has 6.
    again, _services = real(state_dir)
    assert again.top.session.state.catalogue["B-fire"].points == 4
    again.top.close_session()
    assert load_catalogue(SHIPPED_CONFIG_DIR, state_dir)["B-fire"].points == 6


def test_one_tap_answers_are_saved_and_the_next_game_on_the_copy_uses_them(tmp_path):
    """Supply's "Contract ?" answered by one tap on a set of goods, a bought fireman's value
    by one tap on its number: each a confirm_value line, then the action; both reach the
    owner's cards.yaml, and the next game (a new start of the app) has them as facts."""
    state_dir = tmp_path / "state"
    ui, services = real(state_dir)
    start_game(ui, SETUP)
    ui.press("ask:contract")
    ui.press("goods:tea+rubber+carpet")  # one tap: which card, and what it shows
    contract = ui.game.state.slots[0].card
    for card in ("A-fireman-1", "A-warehouse"):
        ui.intent(it.CardScanned(f"TAG-{card}", card))
    assert ui.top.name == "purchase"
    ui.intent(it.PlayerButton("blue"))
    ui.intent(it.Ok())  # Blue buys the contract: its goods are confirmed, nothing asked
    assert ui.top.name != "confirm"
    ui.intent(it.Ok())  # nobody buys the fireman
    ui.intent(it.PlayerButton("red"))
    ui.intent(it.Ok())  # Red buys the warehouse
    assert ui.top.name != "confirm"
    lines = journal_lines(state_dir)
    assert [line["type"] for line in lines[1:3]] == ["confirm_value", "reveal"]
    assert owner_file(state_dir) == {contract: {"goods": ["tea", "rubber", "carpet"]}}
    # The next game on this copy: the contract is a fact, its own button without "?".
    ui.game.close()
    ui.top.close_session()
    ui, services = real(state_dir)
    for key in ("new", "new:confirm", "count:2", "first:red", "ok", "ok"):
        ui.press(key)  # a new game (the first one is set aside)
    pinned = journal_lines(state_dir)[0]["cards"][contract]
    assert pinned == {"goods": ["tea", "rubber", "carpet"]}
    ui.render()
    assert f"card:{contract}" in ui.keys()
    label = next(t.label for t in ui.canvas.targets if t.label.startswith("Contract Te"))
    assert label.replace("\u00ad", "") == "Contract Te\u00b7Ru\u00b7Ca", label  # no "?"
    # A fireman bought when it was the only one left unseen: asked in Purchase, one tap.
    for card in ("A-fireman-2", "A-fireman-1", "A-warehouse"):
        ui.intent(it.CardScanned(f"TAG-{card}", card))
    ui.intent(it.PlayerButton("red"))
    ui.intent(it.Ok())
    assert ui.top.name == "confirm" and ui.top.primary() is None  # no guess to accept
    ui.press("value:4")
    assert ui.top.name != "confirm"
    assert ui.game.state.player("red").firemen == 4
    assert owner_file(state_dir)["A-fireman-2"] == {"value": 4}
