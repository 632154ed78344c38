"""Refusals are translated by their code (engine/messages.py), never by reading the
engine's English sentence: every code has an English, German and French text."""

from __future__ import annotations

import string

import pytest

from companion.config.cards import load_catalogue
from companion.engine import RuleError, Setup, apply, new_game
from companion.engine.actions import Move
from companion.engine.messages import DOING, MESSAGES
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui import words
from companion.ui.i18n import set_language, translations


def fields(template: str) -> list[tuple[str, str | None]]:
    """The placeholders of a template with their conversions (``{card!r}``)."""
    return sorted((f, c) for _, f, _, c in string.Formatter().parse(template) if f)


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_refusal_code_has_a_text_in_the_language(language: str) -> None:
    catalogue = translations(language)
    missing = [code for code, english in MESSAGES.items()
               if catalogue.gettext(english) == english]
    assert not missing, f"untranslated refusals in {language}: {missing}"
    for code, english in MESSAGES.items():
        assert fields(catalogue.gettext(english)) == fields(english), (language, code)
    untranslated = [p for p in DOING.values() if catalogue.gettext(p) == p]
    assert not untranslated


def test_every_refusal_code_has_an_english_text() -> None:
    for code, english in MESSAGES.items():
        assert english.strip() and english == english.strip(), code
        assert translations("en").gettext(english) == english


@pytest.fixture
def state():
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    return new_game(Setup(players=("red", "blue"), first="red",
                          names={"red": "Anna", "blue": "Ben"}), catalogue)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_every_code_is_said_in_every_language(state, language: str) -> None:
    set_language(language)
    try:
        for code, english in MESSAGES.items():
            params = {f: "red" if f in ("player", "owner", "turn") else 2
                      for f, _ in fields(english)}
            text = words.refusal_text(code, params, state)
            assert text[:1] == text[:1].upper() and text.endswith((".", "!", "?")), text
            assert "{" not in text.replace('{"', "")
            if "player" in params:
                assert "Anna" in text and "red" not in text
    finally:
        set_language("en")


def test_a_refusal_names_players_cards_and_goods_in_the_language(state) -> None:
    with pytest.raises(RuleError) as caught:
        apply(state, Move("blue", "tea", "dock", "merchant"))
    set_language("de")
    try:
        assert words.refusal(state, caught.value) == (
            "Warensteine verladen gehört in die Phase Verladung; "
            "das Spiel ist in der Phase Angebot.")
        err = RuleError("no_merchant", player="blue", good="tea")
        assert words.refusal(state, err) == "Ben hat keinen Kaufmann, der Tee kauft."
        err = RuleError("contract_owned", card="A-contract-1", owner="red")
        assert words.refusal(state, err) == (
            "Kein Handel zwischen Spielern: Auftrag Kf·Te? gehört Anna.")
        set_language("fr")
        err = RuleError("season_order", card="B-ship-1", season="B", top="A")
        assert words.refusal(state, err).startswith(
            "Navire (Printemps) est une carte Printemps")
    finally:
        set_language("en")


def test_a_reworded_engine_message_keeps_its_translation(state, monkeypatch) -> None:
    """The translation follows the code: the UI never matches the English sentence."""
    err = RuleError("cannot_pay", player="red", coins=2, price=3)
    monkeypatch.setattr(err, "args", ("a different English sentence",))
    set_language("de")
    try:
        assert words.refusal(state, err) == "Anna kann 3 nicht zahlen (Münzen: 2)."
    finally:
        set_language("en")
