"""The club's outbox: finished games waiting to be sent to the club (docs/club.md).

When a game finishes on a table whose configuration names a club, its record is
written here (`OUTBOX_DIR/<key>.jsonl`, durably, by the writer that holds the state
directory's lock) before the history is told. `send_waiting` sends what waits, oldest
first, each in one HTTP request with the table's token, and removes a game only once
the club has answered that it is stored (201) or was already there (200). A game the
club refuses for good (damaged, illegal, another record of the same game: 413, 409,
422) moves to `REFUSED_DIR` with the club's reason beside it, so it never blocks the
others and is never lost. Anything else (no network, the club's server down, a wrong
token) leaves the game waiting for the next try. Standard library only: a table never
needs the club's packages.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from pathlib import Path

from companion.engine.record import MAX_RECORD_BYTES
from companion.fsio import atomic_write, describe, fsync_dir, move, read_bounded
from companion.store.errors import StorageError

log = logging.getLogger(__name__)

OUTBOX_DIR = "club-outbox"
REFUSED_DIR = "refused"
#: How long one request may take: a record is at most 2 MiB and a club is on the LAN, but a
#: game that arrives months late is rated again with every game after it (24 s after
#: 100,000 games: benchmarks/RESULTS.md). A request that times out is sent again later.
TIMEOUT_S = 120.0
#: The path games are posted to, below the club's address.
API_PATH = "api/games"


def outbox(state_dir: Path) -> Path:
    return Path(state_dir) / OUTBOX_DIR


def put(state_dir: Path, key: str, record: str) -> None:
    """Keep a finished game for the club (again: the same file); StorageError if it cannot."""
    folder = outbox(state_dir)
    try:
        if not folder.is_dir():
            folder.mkdir()
            fsync_dir(Path(state_dir))
        atomic_write(folder / f"{key}.jsonl", record.encode("utf-8"), mode=0o600)
    except OSError as exc:
        raise StorageError(f"cannot keep the finished game for the club in {folder}: "
                           f"{describe(exc)}") from None


def take_back(state_dir: Path, key: str) -> None:
    """A finished game was reopened (an undo after the end): it waits no more."""
    path = outbox(state_dir) / f"{key}.jsonl"
    try:
        path.unlink()
        fsync_dir(path.parent)
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("cannot take %s back from the club's outbox: %s", path, describe(exc))


def waiting(state_dir: Path) -> list[Path]:
    """The games waiting for the club, oldest first (cheap: one listing of a folder)."""
    try:
        entries = list(os.scandir(outbox(state_dir)))
    except OSError:
        return []
    files = []
    for entry in entries:
        if entry.name.endswith(".jsonl") and entry.is_file(follow_symlinks=False):
            try:
                files.append((entry.stat().st_mtime_ns, entry.name, Path(entry.path)))
            except OSError:
                continue
    return [path for _mtime, _name, path in sorted(files)]


def count(state_dir: Path) -> int:
    return len(waiting(state_dir))


class Answer:
    """What the club said to one game: `done` (remove it), `refused` (set it aside),
    or neither (try again later), with the reason."""

    def __init__(self, status: int | None, reason: str) -> None:
        self.status = status
        self.reason = reason

    @property
    def done(self) -> bool:
        return self.status in (200, 201)

    @property
    def refused(self) -> bool:
        return self.status in (409, 413, 422)


def post(url: str, token: str, data: bytes, timeout: float = TIMEOUT_S) -> Answer:
    """Send one record to the club; its answer (never raises for the network)."""
    import urllib.error
    import urllib.request

    target = url.rstrip("/") + "/" + API_PATH
    request = urllib.request.Request(target, data=data, method="POST", headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/x-ndjson"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
            body = response.read(65536)
            return Answer(response.status, _reason(body))
    except urllib.error.HTTPError as exc:
        try:
            body = exc.read(65536)
        except OSError:
            body = b""
        return Answer(exc.code, _reason(body) or f"HTTP {exc.code}")
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        return Answer(None, f"the club cannot be reached ({reason})")


def _reason(body: bytes) -> str:
    try:
        data = json.loads(body)
    except ValueError:
        return ""
    if not isinstance(data, dict):
        return ""
    return str(data.get("reason") or data.get("status") or "")


def _set_aside(path: Path, reason: str) -> None:
    folder = path.parent / REFUSED_DIR
    folder.mkdir(exist_ok=True)
    atomic_write(folder / (path.stem + ".reason.txt"), reason + "\n")
    move(path, folder / path.name)


def send_waiting(state_dir: Path, url: str, token: str,
                 sender: Callable[[str, str, bytes], Answer] | None = None,
                 ) -> tuple[int, int, str | None, list[tuple[str, str]]]:
    """Send the waiting games now: (sent, still waiting, why the rest waits or None, the
    games the club refused now with its reasons).

    Stops at the first game the club does not answer for (the network, a wrong token):
    the others would meet the same."""
    send = sender or post
    sent = 0
    problem: str | None = None
    refused: list[tuple[str, str]] = []
    for path in waiting(state_dir):
        try:
            data = read_bounded(path, MAX_RECORD_BYTES)
        except FileNotFoundError:
            continue  # sent meanwhile by another sender (the app beside `sync`)
        except OSError as exc:
            problem = f"cannot read {path}: {describe(exc)}"
            break
        if len(data) > MAX_RECORD_BYTES:  # not a game the table wrote: the club refuses it
            reason = f"larger than a game's record may be ({MAX_RECORD_BYTES} bytes)"
            log.warning("%s: %s; set aside", path.name, reason)
            try:
                _set_aside(path, reason)
            except OSError as exc:
                problem = f"cannot update the club's outbox: {describe(exc)}"
                break
            refused.append((path.stem, reason))
            continue
        answer = send(url, token, data)
        try:
            if answer.done:
                path.unlink(missing_ok=True)
                fsync_dir(path.parent)
                sent += 1
            elif answer.refused:
                log.warning("the club refused %s: %s", path.name, answer.reason)
                _set_aside(path, answer.reason)
                refused.append((path.stem, answer.reason))
            else:
                problem = ("the club refused the table's token (HTTP 403): give the table a "
                           "new token with `club add-table`" if answer.status == 403
                           else answer.reason or f"the club answered HTTP {answer.status}")
                break
        except OSError as exc:
            problem = f"cannot update the club's outbox: {describe(exc)}"
            break
    return sent, count(state_dir), problem, refused


__all__ = ["OUTBOX_DIR", "REFUSED_DIR", "Answer", "count", "outbox", "post", "put",
           "send_waiting", "take_back", "waiting"]
