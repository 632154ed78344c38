"""Corrections (issue 37): a game is never edited; a correction is a new record that names
the old one by its setup line and continues its lines (docs/club.md, "Corrections").

The journal is append-only, so what a table changes in a finished game (an `adjust`, an
undo and a new end) is lines added to its record: the club stores such a record as the
game's new version, keeps the old one, and the league reads the newest only.
"""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest

from companion import app
from companion.club import db
from companion.club.games import check, relation
from companion.club.rating import Rater
from companion.engine import Setup, parse_line
from companion.engine.actions import Adjust, Undo
from companion.store import outbox
from tests.club.clubtools import ClubProcess, named_game, timed
from tests.club.test_league import _cli, _config, _expected, _standings
from tests.store.storetools import shipped_catalogue


def _adjust(record: str, points: int, when: str = "2026-11-21T09:00:00.000Z",
            seat: int = 0) -> str:
    """The record with an `adjust` of the seat's points appended (a correction made the
    next morning, after the game was over)."""
    setup = parse_line(record.splitlines()[0])
    assert isinstance(setup, Setup)
    line = {"type": "adjust", "player": setup.players[seat], "points": points,
            "reason": "a fire counted twice", "t": when}
    return record + json.dumps(line) + "\n"


def _games() -> list[str]:
    return [timed(named_game(700 + i, seats), i * 40) for i, seats in enumerate(
        [("Anna", "Ben"), ("Ben", "Clara", "Anna"), ("Clara", "Anna")])]


def _league(conn: object) -> dict[str, dict[str, object]]:
    return {p["name"].casefold(): {k: p[k] for k in ("games", "wins", "beaten",
                                                     "played_against", "rating")}
            for p in db.standings(conn)["players"]}


@pytest.fixture
def conn(db_url):
    connection = db.connect(db_url)
    db.migrate(connection)
    yield connection
    connection.close()


def test_how_a_record_relates_to_the_stored_one() -> None:
    old = '{"type": "setup"}\n{"type": "done"}\n'
    assert relation(old, old) == relation(old, old.rstrip("\n")) == "same"
    assert relation(old, old + '{"type": "undo"}\n') == "newer"
    assert relation(old.rstrip("\n"), old + '{"type": "undo"}') == "newer"
    assert relation(old + '{"type": "undo"}\n', old) == "older"
    assert relation(old, '{"type": "setup"}\n{"type": "undo"}\n') == "other"
    # A line is whole: text glued to the stored last line continues nothing.
    assert relation(old.rstrip("\n"), old.rstrip("\n") + ' ') == "other"


def test_a_correction_is_a_new_version_and_the_league_reads_only_it(conn) -> None:
    games = _games()
    rater = Rater()
    for record in games:
        assert db.store(conn, check(record.encode(), shipped_catalogue()), None, rater) \
            == "stored"
    # The first game's winner loses 40 points the next morning: the ranks change.
    corrected = _adjust(games[0], -40, seat=min(
        range(2), key=lambda s: check(games[0].encode(), shipped_catalogue()).seats[s].rank))
    new = check(corrected.encode(), shipped_catalogue())
    old = check(games[0].encode(), shipped_catalogue())
    assert [s.rank for s in new.seats] != [s.rank for s in old.seats]
    assert new.ended == old.ended  # an adjust after the end leaves the game where it ended
    assert db.store(conn, new, None, rater) == "corrected"
    final = [corrected, *games[1:]]
    assert _league(conn) == _expected(final)
    # Sent twice, or the old version after it: stored once, nothing changes.
    assert db.store(conn, new, None, rater) == "known"
    assert db.store(conn, old, None, rater) == "known"
    assert _league(conn) == _expected(final)
    assert db.count_games(conn) == len(games)
    # The old version is kept as it arrived, pointing to the new one.
    versions = conn.execute("SELECT record, superseded_by IS NULL FROM games "
                            "WHERE game_key = %s ORDER BY id", (old.key,)).fetchall()
    assert versions == [(games[0], False), (corrected, True)]
    # A record of the same game that continues neither is a conflict, as before.
    diverging = check(_adjust(games[0], 3).encode(), shipped_catalogue())
    with pytest.raises(db.Conflict, match="neither continues"):
        db.store(conn, diverging, None, rater)
    assert _league(conn) == _expected(final)


def test_an_undo_and_a_new_end_moves_the_game_and_rates_again_from_there(conn) -> None:
    games = _games()
    rater = Rater()
    for record in games:
        db.store(conn, check(record.encode(), shipped_catalogue()), None, rater)
    # The last action of the first game taken back, a seat adjusted, the game ended again
    # after the other two games: it now ends last, so everything after its old end is
    # rated again in the new order.
    last = json.loads(games[0].splitlines()[-1])
    second = parse_line(games[0].splitlines()[0]).players[1]  # type: ignore[attr-defined]
    adjust = {"type": "adjust", "player": second, "points": 25, "reason": "forgot a contract"}
    again = []
    for minute, line in enumerate(({"type": "undo"}, adjust, last)):
        data = dict(line)
        data["t"] = f"2026-11-20T23:0{minute}:00.000Z"
        again.append(json.dumps(data))
    corrected = games[0] + "\n".join(again) + "\n"
    new = check(corrected.encode(), shipped_catalogue())
    assert new.ended > max(check(r.encode(), shipped_catalogue()).ended for r in games)
    assert db.store(conn, new, None, rater) == "corrected"
    assert _league(conn) == _expected([corrected, *games[1:]])


