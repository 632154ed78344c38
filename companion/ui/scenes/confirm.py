"""Confirm or correct a printed value the catalogue only guesses (docs/cards.md).

Shown before an action that would use it: a revealed fire's points, a bought
fireman's value, a bought contract's goods. The guess is shown as a question,
never as fact. The answer is saved as the owner's override (used by this game
and every later one), then the action goes ahead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

import pygame

from companion.engine import GOODS, Catalogue, RuleError
from companion.engine.words import printed_for_field
from companion.errors import CompanionError
from companion.ui import layout, names, rulestexts, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    GOOD_COLOURS,
    HUGE,
    LARGE,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    Canvas,
)
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.services import PrintedValue

log = logging.getLogger("companion.ui")


def same_value(a: object, b: object) -> bool:
    """Two printed values alike: a number, or the same goods in any order."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return sorted(str(g) for g in a) == sorted(str(g) for g in b)
    return a == b


def which_card(catalogue: Catalogue, candidates: list[str], field: str,
               value: PrintedValue) -> str | None:
    """The card among `candidates` (unseen cards of one kind and season) that shows
    `value`: one whose value is confirmed and alike, else an unconfirmed one whose guess
    is alike, else an unconfirmed one (of the same size for a contract): its guess was
    wrong. None when every candidate is confirmed and none shows it."""
    cards = [catalogue[cid] for cid in candidates]
    confirmed = [c for c in cards if field not in c.unverified]
    guesses = [c for c in cards if field in c.unverified]
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


