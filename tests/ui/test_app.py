"""The app's composition root: config, the loop, keys as buttons, screenshots, the real store."""

from __future__ import annotations

import argparse
import shutil

import pygame
import pytest

from companion import app
from companion.errors import ConfigError
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui.buttons import HURRIED_S


def args(tmp_path, **extra):
    values = {"simulate": True, "state_dir": str(tmp_path / "state"), "config": None,
              "screenshot_dir": str(tmp_path / "shots")}
    values.update(extra)
    return argparse.Namespace(**values)


def on_disk(tmp_path, *, history=False):
    """A UI on Home whose games go to the real journal (and history) in tmp_path/state."""
    from companion.ui.core import UI
    from companion.ui.shots import demo_services

    state_dir = tmp_path / "state"
    services = demo_services(state_dir)
    services.store = app.open_store()
    if history:
        services.history = app.open_history(state_dir)
    ui = UI(services, (800, 480))
    ui.open("home")
    return ui, services


def post(*events):
    for kind, attrs in events:
        pygame.event.post(pygame.event.Event(kind, **attrs))


def test_runs_until_closed_and_saves_a_screenshot_of_each_new_screen(tmp_path, monkeypatch):
    from companion.ui import runner

    original = runner.Runner.frame
    # After each frame, the next thing the table does: tap "New game", Back (Escape), close.
    batches = [
        "tap New game",
        [(pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0})],
        [(pygame.QUIT, {})],
    ]

    def frame(self):
        original(self)
        if batches:
            batch = batches.pop(0)
            if batch == "tap New game":  # where the frame drew it
                new = next(h for h in self.ui.canvas.hits if h.key == "new")
                batch = [(pygame.MOUSEBUTTONDOWN, {"pos": new.rect.center, "button": 1,
                                                   "touch": False})]
            post(*batch)

    monkeypatch.setattr(runner.Runner, "frame", frame)
    assert app.run(args(tmp_path)) == 0
    shots = sorted(p.name for p in (tmp_path / "shots").iterdir())
    assert "001-home.png" in shots and "001-home.json" in shots
    assert any("newgame" in name for name in shots)


def test_screenshots_that_cannot_be_saved_stop_but_the_app_goes_on(tmp_path, monkeypatch,
                                                                    caplog):
    """Issue 20, item 10: a screenshot folder below a file crashed the app."""
    from companion.ui import runner

    (tmp_path / "a-file").write_text("x")
    original = runner.Runner.frame
    frames = []

    def frame(self):
        original(self)
        frames.append(self.ui.top.name)
        post((pygame.QUIT, {}))

    monkeypatch.setattr(runner.Runner, "frame", frame)
    assert app.run(args(tmp_path, screenshot_dir=str(tmp_path / "a-file" / "shots"))) == 0
    assert frames and "screenshots stopped" in caplog.text


def tap(key):
    """A batch of events: a tap on the target drawn with `key` in the UI's last frame."""
    return lambda ui: [(pygame.MOUSEBUTTONDOWN, {
        "pos": next(h for h in ui.canvas.hits if h.key == key).rect.center, "button": 1,
        "touch": False})]


def test_screenshot_each_input_saves_a_frame_after_every_input_that_changed_it(
        tmp_path, monkeypatch):
    import json

    from companion.ui import runner

    original = runner.Runner.frame

    # New game, then two player counts on the same screen, the same count again (the
    # picture stays as it was: no frame), then close.
    batches = [tap("new"), tap("count:3"), tap("count:5"),
               lambda ui: tap("count:5")(ui) + [(pygame.QUIT, {})]]

    def frame(self):
        original(self)
        if batches:
            post(*batches.pop(0)(self.ui))

    monkeypatch.setattr(runner.Runner, "frame", frame)
    from companion.ui import display
    monkeypatch.setattr(display, "DEBOUNCE_S", 0.0)  # the taps come faster than a finger's
    assert app.run(args(tmp_path, screenshot_each_input=True)) == 0
    shots = sorted(p.name for p in (tmp_path / "shots").iterdir() if p.suffix == ".png")
    assert shots[0] == "001-home.png"
    assert [s.split("-", 1)[1] for s in shots[1:]] == ["newgame.png"] * 3, shots
    # Each picture has its frame description beside it.
    frames = [json.loads((tmp_path / "shots" / s.replace(".png", ".json")).read_text(
        encoding="utf-8")) for s in shots]
    assert [f["screen"] for f in frames] == ["home", "newgame", "newgame", "newgame"]


