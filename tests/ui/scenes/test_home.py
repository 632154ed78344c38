"""companion/ui/scenes/home.py: Home while a game is in progress.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

import pygame
import pytest

from companion.languages import LANGUAGES
from companion.texts.i18n import translations
from companion.ui.shots import build

from ..helpers import at

# --- issue 11, finding 7: New game during a game asks first --------------------------------------


def test_new_game_during_a_game_asks_and_can_be_cancelled(ui):
    finger = at(ui, lambda b, a: a.round == 3 and a.phase == "supply")
    finger.tap("Home")
    assert ui.top.name == "home"
    finger.tap("New game")
    assert ui.top.name == "home"  # asked, not gone
    assert any("in progress" in t for t in finger.texts())
    finger.tap(lambda label: label.startswith("Keep"))
    assert ui.top.name == "home"
    assert ui.top.session is not None
    finger.tap(lambda label: label.startswith("Resume"))
    assert ui.top.name == "supply" and ui.game.state.round == 3
    finger.tap("Home")
    finger.tap("New game")
    finger.tap(lambda label: label.startswith("Start a new game"))
    assert ui.top.name == "newgame"


# --- issue 11, finding 8: Home in simulated mode -------------------------------------------------


def test_home_during_a_game_keeps_its_notes_apart_and_the_round_with_its_word(ui, services):
    services.simulate = True
    finger = at(ui, lambda b, a: a.round == 7 and a.phase == "supply", players=5)
    ui.game.close()
    ui.top.on_enter()
    frame = finger.frame()
    rects = [(t["text"], pygame.Rect(t["rect"])) for t in frame["texts"]]
    for i, (text, rect) in enumerate(rects):
        for other, orect in rects[i + 1:]:
            assert not rect.colliderect(orect), (text, other)
    assert "7" not in [t["text"].strip() for t in frame["texts"]]


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_simulated_keys_note_names_ok_held_whole(tmp_path, language, size):
    """On a desktop the note says every key the table's buttons stand for, OK held
    (Shift+Enter) included, in the table's language and never cut."""
    ui = build("home", size, language, tmp_path)
    ui.services.simulate = True
    ui.top.on_enter()
    ui.dirty = True
    ui.render()
    texts = ui.canvas.describe("home", language)["texts"]
    note = translations(language).gettext(
        "Simulated buttons: keys 1-5 players, Enter OK (Shift: OK held), "
        "Backspace Undo (Shift: Redo), Esc Back.")
    assert "OK" in note and note != "" and (language == "en" or "held" not in note)
    drawn = " ".join(t["text"] for t in texts if not t["cut"])
    assert note in drawn
