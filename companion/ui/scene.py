"""A screen (`Scene`), and what a screen may ask of the UI that holds it (`SceneHost`).

Scenes depend on `SceneHost` and `GameHost`, two protocols, never on the
scene stack (`companion.ui.core.UI`) or the game controller
(`companion.ui.game.GameController`) themselves. A scene opens another screen
by its registry name (`host.open("tableau", pid=...)`, see
`companion.ui.screens`), so no scene imports another scene's module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar, cast

import pygame

from companion.engine import Action, State
from companion.engine.values import value
from companion.inputs.intents import Intent
from companion.ui.canvas import Canvas
from companion.ui.i18n import _
from companion.ui.memo import Memo
from companion.ui.plans import KeptPlans
from companion.ui.services import GameSession, PrintedValue, Services

T = TypeVar("T")
Action0 = Callable[[], object]
#: What a scene's primary button shows and does (None: shown disabled).
Primary = tuple[str, Action0 | None]


@value
class BarSays:
    """What the UI's bar leaves a round screen's frame to show (`Scene.draw_framed`): the
    bar decides where the words go, the frame's plan where they and the legend sit."""

    #: The hint fits in the bar on two lines, whichever hint the screen may show (the
    #: frame gives it no place above the controls).
    hint_in_bar: bool
    #: A message too long for the bar (None: none), whether it is an error, its short
    #: form (`Message.short`) and what a tap on it does.
    message: str | None = None
    error: bool = False
    short: str | None = None
    dismiss: Action0 | None = None
    #: The table has buttons and the legend is shown: the frame keeps its row.
    legend: bool = False
    #: The screen's hint, too long for the bar, given way to the buttons' legend (a
    #: screen may say it in its own part: `Scene.draw_said`); "" for none.
    dropped: str = ""


class GameHost(Protocol):
    """The open game, as the screens see it (`companion.ui.game.GameController`)."""

    @property
    def state(self) -> State: ...

    @property
    def session(self) -> GameSession: ...

    form_choice: str | None
    #: The round screens' last plans (`companion.ui.plans`).
    plans: KeptPlans

    def act(self, action: Action) -> bool: ...

    def submit(self, action: Action) -> bool: ...

    def act_group(self, actions: Sequence[Action], label: str) -> int: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def confirm_value(self, card_id: str, field: str, value: PrintedValue) -> str | None: ...

    def retold(self, state: State | None = None) -> frozenset[str]: ...

    def switch_form(self) -> None: ...

    def loading_finished(self, state: State | None = None) -> frozenset[str]: ...

    def loading_holders(self, state: State | None = None,
                        but: str | None = None) -> list[str]: ...

    def loading_done(self, pid: str) -> str | None: ...

    def take_back_done(self) -> str | None: ...

    def done_pending(self) -> str | None: ...

    def end_loading(self) -> bool: ...

    def close(self) -> None: ...


class SceneHost(Protocol):
    """What a scene may ask of the UI it is shown in."""

    services: Services
    game: GameHost | None
    dirty: bool
    #: The surface's canvas as last drawn (its size and scale hold between frames).
    canvas: Canvas
    #: The UI's clock (monotonic seconds; tests may set their own).
    clock: Callable[[], float]
    #: Layouts worked out from their key alone (`companion.ui.memo`), shared by the scenes.
    memo: Memo[Any]

    @property
    def top(self) -> Scene: ...

    @property
    def bottom(self) -> Scene: ...

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """The scenes shown, bottom first (read only: change them through the methods)."""
        ...

    def make(self, name: str, /, **params: object) -> Scene:
        """A new scene of the registered screen `name`."""
        ...

    def open(self, name: str, /, **params: object) -> None:
        """Push a new scene of the registered screen `name`."""
        ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def pop_to(self, depth: int) -> None:
        """Drop every scene above the first `depth` (none is entered: more come)."""
        ...

    def back_to(self, depth: int) -> None:
        """Drop every scene above the first `depth`; the one left on top is entered again."""
        ...

    def info(self, text: str, more: Callable[[], object] | None = None,
             short: str | None = None) -> None: ...

    def error(self, text: str) -> None: ...

    def dismiss_message(self) -> None: ...

    def tap_message(self) -> None: ...

    def open_game(self, session: GameSession) -> None:
        """Make `session` the open game and show its screen."""
        ...

    def set_language(self, language: str) -> None: ...