def test_screenshot_each_input_waits_for_the_screen_to_come_to_rest(tmp_path, monkeypatch):
    """A screen still moving after an input (the score markers sliding) is written when it
    has stopped, never half-way: the same pictures as without the movement."""
    from companion.ui import display, runner, scene

    original = runner.Runner.frame
    moving = {"frames": 0, "saved_moving": 0}

    def animating_until(self):
        return self.ui.clock() + 1.0 if moving["frames"] > 0 else 0.0

    batches = [tap("new"), tap("count:3"), tap("count:5"),
               lambda ui: tap("count:5")(ui) + [(pygame.QUIT, {})]]

    def frame(self):
        original(self)
        if moving["frames"] > 0:
            moving["frames"] -= 1
            self.ui.dirty = True  # the next frame of the movement
        elif batches:
            post(*batches.pop(0)(self.ui))
            moving["frames"] = 3  # each input sets the screen moving for three frames

    save = pygame.image.save

    def saved(surface, path):
        moving["saved_moving"] += moving["frames"] > 0
        save(surface, path)

    monkeypatch.setattr(runner.Runner, "frame", frame)
    monkeypatch.setattr(scene.Scene, "animating_until", animating_until)
    monkeypatch.setattr(runner.pygame.image, "save", saved)
    monkeypatch.setattr(display, "DEBOUNCE_S", 0.0)
    assert app.run(args(tmp_path, screenshot_each_input=True)) == 0
    shots = sorted(p.name for p in (tmp_path / "shots").iterdir() if p.suffix == ".png")
    assert [s.split("-", 1)[1] for s in shots] == ["home.png"] + ["newgame.png"] * 3, shots
    assert moving["saved_moving"] == 0


def test_screenshot_each_input_needs_a_folder(tmp_path):
    from companion.errors import UsageError

    with pytest.raises(UsageError, match="--screenshot-dir"):
        app.run(args(tmp_path, screenshot_dir=None, screenshot_each_input=True))


def test_a_bad_config_refuses_to_start(tmp_path):
    config = tmp_path / "config"
    shutil.copytree(SHIPPED_CONFIG_DIR, config)
    (config / "companion.yaml").write_text("language: klingon\n", encoding="utf-8")
    with pytest.raises(ConfigError):
        app.run(args(tmp_path, config=str(config)))


def test_the_real_store_journals_and_resumes(tmp_path):
    """Through the screens with the journal on disk: a restart finds the game where it was."""
    from companion.engine import Setup
    from companion.engine.simulate import random_game
    from companion.ui.core import UI
    from ui.driver import play, start_game

    ui, services = on_disk(tmp_path)
    assert type(services.store).__name__ == "_SessionStore"
    actions, _ = random_game(services.load_catalogue(), 3, seed=9, form="quick")
    setup = actions[0]
    assert isinstance(setup, Setup)
    start_game(ui, setup)
    for action in actions[1:40]:
        play(ui, action)  # includes confirmations, which reopen the session
    reached = ui.game.state.to_json()
    ui.game.close()
    assert ui.top.name == "home" and ui.top.session is not None  # Home offers Resume
    ui.top.close_session()  # one process, two UIs: release the journal's lock first
    again = UI(services, (800, 480))
    again.open("home")
    assert again.top.session is not None, again.top.problem
    assert again.top.session.state.to_json() == reached


def test_a_finished_game_with_the_real_store_is_in_the_history(tmp_path):
    from companion.engine.simulate import random_game
    from companion.ui.scenes.history import HistoryScene
    from ui.driver import dismiss, play, start_game

    ui, services = on_disk(tmp_path, history=True)
    actions, final = random_game(services.load_catalogue(), 2, seed=5, form="quick")
    start_game(ui, actions[0])
    for action in actions[1:]:
        play(ui, action)
    dismiss(ui)
    assert ui.top.name == "final"
    ui.render()
    assert "Saved to history." in " ".join(ui.canvas.texts)
    ui.press("ok")  # Home
    ui.push(HistoryScene(ui))
    ui.render()
    drawn = " ".join(ui.canvas.texts)
    winner = final.final.winners[0]
    assert services.load_catalogue() is not None
    assert any(name in drawn for name in (winner, winner.capitalize())), drawn


