"""Words right for every card and number, and the name keyboard of the table's language
(QA finding 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ui.i18n import _, ngettext, set_language
from companion.ui.shots import build

UNSEEN = ("{season}: {n} card unseen", "{season}: {n} cards unseen")


@pytest.mark.parametrize("language", ["en", "de", "fr"])
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


@pytest.mark.parametrize("language", ["en", "de", "fr"])
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
