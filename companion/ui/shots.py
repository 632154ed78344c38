"""Screenshots of every screen, from a demo game: `python -m companion.ui.shots DIR`.

Each screen is reached the way a table would reach it (a random but legal
game, played up to the right moment), so the pictures show real numbers.
Used for the README and by the screenshot tests.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from companion.engine import Action, Done, Setup, State, iter_states  # noqa: E402
from companion.engine.simulate import random_game  # noqa: E402
from companion.engine.words import Kind, Phase  # noqa: E402
from companion.languages import LANGUAGES  # noqa: E402
from companion.ui.core import UI, Services  # noqa: E402
from companion.ui.memory import MemorySession, MemoryStore  # noqa: E402

SCREENS = (
    "home", "newgame", "setup", "supply", "ship", "fire", "purchase", "tracked", "loading",
    "income", "final", "tableau", "confirm", "history", "settings", "hardware", "enroll",
    "keyboard",
)
NAMES = {"red": "Anna", "blue": "Ben", "green": "Cleo", "yellow": "Dirk", "purple": "Emma"}


class DemoHistory:
    """Two finished games, for the History screen and the names offered on New game."""

    def games(self) -> list[dict[str, Any]]:
        return [{"finished": "2026-11-22 20:02", "winners": ["Ben", "Cleo"]},
                {"finished": "2026-11-20 21:14", "winners": ["Anna"]}]

    def player_stats(self) -> list[dict[str, Any]]:
        return [{"name": "Anna", "games": 2, "wins": 1, "best": 41},
                {"name": "Ben", "games": 2, "wins": 1, "best": 38},
                {"name": "Cleo", "games": 1, "wins": 1, "best": 38}]

    def known_names(self) -> list[str]:
        return ["Anna", "Ben", "Cleo", "Dirk"]


def demo_services(state_dir: Path, language: str = "en") -> Services:
    """The app's own services over the shipped catalogue, with a game kept in memory."""
    from companion.paths import SHIPPED_CONFIG_DIR
    from companion.ui.runner import make_services

    settings = {"language": language, "purchase_form": "quick",
                "display": {"size": [800, 480], "rotation": 0}}
    return make_services(settings, state_dir, SHIPPED_CONFIG_DIR, store=MemoryStore(),
                         history=DemoHistory(), simulator=None, tagmap=None,
                         save_settings=None)


_games: dict[tuple[str, int], list[Action]] = {}


def demo_game(catalogue: Any, form: str = "quick", seed: int = 11) -> list[Action]:
    """A random legal 4-player game with named players (the same for every call)."""
    if (form, seed) in _games:
        return _games[(form, seed)]
    actions, _state = random_game(catalogue, 4, seed=seed, form=form)
    setup = actions[0]
    assert isinstance(setup, Setup)
    named = Setup(players=setup.players, first=setup.first,
                  names={p: NAMES[p] for p in setup.players})
    _games[(form, seed)] = [named, *actions[1:]]
    return _games[(form, seed)]


def find(actions: list[Action], catalogue: Any, test: Callable[[State, State], bool]) -> int:
    """The number of actions after which `test(before, after)` first holds."""
    before: State | None = None
    for number, _action, after in iter_states(actions, catalogue):
        if before is not None and test(before, after):
            return number - 1  # actions after the setup line
        before = after
    raise LookupError("the demo game never reaches that moment")


def open_at(ui: UI, actions: list[Action], count: int, *, last_live: bool = False) -> None:
    """Open the demo game after `count` actions; the last one through the screens if `last_live`."""
    from companion.ui.scenes.home import open_game

    catalogue = ui.services.load_catalogue()
    upto = count - 1 if last_live else count
    session = MemorySession(actions[0], catalogue, list(actions[1:upto + 1]))  # type: ignore[arg-type]
    ui.services.store.sessions[str(ui.services.state_dir)] = session
    open_game(ui, session)
    if last_live:
        ui.game.submit(actions[count])


