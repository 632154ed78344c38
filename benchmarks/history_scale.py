"""History at scale: the History, Statistics and New game screens with 10,000 finished
games, against the same screens with 10 games, in the same run.

Two state directories get a real history.db: 10 games, and 10,000 (a club's device,
or a table's after years). The games are real records of generated games (names
from a pool of twelve, times an hour apart), archived with `History.archive`; the
large history repeats them with their own keys and times. For each, a child process
(`_history_child.py`) opens the screens through the app's own services and reports
how long each took; its peak RSS is its own VmHWM. The two histories alternate
in every run, so a burst of noise hits both.

Targets (issue 20): History's first frame <= 150 ms, a later frame <= 16 ms,
Statistics <= 300 ms (issue 35: its per-category view too), all with 10,000 games, and a
peak RSS <= 1.5x the same screens with 10 games.

After an upgrade (issue 35, item 6): History's first open with 1,000 and 10,000 games of
an older version (format 1) to pin, every row changed by the pinning, against 10 such
games in the same run: the first frame <= 2 s, never a frame over 100 ms while the games
are pinned beside the screen, and how long until the list shows.
"""

from __future__ import annotations

import json
import sqlite3
import statistics
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks import (
    Figure,
    Size,
    check_child,
    python,
    ratio_at_most,
    run_child,
    value_at_most,
)
from benchmarks import games as G

NAME = "history_scale"
CHILD = str(Path(__file__).with_name("_history_child.py"))
NAMES = ("Anna", "Ben", "Clara", "Dirk", "Emma", "Finn", "Greta", "Hugo", "Ida", "Jan",
         "Kira", "Leo")
#: Distinct generated games; the large history repeats them.
BASE_GAMES = 10
START = datetime(2020, 1, 1, 19, 0, tzinfo=UTC)


def large_count(size: Size) -> int:
    return 300 if size.name == "tiny" else 10_000


def _record(index: int) -> tuple[str, object]:
    """Generated game `index` with names, as the journal writes it (times 20 s apart)."""
    from companion.engine import Setup, replay
    from companion.engine.simulate import random_game
    from companion.store.journal import encode_line

    players = 2 + index % 4
    actions, _final = random_game(G.catalogue(), players, seed=9100 + index, form="quick")
    setup = actions[0]
    assert isinstance(setup, Setup)
    names = {p: NAMES[(index * 3 + i) % len(NAMES)] for i, p in enumerate(setup.players)}
    actions[0] = Setup(players=setup.players, first=setup.first, names=names,
                       cards=setup.cards, format=setup.format)
    start = START + timedelta(hours=index)
    lines = [encode_line(a, (start + timedelta(seconds=20 * i)).isoformat(
        timespec="milliseconds").replace("+00:00", "Z")) for i, a in enumerate(actions)]
    record = "".join(line + "\n" for line in lines)
    state = replay(record, G.catalogue()).state
    assert state is not None and state.final is not None
    return record, state


