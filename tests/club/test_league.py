"""The club as a whole (issue 37): three tables send their games through the real parts.

Each table is a state directory whose games are fed with `feed` (the composition root's
saver: a finished game goes into the club's outbox because companion.yaml names a club),
sent with `sync` (and one table by the app's background sender) to a `club serve` process
over HTTP, twice and in shuffled order, with
the server stopped and restarted between. The league then equals the one computed from
the records alone; damaged, illegal and unauthorised games store nothing.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import threading
import time
from pathlib import Path

import psycopg

from companion.app import ClubSender
from companion.club import db
from companion.club.games import check, same_name
from companion.club.rating import ordinal, rate_games
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store import outbox
from tests.club.clubtools import ClubProcess, named_game, timed
from tests.store.storetools import run_cli, shipped_catalogue

SEATS = {
    "t1": [("Anna", "Ben", "Clara"), ("Ben", "Deniz")],
    "t2": [("clara ", "Emil", "Anna"), ("Deniz", "Anna", "Ben", "Emil")],
    "t3": [("Emil", "Ben"), ("ANNA", "Clara", "Deniz")],
}


def _config(tmp_path: Path, name: str, token: str) -> Path:
    folder = tmp_path / f"config-{name}"
    shutil.copytree(SHIPPED_CONFIG_DIR, folder)
    with open(folder / "companion.yaml", "a", encoding="utf-8") as out:
        # The address is the club's usual one; `sync --url` names where it listens now.
        out.write(f"\nclub:\n  url: http://127.0.0.1:9/\n  token: {token}\n")
    return folder


def _cli(*argv: str) -> tuple[int, str, str]:
    return run_cli(list(argv))


def _expected(records: list[str]) -> dict[str, dict[str, object]]:
    """The league from the records alone: counts per normalised name, openskill ratings
    over the games in the order they ended."""
    played = sorted((check(r.encode(), shipped_catalogue()) for r in records),
                    key=lambda g: (g.ended, g.key))
    out: dict[str, dict[str, object]] = {}
    for game in played:
        for seat in game.seats:
            assert seat.norm is not None
            row = out.setdefault(seat.norm, {"games": 0, "wins": 0, "beaten": 0,
                                             "played_against": 0})
            row["games"] += 1  # type: ignore[operator]
            row["wins"] += seat.rank == 1  # type: ignore[operator]
            row["beaten"] += sum(o.rank > seat.rank for o in game.seats)  # type: ignore[operator]
            row["played_against"] += len(game.seats) - 1  # type: ignore[operator]
    ratings = rate_games([[(s.norm, s.rank) for s in g.seats] for g in played])
    for norm, rating in ratings.items():
        out[norm]["rating"] = round(ordinal(rating), 4)
    return out


def _standings(db_url: str) -> dict[str, dict[str, object]]:
    status, out, err = _cli("club", "standings", "--db", db_url, "--json")
    assert status == 0, err
    return {same_name(p["name"]): {k: p[k] for k in ("games", "wins", "beaten",
                                                     "played_against", "rating")}
            for p in json.loads(out)["players"]}


def _count(db_url: str) -> int:
    with psycopg.connect(db_url) as conn:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])


def test_three_tables_send_twice_shuffled_across_a_restart(tmp_path: Path, db_url: str) -> None:
    assert _cli("club", "init", "--db", db_url)[0] == 0
    tokens = {}
    for name in SEATS:
        status, out, err = _cli("club", "add-table", name, "--db", db_url)
        assert status == 0, err
        assert out.startswith("TOKEN ") and len(out.split()[1]) == 32
        tokens[name] = out.split()[1]
    with psycopg.connect(db_url) as conn:  # only the hash is kept
        stored = [bytes(r[0]) for r in conn.execute("SELECT token_hash FROM club_tables")]
    assert all(t.encode() not in h for h in stored for t in tokens.values())

    records: list[str] = []
    tables = {}
    seed = 0
    for name, games in SEATS.items():
        state = tmp_path / f"state-{name}"
        config = _config(tmp_path, name, tokens[name])
        tables[name] = (state, config)
        for seats in games:
            seed += 1
            record = tmp_path / f"game-{seed}.jsonl"
            record.write_text(named_game(seed, seats), encoding="utf-8")
            status, _out, err = _cli("feed", str(record), "--state-dir", str(state),
                                     "--config", str(config))
            assert status == 0, err
        waiting = outbox.waiting(state)
        assert len(waiting) == len(games)  # every finished game waits for the club
        records += [p.read_text(encoding="utf-8") for p in waiting]
    copies = {name: {p.name: p.read_bytes() for p in outbox.waiting(state)}
              for name, (state, _c) in tables.items()}

    rng = random.Random(37)
    order = list(tables)
    rng.shuffle(order)
    server = ClubProcess(db_url)
    try:
        for index, name in enumerate(order):
            if index == 1:  # the club's server is stopped and started again between tables
                server.stop()
                server = ClubProcess(db_url, server.port)
            state, config = tables[name]
            if index == 2:  # this table sends as the app does: its background sender
                sender = ClubSender(state, server.url, tokens[name])
                sender.start()
                try:
                    deadline = time.monotonic() + 120
                    while outbox.count(state) and time.monotonic() < deadline:
                        sender.wake()
                        time.sleep(0.05)
                finally:
                    sender.stop()
                assert outbox.count(state) == 0 and sender.problem is None
                continue
            status, out, err = _cli("sync", "--state-dir", str(state), "--config", str(config),
                                    "--url", server.url, "--token", tokens[name])
            assert (status, out.strip()) == (0, f"sent {len(SEATS[name])}, waiting 0"), err
        first = _standings(db_url)
        assert first == _expected(records)

        # Again, as from a backup: every game once more, tables and games in another order.
        server.stop()
        server = ClubProcess(db_url, server.port)
        rng.shuffle(order)
        for name in order:
            state, config = tables[name]
            names = list(copies[name])
            rng.shuffle(names)
            for when, file in enumerate(names):  # the outbox sends oldest first
                path = outbox.outbox(state) / file
                path.write_bytes(copies[name][file])
                os.utime(path, ns=(when * 10**9, when * 10**9))
            status, out, _err = _cli("sync", "--state-dir", str(state), "--url", server.url,
                                     "--token", tokens[name], "--config", str(config))
            assert out.strip() == f"sent {len(SEATS[name])}, waiting 0"
        assert _count(db_url) == len(records)
        assert _standings(db_url) == first

        # A damaged record and an illegal one are refused with their reasons; nothing stored.
        good = records[0].splitlines()
        damaged = "\n".join([*good[:5], good[5].replace('"', "'", 1), *good[6:]]) + "\n"
        answer = outbox.post(server.url, tokens["t1"], damaged.encode())
        assert answer.status == 422 and answer.reason.startswith("line 6: ")
        illegal = "\n".join([*good[:3], '{"type": "buy", "player": "red", "slot": 9, '
                             '"price": 3}', *good[3:]]) + "\n"
        answer = outbox.post(server.url, tokens["t1"], illegal.encode())
        assert answer.status == 422 and answer.reason.startswith("line 4: "), answer.reason
        unfinished = "\n".join(good[:40]) + "\n"
        answer = outbox.post(server.url, tokens["t1"], unfinished.encode())
        assert answer.status == 422 and "not finished" in answer.reason

        # A wrong token: 403, and nothing stored, not even a new, valid game.
        fresh = timed(named_game(99, ("Anna", "Ben")), 0)
        for token in ("0" * 32, tokens["t1"][:-1] + "x", ""):
            assert outbox.post(server.url, token, fresh.encode()).status == 403
        assert _cli("club", "remove-table", "t3", "--db", db_url)[0] == 0
        assert outbox.post(server.url, tokens["t3"], fresh.encode()).status == 403
        # Past the journal's limit: refused by its length, before it is read.
        answer = outbox.post(server.url, tokens["t1"], b"\n" * (2 * 1024 * 1024 + 1))
        assert answer.status == 413 and "2 MiB" in answer.reason
        assert _count(db_url) == len(records)
        assert _standings(db_url) == first
    finally:
        server.stop()


def test_a_kill_during_imports_loses_nothing_acknowledged(db_url: str) -> None:
    import socket

    assert _cli("club", "init", "--db", db_url)[0] == 0
    token = _cli("club", "add-table", "t1", "--db", db_url)[1].split()[1]
    people = ("Anna", "Ben", "Clara")
    games = [timed(named_game(200 + i, people[: 2 + i % 2]), i * 50) for i in range(16)]
    server = ClubProcess(db_url)
    acknowledged: list[str] = []
    first_ack = threading.Event()
    stop = threading.Event()

    def send() -> None:  # a table sending all the while
        for record in games[1:]:
            if stop.is_set():
                break
            if outbox.post(server.url, token, record.encode(), timeout=30).done:
                acknowledged.append(record)
                first_ack.set()
        first_ack.set()

    sender = threading.Thread(target=send)
    try:
        # One table is in the middle of sending a game (half its record is on the wire)
        # while another is sending game after game: then the server is killed.
        half = games[0].encode()
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: club\r\nAuthorization: Bearer "
                     + token.encode() + b"\r\nContent-Length: " + str(len(half)).encode()
                     + b"\r\n\r\n" + half[: len(half) // 2])
        sender.start()
        assert first_ack.wait(120)
        server.kill()  # SIGKILL
        stop.set()
        sender.join(120)
        assert sock.recv(1024) == b""  # the half-sent game was never answered
        sock.close()
        keys = {check(r.encode(), shipped_catalogue()).key for r in acknowledged}
        with psycopg.connect(db_url) as conn:
            stored = {r[0] for r in conn.execute("SELECT game_key FROM games")}
        assert acknowledged and keys <= stored  # every game a table saw accepted is there
        assert check(half, shipped_catalogue()).key not in stored
        # The tables send the others again (and those they were not told about): all arrive.
        server = ClubProcess(db_url)
        for record in games:
            assert outbox.post(server.url, token, record.encode()).done
        assert _count(db_url) == len(games)
        status, out, _err = _cli("club", "standings", "--db", db_url, "--json")
        expected = _expected(games)
        got = {same_name(p["name"]): p for p in json.loads(out)["players"]}
        assert {k: v["rating"] for k, v in got.items()} == {
            k: v["rating"] for k, v in expected.items()}
    finally:
        stop.set()
        server.kill()


def test_the_league_page_in_each_language(db_url: str) -> None:
    import urllib.request

    assert _cli("club", "init", "--db", db_url)[0] == 0
    assert _cli("club", "import", "--db", db_url,
                *[str(p) for p in _records_on_disk(db_url)])[0] == 0
    server = ClubProcess(db_url)
    try:
        for lang, word in (("en", "Beaten ÷ played against"), ("de", "Geschlagen"),
                           ("fr", "Battus")):
            with urllib.request.urlopen(f"{server.url}?lang={lang}") as response:
                page = response.read().decode()
                assert response.headers["X-Content-Type-Options"] == "nosniff"
            assert f'lang="{lang}"' in page and word in page and "Anna" in page
            with urllib.request.urlopen(f"{server.url}player?name=anna&lang={lang}") as answer:
                assert "Anna" in answer.read().decode()
        with urllib.request.urlopen(f"{server.url}standings.json") as response:
            assert {p["name"] for p in json.loads(response.read())["players"]} == {
                "Anna", "Ben", "Clara"}
    finally:
        server.stop()


def _records_on_disk(db_url: str) -> list[Path]:
    folder = Path(db_url.split("host=")[1]).parent / "records"
    folder.mkdir(exist_ok=True)
    paths = []
    for i, seats in enumerate([("Anna", "Ben"), ("Ben", "Clara", "Anna")]):
        path = folder / f"{i}.jsonl"
        path.write_text(timed(named_game(300 + i, seats), i * 60), encoding="utf-8")
        paths.append(path)
    return paths


def test_the_club_commands_as_an_owner_types_them(tmp_path: Path, db_url: str) -> None:
    assert _cli("club", "standings", "--db", db_url)[0] == 2  # no schema yet: says so
    status, out, _err = _cli("club", "init", "--db", db_url)
    assert status == 0 and out.startswith(f"schema version {db.SCHEMA_VERSION}")
    good = [str(p) for p in _records_on_disk(db_url)]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{\"type\": \"setup\"}\n", encoding="utf-8")
    status, out, err = _cli("club", "import", "--db", db_url, *good, str(bad), good[0])
    assert status == 3
    assert out.splitlines() == [f"{good[0]}: stored", f"{good[1]}: stored", f"{good[0]}: known"]
    assert err.startswith(f"{bad}: refused: line 1: ")
    status, out, _err = _cli("club", "standings", "--db", db_url)
    assert status == 0 and "Anna" in out and "rating" in out
    status, out, _err = _cli("club", "player", "ANNA", "--db", db_url, "--json")
    page = json.loads(out)
    assert page["name"] == "Anna" and page["games"] == 2 and page["head_to_head"]
    assert _cli("club", "hide-player", "Ben", "--db", db_url)[0] == 0
    players = json.loads(_cli("club", "standings", "--db", db_url, "--json")[1])["players"]
    assert [p["name"] for p in players if p["name"] == "Ben"] == []
    status, _out, err = _cli("club", "merge-player", "Clara", "Anna", "--db", db_url)
    assert status == 2 and "played in the same game" in err  # two people, never merged
    status, _out, err = _cli("club", "player", "Nobody", "--db", db_url)
    assert status == 2 and "no player named" in err
