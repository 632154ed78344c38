"""Catalogues: every string the screens use is translated into German and French."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.ui
from companion.ui.i18n import LOCALE_DIR, parse_po, translations


def msgids() -> set[str]:
    found = set()
    for path in Path(companion.ui.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_") and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    return found


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_string_is_translated(language):
    catalogue = parse_po((LOCALE_DIR / language / "LC_MESSAGES" / "companion.po")
                         .read_text(encoding="utf-8"))
    missing = sorted(msgids() - set(catalogue))
    assert not missing, f"untranslated in {language}: {missing}"
    for msgid, text in catalogue.items():
        # Placeholders survive translation.
        assert sorted(_fields(msgid)) == sorted(_fields(text)), (language, msgid)


def _fields(text: str) -> list[str]:
    import string

    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


def test_the_rulebook_terms():
    de, fr = translations("de"), translations("fr")
    for english, german in [("Contract", "Auftrag"), ("Fireman", "Feuerwehrmann"),
                            ("Fire", "Brand"), ("Counting office", "Kontor"),
                            ("market hall", "Markthalle")]:
        assert de.gettext(english) == german
    assert "Metallmünze" in de.gettext("The metal coin passes to {name}.")
    for english, french in [("Contract", "Contrat"), ("Fire", "Incendie"),
                            ("Counting office", "Bureau de comptage"),
                            ("market hall", "marché")]:
        assert fr.gettext(english) == french
    assert "pièce en métal" in fr.gettext("The metal coin passes to {name}.")


def test_po_reader_handles_continuations_escapes_and_fuzzy():
    text = '''msgid ""
msgstr "Language: de\\n"

msgid "Hello "
"world"
msgstr "Hallo "
"Welt \\"!\\""

#, fuzzy
msgid "Maybe"
msgstr "Vielleicht"
'''
    assert parse_po(text) == {"Hello world": 'Hallo Welt "!"'}


def test_every_game_word_has_a_name() -> None:
    """names.py translates exactly the engine's words (engine/words.py), no more, no fewer."""
    from companion.engine import words
    from companion.ui import i18n, names

    assert set(names.GOOD_NAMES) == set(words.Good)
    assert set(names.COLOUR_NAMES) == set(words.Colour)
    assert set(names.PHASE_NAMES) == {*words.Phase, "income"}  # income: a screen, not a phase
    assert set(names.KIND_NAMES) | {"merchant"} == set(words.Kind)  # merchants: by their good
    assert set(names.MERCHANT_NAMES) == set(words.Good)
    assert set(names.CATEGORY_NAMES) == {*words.Category, words.TOTAL}
    assert set(names.STORE_NAMES) == set(words.Store)
    assert i18n.LANGUAGES == ("en", "de", "fr")


def test_every_colour_and_good_has_its_paint() -> None:
    from companion.engine import words
    from companion.ui import canvas, names

    assert list(canvas.PLAYER_COLOURS) == list(words.COLOURS)
    assert set(canvas.GOOD_COLOURS) == set(words.Good)
    for initials in names.GOOD_INITIALS.values():
        assert set(initials) == set(words.Good)
