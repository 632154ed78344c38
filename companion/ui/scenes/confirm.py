"""Confirm or correct a printed value the catalogue only guesses (docs/cards.md).

Shown before an action that would use it: a revealed fire's points, a bought
fireman's value, a bought contract's goods. The guess is shown as a question,
never as fact. One tap answers it: the table taps what the card shows (a number,
or the set of goods: `companion.ui.views.confirm`); a contract whose goods repeat
one, or a fire beyond the usual points, is entered the longer way on the same
screen. The answer is saved as the owner's override (used by this game and every
later one), then the action goes ahead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

import pygame

from companion.engine import GOODS, Catalogue, RuleError
from companion.engine.words import printed_for_field
from companion.errors import CompanionError
from companion.ui import buttons, layout, names, rulestexts, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    GOOD_COLOURS,
    LARGE,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    Canvas,
)
from companion.ui.i18n import _, language
from companion.ui.layouts import confirm as places
from companion.ui.scene import BarSays, GameHost, Primary, Scene, SceneHost
from companion.ui.services import PrintedValue
from companion.ui.views.confirm import (
    Answer,
    ConfirmView,
    chosen_said,
    confirm_view,
    in_order,
    number_answers,
)

log = logging.getLogger("companion.ui")


def same_value(a: object, b: object) -> bool:
    """Two printed values alike: a number, or the same goods in any order."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return sorted(str(g) for g in a) == sorted(str(g) for g in b)
    return a == b


def which_card(catalogue: Catalogue, candidates: list[str], field: str,
               value: PrintedValue, retold: frozenset[str] = frozenset()) -> str | None:
    """The card among `candidates` (unseen cards of one kind and season) that shows
    `value`: one whose value is confirmed and alike, else an unconfirmed one whose guess
    is alike, else an unconfirmed one (of the same size for a contract): its guess was
    wrong. None when every candidate is confirmed and none shows it. A card of `retold`
    (its value confirmed by the tap that revealed it, a reveal since undone) counts as
    unconfirmed: that tap may have been a mistake."""
    cards = [catalogue[cid] for cid in candidates]
    confirmed = [c for c in cards if field not in c.unverified and c.id not in retold]
    guesses = [c for c in cards if field in c.unverified or c.id in retold]
    for group in (confirmed, guesses):
        for card in group:
            if same_value(getattr(card, field), value):
                return card.id
    if not guesses:
        return None
    if field == "goods" and isinstance(value, tuple):
        sized = [c for c in guesses if len(c.goods) == len(value)]
        if sized:
            return sized[0].id
    return guesses[0].id


def reveal_shown(ui: SceneHost, game: GameHost, candidates: list[str], field: str,
                 value: PrintedValue, answered: Callable[[], object] | None = None) -> None:
    """The card revealed in Supply shows `value`: it is the card among `candidates` that
    shows it (`which_card`), its value confirmed (a confirm_value line before its reveal,
    and the owner's card file) unless it already was, then revealed. `answered` runs once
    the value is in (the question's screen closes); nothing is recorded on a refusal."""
    from companion.engine import Reveal

    state = game.state
    retold = game.retold(state)
    chosen = which_card(state.catalogue, candidates, field, value, retold)
    if chosen is None:
        ui.error(_("No card of this season still in the pile shows that."))
        return
    card = state.catalogue[chosen]
    try:
        problem = None
        if field in card.unverified or chosen in retold or \
                not same_value(getattr(card, field), value):
            problem = game.confirm_value(chosen, field, value)
    except RuleError as exc:
        ui.error(words.refusal(state, exc))
        return
    except CompanionError as exc:
        ui.error(_("Not saved: {reason}").format(reason=exc.message))
        return
    if answered is not None:
        answered()
    if problem is not None:
        ui.error(_("Kept for this game, but not saved for later games: {reason}")
                 .format(reason=problem))
    game.act(Reveal(chosen))


