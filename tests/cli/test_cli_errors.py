"""No traceback reaches a user: bugs become one line and a report file; faults a message."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion import cli

REPO = Path(__file__).resolve().parents[2]


def test_an_unexpected_error_is_one_line_and_a_crash_report(tmp_path, monkeypatch, capsys):
    def broken(args):
        raise KeyError("surprise")

    monkeypatch.setattr(cli, "_run_app", broken)
    status = cli.main(["--state-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 1
    assert "Traceback" not in err
    assert err.startswith("error: unexpected KeyError: 'surprise' (this is a bug")
    reports = list(tmp_path.glob("crash-*.log"))
    assert len(reports) == 1 and str(reports[0]) in err
    assert "Traceback" in reports[0].read_text() and "surprise" in reports[0].read_text()


def test_no_display_is_explained_not_a_traceback(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="no-such-driver", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "--simulate", "--state-dir", str(tmp_path)],
        capture_output=True, text=True, cwd=REPO, env=env, timeout=60,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert "cannot open the display" in proc.stderr and "SDL_VIDEODRIVER=dummy" in proc.stderr


def test_bad_usage_is_exit_2_with_usage(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "replay"], capture_output=True, text=True,
        cwd=REPO, timeout=60,
    )
    assert proc.returncode == 2
    assert "usage:" in proc.stderr and "Traceback" not in proc.stderr


def test_a_crash_of_a_read_only_command_creates_no_folder(tmp_path, monkeypatch, capsys):
    """Without a state directory (a fresh account running `replay`), the report goes to
    the temporary folder; no ~/.local/share/speicherstadt-companion appears for it."""
    from companion.commands import replay

    def broken(args):
        raise KeyError("surprise")

    home = tmp_path / "home"
    home.mkdir()
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr("tempfile.tempdir", None)
    monkeypatch.setattr(replay, "run", broken)
    status = cli.main(["replay", str(REPO / "examples" / "two-players-quick.jsonl")])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    assert list(home.iterdir()) == []
    (report,) = temp.glob("crash-*.log")
    assert str(report) in err and "surprise" in report.read_text()
    assert report.stat().st_mode & 0o077 == 0  # the traceback may hold players' names
