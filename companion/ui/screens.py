"""The screens by name: what navigation, screenshots and the screen tests iterate.

Each `Screen` names a scene class (called as `make(host, **params)`) and its
sample states (a builder per picture, see `companion.ui.samples`). Scenes open
each other by these names (`host.open("tableau", pid=...)`), so adding a screen
is one module in `scenes/` plus one entry in `SCREENS` (docs/architecture.md, "A new
screen").
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

from companion.engine import Done, State
from companion.engine.values import field, value
from companion.engine.words import Form, Kind, Phase
from companion.inputs import intents as it
from companion.ui import i18n, names
from companion.ui.rulestexts import TEXTS, help_text
from companion.ui.scene import Scene

if TYPE_CHECKING:  # the demo games are for screenshots and tests, not the table's start
    from companion.ui.samples import Demo
    from companion.ui.scenes.final import FinalScene
    from companion.ui.scenes.history import HistoryScene
    from companion.ui.scenes.newgame import NewGameScene
    from companion.ui.scenes.pastgame import PastGameScene
    from companion.ui.scenes.setup import SetupGuideScene
    from companion.ui.scenes.stats import PlayerStatsScene
    from companion.ui.scenes.supply import SupplyScene

#: Leaves a demo UI (Home at the bottom) showing one sample state of a screen.
Sample = Callable[["Demo"], None]


def _names() -> dict[str, str]:
    """The demo players' names (the samples module is loaded only when a sample is built)."""
    from companion.ui.samples import NAMES

    return NAMES


@value
class Screen:
    """One registered screen."""

    name: str
    #: Builds the scene: `make(host, **params)`.
    make: Callable[..., Scene]
    #: Picture name -> builder of that sample state.
    samples: Mapping[str, Sample] = field(default_factory=dict)
    #: The screen shows the players: checked with 2 to 5 of them.
    per_players: bool = False


def _scene(module: str, cls: str) -> Callable[..., Scene]:
    """The scene class `cls` of `companion.ui.scenes.<module>`, imported when the screen is
    first opened: the table's first frame (Home) loads no other screen's code (the results
    screens bring the history statistics, the BG Stats play and the QR code)."""

    def make(host: object, **params: object) -> Scene:
        scene_class = getattr(importlib.import_module(f"companion.ui.scenes.{module}"), cls)
        made: Scene = scene_class(host, **params)
        return made

    make.__qualname__ = cls
    return make


# --- the sample states ---------------------------------------------------------------------


def _home(demo: Demo) -> None:
    """Home is the bottom of every demo UI."""


def _open(name: str, **params: object) -> Sample:
    return lambda demo: demo.ui.open(name, **params)


#: The phones' sample token (32 hex digits, as a real one): the sample picture's code and
#: address are the same on every run, so a change to them shows as a changed picture.
SAMPLE_TOKEN = "5a3c" * 8


def _phones(demo: Demo) -> None:
    from companion.store import phones  # noqa: PLC0415 - only the phones sample writes one

    state_dir = demo.ui.services.state_dir
    state_dir.mkdir(parents=True, exist_ok=True)
    phones.write_token(state_dir, SAMPLE_TOKEN)
    demo.ui.open("phones")


def _hardware(demo: Demo) -> None:
    demo.ui.services.recent_intents += [
        it.PlayerButton("red"), it.Ok(), it.CardScanned("5A0011AB42", "C-bank")]
    demo.ui.open("hardware")


def _keyboard(demo: Demo) -> None:
    demo.ui.open("newgame")
    demo.ui.open("keyboard", current="Anna", done=lambda name: None, whose=names.colour("red"))


def _newgame(demo: Demo) -> None:
    demo.ui.open("newgame")
    scene = demo.ui.top
    assert type(scene).__name__ == "NewGameScene"
    scene = cast("NewGameScene", scene)
    scene.set_count(demo.players)
    scene.names = {p: _names()[p] for p in scene.colours[:2]}
    scene.first = scene.colours[1]


def _newgame_first_time(demo: Demo) -> None:
    """What a table sees first: no names from earlier games (the note on how to type one),
    nobody chosen to start (the hint), every seat filled."""
    demo.ui.open("newgame")
    scene = demo.ui.top
    assert type(scene).__name__ == "NewGameScene"
    scene = cast("NewGameScene", scene)
    scene.known = []
    scene.set_count(demo.players)


def _stats_categories(demo: Demo) -> None:
    demo.ui.open("stats")
    scene = demo.ui.top
    assert type(scene).__name__ == "PlayerStatsScene"
    scene = cast("PlayerStatsScene", scene)
    scene.switch()


