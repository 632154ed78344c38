"""Every record in examples/ replays to the end of the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import Buy, Place, Reveal, Setup, replay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RECORDS = sorted(EXAMPLES.glob("*.jsonl"))


def test_the_three_examples_the_issue_asks_for_are_there():
    names = {p.name for p in RECORDS}
    assert {"two-players-quick.jsonl", "four-players-tracked.jsonl",
            "five-players-third-fire.jsonl"} <= names


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_every_example_replays_to_over(catalogue, path):
    result = replay(path.read_bytes(), catalogue)
    assert result.error is None, str(result.error)
    assert result.state is not None and result.state.phase == "over"
    assert result.state.final is not None and result.state.final.winners
    setup = result.actions[0]
    assert isinstance(setup, Setup) and setup.names  # names at the table


def test_two_players_quick(catalogue):
    result = replay((EXAMPLES / "two-players-quick.jsonl").read_bytes(), catalogue)
    assert result.state is not None and result.state.player_count == 2
    assert not any(isinstance(a, Place) for a in result.actions)
    assert all(a.price is not None for a in result.actions if isinstance(a, Buy))
    assert result.state.round == 16


def test_four_players_tracked(catalogue):
    result = replay((EXAMPLES / "four-players-tracked.jsonl").read_bytes(), catalogue)
    assert result.state is not None and result.state.player_count == 4
    assert sum(isinstance(a, Place) for a in result.actions) == 10 * 3 * 4
    assert result.state.round == 10


def test_five_players_end_in_the_third_fire_special_case(catalogue):
    result = replay((EXAMPLES / "five-players-third-fire.jsonl").read_bytes(), catalogue)
    state = result.state
    assert state is not None and state.player_count == 5
    # D-fire is the last Autumn card revealed, alone, in the round after the last full round.
    reveals = [a.card for a in result.actions if isinstance(a, Reveal)]
    assert reveals[-1] == "D-fire"
    assert [f.card for f in state.fires][-2:] == ["D-fire", "E-fire"]
    assert state.fires[-2].round == state.fires[-1].round == 9
    assert state.round == 9 and state.last_round
