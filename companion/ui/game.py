"""The open game: submits actions, asks for unconfirmed printed values, picks the screen.

Every action goes through `GameController.act`: the engine predicts its
effect first (apply is pure), and if that would use a printed value nobody has
confirmed (a fire's points, a bought fireman's value or contract's goods), the
table is asked first. The answer is saved as the owner's override and the
session is reopened with the reloaded catalogue, so this game and every later
one use it. Only then is the action submitted; the screen changes only after
`submit` returns (the action is on disk).
"""

from __future__ import annotations

from typing import Any

from companion.engine import Action, ConfirmValue, Redo, RuleError, State, Undo, apply
from companion.engine.words import Form, Kind, Phase
from companion.errors import CompanionError
from companion.ui import words
from companion.ui.i18n import _


def total_rounds(state: State) -> int:
    """Rounds in this game: the regular cards in play divided by the cards per round."""
    deck = state.catalogue.deck_for(state.player_count)
    regular = sum(1 for cid in deck if state.catalogue[cid].kind != Kind.FIRE)
    return regular // (state.player_count + 1)


def unconfirmed(before: State, after: State) -> list[tuple[str, str]]:
    """(card id, printed field) pairs `after` newly relies on that are not verified."""
    out: list[tuple[str, str]] = []
    for fire in after.fires[len(before.fires):]:
        if "points" in before.catalogue[fire.card].unverified:
            out.append((fire.card, "points"))
    for pid in after.players:
        old = set(before.player(pid).cards)
        for cid in after.player(pid).cards:
            if cid in old:
                continue
            card = before.catalogue[cid]
            field = {"fireman": "value", "contract": "goods"}.get(card.kind)
            if field and field in card.unverified:
                out.append((cid, field))
    return out


