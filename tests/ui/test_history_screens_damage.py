"""History and Statistics over a history.db with one damaged row or record (issue 20,
items 2 and 3): the other games stay visible, the damaged one is named, never a raw
Python message."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.store import History
from tests.store.storetools import generated, record_of
from tests.ui.test_app import on_disk


def _history(tmp_path: Path, sql: str):
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    with History(state_dir) as history:
        for seed in (22, 23, 24):
            actions, final = generated(seed)
            history.archive(f"game-{seed}", final, record_of(actions))
    db = sqlite3.connect(state_dir / "history.db")
    with db:
        db.execute(sql)
    db.close()
    ui, _services = on_disk(tmp_path, history=True)
    ui.open("history")
    ui.render()
    return ui


def test_a_wrongly_typed_cell_leaves_the_other_games_on_the_screens(tmp_path: Path) -> None:
    ui = _history(tmp_path, "UPDATE game_players SET total='4o' WHERE game_id=2 AND seat=1")
    keys = {h.key for h in ui.canvas.hits}
    assert {"game:1", "game:3"} <= keys and "game:2" not in keys
    drawn = " ".join(ui.canvas.texts)
    assert "game #2" in drawn and "Left out" in drawn and "Error" not in drawn
    ui.press("game:1")
    assert ui.top.name == "past-game"
    ui.pop()
    ui.open("stats")
    ui.render()
    assert "Average total" in " ".join(ui.canvas.texts)
    assert not ui.top.problem


def test_an_undecodable_record_is_named_when_its_game_is_opened(tmp_path: Path) -> None:
    ui = _history(tmp_path, "UPDATE games SET record=CAST(X'7b22ff' AS TEXT) WHERE id=2")
    keys = {h.key for h in ui.canvas.hits}
    assert {"game:1", "game:2", "game:3"} <= keys
    ui.press("game:2")
    assert ui.top.name == "history"
    assert ui.message is not None and ui.message.error
    assert "game #2" in ui.message.text and "record is damaged" in ui.message.text
    ui.press("game:3")
    assert ui.top.name == "past-game"


def test_a_fault_in_the_history_code_is_a_sentence_never_a_raw_python_message(
        tmp_path: Path, monkeypatch) -> None:
    """A bug below the screen (the QA round met "'NoneType' object has no attribute
    'splitlines'" on History, in French) is said in the table's language, its Python text
    left to the log."""
    from companion.ui.i18n import set_language

    ui, services = on_disk(tmp_path, history=True)

    def broken(*_args: object) -> object:
        raise AttributeError("'NoneType' object has no attribute 'splitlines'")

    monkeypatch.setattr(services.history, "count", broken)
    set_language("fr")
    try:
        for screen in ("history", "stats"):
            monkeypatch.setattr(services.history, "player_totals", broken)
            monkeypatch.setattr(services.history, "players", broken, raising=False)
            ui.open(screen)
            ui.render()
            drawn = " ".join(ui.canvas.texts)
            assert "NoneType" not in drawn and "splitlines" not in drawn, drawn
            assert "historique" in drawn.lower(), drawn
            ui.pop()
    finally:
        set_language("en")
