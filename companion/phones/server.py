"""`serve`: the phones' live page, a reader of the state directory (docs/phones.md).

A `Table` watches the journal cheaply (one `stat` of the state directory and
one of the journal every `POLL_S`) and, when either changes, reads it back
with the same code the app resumes with (`companion.store.current_game`:
no lock, nothing written, a torn tail left out), replays it with the engine
and keeps the page's data (`companion.phones.view`) as one JSON text with a
version number. A new game, an undo and a torn tail are all just a changed
file. Damage keeps the last good state on the page with a note.

`Handler` serves a fixed set of paths (`PAGES`, the package's `pages/` files,
`/words/<lang>.json`, `/state.json` and `/events`), GET and HEAD only, each
only with the table's token in `t=` (compared in constant time; otherwise
403), with strict security headers. `/events` is a Server-Sent Events stream:
the current data at once, then each new version, and a comment every
`KEEPALIVE_S` so a dead phone is noticed; a rotated token ends it; the browser's EventSource
reconnects by itself after a lost Wi-Fi. Requests are not logged: their
addresses carry the token.
"""

from __future__ import annotations

import hmac
import html
import json
import logging
import os
import re
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion.engine import Catalogue
from companion.errors import CompanionError
from companion.languages import LANGUAGES
from companion.phones import view as views
from companion.phones import words as page_words
from companion.store import current_game
from companion.store.journal import journal_path

log = logging.getLogger("companion.phones")

POLL_S = 0.1
KEEPALIVE_S = 15.0
#: More open streams than this are refused (503): six phones, with room for reloads.
MAX_STREAMS = 48
#: A phone that takes longer than this to take a write is gone (its stream ends).
SOCKET_TIMEOUT_S = 30.0

#: Path -> (package file, content type). Nothing else is served.
PAGES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
_WORDS_RE = re.compile(r"/words/([a-z]{2})\.json\Z")

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "Cache-Control": "no-store",
}


