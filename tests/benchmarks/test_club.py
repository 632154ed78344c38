"""benchmarks/club.py runs on a tiny size and gives well-formed figures (no timing is
asserted: speed is what `make bench` reports)."""

from __future__ import annotations

from benchmarks import Size, club
from tests.benchmarks.test_benchmarks import well_formed


def test_the_club_benchmark_runs_tiny() -> None:
    figures = club.run(Size.of("tiny"))
    assert len(figures) >= 6 and all(f.available for f in figures), figures
    for figure in figures:
        assert figure.benchmark == "club"
        well_formed(figure)
