"""Play the companion as a table of buttons and a barcode scanner would (issue 31): the five
player buttons, OK and Undo as key events through the app's own key handling
(`Runner.key`: keys 1-5, Enter, Backspace, Shift+Backspace), and every card revealed as a
scan of its printed label replayed from a file of a scanner's key events
(`hid-replay`, decoded by the scanner's own decoder). Shared by the whole-game tests
(tests/ui/test_button_games.py) and the taps benchmark (`python -m benchmarks.taps
--buttons`).

No touch but the names (none are typed here: the seats keep their colours' names). Where a
step has no button (a fire's points above 10, a contract whose goods repeat one), it is
done by touch and counted as a fallback, so a measurement says how far a version is from
buttons alone.

Which button to press is read off the screen as a table reads it: the legend of the frame
(docs/frames.md, `buttons`) must name the press before it is made; the move a player's
button has stepped to is read from the large chosen move on Loading.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pygame

from benchmarks.touch import OVERLAYS, Finger, NoTarget, TouchTable, clean
from companion.engine import (
    GOODS,
    Action,
    Buy,
    Convert,
    Discard,
    Done,
    MarketSell,
    Move,
    Pass,
    Place,
    Redo,
    Reveal,
    Setup,
    Undo,
)
from companion.engine.words import PRINTED, PRINTED_FIELD, Kind
from companion.inputs.framing import Tag
from companion.inputs.intents import COLOURS
from companion.inputs.keys import KeyDecoder, key_events
from companion.inputs.scanner import read_replay, replay_text
from companion.labelcodes import barcode
from companion.ui import buttons
from companion.ui.i18n import _
from companion.ui.keyburst import Scan

KEYS = {1: pygame.K_1, 2: pygame.K_2, 3: pygame.K_3, 4: pygame.K_4, 5: pygame.K_5}


class Hand(Finger):
    """Presses the table's buttons as key events and scans labels (each an input, counted
    in `taps`); a touch (counted in `fallbacks`) only where no button reaches a step."""

    def __init__(self, ui: Any, runner: Any, scans: list[str]) -> None:
        super().__init__(ui)
        self.runner = runner
        #: The label codes still to scan, in the order the replay file holds them.
        self.scans = scans
        self.presses = 0
        self.scanned = 0
        self.touches = 0
        #: Every frame's legend seen before a press (for the benchmark and the tests).
        self.legends: list[dict[str, str]] = []
        #: The frames themselves, where a test keeps them (a list), for the frame checks.
        self.frames: list[dict[str, Any]] | None = None

    def legend(self) -> dict[str, str]:
        frame = self.frame()
        if self.frames is not None:
            self.frames.append(frame)
        said = {b["button"]: b["means"] for b in frame.get("buttons", [])}
        self.legends.append(said)
        return said

    def key(self, key: int, shift: bool = False) -> None:
        self.now += 1.0
        self.taps += 1
        self.presses += 1
        if self.ui.top.name == "confirm":
            self.questions += 1
        mod = pygame.KMOD_LSHIFT if shift else 0
        self.runner.key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, scancode=0))
        self.runner.key_up(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, scancode=0))

    def player(self, colour: str) -> None:
        """The button of `colour` (its key: its place among the buttons), named by the
        legend before it is pressed."""
        game = self.ui.game
        order = buttons.order(game.state if game is not None else None)
        said = self.legend()
        if colour not in said:
            raise NoTarget(f"the legend of {self.ui.top.name} names no {colour} button: {said}")
        self.key(KEYS[order.index(colour) + 1])

    def ok(self) -> None:
        said = self.legend()
        if "ok" not in said:
            raise NoTarget(f"the legend of {self.ui.top.name} gives OK nothing to do: {said}")
        self.key(pygame.K_RETURN)

    def ok_held(self) -> None:
        """OK's long press (the simulated Shift+Enter), named by the legend first."""
        said = self.legend()
        if "ok-held" not in said:
            raise NoTarget(f"the legend of {self.ui.top.name} gives OK held nothing: {said}")
        self.key(pygame.K_RETURN, shift=True)

    def undo(self) -> None:
        self.key(pygame.K_BACKSPACE)

    def redo(self) -> None:
        self.key(pygame.K_BACKSPACE, shift=True)

    def scan(self, card_id: str) -> None:
        """The next label of the replay, which must be `card_id`'s."""
        self.now += 1.0
        self.taps += 1
        self.scanned += 1
        tag = self.scans.pop(0)
        assert tag == barcode(card_id), f"the replay's next scan is not {card_id}"
        self.runner.scanned(Scan(tag))

    # Finger's names for what the touch table does with the bar: the buttons here.
    def tap_primary(self) -> None:
        self.ok()
        scene: Any = self.ui.top
        got = scene.chosen() if scene.name == "loading" else None
        if got is not None and got[1] is None:
            self.ok()  # OK showed the player's done large first; again, it records it

    def tap(self, want: Any, first: bool = False) -> None:
        if want == _("Undo"):
            self.undo()
        elif want == _("Redo"):
            self.redo()
        else:  # no button for it: a touch, counted apart
            taps = self.taps
            super().tap(want, first)
            self.fallbacks += self.taps - taps
            self.touches += self.taps - taps
            self.taps = taps


