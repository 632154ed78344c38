"""Helpers the club's tests share: named, timed games and the command line."""

from __future__ import annotations

from functools import cache

from companion.engine import Setup
from companion.engine.simulate import random_game
from tests.store.storetools import shipped_catalogue

#: The club's regulars; each game seats some of them.
PEOPLE = ("Anna", "Ben", "Clara", "Deniz", "Emil")


@cache
def named_game(seed: int, names: tuple[str, ...]) -> str:
    """A random whole game (as a record without times) whose seats carry `names`."""
    actions, _state = random_game(shipped_catalogue(), len(names), seed=seed, form="quick")
    setup = actions[0]
    assert isinstance(setup, Setup)
    named = Setup(players=setup.players, first=setup.first,
                  names=dict(zip(setup.players, names, strict=True)))
    return "".join(a.to_line() + "\n" for a in [named, *actions[1:]])


def timed(record: str, start_minute: int) -> str:
    """The record with a "t" on every line: a game that started at 19:00 + `start_minute`
    on 2026-11-20 and took a second per action (so games end in a known order)."""
    import json

    out = []
    for index, line in enumerate(record.splitlines()):
        data = json.loads(line)
        seconds = start_minute * 60 + index
        data["t"] = f"2026-11-20T{19 + seconds // 3600:02d}:{seconds // 60 % 60:02d}:" \
                    f"{seconds % 60:02d}.000Z"
        out.append(json.dumps(data, ensure_ascii=False))
    return "\n".join(out) + "\n"


class ClubProcess:
    """`club serve` as a process of its own, as systemd runs it; `url` once it listens."""

    def __init__(self, db_url: str, port: int = 0) -> None:
        import subprocess
        import sys

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "club", "serve", "--db", db_url,
             "--bind", "127.0.0.1", "--port", str(port)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # printed once listening: readiness, not a time
        if not line.startswith("URL "):
            self.proc.kill()
            raise AssertionError(f"club serve did not start: {line!r} {self.proc.stderr.read()}")
        self.url = line.split(" ", 1)[1].strip()
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)
        self.close()

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=30)
        self.close()

    def close(self) -> None:
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
