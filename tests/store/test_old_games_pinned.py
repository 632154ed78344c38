"""Games of an older version (record format 1) are pinned the first time this version opens
them (issue 18, item 5; docs/record-format.md, "Versioning"): a later correction of
`cards.yaml` changes neither a format 1 journal nor an archived format 1 game, and
History's row and the reopened game agree."""

from __future__ import annotations

import json
from pathlib import Path

from companion import app
from companion.config.cards import load_catalogue, save_override
from companion.engine import Catalogue, Reveal, replay
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store import GameSession
from companion.store.history import History
from companion.store.journal import game_key
from companion.store.pins import PINS_FILE, pinned_catalogue
from tests.store.storetools import generated, record_of


def _fire_game(through: int = 3) -> tuple[tuple, int]:  # type: ignore[type-arg]
    actions, _ = generated(37, 2, "quick", 0.0)
    fire = next(i for i, a in enumerate(actions) if isinstance(a, Reveal) and a.card == "B-fire")
    return actions, fire + through


def test_a_format_1_journal_keeps_the_values_of_its_first_opening(
        state_dir: Path, catalogue: Catalogue) -> None:
    actions, upto = _fire_game()
    state_dir.mkdir()
    (state_dir / "current-game.v1.jsonl").write_text(record_of(actions[:upto]))
    placeholder = catalogue["B-fire"].points
    with GameSession.resume(state_dir, catalogue) as session:  # type: ignore[union-attr]
        first = session.state.to_json()
        assert session.state.fires[0].points == placeholder
    pins = json.loads((state_dir / PINS_FILE).read_text())
    key = game_key(record_of(actions[:1]).strip())
    assert pins[key]["B-fire"] == {"points": placeholder, "verified": False}
    # The table corrects the fire in Enroll; the old game is not replayed with it.
    save_override(state_dir, "B-fire", "points", placeholder + 5)
    corrected = load_catalogue(SHIPPED_CONFIG_DIR, state_dir)
    with GameSession.resume(state_dir, corrected) as session:  # type: ignore[union-attr]
        assert session.state.to_json() == first
        assert "points" in session.state.catalogue["B-fire"].unverified  # still a guess
        session.submit(actions[upto])  # and it goes on, as format 1
    assert "crc" not in (state_dir / "current-game.v1.jsonl").read_text().splitlines()[-1]


def test_an_archived_format_1_game_is_pinned_and_its_row_and_reopening_agree(
        tmp_path: Path, catalogue: Catalogue) -> None:
    from companion.ui.i18n import set_language

    state_dir = tmp_path / "state"
    state_dir.mkdir()
    actions, final = generated(37, 2, "quick", 0.0)
    record = record_of(actions)  # format 1: no "format" in its setup line
    assert "format" not in json.loads(record.splitlines()[0])
    # The older version archived it with the values it had then: the B-fire counted 9.
    then = catalogue.with_overrides({"B-fire": {"points": 9}})
    old = replay(record, then).state
    assert old is not None and old.final is not None
    with History(state_dir) as history:
        history.archive(game_key(record.splitlines()[0]), old, record)
    # This version opens the history: the values now in force are pinned, the row follows.
    loader = lambda: load_catalogue(SHIPPED_CONFIG_DIR, state_dir)  # noqa: E731
    rows = app.open_history(state_dir, loader).games()
    now = replay(record, catalogue).state
    assert now is not None and now.final is not None
    assert {p.player_id: p.total for p in rows[0].players} == {
        pid: now.final.scores[pid]["total"] for pid in now.players}
    # A correction afterwards changes neither the row nor the game reopened.
    save_override(state_dir, "B-fire", "points", 11)
    rows = app.open_history(state_dir, loader).games()
    row = {p.player_id: p.total for p in rows[0].players}
    reopened = replay(record, pinned_catalogue(state_dir, record, loader())).state
    assert reopened is not None and reopened.final is not None
    assert row == {pid: reopened.final.scores[pid]["total"] for pid in reopened.players}
    assert row == {pid: now.final.scores[pid]["total"] for pid in now.players}
    # The past-game screen shows the same totals as the row.
    import pygame

    from companion.ui.core import UI
    from companion.ui.shots import demo_services

    pygame.display.init()
    pygame.font.init()
    services = demo_services(state_dir)
    services.load_catalogue = loader
    ui = UI(services, (800, 480))
    set_language("en")
    ui.open("past-game", record=record)
    assert ui.top.state.final.scores == reopened.final.scores  # type: ignore[attr-defined]


def test_a_damaged_pins_file_is_set_aside_and_the_game_still_opens(
        state_dir: Path, catalogue: Catalogue) -> None:
    actions, upto = _fire_game()
    state_dir.mkdir()
    (state_dir / "current-game.v1.jsonl").write_text(record_of(actions[:upto]))
    (state_dir / PINS_FILE).write_text("{not json")
    with GameSession.resume(state_dir, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.actions == upto - 1
    assert json.loads((state_dir / PINS_FILE).read_text())
    assert list(state_dir.glob(f"{PINS_FILE}.damaged-*"))


def test_the_history_command_shows_an_archived_format_1_game_as_the_app_does(
        tmp_path: Path, catalogue: Catalogue, capsys) -> None:  # type: ignore[no-untyped-def]
    """`history` pins an older version's game as the app's History does: its totals are the
    ones the app shows, and a later correction changes neither."""
    from companion import cli

    state_dir = tmp_path / "state"
    state_dir.mkdir()
    actions, _final = generated(37, 2, "quick", 0.0)
    record = record_of(actions)
    old = replay(record, catalogue.with_overrides({"B-fire": {"points": 9}})).state
    assert old is not None and old.final is not None
    with History(state_dir) as history:
        history.archive(game_key(record.splitlines()[0]), old, record)
    now = replay(record, catalogue).state
    assert now is not None and now.final is not None
    expected = {pid: now.final.scores[pid]["total"] for pid in now.players}
    assert expected != {pid: old.final.scores[pid]["total"] for pid in old.players}

    def shown() -> dict[str, int]:
        assert cli.main(["history", "--json", "--state-dir", str(state_dir)]) == 0
        games = json.loads(capsys.readouterr().out)["games"]
        return {p["id"]: p["total"] for p in games[0]["players"]}

    assert shown() == expected
    save_override(state_dir, "B-fire", "points", 11)
    assert shown() == expected
    loader = lambda: load_catalogue(SHIPPED_CONFIG_DIR, state_dir)  # noqa: E731
    rows = app.open_history(state_dir, loader).games()
    assert {p.player_id: p.total for p in rows[0].players} == expected
