"""A string that cannot be drawn (issue 20, item 1): a name of zero-width characters, a NUL,
a line separator. The record refuses such names (tests/engine/test_rules.py);
one that is already in a history.db, or any other such string, is drawn as a placeholder
and never ends a frame ("Text has zero width" was exit 1 at every start)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame
import pytest

from companion.ui import layout
from companion.ui.canvas import BODY, PLACEHOLDER, Canvas
from tests.engine.test_rules import INVISIBLE
from tests.store.storetools import generated, record_of

UNDRAWABLE = ["\u200b", "\u200e\u200f", "\ufeff", "\u2028", "\x00", "\U000e0001",
              "\u2060\u2061", "a\x00b"]


@pytest.mark.parametrize("text", UNDRAWABLE + INVISIBLE)
def test_a_string_that_cannot_be_drawn_is_a_placeholder(text: str) -> None:
    pygame.font.init()
    c = Canvas(pygame.Surface((800, 480)))
    for width in (None, 40):
        rect = c.text(text, (10, 10), BODY, max_width=width)
        assert rect.w > 0
    assert layout.fit(c, text * 3, 200, None, BODY).height(c) > 0
    assert c.wrap(text + " " + text, 100)


def test_an_unshowable_name_in_the_history_leaves_history_and_statistics_working(
        tmp_path: Path) -> None:
    from companion.store import History
    from tests.ui.test_app import on_disk

    state_dir = tmp_path / "state"
    state_dir.mkdir()
    actions, final = generated(22)
    with History(state_dir) as history:
        history.archive("k1", final, record_of(actions))
    # What a history written before the names were checked may hold.
    with sqlite3.connect(state_dir / "history.db") as db:
        db.execute("UPDATE game_players SET name=?, named=1 WHERE seat=0", ("\u200b\u200e",))
        db.execute("UPDATE game_players SET name=?, named=1 WHERE seat=1", ("\x00",))
    db.close()
    ui, _services = on_disk(tmp_path, history=True)
    for screen in ("history", "stats", "newgame"):
        ui.open(screen)
        ui.render()
        assert PLACEHOLDER in " ".join(t.text for t in ui.canvas.drawn) or screen == "newgame"
        if screen == "history":  # the player stands in the row as a placeholder with a total
            assert any(f"{PLACEHOLDER}\u00a0" in t for t in ui.canvas.texts), ui.canvas.texts
        ui.pop()
