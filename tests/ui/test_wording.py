"""Words right for every card and number, and the name keyboard of the table's language
(QA finding 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.languages import LANGUAGES
from companion.ui.i18n import _, ngettext, set_language
from companion.ui.shots import build

UNSEEN = ("{season}: {n} card unseen", "{season}: {n} cards unseen")


@pytest.mark.parametrize("language", LANGUAGES)
def test_unseen_cards_read_right_for_one_and_for_more(language: str) -> None:
    """'1 Karten verdeckt', '1 cartes cachées', '1 cards unseen': a plural noun after 1.
    The line goes through ngettext, so it is right for every number."""
    set_language(language)
    try:
        one = ngettext(*UNSEEN, 1).format(season="X", n=1)
        many = ngettext(*UNSEEN, 3).format(season="X", n=3)
    finally:
        set_language("en")
    for plural in ("cards", "Karten", "cartes", "cachées"):
        assert plural not in one, one
    assert "3" in many and "1" in one


def test_french_sentences_about_a_card_agree_with_every_card() -> None:
    """'Navire D5 … révélée' would be feminine for a masculine card: the sentences
    speak of 'la carte', which is feminine whatever the card."""
    set_language("fr")
    try:
        revealed = _("revealed {card}").format(card="Navire D5")
        again = _("{card} has already been revealed").format(card="Navire D5")
    finally:
        set_language("en")
    assert "carte Navire D5 révélée" in revealed
    assert again.startswith("la carte Navire D5 ")


@pytest.mark.parametrize(("language", "first_row", "whose"), [
    ("fr", "AZERTYUIOP", "Nom de Rouge\u202f:"),
    ("de", "QWERTZUIOP", "Name von Rot:"),
    ("en", "QWERTYUIOP", "Name of Red:"),
])
def test_the_name_keyboard_says_whose_name_in_the_languages_layout(
        tmp_path: Path, language: str, first_row: str, whose: str) -> None:
    """From New game, as a table does it: ✎ on the first seat opens the keyboard."""
    try:
        ui = build("newgame", (800, 480), language, tmp_path)
        ui.press("edit:0")
        assert ui.top.name == "keyboard"
        ui.render()
        assert whose in ui.canvas.texts
        keys = [t.label for t in ui.canvas.targets if not t.bar and len(t.label) == 1]
        assert "".join(keys[:10]) == first_row
        for _anna in "Anna":  # the sample's name: erased first
            ui.press("key:erase")
        for char in first_row[:3]:
            ui.press(f"key:{char}")
        ui.press("ok")
        assert ui.top.name == "newgame"
        assert ui.top.names[ui.top.colours[0]] == first_row[0] + first_row[1:3].lower()
    finally:
        set_language("en")


#: Names a table types, every letter of the three languages' names among them (issue 30).
TYPED_NAMES = ("Zoë", "Maël", "Jörg Weiß", "Benoît", "Ève", "Aÿmeric", "Œdith Cœur",
               "Ægir Læti", "Gaëlle", "Françoise", "Anaïs", "Grâce", "Où-Là",
               "Jürgen Bäcker", "Hélène", "Côme", "Joël", "Ùrsula", "Gêne", "Öri Dûr")


def test_typed_names_cover_every_letter_of_the_three_languages() -> None:
    from companion.ui.scenes.keyboard import NAME_LETTERS

    typed = "".join(TYPED_NAMES)
    for letter in NAME_LETTERS:
        assert letter in typed or letter.lower() in typed or not letter.isalpha() or \
            letter.isascii(), letter


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_keyboard_types_every_letter_of_the_three_languages_names(
        tmp_path: Path, language: str) -> None:
    """French Â Ë Ù Ÿ Œ Æ, German ß and the rest on every layout: "Zoë" and "Maël" are
    typed key by key (a word's first letter a capital, the rest small) and kept."""
    from companion.ui.scenes.keyboard import LAYOUTS, NAME_LETTERS

    assert sorted("".join(LAYOUTS[language])) == sorted(NAME_LETTERS)
    try:
        ui = build("newgame", (800, 480), language, tmp_path)
        for name in TYPED_NAMES:
            ui.press("edit:0")
            assert ui.top.name == "keyboard"
            while ui.top.text:
                ui.press("key:erase")
            for char in name:
                ui.press("key:space" if char == " " else
                         f"key:{char if char == 'ß' else char.upper()}")
            assert ui.top.text == name
            ui.press("ok")
            assert ui.top.name == "newgame"
            assert ui.top.names[ui.top.colours[0]] == name
    finally:
        set_language("en")


# --- issue 30: the wordings a first-time table found -------------------------------------------


def _offer(state, can_pay: bool) -> bool:
    from companion.engine import Phase

    if state.phase != Phase.PURCHASE or state.settling >= len(state.slots):
        return False
    workers = state.slots[state.settling].workers
    return bool(workers) and (state.player(workers[0]).coins >= len(workers)) == can_pay


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("can_pay", [True, False])
def test_the_tracked_hint_says_what_the_ok_button_reads(tmp_path: Path, language: str,
                                                        can_pay: bool) -> None:
    """"OK: the offer is accepted" stood beside an OK reading "Red cannot pay: pass"; the
    price had no coin unit ("für 1")."""
    from companion.engine import Form
    from companion.ui.samples import Demo

    try:
        ui = build("home", (800, 480), language, tmp_path)
        Demo(ui, 3).at(lambda b, a: _offer(a, can_pay), form=Form.TRACKED)
        ui.render()
        assert ui.top.name == "purchase-tracked"
        label = ui.top.primary()[0]
        hint = ui.top.hint()
        pass_word = _("Pass")
        assert not hint.startswith("OK") and pass_word in hint
        if can_pay:
            assert hint == _("Buy: the button bottom right. Pass: the worker goes home.")
            assert label.endswith("\u00a2") and label[-2].isdigit(), label
        else:
            assert hint == _("Who cannot pay passes: the button bottom right, or Pass.")
            assert label == _("{name} cannot pay: pass").format(
                name=label.split(" ")[0])
    finally:
        set_language("en")


@pytest.mark.parametrize(("language", "unit"), [("en", "for 2¢"), ("de", "für 2¢"),
                                                ("fr", "pour 2¢")])
def test_a_price_carries_its_coin_unit(language: str, unit: str) -> None:
    set_language(language)
    try:
        for msgid, kw in (("{name} buys for {price}¢", {"name": "Anna", "price": 2}),
                          ("Offer: {card} to {name} for {price}¢",
                           {"card": "X", "name": "Anna", "price": 2}),
                          ("{player} bought {card} for {price}¢",
                           {"player": "Anna", "card": "X", "price": 2})):
            assert unit in _(msgid).format(**kw), (msgid, _(msgid))
    finally:
        set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_supply_hint_asks_to_scan_only_at_a_table_that_can(tmp_path: Path,
                                                                language: str) -> None:
    try:
        ui = build("supply", (800, 480), language, tmp_path)
        scan = _("Tap the card just revealed, or scan it.")
        assert ui.top.hint() == _("Tap the card just revealed.") != scan
        ui.services.device_status["reader"] = (False, "card reader not found")
        assert ui.top.hint() != scan  # a reader that is not there does not scan
        ui.services.device_status["reader"] = (True, "card reader ready on /dev/x")
        assert ui.top.hint() == scan
    finally:
        set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_last_rounds_income_does_not_pass_the_metal_coin(language: str) -> None:
    from companion.config.cards import load_catalogue
    from companion.engine import Phase, Setup, iter_states
    from companion.engine.simulate import random_game
    from companion.paths import SHIPPED_CONFIG_DIR
    from companion.ui.views.income import income_said, income_view

    set_language(language)
    try:
        catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
        actions, _state = random_game(catalogue, 3, seed=11)
        assert isinstance(actions[0], Setup)
        coin = _("The metal coin passes to {name}.").format(name="").split("{")[0][:12]
        before = None
        seen = {"last": False, "other": False}
        for _n, _action, after in iter_states(actions, catalogue):
            if before is not None and after.income and after.income != before.income \
                    and before.phase == Phase.LOADING:
                view, said = income_view(before, after), income_said(before, after)
                last = after.phase == Phase.OVER
                seen["last" if last else "other"] = True
                assert (coin in said) != last, said
                assert bool(view.first_said) != last
            before = after
        assert seen == {"last": True, "other": True}
    finally:
        set_language("en")


def test_history_writes_a_negative_best_with_a_minus_sign() -> None:
    from companion.ui.scenes.history import _best

    assert _best(-17) == "\u221217" and _best(12) == "12" and _best("") == ""


@pytest.mark.parametrize(("language", "sold", "moved"), [
    ("fr", ("a vendu 1 cube de ", " et 1 cube de ", " au marché"), (" du navire ", "cube de ")),
    ("de", ("verkaufte 1 Stein ", " und 1 Stein ", " in der Markthalle"),
     (" vom Schiff ", "Stein ")),
    ("en", ("sold 1 cube of ", " and 1 cube of ", " in the market hall"),
     (" from the ship ", "1 cube of ")),
])
def test_undo_texts_name_cubes_with_their_articles(language: str, sold: tuple[str, ...],
                                                   moved: tuple[str, ...]) -> None:
    """French undo said "a vendu safran, safran au marché": now "a vendu 1 cube de thé et
    1 cube de tapis au marché" (the French rulebook's "marché"), "1 cube de thé du navire
    à l’entrepôt"."""
    from companion.config.cards import load_catalogue
    from companion.engine import MarketSell, Move, iter_states
    from companion.engine.simulate import random_game
    from companion.paths import SHIPPED_CONFIG_DIR
    from companion.ui import words

    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _state = random_game(catalogue, 3, seed=11)
    set_language(language)
    try:
        said = {}
        before = None
        for _n, action, after in iter_states(actions, catalogue):
            if before is not None and isinstance(action, MarketSell | Move):
                said.setdefault(type(action).__name__,
                                words.describe(before, action).replace("\u00ad", ""))
            before = after
    finally:
        set_language("en")
    assert all(part in said["MarketSell"] for part in sold), said
    assert all(part in said["Move"] for part in moved), said


@pytest.mark.parametrize(("language", "expected"), [
    ("de", {"red": "R", "blue": "B", "green": "G", "yellow": "Ge", "purple": "L"}),
    ("fr", {"red": "R", "blue": "B", "green": "V", "yellow": "J", "purple": "Vi"}),
    ("en", {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "purple": "P"}),
])
def test_badges_of_unnamed_players_read_as_their_colours(language: str,
                                                         expected: dict[str, str]) -> None:
    """An unnamed player's badge is their colour's first letter; a second colour starting
    alike gets its first two letters: German Gelb beside Grün is "Ge", never "E" (issue
    30)."""
    from companion.config.cards import load_catalogue
    from companion.engine import Setup, new_game
    from companion.paths import SHIPPED_CONFIG_DIR
    from companion.ui import words

    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    players = ("red", "blue", "green", "yellow", "purple")
    set_language(language)
    try:
        state = new_game(Setup(players=players, first="red", names={}), catalogue)
        assert {p: words.letter(state, p) for p in players} == expected
    finally:
        set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_undo_of_the_games_end_names_the_4th_fires_reveal(language: str) -> None:
    """Undo and Redo on the final screen said only "the end of Loading and the income":
    the action that ends the game also reveals the 4th fire, said like any other reveal;
    an end of Loading of an earlier round says no fire."""
    from companion.config.cards import load_catalogue
    from companion.engine import Done, Phase, iter_states
    from companion.engine.simulate import random_game
    from companion.paths import SHIPPED_CONFIG_DIR
    from companion.ui import words

    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, end = random_game(catalogue, 3, seed=11)
    set_language(language)
    try:
        fourth = words.card(end, "E-fire")
        revealed = _("revealed {card}").format(card=fourth)
        said = []
        before = None
        for _n, action, after in iter_states(actions, catalogue):
            if before is not None and isinstance(action, Done):
                said.append((after.phase == Phase.OVER, words.describe(before, action)))
            before = after
    finally:
        set_language("en")
    assert said[-1][0] and not any(ended for ended, _text in said[:-1])
    assert said[-1][1].endswith(revealed) and said[-1][1].startswith(said[0][1])
    assert not any(fourth in text for _ended, text in said[:-1])
