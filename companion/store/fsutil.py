"""Small durable-file helpers: fsync a directory, write a file atomically, word OS errors."""

from __future__ import annotations

import errno
import os
from pathlib import Path

_REASONS = {
    errno.ENOSPC: "the storage is full",
    errno.EDQUOT: "the storage quota is used up",
    errno.EROFS: "the storage is read-only (an SD card is remounted read-only after errors)",
    errno.EACCES: "the companion has no permission to write there",
    errno.EPERM: "the companion has no permission to write there",
    errno.EIO: "the storage reported an input/output error (a failing SD card?)",
}


def describe(exc: OSError) -> str:
    """A plain-words reason for an OS error."""
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    return exc.strerror or str(exc)


def fsync_dir(path: Path) -> None:
    """Make a created, renamed or removed entry in `path` durable."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
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


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` with `data`: temp file, fsync, rename, fsync the directory.

    After a crash the file is either wholly old or wholly new. Raises OSError.
    """
    tmp = path.with_name(f".{path.name}.new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
    try:
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)
