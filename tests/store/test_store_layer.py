"""The store's layer: the engine, companion.errors/fsio/paths and the standard library only."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import companion.store

ALLOWED_PROJECT = (
    "companion.engine", "companion.errors", "companion.fsio", "companion.paths", "companion.store",
)


def test_store_imports_only_the_engine_and_the_standard_library() -> None:
    folder = Path(companion.store.__file__).parent
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top == "companion":
                    assert name.startswith(ALLOWED_PROJECT), f"{path.name} imports {name}"
                else:
                    assert top in sys.stdlib_module_names or top == "__future__", (
                        f"{path.name} imports {name}, which is not in the standard library"
                    )
