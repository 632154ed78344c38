"""Whole games through the UI, every frame drawn twice: with the caches warm (as the table
sees it) and with every cache cold. What a frame remembers by content (`UI.memo`, the
kept layers of `Canvas.layer`, the bar's widths, the scenes' `kept` values, the label,
wrap and text caches, the engine's Loading actions) must never show what changed as it
was, nor leave a tap target bound to a scene no longer on screen.

The walk plays random legal games (their records' own Undo, Redo and replaced actions
included) through the screens as the table would (tests/ui/driver.py), and between the
record's actions, by a fixed seed: bursts of 1-3 Undos then as many Redos by the button,
players' buttons on Loading (choosing a player, stepping through their moves), the
language switched mid-game (through every language), the buttons' legend on and off, and
the window turned (800x480 <-> 480x800, as tests/ui/test_memo.py does).

What a round screen's plan takes from the one before (`RoundScene.frame_plan`,
`GameController.plans`, Supply's last view: the places that stay put within a round) is
the screen's history, not a cache: the cold frame starts from the same history as the
warm one (both are drawn from the scenes as they were before the frame). Emptied too, the
controls move by design (tried: Supply's cards and Purchase's price grid take other places
than the round's earlier frames gave them).
"""

from __future__ import annotations

import ast
import random
from collections import OrderedDict
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.engine import Setup, legal
from companion.engine.simulate import random_game
from companion.inputs import intents as it
from companion.languages import LANGUAGES
from companion.texts import i18n as texts_i18n
from companion.texts import words as texts_words
from companion.ui import canvas, layout
from companion.ui.core import UI
from companion.ui.game import GameController
from companion.ui.memo import Memo
from companion.ui.scene import Scene

from .conftest import make_services
from .driver import AUTO_DONE, play, show_player, start_game

ROOT = Path(__file__).resolve().parents[2]

#: Every module-level cache a frame reads, as (module, name): emptied for the cold frame.
COLD = {
    (canvas, "_layers"), (canvas, "_layers_bytes"), (canvas, "_placed"),
    (canvas, "_rendered"), (canvas, "_rendered_bytes"), (canvas, "_wrapped"),
    (canvas, "_labels"), (layout, "_fitted"), (legal, "_last_loading"),
    (legal, "_by_holding"), (texts_i18n, "_said"), (texts_words, "_last_letters"),
}
#: Module-level state of the packages a frame draws from that is no cache of a frame's,
#: and why (`test_every_module_level_cache_is_emptied_for_the_cold_frame` finds new ones).
NOT_A_FRAMES_CACHE = {
    "companion/ui/canvas.py:_fonts": "the loaded fonts (their measured sizes are emptied)",
    "companion/ui/shots.py:_shipped": "the screenshots' catalogue, not drawn by the app",
    "companion/ui/samples.py:_games": "the sample screens' demo games, not the app's",
    "companion/ui/qr.py:matrix": "the phones screen's QR code by its text (no game frame)",
    "companion/ui/qr.py:fits": "the phones screen's QR code by its text (no game frame)",
    "companion/ui/qr.py:_surface": "the phones screen's QR code by its text (no game frame)",
    "companion/texts/i18n.py:_cache": "each language's compiled catalogue (read from disk)",
    "companion/texts/i18n.py:_current": "the language shown (set, not remembered)",
}


def _empty(value: object) -> object:
    """A new empty cache of the same kind as `value`."""
    if isinstance(value, OrderedDict):
        return OrderedDict()
    if isinstance(value, dict):
        return {}
    if isinstance(value, list):
        return [0] if value and isinstance(value[0], int) else []
    if isinstance(value, tuple):  # legal._last_loading: (state, its players' actions)
        return (None, {})
    raise TypeError(f"no empty form of {type(value).__name__}")


