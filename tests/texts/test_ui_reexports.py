"""The screens' word modules are `companion.texts` itself, not copies (issue 36).

`companion/ui/i18n.py`, `names.py`, `rulestexts.py`, `hyphen.py` and `words.py` keep the
screens' imports; they must hand out the very objects of `companion.texts`, or the
table and the phones server would keep two current languages (`set_language` in one
would not switch `_` in the other) and two sets of words that drift apart.
"""

from __future__ import annotations

import importlib

import pytest

MODULES = ("i18n", "names", "rulestexts", "hyphen", "words")


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_of_the_words_is_the_same_object_for_the_screens(name: str) -> None:
    texts = importlib.import_module(f"companion.texts.{name}")
    ui = importlib.import_module(f"companion.ui.{name}")
    public = getattr(texts, "__all__", None) or [n for n in vars(texts) if not n.startswith("_")]
    assert public
    for attr in public:
        assert getattr(ui, attr) is getattr(texts, attr), f"companion.ui.{name}.{attr}"
    # Nothing defined in the ui module itself: it only re-exports.
    own = [n for n, v in vars(ui).items() if not n.startswith("__")
           and getattr(v, "__module__", None) == ui.__name__]
    assert own == [], f"companion/ui/{name}.py defines {own}: they belong in companion/texts/"


def test_one_current_language_for_the_table_and_the_server() -> None:
    from companion.texts import i18n as texts_i18n
    from companion.ui import i18n as ui_i18n

    ui_i18n.set_language("de")
    assert texts_i18n.language() == "de"
    assert texts_i18n._("Supply") == ui_i18n._("Supply") != "Supply"
