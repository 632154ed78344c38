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


# --- issue 20, item 8: a state directory that cannot be used is named as such ----------


def _run(args: list[str], **kw) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, cwd=REPO, env=env, timeout=120, **kw)


def test_a_file_as_state_directory_is_named_by_every_command_and_the_app(tmp_path):
    state = tmp_path / "state"
    state.write_text("not a folder\n")
    record = str(REPO / "examples" / "two-players-quick.jsonl")
    for args in (["status"], ["history"], ["export"], ["feed", record], ["--simulate"],
                 ["check-config"]):
        proc = _run([*args, "--state-dir", str(state)])
        assert proc.returncode == 1, (args, proc.stderr)
        assert f"the state directory {state} is a file, not a folder" in proc.stderr, args
        assert "cards.yaml" not in proc.stderr and "Traceback" not in proc.stderr
    proc = _run(["status", "--state-dir", str(state / "below")])
    assert proc.returncode == 1 and "a part of its path is a file" in proc.stderr


def test_an_unreadable_state_directory_is_named_not_blamed_on_cards_yaml(
        tmp_path, monkeypatch, capsys):
    """As another user than the folder's (simulated: the tests may run as root, who reads
    everything)."""
    state = tmp_path / "state"
    state.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if str(path) == str(
        state) else real_access(path, mode, **kw))
    assert cli.main(["status", "--state-dir", str(state)]) == 1
    err = capsys.readouterr().err
    assert f"cannot read the state directory {state}" in err and "cards.yaml" not in err
    monkeypatch.setattr(os, "access", real_access)
    real_stat = os.stat

    def stat(path, *args, **kw):
        if str(path) == str(state):
            raise PermissionError(13, "Permission denied")
        return real_stat(path, *args, **kw)

    monkeypatch.setattr(os, "stat", stat)
    assert cli.main(["history", "--state-dir", str(state)]) == 1
    err = capsys.readouterr().err
    assert f"cannot reach the state directory {state}" in err and "cards.yaml" not in err


# --- issue 20, item 10: output that cannot be written, and bad option values ------------


def test_output_to_a_full_device_is_a_message_not_a_bug(tmp_path):
    record = str(REPO / "examples" / "two-players-quick.jsonl")
    for args in (["replay", record, "--json"], ["history", "--state-dir", str(tmp_path)]):
        with open("/dev/full", "w") as full:
            proc = subprocess.run([sys.executable, "-m", "companion", *args], stdout=full,
                                  stderr=subprocess.PIPE, text=True, cwd=REPO, timeout=120)
        assert proc.returncode == 1, proc.stderr
        assert "cannot write the output: No space left on device" in proc.stderr
        assert "bug" not in proc.stderr and "Exception ignored" not in proc.stderr


def test_feed_refuses_a_delay_that_is_no_finite_number(tmp_path, capsys):
    record = str(REPO / "examples" / "two-players-quick.jsonl")
    for delay in ("nan", "inf", "1e400", "-1", "86401"):
        status = cli.main(["feed", record, "--delay", delay, "--state-dir", str(tmp_path)])
        err = capsys.readouterr().err
        assert status == 2 and "--delay must be a number of seconds" in err, (delay, err)
    assert not (tmp_path / "current-game.v2.jsonl").exists()


def test_a_file_as_screenshot_folder_is_a_message(tmp_path, capsys):
    shots = tmp_path / "shots"
    shots.write_text("x")
    status = cli.main(["--simulate", "--screenshot-dir", str(shots), "--state-dir",
                       str(tmp_path / "state")])
    assert status == 2 and "is a file, not a folder" in capsys.readouterr().err
