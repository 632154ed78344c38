"""Helpers for the Pi deployment tests: tools that CI must have, unprivileged runs, the CLI."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
UNIT_NAME = "speicherstadt-companion.service"
UNIT = REPO / "systemd" / UNIT_NAME
MAX_EXPOSURE = 2.0


def require_tool(name: str) -> str:
    """The path of `name`; a skip on a laptop without it, a failure in CI ($CI set)."""
    path = shutil.which(name)
    if path:
        return path
    message = f"{name} is not installed"
    if os.environ.get("CI"):
        pytest.fail(f"{message}, and CI must not skip this check (.ci/run installs it)")
    pytest.skip(message)
    raise AssertionError("unreachable")


def as_unprivileged(cmd: list[str]) -> list[str]:
    """`cmd` run as the user nobody when we are root; unchanged otherwise."""
    if os.geteuid() != 0:
        return cmd
    nobody = pwd.getpwnam("nobody")
    setpriv = require_tool("setpriv")
    return [
        setpriv, f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups", "--",
        *cmd,
    ]


def check_config_command() -> list[str]:
    """check-config as a user runs it, through the full command line."""
    return [sys.executable, "-m", "companion", "check-config"]


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    """Run `cmd` from the repository, capturing text output."""
    kwargs.setdefault("cwd", REPO)
    kwargs.setdefault("timeout", 300)
    return subprocess.run(cmd, capture_output=True, text=True, check=False, **kwargs)


def security_exposure(folder: Path, unit: Path) -> tuple[float, str]:
    """`systemd-analyze security --offline` of a copy of `unit` in `folder` (one the user
    nobody can read, wherever the clone is: CI's may be under /root): its overall exposure
    level, and the whole output to show when it is too high."""
    import re

    analyze = require_tool("systemd-analyze")
    copy = folder / unit.name
    copy.write_text(unit.read_text())
    copy.chmod(0o644)
    result = run(as_unprivileged([analyze, "security", "--offline=yes", "--no-pager",
                                  str(copy)]))
    output = result.stdout + result.stderr
    match = re.search(r"Overall exposure level for \S+: (\d+(?:\.\d+)?)", output)
    assert match, f"no exposure line in:\n{output}"
    return float(match.group(1)), output
