"""The club's tests share one PostgreSQL server per session; each test a new database."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from benchmarks.pgcluster import PgServer, pg_bin


@pytest.fixture(scope="session")
def pg() -> Iterator[PgServer]:
    if pg_bin() is None and not os.environ.get("CI"):  # CI must not skip: .ci/run installs it
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    server = PgServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def db_url(pg: PgServer) -> str:
    return pg.fresh_db()
