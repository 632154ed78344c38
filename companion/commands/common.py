"""Helpers the commands share: reading inputs and loading the catalogue."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion import paths
from companion.config.cards import load_catalogue
from companion.engine import Catalogue
from companion.errors import UsageError


def catalogue_for(args: argparse.Namespace) -> Catalogue:
    """The card catalogue from the config dir, with the owner's corrections from the state dir."""
    return load_catalogue(
        paths.config_dir(getattr(args, "config", None)),
        paths.state_dir(getattr(args, "state_dir", None)),
        # A command names a bad owner's card file and stops (exit 2); the app ignores it.
        strict=True,
    )


def read_input(name: str) -> bytes:
    """The bytes of a file named on the command line (`-` is standard input)."""
    if name == "-":
        return sys.stdin.buffer.read()
    path = Path(name)
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise UsageError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{name}: is a folder, not a file") from None
    except OSError as exc:
        raise UsageError(f"{name}: cannot be read ({exc.strerror})") from None
