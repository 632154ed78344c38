"""The configuration and the inputs keep their own lists of some game words, because they
never import the engine; these must agree with the engine's (engine/words.py)."""

from __future__ import annotations

from companion import languages
from companion.config import settings
from companion.engine import words
from companion.inputs import intents


def test_button_colours_are_the_player_colours() -> None:
    assert tuple(intents.COLOURS) == words.COLOURS
    assert settings.BUTTON_ROLES[: len(words.COLOURS)] == words.COLOURS


def test_purchase_forms_are_the_engines() -> None:
    assert set(settings.PURCHASE_FORMS) == set(words.Form)


def test_languages_are_listed_once() -> None:
    assert settings.LANGUAGES is languages.LANGUAGES
    assert set(languages.LANGUAGE_NAMES) == set(languages.LANGUAGES)
    assert languages.DEFAULT_LANGUAGE == languages.LANGUAGES[0]
