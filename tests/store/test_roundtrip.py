"""`export` then `replay` round-trips for generated whole games (and for games in progress)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from companion.engine import Catalogue, replay
from companion.engine.record import pin_printed
from companion.store import GameSession, History
from tests.store.storetools import generated, record_of

CLI = Callable[..., tuple[int, str, str]]

GAMES = [(31, 2, "quick", 0.0), (32, 3, "tracked", 0.05), (33, 4, "mixed", 0.1),
         (34, 5, "mixed", 0.05), (35, 3, "quick", 0.2)]


@pytest.mark.parametrize(("seed", "players", "form", "undo_rate"), GAMES)
def test_export_replays_to_the_same_state(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI, tmp_path: Path,
    seed: int, players: int, form: str, undo_rate: float,
) -> None:
    actions, final = generated(seed, players, form, undo_rate)
    record = tmp_path / "in.jsonl"
    record.write_text(record_of(actions))
    code, out, err = cli_run("feed", str(record))
    assert code == 0, err
    assert out.splitlines()[-1] == f"ok {len(actions) - 1}"

    code, exported, err = cli_run("export")
    assert code == 0, err
    result = replay(exported, catalogue)
    assert result.error is None
    assert result.state is not None and result.state.to_json() == final.to_json()
    # The setup line pins the printed values the game was played with (record format 2).
    assert result.actions[0] == pin_printed(actions[0], catalogue)  # type: ignore[arg-type]
    assert [a.to_json() for a in result.actions[1:]] == [a.to_json() for a in actions[1:]]

    # The same game from the history, to a file.
    (game,) = History(state_dir).games()
    out_file = tmp_path / "out.jsonl"
    code, _, err = cli_run("export", str(out_file), "--game", str(game.id))
    assert code == 0, err
    assert out_file.read_text() == exported


def test_export_of_a_game_in_progress_keeps_undo_redo(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI
) -> None:
    actions, _ = generated(36, 3, "mixed", 0.2)
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:80]:
            session.submit(action)
        expected = session.state
    code, exported, _ = cli_run("export")
    assert code == 0
    state = replay(exported, catalogue).state
    assert state is not None
    assert state.to_json() == expected.to_json() and state.redo == expected.redo


def test_export_without_a_game_says_how(cli_run: CLI) -> None:
    code, out, err = cli_run("export")
    assert code == 1 and "no game is saved" in err and "--game" in err
    code, out, err = cli_run("export", "--game", "4")
    assert code == 1 and "no finished game 4" in err


def test_export_carries_corrections_made_at_the_table(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI, tmp_path: Path
) -> None:
    """A fire's points corrected mid-game replay the same on a machine without the correction."""
    from companion.config.cards import load_catalogue, save_override
    from companion.engine import ConfirmValue, Reveal
    from companion.paths import SHIPPED_CONFIG_DIR

    actions, _ = generated(37, 2, "quick", 0.0)
    fire_at = next(i for i, a in enumerate(actions)
                   if isinstance(a, Reveal) and a.card == "B-fire")
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:fire_at]:
            session.submit(action)
    # The table confirms the fire's real points before it is resolved (as the app asks):
    # the owner's file for later games, a confirm_value line for this one.
    save_override(state_dir, "B-fire", "points", 7)
    corrected = load_catalogue(SHIPPED_CONFIG_DIR, state_dir)
    with GameSession.resume(state_dir, corrected) as session:  # type: ignore[union-attr]
        session.submit(ConfirmValue("B-fire", "points", 7))
        for action in actions[fire_at:fire_at + 10]:
            session.submit(action)
        expected = session.state
    assert expected.fires[0].points == 7
    code, exported, err = cli_run("export")
    assert code == 0, err
    # Elsewhere: the shipped catalogue only (B-fire's placeholder is not 7).
    assert catalogue["B-fire"].points != 7
    elsewhere = replay(exported, catalogue)
    assert elsewhere.error is None and elsewhere.state is not None
    assert elsewhere.state.to_json() == expected.to_json()
