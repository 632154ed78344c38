"""Helpers the commands share: reading inputs and loading the catalogue."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path

from companion import paths
from companion.config.cards import load_catalogue
from companion.config.settings import ClubSettings
from companion.engine import Catalogue
from companion.engine.record import MAX_RECORD_BYTES
from companion.errors import CompanionError, UsageError
from companion.fsio import NotAFile, atomic_write, describe, read_bounded


def catalogue_for(args: argparse.Namespace) -> Catalogue:
    """The card catalogue from the config dir, with the owner's corrections from the state dir."""
    return load_catalogue(
        paths.config_dir(getattr(args, "config", None)),
        paths.state_dir(getattr(args, "state_dir", None)),
        # A command names a bad owner's card file and stops (exit 2); the app ignores it.
        strict=True,
    )


class RecordTooLarge(CompanionError):
    """A record file larger than any game's record: a bad record (exit status 3)."""

    exit_status = 3


def read_record(name: str) -> bytes:
    """A record file's bytes, refusing one larger than `MAX_RECORD_BYTES` without reading it all.

    `/dev/zero`, a huge log given by mistake, an endless pipe: each stops at the
    limit with a message (docs/journal.md, "Limits"), never fills the memory.
    """
    if name == "-":
        data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
    else:
        try:
            data = read_bounded(name, MAX_RECORD_BYTES)  # never a pipe's or a device's end
        except FileNotFoundError:
            raise UsageError(f"{name}: no such file") from None
        except NotAFile as exc:
            raise UsageError(f"{name}: {describe(exc)} (give a record file, or - for the "
                             "standard input)") from None
        except OSError as exc:
            raise UsageError(f"{name}: cannot be read ({describe(exc)})") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordTooLarge(
            f"{name}: the record is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB, which "
            "no game reaches (a long game is about 100 KB); is it the right file?"
        )
    return data


_KINDS = (
    (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def refuse_non_file(name: str, hint: str = "give the path of a file to write, or - for the "
                    "standard output") -> None:
    """`UsageError` when something that is not a regular file has the output's name (a
    symbolic link, a named pipe, a device, a socket, a folder): it is left as it was."""
    try:
        mode: int | None = os.lstat(name).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise CompanionError(f"cannot write {name}: {describe(exc)}") from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = next((what for test, what in _KINDS if test(mode)), "not a regular file")
        raise UsageError(f"{name} is {kind}, not a regular file; it was left as it was ({hint})")


def write_output(name: str, data: bytes) -> None:
    """Write a command's output file whole (a temporary file, then a rename).

    What is there by that name and is not a regular file (a symbolic link, a named
    pipe, a device such as /dev/full, a socket, a folder) is left as it was, with a
    message: a rename would replace it by a regular file.
    """
    refuse_non_file(name)
    try:
        atomic_write(Path(name), data)
    except OSError as exc:
        raise CompanionError(f"cannot write {name}: {describe(exc)}") from None


def club_of(args: argparse.Namespace) -> ClubSettings:
    """The club this table sends its games to (companion.yaml `club`); none when the file
    has none or cannot be read (the table then plays as without a club, and
    `check-config` names the problem)."""
    from companion.config.settings import COMPANION_FILE, check_companion_file

    found, _errors = check_companion_file(
        paths.config_dir(getattr(args, "config", None)) / COMPANION_FILE)
    return found.club if found is not None else ClubSettings()
