"""`check-config [DIR]`: validate every YAML file of a configuration directory.

Prints each error as `file:line: key: problem` (on stderr) and exits with
status 2 if there is any; otherwise prints a short summary and exits 0. Run
it after editing /etc/speicherstadt-companion, before restarting the service.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from companion import paths
from companion.config import settings
from companion.errors import ConfigError

CARDS_FILE = "cards.yaml"


def register(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "check-config",
        help="validate the configuration files (exit status 2 on any error)",
        description="Validate companion.yaml, hardware.yaml and cards.yaml in DIR "
        "(default: --config, else $CONFIGURATION_DIRECTORY, else /etc/speicherstadt-companion, "
        "else the shipped config). Every error is printed as file:line: key: problem.",
    )
    parser.add_argument("dir", nargs="?", metavar="DIR", help="the configuration directory")
    parser.set_defaults(func=run)
    return parser


def _cards_module() -> ModuleType | None:
    """The card catalogue's checker, if this build has one."""
    try:
        return importlib.import_module("companion.config.cards")
    except ModuleNotFoundError as exc:
        if exc.name in ("companion.config.cards",):
            return None
        raise


def _check_cards(path: Path) -> tuple[list[ConfigError], str]:
    """Errors of cards.yaml and a summary word, using companion.config.cards."""
    module = _cards_module()
    if module is None:
        return [], "not checked (this build has no card catalogue checker)"
    check: Callable[..., Any] | None = getattr(module, "check_file", None)
    try:
        if check is not None:
            errors = list(check(path))
            return errors, "ok" if not errors else "invalid"
        load: Callable[..., Any] | None = getattr(module, "load_file", None) or getattr(
            module, "load", None
        )
        if load is None:
            return [], "not checked (no checker found in companion.config.cards)"
        load(path)
    except ConfigError as exc:
        return list(getattr(exc, "errors", None) or [exc]), "invalid"
    return [], "ok"


def check_dir(config_dir: Path) -> tuple[list[ConfigError], list[str]]:
    """Every error in `config_dir`, and one summary line per file."""
    errors: list[ConfigError] = []
    summary: list[str] = []

    companion, found = settings.check_companion_file(config_dir / settings.COMPANION_FILE)
    errors += found
    if companion is not None:
        d = companion.display
        summary.append(
            f"{settings.COMPANION_FILE}: ok (language {companion.language}, "
            f"{d.width}x{d.height}, rotation {d.rotation}, {companion.purchase_form} purchases)"
        )

    hardware, found = settings.check_hardware_file(config_dir / settings.HARDWARE_FILE)
    errors += found
    if hardware is not None:
        buttons = hardware.buttons
        reader = hardware.reader
        b = f"{len(buttons.pins)} buttons" if buttons.enabled else "buttons off"
        r = f"reader {reader.framing} on {reader.port}" if reader.enabled else "reader off"
        summary.append(f"{settings.HARDWARE_FILE}: ok ({b}, {r})")

    cards_path = config_dir / CARDS_FILE
    if cards_path.exists():
        found, word = _check_cards(cards_path)
        errors += found
        if not found:
            summary.append(f"{CARDS_FILE}: {word}")
    else:
        summary.append(f"{CARDS_FILE}: none here (the shipped catalogue is used)")
    return errors, summary


def run(args: argparse.Namespace) -> int:
    config_dir = paths.config_dir(args.dir or getattr(args, "config", None))
    if not config_dir.is_dir():
        print(f"{config_dir}: not a directory", file=sys.stderr)
        return ConfigError.exit_status
    errors, summary = check_dir(config_dir)
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


def main(argv: list[str] | None = None) -> int:
    """`python -m companion.commands.check_config [DIR]`: the same check without the full CLI."""
    parser = argparse.ArgumentParser(prog="speicherstadt-companion check-config")
    parser.add_argument("dir", nargs="?", metavar="DIR", help="the configuration directory")
    parser.add_argument("--config", metavar="DIR", help="the configuration directory")
    args = parser.parse_args(argv)
    try:
        return run(args)
    except ConfigError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return exc.exit_status


if __name__ == "__main__":
    sys.exit(main())
