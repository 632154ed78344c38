"""companion/engine/messages.py: the one table of refusal codes. Every refusal raised has a
code from it, every template formats with its parameters, and the English sentence shows
the parameters in words (these tests are about the words; RuleError is test_errors.py's)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion
from companion.engine.messages import DOING, MESSAGES, english, placeholders

ROOT = Path(companion.__file__).resolve().parent
ERRORS = {"RuleError", "RecordError", "_bad", "_phase_error"}


def raised_codes() -> dict[str, list[str]]:
    """Every code passed to a refusal in the package, with where (file:line)."""
    found: dict[str, list[str]] = {}
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in ERRORS or not node.args:
                continue
            arg = node.args[1] if name == "_bad" else node.args[0]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if isinstance(arg, ast.Name) and arg.id == "code":
                continue  # inside a helper that passes its caller's code on (cards._bad)
            if name == "_phase_error":
                found.setdefault("wrong_phase", []).append(where)
                continue
            assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), \
                f"{where}: a refusal's code must be a literal string"
            found.setdefault(arg.value, []).append(where)
    return found


def test_every_refusal_raised_has_a_code_in_the_table() -> None:
    codes = raised_codes()
    unknown = {code: where for code, where in codes.items() if code not in MESSAGES}
    assert not unknown
    unused = set(MESSAGES) - set(codes)
    assert not unused, f"codes nobody raises: {sorted(unused)}"


def test_codes_are_short_snake_case() -> None:
    for code in MESSAGES:
        assert code.isascii() and code.replace("_", "").isalnum() and code == code.lower()
        assert len(code) <= 32


def test_english_renders_the_words_of_the_parameters() -> None:
    assert english("season_order", {"card": "B-ship-1", "season": "B", "top": "A"}) == (
        "B-ship-1 belongs to Spring (B), but the pile shows Winter (A) cards: "
        "the seasons come out in order")
    assert english("cubes_short", {"player": "red", "have": 0, "good": "tea",
                                   "where": "market", "count": 1}) == (
        "red has 0 tea in the market hall, not 1")
    assert english("goods_not_ship", {"card": "A-bank", "kind": "counting_office"}) == (
        "only a ship carries goods; A-bank is a counting office")
    assert set(DOING) >= {"reveal", "place", "buy", "pass", "discard", "move", "convert",
                          "market_sell", "done"}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_template_formats_with_its_parameters(code: str) -> None:
    params = {name: 1 for name in placeholders(MESSAGES[code])}
    assert "{" not in english(code, params).replace("{\"", "")
