"""Old games pinned: the printed values a format 1 record is played with, from the first
time this version opens it (docs/record-format.md, "Versioning").

A format 1 record (a journal or an archived game of an older version) pins no values: its
`setup.cards` holds only the values confirmed before the game, and the rest came from the
reader's catalogue, so every later correction of `cards.yaml` changed the game. This
version pins them once, the first time it opens such a record: every printed value then in
force (the shipped catalogue, the owner's corrections, the record's own `setup.cards`),
placeholders marked unverified, kept in `pinned-values.json` in the state directory under
the game's key (a hash of its setup line). From then on the record is replayed with those
values, whatever `cards.yaml` says later; the record itself is never rewritten.

The file is a side file the app writes: a damaged one is set aside (kept, renamed) and the
record is pinned anew with the values now in force, never stopping a game.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

from companion.engine import Catalogue
from companion.engine.errors import RuleError
from companion.engine.record import pinned_values
from companion.fsio import atomic_write
from companion.store import journal
from companion.store.errors import HistoryError

PINS_FILE = "pinned-values.json"
log = logging.getLogger("companion.store")
_lock = threading.Lock()


def setup_line(record: str) -> str | None:
    """The first non-blank line of `record` (its setup line), or None."""
    for line in record.splitlines():
        if line.strip():
            return line
    return None


def is_format_1(line: str) -> bool:
    """Whether a setup line is of record format 1 (no `format` key)."""
    try:
        obj = json.loads(line)
    except ValueError:
        return False
    return isinstance(obj, dict) and obj.get("type") == "setup" and "format" not in obj


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        data = None
        problem = str(exc)
    else:
        problem = "not a map of game keys to printed values"
    if isinstance(data, dict) and all(isinstance(v, dict) for v in data.values()):
        return data
    aside = path.with_name(f"{PINS_FILE}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
        log.warning("%s: %s; set aside as %s", path, problem, aside.name)
    except OSError as exc:
        log.warning("%s: %s; cannot set it aside (%s)", path, problem, exc.strerror)
    return {}


def scan(path: Path, catalogue: Catalogue) -> journal.Scan:
    """`journal.scan`, a format 1 journal replayed with its pinned values."""
    if journal.version_of(path) == 1:
        try:
            head = journal.read_journal(path)[:64 * 1024].decode("utf-8", "replace")
        except OSError:
            head = ""  # journal.scan says what is wrong with the file
        catalogue = pinned_catalogue(path.parent, head, catalogue)
    return journal.scan(path, catalogue)


def pinned_catalogue(state_dir: Path, record: str, catalogue: Catalogue) -> Catalogue:
    """`catalogue` with the values pinned for `record` when it is of format 1 (pinned now,
    with `catalogue`'s values, the first time); `catalogue` itself for format 2 (its setup
    line pins its values) and for text that is no record."""
    line = setup_line(record)
    if line is None or not is_format_1(line):
        return catalogue
    key = journal.game_key(line)
    path = Path(state_dir) / PINS_FILE
    with _lock:
        pins = _read(path)
        values = pins.get(key)
        if values is not None:
            try:
                return catalogue.with_overrides(values)
            except RuleError as exc:
                log.warning("%s: the values pinned for game %s do not fit the catalogue "
                            "(%s); pinned anew", path, key, exc)
        own = json.loads(line).get("cards") or {}
        try:
            base = catalogue.with_overrides(own) if isinstance(own, dict) and own else catalogue
        except RuleError:
            base = catalogue  # the replay names the bad setup line
        pins[key] = pinned_values(base)
        try:
            Path(state_dir).mkdir(parents=True, exist_ok=True)
            atomic_write(path, json.dumps(pins, sort_keys=True, indent=1) + "\n")
        except OSError as exc:
            # Played as before (the values now in force); pinned the next time it is opened.
            log.warning("%s: cannot pin the values of game %s (%s)", path, key, exc.strerror)
        return catalogue.with_overrides(pins[key])


def pin_history(state_dir: Path, catalogue: Catalogue) -> int:
    """Pin every format 1 game of the history not pinned yet, and store its row anew from
    the pinned values, so that History's row and the game reopened agree from now on.
    How many rows changed."""
    from companion.engine import replay
    from companion.store.history import History

    path = Path(state_dir) / PINS_FILE
    if not (Path(state_dir) / "history.db").exists():
        return 0
    changed = 0
    with History(Path(state_dir)) as history:
        pinned = _read(path)
        for game_id, key in history.format_1_candidates():
            if key in pinned:
                continue
            try:
                game = history.game(game_id)
            except HistoryError:
                continue  # a damaged game is left out of History with its own note
            if game is None or game.record is None:
                continue
            record = game.record
            line = setup_line(record)
            if line is None or not is_format_1(line) or journal.game_key(line) in pinned:
                continue
            result = replay(record, pinned_catalogue(state_dir, record, catalogue))
            if result.state is None or result.state.final is None:
                continue
            shown = {p.player_id: p.total for p in game.players}
            now = {pid: result.state.final.scores[pid]["total"] for pid in result.state.players}
            if shown != now:
                history.archive(game.key, result.state, record)
                changed += 1
    return changed


__all__ = ["PINS_FILE", "is_format_1", "pin_history", "pinned_catalogue", "scan"]
