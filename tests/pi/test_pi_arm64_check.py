"""`make arm64-check`: a target anyone can run, never part of `make test` (root, minutes)."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from tests.pi.pitools import REPO, as_unprivileged, run


def test_make_test_does_not_run_it_and_the_target_runs_the_script() -> None:
    makefile = (REPO / "Makefile").read_text()
    test_recipe = re.search(r"^test:.*?(?=^\S)", makefile, re.M | re.S)
    assert test_recipe and "arm64" not in test_recipe.group(0)
    target = re.search(r"^arm64-check:\n\t(.*)$", makefile, re.M)
    assert target and target.group(1) == "bash scripts/arm64-check.sh"


def test_the_script_refuses_to_run_without_root_and_says_why() -> None:
    # The unprivileged user must be able to read the script wherever the clone lies (a
    # clone in a private temporary folder is not readable by others): a readable copy.
    scripts = Path(tempfile.mkdtemp(prefix="arm64-check-"))
    try:
        scripts.chmod(0o755)
        for name in ("arm64-check.sh", "layout.sh"):
            shutil.copy(REPO / "scripts" / name, scripts / name)
            (scripts / name).chmod(0o644)
        cmd = ["bash", str(scripts / "arm64-check.sh")]
        if os.geteuid() == 0:
            cmd = as_unprivileged(cmd)
        result = run(cmd, timeout=60)
    finally:
        shutil.rmtree(scripts, ignore_errors=True)
    assert result.returncode == 1
    assert "run as root" in result.stderr and "sudo make arm64-check" in result.stderr


def test_it_is_documented_in_check_on_a_pi() -> None:
    doc = (REPO / "hardware" / "CHECK-ON-A-PI.md").read_text()
    assert "sudo make arm64-check" in doc
