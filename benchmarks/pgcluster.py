"""A PostgreSQL server of one's own: initdb and pg_ctl in a temporary folder.

For the club's tests (tests/club) and its benchmark (benchmarks/club.py). It listens on
a Unix socket in its folder only (no TCP port to collide with), runs as an unprivileged
user when started as root (PostgreSQL refuses to run as root), and is stopped at the
end. Each test takes a fresh database in it (`fresh_db`). `durable=False` (the tests)
turns fsync off: nothing there must survive a power cut; the benchmark keeps
PostgreSQL's defaults, as a club's server runs.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

#: Debian keeps the server's programs here, outside $PATH.
DEBIAN_BIN = Path("/usr/lib/postgresql")


def pg_bin() -> Path | None:
    """The folder with initdb, pg_ctl and postgres (the newest Debian version first)."""
    if DEBIAN_BIN.is_dir():
        for version in sorted(DEBIAN_BIN.iterdir(), key=lambda p: p.name, reverse=True):
            if (version / "bin" / "pg_ctl").is_file():
                return version / "bin"
    found = shutil.which("pg_ctl")
    return Path(found).parent if found else None


class PgServer:
    def __init__(self, durable: bool = False) -> None:
        self.durable = durable
        bindir = pg_bin()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (.ci/run installs `postgresql`)")
        self.bin = bindir
        self.root = Path(tempfile.mkdtemp(prefix="club-pg-"))
        self.data = self.root / "data"
        self.socket = self.root / "sock"
        self.socket.mkdir()
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "nobody"
            entry = pwd.getpwnam(self.user)
            os.chmod(self.root, 0o755)
            for path in (self.root, self.socket):
                os.chown(path, entry.pw_uid, entry.pw_gid)
        self._names = itertools.count(1)

    def _run(self, *args: str) -> None:
        command = [str(a) for a in args]
        if self.user is not None:
            gid = pwd.getpwnam(self.user).pw_gid
            command = ["setpriv", f"--reuid={self.user}", f"--regid={gid}", "--clear-groups",
                       *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       cwd=self.root, timeout=120)

    def start(self) -> None:
        self._run(self.bin / "initdb", "-D", self.data, "-U", "club", "--auth=trust",
                  *([] if self.durable else ["--no-sync"]), "-E", "UTF8", "--locale=C")
        options = f"-k {self.socket} -c listen_addresses='' -c max_connections=60"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        # -w: pg_ctl waits until the server takes connections (readiness, not a time).
        self._run(self.bin / "pg_ctl", "-D", self.data, "-w", "-t", "60", "-o", options,
                  "-l", self.root / "log", "start")

    def stop(self) -> None:
        try:
            self._run(self.bin / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://club@/{dbname}?host={self.socket}"

    def fresh_db(self) -> str:
        import psycopg

        name = f"league_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)