class Scene:
    """A screen: draws itself into the body rectangle and reacts to intents.

    The UI draws the bottom bar around it: Undo (bottom left) on game screens,
    Back elsewhere, and the scene's `primary` action bottom right, which the
    OK button also triggers.
    """

    #: The registry name (`companion.ui.screens`), also used for screenshot file names.
    name = "scene"
    #: Game screens show Undo bottom left; the others show Back.
    game_screen = False
    #: A Home button beside Undo (the round screens).
    menu = False
    #: Stays open on top of the phase screen when the state changes (the tableau).
    keep_on_sync = False
    #: Takes every intent itself (the hardware test).
    captures_intents = False
    #: May draw its hint beside its controls (the round screens) when the bottom bar has no
    #: room for it, and a message too long for the bar in the hint's place: the UI draws
    #: it with `draw_framed`.
    hint_in_body = False
    #: May draw a message too long for the bar over its own texts, where it fits there
    #: whole (`holds_message`), rather than in a strip over the bar that takes the
    #: height its controls stand in (the value question): the UI draws it with
    #: `draw_said`.
    message_over_texts = False
    #: Keeps the strip's height free that a Redo button would take above a narrow bar
    #: (it comes with an Undo), so that its controls keep their places when it comes.
    keeps_redo_room = False
    #: Draws on the whole screen, bottom bar included, and its own buttons (the BG Stats code).
    full_screen = False
    #: Shown over the screen below and closed by any button (the rules texts): never
    #: changes the game, so Undo, OK or a player's button only close it.
    overlay = False

    #: What `kept` remembers, by name: the key it holds for and the answer.
    _kept: dict[str, tuple[tuple[object, ...], Any]] | None = None

    def __init__(self, ui: SceneHost) -> None:
        self.ui = ui

    @property
    def game(self) -> GameHost:
        """The open game (only game screens ask for it)."""
        game = self.ui.game
        if game is None:
            raise RuntimeError(f"the {self.name} screen needs an open game")
        return game

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        """Draw the screen's content into `body` (everything above the bottom bar)."""

    def draw_framed(self, c: Canvas, body: pygame.Rect,
                    said: BarSays) -> tuple[pygame.Rect, pygame.Rect | None]:
        """A screen with `hint_in_body`: draw it into `body` with what the bar left it to
        show (`said`); the body its own part took and the buttons' legend's row it kept
        (None: no legend). The others are drawn with `draw`."""
        self.draw(c, body)
        return body, None

    def holds_message(self, c: Canvas, body: pygame.Rect, text: str) -> bool:
        """A screen with `message_over_texts`: whether `text` fits whole over its texts
        in `body`."""
        return False

    def draw_said(self, c: Canvas, body: pygame.Rect, said: BarSays) -> None:
        """Draw the screen into `body` with what the bar left it: the message
        (`said.message`, on a screen with `message_over_texts`, where `holds_message`
        said it fits) or the hint that gave way to the buttons' legend (`said.dropped`).
        By default the screen is drawn without them."""
        self.draw(c, body)

    def forget(self) -> None:
        """Drop what `kept` remembers (the scene leaves the stack): answers often hold
        the scene's own methods (a bar's actions), a cycle that would keep the scene
        until the garbage collector runs (a pause in a later frame); a scene put back
        works them out again."""
        self._kept = None

    def kept(self, name: str, key: tuple[object, ...], compute: Callable[[], T]) -> T:
        """`compute()`, remembered under `name` for as long as `key` stays the same: for
        what every frame asks again. A `State` in the key compares by identity (states
        never change)."""
        kept = self._kept
        if kept is None:
            kept = self._kept = {}
        got = kept.get(name)
        if got is not None and got[0] == key:
            return cast(T, got[1])
        value = compute()
        kept[name] = (key, value)
        return value

    def primary(self) -> Primary | None:
        """The primary action's label and callback (None: no primary button)."""
        return None

    def primaries(self) -> list[Primary]:
        """Every primary action the screen may offer while it is shown (a tap on it
        changes the label: a ship's goods counted, a buyer chosen): the bar makes the
        button as wide as the widest, so it keeps its place from tap to tap, and so does
        what is beside it (docs/touch.md). Empty: only the one shown now."""
        return []

    def secondary(self) -> Primary | None:
        """A second, smaller button left of the primary one (None: none)."""
        return None

    def secondary_labels(self) -> tuple[str, ...]:
        """Every label the second button may show on this screen (one that turns between
        two views): it is as wide as the widest, so it keeps its place and size when its
        label changes under the finger that tapped it."""
        return ()

    def hint(self) -> str:
        """A short line for the bottom bar, between Undo and the primary action."""
        return ""

    def help_topics(self) -> list[str]:
        """The rules texts for what this screen shows (`companion.ui.rulestexts` topics),
        the most useful first; any topic gives the screen a "?" button in the bottom bar."""
        return []

    def on_player(self, colour: str) -> None:
        """A player's button was pressed."""

    def on_ok(self) -> bool:
        """The OK button: True where the screen took it itself (a choice made by the
        buttons, which the bar's primary action does not know); else the primary action."""
        return False

    def on_ok_held(self) -> None:
        """OK held long: nothing, unless the screen's legend says what ("ok-held")."""

    def legend(self) -> dict[str, str]:
        """What each player's button does on this screen now, by colour (`buttons.order`
        gives their order); a colour left out does nothing here. OK and Undo are the
        bar's (the UI adds them); "ok-held": what OK held does (`on_ok_held`), said in
        the legend's row only where it does something. Shown where the buttons are,
        before the first press."""
        return {}

    def on_card(self, card_id: str) -> None:
        """A card was scanned and its tag is enrolled."""
        self.ui.info(_("Card scanned: not needed on this screen."))

    def on_camera_card(self, card_id: str) -> None:
        """A card the camera read in the Supply's row: a scan, on every screen but Supply."""
        self.on_card(card_id)

    def on_unread(self, place: int) -> None:
        """The camera cannot read the card at `place` of the Supply's row (only the Supply
        screen asks for it)."""

    def on_tag(self, tag: str) -> None:
        """A tag nobody has enrolled was scanned while this screen was on top."""

    def on_intent(self, intent: Intent) -> None:
        """Every intent, when `captures_intents` is set."""

    def on_back(self) -> None:
        if self.game_screen:
            return
        self.ui.pop()

    def on_enter(self) -> None:
        """The scene became the top of the stack."""

    def entry_pending(self) -> bool:
        """Something is tapped in but not yet recorded (a ship's first goods, a selected
        cube, a buyer): Undo takes that back before any recorded action."""
        return False

    def undo_entry(self) -> str | None:
        """Take back the last tap of the pending entry; what it was (None: nothing pending)."""
        return None

    def release(self) -> None:
        """Let go of anything held open (Home's saved game) before a new game starts."""

    def question(self) -> str | None:
        """Whether this screen asks the table what a card shows: "unanswered" (nothing
        chosen yet: no answer may look chosen, Confirm waits), "answering" (a choice was
        made), or None (it asks nothing). In the frame description (docs/frames.md)."""
        return None

    def screen_key(self) -> object:
        """What this scene's controls depend on besides the game's state (Loading: the
        player shown): a tap that changes it changes the screen, so a second tap at the
        same spot right after it does nothing (`UI.touch`, docs/touch.md). None: only
        the state and the scene on top."""
        return None

    def animating_until(self) -> float:
        """Until when a short transition runs (the UI draws frames until then); 0: calm."""
        return 0.0
