"""The checked configuration, kept as JSON so the app starts without reading YAML.

`load_config(config_dir, state_dir)` returns what `settings.load_settings` and
`cards.load_catalogue` return. The first start parses and checks the YAML as
always, then writes the results to `<state_dir>/cache/config.v1.json`; later
starts read that file instead (no `import yaml`, no parsing: ~45 ms on a Pi)
as long as every source file has the same path, size, modification time and
inode: companion.yaml, hardware.yaml and cards.yaml of the config directory,
the owner's cards.yaml in the state directory (or its absence), and the
modules that do the checking. Anything else — a missing, corrupt or older
cache — means parsing the YAML again; errors are raised exactly as without a
cache and are never cached. A cache that cannot be written (read-only or full
disk) is left out silently. `check-config` never reads this file.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from companion.config import cards as cards_module
from companion.config import settings as settings_module
from companion.config.settings import (
    ButtonSettings,
    ClubSettings,
    CompanionSettings,
    DisplaySettings,
    HardwareSettings,
    PhonesSettings,
    ReaderSettings,
    Settings,
)
from companion.engine.cards import Catalogue
from companion.fsio import atomic_write, read_bounded

log = logging.getLogger("companion.config")

__all__ = ["CACHE_FILE", "VERSION", "cache_path", "load_config"]

#: Bumped when the layout of the file changes.
VERSION = 1
CACHE_FILE = Path("cache") / f"config.v{VERSION}.json"
#: The largest cache read: it holds what the YAML files (each at most 1 MiB) hold.
MAX_CACHE_BYTES = 8 * 1024 * 1024

#: The modules whose checks produced the cached values: new code checks anew.
_CHECKERS = (
    Path(settings_module.__file__),
    Path(cards_module.__file__),
    Path(__file__).resolve().parent / "yamlfile.py",
    Path(__file__),
    Path(__file__).resolve().parent.parent / "engine" / "cards.py",
)

#: The printed values the engine keeps as tuples (JSON gives lists back).
_TUPLE_FIELDS = ("goods",)


def cache_path(state_dir: str | os.PathLike[str]) -> Path:
    return Path(state_dir) / CACHE_FILE


def _stamp(path: Path) -> list[int] | None:
    """[size, mtime_ns, inode] of `path`, None if it does not exist; OSError otherwise."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ino]


def _sources(config_dir: Path, state_dir: Path) -> dict[str, list[int] | None]:
    files = [
        config_dir / settings_module.COMPANION_FILE,
        config_dir / settings_module.HARDWARE_FILE,
        config_dir / cards_module.CATALOGUE_FILE,
        state_dir / cards_module.OVERRIDE_FILE,
        *_CHECKERS,
    ]
    return {os.path.abspath(f): _stamp(f) for f in files}


def _settings_from(data: dict[str, Any], config_dir: Path) -> Settings:
    companion = dict(data["companion"])
    companion["display"] = DisplaySettings(**companion["display"])
    if "phones" in companion:  # a cache written before the phones' page has none: defaults
        companion["phones"] = PhonesSettings(**companion["phones"])
    if "club" in companion:  # a cache written before the club has none: no club
        companion["club"] = ClubSettings(**companion["club"])
    hardware = data["hardware"]
    return Settings(
        config_dir=config_dir,
        companion=CompanionSettings(**companion),
        hardware=HardwareSettings(
            buttons=ButtonSettings(**hardware["buttons"]),
            reader=ReaderSettings(**hardware["reader"]),
        ),
    )


def _cards_from(data: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for card in data:
        for name in _TUPLE_FIELDS:
            if isinstance(card.get(name), list):
                card[name] = tuple(card[name])
    return data


def _read(path: Path, sources: dict[str, Any], config_dir: Path
          ) -> tuple[Settings, list[dict[str, Any]]] | None:
    """The cached (settings, catalogue data), or None if missing, unreadable, corrupt or old."""
    try:
        # Bounded, and never a named pipe or a device (fsio.read_bounded).
        raw = read_bounded(path, MAX_CACHE_BYTES)
        if len(raw) > MAX_CACHE_BYTES:
            return None
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict) or data.get("version") != VERSION:
            return None
        if data.get("sources") != sources:
            return None
        return _settings_from(data["settings"], config_dir), _cards_from(data["catalogue"])
    except Exception as exc:  # noqa: BLE001 - any fault in a cache only means parsing the YAML again
        log.debug("card cache %s not used (%s: %s)", path, type(exc).__name__, exc)
        return None


def _write(path: Path, sources: dict[str, Any], settings: Settings,
           cards: list[dict[str, Any]]) -> None:
    """Write the cache atomically (a temporary file renamed); any OSError leaves it out."""
    document = {
        "version": VERSION,
        "sources": sources,
        "settings": {
            "companion": settings_module.as_dict(settings.companion),
            "hardware": settings_module.as_dict(settings.hardware),
        },
        "catalogue": cards,
    }
    try:
        text = json.dumps(document, separators=(",", ":"))
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
    except (OSError, TypeError, ValueError):
        pass  # only a cache: the next start parses the YAML again


def load_config(
    config_dir: str | os.PathLike[str],
    state_dir: str | os.PathLike[str],
    warnings: list[str] | None = None,
) -> tuple[Settings, Catalogue]:
    """(settings, catalogue with the owner's corrections), from the cache when it is current.

    Raises what `load_settings`, then `load_catalogue`, raise for a bad file. A bad
    owner's card file is ignored, with its warning appended to `warnings`, and nothing
    is cached then (the warning must come again at the next start).
    """
    config_dir, state_dir = Path(config_dir), Path(state_dir)
    path = cache_path(state_dir)
    try:
        sources: dict[str, Any] | None = _sources(config_dir, state_dir)
    except OSError:
        sources = None  # a file that cannot even be looked at: parse, and cache nothing
    if sources is not None:
        cached = _read(path, sources, config_dir)
        if cached is not None:
            settings, cards = cached
            return settings, cards_module.catalogue_from_data(cards)
    # The stamps were taken before parsing: a file changed meanwhile is parsed again next time.
    settings = settings_module.load_settings(config_dir)
    found: list[str] = []
    cards = cards_module.load_catalogue_data(config_dir, state_dir, warnings=found)
    catalogue = cards_module.catalogue_from_data(cards)
    if warnings is not None:
        warnings.extend(found)
    if sources is not None and not found:
        _write(path, sources, settings, cards)
    return settings, catalogue
