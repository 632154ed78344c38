"""The layer rules (docs/architecture.md, "The layers") for companion.inputs, checked on the
source."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.inputs

INPUTS = Path(companion.inputs.__file__).parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_inputs_import_only_what_the_layers_allow() -> None:
    forbidden = ("companion.engine", "companion.ui", "companion.store", "pygame", "yaml")
    only_in = {"gpiozero": "gpio.py", "serial": "cardreader.py", "evdev": "scanner.py"}
    for path in sorted(INPUTS.glob("*.py")):
        for name in imported_modules(path):
            top = name.split(".")[0]
            assert not name.startswith(forbidden), f"{path.name} imports {name}"
            if top in only_in:
                assert path.name == only_in[top], f"{path.name} imports {name}"
            if top == "companion":
                # companion.config.settings: the one validator of hardware.yaml;
                # companion.config.sidefiles: the one reader of side files (tags.json);
                # companion.labelcodes: the fixed table of label codes (imports nothing);
                # companion.camerawire: the camera socket's wire format (stdlib only).
                assert name.startswith(
                    ("companion.inputs", "companion.errors", "companion.fsio", "companion.paths")
                ) or name in ("companion.config.settings", "companion.config.sidefiles",
                              "companion.labelcodes", "companion.camerawire"), (
                    f"{path.name} imports {name}")