def take_caches(ui: UI) -> dict[str, Any]:
    """Every cache the next frame would read, taken away (the next frame finds them cold);
    `put_caches` puts them back."""
    taken: dict[str, Any] = {"modules": {}}
    for module, name in COLD:
        taken["modules"][(module, name)] = getattr(module, name)
        setattr(module, name, _empty(getattr(module, name)))
    taken["sizes"] = {px: f._sizes for px, f in canvas._fonts.items()}
    for f in canvas._fonts.values():
        f._sizes = {}
    taken["memo"], ui.memo = ui.memo, Memo(ui.memo.size)
    taken["widths"] = ui._bar._widths
    ui._bar._widths = Memo(ui._bar._widths.size)
    return taken


def put_caches(ui: UI, taken: dict[str, Any]) -> None:
    for (module, name), value in taken["modules"].items():
        setattr(module, name, value)
    for px, sizes in taken["sizes"].items():
        if px in canvas._fonts:
            canvas._fonts[px]._sizes = sizes
    ui.memo = taken["memo"]
    ui._bar._widths = taken["widths"]


#: What a frame sets on the UI for the next input (its targets, the bar's buttons).
UI_FRAME = ("canvas", "_bar_buttons", "_above", "_strip_kept", "dirty")


def history(ui: UI) -> dict[str, Any]:
    """The scenes and the UI as they are (each scene's attributes, the game's kept plans):
    what a frame starts from and changes."""
    game = ui.game
    return {"scenes": [(scene, dict(vars(scene))) for scene in ui.stack],
            "ui": {name: getattr(ui, name) for name in UI_FRAME},
            "plans": dict(game.plans._last) if isinstance(game, GameController) else None}


def put_history(ui: UI, held: dict[str, Any], *, cold: bool = False) -> None:
    """Put back what `history` took; `cold`: without the values the scenes kept."""
    for scene, attributes in held["scenes"]:
        vars(scene).clear()
        vars(scene).update(attributes)
        if cold:
            scene._kept = None
    for name, value in held["ui"].items():
        setattr(ui, name, value)
    if held["plans"] is not None:
        assert isinstance(ui.game, GameController)
        ui.game.plans._last = dict(held["plans"])


def owners(action: object, seen: set[int] | None = None) -> list[object]:
    """The scenes, controllers and UIs a tap target's action acts on: bound methods' selves,
    partials' functions and arguments, closures' cells."""
    seen = set() if seen is None else seen
    if id(action) in seen:
        return []
    seen.add(id(action))
    if isinstance(action, Scene | UI | GameController):
        return [action]
    found: list[object] = []
    if isinstance(action, partial):
        for part in (action.func, *action.args, *action.keywords.values()):
            found += owners(part, seen)
    elif hasattr(action, "__self__") and hasattr(action, "__func__"):
        found += owners(action.__self__, seen)
    elif callable(action) and getattr(action, "__closure__", None):
        for cell in action.__closure__:  # type: ignore[union-attr]
            try:
                found += owners(cell.cell_contents, seen)
            except ValueError:  # an empty cell
                pass
    return found


def stale_owners(ui: UI) -> list[str]:
    """The frame's tap targets whose action acts on a scene that is not the one on screen,
    or on another game or UI."""
    wrong = []
    for hit in ui.canvas.hits:
        for owner in owners(hit.action):
            if owner is ui or owner is ui.top or owner is ui.game:
                continue
            wrong.append(f"{hit.key}: {type(owner).__name__} at {id(owner):#x}, not on "
                         f"screen ({ui.top.name})")
    return wrong


def seen(ui: UI) -> tuple[bytes, dict[str, object], list[tuple[str, tuple[int, ...]]]]:
    """The frame on the UI: its pixels, its description, its targets (key, rectangle)."""
    pixels = pygame.image.tobytes(ui.surface, "RGB")
    described = ui.canvas.describe(ui.top.name, ui.language)
    return pixels, described, [(hit.key, tuple(hit.rect)) for hit in ui.canvas.hits]


