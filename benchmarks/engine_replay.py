"""Engine replay of generated whole 5-player games, and how its cost grows.

Figures:
- actions/s replaying parsed actions through `apply` (issue 2: >= 50,000);
- actions/s replaying record text (JSON Lines: parse + apply), what `replay`
  and a resume from the journal do;
- time per action for a record of one game and one of ten games' worth
  (the same game with undo/redo pairs): linear growth keeps it constant.

Timing uses the CPU time of this process (`time.process_time`), which a
noisy neighbour on the shared machine does not inflate; wall-clock medians
are given in the notes.
"""

from __future__ import annotations

import gc
import time

from benchmarks import Figure, Size, ratio_at_most, value_at_least
from benchmarks import games as G
from companion.engine import replay, replay_actions, to_record

NAME = "engine_replay"
TARGET_ACTIONS_PER_S = 50_000


def _timed(fn: object, *args: object) -> tuple[float, float]:
    """(cpu seconds, wall seconds) of one call, with the collector run beforehand."""
    gc.collect()
    c0, w0 = time.process_time(), time.perf_counter()
    fn(*args)  # type: ignore[operator]
    return time.process_time() - c0, time.perf_counter() - w0


def run(size: Size) -> list[Figure]:
    cat = G.catalogue()
    games = G.games(size.games)
    n_actions = sum(len(g) for g in games)
    records = [to_record(g) for g in games]

    def replay_all() -> None:
        for g in games:
            state = replay_actions(g, cat)
            assert state.phase == "over"

    def replay_text() -> None:
        for r in records:
            result = replay(r, cat)
            assert result.error is None

    replay_all()  # warm up: imports, caches, the specialising interpreter
    parsed_cpu, parsed_wall, text_cpu, text_wall = [], [], [], []
    for _ in range(size.repeats):
        cpu, wall = _timed(replay_all)
        parsed_cpu.append(n_actions / cpu if cpu else float("inf"))
        parsed_wall.append(n_actions / wall)
        cpu, wall = _timed(replay_text)
        text_cpu.append(n_actions / cpu if cpu else float("inf"))
        text_wall.append(n_actions / wall)

    def med(xs: list[float]) -> float:
        return sorted(xs)[len(xs) // 2]

    figures = [
        Figure(
            NAME, "engine replay, parsed actions (5 players)", "actions/s", parsed_cpu,
            target=f">= {TARGET_ACTIONS_PER_S:,}", check=value_at_least(TARGET_ACTIONS_PER_S),
            notes=f"{len(games)} games, {n_actions} actions per run; CPU time; "
            f"wall-clock median {med(parsed_wall):,.0f} actions/s; best run "
            f"{max(parsed_cpu):,.0f} actions/s (the spread between runs is the shared machine)",
        ),
        Figure(
            NAME, "engine replay, record text (parse + apply)", "actions/s", text_cpu,
            notes=f"what `replay` and a resume from the journal do: each line decoded "
            f"(json.loads), checked and built into an action, then applied; the target above "
            f"is for the engine's replay, this is for comparison; "
            f"wall-clock median {med(text_wall):,.0f} actions/s",
        ),
    ]
    figures.extend(_growth(size))
    return figures


def _growth(size: Size) -> list[Figure]:
    """Replay time per action for one game and for ten games' worth of record."""
    cat = G.catalogue()
    one = G.game(0)
    ten = G.padded(one, 10)
    one_text, ten_text = to_record(one), to_record(ten)
    replay(one_text, cat)
    per_action: dict[str, list[float]] = {"one": [], "ten": []}
    totals: dict[str, list[float]] = {"one": [], "ten": []}
    repeats = max(3, size.repeats)
    for _ in range(repeats):
        for key, text, count in (("one", one_text, len(one)), ("ten", ten_text, len(ten))):
            # Short records: repeat inside one timing so the clock's resolution does not matter.
            inner = max(1, 2000 // count)
            gc.collect()
            c0 = time.process_time()
            for _ in range(inner):
                replay(text, cat)
            cpu = (time.process_time() - c0) / inner
            totals[key].append(cpu * 1000)
            per_action[key].append(cpu / count * 1e6)
    return [
        Figure(
            NAME, f"replay time, one game ({len(one)} actions)", "ms", totals["one"],
            notes=f"record text; median {sorted(per_action['one'])[repeats // 2]:.1f} us/action",
        ),
        Figure(
            NAME, f"replay time, ten games' worth ({len(ten)} actions)", "ms", totals["ten"],
            baseline_name="one game x 10 (linear growth)",
            baseline_runs=[t * len(ten) / len(one) for t in totals["one"]],
            target="ratio <= 1.2 (linear)",
            check=ratio_at_most(1.2),
            notes=f"the same game with undo/redo pairs; median "
            f"{sorted(per_action['ten'])[repeats // 2]:.1f} us/action",
        ),
    ]
