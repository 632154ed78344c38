"""shellcheck on every shell script of the repository."""

from __future__ import annotations

import subprocess

from tests.pi.pitools import REPO, require_tool, run


def shell_scripts() -> list[str]:
    """Tracked *.sh files and tracked files whose first line runs bash or sh."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO, capture_output=True, check=True,
    ).stdout.decode().split("\0")
    scripts = []
    for name in filter(None, listed):
        path = REPO / name
        if not path.is_file():
            continue
        if name.endswith(".sh"):
            scripts.append(name)
            continue
        with path.open("rb") as f:
            first = f.readline(200)
        if first.startswith(b"#!") and any(
            first.rstrip().endswith(sh) for sh in (b"/bash", b"/sh", b" bash", b" sh")
        ):
            scripts.append(name)
    return sorted(scripts)


def test_the_known_scripts_are_found() -> None:
    found = shell_scripts()
    for name in (".ci/run", "scripts/install.sh", "scripts/uninstall.sh"):
        assert name in found


def test_shellcheck_is_clean() -> None:
    shellcheck = require_tool("shellcheck")
    scripts = shell_scripts()
    result = run([shellcheck, "--external-sources", *scripts])
    assert result.returncode == 0, result.stdout + result.stderr
