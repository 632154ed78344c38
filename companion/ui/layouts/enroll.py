"""The Enroll screen's places (`companion/ui/scenes/enroll.py`): the title (and the
simulator's "new tag" button beside it), the tag scanned, the seasons' tabs and a button
for each card of the season shown."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, Canvas, font
from companion.ui.layouts.stack import Stack
from companion.ui.names import GOODS_JOIN
from companion.ui.tokens import FINGER, GAP, HALF_FINGER, PAD, SNUG, TIGHT, WIDE

#: The width of the button beside the title.
BUTTON_W = 190
#: The tallest a card's button grows.
TALLEST = 84


@value
class EnrollPlan:
    #: The title's box (drawn centred in its height, one line); zero high where the line
    #: naming the tag scanned took its place to leave the cards their room.
    title: pygame.Rect
    #: "Simulate a new tag", beside the title (None without a simulator).
    simulate: pygame.Rect | None
    #: The box of the line naming the tag scanned (body size; zero high without one).
    tag: pygame.Rect
    #: A tab for each season, in their order.
    seasons: tuple[pygame.Rect, ...]
    #: A button for each card of the season shown, in their order.
    cards: tuple[pygame.Rect, ...]
    #: Each card's label as its button writes it: as given, or where that leaves a name
    #: no room to be whole, with its goods apart (`goods_apart`; a Purchase tile writes
    #: them so too), so that they may go on two lines.
    labels: tuple[str, ...]


def badge_room(c: Canvas) -> int:
    """The room a card's button keeps beside its label for the "?" of a guessed value."""
    return font(c.px(BODY)).size("?")[0] + c.u(SNUG)


def goods_apart(label: str) -> str:
    """A card's label with its goods apart, below its kind ("Contrat" / "Ca Th Sa Ta"): the
    goods may then break between two of them. Other labels as they are."""
    kind, _space, goods = label.rpartition(" ")
    if GOODS_JOIN not in goods or not kind:
        return label
    return f"{kind}\n{goods.replace(GOODS_JOIN, ' ')}"


def place(c: Canvas, body: pygame.Rect, *, simulate: bool, tag: str,
          seasons: Sequence[str], cards: Sequence[str]) -> EnrollPlan:
    """The screen's places: `simulate`, whether the simulator's button shows; `tag`, the line
    naming the tag scanned ("" for none); `seasons` and `cards`, the tabs' and the cards'
    labels.

    Every card's button shows its whole name (at body size, on as many lines as it needs:
    two cards of a kind differ only at its end, "Marchand d’épices", "Marchand de tapis"),
    so the screen gives the cards the room they need, in this order: as it looks with
    room to spare (the tabs as many to a row as their longest word allows with a
    half-finger's margin, a finger tall); the tabs more to a row (their words with a
    small margin, a tab on two lines); then the tag's line in the title's place; then each
    of these again with a contract's goods apart (they may break between two goods).
    Where even that leaves too little (a long message over the bar on a small screen),
    the cards keep a finger's height and a name may be cut at its end."""
    area = layout.inset(body, c.u(WIDE), c.u(TIGHT))
    gap = c.u(GAP)
    f = font(c.px(BODY))
    longest = max((f.size(w)[0] for label in seasons for w in label.split()), default=0)
    roomy = layout.columns_for(area.w, len(seasons), longest + c.u(HALF_FINGER), gap)
    packed = layout.columns_for(area.w, len(seasons), longest + c.u(PAD), gap)
    arrangements = [(False, roomy), (False, packed)]
    if tag:
        arrangements.append((True, packed))
    apart = tuple(goods_apart(label) for label in cards)
    forms = list(dict.fromkeys([tuple(cards), apart]))
    for labels in forms:
        for in_head, cols in dict.fromkeys(arrangements):
            plan = _arranged(c, area, simulate=simulate, tag=tag, in_head=in_head,
                             seasons=seasons, tab_cols=cols, cards=labels, whole=True)
            if plan.cards or not cards:
                return plan
    in_head, cols = arrangements[-1]
    return _arranged(c, area, simulate=simulate, tag=tag, in_head=in_head, seasons=seasons,
                     tab_cols=cols, cards=forms[-1], whole=False)


def _arranged(c: Canvas, area: pygame.Rect, *, simulate: bool, tag: str, in_head: bool,
              seasons: Sequence[str], tab_cols: int, cards: tuple[str, ...],
              whole: bool) -> EnrollPlan:
    """One arrangement: the head (the title, or with `in_head` the tag's line, and the
    simulator's button), the tag's line below it otherwise, the tabs `tab_cols` to a row,
    then the cards (none where `whole` and their names do not fit whole)."""
    gap = c.u(GAP)
    stack = Stack(c, area, gap)
    head = stack.take(c.u(FINGER))
    title, button = head, None
    if simulate:
        title, button = layout.columns(head, [None, c.u(BUTTON_W)], gap)
    if in_head:
        line, title = title, pygame.Rect(title.x, title.y, title.w, 0)
    else:
        line = stack.text(tag, BODY)
    n_rows = -(-len(seasons) // tab_cols)
    tabs = stack.take(n_rows * c.u(FINGER) + (n_rows - 1) * gap)
    return EnrollPlan(
        title=title, simulate=button, tag=line,
        seasons=tuple(layout.grid(tabs, len(seasons), tab_cols, gap)),
        cards=tuple(layout.button_grid(c, stack.rest(), cards, gap, extra=badge_room(c),
                                       tallest=c.u(TALLEST), whole=whole)),
        labels=cards)
