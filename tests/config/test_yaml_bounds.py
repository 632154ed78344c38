"""YAML that is nested too deep or too big: refused with file and line, exit status 2.

The limits are in docs/config-limits.md.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import yamlfile
from companion.config.cache import load_config
from companion.errors import ConfigError
from companion.paths import SHIPPED_CONFIG_DIR

REPO = Path(__file__).resolve().parents[2]

#: Deep enough for a RecursionError in the pure-Python composer and in the converter.
DEEP_FLOW = "language: " + "[" * 990 + "]" * 990 + "\n"
DEEP_BLOCK = "a:\n" + "".join("  " * i + "b:\n" for i in range(1, 1000))


def cli(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


@pytest.mark.parametrize("text", [DEEP_FLOW, DEEP_BLOCK, "x: " + "[" * 5000 + "]" * 5000])
def test_deep_yaml_is_an_error_at_its_line(text):
    with pytest.raises(ConfigError) as caught:
        yamlfile.parse(text, "deep.yaml")
    message = caught.value.message
    assert message.startswith("deep.yaml:"), message
    assert f"more than {yamlfile.MAX_DEPTH} levels deep" in message


def test_nesting_within_the_limit_is_read():
    depth = yamlfile.MAX_DEPTH
    doc = yamlfile.parse("x: " + "[" * (depth - 1) + "1" + "]" * (depth - 1), "ok.yaml")
    assert doc.data["x"] is not None


def test_deep_table_is_exit_2_for_score(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text("players:\n  red:\n    cards: " + "[" * 990 + "]" * 990 + "\n")
    proc = cli("score", str(table), "--state-dir", str(tmp_path / "state"))
    assert proc.returncode == 2, proc.stderr
    assert f"{table}:3: nested more than" in proc.stderr


def _config_with(tmp_path: Path, name: str, text: str) -> Path:
    config = tmp_path / "config"
    shutil.copytree(SHIPPED_CONFIG_DIR, config)
    (config / name).write_text(text)
    return config


@pytest.mark.parametrize("name", ["companion.yaml", "hardware.yaml", "cards.yaml"])
def test_deep_config_is_exit_2_for_check_config(tmp_path, name):
    config = _config_with(tmp_path, name, DEEP_BLOCK)
    proc = cli("check-config", str(config))
    assert proc.returncode == 2, proc.stderr
    assert f"{config / name}:" in proc.stderr and "levels deep" in proc.stderr


def test_deep_config_is_a_config_error_for_the_app(tmp_path):
    config = _config_with(tmp_path, "companion.yaml", DEEP_FLOW)
    with pytest.raises(ConfigError) as caught:
        load_config(config, tmp_path / "state")
    assert "levels deep" in caught.value.message


def test_a_huge_yaml_file_is_refused_without_reading_it_all(tmp_path):
    big = tmp_path / "cards.yaml"
    # 60 MB, as in the attack; only the first MAX_BYTES + 1 are read.
    with open(big, "w") as handle:
        handle.write("cards:\n")
        line = "  - {id: X, kind: ship, season: A}\n"
        handle.write(line * (60_000_000 // len(line)))
    with pytest.raises(ConfigError) as caught:
        yamlfile.load(big)
    assert caught.value.message.startswith(f"{big}: larger than")


def test_a_huge_table_is_exit_2_for_score(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text("players:\n" + "#" * (yamlfile.MAX_BYTES + 10) + "\n")
    proc = cli("score", str(table), "--state-dir", str(tmp_path / "state"))
    assert proc.returncode == 2, proc.stderr
    assert "larger than" in proc.stderr


def test_the_shipped_files_are_far_within_the_limits():
    for path in SHIPPED_CONFIG_DIR.glob("*.yaml"):
        assert path.stat().st_size < yamlfile.MAX_BYTES // 10
        assert yamlfile.load(path) is not None
