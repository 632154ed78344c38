"""`serve`: the phones' live page, a reader of the state directory (docs/phones.md).

A `Table` watches the journal cheaply (one `stat` of the state directory, of the
journal and of the app's pinned values every `POLL_S`) and, when one changes,
reads what changed (`companion.phones.follow`: the whole journal the first time,
with the store's reader, as the app resumes it: no lock, nothing written, a torn
tail left out; after that only the lines appended) and keeps the page's data
(`companion.phones.view`) as one JSON text with a version number. A new game, an
undo and a torn tail are all just a changed file. Damage keeps the last good state
on the page with a note.

`PhonesServer` accepts connections and reads each request's head in one thread,
without blocking, under caps (in all and per client address), a deadline and a
size limit, and checks the token as soon as the request line is in; only a
request with the table's token gets a thread (class docstring). `Handler`
serves a fixed set of paths (`PAGES`, the package's `pages/` files,
`/words/<lang>.json`, `/state.json` and `/events`), GET and HEAD only, each
only with the table's token in `t=` (compared in constant time; otherwise
403), with strict security headers on every answer, errors included.
`/events` is a Server-Sent Events stream: the current data at once, then each
new version, and a comment every `KEEPALIVE_S` so a dead phone is noticed; a
rotated token ends it with a `rotated` event; the browser's EventSource
reconnects by itself after a lost Wi-Fi. Requests are not logged: their
addresses carry the token.
"""

from __future__ import annotations

import contextlib
import hmac
import html
import io
import itertools
import json
import logging
import os
import queue
import re
import selectors
import socket
import struct
import threading
import time
from collections import Counter
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from importlib import resources
from pathlib import Path
from typing import Any, cast
from urllib.parse import parse_qs, urlsplit

from companion.engine import Catalogue
from companion.errors import CompanionError
from companion.languages import DEFAULT_LANGUAGE, LANGUAGES
from companion.phones import view as views
from companion.phones import words as page_words
from companion.phones.follow import Follower
from companion.store.journal import journal_path
from companion.store.pins import PINS_FILE

log = logging.getLogger("companion.phones")

POLL_S = 0.1
#: A comment on every stream this often: how soon a dead phone's stream is written to.
KEEPALIVE_S = 5.0
#: More open streams than this are refused (503): six phones, with room for reloads (and
#: the benchmark's 40 pages). Threads: streams + `WORKERS` + 2, under the unit's TasksMax=96.
MAX_STREAMS = 48
#: Threads that answer requests for the page's files, the words and /state.json.
WORKERS = 4
#: Connections still sending their request, from all addresses and from one address.
MAX_PENDING = 128
MAX_PENDING_PER_ADDRESS = 16
#: From connect to the end of the request's head; a slower client is cut.
HEADER_TIMEOUT_S = 5.0
#: The request line and headers together (the page's requests need about 600 bytes).
MAX_HEAD_BYTES = 8192
#: A write that waits longer than this: the phone stopped reading (its stream ends).
WRITE_TIMEOUT_S = 10.0
#: Data a phone has not acknowledged for this long: the phone is gone (TCP_USER_TIMEOUT).
DEAD_PEER_S = 15.0
#: After a refusal: how long, and how much, of what the client still sends is read away.
LINGER_S = 2.0
MAX_DRAIN_BYTES = 64 * 1024
SERVER_NAME = "speicherstadt-companion"

