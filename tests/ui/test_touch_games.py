"""Whole games by touch alone: from New game to the final screen, every input a tap on a
target found by its label in the frame description (benchmarks/touch.py), for 2 to 5
players, both purchase forms, in English, German and French; the final numbers are the
engine's replay of the journal."""

from __future__ import annotations

import pytest

from benchmarks import touch
from benchmarks.touch import play_game
from companion import formats
from companion.engine import GOODS, replay, to_record
from companion.engine.simulate import random_game
from companion.ui import names
from companion.ui.core import UI
from companion.ui.i18n import _, set_language

GAMES = [
    (2, "quick", "en", 3),
    (3, "tracked", "de", 7),
    (4, "quick", "fr", 1),
    (5, "tracked", "en", 5),
    (4, "mixed", "de", 11),
    (5, "quick", "fr", 9),
    (2, "tracked", "de", 4),
]


@pytest.mark.parametrize(("players", "form", "language", "seed"), GAMES)
def test_a_whole_game_by_touch_alone(ui, services, players, form, language, seed):
    catalogue = services.load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form=form, undo_rate=0.03)
    services.settings["purchase_form"] = "tracked" if form == "tracked" else "quick"
    ui.set_language(language)
    try:
        table = play_game(ui, actions)
        assert table.finger.fallbacks == 0  # nothing but taps
        assert ui.top.name == "final"
        journal = ui.game.session.record_text()
        expected = replay(journal, catalogue).state
        assert expected is not None and expected.final is not None
        recorded = replay(to_record(actions), catalogue).state
        assert expected.final.to_json() == recorded.final.to_json()
        final = ui.game.state.final
        assert final.to_json() == expected.final.to_json()
        texts = table.finger.texts()
        for pid in expected.players:
            assert formats.integer(expected.final.scores[pid]["total"]) in texts
        # The fires needed no tap: no Fire screen came up on its own; the 4th fire's
        # result is the final screen's message.
        assert table.seen["fire"] == 0 and len(ui.game.state.fires) == 4
        assert ui.message is not None and _("The 4th fire ends the game.") in ui.message.text
    finally:
        set_language("en")


@pytest.mark.parametrize(("players", "form", "language", "seed"), GAMES)
def test_every_frame_of_a_touch_game_passes_the_frame_checks(ui, services, monkeypatch, players,
                                                             form, language, seed):
    """The frame checks of the registered screens (tests/ui/framecheck.py), over every frame
    a whole game shows, not only the sample states."""
    found = frame_problems_of_a_game(ui, services, monkeypatch, players, form, language, seed)
    assert not found, found[:20]


#: Portrait (480x800, a documented display setting): the games that found its problems.
PORTRAIT_GAMES = [
    (5, "quick", "de", 9),
    (5, "tracked", "fr", 5),
    (4, "mixed", "de", 11),
    (3, "tracked", "fr", 7),
    (2, "quick", "en", 3),
]


@pytest.mark.parametrize(("players", "form", "language", "seed"), PORTRAIT_GAMES)
def test_every_frame_of_a_touch_game_in_portrait_passes_the_frame_checks(
        services, monkeypatch, players, form, language, seed):
    """The same in portrait: the bar's buttons, Purchase's and Loading's controls stay on
    the screen's part, a finger tall, nothing cut, in real games and not only samples."""
    ui = UI(services, (480, 800))
    ui.open("home")
    found = frame_problems_of_a_game(ui, services, monkeypatch, players, form, language, seed)
    assert ui.top.name == "final"
    assert not found, found[:20]


#: The screens whose targets the steady check holds in whole games (docs/frames.md, "Nothing
#: moves under the finger"), in landscape and in portrait.
STEADY = ("purchase", "confirm", "supply", "loading", "purchase-tracked")