def differences(warm: tuple[Any, ...], cold: tuple[Any, ...]) -> list[str]:
    found = []
    if warm[0] != cold[0]:
        found.append("pixels")
    for part in warm[1]:
        if warm[1][part] != cold[1][part]:
            diff = [x for x in warm[1][part] if x not in cold[1][part]] \
                if isinstance(warm[1][part], list) else warm[1][part]
            found.append(f"description's {part}: warm only {diff!r:.300}")
    if warm[2] != cold[2]:
        found.append(f"targets: warm only {[h for h in warm[2] if h not in cold[2]]}, "
                     f"cold only {[h for h in cold[2] if h not in warm[2]]}")
    return found


class Guard:
    """Every frame the UI renders, drawn again with every cache cold and compared; the
    warm caches, the scenes and the warm frame are then put back (the game goes on warm)."""

    def __init__(self, ui: UI) -> None:
        self.ui = ui
        self.render = ui.render
        self.frames = 0
        self.found: list[str] = []
        self.where = ""
        ui.render = self.checked  # type: ignore[method-assign]

    def checked(self) -> pygame.Surface:
        ui = self.ui
        before = history(ui)
        surface = self.render()
        warm = seen(ui)
        picture = ui.surface.copy()
        after = history(ui)
        taken = take_caches(ui)
        try:
            put_history(ui, before, cold=True)
            self.render()
            cold = seen(ui)
        finally:
            put_caches(ui, taken)
            put_history(ui, after)
            ui.surface.blit(picture, (0, 0))
        self.frames += 1
        said = differences(warm, cold) + stale_owners(ui)
        if said:
            self.found.append(f"frame {self.frames} ({ui.top.name}, {self.where}, "
                              f"{ui.surface.get_size()}, {ui.language}): {'; '.join(said)}")
        return surface


#: A covering set (each under a few seconds): 2 and 5 players, quick and tracked Purchase,
#: each game starting in another language and going through all of them.
GAMES = [(2, "quick", 3), (5, "tracked", 5), (5, "quick", 9)]


@pytest.mark.parametrize(("start", "game"), list(zip(LANGUAGES, GAMES, strict=True)),
                         ids=[f"{lang}-{p}-{form}" for lang, (p, form, _s)
                              in zip(LANGUAGES, GAMES, strict=True)])
def test_every_frame_of_whole_games_is_the_frame_drawn_with_every_cache_cold(
        tmp_path, start, game):
    players, form, seed = game
    services = make_services(tmp_path, language=start, purchase_form=form)
    ui = UI(services, (800, 480))
    now = [1000.0]
    ui.clock = lambda: now[0]  # (the same moment for both drawings of a frame)
    ui.open("home")
    guard = Guard(ui)
    catalogue = services.load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form=form, undo_rate=0.05,
                                  loading="in_turn")
    setup = actions[0]
    assert isinstance(setup, Setup)
    rng = random.Random(seed)
    languages = [*LANGUAGES[LANGUAGES.index(start):], *LANGUAGES[:LANGUAGES.index(start)]]
    switches = {len(actions) * (i + 1) // len(languages): lang
                for i, lang in enumerate(languages[1:])}
    done: dict[str, int] = dict.fromkeys(("undo", "player", "legend", "turn", "language"), 0)

    def press(intent: it.Intent) -> None:
        now[0] += 5.0  # a hand's presses come apart (never hurried, no transition left)
        ui.intent(intent)
        ui.keys()  # the frame after it

    try:
        start_game(ui, setup)
        for number, action in enumerate(actions[1:], start=1):
            now[0] += 5.0
            guard.where = f"action {number} {type(action).__name__}"
            play(ui, action)
            ui.keys()
            if number in switches:
                ui.set_language(switches[number])
                done["language"] += 1
                ui.keys()
            scene = ui.top
            roll = rng.random()
            if roll < 0.12 and id(ui) not in AUTO_DONE and not scene.entry_pending() \
                    and ui.game.state.phase != "over":
                count = rng.randint(1, 3)
                guard.where += f", {count} undone and redone"
                for _ in range(count):
                    press(it.Undo())
                for _ in range(count):
                    press(it.Redo())
                done["undo"] += 1
            elif roll < 0.3 and scene.name == "loading" and scene.player is not None:
                shown = scene.player
                guard.where += ", the players' buttons"
                for _ in range(rng.randint(1, 3)):
                    press(it.PlayerButton(rng.choice([shown, *ui.game.state.players])))
                other = next(p for p in ui.game.state.players if p != ui.top.player)
                press(it.PlayerButton(other))  # (no move left chosen on the buttons)
                show_player(ui, shown)
                ui.keys()
                done["player"] += 1
            elif roll < 0.36:
                services.buttons = not services.buttons
                ui.dirty = True
                ui.keys()
                done["legend"] += 1
            elif roll < 0.39:
                ui.surface = pygame.Surface(ui.surface.get_size()[::-1])
                ui.dirty = True
                ui.keys()
                done["turn"] += 1
        assert ui.top.name == "final"
    finally:
        texts_i18n.set_language("en")
    assert not guard.found, "\n".join(guard.found[:8])
    assert all(done.values()), done
    assert guard.frames > len(actions)