def _setup(demo: Demo) -> None:
    players = ("red", "blue", "green", "yellow", "purple")[:demo.players]
    demo.ui.open("setup", players=players, first="blue",
                 names_map={p: _names()[p] for p in players})
    scene = demo.ui.top
    assert type(scene).__name__ == "SetupGuideScene"
    scene = cast("SetupGuideScene", scene)
    scene.ticked = {0}


def _supply(demo: Demo) -> None:
    demo.at(lambda b, a: a.phase == Phase.SUPPLY and a.round >= 4 and len(a.slots) == 2)


def _ship(demo: Demo) -> None:
    catalogue = demo.catalogue

    def ship_next(b: State, a: State) -> bool:
        season = a.top_season()
        return a.phase == Phase.SUPPLY and len(a.slots) == 1 and season is not None and any(
            catalogue[c].kind == Kind.SHIP for c in a.unseen.get(season, ()))

    demo.at(ship_next)
    state = demo.state
    season = state.top_season()
    assert season is not None
    ship = sorted(c for c in state.unseen[season] if catalogue[c].kind == Kind.SHIP)
    scene = demo.ui.top
    assert type(scene).__name__ == "SupplyScene"
    scene = cast("SupplyScene", scene)
    scene.pick(ship[0])
    scene.goods = ["tea"]


def _fire(demo: Demo) -> None:
    demo.at(lambda b, a: len(a.fires) > len(b.fires) and bool(a.fires[-1].gained),
            last_live=True)
    if demo.ui.top.name != "fire":  # a tap on the next screen's fire message opens it
        demo.ui.tap_message()


def _purchase(demo: Demo) -> None:
    # The buyer × price grid as the table sees it: a tap on a price records the purchase.
    demo.at(lambda b, a: a.phase == Phase.PURCHASE and a.settling == 2 and a.round >= 3)
    assert type(demo.ui.top).__name__ == "PurchaseScene"


def _tracked(demo: Demo) -> None:
    demo.at(lambda b, a: a.phase == Phase.DEMAND and a.placed == 5, form=Form.TRACKED, seed=5)


def _loading_moment(b: State, a: State) -> bool:
    return a.phase == Phase.LOADING and a.round >= 5 and any(
        a.player(p).dock and a.player(p).contracts for p in a.players)


def _loading(demo: Demo) -> None:
    """A player's cubes and every move they allow, one tap each."""
    demo.at(_loading_moment)
    scene = demo.ui.top
    assert type(scene).__name__ == "LoadingScene"


def _loading_end_all(demo: Demo) -> None:
    """Ending Loading for everyone, asked: every cube still on a ship, to the stock."""
    from companion.engine.legal import cube_holders

    demo.at(lambda b, a: a.phase == Phase.LOADING and b.phase != Phase.LOADING
            and len(cube_holders(a)) >= 2)
    scene: Any = demo.ui.top
    scene.ask_end()


def _tableau(demo: Demo) -> None:
    demo.at(_loading_moment)
    state = demo.state
    rich = max(state.players, key=lambda p: len(state.player(p).cards))
    demo.ui.open("tableau", pid=rich)


def _income(demo: Demo) -> None:
    demo.at(lambda b, a: isinstance(a.last_action, Done) and a.round >= 4
            and any(i.bank for i in (a.income or {}).values()), last_live=True)
    if demo.ui.top.name != "income":  # a tap on the next screen's Income message opens it
        demo.ui.tap_message()


def _final(demo: Demo) -> None:
    demo.at(lambda b, a: a.phase == Phase.OVER, last_live=True)
    while demo.ui.top.name in ("fire", "income"):
        demo.ui.pop()
    demo.ui.dismiss_message()  # the 4th fire's message, read: the screen as it stays


def _final_high(demo: Demo) -> None:
    """A final of two-digit scores (a long game's): with five players at 800x480 the code
    leaves room beside it only for the ranking, and a button shows every category."""
    demo.at(lambda b, a: a.phase == Phase.OVER, seed=35, last_live=True)
    while demo.ui.top.name in ("fire", "income"):
        demo.ui.pop()
    demo.ui.dismiss_message()


def _bgstats(demo: Demo) -> None:
    """The final screen's code, tapped: the whole screen."""
    _final(demo)
    scene = demo.ui.top
    assert type(scene).__name__ == "FinalScene"
    scene = cast("FinalScene", scene)
    link = scene.link()
    assert link is not None
    demo.ui.open("bgstats", link=link, title=scene.title())


def _past_game(demo: Demo) -> None:
    """History, and a tap on the latest game with the demo's number of players."""
    demo.ui.open("history")
    scene = demo.ui.top
    assert type(scene).__name__ == "HistoryScene"
    scene = cast("HistoryScene", scene)
    game = next(g for g in scene.window(0, scene.total)
                if len(getattr(g, "players", ())) == demo.players)
    scene.open_game(game)


