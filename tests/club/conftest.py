"""The club's tests share one PostgreSQL server per session; each test a new database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from benchmarks.pgcluster import PgServer


@pytest.fixture(scope="session")
def pg() -> Iterator[PgServer]:
    server = PgServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def db_url(pg: PgServer) -> str:
    return pg.fresh_db()
