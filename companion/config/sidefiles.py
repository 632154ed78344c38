"""The side files in the state directory, checked like the configuration.

Beside the game journal the companion keeps small files of its own there:

- `ui-settings.json`: what was changed on the Settings screen (language,
  purchase form, display); it overrides companion.yaml.
- `tags.json`: the owner's tag -> card id map (read by `companion.inputs.tagmap`).
- `cards.yaml`: the printed values the table confirmed (`companion.config.cards`).

Each is written by the companion, but a person, a bad SD card or a half-copied
backup can leave anything there. A bad side file must never stop the app:
it is ignored with a warning that names the file (logged, and handed to the
screens so the Home screen shows it). The checks are the configuration's own:
`ui-settings.json` goes through the same validator as companion.yaml.

JSON side files are bounded before they are parsed (`MAX_JSON_BYTES`,
`MAX_JSON_DEPTH`) and a key given twice is refused; see docs/config-limits.md.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from companion.config import settings as settings_module
from companion.config.yamlfile import YamlDocument
from companion.errors import ConfigError
from companion.fsio import NotAFile, describe, read_bounded

__all__ = [
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "TAGS_FILE",
    "UI_SETTINGS_FILE",
    "check_tags_file",
    "check_ui_settings",
    "read_json",
    "read_ui_settings",
]

log = logging.getLogger("companion.config")

UI_SETTINGS_FILE = "ui-settings.json"
TAGS_FILE = "tags.json"
#: The largest JSON side file read: tags.json for every card is about 4 KB.
MAX_JSON_BYTES = 256 * 1024
#: The deepest nesting of a JSON side file: ui-settings.json needs 3 (display.size).
MAX_JSON_DEPTH = 8


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json's object_pairs_hook: a key given twice is an error, not the last one winning."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} is given twice")
        out[key] = value
    return out


def _depth(value: Any) -> int:
    """How deep lists and objects nest in `value` (a loop: no recursion)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level <= MAX_JSON_DEPTH:
                children = item.values() if isinstance(item, dict) else item
                stack.extend((child, level + 1) for child in children)
    return deepest


def read_json(path: str | Path) -> Any:
    """The data of a JSON side file; None when it does not exist.

    Raises `ConfigError` naming the file when it cannot be read, is bigger than
    `MAX_JSON_BYTES`, nests deeper than `MAX_JSON_DEPTH`, gives a key twice or is
    not JSON.
    """
    path = Path(path)
    try:
        raw = read_bounded(path, MAX_JSON_BYTES)
    except FileNotFoundError:
        return None
    except NotAFile as exc:
        raise ConfigError(f"{path}: {describe(exc)}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({describe(exc)})") from None
    if len(raw) > MAX_JSON_BYTES:
        raise ConfigError(f"{path}: larger than {MAX_JSON_BYTES // 1024} KB; "
                          "the companion never writes it that big")
    try:
        text = raw.decode("utf-8")
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except RecursionError:
        raise ConfigError(f"{path}: nested more than {MAX_JSON_DEPTH} levels deep") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    except ValueError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    if _depth(data) > MAX_JSON_DEPTH:
        raise ConfigError(f"{path}: nested more than {MAX_JSON_DEPTH} levels deep")
    return data


#: The keys ui-settings.json may hold (companion.yaml's, but for log_level).
_UI_KEYS = ("language", "purchase_form", "display")


def check_ui_settings(path: str | Path, data: Any) -> dict[str, Any]:
    """The overrides in ui-settings.json's `data`, checked by companion.yaml's rules.

    Returns only the keys given, shaped like the app's settings (`display.size` as
    [width, height]). Raises `ConfigError` listing every problem, naming the file.
    """
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: must be a JSON object of settings")
    unknown = [key for key in data if key not in _UI_KEYS]
    if unknown:
        raise ConfigError(f"{path}: {unknown[0]}: unknown setting; known here: "
                          f"{', '.join(_UI_KEYS)}")
    checked, errors = settings_module.check_companion(YamlDocument(Path(path), data))
    if errors or checked is None:
        raise settings_module.ConfigProblems(errors)
    out: dict[str, Any] = {key: getattr(checked, key) for key in ("language", "purchase_form")
                           if key in data}
    if isinstance(data.get("display"), dict):
        display = checked.display
        given = data["display"]
        out["display"] = {
            key: value for key, value in (
                ("size", [display.width, display.height]),
                ("fullscreen", display.fullscreen),
                ("rotation", display.rotation),
            ) if key in given
        }
    elif data.get("display") is not None:
        raise ConfigError(f"{path}: display: must be a group of settings")
    return out


def read_ui_settings(state_dir: str | Path, warnings: list[str]) -> dict[str, Any]:
    """The checked overrides of `state_dir/ui-settings.json` ({} when there is none).

    A bad file is ignored: its problem is logged and appended to `warnings`.
    """
    path = Path(state_dir) / UI_SETTINGS_FILE
    try:
        data = read_json(path)
        return {} if data is None else check_ui_settings(path, data)
    except ConfigError as exc:
        warn(warnings, exc, "the settings of companion.yaml are used", path)
        return {}


class SideFileWarning(str):
    """The warning about one ignored side file (the whole sentence, for the log), with the
    file's `name`, so a screen can say which file without reading the sentence."""

    name: str

    def __new__(cls, message: str, name: str) -> SideFileWarning:
        made = super().__new__(cls, message)
        made.name = name
        return made


def warn(warnings: list[str], exc: ConfigError, instead: str, path: str | Path) -> None:
    """Log a bad side file and add it to `warnings`, saying what is used instead."""
    message = f"ignored: {exc.message} ({instead})"
    log.warning("%s", message)
    warnings.append(SideFileWarning(message, Path(path).name))


def check_tags_file(state_dir: str | Path, warnings: list[str]) -> None:
    """Add a warning when `state_dir/tags.json` is bad (`companion.inputs.tagmap` then
    starts with an empty map and reports the reader's scans as unknown cards)."""
    path = Path(state_dir) / TAGS_FILE
    try:
        data = read_json(path)
        if data is not None and not (isinstance(data, dict) and all(
                isinstance(k, str) and isinstance(v, str) for k, v in data.items())):
            raise ConfigError(f"{path}: the tag map must map tags to card ids (strings)")
    except ConfigError as exc:
        warn(warnings, exc, "scanned cards show as unknown until the cards are enrolled again",
             path)
