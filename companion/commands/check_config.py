"""`check-config [DIR]`: validate every YAML file of a configuration directory.

Prints each error as `file:line: key: problem` (on stderr) and exits with
status 2 if there is any; otherwise prints a short summary and exits 0. Run
it after editing /etc/speicherstadt-companion, before restarting the service.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion import paths
from companion.config import cards, settings
from companion.errors import ConfigError

CARDS_FILE = "cards.yaml"


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add `check-config [DIR]` to the command line."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check-config",
        help="validate the configuration files (exit status 2 on any error)",
        description="Validate companion.yaml, hardware.yaml and cards.yaml in DIR "
        "(default: --config, else $CONFIGURATION_DIRECTORY, else /etc/speicherstadt-companion, "
        "else the shipped config). Every error is printed as file:line: key: problem.",
    )
    parser.add_argument("dir", nargs="?", metavar="DIR", help="the configuration directory")
    parser.set_defaults(func=run)
    return parser


def _check_cards(config_dir: Path, state_dir: Path | None) -> tuple[list[ConfigError], str]:
    """The errors of cards.yaml (and of the owner's corrections, given a state dir)."""
    try:
        catalogue = cards.load_catalogue_data(config_dir, state_dir, strict=True)
        cards.catalogue_from_data(catalogue)
    except ConfigError as exc:
        return [exc], "invalid"
    unverified = sum(1 for card in catalogue if not all(card.get("verified", {}).values()))
    note = f", {unverified} with values not yet confirmed at the table" if unverified else ""
    return [], f"ok ({len(catalogue)} cards{note})"


#: Reader ports that need the network: the service has none (PrivateNetwork=yes and
#: RestrictAddressFamilies=AF_UNIX AF_NETLINK in systemd/speicherstadt-companion.service).
NETWORK_SCHEMES = ("socket://", "rfc2217://")


def _sandbox_errors(path: Path, port: str) -> list[ConfigError]:
    """An error when the reader's port needs the network the service's sandbox blocks."""
    scheme = next((s for s in NETWORK_SCHEMES if s in port), None)
    if scheme is None:
        return []
    from companion.config import yamlfile

    problem = (f"{port!r}: a {scheme} port needs the network, which the service does not "
               "have (PrivateNetwork=yes in its systemd unit): the app could never open it. "
               "Give the reader's device path (/dev/speicherstadt-reader); a network reader "
               "works only with `reader-test` or the app run by hand")
    doc = yamlfile.load(path)
    assert doc is not None
    return [doc.error(("reader", "port"), problem)]


def check_dir(
    config_dir: Path, state_dir: Path | None = None
) -> tuple[list[ConfigError], list[str]]:
    """Every error in `config_dir`, and one summary line per file.

    With `state_dir`, the owner's card corrections there are checked too.
    """
    errors: list[ConfigError] = []
    summary: list[str] = []

    companion, found = settings.check_companion_file(config_dir / settings.COMPANION_FILE)
    errors += found
    if companion is not None:
        d = companion.display
        summary.append(
            f"{settings.COMPANION_FILE}: ok (language {companion.language}, "
            f"{d.width}x{d.height}, rotation {d.rotation}, {companion.purchase_form} purchases"
            + (f", sends its games to the club at {companion.club.url}"
               if companion.club.configured else "") + ")"
        )

    hardware, found = settings.check_hardware_file(config_dir / settings.HARDWARE_FILE)
    errors += found
    if hardware is not None:
        buttons = hardware.buttons
        reader = hardware.reader
        b = f"{len(buttons.pins)} buttons" if buttons.enabled else "buttons off"
        kind = ("barcode scanner" if reader.port.startswith(("hid:", "hid-replay:"))
                else reader.framing)
        r = f"reader {kind} on {reader.port}" if reader.enabled else "reader off"
        summary.append(f"{settings.HARDWARE_FILE}: ok ({b}, {r})")

        errors += _sandbox_errors(config_dir / settings.HARDWARE_FILE, reader.port
                                  ) if reader.enabled else []

    found, word = _check_cards(config_dir, state_dir)
    errors += found
    if not found:
        summary.append(f"{CARDS_FILE}: {word}")
    return errors, summary


def run(args: argparse.Namespace) -> int:
    """Check the directory; print the errors (exit status 2) or a summary (0)."""
    config_dir = paths.config_dir(args.dir or getattr(args, "config", None))
    if not config_dir.is_dir():
        print(f"{config_dir}: not a directory", file=sys.stderr)
        return ConfigError.exit_status
    # The owner's card corrections only when asked: the service's state folder
    # (/var/lib/speicherstadt-companion) is not readable for the admin user.
    explicit_state = getattr(args, "state_dir", None)
    errors, summary = check_dir(config_dir, Path(explicit_state) if explicit_state else None)
    if errors:
        for error in errors:
            print(error.message, file=sys.stderr)
        count = f"{len(errors)} error" + ("s" if len(errors) != 1 else "")
        print(f"{config_dir}: {count}", file=sys.stderr)
        return ConfigError.exit_status
    print(f"{config_dir}: configuration ok")
    for line in summary:
        print(f"  {line}")
    return 0

