"""Following the saved game line by line, for the phones' page, without writing anything.

`Follower.read()` gives the game as the app would resume it (`Reading`). The first
time, and whenever the journal is not simply longer than before (a new game, an
undo rewritten... anything but an append), it reads the whole journal with the
store's reader, `companion.store.journal.scan` (no lock, nothing written; a torn
tail left out, damage named). After that, a journal that grew by whole lines costs
only those lines: the bytes after the last line read (and that line again, to see
it is still there) are read, parsed and applied to the state kept from before,
and the chart's round ends are kept up to date the same way
(`companion.store.stats.RoundEnds`). Anything unusual in the new bytes (a torn or
damaged line, a line the rules refuse) sends it back to the whole reading, so the
page says exactly what the app's resume says.

A game of record format 1 (saved by an older version) is replayed with the printed
values the app pinned for it (`pinned-values.json`, docs/record-format.md,
"Versioning"), read here and never written: `serve` never writes into the state
directory. Until the app has pinned them (it does when it first opens the game),
the reading says so (`NOT_PINNED`) and shows no values that could differ from the
app's.
"""

from __future__ import annotations

import copy
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from companion.engine import Catalogue, RecordError, RuleError, State, apply, iter_states
from companion.engine.actions import parse_line
from companion.engine.record import MAX_RECORD_BYTES
from companion.fsio import read_bounded
from companion.store import journal, pins
from companion.store.pins import PINS_FILE, is_format_1, setup_line
from companion.store.stats import RoundEnds

#: `Reading.notice` of a format 1 game the app has not pinned yet.
NOT_PINNED = "not_pinned"
#: The most of a journal's start read for its setup line (as the store's reader does).
HEAD_BYTES = 64 * 1024


@dataclass
class Reading:
    """The saved game as the page shows it."""

    state: State | None = None
    lines: list[str] = field(default_factory=list)
    """The journal's intact lines (setup first): the BG Stats play reads their times."""
    ends: RoundEnds | None = None
    """The chart's round ends, kept line by line."""
    notice: str | None = None


@dataclass
class _Followed:
    path: Path
    inode: int
    offset: int
    """Bytes of the journal read: the end of its last intact line."""
    last: bytes
    """The journal's bytes just before `offset` (its last line read), to see it is unchanged."""
    reading: Reading
    pins: tuple[int, int, int] | None
    """For a format 1 game: the pinned values' file as it was read (a change: read again)."""


def _pins_signature(state_dir: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(Path(state_dir) / PINS_FILE)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _read_regular(path: Path, limit: int, offset: int = 0) -> bytes | None:
    """At most `limit` bytes of a regular file from `offset` (`fsio.read_bounded`: a pipe
    or a device under the name is never read); None if it is missing or not a file."""
    try:
        return read_bounded(path, limit, offset)[:limit]
    except OSError:
        return None


def app_pinned(state_dir: Path, setup: str, catalogue: Catalogue) -> Catalogue | None:
    """The catalogue a format 1 game is replayed with: `catalogue` with the values the app
    pinned for it, read from `pinned-values.json` and never written; None while the app
    has pinned none (no file, a damaged one, none for this game, or values that no longer
    fit: the app pins such a game anew when it opens it)."""
    # The pins file as the app writes it (either format), read only: a damaged one is
    # ignored here, never set aside (store.pins.load).
    values = pins.load(Path(state_dir), set_aside=False).get(journal.game_key(setup))
    if not isinstance(values, dict):
        return None
    try:
        return catalogue.with_overrides(values)
    except (RuleError, TypeError, AttributeError):
        return None


class Follower:
    """The saved game in a state directory, read again at the cost of what changed."""

    def __init__(self, state_dir: Path, catalogue: Catalogue) -> None:
        self.state_dir = Path(state_dir)
        self.catalogue = catalogue
        self._followed: _Followed | None = None
        #: How many times the whole journal was read (for tests and the benchmark).
        self.whole_readings = 0

    def read(self) -> Reading | None:
        """The saved game now (None: none is saved). Raises the store's errors for a
        damaged journal or a newer format, as the app's resume does."""
        journal.check_version(self.state_dir)
        path = journal.journal_path(self.state_dir)
        try:
            st = os.stat(path)
        except FileNotFoundError:
            self._followed = None
            return None
        except OSError:
            st = None
        followed = self._followed
        if (followed is not None and st is not None and stat.S_ISREG(st.st_mode)
                and followed.path == path and followed.inode == st.st_ino
                and st.st_size >= followed.offset
                and (followed.pins is None or followed.pins == _pins_signature(self.state_dir))):
            reading = self._more(followed, st.st_size)
            if reading is not None:
                return reading
        return self._whole(path, st)

    def _whole(self, path: Path, st: os.stat_result | None) -> Reading:
        self._followed = None
        self.whole_readings += 1
        catalogue: Catalogue | None = self.catalogue
        pins = None
        if journal.version_of(path) == 1:
            pins = _pins_signature(self.state_dir) or (0, 0, 0)
            head = (_read_regular(path, HEAD_BYTES) or b"").decode("utf-8", "replace")
            line = setup_line(head)
            if line is not None and is_format_1(line):
                catalogue = app_pinned(self.state_dir, line, self.catalogue)
        if catalogue is None:
            return Reading(notice=NOT_PINNED)
        scan = journal.scan(path, catalogue)
        # The chart's round ends, from the states the lines reach (a second replay, once).
        ends = RoundEnds()
        try:
            for _number, _action, after in iter_states(scan.actions, catalogue):
                ends.step(after)
        except RuleError:
            pass  # as `running_scores`: the rounds before the first bad line
        reading = Reading(scan.state, list(scan.lines), ends)
        if st is not None and scan.lines and not scan.tail_kept:
            last = scan.lines[-1].encode("utf-8") + b"\n"
            self._followed = _Followed(path, st.st_ino, scan.valid_length, last, reading, pins)
        return reading

    def _more(self, followed: _Followed, size: int) -> Reading | None:
        """The reading with the lines appended since; None: read the whole journal again."""
        start = followed.offset - len(followed.last)
        if size - start > MAX_RECORD_BYTES or size > MAX_RECORD_BYTES:
            return None  # the whole reading says the file is too big
        data = _read_regular(followed.path, size - start, start)
        if data is None or not data.startswith(followed.last):
            return None  # rewritten in place: not an append
        new = data[len(followed.last):]
        cut = new.rfind(b"\n") + 1
        if new[cut:].strip():
            return None  # a torn or unfinished line: the store's reader says what it is
        reading = followed.reading
        state, lines = reading.state, list(reading.lines)
        ends = copy.deepcopy(reading.ends)  # the reading given before stays as it was
        if state is None:
            return None
        last = followed.last
        try:
            for raw in new[:cut].split(b"\n")[:-1]:
                if not raw.strip():
                    continue
                action = parse_line(raw)
                state = apply(state, action)
                lines.append(raw.decode("utf-8"))
                if ends is not None:
                    ends.step(state)
                last = raw + b"\n"
        except (RecordError, RuleError, ValueError):
            return None
        followed.offset = start + len(followed.last) + cut
        followed.last = last
        followed.reading = Reading(state, lines, ends)
        return followed.reading


__all__ = ["NOT_PINNED", "Follower", "Reading", "app_pinned"]
