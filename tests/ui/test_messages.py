"""One home for translations: the catalogues hold exactly the messages the code uses.

The messages are extracted from the code by Babel (`babel.messages.extract`, the usual
gettext extractor; a dev dependency), with the engine's two tables of English templates
that `companion.ui.words` translates (`MESSAGES`, `DOING`) beside them. A msgid the code
no longer uses (dead) or a message without its German or French entry (missing) fails;
so does a count formatted with `_()` instead of `ngettext` ("1 points", "bei 1 Punkten").
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

import companion
from companion.engine.messages import DOING, MESSAGES
from companion.ui.i18n import LANGUAGES, LOCALE_DIR
from companion.ui.msgfmt import parse

PACKAGE = Path(companion.__file__).resolve().parent


@cache
def extracted() -> tuple[frozenset[str], frozenset[str]]:
    """(single msgids, plural msgids as 'singular\\0plural') the code passes to gettext."""
    single: set[str] = set()
    plural: set[str] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(PACKAGE), method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS):
        if isinstance(message, tuple):
            if None not in message[:2]:
                plural.add(f"{message[0]}\0{message[1]}")
        else:
            single.add(message)
    single |= set(MESSAGES.values()) | set(DOING.values())
    return frozenset(single), frozenset(plural)


@cache
def catalogue(language: str) -> dict[str, str]:
    text = (LOCALE_DIR / language / "LC_MESSAGES" / "companion.po").read_text(encoding="utf-8")
    return {k: v for k, v in parse(text).items() if k}


def test_the_extraction_finds_the_code_s_messages():
    # A broken extraction must not make the tests below pass over nothing.
    single, plural = extracted()
    assert "Undo" in single and "Continue" in single  # _() in the scenes
    assert "Coffee roaster" in single  # N_() in names.py
    assert "placing a worker" in single  # the engine's table
    assert "{n} card\0{n} cards" in plural
    assert len(single) > 300


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_no_message_is_missing(language):
    single, plural = extracted()
    missing = sorted((single | plural) - set(catalogue(language)))
    assert not missing, f"not in the {language} catalogue: {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_msgid_is_dead(language):
    """Every entry of a catalogue is a message the code still says (English: its soft
    hyphens are for words the code says)."""
    single, plural = extracted()
    dead = sorted(set(catalogue(language)) - single - plural)
    assert not dead, f"msgids in the {language} catalogue that no code uses: {dead}"


# A count right before its noun, in English, German or French.
NOUNS = {
    "en": r"points?|coins?|cards?|goods|cubes?|workers?|games?|wins?|players?|offices?|ships?"
          r"|rounds?|pairs?",
    "de": r"Punkte?n?|Münzen?|Karten?|Waren|Warensteine?|Steine?|Arbeiter|Spiele?|Siege?"
          r"|Spielern?|Kontore?|Schiffe?|Runden?|Paare",
    "fr": r"points?|pièces?|cartes?|marchandises?|cubes?|ouvriers?|parties?|victoires?"
          r"|joueurs?|bureaux?|navires?|tours?|paires?",
}
#: The placeholders that hold a number; the upper end of a range ("1-{high} coins",
#: "von {low} bis {high} Waren") is never a count of one.
COUNT = re.compile(r"(?<![-\u2013])(?<!bis )(?<!à )"
                   r"\{(?:n|k|count|coins|have|high|games|wins|total|spent|placed|a|b|expected)\}"
                   r"\s+(?:\{\w+\}\s+)?(?P<noun>[\w\u00ad]+)")
#: Counts that are never 1 by the rules: each with the reason.
NEVER_ONE = {
    "{card} is removed from the game for {count} players": "2 to 5 players",
    "there is no slot {slot}: this round has {count} cards (slots 0-{last})": "3 to 6 cards",
    "{player} has already placed all {count} workers": "3 workers each",
    "a card takes at most {count} workers": "8 worker spaces",
    "a player buys at most {count} cards in a round (one per worker); {player} has bought "
    "{count}": "3 workers each",
    "the warehouse holds at most {count} cubes": "4 cubes",
    '"{key}" must list {count} [good, store] pairs': "a ship's 3 cubes",
}


def counted_without_ngettext(text: str, language: str) -> list[str]:
    nouns = re.compile(rf"(?:{NOUNS[language]})$")
    return [m.group(0) for m in COUNT.finditer(text)
            if nouns.match(m.group("noun").replace("\u00ad", ""))]


def test_the_count_check_catches_a_count_formatted_without_ngettext():
    assert counted_without_ngettext("Tied on {n} points: {name} wins", "en")
    assert counted_without_ngettext("Gleichstand bei {n} Punkten", "de")
    assert counted_without_ngettext("le sac contient {have} {good}", "fr") == []
    assert counted_without_ngettext("{player} hat {coins} Münzen", "de")
    assert counted_without_ngettext("{k} marchandises sur 3", "fr")
    assert not counted_without_ngettext("games {games} · wins {wins}", "en")


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_every_count_goes_through_ngettext(language):
    """A message formatted with `_()` (one form) never puts a number before its noun:
    "1 points". Such a message goes through `ngettext`, or says the number as a label."""
    single, _plural = extracted()
    said = catalogue(language) if language != "en" else {}
    found = []
    for msgid in sorted(single - set(NEVER_ONE)):
        text = said.get(msgid, msgid) if language != "en" else msgid
        found += [f"{msgid!r}: {hit!r}" for hit in counted_without_ngettext(text, language)]
    assert not found, "\n".join(found)


def test_the_never_one_list_is_still_used():
    single, _plural = extracted()
    assert set(NEVER_ONE) <= single