def test_a_damaged_journal_is_reported_and_a_new_game_sets_it_aside(tmp_path):
    from companion.engine import Setup
    from companion.ui.core import UI
    from ui.driver import start_game

    ui, services = on_disk(tmp_path)
    start_game(ui, Setup(players=("red", "blue"), first="red"))
    ui.press("card:A-warehouse")
    ui.press("card:A-tea-taster")
    ui.game.close()
    ui.top.close_session()
    journal = next(p for p in services.state_dir.iterdir() if p.suffix == ".jsonl")
    lines = journal.read_bytes().split(b"\n")
    lines[1] = b'{"type": "reveal", "card": 17}'  # damaged before the last entry
    journal.write_bytes(b"\n".join(lines))
    again = UI(services, (800, 480))
    again.open("home")
    again.render()
    assert again.top.problem
    assert any("cannot be resumed" in t for t in again.canvas.texts)
    start_game(again, Setup(players=("red", "blue"), first="blue"))
    assert again.top.name == "supply"
    assert again.game.state.first_player == "blue"


def test_idle_draws_nothing_and_an_intent_wakes_the_loop_at_once(tmp_path, monkeypatch):
    import threading
    import time

    from companion.inputs import intents as it
    from companion.inputs.bus import IntentBus
    from companion.ui import runner

    bus = IntentBus()
    frames: list[tuple[float, str]] = []
    waits: list[float] = []
    original = runner.Runner.frame
    original_wait = runner.Runner.wait_intents

    def frame(self):
        original(self)
        frames.append((time.monotonic(), self.ui.top.name))

    def wait_intents(self, timeout_s):
        waits.append(time.monotonic())
        return original_wait(self, timeout_s)

    monkeypatch.setattr(runner.Runner, "frame", frame)
    monkeypatch.setattr(runner.Runner, "wait_intents", wait_intents)
    monkeypatch.setattr(app, "start_inputs", lambda hardware, simulate, state_dir: (None, bus))
    sent: list[float] = []
    quiet: list[float] = []

    def table():
        time.sleep(0.5)
        quiet.append(time.monotonic())
        time.sleep(1.0)  # idle: no frame should be drawn meanwhile, and the loop must not spin
        quiet.append(time.monotonic())
        sent.append(time.monotonic())
        bus.put(it.Ok())  # Home's primary action: New game
        time.sleep(0.5)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    thread = threading.Thread(target=table)
    thread.start()
    assert app.run(args(tmp_path, screenshot_dir=None)) == 0
    thread.join()
    assert [name for _t, name in frames] == ["home", "newgame"]
    assert frames[1][0] - sent[0] < 0.1  # woken by the intent, not by a timeout
    # Waiting on the bus ~20 ms at a time: about 50 turns of the loop in a quiet second.
    turns = sum(1 for t in waits if quiet[0] <= t < quiet[1])
    assert 10 <= turns <= 70, turns


def test_a_corrected_fireman_counts_now_and_after_a_restart(tmp_path):
    from companion.engine import Setup
    from companion.inputs import intents as it
    from companion.ui.core import UI
    from ui.driver import start_game

    ui, services = on_disk(tmp_path)
    start_game(ui, Setup(players=("red", "blue"), first="red"))
    for card in ("A-fireman-1", "A-warehouse", "A-tea-taster"):
        ui.intent(it.CardScanned("t", card))
    ui.intent(it.PlayerButton("blue"))
    ui.intent(it.Ok())
    assert ui.top.name == "confirm"
    ui.press("value:4")
    ui.press("ok")
    assert ui.game.state.player("blue").firemen == 4
    ui.game.close()
    ui.top.close_session()
    again = UI(services, (800, 480))
    again.open("home")
    assert again.top.session.state.player("blue").firemen == 4


class LiveTable:
    """The real app loop on this thread; a second thread acts like people at the table."""

    def __init__(self, monkeypatch):
        from companion.ui import runner

        self.made: list = []
        self.log: list[str] = []
        original_init = runner.Runner.__init__

        def init(runner_self, **kwargs):
            original_init(runner_self, **kwargs)
            self.made.append(runner_self)

        monkeypatch.setattr(runner.Runner, "__init__", init)

    @property
    def ui(self):
        return self.made[0].ui

    def wait(self, test, what):
        import time

        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                if self.made and test(self.ui):
                    return
            except (IndexError, KeyError, AttributeError):
                pass
            time.sleep(0.02)
        self.log.append(f"timed out waiting for {what}")
        raise TimeoutError(what)

    def tap(self, key):
        hit = next(h for h in self.ui.canvas.hits if h.key == key)
        post((pygame.MOUSEBUTTONDOWN, {"pos": hit.rect.center, "button": 1, "touch": False}))

    def run(self, tmp_path, table):
        """Run the app until `table` (the people) is done; they must end with log 'done'."""
        import threading

        def people():
            try:
                table()
                self.log.append("done")
            finally:
                post((pygame.QUIT, {}))

        thread = threading.Thread(target=people, daemon=True)
        thread.start()
        assert app.run(args(tmp_path, screenshot_dir=None)) == 0
        thread.join(10)
        assert self.log == ["done"]


