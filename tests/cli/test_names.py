"""Player names from files: half characters refused, one spelling per name, and
control characters never reach a terminal as commands."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from companion.engine import RecordError
from companion.engine.actions import parse_line

REPO = Path(__file__).resolve().parents[2]
SETUP = {"type": "setup", "players": ["red", "blue"], "first": "red"}


def record_with_names(names: dict[str, str]) -> str:
    lines = (REPO / "examples" / "two-players-quick.jsonl").read_text().splitlines()
    setup = json.loads(lines[0])
    setup["names"] = names
    return "\n".join([json.dumps(setup), *lines[1:]]) + "\n"


def run_on_a_terminal(args: list[str]) -> tuple[int, str]:
    """Run the command with stdout and stderr on a pseudo-terminal, as in a shell."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "companion", *args], cwd=REPO,
                            stdout=follower, stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the command ended and closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return proc.wait(timeout=120), b"".join(chunks).decode("utf-8", "replace")


def test_ansi_escapes_in_a_name_are_refused_and_shown_not_obeyed_on_a_terminal(tmp_path):
    record = tmp_path / "game.jsonl"
    record.write_text(record_with_names({"red": "\x1b[2J\x1b]0;pwned\x07Mallory",
                                         "blue": "Jonas"}))
    status, out = run_on_a_terminal(["replay", str(record), "--state-dir", str(tmp_path)])
    # A name must be printable (docs/record-format.md, "Names"): the refusal names it.
    assert status == 3, out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b[2J\\x1b]0;pwned\\x07Mallory" in out and "line 1" in out


def test_score_escapes_a_name_on_a_terminal(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text('players:\n  red: {name: "\\e[31mRed", track: 5}\n  blue: {track: 1}\n')
    status, out = run_on_a_terminal(["score", str(table), "--state-dir", str(tmp_path)])
    assert status == 0, out
    assert "\x1b" not in out and "\\x1b[31mRed" in out


def test_a_lone_surrogate_is_a_bad_line_not_a_crash(tmp_path):
    with pytest.raises(RecordError) as refused:
        parse_line(json.dumps({**SETUP, "names": {"red": "A\ud800"}}))
    assert refused.value.code == "line_lone_surrogate"
    record = tmp_path / "game.jsonl"
    record.write_text(record_with_names({"red": "A\ud800"}), encoding="utf-8",
                      errors="surrogatepass")
    # json.dumps wrote it as the escape \\ud800, as an attacker would.
    assert "\\ud800" in record.read_text()
    proc = subprocess.run([sys.executable, "-m", "companion", "replay", str(record),
                           "--state-dir", str(tmp_path)], capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert proc.returncode == 3, proc.stderr
    assert "line 1:" in proc.stderr and "Traceback" not in proc.stderr


def test_a_lone_surrogate_in_a_score_table_is_named(tmp_path):
    table = tmp_path / "table.yaml"
    table.write_text('players:\n  red: {name: "A\\ud800"}\n  blue: {}\n')
    proc = subprocess.run([sys.executable, "-m", "companion", "score", str(table),
                           "--state-dir", str(tmp_path)], capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert proc.returncode == 2
    assert f"{table}:2: players.red.name:" in proc.stderr and "Traceback" not in proc.stderr


def test_the_nfc_and_nfd_spellings_of_a_name_are_one():
    nfd = unicodedata.normalize("NFD", "Zoë")
    assert nfd != "Zoë"
    setup = parse_line(json.dumps({**SETUP, "names": {"red": nfd}}, ensure_ascii=False))
    assert setup.names == {"red": "Zoë"}


@pytest.mark.parametrize("line", [
    '{"type": "place", "player": "red", "player": "blue", "slot": 1}',
    '{"type":"place","player" :"red","player":"blue","slot":1}',
    '{"type": "setup", "players": ["red", "blue"], "first": "red", '
    '"names": {"red": "A", "red": "B"}}',
    '{"type": "place", "type": "pass", "player": "red", "slot": 1}',
])
def test_a_key_given_twice_is_refused(line):
    with pytest.raises(RecordError) as refused:
        parse_line(line)
    assert refused.value.code == "line_duplicate_key"


def test_colons_in_values_are_no_duplicate():
    action = parse_line('{"type": "adjust", "player": "red", "reason": "a:b:c", "coins": 1}')
    assert action.reason == "a:b:c"


def test_feed_refuses_an_escape_in_a_name_and_shows_it_escaped(tmp_path):
    record = tmp_path / "game.jsonl"
    lines = record_with_names({"red": "\x1b[31mEvil", "blue": "Jonas"}).splitlines()
    record.write_text("\n".join(lines[:20]) + "\n")
    state = tmp_path / "state"
    status, out = run_on_a_terminal(["feed", str(record), "--state-dir", str(state)])
    assert status != 0, out
    assert "\x1b" not in out and "\\x1b[31mEvil" in out and "Traceback" not in out
    assert not (state / "current-game.v2.jsonl").exists()
