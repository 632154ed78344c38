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


PARSED = "engine replay, parsed actions (5 players)"
TEXT = "engine replay, record text (parse + apply)"


def throughput(size: Size, repeats: int) -> dict[str, list[float]]:
    """Runs of replaying the generated games: actions/s by CPU time and by the wall clock."""
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
    out: dict[str, list[float]] = {"parsed": [], "parsed_wall": [], "text": [], "text_wall": []}
    for _ in range(repeats):
        for key, fn in (("parsed", replay_all), ("text", replay_text)):
            cpu, wall = _timed(fn)
            out[key].append(n_actions / cpu if cpu else float("inf"))
            out[key + "_wall"].append(n_actions / wall)
    return out


def run(size: Size) -> list[Figure]:
    runs = throughput(size, size.repeats)
    figures = [
        Figure(NAME, PARSED, "actions/s", runs["parsed"], target=f">= {TARGET_ACTIONS_PER_S:,}",
               check=value_at_least(TARGET_ACTIONS_PER_S)),
        Figure(NAME, TEXT, "actions/s", runs["text"]),
    ]
    _notes(figures, size, runs)
    figures.extend(_growth(size))
    return figures


def add_runs(figures: list[Figure], size: Size) -> None:
    """More throughput runs, later in the suite, added to the figures `run` gave.

    The shared machine has episodes of seconds in which everything runs at
    half speed; runs taken at the start, middle and end of the suite keep one
    episode from deciding the median.
    """
    mine = {f.name: f for f in figures if f.benchmark == NAME}
    if PARSED not in mine or TEXT not in mine:
        return
    runs = throughput(size, max(1, size.repeats // 2))
    mine[PARSED].runs.extend(runs["parsed"])
    mine[TEXT].runs.extend(runs["text"])
    previous = getattr(mine[PARSED], "_wall", {"parsed_wall": [], "text_wall": []})
    for key in ("parsed_wall", "text_wall"):
        runs[key] = previous[key] + runs[key]
    _notes([mine[PARSED], mine[TEXT]], size, runs)


def _notes(figures: list[Figure], size: Size, runs: dict[str, list[float]]) -> None:
    parsed, text = figures

    def med(xs: list[float]) -> float:
        return sorted(xs)[len(xs) // 2]

    n_actions = sum(len(g) for g in G.games(size.games))
    parsed._wall = {k: runs[k] for k in ("parsed_wall", "text_wall")}  # type: ignore[attr-defined]
    parsed.notes = (
        f"{size.games} games, {n_actions} actions per run; CPU time; runs taken at the start, "
        f"middle and end of the suite; wall-clock median {med(runs['parsed_wall']):,.0f} "
        f"actions/s; best run {max(parsed.runs):,.0f} actions/s (the spread between runs is "
        "the shared machine)"
    )
    text.notes = (
        "what `replay` and a resume from the journal do: each line decoded, checked and built "
        "into an action, then applied; the target above is for the engine's replay, this is "
        f"for comparison; wall-clock median {med(runs['text_wall']):,.0f} actions/s"
    )


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