def scanner_replay(actions: list[Action] | tuple[Action, ...], path: Path) -> list[str]:
    """The scans of a game's reveals as a scanner types them, written to `path` (a
    `hid-replay` file, a second between labels), then read back and decoded by the
    scanner's own decoder: the label codes in order."""
    cards = [a.card for a in actions if isinstance(a, Reveal)]
    events = [e for n, card in enumerate(cards) for e in key_events(barcode(card), float(n))]
    path.write_text(replay_text(events), encoding="utf-8")
    decoder = KeyDecoder()
    out: list[str] = []
    for event in read_replay(path):
        out += [item.tag for item in decoder.feed(*event) if isinstance(item, Tag)]
    assert len(out) == len(cards), "the replay lost a scan"
    return out


class ButtonTable(TouchTable):
    """Enters a game's actions by buttons and scans (`Hand`), counting its inputs per phase
    as the touch table does (`TouchTable.play`)."""

    def __init__(self, runner: Any, scans: list[str]) -> None:
        super().__init__(runner.ui)
        self.hand = Hand(runner.ui, runner, scans)
        self.finger = self.hand

    def start(self, setup: Setup) -> None:
        """Home: OK (New game); the seats by the buttons (a colour's button adds its seat,
        Undo takes the last one off), the starter's button, OK (Setup guide), OK (Start)."""
        h = self.hand
        h.ok()
        assert self.ui.top.name == "newgame", self.ui.top.name
        scene: Any = self.ui.top
        wanted = list(setup.players)
        assert wanted == list(COLOURS[:len(wanted)]), "the seats are the colours in order"
        while len(scene.colours) > len(wanted):
            h.undo()
        for colour in wanted[len(scene.colours):]:
            h.player(colour)
        h.player(setup.first)
        h.ok()
        assert self.ui.top.name == "setup", self.ui.top.name
        h.ok()
        assert self.ui.game is not None and self.state.players == setup.players
        self.truth = {card.id: getattr(card, PRINTED_FIELD[card.kind])
                      for card in self.state.catalogue if card.kind in PRINTED_FIELD}

    def dismiss(self) -> None:
        while self.ui.top.name in OVERLAYS:
            self.seen[self.ui.top.name] += 1
            if self.ui.top.name == "confirm":
                scene: Any = self.ui.top
                self.tell(scene.field, self.shown(scene.card_id))
            else:
                self.hand.ok()

    def tell(self, field: str, shown: Any) -> None:
        """A printed-value question by the buttons: a fireman's value is its button; a
        fire's points 1-5 its button, 6-10 the same button twice; a contract's goods each
        good's button; then OK. Beyond them (points over 10, goods that repeat): touch."""
        h = self.hand
        order = buttons.order(self.state)
        if field == "value":
            low = PRINTED[Kind.FIREMAN].low
            h.player(order[int(shown) - low])
        elif field == "points" and 1 <= int(shown) <= 10:
            colour = order[(int(shown) - 1) % 5]
            h.player(colour)
            if int(shown) > 5:
                h.player(colour)
        elif field == "goods" and len(set(shown)) == len(shown):
            for good in shown:
                h.player(order[GOODS.index(good)])
        else:
            super().tell(field, shown)
            return
        h.ok()

    def switch_form(self, to_quick: bool) -> None:
        """The round in the other purchase form: by the button the legend names for it (OK
        on the tracked form, OK held on the quick form), else by touch."""
        h = self.hand
        said = h.legend()
        if to_quick and said.get("ok") == _("Quick form"):
            h.ok()
            return
        if not to_quick and said.get("ok-held") == _("workers"):
            h.ok_held()
            return
        h.tap(_("Quick form") if to_quick else _("Track workers"))

    def enter(self, action: Action) -> None:
        h = self.hand
        state = self.state
        top = self.ui.top.name
        if state.phase == "demand" and state.form is None and isinstance(
                action, Place | Buy | Discard) and isinstance(action, Place) != (
                top == "purchase-tracked"):
            self.switch_form(top == "purchase-tracked")
        if isinstance(action, Reveal):
            h.scan(action.card)
            for good in action.goods or ():
                if self.state.actions > state.actions:
                    break  # the bag left no choice: the rest was filled in
                h.player(buttons.order(self.state)[GOODS.index(good)])
            if action.goods and self.state.actions == state.actions and \
                    self.ui.top.name == "supply":
                h.ok()  # the three goods pressed: OK records the ship
        elif isinstance(action, Buy) and action.price is not None:
            h.player(action.player)
            scene: Any = self.ui.top
            while self.state.actions == state.actions and self.ui.top.name == "purchase" \
                    and scene.price != action.price:
                h.player(action.player)
            if self.state.actions == state.actions and self.ui.top.name == "purchase":
                h.ok()
        elif isinstance(action, Done) and state.phase == "loading":
            self.end_loading()  # OK is a player's done (`tap_primary`): each holder's in turn
        elif isinstance(action, Buy | Done):
            h.ok()
        elif isinstance(action, Discard):
            if getattr(self.ui.top, "buyer", None) is not None:
                h.undo()
            h.ok()
        elif isinstance(action, Place):
            order = buttons.order(state)
            at = min(action.slot, 4)
            h.player(order[at])
            if action.slot == 5:
                h.player(order[4])
            h.ok()
        elif isinstance(action, Pass):
            said = self.hand.legend()
            if action.player in said:
                h.player(action.player)
            h.ok()
        elif isinstance(action, Move | MarketSell | Convert):
            self.load(action)
        elif isinstance(action, Undo):
            h.undo()
        elif isinstance(action, Redo):
            h.redo()
        else:  # pragma: no cover
            raise AssertionError(f"no way to enter {action} by buttons")

    def load(self, action: Move | MarketSell | Convert) -> None:
        """The player's button until their chosen move is this one (read off the screen:
        the chosen move, large), then OK."""
        h = self.hand
        scene: Any = self.ui.top
        assert scene.name == "loading", scene.name
        moves = scene.button_moves(self.state, action.player)
        assert action in moves, f"{action} is not among the buttons' moves"
        wanted = clean(scene.move_words(self.state, action.player, action))
        for _press in range(len(moves) + 1):
            h.player(action.player)
            chosen = next((clean(t["label"]) for t in h.targets()
                           if t["label"] and clean(t["label"]) == wanted), None)
            got = scene.chosen()
            if got is not None and got[1] == action and chosen == wanted:
                break
        else:
            raise NoTarget(f"the buttons never chose {action}")
        h.ok()


def play_game(runner: Any, actions: list[Action] | tuple[Action, ...],
              replay_dir: Path | None = None,
              frames: list[dict[str, Any]] | None = None) -> ButtonTable:
    """The whole record, from Home to the final screen, by buttons and scans; `frames`: a
    list that gets every frame seen before a press."""
    setup = actions[0]
    assert isinstance(setup, Setup)
    with tempfile.TemporaryDirectory(prefix="scans-") as tmp:
        path = (replay_dir or Path(tmp)) / "scanner.events"
        scans = scanner_replay(actions, path)
    table = ButtonTable(runner, scans)
    table.hand.frames = frames
    table.start(setup)
    for action in actions[1:]:
        table.play(action)
    table.finish()
    return table


__all__ = ["ButtonTable", "Hand", "play_game", "scanner_replay"]
