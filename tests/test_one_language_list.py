"""The languages are listed once: `companion.languages.LANGUAGES` (issue 36).

Every other place that needs the list reads it from there: the settings, `replay` and
`labels` (their `--language` choices), the phones server and, through the page the
server writes, the phone page's script. A second list written out by hand (a tuple of
codes in Python, an array of codes in the page's script) is what lets a language be
half-added, so this test looks for one in the shipped code and fails on it. Tables keyed
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
