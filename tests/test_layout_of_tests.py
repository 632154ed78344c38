"""Tests mirror the modules they test (docs/architecture.md, "Tests").

Every test file under tests/engine is named after the engine module it tests:
``tests/engine/test_X.py`` tests ``companion/engine/X.py``. The few files that test
the engine as a whole, across its modules, are listed in `CROSS_MODULE` with the reason;
a new file must either be named after a module or be added there, on purpose.

The same holds for the scenes: ``tests/ui/scenes/test_X.py`` tests
``companion/ui/scenes/X.py``, and a file there named after no scene is misplaced; and for
the layouts: ``tests/ui/layouts/test_X.py`` tests ``companion/ui/layouts/X.py``.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "companion" / "engine"
ENGINE_TESTS = ROOT / "tests" / "engine"
SCENES = ROOT / "companion" / "ui" / "scenes"
SCENE_TESTS = ROOT / "tests" / "ui" / "scenes"
LAYOUTS = ROOT / "companion" / "ui" / "layouts"
LAYOUT_TESTS = ROOT / "tests" / "ui" / "layouts"

#: Test files of tests/engine that belong to no single module, and why.
CROSS_MODULE = {
    "test_properties.py": "invariants of random whole games, through every module",
    "test_examples.py": "the records of examples/ replay to the end",
    "test_docs_codes.py": "docs/record-format.md lists the refusal codes",
    "test_docs_examples.py": "docs/record-format.md's example lines parse",
    "test_imports.py": "the package imports only the standard library",
}


def misplaced(tests: Path, package: Path, allowed: dict[str, str]) -> list[str]:
    """The test files under `tests` named after no module of `package` and not `allowed`."""
    modules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    found = []
    for path in sorted(tests.rglob("test_*.py")):
        name = path.relative_to(tests).as_posix()
        if name in allowed:
            continue
        if "/" in name or path.stem.removeprefix("test_") not in modules:
            found.append(name)
    return found


def test_every_engine_test_file_is_named_after_an_engine_module() -> None:
    wrong = misplaced(ENGINE_TESTS, ENGINE, CROSS_MODULE)
    assert not wrong, (
        f"{wrong}: name each test file of tests/engine after the companion/engine module it "
        "tests (test_<module>.py), or list it in CROSS_MODULE with the reason"
    )


def test_every_scene_test_file_is_named_after_a_scene_module() -> None:
    assert SCENE_TESTS.is_dir()
    wrong = misplaced(SCENE_TESTS, SCENES, {})
    assert not wrong, (
        f"{wrong}: name each test file of tests/ui/scenes after the companion/ui/scenes "
        "module it tests (test_<module>.py); a test of several scenes or of another module "
        "belongs elsewhere in tests/ui"
    )


def test_the_cross_module_list_names_only_files_that_exist() -> None:
    gone = [name for name in CROSS_MODULE if not (ENGINE_TESTS / name).is_file()]
    assert not gone, f"CROSS_MODULE lists files that are not there: {gone}"


def test_the_check_finds_a_file_named_after_a_theme(tmp_path: Path) -> None:
    package = tmp_path / "engine"
    tests = tmp_path / "tests"
    package.mkdir()
    tests.mkdir()
    (package / "rules.py").write_text("")
    for name in ("test_rules.py", "test_fires.py", "test_whole.py", "conftest.py", "helpers.py"):
        (tests / name).write_text("")
    (tests / "deeper").mkdir()
    (tests / "deeper" / "test_rules.py").write_text("")
    assert misplaced(tests, package, {"test_whole.py": "why"}) == [
        "deeper/test_rules.py", "test_fires.py"]


def test_every_layout_test_file_is_named_after_a_layout_module() -> None:
    wrong = misplaced(LAYOUT_TESTS, LAYOUTS, {})
    assert not wrong, (
        f"{wrong}: name each test file of tests/ui/layouts after the companion/ui/layouts "
        "module it tests (test_<module>.py)"
    )
