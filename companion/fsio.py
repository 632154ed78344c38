"""Durable file writing and bounded file reading, one helper each for every layer
(standard library only).

The one guarantee (docs/journal.md, "Durability"): when `atomic_write`
returns, the file holds the new bytes and survives a power cut; if it raises,
or the power goes at any moment before it returns, the file holds either its
old bytes or the new ones, never a mix, and no temporary file is left behind
by a raised error. It writes a uniquely named temporary file next to the
target, `fsync`s it, renames it over the target, and `fsync`s the folder.

Any layer may import this module (it imports nothing of the project); the
import-linter contract "fsio imports nothing of the project" keeps it so.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_REASONS = {
    errno.ENOSPC: "the storage is full",
    errno.EDQUOT: "the storage quota is used up",
    errno.EROFS: "the storage is read-only (an SD card is remounted read-only after errors)",
    errno.EACCES: "the companion has no permission to write there",
    errno.EPERM: "the companion has no permission to write there",
    errno.EIO: "the storage reported an input/output error (a failing SD card?)",
    errno.EISDIR: "it is a folder, not a file",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
}


def describe(exc: OSError) -> str:
    """A plain-words reason for an OS error."""
    if isinstance(exc, NotAFile):
        return exc.strerror or "it is not a regular file"
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    return exc.strerror or str(exc)


def fsync_dir(path: str | os.PathLike[str]) -> None:
    """Make a created, renamed or removed entry in the folder `path` durable."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """os.write until every byte is written (a write may be short, e.g. near a full disk)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:  # pragma: no cover - the kernel reports errors as exceptions
            raise OSError(errno.EIO, "write wrote nothing")
        view = view[written:]


def sync_data(fd: int) -> None:
    """fdatasync where the OS has it (the file size is data for it), else fsync."""
    if hasattr(os, "fdatasync"):
        os.fdatasync(fd)
    else:  # pragma: no cover - macOS
        os.fsync(fd)


class NotAFile(OSError):
    """A name that is not a regular file (a named pipe, a device, a socket, a folder): it is
    never read. `strerror` says what it is, in plain words."""


#: What a file's type is called in messages (after following symbolic links).
_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"),
)


def not_a_file(mode: int) -> NotAFile:
    """The error for a name whose type (`st_mode`) is not a regular file."""
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return NotAFile(errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL,
                    f"it is {kind}, not a file")


def read_bounded(path: str | os.PathLike[str], limit: int, offset: int = 0) -> bytes:
    """The bytes of the regular file `path` (from `offset`), at most `limit` + 1 of them.

    The one way the companion reads a file of its state or configuration folder, or a
    replay or record file named on the command line (docs/config-limits.md,
    docs/journal.md "Limits"): the type is checked before the file is opened, and it is
    opened without blocking and checked again, so a named pipe is never waited on and a
    device (`/dev/zero` behind a symbolic link) is never opened; reading stops one byte
    past `limit`, so a caller tells "too big" from "just fits" with `len(data) > limit`
    and memory never holds more. Raises `FileNotFoundError` for a missing file, `NotAFile`
    for anything that is not a regular file, any other `OSError` (no permission, an I/O
    error) as the system gives it; `describe` words each of them.
    """
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise not_a_file(mode)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode  # it may have been swapped since the stat
        if not stat.S_ISREG(mode):
            raise not_a_file(mode)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.pread(fd, min(limit + 1 - size, 1 << 20), offset + size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


class NotDurable(OSError):
    """The change was made (the file was renamed into place), but the folder could not be
    synced: it may not survive a power cut. Never "nothing was changed"."""


def atomic_write(path: str | os.PathLike[str], data: bytes | str, mode: int = 0o644) -> None:
    """Replace `path` with `data` (str is written as UTF-8), durably and all at once.

    See the module's guarantee. Raises OSError (the target is then unchanged), or
    `NotDurable` (an OSError too) when only the last step, syncing the folder, failed:
    the target then holds the new data.
    """
    target = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    # A unique name: two writers of one file never write into each other's temporary file.
    tmp = target.with_name(f".{target.name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
    try:
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        fsync_dir(target.parent)
    except OSError as exc:
        raise NotDurable(exc.errno, exc.strerror) from exc


__all__ = ["NotAFile", "NotDurable", "atomic_write", "describe", "fsync_dir", "move",
           "not_a_file", "read_bounded", "sync_data", "write_all"]


def move(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
    """Rename `src` to `dst` (replacing it) and make the rename durable: both folders are
    synced, so after a power cut the file is in one place or the other, never lost."""
    os.replace(src, dst)
    fsync_dir(os.path.dirname(os.fspath(dst)) or ".")
    fsync_dir(os.path.dirname(os.fspath(src)) or ".")
