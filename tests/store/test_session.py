"""GameSession: journaling, exact resume, undo/redo across a restart, and finished games."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion import fsio
from companion.engine import Adjust, Catalogue, Done, Redo, RuleError, Setup, Undo, replay
from companion.store import GameInProgress, GameSession, History, StorageError
from companion.store.journal import JOURNAL_NAME
from tests.store.storetools import generated


def _play(state_dir: Path, catalogue: Catalogue, seed: int, upto: int | None = None,
          **kw: object) -> GameSession:
    actions, _ = generated(seed, **kw)  # type: ignore[arg-type]
    session = GameSession.start(state_dir, catalogue, actions[0])  # type: ignore[arg-type]
    for action in actions[1:upto]:
        session.submit(action)
    return session


def test_resume_gives_the_same_state_phase_and_undo_redo_history(
    state_dir: Path, catalogue: Catalogue
) -> None:
    session = _play(state_dir, catalogue, 7, upto=60)
    session.submit(Undo())
    session.submit(Undo())
    session.submit(Redo())
    before = session.state
    session.close()

    resumed = GameSession.resume(state_dir, catalogue)
    assert resumed is not None
    with resumed:
        assert resumed.warnings == []
        assert resumed.state.to_json() == before.to_json()
        assert resumed.state.phase == before.phase
        assert resumed.state.actions == before.actions
        assert resumed.state.redo == before.redo
        # Undo and redo after the restart do what they would have done before it.
        after_resume = [resumed.submit(Undo()).to_json(), resumed.submit(Undo()).to_json(),
                        resumed.submit(Redo()).to_json(), resumed.submit(Redo()).to_json()]
    expected = []
    state = before
    from companion.engine import apply

    for action in (Undo(), Undo(), Redo(), Redo()):
        state = apply(state, action)
        expected.append(state.to_json())
    assert after_resume == expected


def test_every_line_has_a_time_and_the_journal_is_a_record(
    state_dir: Path, catalogue: Catalogue
) -> None:
    with _play(state_dir, catalogue, 8, upto=30) as session:
        text = (state_dir / JOURNAL_NAME).read_text()
        assert text == session.record_text()
        assert all('"t": "20' in line for line in text.splitlines())
        assert replay(text, catalogue).state.to_json() == session.state.to_json()  # type: ignore


def test_a_refused_action_writes_nothing(state_dir: Path, catalogue: Catalogue) -> None:
    with _play(state_dir, catalogue, 9, upto=5) as session:
        size = (state_dir / JOURNAL_NAME).stat().st_size
        before = session.state
        with pytest.raises(RuleError):
            session.submit(Setup(players=("red", "blue"), first="red"))
        with pytest.raises(RuleError):
            session.submit(Redo())
        assert (state_dir / JOURNAL_NAME).stat().st_size == size
        assert session.state is before


def test_one_fsync_per_action(
    state_dir: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions, _ = generated(10)
    calls: list[str] = []
    real_fdatasync, real_fsync = os.fdatasync, os.fsync
    monkeypatch.setattr(os, "fdatasync", lambda fd: (calls.append("fdatasync"), real_fdatasync(fd)))
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd)))
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        calls.clear()
        for action in actions[1:50]:
            session.submit(action)
    assert calls == ["fdatasync"] * 49


def test_start_refuses_while_a_game_is_unfinished_and_abandon_keeps_it(
    state_dir: Path, catalogue: Catalogue
) -> None:
    _play(state_dir, catalogue, 11, upto=20).close()
    old = (state_dir / JOURNAL_NAME).read_bytes()
    setup = Setup(players=("red", "blue"), first="blue")
    with pytest.raises(GameInProgress, match="unfinished game"):
        GameSession.start(state_dir, catalogue, setup)
    assert (state_dir / JOURNAL_NAME).read_bytes() == old
    with GameSession.start(state_dir, catalogue, setup, abandon_current=True) as session:
        assert session.state.players == ("red", "blue")
    (kept,) = (state_dir / "abandoned").iterdir()
    assert kept.read_bytes() == old


def test_only_one_session_writes_at_a_time(state_dir: Path, catalogue: Catalogue) -> None:
    with _play(state_dir, catalogue, 12, upto=3):
        with pytest.raises(StorageError, match="another companion process"):
            GameSession.resume(state_dir, catalogue)
    GameSession.resume(state_dir, catalogue).close()  # type: ignore[union-attr]


def test_a_finished_game_goes_to_history_and_is_no_longer_resumed(
    state_dir: Path, catalogue: Catalogue
) -> None:
    actions, final = generated(13)
    session = _play(state_dir, catalogue, 13)
    assert session.finished and session.history_id == 1
    record = session.record_text()
    # After the end, an adjustment and an undo still work and the history follows them.
    player = final.players[0]
    session.submit(Adjust(player=player, reason="forgot a fire", points=2))
    (game,) = History(state_dir).games()
    game = History(state_dir).game(game.id)
    assert game.record == session.record_text() != record
    session.submit(Undo())  # the adjustment
    session.submit(Undo())  # the last action of the game: no longer finished
    assert not session.finished
    assert History(state_dir).games() == []
    session.submit(Redo())
    assert session.finished and len(History(state_dir).games()) == 1
    session.close()

    assert GameSession.resume(state_dir, catalogue) is None
    again = GameSession.resume(state_dir, catalogue, include_finished=True)
    assert again is not None and again.state.to_json() == session.state.to_json()
    again.close()
    # The next game clears the finished journal; the history keeps the game.
    GameSession.start(state_dir, catalogue, Setup(players=("a", "b"), first="a")).close()
    assert len(History(state_dir).games()) == 1


def test_history_catches_up_after_a_crash_between_journal_and_history(
    state_dir: Path, catalogue: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The journal write of the final action succeeds; the process dies before the history.
    monkeypatch.setattr(GameSession, "_reconcile_history", lambda self: None)
    _play(state_dir, catalogue, 14).close()
    assert History(state_dir).games() == []
    monkeypatch.undo()
    assert GameSession.resume(state_dir, catalogue) is None
    (game,) = History(state_dir).games()
    game = History(state_dir).game(game.id)
    assert game.record == (state_dir / JOURNAL_NAME).read_text()


def test_resume_of_an_empty_state_dir_is_none(tmp_path: Path, catalogue: Catalogue) -> None:
    assert GameSession.resume(tmp_path / "nowhere", catalogue) is None
    assert not (tmp_path / "nowhere").exists()


def test_atomic_write_leaves_no_temp_file(tmp_path: Path) -> None:
    fsio.atomic_write(tmp_path / "x", b"data")
    assert [p.name for p in tmp_path.iterdir()] == ["x"]


def test_done_is_refused_outside_loading_without_writing(
    state_dir: Path, catalogue: Catalogue
) -> None:
    with _play(state_dir, catalogue, 15, upto=1) as session:
        with pytest.raises(RuleError):
            session.submit(Done())
        assert session.record_text().count("\n") == 1


def test_a_closed_session_refuses_actions(state_dir: Path, catalogue: Catalogue) -> None:
    actions, _ = generated(16)
    session = _play(state_dir, catalogue, 16, upto=3)
    session.close()
    with pytest.raises(StorageError, match="closed"):
        session.submit(actions[3])
    assert session.record_text().count("\n") == 3


def test_resume_mid_round_gives_the_same_screen_state(
    state_dir: Path, catalogue: Catalogue
) -> None:
    """Beyond the JSON: slots, workers, form, offers and unseen cards, at every phase."""
    actions, _ = generated(17, 4, "tracked", 0.1)
    seen_phases = set()
    session = GameSession.start(state_dir, catalogue, actions[0])  # type: ignore[arg-type]
    for index, action in enumerate(actions[1:200], start=1):
        session.submit(action)
        if index % 3:
            continue
        session.close()
        resumed = GameSession.resume(state_dir, catalogue)
        assert resumed is not None
        before, after = session.state, resumed.state
        for name in ("phase", "round", "slots", "form", "placed", "settling", "unseen",
                     "redo", "actions", "income", "first_player", "player_states"):
            assert getattr(after, name) == getattr(before, name), name
        seen_phases.add(after.phase)
        session = resumed
    session.close()
    assert {"supply", "demand", "purchase", "loading"} <= seen_phases


def test_prepare_applies_without_writing_and_commit_records_that_same_step(
    state_dir: Path, catalogue: Catalogue
) -> None:
    """Apply once (issue 36): `prepare` is the engine's step with nothing written and the
    state unchanged; `commit` writes that step's line and makes its state the current one
    (the very object: not applied again); `submit` is both."""
    actions, _ = generated(11)
    with _play(state_dir, catalogue, 11, upto=12) as session:
        path = state_dir / JOURNAL_NAME
        size, state = path.stat().st_size, session.state
        prepared = session.prepare(actions[12])
        assert prepared.before is state and prepared.action is actions[12]
        assert session.state is state and path.stat().st_size == size
        assert session.commit(prepared) is prepared.after is session.state
        assert path.stat().st_size > size
        last = json.loads(session.record_text().splitlines()[-1])
        assert last["type"] == actions[12].type


def test_a_step_prepared_before_another_action_was_recorded_is_checked_again(
    state_dir: Path, catalogue: Catalogue
) -> None:
    """A prepared step is recorded against the state it was checked on, never a stale one:
    after another action was recorded in between, it is applied to the current state again
    (and refused with nothing written where the rules refuse it there)."""
    with _play(state_dir, catalogue, 12, upto=20) as session:
        stale = session.prepare(Undo())
        session.submit(Undo())
        again = session.commit(stale)  # a second Undo, from where the game now is
        assert again is session.state and again is not stale.after
        assert [json.loads(line)["type"] for line in session.record_text().splitlines()[-2:]] \
            == ["undo", "undo"]
        redo = session.prepare(Redo())
        # A new action: the redo list is gone.
        session.submit(Adjust(session.state.players[0], "a miscount", coins=1))
        lines = session.lines
        with pytest.raises(RuleError):
            session.commit(redo)
        assert session.lines == lines


def test_a_closed_session_prepares_nothing(state_dir: Path, catalogue: Catalogue) -> None:
    session = _play(state_dir, catalogue, 13, upto=5)
    session.close()
    with pytest.raises(StorageError):
        session.prepare(Undo())
