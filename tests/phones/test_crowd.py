"""`serve` on a crowded or hostile Wi-Fi: connections are capped in all and per address,
a request's head must come quickly, the token is checked before anything else is done,
and a phone that goes silent frees its stream. The real command, as its own process."""

from __future__ import annotations

import http.client
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.phones import server
from companion.store import GameSession
from tests.phones.phonetools import REPO, catalogue, record_actions, serve_process, wait_for_url

RECORD = "third-fire-ending.jsonl"


def start_game(state_dir: Path) -> None:
    actions = record_actions(RECORD)
    session = GameSession.start(state_dir, catalogue(), actions[0])  # type: ignore[arg-type]
    for action in actions[1:6]:
        session.submit(action)
    session.close()


def threads_of(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    raise AssertionError("no Threads line")


def ask(host: str, port: int, path: str, source: str) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(host, port, timeout=30, source_address=(source, 0))
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        connection.close()


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closed `sock` (EOF or a reset) within `within` seconds."""
    end = time.monotonic() + within
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([sock], [], [], left)
        if ready:
            try:
                if sock.recv(4096) == b"":
                    return True
            except OSError:
                return True
    return False


def test_a_crowd_of_idle_and_slow_connections_never_keeps_a_phone_out(tmp_path):
    """200 idle connections and 20 clients sending one byte a second, all from one address:
    a phone with the token is answered at once (from another address, and from the crowd's
    own), the server's threads stay few, the slow clients are cut, and the refusals are a
    log line each, never a traceback."""
    state_dir = tmp_path / "state"
    start_game(state_dir)
    process = serve_process(state_dir)
    try:
        url = wait_for_url(process)
        host, port = url.split("//")[1].split("/")[0].split(":")
        token = url.rsplit("t=", 1)[1]
        crowd = [socket.create_connection((host, int(port)), timeout=30) for _ in range(200)]
        slow = [socket.create_connection((host, int(port)), timeout=30) for _ in range(20)]
        request = f"GET /?t={token} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        stop = threading.Event()

        def trickle() -> None:  # one byte a second each: never a whole head
            for index in range(len(request) - 4):
                for sock in slow:
                    try:
                        sock.send(request[index:index + 1])
                    except OSError:
                        pass
                if stop.wait(1.0):
                    return

        trickler = threading.Thread(target=trickle, daemon=True)
        trickler.start()
        for source in ("127.0.0.2", "127.0.0.1"):  # a phone elsewhere; one in the crowd
            t0 = time.monotonic()
            status, headers, body = ask(host, int(port), f"/state.json?t={token}", source)
            took = time.monotonic() - t0
            assert status == 200 and b'"game"' in body, source
            assert took < 1.0, (source, took)  # a liveness bound, generous for a LAN answer
        # The crowd holds no threads: the acceptor, the watcher and the workers only.
        assert threads_of(process.pid) <= server.WORKERS + 3
        # A client that never completes its request is cut after HEADER_TIMEOUT_S, however
        # often it sends a byte (it sends one a second here).
        for sock in slow:
            assert closed_by_server(sock, server.HEADER_TIMEOUT_S + 25), "a slow client kept"
        stop.set()
        trickler.join(timeout=30)
        # Still answering, with the crowd's survivors still connected.
        assert ask(host, int(port), f"/?t={token}", "127.0.0.3")[0] == 200
        for sock in crowd + slow:
            sock.close()
    finally:
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    assert "Traceback" not in err, err
    assert "too many connections from 127.0.0.1" in err
    assert "sent no whole request" in err


def test_error_answers_carry_the_security_headers_and_streams_are_capped(tmp_path):
    """400, 403, 414, 431, 501, 505 and 503 (every stream slot taken) carry the headers
    every answer does; a wrong token is refused before the request's headers are in."""
    state_dir = tmp_path / "state"
    start_game(state_dir)
    process = serve_process(state_dir)
    try:
        url = wait_for_url(process)
        host, port = url.split("//")[1].split("/")[0].split(":")
        token = url.rsplit("t=", 1)[1]

        def raw(request: bytes) -> tuple[int, dict[str, str]]:
            with socket.create_connection((host, int(port)), timeout=30) as sock:
                sock.sendall(request)
                data = b""
                while chunk := sock.recv(65536):
                    data += chunk
            head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
            headers = dict(line.split(": ", 1) for line in head[1:])
            return int(head[0].split()[1]), headers

        cases = {
            414: b"GET /?t=" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n",
            431: f"GET /?t={token} HTTP/1.1\r\n".encode() + b"X-Long: " + b"a" * 9000 + b"\r\n\r\n",
            400: b"NONSENSE\r\n\r\n",
            403: b"GET /state.json HTTP/1.1\r\n\r\n",
            501: f"BREW /?t={token} HTTP/1.1\r\n\r\n".encode(),
            505: f"GET /?t={token} HTTP/2.0\r\n\r\n".encode(),
        }
        # A wrong token is refused as soon as the request line is in, headers or not.
        with socket.create_connection((host, int(port)), timeout=30) as sock:
            sock.sendall(b"GET /state.json?t=" + b"0" * 32 + b" HTTP/1.1\r\nHost: x\r\n")
            assert sock.recv(65536).startswith(b"HTTP/1.0 403 ")
        # Every stream slot taken: one more phone gets 503 (the others go on).
        streams = []
        for _ in range(server.MAX_STREAMS):
            sock = socket.create_connection((host, int(port)), timeout=30)
            sock.sendall(f"GET /events?t={token} HTTP/1.1\r\n\r\n".encode())
            assert sock.recv(65536).startswith(b"HTTP/1.0 200 ")
            streams.append(sock)
        cases[503] = f"GET /events?t={token} HTTP/1.1\r\n\r\n".encode()
        for status, request in cases.items():
            got, headers = raw(request)
            assert got == status, (status, got)
            for name, value in server.SECURITY_HEADERS.items():
                assert headers.get(name) == value, (status, name)
            assert headers["Server"] == server.SERVER_NAME
        for sock in streams:
            sock.close()
    finally:
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    assert "Traceback" not in err, err


HELPER = r"""
import json, socket, subprocess, sys, threading, time
from pathlib import Path
subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
from companion.phones import server
from companion.store.phones import read_token
from companion.config.cards import load_catalogue
from companion.paths import SHIPPED_CONFIG_DIR
server.KEEPALIVE_S, server.DEAD_PEER_S = 1.0, 2.0  # the real ones: 5 s and 15 s
state_dir = Path(sys.argv[1])
httpd = server.make_server(state_dir, load_catalogue(SHIPPED_CONFIG_DIR), lambda s: {},
                           lambda: read_token(state_dir), "127.0.0.1", 0)
threading.Thread(target=server.serve, args=(httpd,), daemon=True).start()
phone = socket.create_connection(httpd.server_address, timeout=30)
phone.sendall(f"GET /events?t={read_token(state_dir)} HTTP/1.1\r\n\r\n".encode())
while b"data: " not in phone.recv(65536):
    pass
held = httpd.streams._value
subprocess.run(["ip", "link", "set", "lo", "down"], check=True)  # the phone is gone, silently
t0 = time.monotonic()
while httpd.streams._value == held and time.monotonic() - t0 < 60:
    time.sleep(0.05)
print(json.dumps({"held": server.MAX_STREAMS - held, "freed_after": time.monotonic() - t0,
                  "free": httpd.streams._value}))
"""


@pytest.mark.skipif(subprocess.run(["unshare", "-rn", "true"], capture_output=True).returncode,
                    reason="needs unprivileged user namespaces (unshare -rn)")
def test_a_phone_gone_silent_frees_its_stream_slot(tmp_path):
    """A phone that vanishes from the network mid-stream (no FIN, no reset: the loopback
    of a private network namespace taken down) frees its slot within KEEPALIVE_S +
    DEAD_PEER_S (run with 1 s and 2 s; the real 5 s and 15 s make 20 s, under 30)."""
    import json

    state_dir = tmp_path / "state"
    start_game(state_dir)
    out = subprocess.run(["unshare", "-rn", sys.executable, "-c", HELPER, str(state_dir)],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(REPO)}, check=False)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["held"] == 1 and result["free"] == server.MAX_STREAMS
    assert result["freed_after"] < 1.0 + 2.0 + 1.0 + 5.0, result  # a keepalive, the timeout
    assert "Traceback" not in out.stderr
    assert server.KEEPALIVE_S + server.DEAD_PEER_S + server.KEEPALIVE_S <= 30
