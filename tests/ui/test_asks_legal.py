"""The screens ask `companion.engine.legal` what is possible: none finds out by trying
`apply` and catching the refusal, none uses the simulator's move generator."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.ui

UI = Path(companion.ui.__file__).parent
#: Where `apply` is called for its result, not to probe: the controller predicts what an
#: action will do (to ask for a printed value first), the in-memory store records it.
APPLIES = {"game.py", "memory.py"}
#: The demo game of the sample screens is a random game.
SIMULATES = {"samples.py"}


def modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def test_no_screen_tries_apply_to_learn_what_is_legal():
    offenders = []
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "apply" \
                    and path.name not in APPLIES:
                offenders.append(f"{path.relative_to(UI)}:{node.lineno}")
    assert offenders == []


def test_no_screen_uses_the_simulator():
    offenders = []
    for path in modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("simulate") \
                    and path.name not in SIMULATES:
                offenders.append(f"{path.relative_to(UI)}:{node.lineno}")
    assert offenders == []
