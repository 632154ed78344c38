"""Catalogues: every string the screens use is translated into German and French."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion.ui
from companion.ui.i18n import LOCALE_DIR, translations
from companion.ui.msgfmt import parse, to_mo


def msgids() -> set[str]:
    found = set()
    ui = Path(companion.ui.__file__).parent
    # The phones' page (companion/phones) says its words through the same catalogues.
    for path in [*ui.rglob("*.py"), *(ui.parent / "phones").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_") and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "ngettext" and len(node.args) >= 2
                    and all(isinstance(a, ast.Constant) for a in node.args[:2])):
                found.add(f"{node.args[0].value}\0{node.args[1].value}")
    return found


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_string_is_translated(language):
    catalogue = parse((LOCALE_DIR / language / "LC_MESSAGES" / "companion.po")
                      .read_text(encoding="utf-8"))
    missing = sorted(msgids() - set(catalogue))
    assert not missing, f"untranslated in {language}: {missing}"
    for msgid, text in catalogue.items():
        # Placeholders survive translation (in every plural form).
        for form in text.split("\0"):
            assert sorted(set(_fields(msgid))) == sorted(set(_fields(form))), (language, msgid)


def _fields(text: str) -> list[str]:
    import string

    return [f for _, f, _, _ in string.Formatter().parse(text) if f]


def test_the_rulebook_terms():
    de, fr = translations("de"), translations("fr")
    for english, german in [("Contract", "Auftrag"), ("Fireman", "Feuerwehrmann"),
                            ("Fire", "Brand"), ("Counting office", "Kontor"),
                            ("market hall", "Markthalle")]:
        assert de.gettext(english).replace("\u00ad", "") == german
    assert "Metallmünze" in de.gettext("The metal coin passes to {name}.")
    for english, french in [("Contract", "Contrat"), ("Fire", "Incendie"),
                            ("Counting office", "Bureau de comptage"),
                            ("market hall", "marché")]:
        assert fr.gettext(english).replace("\u00ad", "") == french
    assert "pièce en métal" in fr.gettext("The metal coin passes to {name}.")


def test_po_reader_handles_continuations_escapes_plurals_and_fuzzy():
    text = '''msgid ""
msgstr "Language: de\\n"

msgid "Hello "
"world"
msgstr "Hallo "
"Welt \\"!\\""

#, fuzzy
msgid "Maybe"
msgstr "Vielleicht"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "{n} Karte"
msgstr[1] "{n} Karten"
'''
    assert parse(text) == {"": "Language: de\n", "Hello world": 'Hallo Welt "!"',
                           "{n} card\0{n} cards": "{n} Karte\0{n} Karten"}


def test_compiled_catalogues_are_read_by_gettext_with_their_plural_rules(tmp_path):
    import gettext

    for lang, rule in (("de", "(n != 1)"), ("fr", "(n > 1)")):
        po = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
              f'"Plural-Forms: nplurals=2; plural={rule};\\n"\n\n'
              'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
              'msgstr[0] "ONE"\nmsgstr[1] "MANY"\n')
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "companion.mo").write_bytes(to_mo(parse(po)))
    de = gettext.translation("companion", tmp_path, languages=["de"])
    fr = gettext.translation("companion", tmp_path, languages=["fr"])
    assert [de.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["MANY", "ONE", "MANY"]
    assert [fr.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == ["ONE", "ONE", "MANY"]


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_shipped_catalogues_are_compiled_and_used(language):
    from companion.ui import i18n

    i18n.set_language(language)
    try:
        assert i18n.ngettext("{n} card", "{n} cards", 1) != "{n} card"
        assert i18n._("Undo") != "Undo"
    finally:
        i18n.set_language("en")


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


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_refusal_sentence_keeps_no_soft_hyphens(language):
    """The catalogues mark where long words may break (Auf-trag); a sentence for the
    command line or a message never carries those marks."""
    from companion.ui import i18n
    from companion.ui.words import refusal_text

    i18n.set_language(language)
    try:
        assert "\u00ad" in i18n._("Contract")
        text = refusal_text("contract_owned", {"card": "A-contract-1", "owner": "red"},
                            ids=True)
        assert "\u00ad" not in text
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_no_message_is_in_a_catalogue_twice(language):
    """Merged branches append to the catalogues: a msgid given twice would silently take
    one of two translations."""
    import re
    from collections import Counter

    text = (LOCALE_DIR / language / "LC_MESSAGES" / "companion.po").read_text(encoding="utf-8")
    ids = Counter(re.findall(r'^msgid (".*")$', text, re.MULTILINE))
    assert [msgid for msgid, n in ids.items() if n > 1] == []


def test_german_puts_no_space_before_a_question_or_exclamation_mark():
    """French sets a no-break space before ? ! : ; and German none: Supply's asking button
    reads "Auftrag?" in German, not "Auftrag ?" (the English msgid's space)."""
    import re

    text = (LOCALE_DIR / "de" / "LC_MESSAGES" / "companion.po").read_text(encoding="utf-8")
    spaced = [form for msgid, msgstr in parse(text).items() for form in msgstr.split("\0")
              if re.search(r"[ \u00a0\u202f][?!;:](\s|$)", form)]
    assert spaced == []


def test_french_writes_its_apostrophes_typographic():
    """The French catalogue writes "l’achat" with U+2019, as nearly all of its sentences
    do; a straight "l'achat" beside "l’acheteur" on one screen looks like a slip."""
    import re

    text = (LOCALE_DIR / "fr" / "LC_MESSAGES" / "companion.po").read_text(encoding="utf-8")
    straight = [form for msgstr in parse(text).values() for form in msgstr.split("\0")
                if re.search(r"\w'\w", form)]
    assert straight == []
