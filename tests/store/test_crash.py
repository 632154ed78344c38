"""The crash test: `feed` in a subprocess, killed with SIGKILL at random moments.

After every kill, `status --json` must equal the replay of the record up to
the last acknowledged action K (`ok K`), or K+1 (durable, not yet acknowledged).
Then `feed` is run again and must continue where the journal ends. Several
short generated games, at least 50 kills in all. `CRASH_SEED=n` repeats a run.
"""

from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine import replay
from companion.store import History
from tests.store.storetools import CLI, generated, record_of, run_cli, shipped_catalogue

MIN_KILLS = 50
#: (seed, players, form) of the generated games fed one after another into one state directory.
GAMES = [(seed, players, form) for seed in range(101, 130)
         for players, form in [(2, "quick"), (3, "tracked"), (4, "mixed")]]


@dataclass
class Run:
    out: str
    err: str
    killed: bool
    while_feeding: bool
    """Killed after it had printed its first `ok` (so while journaling actions)."""


def _feed_and_kill(argv: list[str], rng: random.Random) -> Run:
    """Start `feed` and SIGKILL it at a random moment: mostly while it feeds, sometimes anytime.

    Startup takes a good part of a second, so most kills wait for the first
    `ok` line and then strike within the next 0.2 s, while actions are being
    journaled; the others strike at any time (imports, resume, cutting a tail).
    """
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    out = b""
    anytime = rng.random() < 0.15
    deadline = time.monotonic() + (rng.uniform(0.0, 0.8) if anytime else 30.0)
    while b"ok " not in out and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break  # it ended (finished or failed)
            out += chunk
    feeding = b"ok " in out
    if feeding and not anytime:
        time.sleep(rng.uniform(0.0, 0.2))
    killed = proc.poll() is None
    if killed:
        proc.send_signal(signal.SIGKILL)
    rest, err = proc.communicate()
    return Run((out + rest).decode(), err.decode(), killed, killed and feeding)


def _status(state_dir: Path) -> Any:
    code, out, err = run_cli(["status", "--json", "--state-dir", str(state_dir)])
    assert code == 0, err
    return json.loads(out)


def test_sigkill_at_random_moments_loses_nothing_acknowledged(tmp_path: Path) -> None:
    seed = int(os.environ.get("CRASH_SEED", time.time_ns() % 1_000_000))
    rng = random.Random(seed)
    cat = shipped_catalogue()
    state_dir = tmp_path / "state"
    kills = feeding_kills = runs = 0
    finished: list[Any] = []
    started = time.monotonic()
    for number, (game_seed, players, form) in enumerate(GAMES):
        if kills >= MIN_KILLS:
            break
        actions, final = generated(game_seed, players, form)
        lines = [a.to_line() for a in actions]
        path = tmp_path / f"game{number}.jsonl"
        path.write_text(record_of(actions))
        replayed: dict[int, Any] = {}

        def prefix(k: int, lines: list[str] = lines, replayed: dict[int, Any] = replayed) -> Any:
            """`replay --json` of the record's setup and first k actions.

            Computed with the engine's `replay`, which is what the command prints
            (checked once per game below), to keep the catalogue loading out of the loop.
            """
            if k not in replayed:
                replayed[k] = replay("".join(line + "\n" for line in lines[: k + 1]), cat).to_json()
            return replayed[k]

        part = tmp_path / "prefix.jsonl"
        part.write_text("".join(line + "\n" for line in lines[:40]))
        code, out, err = run_cli(["replay", str(part), "--json"])
        assert code == 0 and json.loads(out) == prefix(39), err

        acked = -1  # the last `ok K` seen for this game, over all its runs
        previous = finished[-1] if finished else None
        while True:
            runs += 1
            run = _feed_and_kill(
                [*CLI, "feed", str(path), "--state-dir", str(state_dir), "--delay", "0.001"], rng
            )
            where = f"crash seed {seed}, game {number}, run {runs}"
            # Only whole lines count. A run first repeats `ok N` for the lines already saved,
            # so a kill during that repetition may end below the last `ok` seen before.
            complete = run.out[: run.out.rfind("\n") + 1].splitlines()
            oks = [int(line.split()[1]) for line in complete if line.startswith("ok ")]
            assert oks == list(range(len(oks))), f"{where}: ok lines out of order"
            acked = max([acked, *oks])
            state = _status(state_dir)
            allowed = [prefix(acked), prefix(acked + 1)] if acked >= 0 else [previous, prefix(0)]
            assert state in allowed, (
                f"{where}: status is not the record up to action {acked} or {acked + 1}; "
                f"feed said: {run.err}"
            )
            if not run.killed:
                # Only feed's note naming the placeholder values may be on stderr.
                problems = [e for e in run.err.splitlines() if not e.startswith("note: ")]
                assert problems == [] and acked == len(lines) - 1, f"{where}: {run.err}"
                break
            kills += 1
            feeding_kills += run.while_feeding
        assert state == final.to_json()
        finished.append(state)
    elapsed = time.monotonic() - started
    print(f"crash seed {seed}: {kills} kills ({feeding_kills} while feeding) in {runs} runs, "
          f"{len(finished)} games, {elapsed:.1f} s")
    assert kills >= MIN_KILLS
    assert feeding_kills >= MIN_KILLS // 2
    games = History(state_dir).games()
    # Every finished game is in the history exactly once, and its record replays to it.
    assert len(games) == len(finished)
    for game, state in zip(reversed(games), finished, strict=True):
        replayed_game = replay(History(state_dir).game(game.id).record, cat)
        assert replayed_game.error is None
        assert replayed_game.state is not None and replayed_game.state.to_json() == state
