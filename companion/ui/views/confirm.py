"""The printed-value question's view model: every answer the table can give in one tap.

Plain data, without pygame (`companion.ui.scenes.confirm` lays it out and paints it). A
question is answered by tapping what the card shows: a fire's points (the usual ones;
any other by steps), a fireman's value (1-5), or a contract's goods, one button for each
set of 2 to 4 different goods. A contract whose goods repeat one (the engine allows it;
no card the catalogue guesses does) is entered good by good: the screen's own, slower way.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from companion.engine import GOODS
from companion.engine.values import value
from companion.engine.words import printed_for_field
from companion.ui import names
from companion.ui.i18n import _

#: A fire's points offered in one tap (others: the steps below them).
FIRE_POINTS = tuple(range(1, 11))


@value
class Answer:
    """One button: its words, the value it answers, and the goods it paints."""

    label: str
    value: int | tuple[str, ...]
    #: The goods shown as cubes (their colours and initials); () for a number.
    goods: tuple[str, ...] = ()
    #: The button's stable key (`value:3`, `goods:coffee+tea`).
    key: str = ""


@value
class ConfirmView:
    title: str
    question: str
    #: The catalogue's guess, said as one ("Printed value? 2 (unconfirmed guess)"), or ""
    #: where the card is still to be told by its face (the guess would name a card).
    guess: str
    #: Every text the guess's line may show: the guess, and each answer the table's
    #: buttons may choose as the widest words say it (`chosen_said`). The line keeps the
    #: place of the tallest, shown or not, so that the answers below it never move when
    #: a press says its choice there, nor when an Undo takes it back.
    said: tuple[str, ...]
    #: The one-tap answers in groups (a contract's by their number of goods), each group
    #: laid out in rows of its own.
    groups: tuple[tuple[Answer, ...], ...]


def in_order(goods: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Goods in the catalogue's order of goods (a card's goods are a set: any order)."""
    return tuple(sorted((str(g) for g in goods), key=lambda g: GOODS.index(g)))


def goods_answer(goods: tuple[str, ...] | list[str]) -> Answer:
    ordered = in_order(goods)
    return Answer(label=names.goods_initials(ordered), value=ordered, goods=ordered,
                  key="goods:" + "+".join(ordered))


def number_answer(n: int) -> Answer:
    return Answer(label=str(n), value=n, key=f"value:{n}")


def answers(field: str) -> tuple[tuple[Answer, ...], ...]:
    """Every one-tap answer to the question about `field`, in groups."""
    if field == "goods":
        printed = printed_for_field("goods")
        low, high = (printed.low, printed.high) if printed else (2, 4)
        return tuple(tuple(goods_answer(c) for c in combinations(GOODS, k))
                     for k in range(low, high + 1))
    if field == "value":
        printed = printed_for_field("value")
        low, high = (printed.low, printed.high) if printed else (1, 5)
        return (tuple(number_answer(n) for n in range(low, high + 1)),)
    return (tuple(number_answer(n) for n in FIRE_POINTS),)


def number_answers(field: str) -> list[int]:
    """The numbers a one-tap button answers for `field` (none for goods)."""
    return [a.value for group in answers(field) for a in group if isinstance(a.value, int)]


def answer_for(field: str, shown: int | tuple[str, ...] | list[str]) -> Answer | None:
    """The one-tap answer a card showing `shown` is told by, or None (goods that repeat,
    points beyond the buttons): then it is entered the longer way."""
    want = in_order(shown) if isinstance(shown, tuple | list) else shown
    for group in answers(field):
        for answer in group:
            if answer.value == want:
                return answer
    return None


def chosen_said(pressed: int | Sequence[str]) -> str:
    """The answer chosen on the table's buttons so far (a number, or goods in the order
    pressed), said in the guess's line."""
    if isinstance(pressed, int):
        words = str(pressed)
    else:
        words = ", ".join(names.good(g) for g in pressed) or "\u2014"
    return _("Chosen: {answer}.").format(answer=words)


def chosen_texts(field: str) -> tuple[str, ...]:
    """What `chosen_said` may say for `field`'s buttons: every number they answer, or the
    goods of each set of four (every fewer goods say less)."""
    if field == "goods":
        return tuple(chosen_said(c) for c in combinations(GOODS, 4))
    return tuple(chosen_said(n) for n in number_answers(field))


def confirm_view(kind_title: str, field: str, guess: str | None) -> ConfirmView:
    """The question about `field` of the card called `kind_title`; `guess`: the
    catalogue's guess in words, or None where the card is told by its face."""
    question = {
        "points": _("How many points does this fire show?"),
        "value": _("What value does this fireman show?"),
        "goods": _("Which goods does this contract show?"),
    }[field]
    said = _("Printed value? {guess} (unconfirmed guess)").format(guess=guess) \
        if guess is not None else ""
    return ConfirmView(title=kind_title, question=question, guess=said,
                       said=(said, *chosen_texts(field)), groups=answers(field))
