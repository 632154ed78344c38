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
from companion.store.pins import PINS_FILE, load, pinned_catalogue
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
    pins = load(state_dir)
    key = game_key(record_of(actions[:1]).strip())
    assert pins.get(key)["B-fire"] == {"points": placeholder, "verified": False}  # type: ignore[index]
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
    from companion.texts.i18n import set_language

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


def test_the_history_is_pinned_in_one_pass(
        tmp_path: Path, catalogue: Catalogue, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 35, item 6: after an upgrade every format 1 game of the history is pinned in
    one pass (59 s for 1,000 games when each was pinned on its own): the records read by
    one query, the changed rows stored in one transaction, the pins file written once,
    and a second pass reads no record again."""
    from companion.store import pins

    state_dir = tmp_path / "state"
    state_dir.mkdir()
    then = catalogue.with_overrides({"B-fire": {"points": 9}})
    records = []
    with History(state_dir) as history:
        for seed, players in ((37, 2), (38, 3), (39, 4), (40, 5)):
            actions, _final = generated(seed, players, "quick", 0.0)
            record = record_of(actions)
            old = replay(record, then).state
            assert old is not None and old.final is not None
            history.archive(game_key(record.splitlines()[0]), old, record)
            records.append(record)
    statements: list[str] = []
    original_open = History._open

    def traced(self):  # type: ignore[no-untyped-def]
        conn = original_open(self)
        conn.set_trace_callback(statements.append)
        return conn

    monkeypatch.setattr(History, "_open", traced)
    writes: list[str] = []
    original_write = pins.atomic_write
    monkeypatch.setattr(pins, "atomic_write",
                        lambda path, data, *a: (writes.append(Path(path).name),
                                                original_write(path, data, *a))[1])
    seen: list[tuple[int, int]] = []
    changed = pins.pin_history(state_dir, catalogue, lambda done, total: seen.append(
        (done, total)))
    assert writes == [PINS_FILE]
    assert sum("BEGIN" in s for s in statements) == 1
    assert sum("record" in s.split("FROM")[0] for s in statements if s.startswith(
        "SELECT")) == 1
    assert seen[0] == (0, 4) and seen[-1] == (4, 4)
    # Every game pinned, each row as the game reopens.
    now = {}
    for record in records:
        state = replay(record, pinned_catalogue(state_dir, record, catalogue)).state
        assert state is not None and state.final is not None
        now[game_key(record.splitlines()[0])] = {
            pid: state.final.scores[pid]["total"] for pid in state.players}
    with History(state_dir) as history:
        rows = {g.key: {p.player_id: p.total for p in g.players} for g in history.games()}
    assert changed >= 1
    assert rows == now and changed == sum(
        1 for r in records if replay(r, then).state.final.scores  # type: ignore[union-attr]
        != replay(r, catalogue).state.final.scores)  # type: ignore[union-attr]
    # A second pass looks at no row again (and writes nothing).
    statements.clear()
    writes.clear()
    assert pins.pin_history(state_dir, catalogue) == 0
    assert not [s for s in statements if "record" in s] and writes == []


def test_a_reader_that_never_writes_gets_the_pinned_values_in_memory(
        state_dir: Path, catalogue: Catalogue) -> None:
    """`pins.catalogue_in_memory` (for `serve`, which never writes): the values pinned if
    there are, else the ones the game would be pinned with now; no file is written or
    renamed, a damaged pins file included."""
    import os

    from companion.store.pins import catalogue_in_memory

    actions, _final = generated(37, 2, "quick", 0.0)
    record = record_of(actions)
    state_dir.mkdir()
    (state_dir / PINS_FILE).write_text("{not json")
    before = sorted(os.listdir(state_dir))
    got = catalogue_in_memory(state_dir, record, catalogue)
    assert sorted(os.listdir(state_dir)) == before
    assert got["B-fire"].points == catalogue["B-fire"].points
    (state_dir / PINS_FILE).unlink()
    pinned = pinned_catalogue(state_dir, record, catalogue.with_overrides(
        {"B-fire": {"points": 9}}))  # pinned (written) with 9
    assert catalogue_in_memory(state_dir, record, catalogue)["B-fire"].points == 9 == \
        pinned["B-fire"].points
