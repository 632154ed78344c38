"""The package works installed without the repository: its shipped config is inside it.

companion/data holds the catalogue and the defaults the package reads; config/ holds
the same files as the copy an owner edits (install.sh puts it in /etc). They must not
drift apart: after editing one, copy it over the other.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from companion.paths import SHIPPED_CONFIG_DIR

REPO = Path(__file__).resolve().parents[2]


def test_the_packaged_config_is_the_repositorys_config():
    packaged = sorted(p.name for p in SHIPPED_CONFIG_DIR.glob("*.yaml"))
    editable = sorted(p.name for p in (REPO / "config").glob("*.yaml"))
    assert packaged == editable == ["cards.yaml", "companion.yaml", "hardware.yaml"]
    for name in packaged:
        assert filecmp.cmp(SHIPPED_CONFIG_DIR / name, REPO / "config" / name, shallow=False), (
            f"companion/data/{name} and config/{name} differ: copy the one you edited over "
            "the other"
        )


def _run(args: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(args, capture_output=True, text=True, timeout=280, **kwargs)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


def test_pip_install_then_replay_from_outside_the_repository(tmp_path):
    # The wheel, built offline from a copy of the source (no build/ left in the repo).
    src = tmp_path / "src"
    shutil.copytree(REPO, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"))
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
          "--no-index", "-w", str(wheels), str(src)])
    (wheel,) = wheels.glob("speicherstadt_companion-*.whl")
    # A fresh venv; its dependencies come from this test's environment through a .pth
    # line (a path, not a site dir: the editable install's finder there is not loaded).
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
                ).stdout.strip()
    Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
          "--no-deps", "--no-index", str(wheel)])
    shutil.rmtree(src)
    # From a folder that has nothing of the repository, as a user would.
    work = tmp_path / "elsewhere"
    work.mkdir()
    shutil.copy(REPO / "examples" / "two-players-quick.jsonl", work / "game.jsonl")
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "CONFIGURATION_DIRECTORY", "STATE_DIRECTORY")}
    env["HOME"] = str(tmp_path / "home")
    where = _run([str(python), "-c", "import companion; print(companion.__file__)"],
                 cwd=work, env=env).stdout.strip()
    assert where.startswith(site), where
    # No --config: the packaged catalogue (/etc/speicherstadt-companion on a Pi).
    command = venv / "bin" / "speicherstadt-companion"
    result = _run([str(command), "replay", "game.jsonl", "--state-dir", str(tmp_path / "st")],
                  cwd=work, env=env)
    assert "Winner: Jonas with 18 points." in result.stdout, result.stdout
    check = _run([str(command), "check-config", str(Path(site) / "companion" / "data")],
                 cwd=work, env=env)
    assert "configuration ok" in check.stdout