def _module_level_caches(path: Path) -> list[str]:
    """The module-level names of `path` bound to a mutable container or a memo, or naming
    a function remembered by `functools` (constants, in capitals, left out)."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any(
                "cache" in ast.unparse(d) for d in node.decorator_list):
            found.append(node.name)
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            for target in targets:
                if not isinstance(target, ast.Name) or target.id.isupper() or \
                        target.id.startswith("__") or value is None:
                    continue
                made = ast.unparse(value)
                if isinstance(value, ast.Dict | ast.List | ast.Set | ast.Tuple) or \
                        made.startswith(("OrderedDict(", "dict(", "Memo(", "set(", "list(",
                                         "gettext.NullTranslations(")):
                    found.append(target.id)
    return found


def test_every_module_level_cache_is_emptied_for_the_cold_frame():
    """The cold frame misses no cache: every module-level container of the packages a
    frame reads (companion/ui, companion/texts, companion/engine) is in `COLD` or named in
    `NOT_A_FRAMES_CACHE` with the reason."""
    cold = {f"{Path(module.__file__).relative_to(ROOT).as_posix()}:{name}"
            for module, name in COLD}
    found = set()
    for package in ("companion/ui", "companion/texts", "companion/engine"):
        for path in sorted((ROOT / package).rglob("*.py")):
            found.update(f"{path.relative_to(ROOT).as_posix()}:{name}"
                         for name in _module_level_caches(path))
    assert found - cold - set(NOT_A_FRAMES_CACHE) == set()
    assert cold | set(NOT_A_FRAMES_CACHE) <= found  # (none named that is gone)


def test_the_guard_finds_a_kept_layer_that_shows_what_changed_and_a_stale_target(services):
    """The guard can fail: a layer kept under a key that misses what it shows, and a target
    acting on a scene no longer on screen, are both found."""
    ui = UI(services, (800, 480))
    ui.open("home")
    guard = Guard(ui)
    shown = ["one"]
    replaced = ui.make("help", topic="kind:ship")

    def part(c: canvas.Canvas) -> None:
        c.layer(("a part",), pygame.Rect(10, 10, 200, 40),
                lambda inner, room: inner.text(shown[0], room.topleft))
        c.hits.append(canvas.Hit(pygame.Rect(0, 0, 5, 5), replaced.on_back, "stale", ""))

    draw = ui.top.draw
    ui.top.draw = lambda c, body: (part(c), draw(c, body))  # type: ignore[method-assign]
    ui.dirty = True
    ui.keys()
    assert len(guard.found) == 1 and "stale: HelpScene" in guard.found[0]
    shown[0] = "two"  # the key misses it: the warm frame shows "one" still
    ui.dirty = True
    ui.keys()
    assert "pixels" in guard.found[1] and "'text': 'one'" in guard.found[1]
