"""The open game: submits actions, asks for unconfirmed printed values, picks the screen.

Every action goes through `GameController.act`: the session applies it once
(`GameSession.prepare`, nothing written yet), and if the step would use a
printed value nobody has confirmed (a fire's points, a bought fireman's value
or contract's goods), the table is asked first and nothing is recorded. The
answer becomes a `confirm_value` line of this game's record (it applies from
then on; docs/record-format.md) and the owner's override for every later game.
Otherwise the session records that same step (`GameSession.commit`: the line is
on disk) and returns the new state, which the screens then follow; the
controller never applies an action itself.

The controller changes screens only through its host (`SceneHost`: `scenes`,
`open`, `push`, `pop_to`, `back_to`), never by editing the UI's stack.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from companion.engine import (
    Action,
    ConfirmValue,
    Done,
    Move,
    Redo,
    Reveal,
    RuleError,
    State,
    Undo,
)
from companion.engine.actions import parse_line
from companion.engine.cards import FOURTH_FIRE
from companion.engine.legal import cube_holders, loading_actions, next_loader, undo_preview
from companion.engine.printed import taken_back, value_before
from companion.engine.step import Step
from companion.engine.words import PRINTED_FIELD, Form, Phase
from companion.errors import CompanionError
from companion.ui import words
from companion.ui.i18n import _, ngettext
from companion.ui.plans import KeptPlans
from companion.ui.scene import SceneHost
from companion.ui.services import GameSession, PrintedValue
from companion.ui.views.fire import fires_said
from companion.ui.views.income import income_said, income_short

log = logging.getLogger("companion.ui")


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
            field = PRINTED_FIELD.get(card.kind)
            if field and field in card.unverified:
                out.append((cid, field))
    return out


def history_depth(state: State) -> int:
    """How many states lie before `state` in its game's history (an Undo goes back one,
    a Redo or an action forward one): where in the game a player said they were done."""
    depth = 0
    step = state.previous
    while step is not None:
        depth += 1
        step = step.previous
    return depth


class GameController:
    """The session of the game on the table, and the screens that follow its state."""

    def __init__(self, ui: SceneHost, session: GameSession, depth: int) -> None:
        self.ui = ui
        self._session = session
        #: The game's screens sit above the host's first `depth` scenes (Home stays
        #: underneath).
        self.depth = depth
        #: The purchase form chosen on screen for this round (else the setting).
        self.form_choice: str | None = None
        #: One tap that entered several actions (a Loading shortcut): the state it left,
        #: how many actions, and what to call them, so that one Undo takes it all back.
        self.group: tuple[State, int, str] | None = None
        #: The same for Redo, right after such a group was undone.
        self.redo_group: tuple[State, int, str] | None = None
        #: The players who said their Loading is done (`loading_done`), in the order they
        #: said it: (round, player, how deep the game's history was then). A player's done
        #: is not a line of the record (the record's `done` is the table's, written when
        #: the last holder of ship cubes is done); it lasts while the app runs.
        self.finished: list[tuple[int, str, int]] = []
        #: The round screens' last plans: a Supply made anew after an Undo finds the
        #: round's places there (`companion.ui.plans`).
        self.plans = KeptPlans()
        #: What the owner's card file could not follow in this Undo or Redo (its group
        #: too; `_file_follows`), for their message (`said`).
        self.file_problems: list[str] = []
        #: The last state `steps_before` was asked about, and its answer (asked every frame).
        self._depth: tuple[State | None, int] = (None, 0)
        #: The last states `retold` was asked about (an Undo asks two), and its answers.
        self._retold: list[tuple[State, frozenset[str]]] = []
        #: Cards of `retold` the table has just told anew as they were (no line: the
        #: record holds that value), so their reveal goes ahead; until the next record.
        self._told: set[str] = set()
        #: The record's lines `retold` reads, parsed: how many of the record's lines were
        #: read (they only grow), and whether the last was a confirm_value (the next line
        #: is wanted too); the last line read, to see that it is still the same record.
        self._confirms: tuple[int, list[Action], bool] = (0, [], False)
        self._read_end = ""

    @property
    def session(self) -> GameSession:
        return self._session

    @property
    def state(self) -> State:
        return self._session.state

    def steps_before(self, state: State) -> int:
        """`history_depth(state)`, remembered for the last state asked (every frame asks)."""
        if self._depth[0] is not state:
            self._depth = (state, history_depth(state))
        return self._depth[1]

    def retold(self, state: State | None = None) -> frozenset[str]:
        """The unseen cards whose value the table may tell anew (`printed.taken_back`):
        confirmed by the tap that revealed them, a reveal since undone. Worked out from
        the game's record, so a restart keeps them; remembered for the last state asked."""
        state = self.state if state is None else state
        for seen, answer in self._retold:
            if seen is state:
                return answer
        lines = self._confirm_lines()
        # (The setup line alone: no value was ever confirmed in this game, none retold.)
        answer = taken_back(state, lines) if len(lines) > 1 else frozenset()
        self._retold = [*self._retold[-1:], (state, answer)]
        return answer

    def _confirm_lines(self) -> list[Action]:
        """The record's setup line, its confirm_value lines and the line after each,
        parsed (a long record is about 100 KB: only these are read, each once; the pairs
        `taken_back` looks for stay next to each other). Read from the session's lines,
        not its text: an Undo and a Redo ask for them twice, and the text joined every
        line each time."""
        lines = self.session.lines
        read, actions, after_confirm = self._confirms
        if len(lines) < read or (read and lines[read - 1] != self._read_end):
            read, actions, after_confirm = 0, [], False  # another record: read anew
        if len(lines) == read:
            return actions
        actions = list(actions)
        try:
            for line in lines[read:]:
                if not line.strip():
                    continue
                confirm = '"confirm_value"' in line
                if confirm or after_confirm or (read == 0 and not actions):
                    actions.append(parse_line(line))
                after_confirm = confirm
        except RuleError:
            actions, after_confirm = [], False
        self._confirms = (len(lines), actions, after_confirm)
        self._read_end = lines[-1] if lines else ""
        return actions

    def _file_follows(self, before: State, after: State, action: Action) -> None:
        """The owner's card file follows an Undo or a Redo of a reveal whose value the
        same tap confirmed (`retold`): an Undo gives the file back what it held before
        that tap, where it still holds the value taken back (nothing else relied on it:
        later games ask again); a Redo saves the value again."""
        if type(action) not in (Undo, Redo):
            return
        undone = [c for c in self.retold(after) if c not in self.retold(before)]
        redone = [c for c in self.retold(before) if c not in self.retold(after)
                  and type(action) is Redo]
        for card_id in undone + redone:
            card = after.catalogue.cards.get(card_id)
            field = PRINTED_FIELD.get(card.kind) if card is not None else None
            if card is None or field is None:
                continue
            held = getattr(card, field)
            value = tuple(str(g) for g in held) if isinstance(held, tuple) else held
            try:
                if card_id in undone:
                    restore = self.ui.services.restore_override
                    if restore is not None:
                        was = value_before(self._confirm_lines(), card_id, field)
                        restore(card_id, field, value,
                                tuple(was) if isinstance(was, list) else was)
                else:
                    self.ui.services.save_override(card_id, field, value)
            except CompanionError as exc:  # the game goes on; the table is told (`said`)
                log.warning("the card file does not follow the %s of %s: %s",
                            action.type, card_id, exc.message)
                self.file_problems.append(
                    _("Later games still take this value: the card file could not be put "
                      "back ({reason}).").format(reason=exc.message) if card_id in undone
                    else _("Kept for this game, but not saved for later games: {reason}")
                    .format(reason=exc.message))

    # --- acting -------------------------------------------------------------------
    def act(self, action: Action, *, income_shown: bool = False) -> bool:
        """Submit `action` (after any confirmation it needs); True once it is recorded.

        `income_shown`: the table has already seen this Loading's Income (the last
        round's, shown before the 4th fire's points are asked), so it is not shown again.
        """
        state = self.state
        try:
            prepared = self.session.prepare(action)  # applied once, nothing written yet
        except RuleError as exc:
            self.ui.error(words.refusal(state, exc))
            return False
        except CompanionError as exc:
            self.ui.error(_("Not saved: {reason}").format(reason=exc.message))
            return False
        predicted = prepared.after
        pending = unconfirmed(state, predicted)
        if isinstance(action, Reveal) and action.card in self.retold(state) and \
                action.card not in self._told:
            # Scanned after the tap that told it was undone: asked anew (`retold`).
            told = PRINTED_FIELD.get(state.catalogue[action.card].kind)
            if told is not None:
                pending.insert(0, (action.card, told))
        if pending:
            card_id, field = pending[0]
            # The last round's Done pays the income, then resolves the 4th fire (RULES.md,
            # "End of the game"): the table meets the Income first, so its points are asked
            # after it, where the fire comes. Nothing is recorded until they are answered.
            last_income = (type(action) is Done and card_id == FOURTH_FIRE
                           and predicted.income is not None and not income_shown)

            def ask() -> None:
                self.ui.open("confirm", card_id=card_id, field=field,
                             then=lambda: self.act(action, income_shown=last_income))

            ask()
            if last_income:  # what was paid, and why: the question's message (no tap)
                self.ui.info(income_said(state, predicted), more=lambda: self.ui.open(
                    "income", before=state, after=predicted))
            return False
        return self.record(prepared, income_shown=income_shown)

    def submit(self, action: Action, *, income_shown: bool = False) -> bool:
        """Record `action` without asking for printed values (Undo, Redo, a repeat)."""
        try:
            prepared = self.session.prepare(action)
        except RuleError as exc:
            self.ui.error(words.refusal(self.state, exc))
            return False
        except CompanionError as exc:
            self.ui.error(_("Not saved: {reason}").format(reason=exc.message))
            return False
        return self.record(prepared, income_shown=income_shown)

    def record(self, prepared: Step, *, income_shown: bool = False) -> bool:
        """Record a step the session prepared; the screens follow the state it returns."""
        old, action = self.state, prepared.action
        try:
            new = self.session.commit(prepared)
        except RuleError as exc:
            self.ui.error(words.refusal(old, exc))
            return False
        except CompanionError as exc:
            self.ui.error(_("Not saved: {reason}").format(reason=exc.message))
            return False
        self._told.clear()
        self.moved_again(old, action)
        self._file_follows(old, new, action)
        self.sync(old, new, income_shown=income_shown)
        self.announce(old, new, action)
        if type(action) not in (Undo, Redo, Done) and not self.grouping:
            self.done_by_itself()
        return True

    #: Actions of one tap are being recorded (`act_group`): Loading done waits for the last.
    grouping = False

    def done_by_itself(self) -> None:
        """Nothing can be loaded (nobody who has not said they are done has a cube a rule
        lets move), as Loading begins or after its last move: Loading is done by itself,
        no tap (nobody has a choice left to make). An Undo takes back this Done alone
        (and says so)."""
        new = self.state
        if new.phase != Phase.LOADING:
            return
        finished = self.loading_finished(new)
        if not any(loading_actions(new, pid) for pid in new.players if pid not in finished):
            self.act(Done())

    # --- a player's Loading done ---------------------------------------------------
    def loading_finished(self, state: State | None = None) -> frozenset[str]:
        """The players who said their Loading is done this round (`loading_done`)."""
        state = self.state if state is None else state
        if state.phase != Phase.LOADING:
            return frozenset()
        return frozenset(pid for rnd, pid, _depth in self.finished if rnd == state.round)

    def loading_holders(self, state: State | None = None, but: str | None = None) -> list[str]:
        """The players still holding a ship's cube with somewhere to go who have not said
        they are done (leaving out `but`), in turn from the first player."""
        state = self.state if state is None else state
        skip = set(self.loading_finished(state))
        if but is not None:
            skip.add(but)
        return cube_holders(state, skip)

    def loading_done(self, pid: str) -> str | None:
        """`pid` says their Loading is done: the Loading screen's primary action for the
        player shown, and what a player's button could call. Their turn ends: the next
        player who still holds ship cubes (and has not said so) is handed the screen, as
        after a player's last cube; when nobody else holds one, the table's `done` is
        recorded (Loading ends, the Income is paid). Returns the next player, or None
        when Loading ended (or could not: the message says why)."""
        state = self.state
        if state.phase != Phase.LOADING or pid not in state.players:
            return None
        if not self.loading_holders(state, but=pid):
            self.act(Done())
            return None
        if pid not in self.loading_finished(state):
            self.finished.append((state.round, pid, self.steps_before(state)))
        following = next_loader(state, pid, self.loading_finished(state))
        self.sync(state, state)  # the Loading screen shows the next player
        return following

    def moved_again(self, old: State, action: Action) -> None:
        """A player who said their Loading is done and then moves a cube (shown again by
        their button, or after an Undo of Loading's end) has taken their done back: else
        that move would end Loading by itself and send their other ship cubes to the
        stock unasked (found at a German table after such an Undo)."""
        pid = getattr(action, "player", None)
        if old.phase != Phase.LOADING or pid is None or type(action) in (Undo, Redo, Done):
            return
        self.finished = [f for f in self.finished if f[:2] != (old.round, pid)]

    def take_back_done(self) -> str | None:
        """Undo's part in a player's done: the last one said since the last recorded
        action is taken back (that player is shown again); their id, or None."""
        state = self.state
        depth = self.steps_before(state)
        if self.finished and self.finished[-1][0] == state.round and \
                self.finished[-1][2] == depth and state.phase == Phase.LOADING:
            pid = self.finished.pop()[1]
            return pid
        return None

    def done_pending(self) -> str | None:
        """The player whose done was the last thing done (no action recorded since), or
        None: Undo takes it back first."""
        state = self.state
        if self.finished and state.phase == Phase.LOADING:
            rnd, pid, depth = self.finished[-1]
            if rnd == state.round and depth == self.steps_before(state):
                return pid
        return None

    def end_loading(self) -> bool:
        """End Loading for everyone (the explicit choice, after the Loading screen named
        who still holds cubes and what goes to the stock): the record's `done`."""
        if self.state.phase != Phase.LOADING:
            return False
        return self.act(Done())

    def announce(self, old: State, new: State, action: Action) -> None:
        """Feedback for what the table cannot see in the books: a contract just completed."""
        if not isinstance(action, Move) or action.to not in new.catalogue.cards:
            return
        card = new.catalogue[action.to]
        filled = (new.player(action.player).contracts or {}).get(action.to, ())
        was = (old.player(action.player).contracts or {}).get(action.to, ())
        if len(filled) == len(card.goods) and len(was) < len(card.goods):
            self.ui.info(ngettext(
                "{card} is complete: {player} scores {n} point at the end.",
                "{card} is complete: {player} scores {n} points at the end.",
                card.contract_points).format(
                card=words.card(new, action.to), player=words.player_name(new, action.player),
                n=card.contract_points))

    def act_group(self, actions: Sequence[Action], label: str) -> int:
        """Submit several actions for one tap; one Undo takes back those that were recorded."""
        done = 0
        self.grouping = True
        try:
            for action in actions:
                if not self.act(action):
                    break
                done += 1
        finally:
            self.grouping = False
        if done:
            before = self.state
            self.done_by_itself()  # after the group's last move, and one with it
            if self.state is not before and type(self.state.last_action) is Done:
                done += 1
                # The Undo of the tap takes back Loading's end and the income with it:
                # its message says so ("…; the end of Loading and the income").
                label = _("; ").join((label, words.describe(before, Done())))
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
        self.file_problems = []
        preview = undo_preview(state)
        if preview is None:
            self.ui.info(_("There is nothing to undo."))
            return
        group, self.group = self.group, None
        if group is not None and group[0] is state:
            _after, times, label = group
            done = self._repeat(Undo(), times)
            if done:
                self.redo_group = (self.state, done, label)
                self.said(_("Undone: {what}").format(what=label))
            return
        undone = words.describe(*preview)
        if self.submit(Undo()):
            self.said(_("Undone: {what}").format(what=undone))

    def redo(self) -> None:
        state = self.state
        self.file_problems = []
        if not state.redo:
            self.ui.info(_("There is nothing to redo."))
            return
        group, self.redo_group = self.redo_group, None
        if group is not None and group[0] is state:
            _after, times, label = group
            done = self._repeat(Redo(), times)
            if done:
                self.group = (self.state, done, label)
                self.said(_("Redone: {what}").format(what=label))
            return
        redone = words.describe(state, state.redo[-1])
        if self.submit(Redo()):
            self.said(_("Redone: {what}").format(what=redone))

    def said(self, text: str) -> None:
        """What an Undo or a Redo did, and what the owner's card file could not follow
        (`_file_follows`: then said as a fault, so it is read before the next tap)."""
        if self.file_problems:
            ended = text if text.rstrip().endswith((".", "!", "?")) else text + "."
            self.ui.error(" ".join([ended, *self.file_problems]))
        else:
            self.ui.info(text)

    def confirm_value(self, card_id: str, field: str, value: PrintedValue) -> str | None:
        """Save a printed value the table confirmed: in this game from now on (a
        confirm_value line in its record; what was already shown stays), and in the
        owner's card file for every later game.

        The game's line comes first and only once: a value the game already holds as
        confirmed (a second tap after a fault) adds no second line. RuleError or
        CompanionError when the game could not record it (nothing changed). Once the
        game has it, a fault of the owner's file does not take it back: its reason is
        returned (None when saved), for the screen to say that later games lack it."""
        value = tuple(str(g) for g in value) if isinstance(value, tuple | list) else int(value)
        card = self.state.catalogue.cards.get(card_id)
        held = getattr(card, field, None) if card is not None else None
        if isinstance(held, tuple):
            held = tuple(str(g) for g in held)
        if card is None or held != value or field in card.unverified:
            self._session.submit(ConfirmValue(card_id, field, value))
        elif card_id in self.retold():  # told anew, alike: its reveal is not asked again
            self._told.add(card_id)
        try:
            self.ui.services.save_override(card_id, field, value)
        except CompanionError as exc:
            return exc.message
        return None

    # --- screens ------------------------------------------------------------------
    def base_scene(self, state: State) -> str:
        """The registry name of the screen for `state`'s phase."""
        if state.phase == Phase.SUPPLY:
            return "supply"
        if state.phase in (Phase.DEMAND, Phase.PURCHASE):
            form = state.form or self.form_choice or \
                self.ui.services.settings.get("purchase_form", Form.QUICK)
            return "purchase-tracked" if form == Form.TRACKED else "purchase"
        if state.phase == Phase.LOADING:
            return "loading"
        return "final"

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
        self.ui.open(self.base_scene(self.state))

    def sync(self, old: State, new: State, *, income_shown: bool = False) -> None:
        """Follow a state change: the phase's screen, then fire and income screens on top."""
        if new.phase == Phase.SUPPLY:
            self.form_choice = None
        if self.finished:
            # A player's done said after where the game now is (an Undo went back past
            # it) is no longer said; one said before it still is (an Undo of Loading's
            # end shows the players who were not done yet).
            depth = self.steps_before(new)
            self.finished = [f for f in self.finished if f[2] <= depth]
        wanted = self.base_scene(new)
        scenes = self.ui.scenes
        base = scenes[self.depth] if len(scenes) > self.depth else None
        same = base is not None and base.name == wanted
        kept = [s for s in scenes[self.depth + 1:] if s.keep_on_sync]
        self.ui.pop_to(self.depth)
        if base is not None and same:
            self.ui.push(base)  # the same screen again, entered anew
        else:
            self.ui.open(wanted)
        if len(new.fires) > len(old.fires) and new.actions > old.actions:
            fires = list(new.fires[len(old.fires):])
        else:
            fires = []
        # Income only for a Done just applied (or redone), never for an Undo back out of
        # Loading: from round 2 on the state still holds the previous round's income.
        paid = (old.phase == Phase.LOADING and type(new.last_action) is Done
                and new.previous is old and new.income is not None)
        if same:
            for scene in kept:  # e.g. a tableau open for corrections stays open
                self.ui.push(scene)
        # Neither the Income nor a fire needs a tap: what was paid and what each fire did
        # (who gained, who lost) are the next screen's message (UX.md: a computed result
        # shows its parts); a tap on it opens their screens, the Income's first.
        said, short = [], []
        if paid and not income_shown:
            said.append(income_said(old, new))
            left = words.cubes_to_stock(old)  # what Loading's end took off the ships
            if left:  # said, as RULES.md asks (End for all named it before it ended)
                said.append(_("To the stock from the ships: {cubes}.").format(cubes=left))
            short.append(income_short(old))
        if fires:
            said.append(fires_said(new, fires))
            short.append(fires_said(new, fires))
        if said:
            first = len(new.fires) - len(fires)
            income = paid and not income_shown

            def more() -> None:
                for index in reversed(range(first, len(new.fires))):
                    self.ui.open("fire", index=index)
                if income:
                    self.ui.open("income", before=old, after=new)

            self.ui.info(" ".join(said), more=more, short=" ".join(short))
        self.ui.dirty = True

    def close(self) -> None:
        """Leave the game (it stays saved) and go back to Home."""
        self._session.close()
        self.ui.game = None
        self.ui.back_to(self.depth)
