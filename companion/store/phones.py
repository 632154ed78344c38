"""The table's phone token: the secret in the phones' page address (docs/phones.md).

The token is a random 128-bit value (32 hex digits), one per table, kept in the
state directory as `TOKEN_FILE`. Only a writer of the state directory (the app,
holding its lock) creates or rotates it, through the atomic writer; `serve`
only reads it, so a phone page never needs anything written for it. A token
file that is missing or damaged is simply not a token: `read_token` returns
None, and the app makes a new one.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from companion.fsio import atomic_write, describe
from companion.store.errors import StorageError

TOKEN_FILE = "phones-token"
#: 16 bytes: 128 bits of randomness, the least the page's address may carry.
TOKEN_BYTES = 16
_TOKEN_RE = re.compile(r"[0-9a-f]{32,128}\Z")


def token_path(state_dir: Path) -> Path:
    return Path(state_dir) / TOKEN_FILE


def read_token(state_dir: Path) -> str | None:
    """The table's token, or None when there is none (or the file is not one)."""
    path = token_path(state_dir)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        data = os.read(fd, 256)
    except OSError:
        return None
    finally:
        os.close(fd)
    text = data.decode("ascii", errors="replace").strip()
    return text if _TOKEN_RE.match(text) else None


def new_token() -> str:
    # What `secrets.token_hex` does (the kernel's CSPRNG through os.urandom), without
    # importing `secrets`: it brings hmac, hashlib and OpenSSL's libcrypto, ~3.5 MiB of
    # resident memory and ~5-20 ms before the first frame (benchmarks/RESULTS.md, "Start
    # and memory, issue 19"); this module is imported at every start.
    return os.urandom(TOKEN_BYTES).hex()


def write_token(state_dir: Path, token: str) -> None:
    """Store `token` (the caller holds the state directory's lock); StorageError if it cannot."""
    try:
        atomic_write(token_path(state_dir), token + "\n", mode=0o600)
    except OSError as exc:
        raise StorageError(
            f"cannot store the phones' token in {state_dir}: {describe(exc)}"
        ) from None


def ensure_token(state_dir: Path) -> str:
    """The table's token, made first if there is none (a writer of the state directory only)."""
    token = read_token(state_dir)
    if token is None:
        token = new_token()
        write_token(state_dir, token)
    return token


def rotate_token(state_dir: Path) -> str:
    """A new token in place of the old one: every phone must scan the new code."""
    token = new_token()
    write_token(state_dir, token)
    return token


def page_url(host: str, port: int, token: str) -> str:
    """The phones' page address with the token (an IPv6 address in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?t={token}"


def reachable_host(bind: str) -> str:
    """The address a phone uses for a server bound to `bind`: `bind` itself, or for a
    wildcard bind the address of the interface with the default route (no packet is sent)."""
    if bind not in ("0.0.0.0", "::", ""):
        return bind
    import socket

    family = socket.AF_INET6 if bind == "::" else socket.AF_INET
    probe = "2001:db8::1" if family == socket.AF_INET6 else "192.0.2.1"  # documentation ranges
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as sock:
            sock.connect((probe, 9))  # a UDP connect picks a route; it sends nothing
            return str(sock.getsockname()[0])
    except OSError:
        return "::1" if family == socket.AF_INET6 else "127.0.0.1"


__all__ = [
    "TOKEN_BYTES", "TOKEN_FILE", "ensure_token", "new_token", "page_url", "reachable_host",
    "read_token", "rotate_token", "token_path", "write_token",
]
