"""Colour is never the only signal: every player colour and every good on screen also
carries its letter or initials (tests/ui/colourcheck.py, docs/frames.md).

Checked on every registered screen's sample pictures (2 to 5 players, landscape in English
and portrait in German), on the final screen's chart with scores tied, and on every frame
of two whole games played by touch (5 players, quick, English, landscape; 3 players,
tracked, French, portrait).
"""

from __future__ import annotations

import pytest

from benchmarks import touch
from benchmarks.touch import play_game
from companion.engine.simulate import random_game
from companion.ui.i18n import set_language
from companion.ui.samples import PLAYER_COUNTS
from companion.ui.shots import PICTURES, build, frame_description, picture

from .colourcheck import signs_of, unsigned

PLAYER = {"kind": "player", "of": "red"}
SIGNS = {"red": {"A", "Anna", "Red"}, "blue": {"B", "Ben", "Blue"}}


def text(label: str, rect: list[int]) -> dict[str, object]:
    return {"text": label, "px": 22, "rect": rect, "role": "body", "cut": False}


def test_the_check_finds_a_colour_without_its_letter() -> None:
    frame = {"size": [800, 480], "texts": [
        text("A", [105, 105, 10, 14]),        # the letter in red's badge
        text("Ben", [300, 300, 40, 16]),      # a name beside blue's stripe
        text("B", [500, 22, 10, 14]),         # blue's letter, by a red fill
        text("+3", [700, 400, 20, 16])],      # a number is no sign
        "marks": [
        {**PLAYER, "rect": [100, 100, 20, 24]},                 # badge with its letter
        {"kind": "player", "of": "blue", "rect": [286, 296, 8, 30]},  # stripe by the name
        {**PLAYER, "rect": [480, 10, 40, 40]},                  # another player's letter
        {**PLAYER, "rect": [600, 395, 60, 30]},                 # beside a number only
        {**PLAYER, "rect": [100, 200, 300, 100],                # a line far from its letter
         "line": [[100, 300], [400, 200]]},
        {**PLAYER, "rect": [100, 60, 30, 41], "line": [[100, 60], [110, 100]]}]}
    found = unsigned(frame, SIGNS)
    assert [f.split(" carries")[0] for f in found] == [
        "a player mark of red at [480, 10, 40, 40]",
        "a player mark of red at [600, 395, 60, 30]",
        "a player line of red at [100, 200, 300, 100]"]
    # Without the game's signs, any text with a letter in it counts.
    assert len(unsigned(frame)) == 2


def test_a_good_is_signed_by_its_initials_or_name() -> None:
    frame = {"size": [800, 480], "texts": [text("Kf", [12, 12, 16, 14]),
                                           text("tea", [200, 12, 30, 14])],
             "marks": [{"kind": "good", "of": "coffee", "rect": [5, 5, 30, 30]},
                       {"kind": "good", "of": "tea", "rect": [5, 5, 30, 30]}]}
    found = unsigned(frame, {"coffee": {"Kf", "Kaffee"}, "tea": {"Te", "Tee"}})
    assert len(found) == 1 and "good mark of tea" in found[0]


def shown_state(ui):  # type: ignore[no-untyped-def]
    """The game the screen shows: the one in progress, or a past one (History)."""
    from companion.engine import State

    state = getattr(ui.top, "state", None)
    if isinstance(state, State):
        return state
    return ui.game.state if ui.game is not None else None


def check_pictures(tmp_path, size: tuple[int, int], language: str) -> list[str]:
    found = []
    try:
        for name in PICTURES:
            screen, _build = picture(name)
            for n in PLAYER_COUNTS if screen.per_players else (4,):
                ui = build(name, size, language, tmp_path / f"{name}-{n}", n)
                frame = frame_description(ui)
                signs = signs_of(state) if (state := shown_state(ui)) is not None else None
                found += [f"{name}, {n} players: {p}" for p in unsigned(frame, signs)]
    finally:
        set_language("en")
    return found


@pytest.mark.parametrize(("size", "language"), [((800, 480), "en"), ((480, 800), "de")])
def test_every_screen_shows_a_colour_with_its_letter(tmp_path, size, language) -> None:
    found = check_pictures(tmp_path, size, language)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_tied_lines_of_the_chart_each_end_at_their_letter(tmp_path, size) -> None:
    """Five players level at the end: the markers are spread out, each joined to its
    line's end."""
    ui = build("past-game-chart", size, "en", tmp_path, 5)
    scene = ui.top
    tied = {pid: [0, 2, 3, 3] for pid in scene.state.players}
    scene.series = lambda: tied
    ui.dirty = True
    frame = frame_description(ui)
    lines = [m for m in frame["marks"] if m.get("line")]
    assert len(lines) == 5
    assert not unsigned(frame, signs_of(scene.state))


GAMES = [(5, "quick", "en", 9, (800, 480)), (3, "tracked", "fr", 7, (480, 800))]


@pytest.mark.parametrize(("players", "form", "language", "seed", "size"), GAMES)
def test_every_frame_of_a_touch_game_shows_colours_with_letters(
        services, monkeypatch, players, form, language, seed, size) -> None:
    from companion.ui.core import UI

    ui = UI(services, size)
    ui.open("home")
    found: set[str] = set()
    frame = touch.Finger.frame

    def checked(self):  # type: ignore[no-untyped-def]
        got = frame(self)
        state = self.ui.game.state if self.ui.game is not None else None
        signs = signs_of(state) if state is not None else None
        found.update(f"{got['screen']}: {p}" for p in unsigned(got, signs))
        return got

    monkeypatch.setattr(touch.Finger, "frame", checked)
    actions, _final = random_game(services.load_catalogue(), players, seed=seed, form=form,
                                  undo_rate=0.03)
    services.settings["purchase_form"] = "tracked" if form == "tracked" else "quick"
    ui.set_language(language)
    try:
        table = play_game(ui, actions)
    finally:
        set_language("en")
    # The whole game, its fires included (each the next screen's message, no screen).
    assert ui.top.name == "final" and len(ui.game.state.fires) >= 3, table.seen
    assert not found, "\n".join(sorted(found))
