"""The mixed purchase form by button (issue 31): before a round's first entry the table may
use the other form for that round (docs/ui.md, "Purchase form"); the buttons reach that
switch as the screen's form switch does, and the legend says so before the press.

Quick form: OK held (the OK button's long press) is "workers" (the switch's "Track
workers"), at every player count: at five every player button is a buyer, and a colour
nobody plays at two to four does nothing; tracked form: OK with no card chosen is "Quick
form". Played through the app's own key handling (`Runner.key`: keys 1-5 and Enter stand
for the buttons, Shift+Enter for OK held) over the app's services; what is recorded
afterwards replays to the same state."""

from __future__ import annotations

import pygame
import pytest

from companion.engine import replay
from companion.engine.legal import buy_prices
from companion.languages import LANGUAGES
from companion.ui import buttons
from companion.ui.i18n import _, set_language
from companion.ui.layouts.purchase import OK_MARK
from companion.ui.runner import Runner
from companion.ui.samples import Demo
from companion.ui.shots import frame_description

from .conftest import make_services, unhurried
from .framecheck import unreached

KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5]


def table(tmp_path, players: int, form: str, language: str) -> Runner:
    """The app at a table with buttons, opened at round 2's Purchase before its first
    entry, in `form` (the setting)."""
    services = make_services(tmp_path, purchase_form=form, language=language)
    runner = Runner(services=services, inputs=None, bus=None, simulate=False,
                    screenshot_dir=None, notifier=None)
    ui = unhurried(runner.ui)
    ui.services.buttons = True  # the legend is shown, as where the buttons were found
    ui.open("home")
    ui.set_language(language)
    Demo(ui, players).at(lambda b, a: a.phase == "demand" and a.round == 2 and not a.placed,
                         form=form)
    return runner


def press(runner: Runner, key: int) -> None:
    runner.key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, scancode=0))
    runner.key_up(pygame.event.Event(pygame.KEYUP, key=key, mod=0, scancode=0))


