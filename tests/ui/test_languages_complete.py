"""A language cannot be half-added: every per-language table has an entry for every code
in `companion.languages.LANGUAGES` and no other (docs/architecture.md, "A new language",
lists the tables). The catalogues' completeness (every message, the rules texts among
them) is checked in tests/ui/test_messages.py and tests/texts/test_rulestexts.py, over the
same tuple."""

from __future__ import annotations

import re

import pytest

from companion import formats
from companion.languages import LANGUAGE_NAMES, LANGUAGES
from companion.ui import names
from companion.ui.i18n import LOCALE_DIR
from companion.ui.scenes.keyboard import LAYOUTS

#: Every table keyed by language code, by where it lives.
TABLES = {
    "companion.languages.LANGUAGE_NAMES": LANGUAGE_NAMES,
    "companion.ui.scenes.keyboard.LAYOUTS": LAYOUTS,
    "companion.ui.names.GOOD_INITIALS": names.GOOD_INITIALS,
    "companion.formats.LOCALES": formats.LOCALES,
}


@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_per_language_table_has_every_language(table):
    assert set(TABLES[table]) == set(LANGUAGES), table


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_its_catalogue_with_its_plural_rule(language):
    po = LOCALE_DIR / language / "LC_MESSAGES" / "companion.po"
    assert po.is_file(), f"no catalogue for {language}: {po}"
    header = po.read_text(encoding="utf-8")[:600]
    assert re.search(rf'"Language: {language}\\n"', header), language
    assert "Plural-Forms: nplurals=" in header, language


def test_no_catalogue_for_a_language_the_app_does_not_list():
    shipped = {p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/companion.po")}
    assert shipped == set(LANGUAGES)


def test_the_architecture_doc_lists_the_tables():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text(
        encoding="utf-8")
    section = doc.split("### A new language", 1)[1].split("\n### ", 1)[0]
    for table in TABLES:
        assert table.rsplit(".", 1)[1] in section, table