def build(screen: str, size: tuple[int, int], language: str, state_dir: Path) -> UI:
    """A UI showing `screen`, at `size`, in `language`."""
    from companion.ui.scenes.confirm import ConfirmValueScene
    from companion.ui.scenes.enroll import EnrollScene
    from companion.ui.scenes.hardware import HardwareScene
    from companion.ui.scenes.history import HistoryScene
    from companion.ui.scenes.home import HomeScene
    from companion.ui.scenes.newgame import NewGameScene
    from companion.ui.scenes.settings import SettingsScene
    from companion.ui.scenes.setup import SetupGuideScene
    from companion.ui.scenes.tableau import TableauScene

    services = demo_services(state_dir, language)
    ui = UI(services, size)
    ui.push(HomeScene(ui))
    catalogue = services.load_catalogue()
    if screen == "home":
        return ui
    if screen in ("history", "settings", "hardware", "enroll"):
        scene = {"history": HistoryScene, "settings": SettingsScene, "hardware": HardwareScene,
                 "enroll": EnrollScene}[screen](ui)
        ui.push(scene)
        if screen == "hardware":
            services.recent_intents += ["PlayerButton(colour='red')", "Ok()",
                                        "CardScanned(tag='5A0011AB42', card_id='B-bank')"]
        return ui
    if screen == "keyboard":
        from companion.ui.scenes.keyboard import NameScene

        ui.push(NewGameScene(ui))
        ui.push(NameScene(ui, "Anna", lambda name: None))
        return ui
    if screen == "newgame":
        scene = NewGameScene(ui)
        scene.names = {"red": "Anna", "blue": "Ben"}
        scene.first = "blue"
        ui.push(scene)
        return ui
    if screen == "setup":
        players = ("red", "blue", "green")
        ui.push(SetupGuideScene(ui, players, "blue", {p: NAMES[p] for p in players}))
        ui.top.ticked = {0}  # type: ignore[attr-defined]
        return ui
    if screen == "tracked":
        actions = demo_game(catalogue, "tracked", seed=5)
        k = find(actions, catalogue, lambda b, a: a.phase == Phase.DEMAND and a.placed == 5)
        open_at(ui, actions, k)
        return ui
    actions = demo_game(catalogue)
    if screen == "supply":
        k = find(actions, catalogue, lambda b, a: a.phase == Phase.SUPPLY and a.round >= 4
                 and len(a.slots) == 2)
        open_at(ui, actions, k)
    elif screen == "ship":
        k = find(actions, catalogue, lambda b, a: a.phase == Phase.SUPPLY and len(a.slots) == 1
                 and any(catalogue[c].kind == Kind.SHIP for c in a.unseen.get(a.top_season()
                                                                            or "A", ())))
        open_at(ui, actions, k)
        state = ui.game.state
        ship = sorted(c for c in state.unseen[state.top_season()] if catalogue[c].kind == Kind.SHIP)
        ui.top.pick(ship[0])  # type: ignore[attr-defined]
        ui.top.goods = ["tea"]  # type: ignore[attr-defined]
    elif screen == "fire":
        k = find(actions, catalogue, lambda b, a: len(a.fires) > len(b.fires)
                 and bool(a.fires[-1].gained))
        open_at(ui, actions, k, last_live=True)
    elif screen == "purchase":
        k = find(actions, catalogue, lambda b, a: a.phase == Phase.PURCHASE and a.settling == 2
                 and a.round >= 3)
        open_at(ui, actions, k)
        state = ui.game.state
        rich = max(state.players, key=lambda p: state.player(p).coins)
        ui.top.select(rich)  # type: ignore[attr-defined]
        ui.top.step(min(2, state.player(rich).coins - 1))  # type: ignore[attr-defined]
    elif screen in ("loading", "tableau"):
        k = find(actions, catalogue, lambda b, a: a.phase == Phase.LOADING and a.round >= 5
                 and any(a.player(p).dock and a.player(p).contracts for p in a.players))
        open_at(ui, actions, k)
        if screen == "tableau":
            state = ui.game.state
            rich = max(state.players, key=lambda p: len(state.player(p).cards))
            ui.push(TableauScene(ui, rich))
        else:
            ui.top.toggle(0)  # type: ignore[attr-defined]
    elif screen == "income":
        k = find(actions, catalogue, lambda b, a: isinstance(a.last_action, Done)
                 and a.round >= 4 and any(i.bank for i in (a.income or {}).values()))
        open_at(ui, actions, k, last_live=True)
    elif screen == "final":
        open_at(ui, actions, len(actions) - 1, last_live=True)
        while ui.top.name in ("fire", "income"):
            ui.pop()
    elif screen == "confirm":
        k = find(actions, catalogue, lambda b, a: a.phase == Phase.SUPPLY and a.round == 2)
        open_at(ui, actions, k)
        ui.push(ConfirmValueScene(ui, "B-fire", "points", None))
    return ui


def save_all(out: Path, size: tuple[int, int] = (800, 480), language: str = "en",
             screens: tuple[str, ...] = SCREENS, suffix: str = "") -> list[Path]:
    pygame.display.init()
    pygame.font.init()
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    for screen in screens:
        with tempfile.TemporaryDirectory() as tmp:
            ui = build(screen, size, language, Path(tmp))
            path = out / f"{screen}{suffix}.png"
            pygame.image.save(ui.render(), str(path))
            saved.append(path)
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--language", default="en", choices=LANGUAGES)
    parser.add_argument("--screens", nargs="*", default=list(SCREENS))
    parser.add_argument("--suffix", default="", help="added to each file name, e.g. -de")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    for path in save_all(args.out, (w, h), args.language, tuple(args.screens), args.suffix):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
