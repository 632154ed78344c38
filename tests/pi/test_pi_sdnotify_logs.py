"""sd_notify over a real datagram socket, and log lines with journald priorities."""

from __future__ import annotations

import io
import logging
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import logs, sdnotify
from companion.errors import ConfigError


@pytest.fixture
def systemd_socket(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[socket.socket]:
    """A socket standing in for systemd's, named in $NOTIFY_SOCKET (a path or "@abstract")."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if getattr(request, "param", "path") == "abstract":
        name = f"companion-test-{os.getpid()}-{id(sock)}"
        sock.bind("\0" + name)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
    else:
        path = tmp_path / "notify"
        sock.bind(str(path))
        monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    sock.settimeout(2)
    sdnotify._reset()
    yield sock
    sock.close()
    sdnotify._reset()


def received(sock: socket.socket) -> list[str]:
    out = []
    sock.setblocking(False)
    try:
        while True:
            out.append(sock.recv(4096).decode())
    except BlockingIOError:
        pass
    finally:
        sock.settimeout(2)
    return out


@pytest.mark.parametrize("systemd_socket", ["path", "abstract"], indirect=True)
def test_ready_and_status_reach_systemd(systemd_socket: socket.socket) -> None:
    assert sdnotify.ready()
    assert sdnotify.status("game 3, round 2\nsecond line")
    assert received(systemd_socket) == ["READY=1", "STATUS=game 3, round 2 second line"]


def test_everything_is_a_no_op_outside_systemd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.setenv("WATCHDOG_USEC", "1000000")
    assert sdnotify.ready() is False
    assert sdnotify.watchdog() is False
    assert sdnotify.status("x") is False


def test_a_vanished_socket_is_not_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "gone"))
    assert sdnotify.ready() is False


def test_watchdog_pings_at_half_the_interval(
    systemd_socket: socket.socket, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WATCHDOG_USEC", str(30_000_000))
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    sent = [t for t in (0.0, 0.016, 5.0, 14.9, 15.0, 15.1, 29.0, 30.1) if sdnotify.watchdog(now=t)]
    assert sent == [0.0, 15.0, 30.1]
    assert received(systemd_socket) == ["WATCHDOG=1"] * 3


def test_watchdog_for_another_process_is_ignored(
    systemd_socket: socket.socket, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WATCHDOG_USEC", "30000000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid() + 1))
    assert sdnotify.watchdog(now=0.0) is False
    monkeypatch.delenv("WATCHDOG_USEC")
    monkeypatch.delenv("WATCHDOG_PID")
    assert sdnotify.watchdog(now=0.0) is False
    assert received(systemd_socket) == []


# ----------------------------------------------------------------------------------- logs


@pytest.fixture
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_journal_lines_carry_syslog_priorities(
    monkeypatch: pytest.MonkeyPatch, restore_logging: None
) -> None:
    monkeypatch.setenv("JOURNAL_STREAM", "0:0")
    stream = io.StringIO()
    logs.setup_logging("debug", stream=stream)
    log = logging.getLogger("companion.test")
    log.debug("d")
    log.info("i")
    log.warning("w")
    log.error("e")
    log.critical("c")
    assert stream.getvalue().splitlines() == [
        "<7>companion.test: d", "<6>companion.test: i", "<4>companion.test: w",
        "<3>companion.test: e", "<2>companion.test: c",
    ]


def test_a_bug_keeps_its_traceback_every_line_prefixed(
    monkeypatch: pytest.MonkeyPatch, restore_logging: None
) -> None:
    monkeypatch.setenv("JOURNAL_STREAM", "0:0")
    stream = io.StringIO()
    logs.setup_logging("info", stream=stream)
    try:
        raise ZeroDivisionError("oops")
    except ZeroDivisionError:
        logging.getLogger("companion").exception("unexpected error")
    lines = stream.getvalue().splitlines()
    assert lines[0] == "<3>companion: unexpected error"
    assert "<3>Traceback (most recent call last):" in lines
    assert all(line.startswith("<3>") for line in lines)


def test_an_expected_fault_has_no_traceback(
    monkeypatch: pytest.MonkeyPatch, restore_logging: None
) -> None:
    monkeypatch.delenv("JOURNAL_STREAM", raising=False)
    stream = io.StringIO()
    logs.setup_logging("info", stream=stream)
    try:
        raise ConfigError("hardware.yaml:9: buttons.debounce_ms: must be a whole number")
    except ConfigError:
        logging.getLogger("companion.app").exception("cannot start")
    text = stream.getvalue()
    assert "Traceback" not in text
    assert text.rstrip().endswith(
        "ERROR companion.app: cannot start: hardware.yaml:9: buttons.debounce_ms: "
        "must be a whole number"
    )


def test_journal_stream_of_another_file_means_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restore_logging: None
) -> None:
    with open(tmp_path / "log", "w") as f:
        monkeypatch.setenv("JOURNAL_STREAM", "1:2")
        assert logs.under_journald(f) is False
        st = os.fstat(f.fileno())
        monkeypatch.setenv("JOURNAL_STREAM", f"{st.st_dev}:{st.st_ino}")
        assert logs.under_journald(f) is True


def test_calling_setup_again_replaces_the_handler(restore_logging: None) -> None:
    logs.setup_logging("info", stream=io.StringIO())
    logs.setup_logging("warning", stream=io.StringIO())
    ours = [h for h in logging.getLogger().handlers if h.get_name() == "companion"]
    assert len(ours) == 1
    assert logging.getLogger().level == logging.WARNING


def test_an_unknown_level_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="log_level: 'loud'"):
        logs.setup_logging("loud")