def _signature(state_dir: Path) -> tuple[Any, ...]:
    """What changes when the game does: the folder (a new or replaced journal) and the journal."""
    out: list[Any] = []
    for path in (state_dir, journal_path(state_dir)):
        try:
            st = os.stat(path)
        except OSError:
            out.append(None)
            continue
        out.append((path.name, st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(out)


class Table:
    """The game in a state directory, read back whenever it changes (never written)."""

    def __init__(self, state_dir: Path, catalogue: Catalogue, names: views.Names) -> None:
        self.state_dir = Path(state_dir)
        self.catalogue = catalogue
        self.names = names
        self.version = 0
        self.data = b"{}"
        self._last: dict[str, Any] | None = None
        self._signature: tuple[Any, ...] | None = None
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self.refresh()

    def refresh(self) -> bool:
        """Read the journal again if it changed; whether the page's data changed."""
        signature = _signature(self.state_dir)
        if signature == self._signature:
            return False
        self._signature = signature
        try:
            scan = current_game(self.state_dir, self.catalogue)
            data = views.view(scan, self.names)  # a torn tail is left out, as the app does
        except CompanionError as exc:
            # Damage or a newer format: keep showing the last good game, and say why.
            data = dict(self._last or views.view(None, self.names))
            data["problem"] = exc.message
            log.warning("%s", exc.message)
        except Exception:  # noqa: BLE001 - a reader must never stop on a file it cannot read
            log.exception("cannot read the game in %s", self.state_dir)
            return False
        if data.get("problem") is None:
            self._last = data
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        with self._changed:
            if text == self.data:
                return False
            self.version += 1
            self.data = text
            self._changed.notify_all()
        return True

    def wait(self, seen: int, timeout: float) -> tuple[int, bytes]:
        """The data once its version is past `seen` (or the current one after `timeout`)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or self._stop.is_set(), timeout)
            return self.version, self.data

    def watch(self, interval: float = POLL_S) -> None:
        """Poll until `stop` (run in a thread)."""
        while not self._stop.wait(interval):
            self.refresh()

    def stop(self) -> None:
        self._stop.set()
        with self._changed:
            self._changed.notify_all()

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()


def _page_file(name: str) -> bytes:
    return resources.files("companion.phones").joinpath("pages", name).read_bytes()


class PhonesServer(ThreadingHTTPServer):
    """The HTTP server with what every request needs: the table, the token, the pages."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], table: Table, token: Callable[[], str | None],
                 words: dict[str, bytes], club_url: str = "") -> None:
        import socket

        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.table = table
        self.token = token
        self.words = words
        self.pages = {path: _page_file(name) for path, (name, _type) in PAGES.items()}
        # The club's league, linked from the page (an address checked by the configuration).
        self.pages["/"] = self.pages["/"].replace(
            b"{{club}}", html.escape(club_url, quote=True).encode("utf-8"))
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        super().__init__(address, Handler)


class Handler(BaseHTTPRequestHandler):
    server: PhonesServer
    server_version = "speicherstadt-companion"
    timeout = SOCKET_TIMEOUT_S
    _query: dict[str, list[str]]

    def version_string(self) -> str:
        return self.server_version  # no Python version for strangers

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # the request line carries the token: never logged

    def log_error(self, format: str, *args: Any) -> None:  # noqa: A002
        pass

    # -- answers -----------------------------------------------------------------------

    def _headers(self, status: int, content_type: str, length: int | None) -> None:
        self.send_response(status)
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.end_headers()

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self._headers(status, content_type, len(body))
        if self.command != "HEAD":
            self.wfile.write(body)

    def _refuse(self, status: HTTPStatus, extra: dict[str, str] | None = None) -> None:
        body = f"{status.value} {status.phrase}\n".encode()
        self.send_response(status)
        for name, value in {**SECURITY_HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _allowed(self, query: dict[str, list[str]]) -> bool:
        expected = self.server.token()
        given = query.get("t", [""])
        if expected is None or len(given) != 1:
            return False
        return hmac.compare_digest(given[0].encode("utf-8", "replace"), expected.encode("ascii"))

    # -- methods -----------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        try:
            self._get()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            self.close_connection = True

    def do_HEAD(self) -> None:  # noqa: N802
        self.do_GET()

    def _not_allowed(self) -> None:
        self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, {"Allow": "GET, HEAD"})

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _not_allowed

    def _get(self) -> None:
        parts = urlsplit(self.path)
        query = parse_qs(parts.query, keep_blank_values=True)
        if not self._allowed(query):
            self._refuse(HTTPStatus.FORBIDDEN)
            return
        path = parts.path
        token = query["t"][0]
        if path in PAGES:
            body = self.server.pages[path]
            if path == "/":
                body = body.replace(b"{{t}}", token.encode("ascii"))
            self._send(HTTPStatus.OK, body, PAGES[path][1])
        elif (match := _WORDS_RE.match(path)) and match.group(1) in self.server.words:
            self._send(HTTPStatus.OK, self.server.words[match.group(1)],
                       "application/json; charset=utf-8")
        elif path == "/state.json":
            _version, data = self.server.table.wait(-1, 0)
            self._send(HTTPStatus.OK, data, "application/json; charset=utf-8")
        elif path == "/events":
            self._query = query
            self._events()
        else:
            self._refuse(HTTPStatus.NOT_FOUND)

    def _events(self) -> None:
        if not self.server.streams.acquire(blocking=False):
            self._refuse(HTTPStatus.SERVICE_UNAVAILABLE, {"Retry-After": "5"})
            return
        try:
            self._headers(HTTPStatus.OK, "text/event-stream; charset=utf-8", None)
            self.close_connection = True
            if self.command == "HEAD":
                return
            self.wfile.write(b"retry: 2000\n\n")
            table = self.server.table
            seen = -1
            while not table.stopped and self._allowed(self._query):
                version, data = table.wait(seen, KEEPALIVE_S)
                if version == seen:
                    self.wfile.write(b": still here\n\n")
                else:
                    seen = version
                    self.wfile.write(b"id: %d\ndata: %s\n\n" % (version, data))
                self.wfile.flush()
        finally:
            self.server.streams.release()


def words_tables(catalogue: Catalogue) -> dict[str, bytes]:
    """The page's words per language, as the JSON `/words/<lang>.json` sends."""
    return {
        lang: json.dumps(page_words.table(lang, catalogue), ensure_ascii=False).encode("utf-8")
        for lang in LANGUAGES
    }


def make_server(state_dir: Path, catalogue: Catalogue, names: views.Names,
                token: Callable[[], str | None], bind: str, port: int,
                club_url: str = "") -> PhonesServer:
    """The server, listening (not yet serving); its table is read once already.
    `club_url`: the club's league, linked from the page ("" for none)."""
    table = Table(state_dir, catalogue, names)
    return PhonesServer((bind, port), table, token, words_tables(catalogue), club_url)


def serve(server: PhonesServer, ready: Callable[[], None] | None = None) -> None:
    """Watch the journal and answer requests until interrupted."""
    watcher = threading.Thread(target=server.table.watch, name="journal-watch", daemon=True)
    watcher.start()
    if ready is not None:
        ready()
    try:
        server.serve_forever(poll_interval=0.5)
    finally:
        server.table.stop()
        server.server_close()


__all__ = ["PAGES", "SECURITY_HEADERS", "Handler", "PhonesServer", "Table", "make_server",
           "serve", "words_tables"]
