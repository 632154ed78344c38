"""Play the companion by touch alone, as a table without GPIO buttons or a card reader
would: every input is a tap on a target found by its visible label in the frame
description (docs/frames.md), in the UI's current language. Shared by the touch-only
whole-game tests (tests/ui/test_touch_games.py) and the taps benchmark (`taps`).

No keys, no player buttons, no intents, no target keys: only labels and where they are
drawn. The one exception is `Finger.fallbacks`: where a screen offers no target for a
step (older versions could not switch players in Loading by touch), the step is done by
the button the table would have to press, and counted there, so a measurement of such a
version says how far it is from touch alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.engine import (
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
    State,
    Undo,
    values,
)
from companion.engine.words import PRINTED_FIELD
from companion.inputs import intents as it
from companion.ui import names, words
from companion.ui.core import UI
from companion.ui.i18n import _

try:  # the one-tap answers to a printed-value question (older versions: none)
    from companion.ui.views import confirm as views_confirm
except ImportError:  # pragma: no cover - measuring an older checkout
    views_confirm = None  # type: ignore[assignment]

ARROW = "\u25b6"
#: Screens that come on top of the phase screen and go with their primary action.
OVERLAYS = ("fire", "income", "confirm")


def clean(label: str) -> str:
    """A label as read: without the primary action's arrow, soft hyphens, line breaks."""
    return " ".join(label.replace(ARROW, " ").replace("\u00ad", "").split())


class NoTarget(AssertionError):
    """The screen has no enabled target with that label."""


