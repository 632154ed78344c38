"""companion.fsio: the one atomic-write helper every layer uses (docs/journal.md, Durability)."""

from __future__ import annotations

import ast
import errno
import functools
from pathlib import Path

import pytest

import companion
from companion import fsio

PACKAGE = Path(companion.__file__).parent


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "x.json"
    fsio.atomic_write(target, "old")

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(fsio, "write_all", full)
    with pytest.raises(OSError):
        fsio.atomic_write(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_the_new_bytes_replace_the_old_and_the_mode_is_kept(tmp_path: Path) -> None:
    target = tmp_path / "x"
    fsio.atomic_write(target, b"one")
    fsio.atomic_write(target, "two", mode=0o600)
    assert target.read_bytes() == b"two"
    assert target.stat().st_mode & 0o777 == 0o600


@functools.cache
def _nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of a module's syntax tree (parsed once for the tests below)."""
    return tuple(ast.walk(ast.parse(path.read_text(), str(path))))


def _calls(path: Path) -> set[str]:
    """Dotted names called in a module (os.replace, tempfile.mkstemp, ...)."""
    out = set()
    for node in _nodes(path):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            value = node.func.value
            if isinstance(value, ast.Name):
                out.add(f"{value.id}.{node.func.attr}")
    return out


def test_no_module_but_fsio_writes_a_file_atomically_by_hand() -> None:
    """mkstemp + os.replace or fsync belong to fsio; the store may rename (set aside) and
    sync its append-only journal, which is not an atomic replace."""
    hand_made = {"tempfile.mkstemp", "tempfile.NamedTemporaryFile", "os.replace", "os.rename",
                 "os.fsync"}
    allowed = {
        # moves a journal or a damaged file aside; syncs the append-only journal
        "store/session.py": {"os.replace", "os.fsync"},
        "store/history.py": {"os.replace"},
        "store/pins.py": {"os.replace"},  # sets a damaged pinned-values.json aside
        "store/journal.py": {"os.fsync"},
        # sets a damaged owner cards.yaml aside before writing a new one through fsio
        "config/cards.py": {"os.replace"},
        # swaps the /etc/localtime symbolic link (a link, not a file to write whole)
        "commands/boot_settings.py": {"os.replace"},
    }
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name == "fsio.py":
            continue
        found = _calls(path) & hand_made
        assert found <= allowed.get(name, set()), f"{name} calls {sorted(found)}: use fsio"


def test_no_module_reads_a_file_by_hand() -> None:
    """Issue 35, item 1: files of the state and configuration folders, and the files named
    on the command line, are read by `fsio.read_bounded` only (type checked, never waited
    on, bounded); `open()`, `read_text`, `read_bytes` and `json.load` are left to files of
    the package itself."""
    allowed = {
        "ui/msgfmt.py": {"read_text", "read_bytes"},  # the package's own .po and .mo files
        "phones/server.py": {"read_bytes"},  # the package's own pages
    }
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        found = set()
        for node in _nodes(path):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id == "open":
                found.add("open")
            elif isinstance(func, ast.Attribute) and func.attr in ("read_text", "read_bytes"):
                found.add(func.attr)
            elif (isinstance(func, ast.Attribute) and func.attr == "load"
                  and isinstance(func.value, ast.Name) and func.value.id == "json"):
                found.add("json.load")
        assert found <= allowed.get(name, set()), f"{name} reads by hand: {found}"
