"""Helpers of the phones' page tests: a game fed through the real session, `serve` as a
process of its own (the real command), and the page's addresses."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.config.cards import load_catalogue
from companion.engine import Action, Catalogue, parse_line, replay
from companion.engine.record import split_lines
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store.phones import read_token

RECORDS = Path(__file__).resolve().parent.parent / "records"
REPO = Path(__file__).resolve().parent.parent.parent


def catalogue() -> Catalogue:
    return load_catalogue(SHIPPED_CONFIG_DIR)


def record_actions(name: str, unconfirmed: tuple[str, ...] = (),
                   names: dict[str, str] | None = None) -> list[Action]:
    """The actions of a record of tests/records (setup first); the printed values of the
    `unconfirmed` cards pinned as placeholders (``"verified": false``), as a game with
    cards nobody has confirmed yet is; `names`: the players' names given at setup."""
    import json

    text = (RECORDS / name).read_text(encoding="utf-8")
    lines = [str(line) for _number, line in split_lines(text)]
    setup = json.loads(lines[0])
    for card_id in unconfirmed:
        setup["cards"][card_id]["verified"] = False
    if names:
        setup["names"] = names
    lines[0] = json.dumps(setup)
    return [parse_line(line) for line in lines]


def expected_state(actions: list[Action], count: int, cat: Catalogue) -> dict:
    """What `replay` says after the setup and `count` actions."""
    text = "".join(a.to_line() + "\n" for a in actions[: count + 1])
    state = replay(text, cat).state
    assert state is not None
    return state.to_json()


@dataclass
class Served:
    process: subprocess.Popen[str]
    url: str

    @property
    def base(self) -> str:
        return self.url.split("/?", 1)[0]

    @property
    def token(self) -> str:
        return self.url.rsplit("t=", 1)[1]

    def at(self, path: str, token: str | None = "") -> str:
        """`path` on the server, with the table's token (or `token`; None: without one)."""
        if token == "":
            token = self.token
        if token is None:
            return self.base + path
        return self.base + path + ("&" if "?" in path else "?") + "t=" + token


#: Runs a command with the folder "$0" read-only to it (a read-only bind mount in a mount
#: namespace of its own, as the unit's ReadOnlyPaths= does; root there cannot write either).
READ_ONLY = ["unshare", "-rm", "sh", "-c",
             'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"']


def can_read_only() -> bool:
    """Whether this machine lets `READ_ONLY` run (unprivileged user namespaces)."""
    try:
        return subprocess.run([*READ_ONLY[:-1], READ_ONLY[-1], "/tmp", "true"],
                              capture_output=True, timeout=30).returncode == 0
    except OSError:
        return False


def serve_process(state_dir: Path, port: int = 0, *, read_only: bool = False
                  ) -> subprocess.Popen[str]:
    """`serve` as a process of its own; `read_only`: with the state directory read-only."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    env.pop("NOTIFY_SOCKET", None)
    command = [sys.executable, "-m", "companion", "serve", "--state-dir", str(state_dir),
               "--config", str(SHIPPED_CONFIG_DIR), "--bind", "127.0.0.1", "--port", str(port)]
    if read_only:
        command = [*READ_ONLY, str(state_dir), *command]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)


def wait_for_url(process: subprocess.Popen[str]) -> str:
    """The `URL ...` line `serve` prints once it listens (readiness, not a delay)."""
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith("URL "):
        process.kill()
        _out, err = process.communicate(timeout=30)
        raise AssertionError(f"serve did not start: {line!r} {err!r}")
    return line.split(" ", 1)[1].strip()


@contextmanager
def serving(state_dir: Path, *, read_only: bool = False) -> Iterator[Served]:
    """`serve` on an ephemeral loopback port for the game in `state_dir`."""
    assert read_token(state_dir) is not None, "start a game first: the session makes the token"
    process = serve_process(state_dir, read_only=read_only)
    try:
        yield Served(process, wait_for_url(process))
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.communicate(timeout=30)


def until(served: Served, wanted: Callable[[dict[str, Any]], bool],
          within: float = 120.0) -> dict[str, Any]:
    """The page's data once `wanted(data)`: read from a fresh `/events` stream, which sends
    the current data at once and then every change (readiness, not a delay; `within`
    seconds at most, as the stream's comments would keep it open for ever)."""
    import json
    import time

    end = time.monotonic() + within
    last = None
    with urllib.request.urlopen(served.at("/events"), timeout=30) as stream:
        for raw in stream:
            if raw.startswith(b"data: "):
                last = json.loads(raw[6:])
                if wanted(last):
                    return last  # type: ignore[no-any-return]
            if time.monotonic() > end:
                raise AssertionError(f"not shown within {within} s; last: {last!r}"[:2000])
    raise AssertionError("the stream ended")


def get(url: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of one request; an HTTP error is an answer, not an exception."""
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def rss_kib(pid: int) -> int:
    """The resident memory of a process, in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")
