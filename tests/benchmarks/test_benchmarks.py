"""Smoke tests: every benchmark runs on a tiny size and gives well-formed figures.

No timings are asserted here: the machine running the tests is noisy, and
speed is what `make bench` reports, not what a test decides.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import subprocess
import sys

import pytest

from benchmarks import MODULES, ROOT, Figure, Size, percentile
from benchmarks import games as G

TINY = Size.of("tiny")


def well_formed(figure: Figure) -> None:
    assert figure.benchmark and figure.name and isinstance(figure.unit, str)
    if figure.available:
        assert figure.runs, figure
        assert all(isinstance(v, float | int) and math.isfinite(v) and v >= 0
                   for v in figure.runs), figure
        if figure.baseline_runs is not None:
            assert figure.baseline_runs and figure.baseline_name
            assert figure.ratio is None or figure.ratio >= 0
        assert figure.passed in (None, True, False)
    else:
        assert figure.notes, "a figure not measured must say why"
        assert figure.passed is None
    json.dumps(figure.to_json())


@pytest.mark.parametrize("name", MODULES)
def test_each_benchmark_runs_tiny(name: str) -> None:
    module = importlib.import_module(f"benchmarks.{name}")
    figures = module.run(TINY)
    assert figures
    for figure in figures:
        assert figure.benchmark == name
        well_formed(figure)


def test_main_writes_results(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out, js = tmp_path / "RESULTS.md", tmp_path / "results.json"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--size", "tiny", "--only", "engine_replay",
         "--output", str(out), "--json", str(js)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert text.startswith("# Benchmark results")
    assert "## Summary" in text and "## Machine" in text and "## Details" in text
    assert "| engine replay, parsed actions (5 players) |" in text
    data = json.loads(js.read_text())
    assert data["machine"]["size"] == "tiny"
    assert {f["benchmark"] for f in data["figures"]} == {"engine_replay"}


def test_padded_record_replays_to_the_same_state() -> None:
    from companion.engine import replay_actions

    one = G.game(0)
    ten = G.padded(one, 10)
    assert 9 * len(one) <= len(ten) <= 10 * len(one)
    cat = G.catalogue()
    assert replay_actions(ten, cat).to_json() == replay_actions(one, cat).to_json()


def test_last_round_prefix_is_in_the_last_round() -> None:
    from companion.engine import replay_actions

    state = replay_actions(G.last_round_prefix(G.game(0)), G.catalogue())
    assert state.last_round and state.phase != "over"


def test_percentile() -> None:
    assert percentile([1, 2, 3, 4, 5], 50) == 3
    assert percentile([1, 2], 95) == pytest.approx(1.95)
    assert math.isnan(percentile([], 95))


def test_history_scale_runs_tiny() -> None:
    """benchmarks/history_scale.py (issue 20), registered in benchmarks/__main__.py."""
    from benchmarks import __main__ as main
    from benchmarks import history_scale

    assert "history_scale" in main.MODULES
    figures = history_scale.run(TINY)
    assert len(figures) == 17
    for figure in figures:
        assert figure.benchmark == "history_scale"
        well_formed(figure)


def test_the_first_frame_memory_is_the_childs_own_not_the_harness_peak() -> None:
    """A child started by subprocess (vfork) inherits its parent's peak RSS at exec, so
    wait4's ru_maxrss of bare pygame-ce read ~34 MiB in a full run, as much as the app: the
    start benchmark reads each child's own VmHWM at its first frame instead."""
    from benchmarks import startup

    held = bytearray(160 * 2**20)
    for page in range(0, len(held), 4096):
        held[page] = 1  # resident: the harness now peaks above 160 MiB
    _seconds, kib = startup.bare_first_frame()
    assert 8 * 1024 < kib < 120 * 1024, kib
    del held