def _past_game_chart(demo: Demo) -> None:
    """A reopened game with the running-score chart in the code's place."""
    _past_game(demo)
    scene = demo.ui.top
    assert type(scene).__name__ == "PastGameScene"
    scene = cast("PastGameScene", scene)
    scene.toggle()


def _help_text(demo: Demo) -> None:
    """The longest rules text in the current language, over the Supply screen it was
    opened from."""
    _supply(demo)
    language = i18n.language()
    topic = max(TEXTS, key=lambda t: len("".join(help_text(t, language))))
    demo.ui.open("help", topic=topic)


def _help_list(demo: Demo) -> None:
    """Supply's "?": the phase and every card still to be revealed this season."""
    _supply(demo)
    demo.ui.open("help", topics=demo.ui.top.help_topics())


def _help_scores(demo: Demo) -> None:
    """The final screen's "?": a rules text per score row."""
    _final(demo)
    demo.ui.open("help", topics=demo.ui.top.help_topics())


def _confirm(demo: Demo) -> None:
    demo.at(lambda b, a: a.phase == Phase.SUPPLY and a.round == 2)
    demo.ui.open("confirm", card_id="B-fire", field="points")


def _pick_goods(demo: Demo) -> None:
    """Supply's "Contract ?": which goods does the revealed contract show (one tap)."""
    demo.at(lambda b, a: a.phase == Phase.SUPPLY and a.round == 1 and len(a.slots) == 1
            and sum(1 for c in a.unseen["A"] if "contract" in c) > 1)
    supply: Any = demo.ui.top
    supply.ask("contract")  # Winter's contracts are all guesses


# --- the registry ----------------------------------------------------------------------------

SCREENS: dict[str, Screen] = {screen.name: screen for screen in (
    Screen("home", _scene("home", "HomeScene"), {"home": _home}),
    Screen("newgame", _scene("newgame", "NewGameScene"),
           {"newgame": _newgame, "newgame-first": _newgame_first_time}, per_players=True),
    Screen("keyboard", _scene("keyboard", "NameScene"), {"keyboard": _keyboard}),
    Screen("setup", _scene("setup", "SetupGuideScene"), {"setup": _setup}, per_players=True),
    Screen("supply", _scene("supply", "SupplyScene"),
           {"supply": _supply, "ship": _ship}, per_players=True),
    Screen("fire", _scene("fire", "FireScene"), {"fire": _fire}, per_players=True),
    Screen("purchase", _scene("purchase", "PurchaseScene"),
           {"purchase": _purchase}, per_players=True),
    Screen("purchase-tracked", _scene("purchase", "TrackedPurchaseScene"),
           {"tracked": _tracked}, per_players=True),
    Screen("loading", _scene("loading", "LoadingScene"),
           {"loading": _loading, "loading-end-all": _loading_end_all}, per_players=True),
    Screen("income", _scene("income", "IncomeScene"), {"income": _income}, per_players=True),
    Screen("final", _scene("final", "FinalScene"), {"final": _final, "final-high": _final_high},
           per_players=True),
    Screen("tableau", _scene("tableau", "TableauScene"), {"tableau": _tableau}, per_players=True),
    Screen("bgstats", _scene("handoff", "HandoffScene"), {"bgstats": _bgstats}, per_players=True),
    Screen("confirm", _scene("confirm", "ConfirmValueScene"),
           {"confirm": _confirm, "pick-goods": _pick_goods}),
    Screen("help", _scene("help", "HelpScene"),
           {"help": _help_text, "help-list": _help_list, "help-scores": _help_scores},
           per_players=True),
    Screen("history", _scene("history", "HistoryScene"), {"history": _open("history")}),
    Screen("past-game", _scene("pastgame", "PastGameScene"),
           {"past-game": _past_game, "past-game-chart": _past_game_chart}, per_players=True),
    Screen("stats", _scene("stats", "PlayerStatsScene"),
           {"stats": _open("stats"), "stats-categories": _stats_categories}),
    Screen("settings", _scene("settings", "SettingsScene"), {"settings": _open("settings")}),
    Screen("hardware", _scene("hardware", "HardwareScene"), {"hardware": _hardware}),
    Screen("enroll", _scene("enroll", "EnrollScene"), {"enroll": _open("enroll")}),
    Screen("phones", _scene("phones", "PhonesScene"), {"phones": _phones}),
)}


def samples() -> list[tuple[str, Screen, Sample]]:
    """Every (picture name, screen, builder), in registry order."""
    return [(shot, screen, build) for screen in SCREENS.values()
            for shot, build in screen.samples.items()]