#: Path -> (package file, content type). Nothing else is served.
PAGES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
}
#: The languages the page offers, the default first (`companion.languages`, the one list).
PAGE_LANGUAGES = (DEFAULT_LANGUAGE, *(code for code in LANGUAGES if code != DEFAULT_LANGUAGE))
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
    """What changes when the game does: the folder (a new or replaced journal, the app's
    pinned values), the journal and the pinned values."""
    out: list[Any] = []
    for path in (state_dir, journal_path(state_dir), state_dir / PINS_FILE):
        try:
            st = os.stat(path)
        except OSError:
            out.append(None)
            continue
        out.append((path.name, st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(out)


class Table:
    """The game in a state directory, read again whenever it changes (never written): a
    new journal line costs the work of that line (`companion.phones.follow`)."""

    def __init__(self, state_dir: Path, catalogue: Catalogue, names: views.Names,
                 said: views.Said | None = None) -> None:
        self.state_dir = Path(state_dir)
        self.names = names
        self.said = said
        self.follower = Follower(self.state_dir, catalogue)
        self.version = 0
        self.data = b"{}"
        self._last: dict[str, Any] | None = None
        self._signature: tuple[Any, ...] | None = None
        self._changed = threading.Condition()
        self._pokes = 0
        self._stop = threading.Event()
        self.refresh()

    def refresh(self) -> bool:
        """Read the journal again if it changed; whether the page's data changed."""
        signature = _signature(self.state_dir)
        if signature == self._signature:
            return False
        self._signature = signature
        with self._changed:  # the folder changed (a new token?): every stream looks again
            self._pokes += 1
            self._changed.notify_all()
        try:
            data = views.view(self.follower.read(), self.names, said=self.said)
        except CompanionError as exc:
            # Damage or a newer format: keep showing the last good game, and say why.
            data = dict(self._last or views.view(None, self.names))
            data["problem"] = exc.message
            log.warning("%s", exc.message)
        except Exception as exc:  # noqa: BLE001 - a reader must never stop on a file it cannot read
            log.error("cannot read the game in %s: %s: %s", self.state_dir,
                      type(exc).__name__, exc)
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
        """The data once its version is past `seen` (or the current one after `timeout`, or
        when the state directory changed: a stream then checks its token again)."""
        with self._changed:
            pokes = self._pokes
            self._changed.wait_for(lambda: self.version != seen or self._pokes != pokes
                                   or self._stop.is_set(), timeout)
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


def _response(status: HTTPStatus, extra: dict[str, str] | None = None) -> bytes:
    """A whole short answer (status line, the security headers, a plain-text body)."""
    body = f"{status.value} {status.phrase}\n".encode()
    head = [f"HTTP/1.0 {status.value} {status.phrase}", f"Server: {SERVER_NAME}"]
    head += [f"{name}: {value}" for name, value in {**SECURITY_HEADERS, **(extra or {})}.items()]
    head += ["Content-Type: text/plain; charset=utf-8", f"Content-Length: {len(body)}",
             "Connection: close"]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def _query(target: bytes) -> dict[str, list[str]]:
    """The query of a request target as it came (bytes of the request line)."""
    return parse_qs(urlsplit(target.decode("latin-1")).query, keep_blank_values=True)


def _head_end(buf: bytes) -> int:
    """Where the request's head ends (after its blank line), or -1."""
    ends = [i + len(sep) for sep in (b"\r\n\r\n", b"\n\n") if (i := buf.find(sep)) >= 0]
    return min(ends, default=-1)


class _Conn:
    """A connection the selector holds: still sending its request, or being closed."""

    __slots__ = ("sock", "address", "host", "buf", "deadline", "drained")

    def __init__(self, sock: socket.socket, address: Any, deadline: float) -> None:
        self.sock = sock
        self.address = address
        self.host = str(address[0])
        self.buf = b""
        self.deadline = deadline
        self.drained = 0


class _Writer:
    """The handler's `wfile`: every write whole (`sendall`, under the socket's timeout)."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self.closed = False

    def write(self, data: bytes) -> int:
        self._sock.sendall(data)
        return len(data)

    def flush(self) -> None:
        pass


class PhonesServer:
    """The phones' HTTP server, held against a crowded or hostile network.

    One thread (`serve_forever`) accepts connections and reads each request's head
    without blocking, with a deadline (`HEADER_TIMEOUT_S` from connect) and a size limit
    (`MAX_HEAD_BYTES`); at most `MAX_PENDING` such connections are held, at most
    `MAX_PENDING_PER_ADDRESS` from one address: past a cap the oldest is cut (a log line,
    never a traceback), so a flood or a slow client holds no thread and crowds out only
    itself. The token is checked as soon as the request line is in: a request without it
    is answered 403 from this thread. Only then does a request get a thread: a page file
    one of `WORKERS`, an event stream its own (at most `MAX_STREAMS`), with a write
    timeout and `TCP_USER_TIMEOUT`, so a phone gone silent frees its slot within
    `KEEPALIVE_S` + `DEAD_PEER_S` + `KEEPALIVE_S` (25 s).
    """

    def __init__(self, address: tuple[str, int], table: Table, token: Callable[[], str | None],
                 words: dict[str, bytes], club_url: str = "") -> None:
        family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.socket = socket.socket(family, socket.SOCK_STREAM)
        try:
            self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self.socket.bind(address)
            self.socket.listen(128)
            self.socket.setblocking(False)
        except OSError:
            self.socket.close()
            raise
        self.server_address = self.socket.getsockname()
        self.table = table
        self.token = token
        self.words = words
        self.pages = {path: _page_file(name) for path, (name, _type) in PAGES.items()}
        # The club's league, linked from the page (an address checked by the configuration).
        self.pages["/"] = self.pages["/"].replace(
            b"{{club}}", html.escape(club_url, quote=True).encode("utf-8")).replace(
            # The languages the page may pick, the default first: the one list.
            b"{{languages}}", " ".join(PAGE_LANGUAGES).encode("ascii"))
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        self._selector = selectors.DefaultSelector()
        self._pending: dict[socket.socket, _Conn] = {}  # oldest first
        self._closing: dict[socket.socket, _Conn] = {}  # answered, draining; oldest first
        self._by_host: Counter[str] = Counter()
        self._jobs: queue.Queue[tuple[socket.socket, Any, bytes] | None] = queue.Queue(64)
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._stop = threading.Event()
        self._warned: dict[str, float] = {}
        self._workers: list[threading.Thread] = []

    # -- the token ---------------------------------------------------------------------

    def allowed(self, query: dict[str, list[str]]) -> bool:
        """Whether `query` carries the table's token, once (compared in constant time)."""
        expected = self.token()
        given = query.get("t", [""])
        if expected is None or len(given) != 1:
            return False
        return hmac.compare_digest(given[0].encode("utf-8", "replace"), expected.encode("ascii"))

    # -- the loop ----------------------------------------------------------------------

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Accept and read requests until `shutdown`."""
        self._selector.register(self.socket, selectors.EVENT_READ, "accept")
        self._selector.register(self._wake_r, selectors.EVENT_READ, "wake")
        for index in range(WORKERS):
            worker = threading.Thread(target=self._work, name=f"phones-worker-{index}",
                                      daemon=True)
            worker.start()
            self._workers.append(worker)
        while not self._stop.is_set() and not self._asked:
            now = time.monotonic()
            soonest = min((c.deadline for d in (self._pending, self._closing)
                           for c in itertools.islice(d.values(), 1)), default=now + poll_interval)
            for key, _mask in self._selector.select(max(0.0, min(soonest - now, poll_interval))):
                try:
                    if key.data == "accept":
                        self._accept()
                    elif key.data == "wake":
                        with contextlib.suppress(OSError):
                            self._wake_r.recv(4096)
                    else:
                        self._read(key.data)
                except Exception as exc:  # noqa: BLE001 - one line; the phones keep their server
                    log.error("a connection failed: %s: %s", type(exc).__name__, exc)
                    if isinstance(key.data, _Conn) and key.data.sock in self._pending:
                        self._drop(key.data, reset=True)
            self._expire(time.monotonic())

    def shutdown(self) -> None:
        self._stop.set()
        with contextlib.suppress(OSError):
            self._wake_w.send(b"x")

    #: A stop asked from a signal handler (`ask_stop`): a plain flag, no lock.
    _asked = False

    def ask_stop(self) -> None:
        """End `serve_forever` after its current turn: safe in a signal handler, which
        may run while the loop's own thread holds any lock (it takes none)."""
        self._asked = True
        with contextlib.suppress(OSError):
            self._wake_w.send(b"x")

    def server_close(self) -> None:
        self._stop.set()
        for conn in [*self._pending.values(), *self._closing.values()]:
            self._drop(conn)
        for _worker in self._workers:
            with contextlib.suppress(queue.Full):
                self._jobs.put_nowait(None)
        self._selector.close()
        for sock in (self.socket, self._wake_r, self._wake_w):
            sock.close()

    def _warn(self, key: str, message: str, *args: Any) -> None:
        """A log line, at most one a minute for each `key` (a flood writes no flood)."""
        now = time.monotonic()
        if now - self._warned.get(key, -60.0) >= 60.0:
            self._warned[key] = now
            log.warning(message, *args)

    def _accept(self) -> None:
        for _ in range(64):  # then the others get their turn
            try:
                sock, address = self.socket.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # out of file descriptors: make room, answer the next
                self._warn("accept", "cannot accept a connection (%s)", exc.strerror or exc)
                oldest = next(iter(self._closing.values()), None) or next(
                    iter(self._pending.values()), None)
                if oldest is not None:
                    self._drop(oldest, reset=True)
                return
            sock.setblocking(False)
            conn = _Conn(sock, address, time.monotonic() + HEADER_TIMEOUT_S)
            if self._by_host[conn.host] >= MAX_PENDING_PER_ADDRESS:
                self._warn("host " + conn.host, "too many connections from %s (more than %d "
                           "sending a request at once): the oldest are cut",
                           conn.host, MAX_PENDING_PER_ADDRESS)
                self._drop(self._oldest(conn.host), reset=True)
            if len(self._pending) + len(self._closing) >= MAX_PENDING:
                self._warn("total", "too many connections (more than %d sending a request at "
                           "once): the oldest are cut", MAX_PENDING)
                self._drop(self._oldest(None), reset=True)
            self._pending[sock] = conn
            self._by_host[conn.host] += 1
            self._selector.register(sock, selectors.EVENT_READ, conn)

    def _oldest(self, host: str | None) -> _Conn:
        for table in (self._closing, self._pending):
            for conn in table.values():
                if host is None or conn.host == host:
                    return conn
        raise LookupError(host)  # pragma: no cover - a cap is only reached with some held

    def _drop(self, conn: _Conn, *, reset: bool = False, keep: bool = False) -> None:
        """Forget a held connection; close it (with a reset: no lingering state) unless `keep`."""
        if self._pending.pop(conn.sock, None) is None:
            self._closing.pop(conn.sock, None)
        self._by_host[conn.host] -= 1
        if self._by_host[conn.host] <= 0:
            del self._by_host[conn.host]
        with contextlib.suppress(KeyError, ValueError, OSError):
            self._selector.unregister(conn.sock)
        if keep:
            return
        if reset:
            with contextlib.suppress(OSError):
                conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        conn.sock.close()

    def _expire(self, now: float) -> None:
        for table in (self._pending, self._closing):
            while table:
                conn = next(iter(table.values()))
                if conn.deadline > now:
                    break
                if table is self._pending:
                    self._warn("slow " + conn.host, "a connection from %s sent no whole request "
                               "within %g s: cut", conn.host, HEADER_TIMEOUT_S)
                self._drop(conn, reset=table is self._pending)

    def _read(self, conn: _Conn) -> None:
        try:
            chunk = conn.sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._drop(conn)
            return
        if conn.sock in self._closing:  # an answered connection: what it still sends is dropped
            conn.drained += len(chunk)
            if not chunk or conn.drained > MAX_DRAIN_BYTES:
                self._drop(conn)
            return
        if not chunk:
            self._drop(conn)
            return
        first = b"\n" not in conn.buf
        conn.buf += chunk
        line_end = conn.buf.find(b"\n")
        if line_end > MAX_HEAD_BYTES or (line_end < 0 and len(conn.buf) > MAX_HEAD_BYTES):
            self._answer(conn, HTTPStatus.REQUEST_URI_TOO_LONG)
            return
        if first and line_end >= 0:  # the request line is in: its token, before its headers
            words = conn.buf.split(b"\n", 1)[0].split()
            if len(words) == 3 and not self.allowed(_query(words[1])):
                self._answer(conn, HTTPStatus.FORBIDDEN)
                return
        end = _head_end(conn.buf)
        if end < 0 or end > MAX_HEAD_BYTES:
            if len(conn.buf) > MAX_HEAD_BYTES:
                self._answer(conn, HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE)
            return
        self._dispatch(conn, conn.buf[:end])

    def _answer(self, conn: _Conn, status: HTTPStatus, extra: dict[str, str] | None = None) -> None:
        """Answer from this thread without waiting (a short answer fits the socket's buffer),
        then drain what the client still sends for a moment, so it reads the answer."""
        with contextlib.suppress(OSError):
            conn.sock.send(_response(status, extra))
            conn.sock.shutdown(socket.SHUT_WR)
        self._pending.pop(conn.sock, None)
        conn.buf = b""
        conn.deadline = time.monotonic() + LINGER_S
        self._closing[conn.sock] = conn

    def _dispatch(self, conn: _Conn, head: bytes) -> None:
        words = head.split(b"\n", 1)[0].split()
        if len(words) != 3:
            self._answer(conn, HTTPStatus.BAD_REQUEST)
            return
        method, parts = words[0], urlsplit(words[1].decode("latin-1"))
        if not self.allowed(_query(words[1])):
            self._answer(conn, HTTPStatus.FORBIDDEN)
            return
        stream = parts.path == "/events" and method in (b"GET", b"HEAD")
        if stream and not self.streams.acquire(blocking=False):
            self._warn("streams", "more than %d phones follow the game: one more refused (503)",
                       MAX_STREAMS)
            self._answer(conn, HTTPStatus.SERVICE_UNAVAILABLE, {"Retry-After": "5"})
            return
        if stream:
            self._drop(conn, keep=True)
            try:
                threading.Thread(target=self._handle, args=(conn.sock, conn.address, head, True),
                                 name="phones-stream", daemon=True).start()
            except RuntimeError as exc:  # no thread to be had (the unit's TasksMax)
                self.streams.release()
                self._warn("thread", "cannot follow one more phone (%s)", exc)
                conn.sock.close()
            return
        try:
            self._jobs.put_nowait((conn.sock, conn.address, head))
        except queue.Full:
            self._answer(conn, HTTPStatus.SERVICE_UNAVAILABLE, {"Retry-After": "1"})
            return
        self._drop(conn, keep=True)

    # -- the threads that answer ---------------------------------------------------------

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            self._handle(*job, False)

    def _handle(self, sock: socket.socket, address: Any, head: bytes, stream: bool) -> None:
        try:
            sock.setblocking(True)
            sock.settimeout(WRITE_TIMEOUT_S)
            if stream:
                _notice_dead_peers(sock)
            Handler(sock, address, self, head)
        except OSError:
            pass  # the phone went away: nothing to tell anyone
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback; the server goes on
            log.error("a request failed: %s: %s", type(exc).__name__, exc)
        finally:
            if stream:
                self.streams.release()
            with contextlib.suppress(OSError):
                sock.close()


def _notice_dead_peers(sock: socket.socket) -> None:
    """Have the kernel end a stream whose phone stopped acknowledging (asleep, gone from
    the Wi-Fi) after `DEAD_PEER_S`, instead of after TCP's minutes of retries."""
    options = [(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]
    for name, value in (("TCP_USER_TIMEOUT", int(DEAD_PEER_S * 1000)), ("TCP_KEEPIDLE", 5),
                        ("TCP_KEEPINTVL", 5), ("TCP_KEEPCNT", 2)):
        if hasattr(socket, name):
            options.append((socket.IPPROTO_TCP, getattr(socket, name), value))
    for level, name_, value in options:
        with contextlib.suppress(OSError):
            sock.setsockopt(level, name_, value)


class Handler(BaseHTTPRequestHandler):
    """One request whose head `PhonesServer` has read (and whose token it has checked)."""

    server: PhonesServer  # type: ignore[assignment]
    server_version = SERVER_NAME
    _query: dict[str, list[str]]

    def __init__(self, sock: socket.socket, address: Any, server: PhonesServer,
                 head: bytes) -> None:
        self._head = head
        super().__init__(sock, address, cast(Any, server))

    def setup(self) -> None:
        self.connection = self.request
        self.rfile = io.BytesIO(self._head)
        self.wfile = cast(Any, _Writer(self.request))

    def finish(self) -> None:
        pass

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

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """http.server's own errors (400, 414, 431, 501, 505...) with the same headers as
        every other answer, and no text of the request echoed."""
        self.close_connection = True
        # Refused before its version was read (505, a malformed one): answered as HTTP/1.0,
        # with its status line and headers (http.server would write HTTP/0.9's bare body).
        self.request_version = "HTTP/1.0"
        try:
            status = HTTPStatus(code)
        except ValueError:
            status = HTTPStatus.BAD_REQUEST
        self._refuse(status)

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
        if not self.server.allowed(query):
            self._refuse(HTTPStatus.FORBIDDEN)
            return
        path = parts.path
        token = query["t"][0]
        if path == "/events":
            self._query = query
            self._events()
        elif path in PAGES:
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
        else:
            self._refuse(HTTPStatus.NOT_FOUND)

    def _events(self) -> None:
        """The stream (its slot taken by the server): the data now, then every change, a
        comment every `KEEPALIVE_S`; a rotated token ends it with a `rotated` event."""
        self._headers(HTTPStatus.OK, "text/event-stream; charset=utf-8", None)
        self.close_connection = True
        if self.command == "HEAD":
            return
        self.wfile.write(b"retry: 2000\n\n")
        table = self.server.table
        seen = -1
        while not table.stopped:
            if not self.server.allowed(self._query):
                self.wfile.write(b"event: rotated\ndata: {}\n\n")
                return
            version, data = table.wait(seen, KEEPALIVE_S)
            if version == seen:
                self.wfile.write(b": still here\n\n")
            else:
                seen = version
                self.wfile.write(b"id: %d\ndata: %s\n\n" % (version, data))


def words_tables(catalogue: Catalogue) -> dict[str, bytes]:
    """The page's words per language, as the JSON `/words/<lang>.json` sends."""
    return {
        lang: json.dumps(page_words.table(lang, catalogue), ensure_ascii=False).encode("utf-8")
        for lang in LANGUAGES
    }


def make_server(state_dir: Path, catalogue: Catalogue, names: views.Names,
                token: Callable[[], str | None], bind: str, port: int,
                said: views.Said | None = None, club_url: str = "") -> PhonesServer:
    """The server, listening (not yet serving); its table is read once already.
    `club_url`: the club's league, linked from the page ("" for none)."""
    table = Table(state_dir, catalogue, names, said)
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
