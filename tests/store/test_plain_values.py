"""Every writer of the state directory gets the game's words as plain values (issue 18).

The engine's words are StrEnums (companion/engine/words.py): a member *is* its string
for `json` and `sqlite3`, but not for `yaml.safe_dump`, which refused ``Good.TEA`` and
kept a corrected printed value from being saved. Each place where an enum or a value
type reaches YAML, JSON or SQLite is written here with the words as the engine and the
screens hand them in, and read back as plain text that equals them.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion import app
from companion.config.cards import load_catalogue, save_override
from companion.config.sidefiles import read_ui_settings
from companion.engine import ConfirmValue, Setup, replay
from companion.engine.words import Category, Colour, Form, Good
from companion.inputs.tagmap import TagMap
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store import GameSession
from companion.store.bgstats import play, to_json
from companion.store.history import History
from companion.store.journal import JOURNAL_NAME
from tests.store.storetools import generated, record_of


def _exact(data: object) -> None:
    """Every string in `data` is a plain `str`, never a subclass (an enum member)."""
    if isinstance(data, str):
        assert type(data) is str, repr(data)
    elif isinstance(data, dict):
        for key, item in data.items():
            _exact(key)
            _exact(item)
    elif isinstance(data, list | tuple):
        for item in data:
            _exact(item)


def test_the_owner_card_file_gets_plain_goods(tmp_path: Path) -> None:
    state = tmp_path / "state"
    save_override(state, "C-contract-1", "goods", [Good.RUBBER, Good.TEA])
    save_override(state, "B-fireman-2", "value", 4)
    text = (state / "cards.yaml").read_text()
    assert "python" not in text and "!!" not in text
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR, state, strict=True)
    assert catalogue["C-contract-1"].goods == ("rubber", "tea")
    assert catalogue["B-fireman-2"].value == 4


def test_a_journal_line_with_game_words_reads_back_plain(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    setup = Setup(players=(Colour.RED, Colour.BLUE), first=Colour.RED)
    with GameSession.start(state, catalogue, setup) as session:
        session.submit(ConfirmValue("A-contract-1", "goods", (Good.CARPET, Good.TEA)))
    lines = [json.loads(line) for line in (state / JOURNAL_NAME).read_text().splitlines()]
    _exact(lines)
    assert lines[0]["players"] == ["red", "blue"]
    assert lines[-1]["value"] == ["carpet", "tea"]
    with GameSession.resume(state, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.catalogue["A-contract-1"].goods == ("carpet", "tea")


def test_the_history_database_holds_plain_text(tmp_path: Path) -> None:
    actions, final = generated(37, 2, "quick", 0.0)
    record = record_of(actions)
    # The history writes a row per category, named by the engine's Category members.
    with History(tmp_path) as history:
        game_id = history.archive("k1", final, record)
        rows = history.games()
    conn = sqlite3.connect(tmp_path / "history.db")
    try:
        kinds = conn.execute("SELECT DISTINCT typeof(category) FROM scores").fetchall()
        categories = {row[0] for row in conn.execute("SELECT category FROM scores")}
    finally:
        conn.close()
    assert kinds == [("text",)]
    assert categories == {str(c) for c in Category}
    assert game_id and rows[0].to_json()["players"]


def test_the_bgstats_play_is_plain_json() -> None:
    actions, final = generated(37, 2, "quick", 0.0)
    text = to_json(play(final, record_of(actions)))
    data = json.loads(text)
    _exact(data)
    assert {p["score"] for p in data["players"]} == {
        final.final.scores[pid]["total"] for pid in final.players}


def test_the_screen_settings_are_plain_json(tmp_path: Path) -> None:
    app.save_ui_settings(tmp_path, {"language": "de", "purchase_form": Form.TRACKED,
                                    "display": {"size": [800, 480], "rotation": 0}})
    data = json.loads((tmp_path / app.UI_SETTINGS_FILE).read_text())
    _exact(data)
    warnings: list[str] = []
    assert read_ui_settings(tmp_path, warnings)["purchase_form"] == "tracked"
    assert not warnings


def test_the_tag_file_is_plain_json(tmp_path: Path) -> None:
    class CardId(str):
        """A card id handed in as a str subclass, as a game word would be."""

    tags = TagMap(tmp_path / "tags.json")
    tags.bind("5B00000001", CardId("A-contract-1"))
    data = json.loads((tmp_path / "tags.json").read_text())
    _exact(data)
    assert TagMap(tmp_path / "tags.json").lookup("5B00000001") == "A-contract-1"


def test_a_replayed_record_of_game_words_equals_the_plain_one() -> None:
    actions, final = generated(37, 2, "quick", 0.0)
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    result = replay(record_of(actions), catalogue)
    assert result.state is not None
    _exact(json.loads(json.dumps(result.state.to_json())))
