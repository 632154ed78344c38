"""What the README promises about exit statuses and backups holds for the code."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import companion
from companion.errors import CompanionError

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = README.index(title)
    end = README.find("\n#", start + len(title))
    return README[start:end]


def test_every_exit_status_an_error_can_have_is_in_the_readme():
    listed = {int(n) for n in re.findall(r"^- (\d+) ", _section("Exit status:"), re.M)}
    assert listed == {0, 1, 2, 3, 130}
    for info in pkgutil.walk_packages(companion.__path__, "companion."):
        if ".ui" in info.name or info.name.endswith(("__main__", "app")):
            continue  # pygame: the app's own modules; they raise the same errors
        importlib.import_module(info.name)

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    statuses = {CompanionError.exit_status} | {c.exit_status for c in subclasses(CompanionError)}
    assert statuses <= listed, statuses


def test_every_backup_command_on_the_state_directory_uses_sudo():
    backup = _section("### Back up")
    commands = re.findall(r"`([^`]*/var/lib/speicherstadt-companion[^`]*)`", backup)
    assert len(commands) >= 3
    for command in commands:
        assert command.startswith("sudo "), command
