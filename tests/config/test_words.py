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


def test_the_enroll_session_knows_the_engines_printed_values() -> None:
    from companion.inputs import enroll

    assert enroll.PRINTED_FIELD == words.PRINTED_FIELD
    assert enroll.GOODS == words.GOODS
    for field, allowed in (("value", enroll.FIREMAN_VALUES), ("points", enroll.FIRE_POINTS)):
        printed = words.printed_for_field(field)
        assert printed is not None and (allowed.start, allowed.stop - 1) == (
            printed.low, printed.high)