def fill(state_dir: Path, count: int) -> None:
    """A history.db of `count` finished games."""
    from companion.store import History

    state_dir.mkdir(parents=True)
    base = [_record(i) for i in range(min(BASE_GAMES, count))]
    with History(state_dir) as history:
        for i, (record, state) in enumerate(base):
            history.archive(f"base-{i}", state, record)  # type: ignore[arg-type]
    if count <= len(base):
        return
    # The rest: copies of the base games' rows, each its own game an hour later.
    db = sqlite3.connect(state_dir / "history.db")
    db.execute("PRAGMA synchronous=OFF")
    with db:
        games = db.execute("SELECT id, duration_seconds, rounds, record, archived FROM games "
                           "ORDER BY id").fetchall()
        players = db.execute("SELECT * FROM game_players").fetchall()
        scores = db.execute("SELECT * FROM scores").fetchall()
        for n in range(len(base), count):
            gid, duration, rounds, record, archived = games[n % len(games)]
            t0 = START + timedelta(hours=n)
            t1 = t0 + timedelta(seconds=duration or 0)
            new = db.execute(
                "INSERT INTO games (game_key, started, finished, duration_seconds, rounds, "
                "record, archived) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (f"copy-{n}", t0.isoformat().replace("+00:00", "Z"),
                 t1.isoformat().replace("+00:00", "Z"), duration, rounds, record, archived),
            ).lastrowid
            db.executemany("INSERT INTO game_players VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           [(new, *row[1:]) for row in players if row[0] == gid])
            db.executemany("INSERT INTO scores VALUES (?, ?, ?, ?)",
                           [(new, *row[1:]) for row in scores if row[0] == gid])
    db.close()


def pin_counts(size: Size) -> tuple[int, ...]:
    """Histories of format 1 games pinned after an upgrade (issue 35, item 6)."""
    return (20, 60) if size.name == "tiny" else (1_000, 10_000)


def game_key(setup: str) -> str:
    from companion.store.journal import game_key as key

    return key(setup)


def older(state_dir: Path, count: int) -> None:
    """A history of `count` games of an older version (format 1, as `fill` makes them)
    whose rows the pinning changes, every one: their totals were stored one point off, as
    if the values had been corrected since (the most the pass can have to write)."""
    fill(state_dir, count)
    db = sqlite3.connect(state_dir / "history.db")
    with db:
        rows = db.execute("SELECT id, started, record FROM games").fetchall()
        # `fill` repeats ten records; each game of a real history has its own setup line
        # (its time), so its own key, pinned and replayed on its own.
        for game_id, started, record in rows:
            setup, rest = record.split("\n", 1)
            assert '"format"' not in setup, "fill's games are of format 2"
            head = json.loads(setup)
            head["t"] = started
            head.pop("crc", None)  # format 1 has no checksums (the other lines' still match)
            setup = json.dumps(head, separators=(",", ":"))
            db.execute("UPDATE games SET record=?, game_key=? WHERE id=?",
                       (setup + "\n" + rest, game_key(setup), game_id))
        db.execute("UPDATE game_players SET total = total + 1")
    db.close()


def pinning_figures(size: Size, tmp: Path) -> list[Figure]:
    """History's first open after an upgrade, with 1,000 and 10,000 games to pin, against
    10 in the same run: its first frame (<= 2 s with 10,000), how long until the list
    shows, and the longest frame meanwhile (<= 100 ms)."""
    import shutil

    counts = (10, *pin_counts(size))
    pristine = {n: tmp / f"older-{n}" for n in counts}
    for n, folder in pristine.items():
        older(folder, n)
    marks: dict[int, dict[str, list[float]]] = {n: {} for n in counts}
    for run in range(max(1, size.runs)):
        for n in counts:
            folder = tmp / f"pin-{n}-{run}"
            shutil.copytree(pristine[n], folder)  # each run pins afresh
            child = check_child(run_child(
                [python(), CHILD, str(folder), "1", "pin"], timeout=1800),
                "History pinning older games")
            for name, value in child.marks().items():
                marks[n].setdefault(name, []).append(value)
            shutil.rmtree(folder)
    figures = []
    for n in counts[1:]:
        label = f"{n:,} games of an older version"
        kib = statistics.median(marks[n]["pins_kib"])
        specs = [
            ("pin_first", f"History's first open, pinning ({label})", 2000.0, None),
            ("pin_done", f"History, older games pinned until the list shows ({label})", None,
             f"{n / (statistics.median(marks[n]['pin_done']) / 1000):.0f} games/s; "
             f"pinned-values.json {kib:.0f} KiB"),
            ("pin_longest_frame", f"History, longest frame while pinning ({label})", 100.0,
             f"{statistics.median(marks[n]['pin_frames']):.0f} frames drawn meanwhile"),
            ("pin_list_frame", f"History, the frame that shows the list after pinning "
             f"({label})", None, None),
        ]
        for key, what, limit, notes in specs:
            figures.append(Figure(
                NAME, what, "ms", marks[n][key],
                baseline_name="the same with 10 games", baseline_runs=marks[10][key],
                target=f"<= {limit:g} ms" if limit is not None else None,
                check=value_at_most(limit) if limit is not None else None,
                notes=notes or "",
            ))
        figures.append(Figure(
            NAME, f"History, peak RSS while pinning ({label})", "MiB",
            [v / 1024 for v in marks[n]["pin_hwm_kib"]],
            baseline_name="the same with 10 games",
            baseline_runs=[v / 1024 for v in marks[10]["pin_hwm_kib"]],
            target="ratio <= 1.5", check=ratio_at_most(1.5),
            notes="the child's own VmHWM: the rows to store wait in a temporary file, "
                  "never a game's replayed state in memory"))
    return figures


def run(size: Size) -> list[Figure]:
    large = large_count(size)
    frames = max(5, size.samples // 2)
    marks: dict[str, dict[str, list[float]]] = {"small": {}, "large": {}}
    rss: dict[str, list[float]] = {"small": [], "large": []}
    with tempfile.TemporaryDirectory(prefix="bench-history-") as tmp:
        dirs = {"small": Path(tmp) / "small", "large": Path(tmp) / "large"}
        fill(dirs["small"], 10)
        fill(dirs["large"], large)
        for _ in range(max(1, size.runs)):
            for which in ("small", "large"):
                child = check_child(run_child(
                    [python(), CHILD, str(dirs[which]), str(frames)], timeout=600),
                    "the history screens")
                found = child.marks()
                rss[which].append(found.pop("hwm_kib") / 1024)
                for name, value in found.items():
                    marks[which].setdefault(name, []).append(value)
    label = f"{large:,} games"
    specs = [
        ("history_open", f"History, first frame ({label})", 150.0),
        ("history_frame", f"History, a later frame ({label})", 16.0),
        ("history_page", f"History, paging to older games ({label})", None),
        ("stats_open", f"Player statistics, first frame ({label})", 300.0),
        ("stats_categories", f"Player statistics, per category view ({label})", 300.0),
        ("newgame_open", f"New game, first frame ({label})", None),
    ]
    figures = []
    for key, what, limit in specs:
        figures.append(Figure(
            NAME, what, "ms", marks["large"].get(key, []),
            baseline_name="the same with 10 games",
            baseline_runs=marks["small"].get(key) or None,
            target=f"<= {limit:g} ms" if limit is not None else None,
            check=value_at_most(limit) if limit is not None else None,
        ))
    figures.append(Figure(
        NAME, f"peak RSS of History, Statistics and New game ({label})", "MiB", rss["large"],
        baseline_name="the same with 10 games", baseline_runs=rss["small"],
        target="ratio <= 1.5", check=ratio_at_most(1.5),
        notes=f"median of the child's own VmHWM (not wait4's ru_maxrss, which holds the "
              f"harness's peak); baseline {statistics.median(rss['small']):.0f} MiB",
    ))
    with tempfile.TemporaryDirectory(prefix="bench-pin-") as tmp:
        figures.extend(pinning_figures(size, Path(tmp)))
    return figures