class ConfirmValueScene(Scene):
    """Ask the table for one printed value, starting from the placeholder.

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
        self.value: int | list[str]
        if self.candidates and field == "goods":
            self.value = []  # the goods as tapped, from none
        elif self.candidates and field == "value":
            self.value = 0  # no value until one is tapped
        elif field == "points":
            self.value = card.points or 0
        elif field == "value":
            self.value = card.value or 1
        else:
            self.value = [str(g) for g in card.goods]
        #: The value before each change, for Undo (the last thing the person did).
        self.earlier: list[int | list[str]] = []

    def remember(self) -> None:
        self.earlier.append(list(self.value) if isinstance(self.value, list) else self.value)

    def entry_pending(self) -> bool:
        return True

    def help_topics(self) -> list[str]:
        """The rules of the card asked about (what its printed value does)."""
        return rulestexts.card_topics([(self.card.kind, self.card.good)])

    def undo_entry(self) -> str | None:
        """Undo here takes back the last change of the value, then the question itself
        (the action that asked it is not recorded): never the game's previous action."""
        if self.earlier:
            undone = self.shown()
            self.value = self.earlier.pop()
            self.ui.dirty = True
            return _("the change to {value}").format(value=undone)
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
        return str(self.value)

    def catalogue(self) -> Catalogue:
        game = self.ui.game
        if game is not None:
            return game.state.catalogue
        return self.ui.services.load_catalogue()

    def hint(self) -> str:
        if self.candidates and self.field == "goods":
            return _("Tap each good printed on the card. It is saved for every later game.")
        if self.candidates:
            return _("Tap the value printed on the card. It is saved for every later game.")
        return _("Read the value printed on the card. It is saved for every later game.")

    def primary(self) -> Primary:
        if self.candidates:
            ready = (2 <= len(self.value) <= 4) if isinstance(self.value, list) \
                else self.value > 0
            return (_("Revealed"), self.pick if ready else None)
        return (_("Confirm"), self.confirm)

    def pick(self) -> None:
        """The card on the table shows this value: it is that card, and the value is
        confirmed (a confirm_value line before its reveal) unless it already was."""
        from companion.engine import Reveal

        value: PrintedValue = (tuple(str(g) for g in self.value)
                               if isinstance(self.value, list) else int(self.value))
        state = self.game.state
        chosen = which_card(state.catalogue, self.candidates, self.field, value)
        if chosen is None:
            self.ui.error(_("No card of this season still in the pile shows that."))
            return
        card = state.catalogue[chosen]
        try:
            problem = None
            if self.field in card.unverified or not same_value(getattr(card, self.field),
                                                                value):
                problem = self.game.confirm_value(chosen, self.field, value)
        except RuleError as exc:
            self.ui.error(words.refusal(state, exc))
            return
        except CompanionError as exc:
            self.ui.error(_("Not saved: {reason}").format(reason=exc.message))
            return
        self.ui.pop()
        if problem is not None:
            self.ui.error(_("Kept for this game, but not saved for later games: {reason}")
                          .format(reason=problem))
        self.game.act(Reveal(chosen))

    def add_good(self, good: str) -> None:
        if isinstance(self.value, list) and len(self.value) < 4:
            self.remember()
            self.value = [*self.value, good]
            self.ui.dirty = True

    def clear_goods(self) -> None:
        self.remember()
        self.value = []
        self.ui.dirty = True

    def tap_value(self, value: int) -> None:
        """A fireman's value, picked: one tap says which card it is."""
        self.set_value(value)
        self.pick()

    def confirm(self) -> None:
        value: PrintedValue = (tuple(str(g) for g in self.value)
                               if isinstance(self.value, list) else int(self.value))
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
        if isinstance(self.value, int):
            self.value = max(low, min(high, self.value + delta))
        self.ui.dirty = True

    def goods(self) -> list[str]:
        return list(self.value) if isinstance(self.value, list) else []

    def set_value(self, value: int) -> None:
        self.remember()
        self.value = value
        self.ui.dirty = True

    def cycle(self, index: int) -> None:
        self.remember()
        goods = self.goods()
        goods[index] = str(GOODS[(GOODS.index(goods[index]) + 1) % len(GOODS)])
        self.value = goods
        self.ui.dirty = True

    def resize(self, delta: int) -> None:
        self.remember()
        goods = self.goods()
        if delta > 0 and len(goods) < 4:
            goods.append(str(GOODS[0]))
        elif delta < 0 and len(goods) > 2:
            goods.pop()
        self.value = goods
        self.ui.dirty = True

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        if self.candidates:
            self.draw_pick(c, body)
            return
        card = self.card
        area = layout.inset(body, c.u(20), c.u(10))
        flow = layout.Flow(c, area, c.u(8))
        flow.text(self.title(), LARGE, TEXT, role="title", max_lines=2)
        question = {
            "points": _("How many points does this fire show?"),
            "value": _("What value does this fireman show?"),
            "goods": _("Which goods does this contract show?"),
        }[self.field]
        flow.text(question, BODY, TEXT)
        guess = {"points": card.points, "value": card.value}.get(self.field)
        if self.field == "goods":
            guess_text = ", ".join(names.good(g) for g in card.goods)
        else:
            guess_text = str(guess)
        flow.text(_("Printed value? {guess} (unconfirmed guess)").format(guess=guess_text),
                  BODY, MUTED)
        flow.take(c.u(12))
        gap = c.u(10)
        size = min(c.u(64), (area.w - 5 * gap) // 6)
        row = flow.take(size)
        if self.field == "points":
            minus, number, plus = layout.columns(pygame.Rect(row.x, row.y, 2 * size + c.u(120),
                                                             size), [size, None, size])
            c.button(minus, "\u2212", lambda: self.step(-1), key="value:-", size=LARGE)
            c.text(str(self.value), number.center, HUGE, ACCENT, anchor="center", role="key")
            c.button(plus, "+", lambda: self.step(1), key="value:+", size=LARGE)
        elif self.field == "value":
            for v, box in zip(range(1, 6), layout.columns(row, [size] * 5, gap), strict=False):
                c.button(box, str(v), partial(self.set_value, v), key=f"value:{v}", size=LARGE,
                         selected=self.value == v)
        else:
            goods = self.goods()
            cells = layout.columns(row, [size] * 6, gap)
            for i, good in enumerate(goods):
                box = cells[i]
                c.button(box, names.good_initial(good), partial(self.cycle, i),
                         key=f"symbol:{i}", colour=GOOD_COLOURS[good])
            c.button(cells[4], "\u2212", lambda: self.resize(-1), key="size:-", size=LARGE)
            c.button(cells[5], "+", lambda: self.resize(1), key="size:+", size=LARGE)
            flow.text(", ".join(names.good(g) for g in goods), SMALL, TEXT)
            flow.text(_("Tap a symbol to change its good."), BODY, MUTED)

    def draw_pick(self, c: Canvas, body: pygame.Rect) -> None:
        """What does the card show? Goods tapped one by one, or a value in one tap."""
        area = layout.inset(body, c.u(20), c.u(10))
        flow = layout.Flow(c, area, c.u(8))
        flow.text(self.title(), LARGE, TEXT, role="title", max_lines=1)
        question = {
            "value": _("What value does this fireman show?"),
            "goods": _("Which goods does this contract show?"),
        }.get(self.field, "")
        flow.text(question, BODY, TEXT)
        gap = c.u(10)
        size = min(c.u(64), (area.w - 5 * gap) // 6)
        if self.field == "value":
            row = flow.take(size)
            for v, box in zip(range(1, 6), layout.columns(row, [size] * 5, gap), strict=False):
                c.button(box, str(v), partial(self.tap_value, v), key=f"value:{v}",
                         size=LARGE)
            return
        goods = self.goods()
        row = flow.take(size)
        cells = layout.columns(row, [size] * 4 + [None], gap)
        for i in range(4):
            if i < len(goods):
                c.cube(goods[i], cells[i], names.good_initial(goods[i]))
            else:
                c.rect(cells[i], PANEL)
                c.text("?", cells[i].center, BODY, MUTED, anchor="center")
        if goods:
            c.button(cells[4], _("Clear goods"), self.clear_goods, key="goods:clear")
        flow.take(c.u(4))
        line = layout.line_height(c, SMALL)
        rest = flow.rest()
        height = max(c.u(56), min(c.u(80), rest.h - 2 * line - c.u(4)))
        boxes = layout.columns(pygame.Rect(rest.x, rest.y, rest.w, height), [None] * 5, gap)
        for good, box in zip(GOODS, boxes, strict=True):
            c.button(box, names.good_initial(good),
                     partial(self.add_good, str(good)) if len(goods) < 4 else None,
                     key=f"good:{good}", colour=GOOD_COLOURS[good])
            under = pygame.Rect(box.x - gap // 2, box.bottom + c.u(2), box.w + gap, 2 * line)
            layout.draw_text(c, names.good(good), under, SMALL, TEXT, align="center")