class GameController:
    """The session of the game on the table, and the screens that follow its state."""

    def __init__(self, ui: Any, session: Any) -> None:
        self.ui = ui
        self.session = session
        #: Stack depth below the game's screens (Home stays underneath).
        self.depth = len(ui.stack)
        #: The purchase form chosen on screen for this round (else the setting).
        self.form_choice: str | None = None
        #: One tap that entered several actions (a Loading shortcut): the state it left,
        #: how many actions, and what to call them, so that one Undo takes it all back.
        self.group: tuple[State, int, str] | None = None
        #: The same for Redo, right after such a group was undone.
        self.redo_group: tuple[State, int, str] | None = None

    @property
    def state(self) -> State:
        return self.session.state  # type: ignore[no-any-return]

    # --- acting -------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Submit `action` (after any confirmation it needs); True once it is recorded."""
        state = self.state
        try:
            predicted = apply(state, action)
        except RuleError as exc:
            self.ui.error(words.refusal(state, exc))
            return False
        pending = unconfirmed(state, predicted)
        if pending:
            from companion.ui.scenes.confirm import ConfirmValueScene

            card_id, field = pending[0]
            self.ui.push(ConfirmValueScene(self.ui, card_id, field, lambda: self.act(action)))
            return False
        return self.submit(action)

    def submit(self, action: Action) -> bool:
        old = self.state
        try:
            new = self.session.submit(action)
        except RuleError as exc:
            self.ui.error(words.refusal(old, exc))
            return False
        except CompanionError as exc:
            self.ui.error(_("Not saved: {reason}").format(reason=exc.message))
            return False
        self.sync(old, new)
        return True

    def act_group(self, actions: list[Action], label: str) -> int:
        """Submit several actions for one tap; one Undo takes back those that were recorded."""
        done = 0
        for action in actions:
            if not self.act(action):
                break
            done += 1
        if done > 1:
            self.group = (self.state, done, label)
        return done

    def _repeat(self, action: Action, times: int) -> int:
        done = 0
        while done < times and self.submit(action):
            done += 1
        return done

    def undo(self) -> None:
        state = self.state
        if not state.can_undo() or state.last_action is None or state.previous is None:
            self.ui.info(_("There is nothing to undo."))
            return
        group, self.group = self.group, None
        if group is not None and group[0] is state:
            _after, times, label = group
            done = self._repeat(Undo(), times)
            if done:
                self.redo_group = (self.state, done, label)
                self.ui.info(_("Undone: {what}").format(what=label))
            return
        undone = words.describe(state.previous, state.last_action)
        if self.submit(Undo()):
            self.ui.info(_("Undone: {what}").format(what=undone))

    def redo(self) -> None:
        state = self.state
        if not state.redo:
            self.ui.info(_("There is nothing to redo."))
            return
        group, self.redo_group = self.redo_group, None
        if group is not None and group[0] is state:
            _after, times, label = group
            done = self._repeat(Redo(), times)
            if done:
                self.group = (self.state, done, label)
                self.ui.info(_("Redone: {what}").format(what=label))
            return
        redone = words.describe(state, state.redo[-1])
        if self.submit(Redo()):
            self.ui.info(_("Redone: {what}").format(what=redone))

    def confirm_value(self, card_id: str, field: str, value: Any) -> None:
        """Save a printed value the table confirmed: in this game from now on (a
        confirm_value line in its record; what was already shown stays), and in the
        owner's card file for every later game."""
        self.session.submit(ConfirmValue(card_id, field, value))
        self.ui.services.save_override(card_id, field, value)

    # --- screens ------------------------------------------------------------------
    def base_scene(self, state: State) -> Any:
        from companion.ui.scenes.final import FinalScene
        from companion.ui.scenes.loading import LoadingScene
        from companion.ui.scenes.purchase import PurchaseScene, TrackedPurchaseScene
        from companion.ui.scenes.supply import SupplyScene

        if state.phase == Phase.SUPPLY:
            return SupplyScene
        if state.phase in (Phase.DEMAND, Phase.PURCHASE):
            form = state.form or self.form_choice or \
                self.ui.services.settings.get("purchase_form", "quick")
            return TrackedPurchaseScene if form == Form.TRACKED else PurchaseScene
        if state.phase == Phase.LOADING:
            return LoadingScene
        return FinalScene

    def switch_form(self) -> None:
        """Enter this round's Demand and Purchase in the other form (before the first entry)."""
        state = self.state
        current = state.form or self.form_choice or \
            self.ui.services.settings.get("purchase_form", Form.QUICK)
        self.form_choice = Form.QUICK if current == Form.TRACKED else Form.TRACKED
        self.show()

    def show(self) -> None:
        """Put the screen of the current state on the stack (after resume or start)."""
        self.ui.pop_to(self.depth)
        self.ui.push(self.base_scene(self.state)(self.ui))

    def sync(self, old: State, new: State) -> None:
        """Follow a state change: the phase's screen, then fire and income screens on top."""
        from companion.ui.scenes.fire import FireScene
        from companion.ui.scenes.income import IncomeScene

        if new.phase == Phase.SUPPLY:
            self.form_choice = None
        wanted = self.base_scene(new)
        base = self.ui.stack[self.depth] if len(self.ui.stack) > self.depth else None
        kept = [s for s in self.ui.stack[self.depth + 1:] if getattr(s, "keep_on_sync", False)]
        self.ui.pop_to(self.depth)
        if base is not None and type(base) is wanted:
            self.ui.stack.append(base)
            base.on_enter()
        else:
            self.ui.push(wanted(self.ui))
        events: list[Any] = []
        if len(new.fires) > len(old.fires) and new.actions > old.actions:
            fires = list(new.fires[len(old.fires):])
        else:
            fires = []
        paid = old.phase == Phase.LOADING and new.phase != Phase.LOADING and new.income is not None
        if paid and new.actions > old.actions:
            events.append(IncomeScene(self.ui, old))
        events.extend(FireScene(self.ui, index) for index in
                      range(len(new.fires) - len(fires), len(new.fires)))
        if not events and type(base) is wanted:
            for scene in kept:  # e.g. a tableau open for corrections stays open
                self.ui.push(scene)
        for scene in reversed(events):
            self.ui.push(scene)
        self.ui.dirty = True

    def close(self) -> None:
        """Leave the game (it stays saved) and go back to Home."""
        close = getattr(self.session, "close", None)
        if close is not None:
            close()
        self.ui.game = None
        self.ui.pop_to(self.depth)
        if self.ui.stack:
            self.ui.top.on_enter()
