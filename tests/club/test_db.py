"""The league's database (companion/club/db.py) on a real PostgreSQL server."""

from __future__ import annotations

import random

import psycopg
import pytest

from companion.club import db
from companion.club.games import check
from companion.club.rating import Rater, ordinal, rate_games
from companion.errors import CompanionError
from tests.club.clubtools import PEOPLE, named_game, timed
from tests.store.storetools import shipped_catalogue


def _games(count: int, first_seed: int = 500) -> list:
    rng = random.Random(first_seed)
    out = []
    for i in range(count):
        seats = tuple(rng.sample(PEOPLE, rng.choice((2, 3, 4))))
        out.append(check(timed(named_game(first_seed + i, seats), i * 30).encode(),
                         shipped_catalogue()))
    return out


@pytest.fixture
def conn(db_url):
    connection = db.connect(db_url)
    db.migrate(connection)
    yield connection
    connection.close()


def test_init_creates_then_finds_the_schema_up_to_date(db_url) -> None:
    with db.opened(db_url, schema=False) as conn:
        with pytest.raises(CompanionError, match="club init"):
            db.check_schema(conn)
        assert db.migrate(conn) == (0, db.SCHEMA_VERSION)
        assert db.migrate(conn) == (db.SCHEMA_VERSION, db.SCHEMA_VERSION)
        db.check_schema(conn)


def test_a_newer_schema_is_refused_not_used(conn) -> None:
    conn.execute("INSERT INTO club_schema (version) VALUES (%s)", (db.SCHEMA_VERSION + 1,))
    with pytest.raises(CompanionError, match="newer"):
        db.check_schema(conn)
    with pytest.raises(CompanionError, match="newer"):
        db.migrate(conn)


def test_tokens_are_random_kept_as_hashes_and_revocable(conn) -> None:
    first = db.add_table(conn, "Tisch 1")
    second = db.add_table(conn, "Tisch 2")
    assert first != second and len(first) == 32
    assert db.table_of(conn, first) is not None and db.table_of(conn, "0" * 32) is None
    again = db.add_table(conn, "Tisch 1")  # a new token for the same table replaces the old
    assert db.table_of(conn, first) is None and db.table_of(conn, again) is not None
    db.remove_table(conn, "Tisch 2")
    assert db.table_of(conn, second) is None
    with pytest.raises(CompanionError):
        db.remove_table(conn, "Tisch 2")


def test_games_in_any_order_rate_as_in_the_order_they_ended(conn) -> None:
    games = _games(12)
    arrived = games[:]
    random.Random(1).shuffle(arrived)  # late games: each arrival recomputes from its end on
    rater = Rater()
    for game in arrived:
        assert db.store(conn, game, None, rater) == "stored"
    assert db.store(conn, arrived[0], None, rater) == "known"
    reference = rate_games([[(s.norm, s.rank) for s in g.seats] for g in games])
    table = db.standings(conn)
    assert {p["name"].casefold(): p["rating"] for p in table["players"]} == {
        norm: round(ordinal(r), 4) for norm, r in reference.items()}


def test_another_record_of_a_stored_game_is_a_conflict(conn) -> None:
    game = _games(1)[0]
    db.store(conn, game, None, Rater())
    other = check(game.record.replace('"t": "2026-11-20T19:00:01.000Z"',
                                      '"t": "2026-11-20T19:00:02.000Z"').encode(),
                  shipped_catalogue())
    assert other.key == game.key and other.record != game.record
    with pytest.raises(db.Conflict):
        db.store(conn, other, None, Rater())


def test_merge_and_hide(conn) -> None:
    rater = Rater()
    for game in _games(6):
        db.store(conn, game, None, rater)
    extra = check(timed(named_game(900, ("Anne", "Ben")), 600).encode(), shipped_catalogue())
    db.store(conn, extra, None, rater)
    names = {p["name"] for p in db.standings(conn)["players"]}
    assert "Anne" in names
    db.merge_player(conn, "Anne", "Anna", rater)
    table = {p["name"]: p for p in db.standings(conn)["players"]}
    assert "Anne" not in table and db.player(conn, "anne")["name"] == "Anna"
    db.hide_player(conn, "Ben")
    assert "Ben" not in {p["name"] for p in db.standings(conn)["players"]}
    with pytest.raises(CompanionError):
        db.player(conn, "Ben")
    # Ben still counts as an opponent in Anna's results, without his name.
    page = db.player(conn, "Anna")
    assert page["played_against"] == table["Anna"]["played_against"]
    assert "Ben" not in {h["name"] for h in page["head_to_head"]}
    assert None in {h["name"] for h in page["head_to_head"]}


def test_a_kill_before_commit_leaves_nothing(db_url, conn) -> None:
    game = _games(1)[0]
    other = psycopg.connect(db_url, autocommit=True)
    with pytest.raises(RuntimeError):
        with other.transaction():
            other.execute("INSERT INTO games (game_key, record, ended, season) "
                          "VALUES (%s, %s, %s, %s)", (game.key, game.record, game.ended, "2026"))
            raise RuntimeError("killed before the commit")
    other.close()
    assert db.count_games(conn) == 0


def test_tonight_is_the_last_twelve_hours(conn) -> None:
    games = _games(6)  # ending 30 minutes apart
    rater = Rater()
    for game in games:
        db.store(conn, game, None, rater)
    night = db.tonight(conn, now=games[-1].ended + db.TONIGHT - (games[1].ended
                                                                  - games[0].ended) * 2)
    assert night["games"] == 3  # the last three ended in the 12 hours before that moment
    wins = sum(1 for g in games[3:] for s in g.seats if s.rank == 1 and s.norm)
    assert sum(p["wins"] for p in night["players"]) == wins