def test_the_start_against_another_checkout(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """BENCH_START_AGAINST: this checkout against itself gives the two extra figures."""
    from benchmarks import startup

    monkeypatch.setenv(startup.AGAINST, str(ROOT))
    figures = {f.name: f for f in startup.run(TINY)}
    for name in ("start to first frame, against another commit",
                 "peak memory (RSS) at first frame, against another commit"):
        well_formed(figures[name])
        assert figures[name].baseline_runs and str(ROOT) in (figures[name].baseline_name or "")


def test_taps_counts_the_4th_fire_as_a_card_revealed_where_it_is_resolved() -> None:
    """The 4th fire is turned up at the table (a card revealed, benchmarks/taps.py) but
    has no action of its own: it counts once a game, with the action that resolves it."""
    from benchmarks.taps import events_of
    from companion.engine import Done, Reveal, apply, new_game
    from companion.engine.cards import FOURTH_FIRE
    from companion.engine.simulate import random_game

    catalogue = G.catalogue()
    for seed in range(3):
        actions, _final = random_game(catalogue, 3, seed=seed, form="quick")
        state = new_game(actions[0], catalogue)  # type: ignore[arg-type]
        extra = []
        for action in actions[1:]:
            after = apply(state, action)
            plain = 1 + len(action.goods) if isinstance(action, Reveal) and action.goods \
                else 1
            if events_of(action, state, after) != plain:
                extra.append(action)
            state = after
        assert len(extra) == 1 and isinstance(extra[0], Done | Reveal), extra
        assert [f.card for f in state.fires].count(FOURTH_FIRE) == 1
    assert events_of(Done()) == 1  # without the states around it: as before


def test_a_revision_is_checked_out_apart_and_its_children_import_it() -> None:
    """`--against REV`: the revision's tree, first on a child's PYTHONPATH, is what the
    child imports (not the venv's editable install of this tree), the check tells the two
    apart, and the temporary tree is gone afterwards, with nothing left in the repository
    (no worktree entry, as a killed run of `git worktree add` left)."""
    from benchmarks import revision

    code = "import companion; print('WHERE companion', companion.__file__)"
    before = subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    with revision.checkout("HEAD") as tree:
        assert subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout == before
        assert (tree / "companion" / "__init__.py").is_file()
        out = subprocess.run([sys.executable, "-c", code], env=revision.tree_env(tree),
                             cwd=tree, capture_output=True, text=True, check=True).stdout
        assert revision.check_tree(out, tree).startswith(str(tree))
        with pytest.raises(RuntimeError, match="not from"):
            revision.check_tree(out, ROOT)
    assert not tree.exists()
    listed = subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout
    assert str(tree) not in listed
    with pytest.raises(RuntimeError, match="not a revision"):
        revision.describe("no-such-revision-36")


def test_supply_frame_times_both_kinds_of_frame_in_its_child() -> None:
    """`benchmarks.supply_frame`'s child renders the sample Supply in the working tree:
    steady redraws and frames after a reveal or its Undo, one time each."""
    from benchmarks.supply_frame import measure

    times = measure(ROOT, 2)
    assert sorted(times) == ["changed", "steady"]
    assert all(len(samples) == 2 and all(t > 0 for t in samples) for samples in times.values())


def test_a_latency_childs_parts_are_kept_per_input_kind_and_summed_up() -> None:
    """The latency child times each part per input kind (`PART label [kind]: ...`); the
    breakdown (printed for both sides of `--against` too) gives each its median and p95."""
    from benchmarks import ChildRun
    from benchmarks.latency import _breakdown, _parse

    out = ("PART render (draw the scene) [select]: 1.0 2.0 3.0\n"
           "PART render (draw the scene) [intent]: 4.0\n"
           "LAT select 1.5 2.5\nMARK missed_select 0\n")
    one = _parse(ChildRun(0.0, out, "", 0, 0, 0.0, 0.0))
    assert one is not None
    assert one.parts == {"render (draw the scene) [select]": [1.0, 2.0, 3.0],
                         "render (draw the scene) [intent]": [4.0]}
    said = _breakdown(one.parts)
    assert "render (draw the scene) [select] median 2.00 ms" in said
    assert "render (draw the scene) [intent] median 4.00 ms, p95 4.00 ms" in said


def test_undo_frame_times_undo_redo_and_selects_in_its_child() -> None:
    """`benchmarks.undo_frame`'s child plays the latency game in the working tree over a
    real state directory: each select, Undo and Redo timed whole, their frames, and the
    frame around the phase (a part of the frame)."""
    from benchmarks.undo_frame import measure

    times = measure(ROOT, 2, 2)
    assert sorted(times) == ["redo", "redo around", "redo frame", "select", "undo",
                             "undo around", "undo frame", "undo or redo"]
    assert times["undo or redo"] == times["undo"] + times["redo"]
    assert all(len(samples) == 2 and all(t > 0 for t in samples)
               for kind, samples in times.items() if kind != "undo or redo")
    for kind in ("undo", "redo"):
        for whole, frame, around in zip(times[kind], times[f"{kind} frame"],
                                        times[f"{kind} around"], strict=True):
            assert around < frame < whole
