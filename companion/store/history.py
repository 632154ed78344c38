"""Finished games in SQLite (`history.db` in the state directory), and statistics.

Every finished game is stored with its date, duration, players (ids, names,
colours), every score category, the winners and the full record, so any
statistic can be recomputed later. The schema carries a version
(`schema_version` table); opening an older file migrates it step by step,
after saving a copy (`history.db.before-vN`), so an update never loses
history. A file written by a newer version is refused, not touched.

Writes use `synchronous=FULL` and one transaction each.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from companion.engine import COLOURS, SCORE_CATEGORIES, State
from companion.engine.values import field, value
from companion.fsio import describe, fsync_dir, not_a_file
from companion.store.errors import HistoryError
from companion.store.journal import line_time, now_iso, parse_time

log = logging.getLogger(__name__)

HISTORY_NAME = "history.db"
SCHEMA_VERSION = 1


def _run_all(conn: sqlite3.Connection, script: str) -> None:
    """Run `;`-separated DDL inside the caller's transaction (executescript would commit it)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def _create_v1(conn: sqlite3.Connection) -> None:
    _run_all(
        conn,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game_key TEXT NOT NULL UNIQUE,   -- hash of the setup line, one row per game
            started TEXT,                    -- "t" of the setup line (ISO-8601)
            finished TEXT,                   -- "t" of the last line
            duration_seconds REAL,
            rounds INTEGER NOT NULL,
            record TEXT NOT NULL,            -- the whole record (docs/record-format.md)
            archived TEXT NOT NULL
        );
        CREATE TABLE game_players (
            game_id INTEGER NOT NULL REFERENCES games(id),
            seat INTEGER NOT NULL,           -- 0 = first in setup.players
            player_id TEXT NOT NULL,
            name TEXT NOT NULL,              -- display name (the id if none was given)
            named INTEGER NOT NULL,          -- 1 if a name was given at setup
            colour TEXT,
            coins INTEGER NOT NULL,
            total INTEGER NOT NULL,
            rank INTEGER NOT NULL,           -- 1 = first in the final ranking
            winner INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE TABLE scores (
            game_id INTEGER NOT NULL REFERENCES games(id),
            player_id TEXT NOT NULL,
            category TEXT NOT NULL,          -- one of the final scoring categories
            points INTEGER NOT NULL,
            PRIMARY KEY (game_id, player_id, category)
        );
        CREATE INDEX game_players_name ON game_players(name);
        """
    )


#: Indexes for reading a large history quickly (the list's order, the statistics from
#: the players' rows alone). Not part of the schema version: any version reads a file that
#: has them, and one that lacks them gets them when it is next opened (a no-op once there;
#: left out while the file cannot be written).
INDEXES = (
    "CREATE INDEX IF NOT EXISTS games_latest ON games(COALESCE(finished, started), id)",
    "CREATE INDEX IF NOT EXISTS game_players_stats ON game_players(name, named, winner, "
    "total, game_id, seat)",
    # Statistics per category: each player's row finds its seven points in this index
    # alone, never in the table (10,000 games: 0.5 s without it, 0.16 s with it; issue 35).
    "CREATE INDEX IF NOT EXISTS scores_points ON scores(game_id, player_id, category, points)",
)


def _ensure_indexes(conn: sqlite3.Connection) -> None:
    try:
        for statement in INDEXES:
            conn.execute(statement)
    except sqlite3.Error as exc:
        log.info("history indexes not created (%s); reading is slower", exc)


#: What the history stores of a finished game beside its record (`History.results_of`):
#: (rounds, one row per player: seat, id, name, named, colour, coins, total, rank, winner,
#: the points per category).
Results = tuple[int, tuple[tuple[Any, ...], ...]]

#: MIGRATIONS[n] turns a schema n-1 database into schema n (MIGRATIONS[1] creates it).
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _create_v1}


@value
class PlayerResult:
    """One player's result in a finished game."""

    seat: int
    player_id: str
    name: str
    named: bool
    """Whether the name was given at setup (otherwise it is the player id)."""
    colour: str | None
    coins: int
    total: int
    rank: int
    winner: bool
    scores: dict[str, int]
    """Points per scoring category (docs/record-format.md `final.scores`, without total)."""


@value
class GameSummary:
    """A finished game."""

    id: int
    key: str
    started: str | None
    finished: str | None
    duration_seconds: float | None
    rounds: int
    players: tuple[PlayerResult, ...]
    record: str | None = None
    """The whole record: only from `History.game` (the lists never decode records)."""

    @property
    def winners(self) -> tuple[PlayerResult, ...]:
        return tuple(p for p in self.players if p.winner)

    def to_json(self, *, with_record: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "started": self.started,
            "finished": self.finished,
            "duration_seconds": self.duration_seconds,
            "rounds": self.rounds,
            "players": [
                {
                    "id": p.player_id, "name": p.name, "colour": p.colour, "coins": p.coins,
                    "total": p.total, "rank": p.rank, "winner": p.winner,
                    "scores": dict(p.scores),
                }
                for p in self.players
            ],
            "winners": [p.player_id for p in self.winners],
        }
        if with_record:
            out["record"] = self.record
        return out


@value
class PlayerStats:
    """Statistics of one player name over all finished games."""

    name: str
    games: int
    wins: int
    average_total: float
    best_total: int
    favourite_category: str | None
    """The category that brought the most points over all games (None if none did)."""
    category_points: dict[str, int] = field(default_factory=dict)
    """Points per scoring category over all games (the Statistics screen's averages)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "games": self.games, "wins": self.wins,
            "average_total": round(self.average_total, 2), "best_total": self.best_total,
            "favourite_category": self.favourite_category,
        }


def _rollback(conn: sqlite3.Connection) -> None:
    """Roll back if a transaction is still open (SQLite ends one itself on some errors,
    e.g. a full disk; a ROLLBACK then would hide the real error behind "no transaction")."""
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass


class History:
    """The finished games of a state directory.

    Reading a state directory without `history.db` gives no games and creates
    nothing; the file is created by the first `archive`.
    """

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = Path(state_dir)
        self.path = self.state_dir / HISTORY_NAME
        self._conn: sqlite3.Connection | None = None
        #: What the latest read left out (a damaged row: which game, and why).
        self.notes: list[str] = []
        if self._present():
            self._open()

    def _present(self) -> bool:
        """Whether history.db is there (anything by that name); HistoryError if unknowable."""
        try:
            os.lstat(self.path)
        except (FileNotFoundError, NotADirectoryError):
            return False
        except PermissionError:
            raise HistoryError(
                f"cannot read the history {self.path}: the companion's user has no permission "
                f"to read the folder {self.state_dir} (run the command as that user, e.g. with "
                "`sudo -u companion`)", "storage"
            ) from None
        except OSError as exc:
            raise HistoryError(
                f"cannot read the history {self.path}: {describe(exc)}", "storage"
            ) from None
        # SQLite would wait for ever on a named pipe, and read a device without end: the
        # database and its journal must be regular files, else the history is damaged (set
        # aside when a game is archived, docs/journal.md "A damaged history").
        for path in (self.path, self.path.with_name(self.path.name + "-journal")):
            try:
                mode = os.stat(path).st_mode
            except OSError:
                continue  # no journal, or a dangling link (SQLite reports it)
            if not stat.S_ISREG(mode) and not (path == self.path and stat.S_ISDIR(mode)):
                raise HistoryError(f"cannot read the history {path}: "
                                   f"{describe(not_a_file(mode))}")
        return True

    def _failure(self, what: str, exc: sqlite3.Error) -> HistoryError:
        """A HistoryError naming the real cause of a SQLite error, and what would help."""
        text = str(exc)
        folder = self.state_dir
        try:
            read_only_fs = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
        except OSError:
            read_only_fs = False
        if "full" in text:
            return HistoryError(f"{what}: the storage is full", "storage")
        if read_only_fs:
            return HistoryError(
                f"{what}: the storage is read-only (an SD card is remounted read-only after "
                "errors)", "storage")
        if os.path.isdir(self.path):
            return HistoryError(f"{what}: it is a folder, not a database file")
        if "readonly" in text or "read-only" in text or "unable to open" in text:
            for path in (self.path, folder):
                if os.path.lexists(path) and not os.access(path, os.W_OK):
                    try:
                        owner = f" (it belongs to user id {os.stat(path).st_uid})"
                    except OSError:
                        owner = ""
                    kind = "file" if path == self.path else "folder"
                    return HistoryError(
                        f"{what}: the {kind} {path} is not writable by the companion's "
                        f"user{owner}; give it back with `sudo chown` to that user",
                        "damaged" if path == self.path else "storage",
                    )
            if "unable to open" in text:
                return HistoryError(f"{what}: cannot open the file", "storage")
        if "disk I/O error" in text:
            return HistoryError(f"{what}: the storage reported an input/output error", "storage")
        if "not a database" in text or "malformed" in text or "damaged" in text:
            return HistoryError(f"{what}: the file is damaged ({text})")
        # Anything else (e.g. locked by another program): setting the file aside would not
        # be right; the game waits for a later archive instead.
        return HistoryError(f"{what}: {text}", "storage")

    # --- opening and migrating -------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        created = not self._present()
        conn: sqlite3.Connection | None = None
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=10)
            conn.text_factory = _decode
            conn.execute("PRAGMA synchronous=FULL")
            version = self._version(conn)
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            raise self._failure(f"cannot open {self.path}", exc) from None
        if version > SCHEMA_VERSION:
            conn.close()
            raise HistoryError(
                f"{self.path} was written by a newer version of the companion (schema "
                f"{version}; this version knows up to {SCHEMA_VERSION}). It was left untouched: "
                "update the companion to see or add to the history.", "newer"
            )
        if version < SCHEMA_VERSION:
            try:
                self._migrate(conn, version)
            except sqlite3.Error as exc:
                conn.close()
                if version == 0:
                    raise self._failure(f"cannot create {self.path}", exc) from None
                failure = self._failure(
                    f"cannot update {self.path} from schema {version} to {SCHEMA_VERSION}", exc
                )
                raise HistoryError(
                    f"{failure.message}; the file was left as it was", failure.cause
                ) from None
        _ensure_indexes(conn)
        if created:
            try:
                fsync_dir(self.state_dir)
            except OSError:
                pass  # the database itself is durable; only its directory entry may lag
        self._conn = conn
        return conn

    @staticmethod
    def _version(conn: sqlite3.Connection) -> int:
        row = conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name='schema_version'"
        ).fetchone()
        if row is None:
            return 0
        rows = conn.execute("SELECT version FROM schema_version").fetchall()
        versions = [row[0] for row in rows]
        if not all(type(v) is int for v in versions):
            # One flipped bit in the header: the file cannot be trusted (set aside, kept).
            wrong = next(v for v in versions if type(v) is not int)
            raise sqlite3.DatabaseError(
                f"file is damaged: its schema version is {_kind(wrong)}, not a whole number")
        return max(versions, default=0)

    def _migrate(self, conn: sqlite3.Connection, version: int) -> None:
        if version > 0:
            # A copy of the old file first: a failed or faulty migration never costs history.
            backup = sqlite3.connect(self.path.with_name(f"{HISTORY_NAME}.before-v{version + 1}"))
            with backup:
                conn.backup(backup)
            backup.close()
        for target in range(version + 1, SCHEMA_VERSION + 1):
            conn.execute("BEGIN IMMEDIATE")
            try:
                if target == 1:
                    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
                MIGRATIONS[target](conn)
                conn.execute("DELETE FROM schema_version")
                conn.execute("INSERT INTO schema_version VALUES (?)", (target,))
                conn.execute("COMMIT")
            except BaseException:
                _rollback(conn)
                raise

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing -----------------------------------------------------------------------

    def archive(self, key: str, state: State, record: str) -> int:
        """Store (or update) a finished game; returns its id. One transaction."""
        final = state.final
        if final is None:
            raise ValueError("only a finished game can be archived")
        lines = [line for line in record.splitlines() if line.strip()]
        started = line_time(lines[0]) if lines else None
        finished = line_time(lines[-1]) if lines else None
        t0, t1 = parse_time(started), parse_time(finished)
        duration = (t1 - t0).total_seconds() if t0 and t1 else None
        try:
            conn = self._open()
            conn.execute("BEGIN IMMEDIATE")
            try:
                row = conn.execute("SELECT id FROM games WHERE game_key=?", (key,)).fetchone()
                values = (started, finished, duration, state.round, record, now_iso())
                if row is None:
                    game_id = int(conn.execute(
                        "INSERT INTO games (game_key, started, finished, duration_seconds, rounds,"
                        " record, archived) VALUES (?, ?, ?, ?, ?, ?, ?)", (key, *values),
                    ).lastrowid or 0)
                else:
                    game_id = int(row[0])
                    conn.execute(
                        "UPDATE games SET started=?, finished=?, duration_seconds=?, rounds=?,"
                        " record=?, archived=? WHERE id=?", (*values, game_id),
                    )
                    self._delete_children(conn, game_id)
                self._insert_results(conn, game_id,
                                     self.results_of(state, lines[0] if lines else ""))
                conn.execute("COMMIT")
            except BaseException:
                _rollback(conn)
                raise
        except sqlite3.Error as exc:
            raise self._failure(f"cannot store the finished game in {self.path}", exc) from None
        return game_id

    @staticmethod
    def results_of(state: State, setup: str) -> Results:
        """What the history stores of a finished game beside its record (its rounds, and a
        row per player with the points per category in `SCORE_CATEGORIES`' order): small,
        so that thousands of games can wait for one transaction (`store_results`)."""
        final = state.final
        assert final is not None
        named = History._named(setup)
        ranks = {pid: i + 1 for i, pid in enumerate(final.ranking)}
        players = []
        for seat, pid in enumerate(state.players):
            scores = final.scores[pid]
            players.append((
                seat, pid, state.names.get(pid, pid), int(pid in named),
                pid if pid in COLOURS else None, state.player(pid).coins,
                int(scores["total"]), ranks.get(pid, seat + 1), int(pid in final.winners),
                tuple(int(scores.get(c, 0)) for c in SCORE_CATEGORIES)))
        return state.round, tuple(players)

    @staticmethod
    def _insert_results(conn: sqlite3.Connection, game_id: int, results: Results) -> None:
        """The players' and the scores' rows of a finished game."""
        for *player, points in results[1]:
            conn.execute("INSERT INTO game_players VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (game_id, *player))
            conn.executemany(
                "INSERT INTO scores VALUES (?, ?, ?, ?)",
                [(game_id, player[1], c, p) for c, p in zip(SCORE_CATEGORIES, points,
                                                             strict=True)])

    def store_results(self, results: Iterable[tuple[int, Results]]) -> None:
        """Store the results (`results_of`) of games already archived anew, their records
        unchanged: (id, results) each, all in one transaction."""
        try:
            conn = self._open()
            conn.execute("BEGIN IMMEDIATE")
            try:
                for game_id, found in results:
                    self._delete_children(conn, game_id)
                    conn.execute("UPDATE games SET rounds=? WHERE id=?", (found[0], game_id))
                    self._insert_results(conn, game_id, found)
                conn.execute("COMMIT")
            except BaseException:
                _rollback(conn)
                raise
        except sqlite3.Error as exc:
            raise self._failure(f"cannot store the games anew in {self.path}", exc) from None

    def forget(self, key: str) -> None:
        """Remove a game that is no longer finished (its last action was undone)."""
        if self._conn is None and not self._present():
            return
        try:
            conn = self._open()
            conn.execute("BEGIN IMMEDIATE")
            try:
                row = conn.execute("SELECT id FROM games WHERE game_key=?", (key,)).fetchone()
                if row is not None:
                    self._delete_children(conn, int(row[0]))
                    conn.execute("DELETE FROM games WHERE id=?", (row[0],))
                conn.execute("COMMIT")
            except BaseException:
                _rollback(conn)
                raise
        except sqlite3.Error as exc:
            raise self._failure(f"cannot update {self.path}", exc) from None

    @staticmethod
    def _delete_children(conn: sqlite3.Connection, game_id: int) -> None:
        conn.execute("DELETE FROM game_players WHERE game_id=?", (game_id,))
        conn.execute("DELETE FROM scores WHERE game_id=?", (game_id,))

    @staticmethod
    def _named(setup_line: str) -> set[str]:
        try:
            names = json.loads(setup_line).get("names") or {}
        except (ValueError, AttributeError):
            return set()
        return {pid for pid, name in names.items() if isinstance(name, str) and name.strip()}

    # --- reading -----------------------------------------------------------------------
    #
    # Every read is defensive (docs/journal.md, "A damaged history"): a cell of the wrong
    # type or a text that is not UTF-8 (one flipped bit) costs only its own game, which is
    # left out with a note naming it (`notes`); a record is decoded only when its game is
    # asked for (`game`, `record_of`), so one bad record hides nothing else. The lists read
    # only what they show: a page of games (`page`), the statistics summed by SQLite.

    def _rows(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        if self._conn is None:
            return []
        try:
            return list(self._conn.execute(sql, tuple(params)).fetchall())
        except sqlite3.Error as exc:
            raise self._failure(f"cannot read {self.path}", exc) from None

    def rows_after(self, after: int) -> tuple[int, int]:
        """(how many games have an id above `after`, the highest id), without reading a
        record."""
        rows = self._rows("SELECT COUNT(*), MAX(id) FROM games WHERE id > ?", (after,))
        count, last = rows[0] if rows else (0, None)
        return (int(count), int(last)) if count and isinstance(last, int) else (0, after)

    def totals_of(self, game_id: int) -> tuple[tuple[object, object], ...]:
        """A game's stored (player, total) pairs, in seat order (one look-up by its key)."""
        return tuple((pid, total) for pid, total in self._rows(
            "SELECT player_id, total FROM game_players WHERE game_id = ? ORDER BY seat",
            (game_id,)))

    def records_after(self, after: int, last: int) -> Iterator[tuple[int, object, object]]:
        """(id, key, record) of the games with ids above `after` up to `last`, in id order,
        one at a time (each record read once, never all of them in memory)."""
        if self._conn is None:
            return
        try:
            cursor = self._conn.execute(
                "SELECT id, game_key, record FROM games WHERE id > ? AND id <= ? ORDER BY id",
                (after, last))
            while True:
                row = cursor.fetchone()
                if row is None:
                    return
                yield row[0], row[1], row[2]
        except sqlite3.Error as exc:
            raise self._failure(f"cannot read {self.path}", exc) from None

    def key_of(self, key: str) -> int | None:
        """The id of the game with this key, if it is archived."""
        rows = self._rows("SELECT id FROM games WHERE game_key=?", (key,))
        return rows[0][0] if rows and type(rows[0][0]) is int else None

    def record_of(self, key: str) -> str | None:
        """The archived record of the game with this key (None if none, or unreadable)."""
        rows = self._rows("SELECT record FROM games WHERE game_key=?", (key,))
        return rows[0][0] if rows and isinstance(rows[0][0], str) else None

    def count(self) -> int:
        """How many finished games the history holds (damaged ones included)."""
        rows = self._rows("SELECT COUNT(*) FROM games")
        return int(rows[0][0]) if rows else 0

    def games(self) -> list[GameSummary]:
        """Every finished game, the latest first, without records (a damaged one is left
        out, with a note in `notes`)."""
        return self.page(0, None)

    def page(self, first: int, count: int | None) -> list[GameSummary]:
        """`count` finished games from the `first` (0: the latest), without their records;
        a damaged one is left out, with a note in `notes`."""
        return self._games("", (), limit=count, offset=first)

    def game(self, game_id: int) -> GameSummary | None:
        """A finished game with its record; `HistoryError` (cause ``"row"``) if its row or
        its record is damaged."""
        found = self._games("WHERE id=?", (game_id,))
        if not found:
            problem = next((n for n in self.notes if n.startswith(f"game #{game_id} ")), None)
            if problem is not None:
                raise HistoryError(f"{problem} ({self.path})", "row")
            return None
        rows = self._rows("SELECT record FROM games WHERE id=?", (game_id,))
        record = rows[0][0] if rows else None
        if not isinstance(record, str):
            raise HistoryError(
                f"game #{game_id} cannot be read from {self.path}: its record is damaged "
                f"({_kind(record)}); the other games are not affected", "row")
        g = found[0]
        return GameSummary(g.id, g.key, g.started, g.finished, g.duration_seconds, g.rounds,
                           g.players, record)

    def intact(self, ids: Iterable[int]) -> set[int]:
        """Which of the games `ids` read without a damaged cell (the others are left out of
        every list with a note; nothing rewrites them)."""
        ids = list(ids)
        out: set[int] = set()
        for start in range(0, len(ids), 100):  # a hundred games' rows in memory at a time
            chunk = ids[start:start + 100]
            out.update(g.id for g in self._games(
                f"WHERE id IN ({','.join('?' * len(chunk))})", tuple(chunk), quiet=True))
        self.notes = []
        return out

    def _games(self, where: str, params: tuple[Any, ...] = (), *, limit: int | None = None,
               offset: int = 0, quiet: bool = False) -> list[GameSummary]:
        self.notes = []
        games = self._rows(
            "SELECT id, game_key, started, finished, duration_seconds, rounds FROM games "
            f"{where} ORDER BY COALESCE(finished, started) DESC, id DESC LIMIT ? OFFSET ?",
            (*params, -1 if limit is None else max(0, limit), max(0, offset)),
        )
        if not games:
            return []
        ids = [g[0] for g in games]
        marks = ",".join("?" * len(ids))
        players: dict[Any, list[tuple[Any, ...]]] = {}
        for row in self._rows(
            "SELECT game_id, seat, player_id, name, named, colour, coins, total, rank, winner "
            f"FROM game_players WHERE game_id IN ({marks}) ORDER BY game_id, seat", ids,
        ):
            players.setdefault(row[0], []).append(row)
        scores: dict[Any, list[tuple[Any, ...]]] = {}
        for row in self._rows(
            f"SELECT game_id, player_id, category, points FROM scores WHERE game_id IN ({marks})",
            ids,
        ):
            scores.setdefault(row[0], []).append(row)
        out = []
        for row in games:
            try:
                out.append(_summary(row, players.get(row[0], []), scores.get(row[0], [])))
            except _BadCell as bad:
                when = row[3] if isinstance(row[3], str) else row[2]
                at = f" ({when})" if isinstance(when, str) else ""
                note = f"game #{row[0]}{at} is left out: {bad}"
                if not quiet:
                    # Said by whoever shows the list (`notes`); logged at info, so that a
                    # command does not print it twice.
                    log.info("%s in %s", note, self.path)
                self.notes.append(note)
        return out

    def _ok_players(self) -> str:
        """The player rows every statistic may use (the right type in every cell it sums)."""
        return ("typeof(gp.name)='text' AND typeof(gp.total)='integer' AND "
                "typeof(gp.winner)='integer' AND typeof(gp.named)='integer'")

    def player_totals(self) -> list[PlayerStats]:
        """`player_stats` without the points per category (History and Statistics' first
        view show none): one quick query over the players' rows."""
        return self.player_stats(categories=False)

    def player_stats(self, *, categories: bool = True) -> list[PlayerStats]:
        """Per player name (case-insensitive; spelled as in the latest game): most wins first.

        Summed by SQLite, one row per spelling, merged here; a damaged player or score row
        is left out, with a note in `notes`. Without `categories`, `category_points` is
        empty and `favourite_category` None."""
        self.notes = []
        ok = self._ok_players()
        groups = self._rows(
            "SELECT gp.name, COUNT(*), SUM(gp.winner != 0), SUM(gp.total), MAX(gp.total), "
            f"MAX(gp.game_id) FROM game_players gp WHERE {ok} GROUP BY gp.name")
        counted = sum(row[1] for row in groups)
        everyone = self._rows("SELECT COUNT(*) FROM game_players")
        bad_scores = 0
        by_category: dict[Any, dict[str, int]] = {}
        if categories:
            sums = ", ".join(f"SUM(CASE WHEN s.category='{c}' THEN s.points END)"
                             for c in SCORE_CATEGORIES)
            for name, bad, *points in self._rows(
                    f"SELECT gp.name, SUM(typeof(s.points)!='integer'), {sums} "
                    "FROM game_players gp JOIN scores s ON s.game_id = gp.game_id AND "
                    f"s.player_id = gp.player_id WHERE {ok} GROUP BY gp.name"):
                bad_scores += bad or 0
                by_category[name] = {c: int(p) if type(p) is int else 0
                                     for c, p in zip(SCORE_CATEGORIES, points, strict=True)}
        if (everyone and everyone[0][0] != counted) or bad_scores:
            bad_rows = self._rows(
                f"SELECT DISTINCT gp.game_id FROM game_players gp WHERE NOT ({ok}) UNION "
                "SELECT DISTINCT game_id FROM scores WHERE typeof(points)!='integer' "
                "ORDER BY 1 LIMIT 11")
            named = ", ".join(f"#{gid}" for (gid,) in bad_rows[:10]) + (
                ", ..." if len(bad_rows) > 10 else "")
            self.notes.append(f"damaged results of game(s) {named} are left out of the "
                              "statistics")
        merged: dict[str, list[Any]] = {}
        for name, games, wins, total, best, latest in groups:
            if not isinstance(name, str):
                self.notes.append("a damaged player name is left out of the statistics")
                continue
            key = same_name(name)
            entry = merged.get(key)
            cats = by_category.get(name, {})
            if entry is None:
                merged[key] = [latest, name.strip(), games, wins, total, best,
                               {c: cats.get(c, 0) for c in SCORE_CATEGORIES}]
                continue
            if latest > entry[0]:
                entry[0], entry[1] = latest, name.strip()
            entry[2] += games
            entry[3] += wins
            entry[4] += total
            entry[5] = max(entry[5], best)
            for c in SCORE_CATEGORIES:
                entry[6][c] += cats.get(c, 0)
        stats = []
        for _latest, name, games, wins, total, best, cats in merged.values():
            top = max(SCORE_CATEGORIES, key=lambda c: cats[c])
            stats.append(PlayerStats(
                name=name, games=int(games), wins=int(wins or 0),
                average_total=int(total) / games, best_total=int(best),
                favourite_category=top if cats[top] > 0 else None,
                category_points=dict(cats) if categories else {},
            ))
        stats.sort(key=lambda s: (-s.wins, -s.games, s.name.casefold()))
        return stats

    def known_names(self) -> list[str]:
        """Names given at setup in finished games, the most recently played first."""
        # One row per spelling: its latest game (the latest archived), and its seat there
        # (SQLite takes the bare `seat` from the row of the MAX). The players' rows only,
        # through an index that holds every column asked for.
        rows = self._rows(
            "SELECT gp.name, MAX(gp.game_id) AS latest, gp.seat FROM game_players gp "
            "WHERE gp.named = 1 AND typeof(gp.name)='text' "
            "GROUP BY gp.name ORDER BY latest DESC, gp.seat")
        seen: dict[str, str] = {}
        for name, _latest, _seat in rows:
            if isinstance(name, str) and name.strip():
                seen.setdefault(same_name(name), name.strip())
        return list(seen.values())


def same_name(name: str) -> str:
    """What makes two names one player's: case, outer spaces and Unicode spelling ignored."""
    import unicodedata

    return unicodedata.normalize("NFC", name).strip().casefold()


class Undecodable:
    """A text cell that is not UTF-8 (what a flipped bit makes of a name or a record)."""

    __slots__ = ("raw",)

    def __init__(self, raw: bytes) -> None:
        self.raw = raw

    def __repr__(self) -> str:
        return "text that is not UTF-8"


def _decode(raw: bytes) -> str | Undecodable:
    """SQLite's text cells, decoded; one that is not UTF-8 is marked, never raised on (one
    flipped bit must not make every row unreadable)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(raw)


class _BadCell(ValueError):
    """A cell of the wrong type: its game is left out."""


def _kind(cell: object) -> str:
    if isinstance(cell, Undecodable):
        return "text that is not UTF-8"
    if isinstance(cell, bytes):
        return "a blob"
    if cell is None:
        return "nothing"
    return {str: "a text", int: "a whole number", float: "a decimal number"}.get(
        type(cell), type(cell).__name__) + f" {cell!r}"[:40]


_INT, _TEXT, _NUMBER = (int,), (str,), (int, float)


def _cell(row: tuple[Any, ...], index: int, table: str, column: str, kinds: tuple[type, ...],
          optional: bool = False) -> Any:
    cell = row[index]
    if (cell is None and optional) or type(cell) in kinds:
        return cell
    want = {_INT: "a whole number", _TEXT: "a text", _NUMBER: "a number"}[kinds]
    raise _BadCell(f"{table}.{column} holds {_kind(cell)}, not {want}")


def _summary(game: tuple[Any, ...], players: list[tuple[Any, ...]],
             scores: list[tuple[Any, ...]]) -> GameSummary:
    """A game's summary from its rows; `_BadCell` if any cell is of the wrong type."""
    gid = _cell(game, 0, "games", "id", _INT)
    points: dict[str, dict[str, int]] = {}
    for row in scores:
        pid = _cell(row, 1, "scores", "player_id", _TEXT)
        category = _cell(row, 2, "scores", "category", _TEXT)
        points.setdefault(pid, {})[category] = _cell(row, 3, "scores", "points", _INT)
    results = []
    for row in players:
        pid = _cell(row, 2, "game_players", "player_id", _TEXT)
        results.append(PlayerResult(
            seat=_cell(row, 1, "game_players", "seat", _INT), player_id=pid,
            name=_cell(row, 3, "game_players", "name", _TEXT),
            named=bool(_cell(row, 4, "game_players", "named", _INT)),
            colour=_cell(row, 5, "game_players", "colour", _TEXT, optional=True),
            coins=_cell(row, 6, "game_players", "coins", _INT),
            total=_cell(row, 7, "game_players", "total", _INT),
            rank=_cell(row, 8, "game_players", "rank", _INT),
            winner=bool(_cell(row, 9, "game_players", "winner", _INT)),
            scores={c: points.get(pid, {}).get(c, 0) for c in SCORE_CATEGORIES},
        ))
    return GameSummary(
        gid, _cell(game, 1, "games", "game_key", _TEXT),
        _cell(game, 2, "games", "started", _TEXT, optional=True),
        _cell(game, 3, "games", "finished", _TEXT, optional=True),
        _cell(game, 4, "games", "duration_seconds", _NUMBER, optional=True),
        _cell(game, 5, "games", "rounds", _INT), tuple(results), None,
    )


# --- a damaged history never blocks a game (docs/journal.md, "A damaged history") --------

#: Finished games waiting for the history (their journals), archived when it works again.
PENDING_DIR = "unarchived"
DAMAGED_MARK = ".damaged-"


def _stamp() -> str:
    return now_iso().replace(":", "").replace("-", "")


def set_aside(state_dir: Path) -> Path:
    """Rename a damaged history.db (and SQLite's side files) out of the way; keep it.

    Raises HistoryError (cause "storage") if the rename fails.
    """
    path = Path(state_dir) / HISTORY_NAME
    target = path.with_name(f"{HISTORY_NAME}{DAMAGED_MARK}{_stamp()}")
    try:
        # SQLite's side files first: a rollback journal left behind would be played into
        # the fresh database.
        for side in ("-journal", "-wal", "-shm"):
            extra = path.with_name(HISTORY_NAME + side)
            if os.path.lexists(extra):
                os.replace(extra, target.with_name(target.name + side))
        os.replace(path, target)
        fsync_dir(state_dir)
    except OSError as exc:
        raise HistoryError(
            f"cannot set the damaged {path} aside: {describe(exc)}", "storage"
        ) from None
    return target


def archive_finished(state_dir: Path, key: str, state: State, record: str) -> tuple[int, list[str]]:
    """Archive a finished game; (its id, what the players should be told).

    A damaged history.db is set aside (kept) and a fresh one started. Raises
    HistoryError when the game still cannot be archived (a newer schema, full
    or read-only storage): the caller keeps the game for a later archive.
    """
    notes: list[str] = []
    try:
        with History(state_dir) as history:
            return history.archive(key, state, record), notes
    except HistoryError as exc:
        if exc.cause != "damaged" or not os.path.lexists(Path(state_dir) / HISTORY_NAME):
            raise
        first = exc
    aside = set_aside(state_dir)
    log.info("history damaged (%s); set aside as %s", first.message, aside)  # in the notes
    notes.append(
        f"The history could not be used ({first.message}). It was set aside as {aside.name} "
        "(kept, not deleted) and a fresh history was started."
    )
    with History(state_dir) as history:
        return history.archive(key, state, record), notes


def pending_games(state_dir: Path) -> list[Path]:
    """The journals of finished games that wait for the history, oldest first."""
    folder = Path(state_dir) / PENDING_DIR
    try:
        return sorted(p for p in folder.iterdir() if p.name.endswith(".jsonl"))
    except OSError:
        return []


def notices(state_dir: Path) -> list[str]:
    """What `status` and `history` tell about a set-aside history and games waiting for it."""
    out = []
    state_dir = Path(state_dir)
    try:
        names = sorted(os.listdir(state_dir))
    except OSError:
        names = []
    aside = [n for n in names if n.startswith(HISTORY_NAME + DAMAGED_MARK)
             and not n.endswith(("-journal", "-wal", "-shm"))]
    if aside:
        out.append(
            f"a damaged history was set aside as {', '.join(aside)} in {state_dir} (kept; the "
            "games in it are not shown). Delete it when you no longer need it."
        )
    waiting = pending_games(state_dir)
    if waiting:
        out.append(
            f"{len(waiting)} finished game(s) in {state_dir / PENDING_DIR} wait for the history; "
            "they are added the next time it can be written (the next game start)."
        )
    return out


__all__ = [
    "PENDING_DIR", "archive_finished", "notices", "pending_games", "set_aside",
    "HISTORY_NAME", "MIGRATIONS", "SCHEMA_VERSION", "GameSummary", "History", "PlayerResult",
    "PlayerStats",
]
