"""The engine imports only the standard library and itself (docs/architecture.md, "The layers")."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import companion.engine

ENGINE = Path(companion.engine.__file__).resolve().parent


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module) for every import in a file; relative imports as '.'."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.append((node.lineno, "." * node.level + (node.module or "")))
            else:
                found.append((node.lineno, node.module or ""))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__")
        ):
            found.append((node.lineno, "<dynamic import>"))
    return found


def allowed(module: str) -> bool:
    if module == "companion.engine" or module.startswith("companion.engine."):
        return True
    if module.startswith("."):
        return False  # relative imports could climb out of the engine; spell them out
    return module.split(".")[0] in sys.stdlib_module_names


def test_the_engine_imports_only_the_standard_library_and_itself():
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) >= 5
    bad = [
        f"{path.relative_to(ENGINE.parent.parent)}:{line}: {module}"
        for path in files
        for line, module in imported_modules(path)
        if not allowed(module)
    ]
    assert bad == []


def test_the_check_catches_what_it_should(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import json\nimport yaml\nfrom companion.config import cards\n"
        "from companion.engine.state import State\nfrom . import x\n"
        "import importlib\nimportlib.import_module('pygame')\n"
    )
    refused = [m for _, m in imported_modules(sample) if not allowed(m)]
    assert refused == ["yaml", "companion.config", ".", "<dynamic import>"]
