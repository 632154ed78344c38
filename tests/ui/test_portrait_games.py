"""Whole quick-form games by touch in portrait 480x800 (a display setting, docs/ui.md):
every frame of the Purchase screen passes the frame checks (tests/ui/framecheck.py), with
five players in German and French, where the panels take three rows of the height; and
while a card is entered, its buyers' buttons stay where they are (the second tap on a
buyer raises the price, docs/touch.md), though the bar's "?" strip comes and goes."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks import touch
from benchmarks.touch import play_game
from companion.engine.simulate import random_game
from companion.ui import words
from companion.ui.core import UI
from companion.ui.i18n import set_language

from .framecheck import problems

PORTRAIT = (480, 800)
GAMES = [
    (5, "de", 9),
    (5, "fr", 2),
    (5, "en", 5),
    (4, "fr", 1),
    (3, "de", 7),
    (2, "en", 3),
]


def own(frame: dict[str, Any]) -> dict[str, Any]:
    """The screen's own part of a frame: the bottom bar's texts and buttons left out (the
    bar is checked on its own)."""
    return dict(frame, texts=[t for t in frame["texts"] if not t["bar"]],
                targets=[t for t in frame["targets"] if not t["bar"]])


@pytest.mark.parametrize(("players", "language", "seed"), GAMES)
def test_every_purchase_frame_of_a_portrait_game_passes_the_frame_checks(
        services, monkeypatch, players, language, seed):
    found: list[str] = []
    seen: list[int] = []
    #: The buyers' buttons of the first frame of each state (a card's entry); the state
    #: kept, so that its id is not another's.
    buyers: dict[int, tuple[object, dict[str, list[int]]]] = {}
    moved: set[str] = set()
    frame = touch.Finger.frame

    def checked(self):  # type: ignore[no-untyped-def]
        got = frame(self)
        if got["screen"] == "purchase":
            seen.append(got["body"][3])
            found.extend(problems(own(got), ()))
            state = self.ui.game.state
            letters = {words.letter(state, pid) for pid in state.players}
            now = {t["label"]: t["rect"] for t in got["targets"]
                   if not t["bar"] and t["label"] in letters}
            first = buyers.setdefault(id(state), (state, now))[1]
            moved.update(f"round {state.round}, card {state.settling + 1}: {label} "
                         f"{first[label]} -> {rect}"
                         for label, rect in now.items() if first.get(label) != rect)
        return got

    monkeypatch.setattr(touch.Finger, "frame", checked)
    ui = UI(services, PORTRAIT)
    ui.open("home")
    catalogue = services.load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form="quick", undo_rate=0.03)
    services.settings["purchase_form"] = "quick"
    ui.set_language(language)
    try:
        play_game(ui, actions)
    finally:
        set_language("en")
    assert ui.top.name == "final"
    assert seen
    assert not moved, sorted(moved)[:10]
    assert not sorted(set(found)), "\n".join(sorted(set(found))[:30])
