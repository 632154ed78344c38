"""Printed values are pinned in the record (issue 12, items 3 and 18).

A correction applies from the moment it is made; what was shown never changes;
resume, `status`, `export` and `replay` give the acknowledged state; a catalogue
update does not touch a game in progress; `feed` names the placeholders and
accepts an export of the game it continues. docs/record-format.md ("Versioning").
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.config.cards import load_catalogue, save_override
from companion.engine import Catalogue, ConfirmValue, Move, Reveal, RuleError, Undo, replay
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store import GameSession
from companion.store.journal import JOURNAL_NAME
from tests.store.storetools import generated, record_of

CLI = Callable[..., tuple[int, str, str]]


def _index(actions: tuple, test: Callable[[object], bool]) -> int:  # type: ignore[type-arg]
    return next(i for i, a in enumerate(actions) if test(a))


def test_confirming_a_fire_after_it_was_resolved_changes_nothing_shown(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI, tmp_path: Path
) -> None:
    actions, _ = generated(37, 2, "quick", 0.0)
    fire = _index(actions, lambda a: isinstance(a, Reveal) and a.card == "B-fire")
    assert catalogue["B-fire"].points != 7 and "points" in catalogue["B-fire"].unverified
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1: fire + 3]:
            session.submit(action)
        shown = session.state.to_json()
        assert shown["fires"][0]["points"] == catalogue["B-fire"].points
        # The table reads the real card now: 7 points. The app saves it both ways.
        session.submit(ConfirmValue("B-fire", "points", 7))
        save_override(state_dir, "B-fire", "points", 7)
        assert session.state.to_json() == shown
        assert session.state.catalogue["B-fire"].points == 7
        assert "points" not in session.state.catalogue["B-fire"].unverified
        # Undo goes back past the fire: the corrected value stays corrected.
        session.submit(Undo())
        assert session.state.catalogue["B-fire"].points == 7
        session.submit(actions[fire + 2])  # redo by hand
        acknowledged = session.state.to_json()
    assert acknowledged == shown
    corrected = load_catalogue(SHIPPED_CONFIG_DIR, state_dir)
    with GameSession.resume(state_dir, corrected) as session:  # type: ignore[union-attr]
        assert session.state.to_json() == acknowledged
    code, out, err = cli_run("status", "--json")
    assert code == 0 and json.loads(out) == acknowledged
    code, exported, err = cli_run("export")
    assert code == 0, err
    for elsewhere in (catalogue, corrected):  # any machine, any owner's corrections
        result = replay(exported, elsewhere)
        assert result.error is None and result.state is not None
        assert result.state.to_json() == acknowledged
    record = tmp_path / "game.jsonl"
    record.write_text(exported)
    code, out, err = cli_run("replay", str(record), "--json")
    assert code == 0 and json.loads(out) == acknowledged
    # The fire's result used the placeholder then: replay says so rather than hide it.
    placeholder = catalogue["B-fire"].points
    assert f"B-fire was resolved with {placeholder} points before the table corrected it to 7" \
        in err


def _contract_game() -> tuple[tuple, int, str]:  # type: ignore[type-arg]
    """A generated game, the index of its first move onto a contract, and that contract."""
    for seed in range(60, 90):
        actions, _ = generated(seed, 2, "quick", 0.0)
        for i, a in enumerate(actions):
            if isinstance(a, Move) and a.to.split("-")[1:2] == ["contract"]:
                return actions, i, a.to
    raise AssertionError("no generated game fills a contract")


def test_correcting_a_contract_mid_game_leaves_the_journal_loadable(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI
) -> None:
    actions, move, contract = _contract_game()
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1: move + 1]:
            session.submit(action)
        shown = session.state.to_json()
    placed = actions[move].good  # type: ignore[attr-defined]
    other = [g for g in ("coffee", "tea", "saffron", "rubber", "carpet") if g != placed]
    new_goods = other[:3]  # the card really shows other goods than the one already placed
    # As the old app did: only the owner's file changes. The pinned game does not move.
    save_override(state_dir, contract, "goods", new_goods)
    corrected = load_catalogue(SHIPPED_CONFIG_DIR, state_dir)
    with GameSession.resume(state_dir, corrected) as session:  # type: ignore[union-attr]
        assert session.state.to_json() == shown
        # As the app does now: a confirm_value line, from this moment on.
        session.submit(ConfirmValue(contract, "goods", tuple(new_goods)))
        assert session.state.to_json() == shown  # the cube already placed stays
        with pytest.raises(RuleError):  # the old goods no longer fit
            session.submit(Move(actions[move].player, placed, "dock", contract))  # type: ignore[attr-defined]
    code, out, err = cli_run("status", "--json")
    assert code == 0, err
    assert json.loads(out) == shown
    with GameSession.resume(state_dir, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.catalogue[contract].goods == tuple(new_goods)


def test_an_update_of_the_shipped_placeholders_does_not_change_a_game_in_progress(
    state_dir: Path, catalogue: Catalogue
) -> None:
    actions, final = generated(37, 2, "quick", 0.0)
    fire = _index(actions, lambda a: isinstance(a, Reveal) and a.card == "B-fire")
    with GameSession.start(state_dir, catalogue, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:fire]:
            session.submit(action)
    # A new release ships other placeholder values (still unverified).
    updated = catalogue.with_overrides({
        "B-fire": {"points": catalogue["B-fire"].points + 3, "verified": False},
        "C-fire": {"points": 9, "verified": False},
        "A-contract-1": {"goods": ["carpet", "carpet", "carpet", "carpet"], "verified": False},
        "A-fireman-1": {"value": 5, "verified": False},
    })
    with GameSession.resume(state_dir, updated) as session:  # type: ignore[union-attr]
        for action in actions[fire:]:
            session.submit(action)
        assert session.state.to_json() == final.to_json()
        assert session.state.fires[0].points == catalogue["B-fire"].points
        assert "points" in session.state.catalogue["B-fire"].unverified  # still a placeholder


def test_a_game_started_before_the_update_goes_on_as_format_1(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI
) -> None:
    actions, _ = generated(37, 2, "quick", 0.0)
    state_dir.mkdir()
    v1 = state_dir / "current-game.v1.jsonl"
    v1.write_text(record_of(actions[:20]))
    with GameSession.resume(state_dir, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.actions == 19
        session.submit(actions[20])
    assert not (state_dir / JOURNAL_NAME).exists()
    last = json.loads(v1.read_text().splitlines()[-1])
    assert "crc" not in last and last["type"] == actions[20].type
    code, out, err = cli_run("status")
    assert code == 0 and "20 actions" in out


def test_feed_names_the_placeholders_that_entered_the_game(
    cli_run: CLI, tmp_path: Path
) -> None:
    actions, _ = generated(37, 2, "quick", 0.0)
    fire = _index(actions, lambda a: isinstance(a, Reveal) and a.card == "B-fire")
    record = tmp_path / "r.jsonl"
    record.write_text(record_of(actions[: fire + 1]))
    code, out, err = cli_run("feed", str(record))
    assert code == 0 and "unconfirmed placeholders" in err and "B-fire points" in err
    code, out, err = cli_run("replay", str(record))
    assert "B-fire points" in err  # the same words as replay


@pytest.mark.parametrize("journal_format", [2, 1])
def test_an_export_of_the_game_in_progress_is_accepted_by_feed(
    state_dir: Path, catalogue: Catalogue, cli_run: CLI, tmp_path: Path, journal_format: int
) -> None:
    actions, _ = generated(37, 2, "quick", 0.0)
    state_dir.mkdir()
    # The owner corrected a value: export carries it (format 1) or the journal pins it (2).
    save_override(state_dir, "C-fire", "points", 6)
    owner = load_catalogue(SHIPPED_CONFIG_DIR, state_dir)
    if journal_format == 1:
        (state_dir / "current-game.v1.jsonl").write_text(record_of(actions[:30]))
    else:
        with GameSession.start(state_dir, owner, actions[0]) as session:  # type: ignore[arg-type]
            for action in actions[1:30]:
                session.submit(action)
    exported = tmp_path / "game.jsonl"
    code, _, err = cli_run("export", str(exported))
    assert code == 0, err
    code, out, err = cli_run("feed", str(exported))
    assert code == 0, err
    assert out.split("\n")[:-1] == [f"ok {n}" for n in range(30)]
    # More actions after the export continue the same game.
    exported.write_text(exported.read_text() + record_of(actions[30:35]))
    code, out, err = cli_run("feed", str(exported))
    assert code == 0 and out.split("\n")[-2] == "ok 34", err
