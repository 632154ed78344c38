"""The languages are listed once: `companion.languages.LANGUAGES` (issue 36).

Every other place that needs the list reads it from there: the settings, `replay` and
`labels` (their `--language` choices), the phones server and, through the page the
server writes, the phone page's script. A second list written out by hand (a tuple of
codes in Python, an array of codes in the page's script) is what lets a language be
half-added, so this test looks for one in the shipped code and fails on it; in the
tests, those written before are counted by file and no new one may come. Tables keyed
by language (a dict per language) are not lists: tests/ui/test_languages_complete.py
checks that each has every language.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.languages import DEFAULT_LANGUAGE, LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
#: Where shipped code lives (the product, its benchmarks and the virtual-Pi test).
CODE = [ROOT / "companion", ROOT / "benchmarks", ROOT / "vmtest"]
#: The one list.
HOME = ROOT / "companion" / "languages.py"
#: A quoted language code followed by more of them, in a script or a page.
_QUOTED = r"""["'][a-z]{2}["']"""
_SCRIPT_LIST = re.compile(rf"[\[(]\s*{_QUOTED}(?:\s*,\s*{_QUOTED})+\s*,?\s*[\])]")


def python_lists(source: str) -> list[int]:
    """The lines of tuples, lists and sets of two or more language codes in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set) and len(node.elts) >= 2:
            values = [e.value if isinstance(e, ast.Constant) else None for e in node.elts]
            if all(v in LANGUAGES for v in values):
                found.append(node.lineno)
    return found


def script_lists(source: str) -> list[int]:
    """The lines of arrays of two or more language codes in a script or a page."""
    found = []
    for match in _SCRIPT_LIST.finditer(source):
        codes = re.findall(r"[a-z]{2}", match.group(0))
        if sum(code in LANGUAGES for code in codes) >= 2:
            found.append(source.count("\n", 0, match.start()) + 1)
    return found


def second_lists() -> list[str]:
    found = []
    for folder in CODE:
        for path in sorted(folder.rglob("*")):
            if path == HOME or not path.is_file():
                continue
            if path.suffix == ".py":
                lines = python_lists(path.read_text(encoding="utf-8"))
            elif path.suffix in (".js", ".html"):
                lines = script_lists(path.read_text(encoding="utf-8"))
            else:
                continue
            found += [f"{path.relative_to(ROOT)}:{line}" for line in lines]
    return found


def test_no_second_list_of_languages_in_the_code():
    found = second_lists()
    assert not found, (
        f"a list of languages written out again at {found}: read "
        "companion.languages.LANGUAGES instead (the phone page gets it from the server)"
    )


#: The tests still writing languages out (most as `parametrize("language", ["en", "de",
#: "fr"])`), by file, when the one list came: none may be added. A test reads
#: `LANGUAGES` (or a part of it, such as the translated ones, `LANGUAGES[1:]`); a list
#: that is a deliberate pin (tests/ui/test_i18n.py asserting the tuple itself) stays.
KNOWN_IN_TESTS = {
    "tests/ui/layouts/test_enroll.py": 1,
    "tests/ui/layouts/test_help.py": 1,
    "tests/ui/layouts/test_loading.py": 1,
    "tests/ui/layouts/test_purchase.py": 1,
    "tests/ui/layouts/test_supply.py": 1,
    "tests/ui/scenes/test_loading.py": 3,
    "tests/ui/scenes/test_newgame.py": 2,
    "tests/ui/scenes/test_purchase.py": 4,
    "tests/ui/scenes/test_round.py": 4,
    "tests/ui/scenes/test_stats.py": 1,
    "tests/ui/scenes/test_supply.py": 3,
    "tests/ui/test_bar.py": 3,
    "tests/ui/test_buttons.py": 2,
    "tests/ui/test_enroll_mark.py": 2,
    "tests/ui/test_formats.py": 1,
    "tests/ui/test_home.py": 1,
    "tests/ui/test_i18n.py": 5,
    "tests/ui/test_messages.py": 1,
    "tests/ui/test_refusals.py": 2,
    "tests/ui/test_results.py": 2,
    "tests/ui/test_scenes.py": 1,
    "tests/ui/test_screens.py": 5,
    "tests/ui/test_table_text.py": 2,
    "tests/ui/test_wording.py": 5,
    "tests/ui/views/test_loading.py": 1,
}


def test_the_tests_write_no_new_list_of_languages():
    counts = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if path.resolve() == Path(__file__).resolve():
            continue
        found = python_lists(path.read_text(encoding="utf-8"))
        if found:
            counts[path.relative_to(ROOT).as_posix()] = len(found)
    grown = {name: (n, KNOWN_IN_TESTS.get(name, 0)) for name, n in counts.items()
             if n > KNOWN_IN_TESTS.get(name, 0)}
    assert not grown, (
        f"new lists of languages in tests (now, before): {grown}: parametrize over "
        "companion.languages.LANGUAGES (or a slice of it) instead"
    )


def test_the_check_finds_a_list_written_out_again():
    assert python_lists('CHOICES = ("en", "de", "fr")\nx = ["de", "fr"]\n') == [1, 2]
    assert python_lists('NAMES = {"en": "English", "de": "Deutsch"}\nx = ("en", 1)\n') == []
    page = 'const a = 1;\nif (["en", "de", "fr"].includes(code)) return code;\n'
    assert script_lists(page) == [2]
    assert script_lists('f("en", "x"); g(["de"]);') == []


def test_labels_and_replay_offer_exactly_the_listed_languages():
    import argparse

    from companion.commands import labels, replay

    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers()
    for module in (labels, replay):
        sub = module.register(commands)
        (choice,) = [a for a in sub._actions if a.dest == "language"]
        assert tuple(choice.choices or ()) == LANGUAGES, module.__name__


def test_the_phone_page_offers_the_listed_languages_default_first():
    from companion.phones.server import PAGE_LANGUAGES

    assert PAGE_LANGUAGES[0] == DEFAULT_LANGUAGE
    assert sorted(PAGE_LANGUAGES) == sorted(LANGUAGES)
    page = (ROOT / "companion" / "phones" / "pages" / "index.html").read_text(encoding="utf-8")
    script = (ROOT / "companion" / "phones" / "pages" / "app.js").read_text(encoding="utf-8")
    assert 'data-languages="{{languages}}"' in page
    assert "document.body.dataset.languages" in script
