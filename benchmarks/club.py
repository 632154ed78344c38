"""The club's league at scale (issue 37): importing games, and reading the league.

A PostgreSQL server of the benchmark's own (`benchmarks/pgcluster.py`, with
PostgreSQL's default durability: every commit is flushed, as on a club's server)
takes generated games through the server's own path, game by game: the record replayed
with the engine (`club.games.check`), then stored and rated in one committed
transaction (`club.db.store`). At each size on the way (1,000, 10,000 and 100,000
games for a full run) it measures the import rate of the games just imported, the
standings and a player's page (ms), so the growth of each cost is read against the same
figure at 1,000 games measured in the same run. At the end, a late game: one that
ended a day before the latest (a table that was offline overnight) and one from the
league's first week, each with every game after it rated again.

The games: `BASE` distinct generated games (quick form, 2 to 5 players), each seated
again and again with names from a pool of `PEOPLE` players and its own start time (so
its own key and record), two games an hour: as a club of 60 regulars plays.
"""

from __future__ import annotations

import random
import statistics
import time
from datetime import UTC, datetime, timedelta

from benchmarks import Figure, Size, unavailable, value_at_least
from benchmarks import games as G

NAME = "club"
BASE = 120
#: Fewer distinct games for a tiny run (the smoke test): generating one takes ~10 ms.
TINY_BASE = 12
PEOPLE = tuple(f"Player {n:02d}" for n in range(60))
START = datetime(2026, 1, 1, 18, 0, tzinfo=UTC)


def sizes(size: Size) -> tuple[int, ...]:
    if size.name == "tiny":
        return (30, 60)
    if size.name == "quick":
        return (1_000, 10_000)
    return (1_000, 10_000, 100_000)


class Games:
    """The n-th generated game's record, made cheaply from `BASE` distinct games."""

    def __init__(self, distinct: int = BASE) -> None:
        import json

        from companion.engine import Setup
        from companion.engine.simulate import random_game

        self._json = json
        self.base: list[tuple[dict[str, object], list[str], str]] = []
        for i in range(distinct):
            actions, _final = random_game(G.catalogue(), 2 + i % 4, seed=37_000 + i,
                                          form="quick")
            setup = actions[0]
            assert isinstance(setup, Setup)
            lines = [a.to_line() for a in actions]
            self.base.append((json.loads(lines[0]), lines[1:-1],
                              lines[-1]))

    @staticmethod
    def moment(n: int) -> datetime:
        return START + timedelta(minutes=30 * n)

    def record(self, n: int, ended: datetime | None = None) -> str:
        setup, middle, last = self.base[n % len(self.base)]
        rng = random.Random(n)
        players = list(setup["players"])  # type: ignore[call-overload]
        seats = rng.sample(PEOPLE, len(players))
        end = ended or self.moment(n)
        start = end - timedelta(minutes=25)
        head = dict(setup, names=dict(zip(players, seats, strict=True)),
                    t=start.isoformat(timespec="milliseconds").replace("+00:00", "Z"))
        tail = self._json.loads(last)
        tail["t"] = end.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        return "\n".join([self._json.dumps(head), *middle, self._json.dumps(tail)]) + "\n"


def _ms(work, repeats: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        work()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def run(size: Size) -> list[Figure]:
    try:
        import openskill  # noqa: F401
        import psycopg  # noqa: F401

        from benchmarks.pgcluster import PgServer, pg_bin
    except ImportError as exc:
        return [unavailable(NAME, "club import", "games/s", f"needs the club extra ({exc})")]
    if pg_bin() is None:
        return [unavailable(NAME, "club import", "games/s", "PostgreSQL is not installed")]
    from companion.club import db
    from companion.club.games import check
    from companion.club.rating import Rater

    catalogue = G.catalogue()
    games = Games(TINY_BASE if size.name == "tiny" else BASE)
    # Durable as a club's server, except for the smoke test's tiny run (nothing measured).
    server = PgServer(durable=size.name != "tiny")
    server.start()
    figures: list[Figure] = []
    try:
        conn = db.connect(server.fresh_db())
        db.migrate(conn)
        rater = Rater()
        done = 0
        repeats = max(3, size.repeats * 2)
        rates: dict[int, float] = {}
        reads: dict[int, dict[str, list[float]]] = {}
        for target in sizes(size):
            t0 = time.perf_counter()
            for n in range(done, target):
                db.store(conn, check(games.record(n).encode(), catalogue), None, rater)
            rates[target] = (target - done) / (time.perf_counter() - t0)
            done = target
            someone = PEOPLE[target % len(PEOPLE)]
            reads[target] = {
                "standings": _ms(lambda: db.standings(conn), repeats),
                "player": _ms(lambda p=someone: db.player(conn, p), repeats),
                "tonight": _ms(lambda d=done: db.tonight(conn, games.moment(d)), repeats),
            }
        first, last = sizes(size)[0], sizes(size)[-1]
        for target in sizes(size):
            figures.append(Figure(
                NAME, f"import through the server's path (replay, store, rate, commit), "
                f"games {sizes(size)[sizes(size).index(target) - 1] if target != first else 0:,}"
                f" to {target:,}", "games/s", [rates[target]],
                baseline_name=f"the first {first:,} games" if target != first else None,
                baseline_runs=[rates[first]] if target != first else None,
                target=">= 20 games/s (a club's evening is a few dozen)",
                check=value_at_least(20.0)))
        labels = {"standings": "standings (the season's table)",
                  "player": "a player's page (head to head, rival, nemesis)",
                  "tonight": "tonight's summary"}
        for key, words in labels.items():
            for target in sizes(size)[1:]:
                figures.append(Figure(
                    NAME, f"{words} at {target:,} games", "ms", reads[target][key],
                    baseline_name=f"the same at {first:,} games",
                    baseline_runs=reads[first][key], paired=False,
                    target="(report: growth)"))
        # Late games: the whole import's last moment is games.moment(last - 1).
        latest = games.moment(last - 1)
        for label, ended in (("a day late", latest - timedelta(days=1)),
                             ("from the league's first week", START + timedelta(days=3))):
            n = last + (1 if label.startswith("a day") else 2)
            game = check(games.record(n, ended).encode(), catalogue)
            t0 = time.perf_counter()
            db.store(conn, game, None, rater)
            took = (time.perf_counter() - t0) * 1000
            after = sum(1 for m in range(last) if games.moment(m) > ended)
            figures.append(Figure(
                NAME, f"a late game's import and rating update, {label} "
                f"({after:,} later games rated again, at {last:,} games)", "ms", [took],
                target="(report)"))
        in_order = [took for took in _ms(
            lambda: db.store(conn, check(games.record(last + 10 + len(figures)).encode(),
                                         catalogue), None, rater), 1)]
        figures.append(Figure(NAME, f"a game that ends last: import and rating at {last:,}",
                              "ms", in_order, target="(report)",
                              notes=f"median import rate over all sizes "
                              f"{statistics.median(rates.values()):.0f} games/s"))
        conn.close()
    finally:
        server.stop()
    return figures