class Finger:
    """Taps by label and counts every tap (and every fallback button press). The UI's
    clock moves 1 s per tap, so two taps on the primary action in a row are never taken
    for an accidental double tap."""

    def __init__(self, ui: UI) -> None:
        self.ui = ui
        self.taps = 0
        #: Steps with no target on screen, done with a button instead (see the module).
        self.fallbacks = 0
        #: Taps that answered what a card shows (its printed value): on the confirmation
        #: screen, or the button that asks it.
        self.questions = 0
        self.now = 1000.0
        ui.clock = lambda: self.now

    def frame(self) -> dict[str, Any]:
        """The frame description of what is on the screen now."""
        ui = self.ui
        ui.render()
        return ui.canvas.describe(ui.top.name, ui.language)

    def targets(self) -> list[dict[str, Any]]:
        """The enabled targets, in the order they were drawn."""
        return [t for t in self.frame()["targets"] if t["enabled"]]

    def labels(self) -> list[str]:
        return [clean(t["label"]) for t in self.targets()]

    def texts(self) -> list[str]:
        return [t["text"] for t in self.frame()["texts"]]

    def find(self, want: str | Callable[[str], bool], first: bool = False
             ) -> dict[str, Any] | None:
        """The enabled target labelled `want`: the topmost, or the `first` drawn."""
        test = want if callable(want) else (lambda label: label == clean(want))
        targets = self.targets()
        for target in targets if first else reversed(targets):
            if test(clean(target["label"])):
                return target
        return None

    def has(self, want: str | Callable[[str], bool]) -> bool:
        return self.find(want) is not None

    def primary(self) -> dict[str, Any] | None:
        return next((t for t in self.frame()["targets"] if t["primary"]), None)

    def tap_target(self, target: dict[str, Any]) -> None:
        x, y, w, h = target["rect"]
        self.now += 1.0
        self.taps += 1
        if self.ui.top.name == "confirm":
            self.questions += 1
        if not self.ui.touch((x + w // 2, y + h // 2)):
            raise AssertionError(f"the tap on {target['label']!r} hit nothing")

    def tap(self, want: str | Callable[[str], bool], first: bool = False) -> None:
        """Tap the enabled target labelled `want` (or whose label passes it), turning the
        pages ("\u203a", "\u2039") of a screen that shows its choices a page at a time."""
        for turn in ("\u203a", "\u2039"):
            while self.find(want, first) is None and self.has(turn):
                self.tap_target(self.find(turn))  # type: ignore[arg-type]
        target = self.find(want, first)
        if target is None:
            raise NoTarget(f"no target {want!r} on {self.ui.top.name}: {self.labels()}")
        self.tap_target(target)

    def tap_nth(self, label: str, n: int) -> None:
        """Tap the n-th (from 0) enabled target labelled `label`, in drawing order."""
        same = [t for t in self.targets() if clean(t["label"]) == clean(label)]
        if len(same) <= n:
            raise NoTarget(f"no {n + 1}. target {label!r} on {self.ui.top.name}: "
                           f"{self.labels()}")
        self.tap_target(same[n])

    def tap_primary(self) -> None:
        primary = self.primary()
        if primary is None or not primary["enabled"]:
            raise NoTarget(f"no primary action on {self.ui.top.name}: {self.labels()}")
        self.tap_target(primary)

    def tap_in_row_of(self, label: str) -> None:
        """Tap the rightmost enabled target in the row of the one labelled `label` (New
        game: who starts, in the row of their colour)."""
        anchor = self.find(label)
        if anchor is None:
            raise NoTarget(f"no target {label!r} on {self.ui.top.name}: {self.labels()}")
        ax, ay, aw, ah = anchor["rect"]
        row = [t for t in self.targets() if abs((t["rect"][1] + t["rect"][3] // 2) -
                                                (ay + ah // 2)) <= ah // 2]
        self.tap_target(max(row, key=lambda t: t["rect"][0]))

    def press(self, intent: it.Intent) -> None:
        """A fallback: the button a table would have to press (counted apart from taps)."""
        self.now += 1.0
        self.fallbacks += 1
        self.ui.intent(intent)


class TouchTable:
    """Enters a game's actions through the screens by touch (`Finger`), and counts the
    inputs of each phase of each round against the table's events there."""

    def __init__(self, ui: UI) -> None:
        self.ui = ui
        self.finger = Finger(ui)
        #: (round, phase) -> [inputs, events]
        self.counts: dict[tuple[int, str], list[int]] = {}
        self.seen: Counter[str] = Counter()
        #: Loading done was recorded by itself after the last action (nothing to load):
        #: the record's Done is already in, and an Undo of that action takes two.
        self.auto_done = False
        #: The record's card id -> the app's, where they differ: cards a touch cannot tell
        #: apart (two contracts whose goods are still guesses, revealed by "Contract ?")
        #: are recorded as the app picks them; the rest of the record follows its pick.
        self.alias: dict[str, str] = {}
        #: What each card of the record shows (the game's values as it began): the truth
        #: the table reads off a card, whatever id the app gave it.
        self.truth: dict[str, Any] = {}
        #: (round, phase) -> the players' Loading dones beyond the record's `done` that
        #: ended it (each player still holding ship cubes says so: `end_loading`).
        self.player_dones: dict[tuple[int, str], int] = {}

    @property
    def state(self) -> State:
        game = self.ui.game
        assert game is not None, "no game is open"
        return game.state

    def inputs(self) -> int:
        return self.finger.taps + self.finger.fallbacks

    @property
    def questions(self) -> int:
        """Inputs that answered what a card shows (printed values)."""
        return self.finger.questions

    # --- the game --------------------------------------------------------------------------
    def start(self, setup: Setup) -> None:
        """From Home: New game, the number of players, who starts, the setup guide."""
        f = self.finger
        f.tap(_("New game"))
        if self.ui.top.name == "home":  # a game in progress: set it aside
            f.tap(_("Start a new game"))
        f.tap(str(len(setup.players)))
        f.tap_in_row_of(names.colour(setup.first))
        f.tap_primary()  # Setup guide
        assert self.ui.top.name == "setup", self.ui.top.name
        f.tap_primary()  # Start game
        assert self.ui.game is not None and self.state.players == setup.players, (
            "the seats differ from the record's")
        self.truth = {card.id: getattr(card, PRINTED_FIELD[card.kind])
                      for card in self.state.catalogue if card.kind in PRINTED_FIELD}

    def translate(self, action: Action) -> Action:
        """The record's action with its card ids as the app has them (`alias`)."""
        if not self.alias:
            return action
        changes: dict[str, Any] = {}
        for name in values.fields(action):
            old = getattr(action, name)
            if isinstance(old, str) and old in self.alias:
                changes[name] = self.alias[old]
            elif isinstance(old, tuple) and any(isinstance(p, tuple) for p in old):
                changes[name] = tuple(
                    tuple(self.alias.get(x, x) if isinstance(x, str) else x for x in p)
                    if isinstance(p, tuple) else p for p in old)
        return values.replace(action, **changes) if changes else action

    def record_id(self, app_id: str) -> str:
        """The record's card the app's card `app_id` stands for (`alias`)."""
        return next((r for r, a in self.alias.items() if a == app_id), app_id)

    def follow(self, wanted: str, before: State) -> None:
        """The app revealed another card than `wanted` (one a touch cannot tell from it):
        the record's card is now that one, and the one the record had there takes the
        other's place (the ids trade places, so each stays one card)."""
        new = [slot.card for slot in self.state.slots[len(before.slots):]] or [
            fire.card for fire in self.state.fires[len(before.fires):]]
        if not new or wanted in new:
            return
        got = new[0]
        record_wanted, record_got = self.record_id(wanted), self.record_id(got)
        self.alias[record_wanted] = got
        self.alias[record_got] = wanted

    def dismiss(self) -> None:
        """Tap on through the fire and income screens on top (older versions showed them
        by themselves; now their results are messages); answer a printed-value question
        with what the card shows."""
        while self.ui.top.name in OVERLAYS:
            self.seen[self.ui.top.name] += 1
            if self.ui.top.name == "confirm":
                scene: Any = self.ui.top
                self.tell(scene.field, self.shown(scene.card_id))
            else:
                self.finger.tap_primary()

    def phase(self) -> tuple[int, str]:
        state = self.state
        phase = "purchase" if state.phase in ("demand", "purchase") else state.phase
        return state.round, phase

    def play(self, action: Action) -> None:
        """Enter one action of the record; count its inputs in the phase it belongs to."""
        self.dismiss()
        action = self.translate(action)
        if isinstance(action, Done) and (self.auto_done or self.state.phase != "loading"):
            # Nothing could be loaded: the app recorded Loading done by itself (no input).
            loaded = self.state.round if self.state.phase == "over" else self.state.round - 1
            assert type(self.state.last_action) is Done or self.state.phase == "over", (
                "Loading ended without its Done")
            self.counts.setdefault((loaded, "loading"), [0, 0])[1] += 1
            self.auto_done = False
            return
        key = self.phase()
        before = self.inputs()
        actions = self.state.actions
        before_state = self.state
        asked = self.seen["confirm"]
        if self.auto_done and isinstance(action, Undo):
            # The record takes back the purchase: first the Done that came by itself.
            self.finger.tap(_("Undo"))
            actions += 1
        self.auto_done = False
        self.enter(action)
        if isinstance(action, Reveal):
            self.follow(action.card, before_state)
        # A printed value is asked before recording (the last round's Income comes before
        # the 4th fire's question).
        while self.ui.top.name in ("confirm", "income") and self.state.actions < (
                actions + 1 + self.seen["confirm"] - asked):
            self.seen[self.ui.top.name] += 1
            if self.ui.top.name == "confirm":
                scene: Any = self.ui.top
                self.tell(scene.field, self.shown(scene.card_id))
            else:
                self.finger.tap_primary()
        # Each value the table confirmed is a confirm_value line of the record before the
        # action (it counts as a line, not as a move: docs/record-format.md); Supply's
        # question of what a card shows confirms one without a confirmation screen.
        confirmed = max(self.seen["confirm"] - asked, sum(
            1 for card in self.state.catalogue
            if card.unverified < before_state.catalogue[card.id].unverified))
        # A purchase after which nothing can be loaded: Loading done came by itself.
        by_itself = int(type(self.state.last_action) is Done and not isinstance(
            action, Done | Undo | Redo))
        self.auto_done = bool(by_itself)
        assert self.state.actions == actions + 1 + confirmed + by_itself, (
            f"{action} was not recorded: {self.ui.message.text if self.ui.message else ''}")
        # Its fire or income screen belongs to it too.
        self.dismiss()
        count = self.counts.setdefault(key, [0, 0])
        count[0] += self.inputs() - before
        if not isinstance(action, Undo | Redo):
            count[1] += 1

    def enter(self, action: Action) -> None:
        f = self.finger
        state = self.state
        top = self.ui.top.name
        if state.phase == "demand" and state.form is None and isinstance(
                action, Place | Buy | Discard) and isinstance(action, Place) != (
                top == "purchase-tracked"):
            f.tap(_("Quick form") if top == "purchase-tracked" else _("Track workers"))
        if isinstance(action, Reveal):
            card = state.catalogue[action.card]
            # Supply names a card by kind and number under its season's heading (older
            # versions: by its full name).
            short = getattr(names, "card_in_season", None)
            label = short(card) if short is not None else names.card_name(card)
            # Cards on pages ("‹ ›") where a season's names do not fit at once: turn to it.
            asked = getattr(self.ui.top, "pick_label", None)
            wanted = [label]
            # A fireman whose value is a guess: its value's own button ("Fireman 3"), which
            # says the card and what it shows in one tap (older versions: none).
            told = short(card, marked=False) if short is not None and card.kind == "fireman" \
                and PRINTED_FIELD[card.kind] in card.unverified else None
            if told is not None:
                wanted.insert(0, told)
            goods = list(action.goods or ())
            # A ship told by its first cube's good in the Supply's ship row ("Ship Co"),
            # the card and that good in one tap (older versions: the ship, then its goods).
            ship_row = getattr(self.ui.top, "ship_row_label", None)
            first = ship_row(goods[0]) if ship_row is not None and goods else None
            if first is not None:
                wanted.insert(0, first)
            if asked is not None and card.kind in ("contract", "fireman"):
                wanted.append(asked(card.kind))  # the button that asks what it shows
            for turn in ("\u203a", "\u2039"):
                while not any(f.has(w) for w in wanted) and f.has(turn):
                    f.tap(turn)
            if told is not None and f.has(told):
                f.tap(told)
                f.questions += 1
                return
            if (not f.has(label) and asked is not None and card.kind in ("contract", "fireman")
                    and f.has(asked(card.kind))):
                # Supply asks what a card of unconfirmed value shows (issue 18): tap what
                # it shows; the game's value stands for the printed one.
                f.tap(asked(card.kind))
                if self.ui.top.name == "confirm":  # else revealed as it is, asked later
                    f.questions += 1
                    self.tell(PRINTED_FIELD[card.kind], self.shown(card.id))
                return
            if first is not None and f.has(first):
                f.tap(first)
                goods = goods[1:]
            else:
                f.tap(label if f.has(label) else names.card_name(card))
            for good in goods:
                if self.state.actions > state.actions:
                    break  # the bag left no choice: the rest was filled in
                f.tap(names.good_initial(good))
        elif isinstance(action, Buy) and action.price is not None:
            # The buyer × price grid: one tap on the price in the buyer's row, named by
            # their letter and the price ("A 3"); a price beyond the grid's columns after
            # the button that turns them ("5–8 ›").
            cell = f"{words.letter(state, action.player)} {action.price}"
            for _turn in range(8):
                pager = f.find(lambda label: label.endswith("\u203a") or
                               label.startswith("\u2039"))
                if f.has(cell) or pager is None:
                    break
                f.tap_target(pager)
            if f.has(cell):
                f.tap(cell)
            else:  # older versions: the buyer's letter, then the price (or "+" per coin)
                f.tap(words.letter(state, action.player))
                if self.state.actions == state.actions and self.ui.top.name != "confirm":
                    if f.has(str(action.price)) and not f.has("+"):
                        f.tap(str(action.price))
                    else:
                        more = "+" if f.has("+") else words.letter(state, action.player)
                        for _k in range(action.price - 1):
                            f.tap(more)
                        f.tap_primary()
        elif isinstance(action, Done) and state.phase == "loading":
            self.end_loading()
        elif isinstance(action, Buy | Done):
            f.tap_primary()
        elif isinstance(action, Discard):
            if getattr(self.ui.top, "buyer", None) is not None:
                f.tap(_("nobody"))
            f.tap_primary()
        elif isinstance(action, Place):
            card = state.catalogue[state.slots[action.slot].card]
            named = getattr(words, "slot_name", None)  # older versions: the card's name
            label = named(state, action.slot) if named else names.card_name(card)
            if f.has(label):
                f.tap(label)
            else:  # older tiles: named by their key only
                f.tap(f"slot:{action.slot}")
        elif isinstance(action, Pass):
            f.tap(_("Pass"))
        elif isinstance(action, Move):
            from companion.ui.scenes.loading import move_label

            self.show_player(action.player)
            label = move_label(state, action)
            if not f.has(label) and action.source != "warehouse" and (
                    f.has("\u203a") or f.has("\u2039")):
                # Not on the page shown: its cube, then where it goes (the cube's choices
                # take the buttons' places: two taps, where turning the pages to it takes
                # as many or more).
                self.cubes(action.player, ((action.good, action.source),))
                f.tap(_("merchant +1¢") if action.to == "merchant" else
                      words.place(state, action.to))
                return
            try:  # one tap on the move (turning the choices' pages to it)
                f.tap(label)
            except NoTarget:  # no one-tap button (older versions): the cube, then where
                self.cubes(action.player, ((action.good, action.source),))
                f.tap(_("merchant (+1 coin)") if action.to == "merchant" else
                      words.place(state, action.to))
        elif isinstance(action, MarketSell):
            from companion.engine.legal import loading_actions
            from companion.ui.scenes.loading import sale_label

            self.show_player(action.player)
            try:  # one tap on the sale, where the screen's button makes the same one
                if action not in loading_actions(state, action.player):
                    raise NoTarget("not the button's sale")
                f.tap(sale_label(action))
            except NoTarget:  # the cubes, then the sale
                self.cubes(action.player, action.give)
                f.tap(_("Sell both in the market hall (+1 coin)"))
        elif isinstance(action, Convert):
            try:
                from companion.ui.views.loading import conversion_label as label
            except ImportError:  # older versions
                label = None  # type: ignore[assignment]
            try:  # the set's row of goods: one tap on the good, in the set's row
                from companion.ui.views.loading import conversion_target
            except ImportError:  # older versions: the set, then the good
                conversion_target = None  # type: ignore[assignment]
            take = _("\u2192 {good}").format(good=names.good(action.take))
            self.show_player(action.player)
            if conversion_target is not None:
                # The good's button in its set's row (named by the row: "Co + Te + Sa →"
                # and the good's initial); more sets than rows: the choice that shows them.
                name = clean(conversion_target(action.give, action.take))
                gathered = clean(_("Convert 3 cubes\u2026"))
                f.tap(lambda shown: shown in (name, gathered))
                if self.state.actions == state.actions:
                    f.tap(name)
                return
            try:  # one tap on the three cubes' set (older versions: on each cube)
                if label is None:
                    raise NoTarget("no conversion sets")
                wanted, sets = clean(label(action.give)), clean(_("Convert 3 cubes\u2026"))
                f.tap(lambda shown: shown in (wanted, sets))
                if f.find(lambda shown: shown.startswith("\u2192")) is None:
                    f.tap(wanted)  # many sets: shown by the choice that gathers them
            except NoTarget:
                self.cubes(action.player, action.give)
            f.tap(take)
        elif isinstance(action, Undo):
            f.tap(_("Undo"))
        elif isinstance(action, Redo):
            f.tap(_("Redo"))
        else:  # pragma: no cover
            raise AssertionError(f"no way to enter {action} by touch")

    def end_loading(self) -> None:
        """The record's Loading done, as a table playing in turn ends it: the player shown
        says done (the primary action), and so does each other player who still holds
        ship cubes, shown in turn (a player's done only hands over: docs/touch.md); the
        last one's done is the record's. Each of those players' dones is an event at the
        table (`player_dones`), which the record's one `done` stands for. (Older versions:
        one tap ended it for everyone.)"""
        f = self.finger
        game: Any = self.ui.game
        holders = getattr(game, "loading_holders", None)
        others = holders(self.state, but=getattr(self.ui.top, "player", None)) \
            if holders is not None else []
        f.tap_primary()
        key = (self.state.round, "loading")
        for _other in others:
            if self.state.phase != "loading" or self.ui.top.name != "loading":
                break
            f.tap_primary()  # the next holder, shown now, says done
            self.player_dones[key] = self.player_dones.get(key, 0) + 1

    def shown(self, card_id: str) -> Any:
        """What the app's card `card_id` shows (its printed value): here the record's game
        values stand for it (a table that reads the catalogue's guesses off its cards),
        those of the record's card the app calls so (`alias`)."""
        record = self.record_id(card_id)
        if record in self.truth:
            return self.truth[record]
        card = self.state.catalogue[card_id]
        return getattr(card, PRINTED_FIELD[card.kind])

    def tell(self, field: str, shown: Any) -> None:
        """The printed-value question: one tap on what the card shows, where the screen
        has a button for it; else the longer way (goods one by one, or steps to a number),
        then the primary action."""
        f = self.finger
        one = getattr(views_confirm, "answer_for", None) if views_confirm else None
        answer = one(field, shown) if one is not None else None
        if answer is not None and f.has(answer.label):
            f.tap(answer.label)
            return
        scene: Any = self.ui.top
        if field == "goods":
            if f.has(_("Other goods")):
                f.tap(_("Other goods"))
            for good in shown:
                f.tap(names.good_initial(good))
        elif f.has(str(shown)) and field == "value":
            f.tap(str(shown))
            return
        else:
            while scene.value != shown:  # from no answer: "+" beyond the buttons, "−" lowest
                now = scene.value
                up = shown > 0 if now is None else now < shown
                f.tap("+" if up else "\u2212")
        f.tap_primary()

    def show_player(self, player: str) -> None:
        """Loading: that player's panel, if another player's cubes are shown."""
        f = self.finger
        scene = self.ui.top
        if getattr(scene, "player", None) != player:
            f.tap(words.player_name(self.state, player))
            if self.ui.top.name == "tableau":  # a panel opened the tableau: no way by touch
                f.tap_primary()  # Close
                f.taps -= 2
                f.press(it.PlayerButton(player))

    def cubes(self, player: str, pairs: tuple[tuple[str, str], ...]) -> None:
        """Loading: that player's panel (if another is shown), then the cubes."""
        from companion.ui.scenes.loading import cubes_of

        f = self.finger
        self.show_player(player)
        cubes = cubes_of(self.state, player)
        used: set[int] = set()
        for pair in pairs:
            index = next(i for i, cube in enumerate(cubes) if cube == pair and i not in used)
            used.add(index)
            # The n-th cube with this good's initials, in the order they are drawn.
            nth = sum(1 for i in range(index) if cubes[i][0] == pair[0])
            f.tap_nth(names.good_initial(pair[0]), nth)

    def finish(self) -> None:
        self.dismiss()


def play_game(ui: UI, actions: list[Action] | tuple[Action, ...]) -> TouchTable:
    """The whole record, from Home to the final screen, by touch."""
    table = TouchTable(ui)
    setup = actions[0]
    assert isinstance(setup, Setup)
    table.start(setup)
    for action in actions[1:]:
        table.play(action)
    table.finish()
    return table
