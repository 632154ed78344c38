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
    SMALL,
    TEXT,
    Canvas,
)
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.services import PrintedValue

log = logging.getLogger("companion.ui")


class ConfirmValueScene(Scene):
    """Ask the table for one printed value, starting from the placeholder."""

    name = "confirm"

    def __init__(self, ui: SceneHost, card_id: str, field: str,
                 then: Callable[[], object] | None = None, *,
                 save: Callable[[str, str, PrintedValue], None] | None = None) -> None:
        super().__init__(ui)
        self.card_id = card_id
        self.field = field
        self.then = then
        self.save = save
        catalogue = self.catalogue()
        card = catalogue[card_id]
        self.card = card
        self.value: int | list[str]
        if field == "points":
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
        return _("the question about {card}").format(card=names.card_name(self.card))

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
        return _("Read the value printed on the card. It is saved for every later game.")

    def primary(self) -> Primary:
        return (_("Confirm"), self.confirm)

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
        card = self.card
        area = layout.inset(body, c.u(20), c.u(10))
        flow = layout.Flow(c, area, c.u(8))
        flow.text(names.card_name(card), LARGE, TEXT, role="title", max_lines=2)
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