def hold_ok(runner: Runner) -> None:
    """OK held: the simulated keys' Shift+Enter (the long press at once), as SDL gives it
    to the loop: through the scanner's burst filter (a lone Enter is no scan)."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        runner.handle(pygame.event.Event(kind, key=pygame.K_RETURN, mod=pygame.KMOD_LSHIFT,
                                         scancode=pygame.KSCAN_RETURN))


def texts(ui) -> list[str]:
    """The texts of the frame on screen (docs/frames.md)."""
    return [t["text"] for t in frame_description(ui)["texts"]]


def legend(runner: Runner) -> dict[str, str]:
    ui = runner.ui
    ui.render()
    return ui.legend()


@pytest.mark.parametrize(("players", "language"),
                         [*((3, language) for language in LANGUAGES), (5, "de")])
def test_quick_to_tracked_and_back_by_buttons(tmp_path, players, language):
    runner = table(tmp_path, players, "quick", language)
    ui = runner.ui
    try:
        state = ui.game.state
        order = buttons.order(state)
        assert ui.top.name == "purchase" and state.form is None
        said = legend(runner)
        # OK held is the switch, named before the press (the legend's last cell), at
        # every player count; a colour nobody plays is no switch.
        assert said["ok-held"] == _("workers")
        assert f"OK {_('held: {means}').format(means=_('workers'))}" in " ".join(texts(ui))
        assert all(said.get(pid) == _("buys") for pid in state.players
                   if buy_prices(state, pid))
        assert set(said) <= {*state.players, "ok", "ok-held", "undo"}
        for key in KEYS[players:]:
            press(runner, key)
            assert ui.top.name == "purchase" and ui.game.state is state
        # A buyer chosen on the buttons begins the purchase in this form: OK held does
        # nothing then (the legend says none), until Undo takes the buyer back.
        chooser = next(p for p in state.players if len(buy_prices(state, p)) > 1)
        press(runner, KEYS[order.index(chooser)])
        assert "ok-held" not in legend(runner) and ui.top.buyer == chooser
        hold_ok(runner)
        assert ui.top.name == "purchase" and ui.game.state is state
        assert ui.message is not None and ui.message.text == _(
            "OK held: nothing to do here. A short press is OK.")
        press(runner, pygame.K_BACKSPACE)
        assert ui.top.buyer is None and legend(runner)["ok-held"] == _("workers")
        hold_ok(runner)
        assert ui.top.name == "purchase-tracked" and ui.game.state is state  # nothing recorded
        assert "ok-held" not in legend(runner)
        hold_ok(runner)  # OK held on the tracked form: nothing (OK is its switch back)
        assert ui.top.name == "purchase-tracked" and ui.game.state is state
        said = legend(runner)
        assert said["ok"] == _("Quick form")
        press(runner, pygame.K_RETURN)
        assert ui.top.name == "purchase"
        # The round's first entry by buttons: the switch is no longer offered.
        buyer = next(p for p in state.players if buy_prices(state, p))
        press(runner, KEYS[order.index(buyer)])
        if ui.game.state is state:
            press(runner, pygame.K_RETURN)
        after = ui.game.state
        assert after.actions == state.actions + 1 and after.form == "quick"
        assert after.slots[0].buyer == buyer
        assert "ok-held" not in legend(runner)
        hold_ok(runner)  # the switch is no longer offered: OK held does nothing
        assert ui.top.name == "purchase" and ui.game.state is after
        assert replay(ui.game.session.record_text(),
                      ui.services.load_catalogue()).state.to_json() == after.to_json()
    finally:
        ui.set_language("en")
        set_language("en")


def test_tracked_to_quick_by_ok_and_ok_places_once_a_card_is_chosen(tmp_path):
    runner = table(tmp_path, 5, "tracked", "en")
    ui = runner.ui
    state = ui.game.state
    assert ui.top.name == "purchase-tracked"
    said = legend(runner)
    assert said["ok"] == "Quick form" and said[buttons.order(state)[0]] == "1"
    # The bar has no OK label here: the switch's corner bears OK's mark.
    assert OK_MARK in texts(ui)
    # A card chosen first: OK places the worker (the switch is not what OK does then).
    press(runner, KEYS[1])
    assert legend(runner)["ok"] == "Place the worker"
    assert [t for t in texts(ui) if t == OK_MARK] == []
    press(runner, pygame.K_RETURN)
    after = ui.game.state
    assert after.placed == 1 and after.form == "tracked" and ui.top.name == "purchase-tracked"
    # After the round's first entry: OK with nothing chosen switches nothing.
    assert "ok" not in legend(runner)
    press(runner, pygame.K_RETURN)
    assert ui.top.name == "purchase-tracked" and ui.game.state is after


def test_ok_turns_a_tracked_round_quick_at_five_players(tmp_path):
    runner = table(tmp_path, 5, "tracked", "en")
    ui = runner.ui
    state = ui.game.state
    press(runner, pygame.K_RETURN)
    assert ui.top.name == "purchase" and ui.game.state is state
    # Five players: every button is a buyer; OK held (and the screen's switch) is the way
    # back.
    said = legend(runner)
    assert [said[pid] for pid in state.players if buy_prices(state, pid)] and \
        said["ok-held"] == "workers"
    assert "form:other" in ui.keys()
    hold_ok(runner)
    assert ui.top.name == "purchase-tracked" and ui.game.state is state


def against_setting(actions, catalogue, setting: str) -> int:
    """How many actions of the record reach the end of the Purchase of its first round in
    the other form than `setting` (the round whose form needs the switch)."""
    from companion.engine import Buy, Discard, Place
    from companion.engine.record import iter_states

    before, switched = None, False
    for n, action, after in iter_states(actions, catalogue):
        if before is not None and before.phase == "demand" and before.form is None and \
                isinstance(action, Place | Buy | Discard) and \
                isinstance(action, Place) == (setting == "quick"):
            switched = True
        if switched and after.phase == "loading":
            return n
        before = after
    raise AssertionError("no round against the setting")


@pytest.mark.parametrize(("setting", "seed", "players"),
                         [("quick", 5, 2), ("tracked", 6, 2), ("quick", 5, 5)])
def test_a_mixed_round_by_buttons_and_scans(tmp_path, setting, seed, players):
    """A game whose rounds change form (`random_game(form="mixed")`), from Home to the end
    of the Purchase of its first round against the setting, by the buttons and scans only
    (benchmarks/buttons.py reads the switch off the legend: at five players in the quick
    form, OK held), through the composition root: no touch, and the journal replays to
    the state the record reaches; no frame on the way offers the form switch without a
    button for it (`framecheck.unreached`)."""
    from benchmarks.buttons import ButtonTable, scanner_replay
    from companion import app
    from companion.engine import to_record
    from companion.engine.record import iter_states
    from companion.engine.simulate import random_game
    from companion.paths import SHIPPED_CONFIG_DIR

    state_dir = tmp_path / "state"
    state_dir.mkdir()
    settings = {"language": "en", "purchase_form": setting,
                "display": {"size": [800, 480], "rotation": 0, "fullscreen": False}}
    services = app.make_services(settings, state_dir, SHIPPED_CONFIG_DIR, app.open_store(),
                                 app.open_history(state_dir))
    runner = Runner(services=services, inputs=None, bus=None, simulate=False,
                    screenshot_dir=None, notifier=None)
    runner.ui.services.buttons = True
    runner.ui.open("home")
    catalogue = services.load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form="mixed",
                                  loading="in_turn")
    upto = against_setting(actions, catalogue, setting)
    table = ButtonTable(runner, scanner_replay(actions, tmp_path / "scanner.events"))
    table.hand.frames = frames = []
    table.start(actions[0])
    for action in actions[1:upto]:
        table.play(action)
    hand = table.hand
    assert hand.touches == 0 and hand.fallbacks == 0
    switch = "Quick form" if setting == "tracked" else "workers"
    assert any(switch in said.values() for said in hand.legends)
    if setting == "quick":
        assert any(said.get("ok-held") == "workers" for said in hand.legends)
    switches = [f for f in frames if f["screen"] == "purchase" and any(
        t["label"] == "Track workers" and t["enabled"] for t in f["targets"])]
    assert switches or setting == "tracked"
    assert [p for f in frames for p in unreached(f, switch=("Track workers", "workers"))] == []
    # The journal reaches the record's state: the first Loading of that round (its lines
    # also hold the printed values the table confirmed, and after it the app may have
    # recorded a Loading done by itself, where nothing could be loaded).
    want = replay(to_record(actions[:upto]), catalogue).state
    assert want is not None and want.phase == "loading"
    journal = runner.ui.game.session.record_text()
    got = next(state for _n, _a, state in iter_states(journal, catalogue)
               if state.round == want.round and state.phase == "loading")
    assert got.to_json()["players"] == want.to_json()["players"]
    assert [(s.card, s.outcome, s.buyer, s.price) for s in got.slots] == \
        [(s.card, s.outcome, s.buyer, s.price) for s in want.slots]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ok_held_cell_fits_the_legend_in_portrait(tmp_path, language):
    """The legend's row in portrait (its tightest: two players, three colours nobody
    plays, an OK cell after them; five players, five buyers): every word whole."""
    from companion.ui.shots import frame_description

    for players in (2, 5):
        services = make_services(tmp_path / str(players), language=language,
                                 display={"size": [480, 800], "rotation": 0})
        runner = Runner(services=services, inputs=None, bus=None, simulate=False,
                        screenshot_dir=None, notifier=None)
        ui = unhurried(runner.ui)
        ui.services.buttons = True
        ui.open("home")
        ui.set_language(language)
        try:
            Demo(ui, players).at(lambda b, a: a.phase == "demand" and a.round == 2
                                 and not a.placed)
            assert legend(runner)["ok-held"] == _("workers")
            frame = frame_description(ui)
            held = _("held: {means}").format(means=_("workers"))
            assert [t["cut"] for t in frame["texts"] if t["text"] == held] == [False]
            assert [t["text"] for t in frame["texts"] if t["cut"]] == []
        finally:
            ui.set_language("en")
            set_language("en")