def test_simulated_buttons_and_reader_travel_the_real_adapters(tmp_path, monkeypatch):
    """Keys press the simulated GPIO buttons; the card picker scans through the serial path."""
    import time

    live = LiveTable(monkeypatch)
    wait = live.wait

    def key(code, hold=0.12):
        post((pygame.KEYDOWN, {"key": code, "mod": 0}))
        time.sleep(hold)
        post((pygame.KEYUP, {"key": code, "mod": 0}))

    def table():
        wait(lambda ui: ui.top.name == "home" and not ui.dirty, "home")
        live.tap("new")
        wait(lambda ui: ui.top.name == "newgame" and not ui.dirty, "new game")
        key(pygame.K_2)  # the second colour's button: Blue starts
        wait(lambda ui: ui.top.first == "blue", "blue starts")
        key(pygame.K_RETURN)
        wait(lambda ui: ui.top.name == "setup", "setup guide")
        # OK again only after the hurried-press interval: sooner, its second press would
        # start the game on a screen nobody read (issue 31), and is refused.
        time.sleep(HURRIED_S + 0.05)
        key(pygame.K_RETURN)
        wait(lambda ui: ui.top.name == "supply" and not ui.dirty, "supply")
        live.tap("card:A-warehouse")  # the on-screen picker stands in for the reader
        wait(lambda ui: ui.game.state.slots[0].card == "A-warehouse", "the scan")
        key(pygame.K_BACKSPACE)  # Undo
        wait(lambda ui: not ui.game.state.slots, "undo")
        key(pygame.K_BACKSPACE, hold=1.5)  # held long: Redo
        wait(lambda ui: ui.game.state.slots, "redo")

    live.run(tmp_path, table)


def test_a_quick_key_tap_still_presses_the_simulated_button(tmp_path, monkeypatch):
    """Key down and up in the same instant (a quick tap, or both queued while the loop
    was busy) is still one press: the debounce must not swallow it."""
    live = LiveTable(monkeypatch)

    def table():
        live.wait(lambda ui: ui.top.name == "home" and not ui.dirty, "home")
        live.tap("new")
        live.wait(lambda ui: ui.top.name == "newgame" and not ui.dirty, "new game")
        post((pygame.KEYDOWN, {"key": pygame.K_2, "mod": 0}),
             (pygame.KEYUP, {"key": pygame.K_2, "mod": 0}))
        live.wait(lambda ui: ui.top.first == "blue", "blue starts")

    live.run(tmp_path, table)


def test_the_cannot_start_screen_says_how_to_close_it(monkeypatch):
    from companion.ui import canvas, runner

    made = []
    original = canvas.Canvas.__init__

    def init(self, surface):
        original(self, surface)
        made.append(self)

    monkeypatch.setattr(canvas.Canvas, "__init__", init)
    pygame.display.init()
    pygame.font.init()
    runner.show_fatal("companion.yaml:1:1: not valid YAML")
    texts = " ".join(made[-1].texts)
    assert "not valid YAML" in texts
    assert "Tap the screen to close" in texts


@pytest.mark.parametrize(("level", "shown"), [("warning", True), ("error", False)])
def test_the_app_logs_to_stderr_at_the_configured_level(tmp_path, monkeypatch, capsys, level,
                                                        shown):
    import logging

    from companion.ui import runner

    config = tmp_path / "config"
    shutil.copytree(SHIPPED_CONFIG_DIR, config)
    yaml = config / "companion.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("log_level: info",
                                                             f"log_level: {level}"),
                    encoding="utf-8")

    def run(self):
        logging.getLogger("companion.ui").warning("the card reader went away")
        return 0

    monkeypatch.setattr(runner.Runner, "run", run)
    try:
        assert app.run(args(tmp_path, config=str(config))) == 0
    finally:
        logging.getLogger().handlers[:] = [
            h for h in logging.getLogger().handlers if h.get_name() != "companion"]
    err = capsys.readouterr().err
    assert ("WARNING companion.ui: the card reader went away" in err) is shown
