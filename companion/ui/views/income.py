"""The Income screen's view model: each player's income with its parts, and the metal coin.

Plain data from two states (`before`: Loading, `after`: the income paid), worked out
without pygame; `companion.ui.layouts.income` lays it out and `companion.ui.scenes.income`
paints it.
"""

from __future__ import annotations

from companion.engine import State
from companion.engine.values import value
from companion.engine.words import Phase
from companion.ui import words
from companion.ui.i18n import _


@value
class IncomeRow:
    """One player's line."""

    pid: str
    letter: str
    name: str
    #: None: no income paid to them (never in a real game; the row shows the name only).
    total: int | None
    #: The parts in words ("+1 income, +1 no purchase"); "" when it is the income alone.
    parts: str
    #: "now 7": the player's coins after the income.
    now: str


@value
class IncomeView:
    title: str
    rows: tuple[IncomeRow, ...]
    #: Who holds the metal coin next (their id and letter), and the sentence saying so.
    first: str
    first_said: str
    #: The last round's note ("the 4th fire follows"), or "".
    last: str


def income_view(before: State, after: State) -> IncomeView:
    """What the Income screen shows after the Loading of `before`, with `after`'s numbers."""
    income = after.income or {}
    rows = []
    for pid in after.players:
        paid = income.get(pid)
        # The parts only where there is more than the income everyone gets ("+1 +1 income"
        # said the same twice).
        parts = words.income_parts({"base": paid.base, "no_purchase": paid.no_purchase,
                                    "bank": paid.bank}) if paid and paid.total != paid.base else ""
        rows.append(IncomeRow(
            pid=pid, letter=words.letter(after, pid), name=words.player_name(after, pid),
            total=paid.total if paid else None, parts=parts,
            now=_("now {n}").format(n=after.player(pid).coins)))
    first = after.first_player
    over = after.phase == Phase.OVER
    return IncomeView(
        title=_("Income, round {k}").format(k=before.round),
        rows=tuple(rows),
        first=first,
        # After the last round nobody starts another: the metal coin passes on to no one.
        first_said="" if over else _("The metal coin passes to {name}.").format(
            name=words.player_name(after, first)),
        last=_("That was the last round: the 4th fire follows.") if over else "",
    )


def income_said(before: State, after: State) -> str:
    """The Income in one message, for the screen after Loading (no screen of its own, no
    tap): each player's total, the parts beyond the income every player gets, and who
    holds the metal coin ("Income, round 3: Anna +2 (+1 no purchase), Ben +1. ...")."""
    income = after.income or {}
    rows = []
    for pid in after.players:
        paid = income.get(pid)
        if paid is None:
            continue
        extra = words.income_parts({"base": paid.base, "no_purchase": paid.no_purchase,
                                    "bank": paid.bank}).split(", ")[1:]
        row = _("{name} +{total}").format(name=words.player_name(after, pid), total=paid.total)
        rows.append(row + (" ({parts})".format(parts=", ".join(extra)) if extra else ""))
    title = _("Income, round {k}").format(k=before.round)
    if after.phase == Phase.OVER:  # the last round's: no round follows, the coin stays
        return _("{title}: {rows}.").format(title=title, rows=", ".join(rows))
    coin = _("The metal coin passes to {name}.").format(
        name=words.player_name(after, after.first_player))
    return _("{title}: {rows}. {coin}").format(title=title, rows=", ".join(rows), coin=coin)


def income_short(before: State) -> str:
    """The Income's message where the whole one has no room (five players): that it was
    paid, and that a tap shows each player's part."""
    return _("Income, round {k}, paid: tap here for each player's.").format(k=before.round)