def test_the_migration_upgrades_a_league_stored_before_corrections(db_url) -> None:
    """A database at schema version 1 with its games: `club init` upgrades it (twice: the
    second finds it up to date), the games stay, and corrections work."""
    games = _games()
    with db.opened(db_url, schema=False) as conn:
        with conn.transaction():
            conn.execute("CREATE TABLE club_schema (version integer PRIMARY KEY, "
                         "applied timestamptz NOT NULL DEFAULT now())")
            conn.execute(db.MIGRATIONS[0])
            conn.execute("INSERT INTO club_schema (version) VALUES (1)")
        for record in games:  # stored by version 1's own statement
            game = check(record.encode(), shipped_catalogue())
            conn.execute("INSERT INTO games (game_key, record, ended, season) "
                         "VALUES (%s, %s, %s, %s)", (game.key, record, game.ended, game.season))
        with pytest.raises(db.ClubError, match="upgrade"):
            db.check_schema(conn)
        assert db.migrate(conn) == (1, db.SCHEMA_VERSION)
        assert db.migrate(conn) == (db.SCHEMA_VERSION, db.SCHEMA_VERSION)
        db.check_schema(conn)
        assert db.count_games(conn) == len(games)
        db.rerate(conn, Rater())
        corrected = check(_adjust(games[1], 5).encode(), shipped_catalogue())
        assert db.store(conn, corrected, None, Rater()) == "corrected"
        assert db.count_games(conn) == len(games)


def _play(store: object, state_dir: Path, seed: int) -> tuple[object, list[str]]:
    lines = named_game(seed, ("Anna", "Ben", "Clara")).splitlines()
    setup = parse_line(lines[0])
    assert isinstance(setup, Setup)
    session = store.start(state_dir, shipped_catalogue(), setup)  # type: ignore[attr-defined]
    for line in lines[1:]:
        session.submit(parse_line(line))
    return session, lines


def test_a_table_sends_its_corrections_and_the_club_takes_them(tmp_path: Path,
                                                             db_url: str) -> None:
    """Through the real parts: the app's store puts a corrected game in the outbox again
    (an `adjust` after the end; an undo past the end, an `adjust` and a new end), `sync` sends it to
    `club serve`, which answers "corrected"; the league is the one of the last version."""
    assert _cli("club", "init", "--db", db_url)[0] == 0
    token = _cli("club", "add-table", "t1", "--db", db_url)[1].split()[1]
    config = _config(tmp_path, "t1", token)
    state = tmp_path / "state"
    session, lines = _play(app.open_store(club=True), state, 41)
    first = session.record_text()  # type: ignore[attr-defined]
    server = ClubProcess(db_url)
    try:
        def sync() -> str:
            status, out, err = _cli("sync", "--state-dir", str(state), "--config", str(config),
                                    "--url", server.url, "--token", token)
            assert status == 0, err
            return out.strip()

        assert sync() == "sent 1, waiting 0"  # beside the app, as the background sender
        # A correction of the finished game, made at the table (its final screen) after it
        # was sent.
        player = parse_line(lines[0]).players[0]  # type: ignore[attr-defined]
        session.submit(Adjust(player=player, reason="a fire counted twice",  # type: ignore
                              points=-3))
        second = session.record_text()  # type: ignore[attr-defined]
        assert [p.read_text() for p in outbox.waiting(state)] == [second]
        assert second.startswith(first)
        # An undo past the end and a new end: the first undo takes the adjust back (the game
        # stays over: it waits as corrected again), the second reopens the game (it waits
        # no more), the last action entered again ends it (it waits again).
        session.submit(Undo())  # type: ignore[attr-defined]
        assert outbox.count(state) == 1
        session.submit(Undo())  # type: ignore[attr-defined]
        assert outbox.count(state) == 0
        last = min(check(first.encode(), shipped_catalogue()).seats, key=lambda s: -s.rank)
        session.submit(Adjust(  # type: ignore[attr-defined]
            player=parse_line(lines[0]).players[last.seat],  # type: ignore[attr-defined]
            reason="a contract left out", points=60))
        session.submit(parse_line(lines[-1]))  # type: ignore[attr-defined]
        third = session.record_text()  # type: ignore[attr-defined]
        assert [p.read_text() for p in outbox.waiting(state)] == [third]
        assert sync() == "sent 1, waiting 0"
        assert not (outbox.outbox(state) / outbox.REFUSED_DIR).exists()
        assert _standings(db_url) == _expected([third]) != _expected([first])
        # The club's answers: the correction again, an older version, a diverging one.
        answer = outbox.post(server.url, token, third.encode())
        assert (answer.status, answer.reason) == (200, "known")
        answer = outbox.post(server.url, token, second.encode())
        assert (answer.status, answer.reason) == (200, "known")
        diverging = _adjust(first, 7)
        answer = outbox.post(server.url, token, diverging.encode())
        assert answer.status == 409 and "neither continues" in answer.reason
        assert _standings(db_url) == _expected([third])
        with psycopg.connect(db_url) as conn:
            kept = [r[0] for r in conn.execute("SELECT record FROM games ORDER BY id")]
        assert kept == [first, third]  # the second never reached the club: first, then third
    finally:
        session.close()  # type: ignore[attr-defined]
        server.stop()