class ConfirmValueScene(Scene):
    """Ask the table for one printed value: one tap on what the card shows.

    With `candidates` (Supply, a revealed card whose kind has several unseen cards of
    unconfirmed value: docs/cards.md) it asks what the card on the table shows: the answer
    picks the card (`which_card`), confirms its value and reveals it, in one step."""

    name = "confirm"

    def __init__(self, ui: SceneHost, card_id: str, field: str,
                 then: Callable[[], object] | None = None, *,
                 save: Callable[[str, str, PrintedValue], None] | None = None,
                 candidates: list[str] | None = None) -> None:
        super().__init__(ui)
        self.card_id = card_id
        self.field = field
        self.then = then
        self.save = save
        self.candidates = list(candidates or [])
        catalogue = self.catalogue()
        card = catalogue[card_id]
        self.card = card
        #: A contract's goods entered one by one ("Other goods": goods that repeat one),
        #: not picked from the sets of different goods.
        self.by_goods = False
        #: The answer as entered so far. No question starts on its guess (docs/cards.md):
        #: a value the catalogue only guesses is None (the steps show "?" and Confirm
        #: waits for a choice); only a value the table already confirmed (corrected from
        #: Enroll cards) starts on what it is.
        self.value: int | list[str] | None
        if field == "goods":
            self.value = []  # the goods as tapped, from none
        elif self.candidates or field in card.unverified:
            self.value = None  # no value until one is tapped or stepped to
        elif field == "points":
            self.value = card.points
        else:
            self.value = card.value
        #: The value before each change, for Undo (the last thing the person did).
        self.earlier: list[int | list[str] | None] = []
        #: The answer chosen on the table's buttons (issue 31): none until a press (no
        #: answer is preselected), then what OK confirms. A number, or goods.
        self.pressed: int | list[str] | None = None
        #: The pressed answer before each press, for Undo.
        self.pressed_before: list[int | list[str] | None] = []

    def question(self) -> str | None:
        """No answer until the table taps or presses one (docs/cards.md: never a preset
        answer)."""
        return "answering" if self.earlier or self.pressed is not None else "unanswered"

    def screen_key(self) -> object:
        """Goods entered one by one ("Other goods") in place of the answers."""
        return self.by_goods

    def remember(self) -> None:
        self.earlier.append(list(self.value) if isinstance(self.value, list) else self.value)

    def entry_pending(self) -> bool:
        return True

    def help_topics(self) -> list[str]:
        """The rules of the card asked about (what its printed value does)."""
        return rulestexts.card_topics([(self.card.kind, self.card.good)])

    # --- the table's buttons (issue 31) ------------------------------------------------
    def button_answer(self, colour: str) -> int | list[str] | None:
        """What a press of `colour`'s button makes the answer (`legend`): a fireman's 1-5
        are the five buttons; a fire's 1-5 too, a second press of the same button adds 5
        (6-10); a contract's goods are the five goods, each press putting its good in or
        taking it out."""
        state = self.ui.game.state if self.ui.game is not None else None
        at = buttons.position(state, colour)
        if at < 0:
            return None
        if self.field == "goods":
            good = buttons.good_of(state, colour)
            now = list(self.pressed) if isinstance(self.pressed, list) else []
            if good is None:
                return None
            if good in now:
                now.remove(good)
            elif len(now) < 4:
                now.append(good)
            return now
        if self.field == "points":
            base = at + 1
            return base + 5 if self.pressed == base else base
        printed = printed_for_field(self.field)
        low, high = (printed.low, printed.high) if printed else (1, 5)
        number = low + at
        return number if number <= high else None

    def legend(self) -> dict[str, str]:
        state = self.ui.game.state if self.ui.game is not None else None
        out = {}
        for colour in buttons.order(state):
            at = buttons.position(state, colour)
            if self.field == "goods":
                good = buttons.good_of(state, colour)
                if good is not None:
                    out[colour] = names.good_initial(good)
            elif self.field == "points":
                out[colour] = f"{at + 1}/{at + 6}"
            else:
                answer = self.button_answer(colour)
                if answer is not None:
                    out[colour] = str(answer)
        return out

    def on_player(self, colour: str) -> None:
        answer = self.button_answer(colour)
        if answer is None:
            return
        self.pressed_before.append(self.pressed)
        self.pressed = answer
        self.ui.dirty = True

    def pressed_words(self) -> str:
        if isinstance(self.pressed, list):
            return ", ".join(names.good(g) for g in self.pressed) or "—"
        return str(self.pressed)

    def pressed_ready(self) -> bool:
        if isinstance(self.pressed, list):
            return 2 <= len(self.pressed) <= 4
        return self.pressed is not None


    def on_ok(self) -> bool:
        """OK confirms the answer chosen on the buttons; with none chosen it confirms
        nothing by buttons (no answer is preselected): the bar's primary, if any, stays
        the touch's (goods tapped one by one, a number set by its steps)."""
        if self.pressed is None:
            if self.field == "points" and not self.by_goods:
                self.ui.info(_("No answer chosen yet: press the button of the number on "
                               "the card."))
                return True
            return False
        if not self.pressed_ready():
            self.ui.info(chosen_said(self.pressed))
            return True
        pressed = self.pressed
        self.answer(tuple(pressed) if isinstance(pressed, list) else int(pressed))
        return True

    def undo_entry(self) -> str | None:
        """Undo here takes back the last change of the value, then the goods one by one
        (back to the sets), then the question itself (the action that asked it is not
        recorded): never the game's previous action."""
        if self.pressed_before:
            undone = self.pressed_words()
            self.pressed = self.pressed_before.pop()
            self.ui.dirty = True
            return _("the change to {value}").format(value=undone)
        if self.earlier:
            undone = self.shown()
            self.value = self.earlier.pop()
            self.ui.dirty = True
            return _("the change to {value}").format(value=undone)
        if self.by_goods:
            self.by_goods = False
            self.ui.dirty = True
            return _("Other goods")
        self.ui.pop()
        return _("the question about {card}").format(card=self.title())

    def title(self) -> str:
        """The card asked about; when it is to be told by its face, its kind and "?"."""
        if self.candidates:
            return names.asked(self.card.kind)
        return names.card_name(self.card)

    def shown(self) -> str:
        if isinstance(self.value, list):
            return ", ".join(names.good(g) for g in self.value)
        return "?" if self.value is None else str(self.value)

    def catalogue(self) -> Catalogue:
        game = self.ui.game
        if game is not None:
            return game.state.catalogue
        return self.ui.services.load_catalogue()

    def hint(self) -> str:
        if self.by_goods:
            return _("Tap each good printed on the card. It is saved for every later game.")
        if self.field == "goods":
            return _("Tap the goods printed on the card. It is saved for every later game.")
        if self.field == "points":
            return _("Tap the points printed on the card (another number: \u2212 +, then "
                     "Confirm). It is saved for every later game.")
        return _("Tap the value printed on the card. It is saved for every later game.")

    def primary(self) -> Primary | None:
        if self.pressed_ready():  # the answer chosen on the buttons: OK confirms it
            return (_("Confirm"), self.on_ok)
        if self.by_goods:
            ready = isinstance(self.value, list) and 2 <= len(self.value) <= 4
            label = _("Revealed") if self.candidates else _("Confirm")
            return (label, self.answer_entered if ready else None)
        if self.field == "points":  # the number set by its steps, once there is one
            return (_("Confirm"), None if self.value is None else self.answer_entered)
        return None  # the answer is one tap on what the card shows

    def secondary(self) -> Primary | None:
        if self.field == "goods" and not self.by_goods:
            return (_("Other goods"), self.other_goods)
        return None

    def other_goods(self) -> None:
        """Goods that no set offers (one repeated): entered one by one."""
        self.by_goods = True
        self.value = []
        self.earlier = []
        self.ui.dirty = True

    def answer_entered(self) -> None:
        """The value set on the screen (steps, or goods tapped one by one) is the answer."""
        if self.value is None:
            return
        self.answer(tuple(str(g) for g in self.value) if isinstance(self.value, list)
                    else int(self.value))

    def answer(self, value: PrintedValue) -> None:
        """What the card shows, tapped: the card told by it (Supply), or the card asked
        about confirmed; the action that asked goes ahead."""
        if self.candidates:
            self.pick(value)
        else:
            self.confirm(value)

    def pick(self, value: PrintedValue | None = None) -> None:
        """The card on the table shows this value: it is that card, and the value is
        confirmed (a confirm_value line before its reveal) unless it already was."""
        if value is None:
            if self.value is None:
                return
            value = (tuple(str(g) for g in self.value) if isinstance(self.value, list)
                     else int(self.value))
        reveal_shown(self.ui, self.game, self.candidates, self.field, value, self.ui.pop)
        if self.then is not None:  # Supply: the card is revealed (`revealed_since`)
            self.then()

    def add_good(self, good: str) -> None:
        if isinstance(self.value, list) and len(self.value) < 4:
            self.remember()
            self.value = [*self.value, good]
            self.ui.dirty = True

    def clear_goods(self) -> None:
        self.remember()
        self.value = []
        self.ui.dirty = True

    def confirm(self, value: PrintedValue | None = None) -> None:
        if value is None:
            if self.value is None:
                return
            value = (tuple(str(g) for g in self.value) if isinstance(self.value, list)
                     else int(self.value))
        try:
            if self.save is not None:
                self.save(self.card_id, self.field, value)
                problem = None
            else:
                problem = self.game.confirm_value(self.card_id, self.field, value)
        except RuleError as exc:
            self.ui.error(words.refusal(self.ui.game.state, exc) if self.ui.game is not None
                          else _("Not saved: {reason}").format(reason=exc.code))
            return
        except CompanionError as exc:  # e.g. a read-only disk: nothing was recorded
            self.ui.error(_("Not saved: {reason}").format(reason=exc.message))
            return
        except Exception:  # noqa: BLE001 - a bug: logged, never shown raw, never a crash
            log.exception("confirming %s %s", self.card_id, self.field)
            self.ui.error(_("Not saved: an unexpected fault (it is in the log)."))
            return
        self.ui.pop()
        if problem is not None:
            # The game has the value (its record holds it); only later games lack it.
            self.ui.error(_("Kept for this game, but not saved for later games: {reason}")
                          .format(reason=problem))
        if self.then is not None:
            self.then()

    def step(self, delta: int) -> None:
        self.remember()
        printed = printed_for_field(self.field)
        low, high = (printed.low, printed.high) if printed else (0, 0)
        if self.value is None:
            # From no answer: "+" to the first number beyond the one-tap buttons, "−" to
            # the lowest (the usual numbers are the buttons above).
            start = max(number_answers(self.field), default=low)
            self.value = max(low, min(high, start + 1)) if delta > 0 else low
        elif isinstance(self.value, int):
            self.value = max(low, min(high, self.value + delta))
        self.ui.dirty = True

    def goods(self) -> list[str]:
        return list(self.value) if isinstance(self.value, list) else []

    def set_value(self, value: int) -> None:
        self.remember()
        self.value = value
        self.ui.dirty = True

    def guess(self) -> str | None:
        """The catalogue's guess in words (said as one), or None where the card is still
        to be told by its face."""
        if self.candidates:
            return None
        card = self.card
        if self.field == "goods":
            return ", ".join(names.good(g) for g in card.goods)
        return str(card.points if self.field == "points" else card.value)

    #: A message too long for the bar goes over the title and the question (where it
    #: fits), not into a strip that would move the answers up (`places.message_over`).
    message_over_texts = True

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        self._draw(c, body, False)

    def holds_message(self, c: Canvas, body: pygame.Rect, text: str) -> bool:
        return self._message_box(c, body, text) is not None

    def draw_said(self, c: Canvas, body: pygame.Rect, said: BarSays) -> None:
        text = said.message or ""
        over = self._message_box(c, body, text) if text else None
        self._draw(c, body, over is not None)
        if over is not None:
            box, inner = over
            layout.draw_message(c, box, inner, text, said.error)
            if said.dismiss is not None:
                c.region(box, said.dismiss, "message", text)

    def _message_box(self, c: Canvas, body: pygame.Rect, text: str
                     ) -> tuple[pygame.Rect, pygame.Rect] | None:
        """Where `text` goes over the question's texts (`places.message_over`), or None."""
        view, plan, placed = self._placed(c, body)
        if plan is not None:
            return places.message_over(c, plan.title, plan.cubes[0].y, text)
        assert placed is not None
        tops = [box.y for boxes in placed.cells for box in boxes]
        if placed.steps is not None:
            tops.append(placed.steps[0].y)
        if not placed.texts or not tops:
            return None
        return places.message_over(c, placed.texts[0], min(tops), text)

    def _placed(self, c: Canvas, body: pygame.Rect
                ) -> tuple[ConfirmView, places.ByGoods | None, places.Answers | None]:
        """The question's view and its layout in `body`: the goods one by one, or the
        answers; once for what they depend on (a frame with a message asks three times:
        whether it fits, where, and the question under it)."""
        title, guess = self.title(), self.guess()

        def lay_out() -> tuple[ConfirmView, places.ByGoods | None, places.Answers | None]:
            view = confirm_view(title, self.field, guess)
            if self.by_goods:
                return view, places.by_goods(c, body, [(view.title, LARGE, "title", 1),
                                                       (view.question, BODY, None, None)]), None
            return view, None, places.answers(c, body, view, steps=self.field == "points")

        return self.kept("placed", (tuple(body), c.w, c.h, c.s, language(), self.by_goods,
                                    title, guess), lay_out)

    def _draw(self, c: Canvas, body: pygame.Rect, over: bool) -> None:
        """The question in `body`; its texts left out where a message goes `over` them."""
        view, plan, placed = self._placed(c, body)
        if plan is not None:
            if not over:
                layout.draw_text(c, view.title, plan.title, LARGE, TEXT, role="title",
                                 max_lines=1)
                layout.draw_text(c, view.question, plan.question, BODY, TEXT)
            self.draw_goods(c, plan)
            return
        assert placed is not None
        # The answer chosen on the buttons so far, in place of the guess (its button is
        # marked too, once it is one the screen offers); the line's place is kept either
        # way (`places.answers`).
        line = view.guess if self.pressed is None else chosen_said(self.pressed)
        texts = [(view.title, LARGE, TEXT, "title"), (view.question, BODY, TEXT, "body"),
                 (line, BODY, MUTED, "body")]
        for (text, size, colour, role), rect in zip(texts, placed.texts, strict=False):
            if text and not over:
                layout.draw_text(c, text, rect, size, colour, role=role,
                                 max_lines=layout.ANSWER_TEXT_LINES)
        for group, boxes, cubes in zip(view.groups, placed.cells, placed.cubes, strict=True):
            for answer, box, row in zip(group, boxes, cubes, strict=True):
                self.draw_answer(c, answer, box, row)
        if placed.steps is not None:
            self.draw_steps(c, *placed.steps)

    def draw_answer(self, c: Canvas, answer: Answer, box: pygame.Rect,
                    cubes: tuple[pygame.Rect, ...]) -> None:
        """One answer: a number, or the goods as cubes (their colours and initials)."""
        action = partial(self.answer, answer.value)
        pressed = self.pressed
        chosen = pressed is not None and (
            in_order(pressed) == answer.value if isinstance(pressed, list)
            else pressed == answer.value)
        if not answer.goods:
            c.button(box, answer.label, action, key=answer.key, size=LARGE, selected=chosen)
            return
        c.rect(box, PANEL)
        if chosen:  # the answer chosen on the buttons (issue 31)
            c.chosen(box)
        for good, cube in zip(answer.goods, cubes, strict=True):
            c.cube(good, cube, names.good_initial(good))
        c.region(box, action, answer.key, answer.label)

    def draw_steps(self, c: Canvas, minus: pygame.Rect, number: pygame.Rect,
                   plus: pygame.Rect) -> None:
        """Any other number: − and + around it, then Confirm (the bar's)."""
        c.button(minus, "\u2212", lambda: self.step(-1), key="value:-", size=LARGE)
        c.text(self.shown(), number.center, LARGE, ACCENT, anchor="center", role="key")
        c.button(plus, "+", lambda: self.step(1), key="value:+", size=LARGE)

    def draw_goods(self, c: Canvas, plan: places.ByGoods) -> None:
        """Goods one by one (a contract whose goods repeat one)."""
        goods = self.goods()
        for i, cell in enumerate(plan.cubes):
            if i < len(goods):
                c.cube(goods[i], cell, names.good_initial(goods[i]))
            else:
                c.rect(cell, PANEL)
                c.text("?", cell.center, BODY, MUTED, anchor="center")
        if goods:
            c.button(plan.clear, _("Clear goods"), self.clear_goods, key="goods:clear")
        for good, box, under in zip(GOODS, plan.goods, plan.under, strict=True):
            c.button(box, names.good_initial(good),
                     partial(self.add_good, str(good)) if len(goods) < 4 else None,
                     key=f"good:{good}", colour=GOOD_COLOURS[good])
            if under.h:  # where the names have their place (`goods_row`)
                layout.draw_text(c, names.good(good), under, SMALL, TEXT, align="center")
