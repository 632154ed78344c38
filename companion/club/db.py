"""The league in PostgreSQL (psycopg 3): the schema, the tables' tokens, the games.

Every change is one transaction, committed before anything is acknowledged: a game
a table was told is stored is in the database, whatever happens to the server after.
Imports are serialised by a transaction-level advisory lock, so two tables sending at
once (or `club import` beside `club serve`) rate the games one after the other.

The schema is versioned (`MIGRATIONS`, one transaction each, recorded in
`club_schema`): `club init` creates or upgrades it, and every other command refuses a
database whose schema is older or newer than this version's.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.club.games import Played, relation, same_name
from companion.club.rating import Rater, Rating, ordinal
from companion.errors import CompanionError, UsageError

#: A token's length in bytes: 128 bits.
TOKEN_BYTES = 16
#: The advisory lock every import and recomputation takes (any number will do: fixed).
IMPORT_LOCK = 0x5E1C_3700
#: The games of "tonight": those that ended in the last 12 hours.
TONIGHT = timedelta(hours=12)

MIGRATIONS: tuple[str, ...] = (
    # 1: tables and their token hashes, players, games, one row per seat with the rating
    # after the game (mu, sigma), ordered by (ended, game_key) for the ratings.
    """
    CREATE TABLE club_tables (
        id serial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        token_hash bytea NOT NULL,
        added timestamptz NOT NULL DEFAULT now(),
        removed timestamptz
    );
    CREATE TABLE players (
        id serial PRIMARY KEY,
        name text NOT NULL,
        norm text NOT NULL UNIQUE,
        hidden boolean NOT NULL DEFAULT false,
        merged_into integer REFERENCES players(id)
    );
    CREATE TABLE games (
        id serial PRIMARY KEY,
        game_key text NOT NULL UNIQUE,
        record text NOT NULL,
        ended timestamptz NOT NULL,
        season text NOT NULL,
        table_id integer REFERENCES club_tables(id),
        received timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX games_order ON games (ended, game_key);
    CREATE INDEX games_season ON games (season);
    CREATE TABLE results (
        game_id integer NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat integer NOT NULL,
        player_id integer REFERENCES players(id),
        label text NOT NULL,
        points integer NOT NULL,
        coins integer NOT NULL,
        rank integer NOT NULL,
        beaten integer NOT NULL,
        opponents integer NOT NULL,
        ended timestamptz NOT NULL,
        game_key text NOT NULL,
        season text NOT NULL,
        mu double precision,
        sigma double precision,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_player ON results (player_id, ended DESC, game_key DESC);
    CREATE INDEX results_season ON results (season, player_id);
    """,
    # 2: corrections. A game is never edited: a correction is a new row of `games` (the
    # stored record with lines appended), and the row it replaces points to it through
    # `superseded_by` and keeps its record as it arrived. The league reads the newest
    # version only (`superseded_by IS NULL`: one per setup line); `results` holds the
    # seats of the newest version only (derived from its record, as the ratings are).
    """
    ALTER TABLE games ADD COLUMN superseded_by integer
        REFERENCES games(id) DEFERRABLE INITIALLY DEFERRED;
    ALTER TABLE games DROP CONSTRAINT games_game_key_key;
    CREATE UNIQUE INDEX games_newest ON games (game_key) WHERE superseded_by IS NULL;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class ClubError(CompanionError):
    """The database cannot be used as asked (exit status 2)."""

    exit_status = 2


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise ClubError("the club needs psycopg 3 and openskill: install the `club` extra "
                        "(pip install 'speicherstadt-companion[club]')") from None
    return psycopg


def connect(url: str) -> Any:
    """A connection to the club's database; `ClubError` with the reason if it cannot be had."""
    psycopg = _psycopg()
    try:
        return psycopg.connect(url, connect_timeout=10, autocommit=True)
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise CompanionError(f"cannot open the club's database: {reason}") from None
    except Exception as exc:  # noqa: BLE001 - a malformed URL raises ProgrammingError & co.
        raise UsageError(f"--db: not a PostgreSQL address ({exc})") from None


def schema_version(conn: Any) -> int:
    with conn.transaction():
        row = conn.execute("SELECT to_regclass('club_schema')").fetchone()
        if row[0] is None:
            return 0
        row = conn.execute("SELECT max(version) FROM club_schema").fetchone()
    return int(row[0] or 0)


def migrate(conn: Any) -> tuple[int, int]:
    """Create or upgrade the schema; (version before, version after). Each migration is
    one transaction with its version, so a failed one leaves the schema as it was."""
    with conn.transaction():
        conn.execute("CREATE TABLE IF NOT EXISTS club_schema ("
                     "version integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())")
    before = schema_version(conn)
    if before > SCHEMA_VERSION:
        raise ClubError(f"the club's database has schema version {before}, newer than this "
                        f"version knows ({SCHEMA_VERSION}); update the companion")
    for version in range(before + 1, SCHEMA_VERSION + 1):
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (IMPORT_LOCK,))
            if conn.execute("SELECT 1 FROM club_schema WHERE version=%s",
                            (version,)).fetchone():
                continue  # another `club init` ran it meanwhile
            conn.execute(MIGRATIONS[version - 1])
            conn.execute("INSERT INTO club_schema (version) VALUES (%s)", (version,))
    return before, SCHEMA_VERSION


def check_schema(conn: Any) -> None:
    version = schema_version(conn)
    if version == 0:
        raise ClubError("the club's database has no league yet: run `club init --db URL` first")
    if version != SCHEMA_VERSION:
        raise ClubError(f"the club's database has schema version {version}, this version "
                        f"uses {SCHEMA_VERSION}: run `club init --db URL` to upgrade it"
                        if version < SCHEMA_VERSION else
                        f"the club's database has schema version {version}, newer than this "
                        "version knows: update the companion")


# --- tables and tokens ---------------------------------------------------------------


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


def add_table(conn: Any, name: str) -> str:
    """A new table's token (printed once; only its hash is kept). A table of that name
    gets a new token, which revokes its old one."""
    name = name.strip()
    if not name or len(name) > 64 or not name.isprintable():
        raise UsageError("a table's name is 1 to 64 printable characters")
    token = os.urandom(TOKEN_BYTES).hex()
    with conn.transaction():
        conn.execute(
            "INSERT INTO club_tables (name, token_hash) VALUES (%s, %s) ON CONFLICT (name) "
            "DO UPDATE SET token_hash = excluded.token_hash, removed = NULL, added = now()",
            (name, token_hash(token)))
    return token


def remove_table(conn: Any, name: str) -> None:
    with conn.transaction():
        cur = conn.execute("UPDATE club_tables SET removed = now() "
                           "WHERE name = %s AND removed IS NULL", (name.strip(),))
        if cur.rowcount == 0:
            raise UsageError(f"no table named {name!r} has a token")


def table_of(conn: Any, token: str) -> int | None:
    """The id of the table whose token this is; None for any other text. Every active
    hash is compared in constant time (a club has a handful of tables)."""
    given = token_hash(token)
    with conn.transaction():
        rows = conn.execute("SELECT id, token_hash FROM club_tables "
                            "WHERE removed IS NULL").fetchall()
    found = None
    for table_id, stored in rows:
        if hmac.compare_digest(bytes(stored), given):
            found = int(table_id)
    return found


# --- games ---------------------------------------------------------------------------


def _player(conn: Any, norm: str, label: str) -> int:
    """The league's player for a name: the one it was merged into, if it was."""
    row = conn.execute("SELECT id, merged_into FROM players WHERE norm = %s", (norm,)).fetchone()
    if row is None:
        row = conn.execute("INSERT INTO players (name, norm) VALUES (%s, %s) "
                           "RETURNING id, merged_into", (label.strip(), norm)).fetchone()
    return int(row[1] if row[1] is not None else row[0])


def store(conn: Any, game: Played, table_id: int | None, rater: Rater) -> str:
    """Store a checked game once: "stored"; "known" when the same record, or an earlier
    version of the stored one, is there already; "corrected" when it is the stored record
    with lines appended (a correction: stored as the game's new version, the old one
    kept). `Conflict` for another record with the same setup line that neither continues
    nor is continued by the stored one. One transaction, committed when this returns; the
    ratings from this game's end on are recomputed in it."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (IMPORT_LOCK,))
        row = conn.execute("SELECT id, record, ended FROM games "
                           "WHERE game_key = %s AND superseded_by IS NULL",
                           (game.key,)).fetchone()
        since = (game.ended, game.key)
        if row is not None:
            kind = relation(row[1], game.record)
            if kind in ("same", "older"):
                return "known"
            if kind != "newer":
                raise Conflict(
                    "another record of this game (the same setup line) is stored already, and "
                    "neither continues the other; a correction is the stored record with lines "
                    "added after it")
            old_id, old_ended = int(row[0]), row[2]
            since = (min(old_ended, game.ended), game.key)
            game_id = conn.execute("SELECT nextval(pg_get_serial_sequence('games', 'id'))"
                                   ).fetchone()[0]
            # The old version is kept as it arrived; only its pointer to the new one is set
            # (first: one version per setup line is the newest), and its seats leave the
            # league.
            conn.execute("UPDATE games SET superseded_by = %s WHERE id = %s", (game_id, old_id))
            conn.execute("DELETE FROM results WHERE game_id = %s", (old_id,))
            conn.execute(
                "INSERT INTO games (id, game_key, record, ended, season, table_id) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                (game_id, game.key, game.record, game.ended, game.season, table_id))
        else:
            game_id = conn.execute(
                "INSERT INTO games (game_key, record, ended, season, table_id) "
                "VALUES (%s, %s, %s, %s, %s) RETURNING id",
                (game.key, game.record, game.ended, game.season, table_id)).fetchone()[0]
        rows = []
        for seat in game.seats:
            player = _player(conn, seat.norm, seat.label) if seat.norm is not None else None
            beaten = sum(1 for other in game.seats if other.rank > seat.rank)
            rows.append((game_id, seat.seat, player, seat.label, seat.points, seat.coins,
                         seat.rank, beaten, len(game.seats) - 1, game.ended, game.key,
                         game.season))
        with conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO results (game_id, seat, player_id, label, points, coins, rank, "
                "beaten, opponents, ended, game_key, season) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)", rows)
        rerate(conn, rater, since)
    return "stored" if row is None else "corrected"


class Conflict(Exception):
    """A different record with a stored game's setup line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def rerate(conn: Any, rater: Rater, since: tuple[datetime, str] | None = None) -> int:
    """Rate again every game from `since` (its end, its key) on, in the order they ended,
    from each player's rating before it (all games when None); the number rated. Inside
    the caller's transaction."""
    where, params = ("WHERE (g.ended, g.game_key) >= (%s, %s)", since) if since else ("", ())
    with conn.cursor() as cur:
        cur.execute(
            "SELECT r.game_id, r.seat, r.player_id, r.rank FROM results r "
            f"JOIN games g ON g.id = r.game_id {where} "
            "ORDER BY g.ended, g.game_key, r.seat", params)
        seats = cur.fetchall()
    if not seats:
        return 0
    ratings: dict[int, Rating] = {}
    if since is not None:
        players = sorted({p for _g, _s, p, _r in seats if p is not None})
        with conn.cursor() as cur:
            cur.execute(
                "SELECT p.id, last.mu, last.sigma FROM unnest(%s::int[]) AS p(id) "
                "CROSS JOIN LATERAL (SELECT mu, sigma FROM results r WHERE r.player_id = p.id "
                "AND (r.ended, r.game_key) < (%s, %s) ORDER BY r.ended DESC, r.game_key DESC "
                "LIMIT 1) AS last", (players, *since))
            for pid, mu, sigma in cur.fetchall():
                if mu is not None:
                    ratings[int(pid)] = (float(mu), float(sigma))
    updates = []
    count = 0
    index = 0
    while index < len(seats):
        game_id = seats[index][0]
        end = index
        while end < len(seats) and seats[end][0] == game_id:
            end += 1
        game = seats[index:end]
        before = [ratings.get(p, rater.initial) if p is not None else rater.initial
                  for _g, _s, p, _r in game]
        after = rater.rate(before, [rank for _g, _s, _p, rank in game])
        for (gid, seat, pid, _rank), (mu, sigma) in zip(game, after, strict=True):
            if pid is not None:
                ratings[pid] = (mu, sigma)
            updates.append((mu, sigma, gid, seat))
        count += 1
        index = end
    with conn.cursor() as cur:
        cur.executemany("UPDATE results SET mu = %s, sigma = %s WHERE game_id = %s AND seat = %s",
                        updates)
    return count


# --- players -------------------------------------------------------------------------


def _find(conn: Any, name: str) -> tuple[int, str]:
    row = conn.execute("SELECT coalesce(merged_into, id), name FROM players WHERE norm = %s",
                       (same_name(name),)).fetchone()
    if row is None:
        raise UsageError(f"no player named {name!r} in the league")
    return int(row[0]), str(row[1])


def merge_player(conn: Any, first: str, into: str, rater: Rater) -> None:
    """Player `first` is player `into` from now on: their games are one player's, and
    games of either name that arrive later too. Every rating is recomputed."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (IMPORT_LOCK,))
        a, _ = _find(conn, first)
        b, _ = _find(conn, into)
        if a == b:
            raise UsageError(f"{first!r} and {into!r} are one player already")
        together = conn.execute(
            "SELECT count(*) FROM results x JOIN results y ON x.game_id = y.game_id "
            "WHERE x.player_id = %s AND y.player_id = %s", (a, b)).fetchone()[0]
        if together:
            raise UsageError(f"{first!r} and {into!r} played in the same game "
                             f"({together} game(s)): they are two people, not one")
        conn.execute("UPDATE results SET player_id = %s WHERE player_id = %s", (b, a))
        conn.execute("UPDATE players SET merged_into = %s WHERE id = %s OR merged_into = %s",
                     (b, a, a))
        conn.execute("UPDATE players SET hidden = hidden OR %s WHERE id = %s",
                     (conn.execute("SELECT hidden FROM players WHERE id=%s", (a,)).fetchone()[0],
                      b))
        rerate(conn, rater)


def hide_player(conn: Any, name: str, hidden: bool = True) -> None:
    with conn.transaction():
        pid, _ = _find(conn, name)
        conn.execute("UPDATE players SET hidden = %s WHERE id = %s", (hidden, pid))


# --- the league ----------------------------------------------------------------------


def seasons(conn: Any) -> list[str]:
    with conn.transaction():
        return [str(r[0]) for r in conn.execute(
            "SELECT DISTINCT season FROM games WHERE superseded_by IS NULL "
            "ORDER BY season DESC").fetchall()]


def standings(conn: Any, season: str | None = None) -> dict[str, Any]:
    """The season's table (the latest season when None): every visible player's games,
    wins, people beaten, people played against, points per game and rating (after their
    last game of the season), best "beaten ÷ played against" first."""
    with conn.transaction():
        if season is None:
            row = conn.execute("SELECT season FROM games WHERE superseded_by IS NULL "
                               "ORDER BY ended DESC, game_key DESC LIMIT 1").fetchone()
            season = str(row[0]) if row else None
        rows = [] if season is None else conn.execute(
            """
            SELECT p.name, count(*), count(*) FILTER (WHERE r.rank = 1), sum(r.beaten),
                   sum(r.opponents), sum(r.points),
                   (array_agg(r.mu ORDER BY r.ended DESC, r.game_key DESC))[1],
                   (array_agg(r.sigma ORDER BY r.ended DESC, r.game_key DESC))[1]
            FROM results r JOIN players p ON p.id = r.player_id
            WHERE r.season = %s AND NOT p.hidden
            GROUP BY p.id, p.name
            """, (season,)).fetchall()
    players = []
    for name, games, wins, beaten, against, points, mu, sigma in rows:
        players.append({
            "name": name, "games": int(games), "wins": int(wins), "beaten": int(beaten),
            "played_against": int(against),
            "beaten_ratio": round(int(beaten) / int(against), 4) if against else 0.0,
            "points_per_game": round(int(points) / int(games), 2),
            "rating": round(ordinal((float(mu), float(sigma))), 4) if mu is not None else None,
        })
    players.sort(key=lambda p: (-p["beaten_ratio"], -(p["rating"] or 0), -p["games"],
                                same_name(p["name"])))
    return {"season": season, "players": players}


def player(conn: Any, name: str) -> dict[str, Any]:
    """A player's page: totals, rating, head-to-head against every opponent, rival
    (beaten most) and nemesis (lost to most), latest games. A hidden player has no page;
    a hidden opponent is shown without a name."""
    with conn.transaction():
        row = conn.execute(
            "SELECT coalesce(m.id, p.id), coalesce(m.name, p.name), coalesce(m.hidden, p.hidden) "
            "FROM players p LEFT JOIN players m ON m.id = p.merged_into WHERE p.norm = %s",
            (same_name(name),)).fetchone()
        if row is None or row[2]:
            raise UsageError(f"no player named {name!r} in the league")
        pid, shown = int(row[0]), str(row[1])
        totals = conn.execute(
            "SELECT count(*), count(*) FILTER (WHERE rank = 1), coalesce(sum(beaten), 0), "
            "coalesce(sum(opponents), 0), coalesce(sum(points), 0) FROM results "
            "WHERE player_id = %s", (pid,)).fetchone()
        last = conn.execute(
            "SELECT mu, sigma FROM results WHERE player_id = %s "
            "ORDER BY ended DESC, game_key DESC LIMIT 1", (pid,)).fetchone()
        pairs = conn.execute(
            """
            SELECT o.player_id, coalesce(op.hidden, false), coalesce(op.name, o.label),
                   count(*), count(*) FILTER (WHERE me.rank < o.rank),
                   count(*) FILTER (WHERE me.rank > o.rank)
            FROM results me JOIN results o ON o.game_id = me.game_id AND o.seat <> me.seat
            LEFT JOIN players op ON op.id = o.player_id
            WHERE me.player_id = %s AND o.player_id IS NOT NULL
            GROUP BY o.player_id, op.hidden, coalesce(op.name, o.label)
            """, (pid,)).fetchall()
        recent = conn.execute(
            """
            SELECT g.game_key, g.ended, me.rank, me.points,
                   (SELECT count(*) FROM results a WHERE a.game_id = g.id)
            FROM results me JOIN games g ON g.id = me.game_id
            WHERE me.player_id = %s ORDER BY me.ended DESC, me.game_key DESC LIMIT 10
            """, (pid,)).fetchall()
    games, wins, beaten, against, points = (int(v) for v in totals)
    h2h: list[dict[str, Any]] = []
    for _oid, hidden, label, together, ahead, behind in pairs:
        h2h.append({"name": None if hidden else label, "games": int(together),
                    "ahead": int(ahead), "behind": int(behind)})
    h2h.sort(key=lambda h: (-h["games"], h["name"] or "\uffff"))
    rival = max(h2h, key=lambda h: (h["ahead"], -h["behind"]), default=None)
    nemesis = max(h2h, key=lambda h: (h["behind"], -h["ahead"]), default=None)
    return {
        "name": shown, "games": games, "wins": wins, "beaten": beaten,
        "played_against": against,
        "beaten_ratio": round(beaten / against, 4) if against else 0.0,
        "points_per_game": round(points / games, 2) if games else 0.0,
        "rating": round(ordinal((float(last[0]), float(last[1]))), 4)
        if last and last[0] is not None else None,
        "head_to_head": h2h,
        "rival": rival["name"] if rival and rival["ahead"] else None,
        "nemesis": nemesis["name"] if nemesis and nemesis["behind"] else None,
        "recent": [{"game": key, "ended": ended.astimezone(UTC).isoformat(), "rank": int(rank),
                    "points": int(pts), "players": int(n)}
                   for key, ended, rank, pts, n in recent],
    }


def tonight(conn: Any, now: datetime | None = None) -> dict[str, Any]:
    """The games that ended in the last 12 hours: how many, and each visible player's
    games and wins that evening, most wins first."""
    since = (now or datetime.now(UTC)) - TONIGHT
    with conn.transaction():
        count = conn.execute("SELECT count(*) FROM games "
                             "WHERE ended >= %s AND superseded_by IS NULL",
                             (since,)).fetchone()[0]
        rows = conn.execute(
            "SELECT p.name, count(*), count(*) FILTER (WHERE r.rank = 1), sum(r.points) "
            "FROM results r JOIN players p ON p.id = r.player_id "
            "WHERE r.ended >= %s AND NOT p.hidden GROUP BY p.id, p.name", (since,)).fetchall()
    players = [{"name": n, "games": int(g), "wins": int(w), "points": int(pts)}
               for n, g, w, pts in rows]
    players.sort(key=lambda p: (-p["wins"], -p["games"], same_name(p["name"])))
    return {"since": since.isoformat(), "games": int(count), "players": players}


def count_games(conn: Any) -> int:
    """The league's games (the newest version of each)."""
    with conn.transaction():
        return int(conn.execute("SELECT count(*) FROM games WHERE superseded_by IS NULL"
                                ).fetchone()[0])


@contextmanager
def opened(url: str, *, schema: bool = True) -> Iterator[Any]:
    conn = connect(url)
    try:
        if schema:
            check_schema(conn)
        yield conn
    finally:
        conn.close()


__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "ClubError", "Conflict", "add_table", "check_schema",
           "connect", "count_games", "hide_player", "merge_player", "migrate", "opened", "player",
           "remove_table", "rerate", "schema_version", "seasons", "standings", "store",
           "table_of", "tonight"]
