"""Fixtures for the Pi deployment tests (unit, install script, check-config)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pi.pitools import REPO, run


def _open_tempdir() -> Path:
    # pytest's tmp_path lives under a 0700 folder the unprivileged checks cannot enter.
    path = Path(tempfile.mkdtemp(prefix="companion-pi-"))
    path.chmod(0o755)
    return path


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A temporary folder that the user nobody can read too."""
    path = _open_tempdir()
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def staged_root() -> Iterator[Path]:
    """`make install` into a temporary DESTDIR, with the venv and the program really installed.

    The dependencies are not installed there (`--no-deps` in DESTDIR mode), so
    this takes seconds, but the unit's ExecStart is a real, installed program.
    """
    root = _open_tempdir()
    result = run(
        ["make", "-s", "install", f"DESTDIR={root}", "INSTALL_FLAGS=--no-apt"],
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Whatever the umask, the unprivileged checks must be able to read the tree.
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        mode = path.stat().st_mode
        path.chmod(mode | 0o004 | (0o001 if path.is_dir() or mode & 0o100 else 0))
    yield root
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO
