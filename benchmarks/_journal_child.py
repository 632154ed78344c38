"""Child process of the journal benchmark: appends one game's actions, timing each.

    python -m benchmarks._journal_child IMPL STATE_DIR GAME_INDEX

IMPL is ``bare`` (the floor: write one JSON line and fdatasync it, nothing
else) or ``store`` (the companion's own journal, through `GameSession`).
Prints ``MARK`` lines: the number of appends, every sync call seen by
wrapping os.fsync/os.fdatasync, and the append times in microseconds.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

SYNCS = {"fsync": 0, "fdatasync": 0}
_real = {name: getattr(os, name) for name in SYNCS if hasattr(os, name)}


def _counting(name: str):  # type: ignore[no-untyped-def]
    real = _real[name]

    def wrapper(fd: int) -> None:
        SYNCS[name] += 1
        real(fd)

    return wrapper


#: Written to /dev/null before each append, so strace can cut its log into one part per action.
MARKER = b"@@append\n"
_null = os.open(os.devnull, os.O_WRONLY)


def _mark() -> None:
    os.write(_null, MARKER)


def _synced() -> int:
    return SYNCS["fsync"] + SYNCS["fdatasync"]


for _name in _real:
    setattr(os, _name, _counting(_name))


def bare(state_dir: Path, actions: tuple) -> tuple[list[float], list[int]]:  # type: ignore[type-arg]
    """The floor: one line written and synced per action, with no checks at all."""
    fd = os.open(state_dir / "bare.jsonl", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    times, syncs = [], []
    sync = os.fdatasync if hasattr(os, "fdatasync") else os.fsync
    for action in actions:
        _mark()
        before = _synced()
        t0 = time.perf_counter()
        os.write(fd, (action.to_line() + "\n").encode())
        sync(fd)
        times.append(time.perf_counter() - t0)
        syncs.append(_synced() - before)
    _mark()
    os.close(fd)
    return times, syncs


def store(state_dir: Path, actions: tuple) -> tuple[list[float], list[int]]:  # type: ignore[type-arg]
    """The companion's journal: `GameSession.apply` validates, appends and syncs each action."""
    from benchmarks.adapters import open_session

    session = open_session(state_dir, actions[0])
    times, syncs = [], []
    for action in actions[1:]:
        _mark()
        before = _synced()
        t0 = time.perf_counter()
        session.apply(action)
        times.append(time.perf_counter() - t0)
        syncs.append(_synced() - before)
    _mark()
    session.close()
    return times, syncs


def main() -> None:
    impl, state_dir, index = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    from benchmarks import games as G

    actions = G.game(index)
    times, syncs = (store if impl == "store" else bare)(state_dir, actions)
    print(f"MARK appends {len(times)}")
    print(f"MARK syncs_in_appends {sum(syncs)}")
    print(f"MARK min_syncs_per_append {min(syncs)}")
    print(f"MARK max_syncs_per_append {max(syncs)}")
    print(f"MARK syncs_total {_synced()}")
    print("TIMES " + " ".join(f"{t * 1e6:.1f}" for t in times))


if __name__ == "__main__":
    main()
