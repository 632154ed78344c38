"""companion/ui/scenes/home.py: Home while a game is in progress.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

import pygame

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
