"""Running the command line as a user would: a subprocess, its output and exit status."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

# The engine's fixtures (the shipped catalogue and the scripted table), for the command-line
# cases that build a record by playing it (test_replay_refusals.py).
from tests.engine.conftest import catalogue, loaded, table  # noqa: F401

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Result:
    status: int
    out: str
    err: str


@pytest.fixture
def cli(tmp_path):
    """Run `python -m companion ARGS` with a private state dir."""

    def run(*args: str, stdin: str | None = None) -> Result:
        proc = subprocess.run(
            [sys.executable, "-m", "companion", *args, "--state-dir", str(tmp_path / "state")],
            input=stdin, capture_output=True, text=True, cwd=REPO, timeout=60,
        )
        assert "Traceback" not in proc.stderr, proc.stderr
        return Result(proc.returncode, proc.stdout, proc.stderr)

    return run
