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

The functions, for every part that needs them:

- `values_for(setup_line, catalogue)`: the values a format 1 game is pinned with now
  (pure: no file is read or written). `serve`, which never writes, computes a game's
  values with it when they are not pinned yet.
- `load(state_dir)` / `Pins.get(key)`: the values pinned so far (`set_aside=False` for a
  reader that must not rename a damaged file).
- `pinned_catalogue(state_dir, record, catalogue)`: one record's catalogue, pinned now if
  it was not (a journal resumed, a past game opened); `catalogue_in_memory`: the same,
  never writing (for `serve`).
- `pin_history(state_dir, catalogue, progress)`: every format 1 game of the history in one
  pass: records read once, replayed, the rows that change stored in one transaction, the
  file written once (the app runs it in a thread, with progress; `history` before it
  lists).

The file keeps each set of values once, with each game naming its set (thousands of old
games pinned at once share a few sets): `{"format": 2, "values": {ref: values},
"games": {key: ref}, "checked": id}`, where `checked` is the last history row a pass has
looked at. It is bounded (`MAX_PINS_BYTES`) and read like every side file
(`fsio.read_bounded`). A damaged one is set aside (kept, renamed) and the games are pinned
anew with the values now in force, never stopping a game.
"""

from __future__ import annotations

import json
import logging
import marshal
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from companion.engine import Catalogue
from companion.engine.errors import RuleError
from companion.engine.record import pinned_values
from companion.errors import CompanionError
from companion.fsio import atomic_write, describe, read_bounded
from companion.store import journal

PINS_FILE = "pinned-values.json"
#: The largest pins file read: 10,000 games pinned at once take about 0.5 MB.
MAX_PINS_BYTES = 8 * 1024 * 1024
#: The file's own format (1: a plain map of game keys to values, still read).
FORMAT = 2
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


def _ref(values: dict[str, Any]) -> str:
    # hashlib (OpenSSL's libcrypto) when first needed: never before the app's first frame.
    import hashlib

    text = json.dumps(values, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class Pins:
    """The values pinned for the games of a state directory, each set of values kept once."""

    def __init__(self, games: dict[str, str] | None = None,
                 values: dict[str, dict[str, Any]] | None = None, checked: int = 0) -> None:
        self.games = dict(games or {})
        self.values = dict(values or {})
        #: The last history row (its id) a pass of `pin_history` has looked at.
        self.checked = checked

    def __contains__(self, key: object) -> bool:
        return key in self.games

    def __len__(self) -> int:
        return len(self.games)

    def get(self, key: str) -> dict[str, Any] | None:
        """The values pinned for the game `key`, or None."""
        ref = self.games.get(key)
        return None if ref is None else self.values.get(ref)

    def put(self, key: str, values: dict[str, Any]) -> None:
        ref = _ref(values)
        self.values.setdefault(ref, values)
        self.games[key] = ref

    def to_json(self) -> str:
        used = set(self.games.values())
        return json.dumps({"format": FORMAT, "checked": self.checked, "games": self.games,
                           "values": {r: v for r, v in self.values.items() if r in used}},
                          sort_keys=True, separators=(",", ":")) + "\n"

    @classmethod
    def from_data(cls, data: Any) -> Pins | None:
        """The pins of a parsed file (format 2, or format 1's plain map); None if it is
        not one."""
        if not isinstance(data, dict):
            return None
        if "format" not in data:  # format 1: {key: values}
            if not all(isinstance(v, dict) for v in data.values()):
                return None
            pins = cls()
            for key, values in data.items():
                pins.put(key, values)
            return pins
        games, values, checked = data.get("games"), data.get("values"), data.get("checked", 0)
        if (data.get("format") != FORMAT or not isinstance(games, dict)
                or not isinstance(values, dict) or type(checked) is not int
                or not all(isinstance(v, dict) for v in values.values())
                or not all(isinstance(r, str) and r in values for r in games.values())):
            return None
        return cls(games, values, checked)


def load(state_dir: Path, *, set_aside: bool = True) -> Pins:
    """The pins of `state_dir` (none when there is no file). A damaged file, or a name that
    is no regular file, is set aside (renamed `.damaged-<time>`, kept) unless `set_aside`
    is false (a reader that never writes); either way it pins nothing."""
    path = Path(state_dir) / PINS_FILE
    try:
        raw = read_bounded(path, MAX_PINS_BYTES)
    except FileNotFoundError:
        return Pins()
    except OSError as exc:
        problem = f"cannot be read ({describe(exc)})"
    else:
        if len(raw) > MAX_PINS_BYTES:
            problem = f"larger than {MAX_PINS_BYTES // (1024 * 1024)} MiB"
        else:
            try:
                pins = Pins.from_data(json.loads(raw.decode("utf-8")))
            except (ValueError, RecursionError) as exc:
                problem = f"not JSON ({exc})"
            else:
                if pins is not None:
                    return pins
                problem = "not a map of game keys to printed values"
    if not set_aside:
        log.warning("%s: %s; ignored", path, problem)
        return Pins()
    aside = path.with_name(f"{PINS_FILE}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, aside)
        log.warning("%s: %s; set aside as %s", path, problem, aside.name)
    except OSError as exc:
        log.warning("%s: %s; cannot set it aside (%s)", path, problem, describe(exc))
    return Pins()


def save(state_dir: Path, pins: Pins) -> None:
    """Write the pins whole (fsio.atomic_write); OSError if it cannot."""
    Path(state_dir).mkdir(parents=True, exist_ok=True)
    atomic_write(Path(state_dir) / PINS_FILE, pins.to_json())


def values_for(line: str, catalogue: Catalogue) -> dict[str, Any]:
    """The values a format 1 game with this setup line is pinned with now: every printed
    value of `catalogue` with the line's own `setup.cards` over them (pure)."""
    try:
        own = json.loads(line).get("cards") or {}
    except (ValueError, AttributeError):
        own = {}
    try:
        base = catalogue.with_overrides(own) if isinstance(own, dict) and own else catalogue
    except RuleError:
        base = catalogue  # the replay names the bad setup line
    return pinned_values(base)


def scan(path: Path, catalogue: Catalogue) -> journal.Scan:
    """`journal.scan`, a format 1 journal replayed with its pinned values."""
    if journal.version_of(path) == 1:
        try:
            head = journal.read_journal(path)[:64 * 1024].decode("utf-8", "replace")
        except CompanionError:
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
    with _lock:
        pins = load(state_dir)
        values = pins.get(key)
        if values is not None:
            try:
                return catalogue.with_overrides(values)
            except RuleError as exc:
                log.warning("%s: the values pinned for game %s do not fit the catalogue "
                            "(%s); pinned anew", Path(state_dir) / PINS_FILE, key, exc)
        values = values_for(line, catalogue)
        pins.put(key, values)
        try:
            save(state_dir, pins)
        except OSError as exc:
            # Played as before (the values now in force); pinned the next time it is opened.
            log.warning("%s: cannot pin the values of game %s (%s)",
                        Path(state_dir) / PINS_FILE, key, describe(exc))
        return catalogue.with_overrides(values)


def catalogue_in_memory(state_dir: Path, record: str, catalogue: Catalogue) -> Catalogue:
    """What `pinned_catalogue` gives, without writing anything: the values pinned for a
    format 1 `record` if there are any, else the ones it would be pinned with now
    (`values_for`), computed in memory; a damaged pins file is ignored, not set aside.
    For a reader that never writes the state directory (`serve`)."""
    line = setup_line(record)
    if line is None or not is_format_1(line):
        return catalogue
    values = load(state_dir, set_aside=False).get(journal.game_key(line))
    if values is not None:
        try:
            return catalogue.with_overrides(values)
        except RuleError:
            pass  # as pinned_catalogue: pinned anew, here only in memory
    return catalogue.with_overrides(values_for(line, catalogue))


#: progress(done, total): games looked at so far, of all the history rows the pass reads.
Progress = Callable[[int, int], None]


def pin_history(state_dir: Path, catalogue: Catalogue | Callable[[], Catalogue],
                progress: Progress | None = None) -> int:
    """Pin every format 1 game of the history not pinned yet, and store its row anew from
    the pinned values, so that History's row and the game reopened agree from now on.

    One pass: each record read once (rows after the last one a pass looked at), replayed
    with its pinned values; the rows whose totals change stored in one transaction; the
    pins file written once, after the rows (a failure between the two pins the games anew
    next time, with the same values unless cards.yaml changed meanwhile). How many rows
    changed. `catalogue`: the values now in force, or what loads them (loaded only when
    there are rows to look at). `HistoryError` when the history cannot be read or
    written."""
    import tempfile  # (random, shutil) when a pass runs, not at the app's start

    from companion.engine import replay
    from companion.store.history import History

    if not (Path(state_dir) / "history.db").exists():
        return 0
    with _lock:
        pins = load(state_dir)
    checked = pins.checked
    new: dict[str, dict[str, Any]] = {}
    with History(Path(state_dir)) as history, tempfile.TemporaryFile() as spool:
        # The rows to store anew wait in a temporary file (each game's results packed with
        # `marshal`, a few hundred bytes), never in memory: the pass's memory stays flat
        # however many games it stores in its one transaction.
        changed = 0
        total, last = history.rows_after(checked)
        if progress is not None:
            progress(0, total)
        if not total:
            return 0
        if callable(catalogue):
            catalogue = catalogue()
        catalogues: dict[str, tuple[dict[str, Any], Catalogue]] = {}
        done = 0
        for game_id, key, record in history.records_after(checked, last):
            done += 1
            if progress is not None:
                progress(done, total)
            line = setup_line(record) if isinstance(record, str) else None
            if line is None or not is_format_1(line) or key in pins:
                continue
            game_key = journal.game_key(line)
            if game_key in pins:
                continue  # pinned before: archived with these values, or by an earlier pass
            # Games pinned together share their values but for their own setup.cards.
            own = json.dumps(_own_cards(line), sort_keys=True)
            if own not in catalogues:
                values = values_for(line, catalogue)
                try:
                    catalogues[own] = (values, catalogue.with_overrides(values))
                except RuleError:
                    catalogues[own] = (values, catalogue)
            values, pinned = catalogues[own]
            new[game_key] = values
            assert isinstance(record, str)
            result = replay(record, pinned)
            if result.state is None or result.state.final is None:
                continue
            final = result.state.final
            now = tuple((pid, final.scores[pid]["total"]) for pid in result.state.players)
            if history.totals_of(game_id) != now:
                marshal.dump((game_id, History.results_of(result.state, line)), spool)
                changed += 1
        if changed:
            # A game with a damaged row is left out of the lists with its note, not
            # rewritten here (docs/journal.md, "A damaged history").
            intact = history.intact(game_id for game_id, _results in _spooled(spool, changed))
            if intact:
                history.store_results(item for item in _spooled(spool, changed)
                                      if item[0] in intact)
            changed = len(intact)
    with _lock:
        # Anything pinned meanwhile (a past game opened) is kept, and keeps its values.
        pins = load(state_dir)
        for game_key, values in new.items():
            if game_key not in pins:
                pins.put(game_key, values)
        pins.checked = max(pins.checked, last)
        try:
            save(state_dir, pins)
        except OSError as exc:
            log.warning("%s: cannot pin the values of the older games (%s); the rows were "
                        "stored, the games are pinned again next time",
                        Path(state_dir) / PINS_FILE, describe(exc))
    return changed


def _spooled(spool: IO[bytes], count: int) -> Iterator[tuple[int, Any]]:
    """The (id, results) written to `spool`, from its start."""
    spool.seek(0)
    for _ in range(count):
        yield marshal.load(spool)


def _own_cards(line: str) -> Any:
    try:
        return json.loads(line).get("cards") or {}
    except (ValueError, AttributeError):
        return {}


__all__ = ["FORMAT", "MAX_PINS_BYTES", "PINS_FILE", "Pins", "catalogue_in_memory",
           "is_format_1", "load",
           "pin_history", "pinned_catalogue", "save", "scan", "values_for"]
