"""`club serve`: takes finished games from the tables and shows the league (docs/club.md).

POST /api/games with ``Authorization: Bearer <token>`` and a record as the body: the
token is checked first (403 and nothing read or stored otherwise), the body may be at
most the journal's 2 MiB (413), the record is replayed with the engine and refused with
its reason when it is damaged, illegal or unfinished (422), and stored in one
transaction that is committed before the answer is sent (201 stored; 201 corrected for
the stored record with lines appended, kept as the game's new version; 200 already
there; 409 another record of the same game). Every other path is read-only and open to
the club's network: the league's page (`/`, `/player?name=`) in English, German or
French (`lang=`), and the same as JSON (`/standings.json`, `/player.json`,
`/tonight.json`).
"""

from __future__ import annotations

import json
import logging
import queue
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion.club import db, pages
from companion.club.games import Refused, check
from companion.club.rating import Rater
from companion.engine import Catalogue
from companion.engine.record import MAX_RECORD_BYTES, too_big_message
from companion.errors import CompanionError
from companion.languages import LANGUAGES
from companion.phones.server import SECURITY_HEADERS

log = logging.getLogger("companion.club")

SOCKET_TIMEOUT_S = 30.0
#: Idle database connections kept for the next requests.
POOL = 8
#: The page has no script and loads nothing: a stricter policy than the phones' page.
HEADERS = {**SECURITY_HEADERS,
           "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
           "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"}


class ClubServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], url: str, catalogue: Catalogue) -> None:
        import socket

        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.url = url
        self.catalogue = catalogue
        self.rater = Rater()
        self.words = pages.words()
        self._idle: queue.LifoQueue[Any] = queue.LifoQueue(maxsize=POOL)
        super().__init__(address, Handler)

    @contextmanager
    def conn(self) -> Iterator[Any]:
        """A connection to the database for one request: an idle one, else a new one
        (a lost one is dropped, never handed out again)."""
        try:
            conn = self._idle.get_nowait()
        except queue.Empty:
            conn = db.connect(self.url)
        try:
            yield conn
        finally:
            if conn.closed or conn.broken:
                conn.close()
            else:
                try:
                    self._idle.put_nowait(conn)
                except queue.Full:
                    conn.close()

    def server_close(self) -> None:
        super().server_close()
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                break


class Handler(BaseHTTPRequestHandler):
    server: ClubServer
    server_version = "speicherstadt-club"
    timeout = SOCKET_TIMEOUT_S
    protocol_version = "HTTP/1.1"

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass  # the tables' tokens travel in headers only, but keep the log quiet anyway

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        for name, value in HEADERS.items():
            self.send_header(name, value)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: dict[str, Any]) -> None:
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        self._send(status, body, "application/json; charset=utf-8")

    def _guarded(self, work: Callable[[], None]) -> None:
        try:
            work()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            self.close_connection = True
        except CompanionError as exc:
            log.error("%s", exc.message)
            self.close_connection = True
            self._json(HTTPStatus.SERVICE_UNAVAILABLE, {"status": "unavailable",
                                                        "reason": exc.message})
        except Exception:  # noqa: BLE001 - one request's failure never stops the server
            log.exception("request failed")
            self.close_connection = True
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR,
                       {"status": "error", "reason": "the server failed; see its log"})

    def do_GET(self) -> None:  # noqa: N802
        self._guarded(self._get)

    def do_HEAD(self) -> None:  # noqa: N802
        self._guarded(self._get)

    def do_POST(self) -> None:  # noqa: N802
        self._guarded(self._post)

    def _not_allowed(self) -> None:
        self.close_connection = True
        self.send_response(HTTPStatus.METHOD_NOT_ALLOWED)
        self.send_header("Allow", "GET, HEAD, POST")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _not_allowed

    # -- the tables ---------------------------------------------------------------------

    def _post(self) -> None:
        if urlsplit(self.path).path != "/api/games":
            self.close_connection = True
            self._json(HTTPStatus.NOT_FOUND, {"status": "not_found"})
            return
        auth = self.headers.get("Authorization", "")
        token = auth[len("Bearer "):].strip() if auth.startswith("Bearer ") else ""
        table = None
        if token:
            with self.server.conn() as conn:
                table = db.table_of(conn, token)
        if table is None:
            self.close_connection = True  # the body is not read
            self._json(HTTPStatus.FORBIDDEN, {"status": "forbidden",
                                              "reason": "this table's token is not the club's"})
            return
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            length = -1
        if length < 0:
            self.close_connection = True
            self._json(HTTPStatus.LENGTH_REQUIRED, {"status": "refused", "code": "no_length",
                                                    "reason": "a game is sent with its length"})
            return
        if length > MAX_RECORD_BYTES:
            self.close_connection = True
            self._json(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                       {"status": "refused", "code": "record_too_big",
                        "reason": too_big_message()})
            return
        data = self.rfile.read(length)
        try:
            game = check(data, self.server.catalogue, received=datetime.now(UTC))
        except Refused as exc:
            self._json(HTTPStatus.UNPROCESSABLE_ENTITY,
                       {"status": "refused", "code": exc.code, "reason": exc.reason})
            return
        try:
            with self.server.conn() as conn:
                outcome = db.store(conn, game, table, self.server.rater)
        except db.Conflict as exc:
            self._json(HTTPStatus.CONFLICT, {"status": "conflict", "code": "game_conflict",
                                             "reason": exc.reason, "key": game.key})
            return
        # Committed: only now is the table told.
        # 201 "stored" (a new game), 201 "corrected" (a new version of a stored game, the
        # old one kept), 200 "known" (this record or an earlier version is there already).
        self._json(HTTPStatus.OK if outcome == "known" else HTTPStatus.CREATED,
                   {"status": outcome, "key": game.key})

    # -- the league ---------------------------------------------------------------------

    def _get(self) -> None:
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        lang = query.get("lang", ["en"])[0]
        if lang not in LANGUAGES:
            lang = "en"
        season = query.get("season", [None])[0]
        name = query.get("name", [""])[0]
        with self.server.conn() as conn:
            self._answer(conn, parts.path, lang, season, name)

    def _answer(self, conn: Any, path: str, lang: str, season: str | None, name: str) -> None:
        if path == "/standings.json":
            self._json(HTTPStatus.OK, db.standings(conn, season))
        elif path == "/tonight.json":
            self._json(HTTPStatus.OK, db.tonight(conn))
        elif path == "/player.json":
            try:
                self._json(HTTPStatus.OK, db.player(conn, name))
            except CompanionError as exc:
                self._json(HTTPStatus.NOT_FOUND, {"status": "not_found", "reason": exc.message})
        elif path == "/":
            body = pages.league(db.standings(conn, season), db.tonight(conn), db.seasons(conn),
                                lang, self.server.words[lang])
            self._send(HTTPStatus.OK, body, "text/html; charset=utf-8")
        elif path == "/player":
            try:
                page: dict[str, Any] | None = db.player(conn, name)
            except CompanionError:
                page = None
            body = pages.player(page, name, lang, self.server.words[lang])
            self._send(HTTPStatus.OK if page else HTTPStatus.NOT_FOUND, body,
                       "text/html; charset=utf-8")
        else:
            self._json(HTTPStatus.NOT_FOUND, {"status": "not_found"})


def serve(server: ClubServer, ready: Callable[[], None] | None = None) -> None:
    if ready is not None:
        ready()
    try:
        server.serve_forever(poll_interval=0.5)
    finally:
        server.server_close()


__all__ = ["ClubServer", "Handler", "serve"]
