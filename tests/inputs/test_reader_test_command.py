"""`reader-test` end to end: a subprocess reading a pty, as an owner would run it."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.cli import main
from tests.inputs.inputs_support import noise_chunk, rdm6300_frames

ROOT = Path(__file__).resolve().parents[2]


#: Only reached when something is broken: the readiness of the command is awaited, and
#: pytest-timeout (pyproject.toml) bounds the whole test.
KILL_AFTER_S = 240.0


def start(args: list[str], tmp_path: Path) -> subprocess.Popen:
    """Start reader-test; it is killed after a generous time so no read can hang the suite."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "reader-test", "--state-dir", str(tmp_path), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    watchdog = threading.Timer(KILL_AFTER_S, proc.kill)
    watchdog.daemon = True
    watchdog.start()
    return proc


def wait_until_ready(proc: subprocess.Popen) -> None:
    """Wait for the READY line: the port is open and settled, a card shown now is read."""
    line = proc.stdout.readline()
    assert line == "READY\n", (line, proc.stderr.read() if proc.poll() is not None else "")


@pytest.mark.parametrize("framing", ["rdm6300", "line"])
def test_reader_test_prints_tags_and_rejects_then_ends_with_the_port(
    make_pty, tmp_path: Path, framing: str
) -> None:
    pty = make_pty()
    proc = start(["--port", pty.name, "--framing", framing, "--settle", "0"], tmp_path)
    try:
        wait_until_ready(proc)
        if framing == "rdm6300":
            frames = [f for f, _ in rdm6300_frames(3)]
            tags = [t for _, t in rdm6300_frames(3)]
            bad = b"\x0262E3086CED09\x03"  # wrong checksum
        else:
            frames = [b"Card UID: 04 A2 3B 1C\r\n", b"4006381333931\n", b"de:ad:be:ef:01\r"]
            tags = ["04A23B1C", "4006381333931", "DEADBEEF01"]
            bad = b"PICC type: MIFARE 1KB\r\n"
        rng = random.Random(3)
        pty.write(frames[0] + bad + frames[1] + noise_chunk(rng, 5000) + b"\n" + frames[2])
        lines = []
        for _ in range(len(tags)):
            line = proc.stdout.readline()
            while line.startswith("REJECT"):
                lines.append(line)
                line = proc.stdout.readline()
            lines.append(line)
        assert [ln.split()[1] for ln in lines if ln.startswith("TAG ")] == tags
        assert any(ln.startswith("REJECT ") for ln in lines)
        # Closing the other end of the pty ends the command, cleanly.
        pty.close()
        out, err = proc.communicate(timeout=KILL_AFTER_S)
        assert proc.returncode == 0, err
        assert "Traceback" not in err
        assert "TAG" not in out
    finally:
        proc.kill()
        proc.wait()


def test_reader_test_count_stops_after_n_tags(make_pty, tmp_path: Path) -> None:
    pty = make_pty()
    proc = start(["--port", pty.name, "--settle", "0", "--count", "2"], tmp_path)
    try:
        wait_until_ready(proc)
        pty.write(b"".join(f for f, _ in rdm6300_frames(3)))
        out, err = proc.communicate(timeout=KILL_AFTER_S)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 0, err
    assert out.splitlines() == [f"TAG {t}" for _, t in rdm6300_frames(2)]



def test_reader_test_timeout_before_count_fails(make_pty, capsys) -> None:
    pty = make_pty()
    status = main(
        ["reader-test", "--port", pty.name, "--settle", "0", "--count", "1", "--timeout", "0.3"],
    )
    assert status == 1
    assert "0 of 1 tags" in capsys.readouterr().err


def test_reader_test_on_a_missing_port_is_an_error_not_a_traceback(tmp_path, capsys) -> None:
    status = main(["reader-test", "--port", str(tmp_path / "nothing"), "--settle", "0"])
    err = capsys.readouterr().err
    assert status == 1
    assert err.strip().splitlines()[-1].startswith("error: cannot open the card reader")
    assert "Traceback" not in err


def test_reader_test_says_ready_after_the_settle_and_reads_a_card_shown_then(
    make_pty, tmp_path: Path
) -> None:
    pty = make_pty()
    # Sent while the reader settles: an Arduino's start-up chatter, dropped with the settle.
    pty.write(rdm6300_frames(1)[0][0])
    proc = start(["--port", pty.name, "--settle", "0.5", "--count", "1"], tmp_path)
    try:
        wait_until_ready(proc)
        frame, tag = rdm6300_frames(2)[1]
        pty.write(frame)
        out, err = proc.communicate(timeout=KILL_AFTER_S)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 0, err
    assert out.splitlines() == [f"TAG {tag}"]


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--timeout", "inf", "--timeout must be a number of seconds"),
        ("--timeout", "nan", "--timeout must be a number of seconds"),
        ("--timeout", "0", "--timeout 0 is out of range"),
        ("--timeout", "1e300", "--timeout 1e+300 is out of range"),
        ("--settle", "1e300", "--settle 1e+300 is out of range"),
        ("--settle", "nan", "--settle must be a number of seconds"),
        ("--settle", "-1", "--settle -1 is out of range"),
        ("--repeat-suppress", "inf", "--repeat-suppress must be a number"),
        ("--baudrate", "12345", "--baudrate 12345 is not a standard rate"),
    ],
)
def test_reader_test_refuses_numbers_that_are_not_finite_or_in_range(
    tmp_path, capsys, option, value, words
) -> None:
    status = main(["reader-test", "--state-dir", str(tmp_path), "--port", "loop://",
                   option, value])
    err = capsys.readouterr().err
    assert status == 2, err
    assert words in err
