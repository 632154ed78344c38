"""Where the companion keeps its state and finds its configuration."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "speicherstadt-companion"

#: The configuration shipped inside the package (companion/data), so that an install
#: without the repository works. The repository's config/ holds the same files as the
#: copy an owner edits (install.sh puts it in /etc); tests/config/test_packaging.py
#: keeps the two identical.
SHIPPED_CONFIG_DIR = Path(__file__).resolve().parent / "data"
#: Where `make install` puts the configuration on a Pi.
SYSTEM_CONFIG_DIR = Path("/etc") / APP_NAME


def state_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The state directory: --state-dir, else $STATE_DIRECTORY, else the user's data dir."""
    if explicit:
        return Path(explicit)
    from_systemd = os.environ.get("STATE_DIRECTORY")
    if from_systemd:
        # systemd may pass several directories separated by colons; the first is ours.
        return Path(from_systemd.split(":")[0])
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / APP_NAME


def config_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The config directory: --config, else $CONFIGURATION_DIRECTORY, else /etc, else shipped."""
    if explicit:
        return Path(explicit)
    from_systemd = os.environ.get("CONFIGURATION_DIRECTORY")
    if from_systemd:
        return Path(from_systemd.split(":")[0])
    if (SYSTEM_CONFIG_DIR / "companion.yaml").is_file():
        return SYSTEM_CONFIG_DIR
    return SHIPPED_CONFIG_DIR
