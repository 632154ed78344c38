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