def frame_problems_of_a_game(ui, services, monkeypatch, players, form, language, seed
                             ) -> list[str]:
    """Every problem the frame checks find in the frames of a whole game played by touch."""
    from .framecheck import moved, problems

    found: list[str] = []
    frame = touch.Finger.frame
    last: list[tuple[dict, int]] = []

    def checked(self):  # type: ignore[no-untyped-def]
        got = frame(self)
        cubes = {names.good_initial(g) for g in GOODS}  # in the game's language
        found.extend(f"{got['screen']}: {p}" for p in problems(got, ()))
        # Nothing moves under the finger between this frame and the one before it on the
        # same screen (Loading: showing the same player's cubes). The screen's own targets;
        # a cube moved by the action just recorded is drawn where it went.
        actions = self.ui.game.state.actions if self.ui.game is not None else 0
        own = dict(got, screen=(got["screen"], getattr(self.ui.top, "player", None)),
                   targets=[t for t in got["targets"] if not t["bar"]])
        # An Undo shows Loading's player anew (docs/touch.md): their choices from the
        # first place on, as before the move taken back (the newcomer of round 8 found the
        # move taken back on page 2, its place kept empty).
        redo = len(self.ui.game.state.redo) if self.ui.game is not None else 0
        anew = got["screen"] == "loading" and bool(last) and redo > last[0][2]
        if last and got["screen"] in STEADY and not anew:
            before, was, _redo = last[0]
            if was != actions:
                before = dict(before, targets=[t for t in before["targets"]
                                               if t["label"] not in cubes])
            found.extend(f"{got['screen']}: {p}" for p in moved(before, own))
        last[:] = [(own, actions, redo)]
        return got

    monkeypatch.setattr(touch.Finger, "frame", checked)
    catalogue = services.load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form=form, undo_rate=0.03)
    services.settings["purchase_form"] = "tracked" if form == "tracked" else "quick"
    ui.set_language(language)
    try:
        play_game(ui, actions)
    finally:
        set_language("en")
    return sorted(set(found))


# --- issue 30: a hurried second tap never records something else -------------------------------

#: Whole games in which every tap that records an action or changes the screen is doubled:
#: a covering set of the dimensions (2 and 5 players, both purchase forms, landscape and
#: portrait, English, German and French: each value at least once), not their product,
#: which would cost minutes.
HURRIED = [
    (5, "tracked", "de", 5, (480, 800)),
    (5, "quick", "fr", 9, (800, 480)),
    (2, "tracked", "en", 4, (480, 800)),
]
#: The second tap's delay after the first, in event time (within the double-tap interval).
SECOND_TAP_S = 0.15


def _screen(ui: UI) -> tuple:
    """What a tap changes that puts something else under the finger (written apart from the
    UI's own check): the scene on top, the stack, the game's state, Loading's player, the
    ship whose goods are entered, and the message shown."""
    top = ui.top
    return (top, len(ui.stack), ui.game.state if ui.game is not None else None,
            getattr(top, "player", None), getattr(top, "ship", None),
            getattr(top, "asking_end", None), ui.message)


def _same(a: tuple, b: tuple) -> bool:
    return all(x is y or x == y for x, y in zip(a, b, strict=True))


class HurriedFinger(touch.Finger):
    """A finger that taps twice, `SECOND_TAP_S` apart at the same spot, wherever its tap
    recorded an action or changed the screen; the second tap must do nothing."""

    doubled = 0

    def tap_target(self, target):  # type: ignore[no-untyped-def]
        x, y, w, h = target["rect"]
        before = _screen(self.ui)
        super().tap_target(target)
        after = _screen(self.ui)
        if _same(before[:6], after[:6]):
            return  # it only adjusted what is being entered: no second tap
        self.now += SECOND_TAP_S
        self.ui.touch((x + w // 2, y + h // 2))
        assert _same(_screen(self.ui), after), (
            f"a second tap on {target['label']!r} on {after[0].name} did something")
        type(self).doubled += 1


def _journal(ui: UI) -> list[dict]:
    """The game's record without its times and checksums."""
    import json

    lines = [json.loads(x) for x in ui.game.session.record_text().splitlines() if x.strip()]
    return [{k: v for k, v in line.items() if k not in ("t", "crc")} for line in lines]


@pytest.mark.parametrize(("players", "form", "language", "seed", "size"), HURRIED)
def test_a_whole_game_with_every_screen_changing_tap_doubled_records_the_same_game(
        tmp_path, monkeypatch, players, form, language, seed, size):
    from .conftest import make_services

    catalogue = make_services(tmp_path / "x").load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form=form, undo_rate=0.03)
    journals = []
    for finger in (touch.Finger, HurriedFinger):
        services = make_services(tmp_path / finger.__name__,
                                 purchase_form="tracked" if form == "tracked" else "quick")
        ui = UI(services, size)
        ui.open("home")
        monkeypatch.setattr(touch, "Finger", finger)
        HurriedFinger.doubled = 0
        ui.set_language(language)
        try:
            play_game(ui, actions)
        finally:
            set_language("en")
        assert ui.top.name == "final"
        journals.append(_journal(ui))
    assert HurriedFinger.doubled > 100  # every action of the game, and the screens between
    assert journals[0] == journals[1]
