"""A resolved fire: in one message, for the screen after it, and the Fire screen's view.

Plain data from the state, without pygame: what the fire did to each player's score, so
the table sees who gained and who lost without a tap; a tap on the message opens the Fire
screen with the firemen totals (`companion.ui.scenes.fire`), whose view is `fire_view`
(`companion.ui.layouts.fire.plan` places it).
"""

from __future__ import annotations

from companion.engine import State
from companion.engine.cards import FOURTH_FIRE
from companion.engine.state import FireResult
from companion.engine.values import value
from companion.ui import names, words
from companion.ui.i18n import _, ngettext


@value
class FireRowView:
    """One player's row: their firemen total and what the fire did to them."""

    pid: str
    letter: str
    name: str
    total: int
    #: +1 gained the fire's points, -1 lost them, 0 neither.
    change: int


@value
class FireView:
    """What the Fire screen shows of the resolved fire `index`."""

    index: int
    #: The card's name, its points (the number and in words), the rule's sentence.
    title: str
    points: int
    points_said: str
    rule: str
    #: A row per player in seat order.
    rows: tuple[FireRowView, ...]
    #: "All equal" where nobody gained or lost, the 4th fire's note; "" where none.
    equal: str
    last: str


def fire_view(state: State, index: int) -> FireView | None:
    """The Fire screen's view of the state's fire `index` (None: no such fire, after an
    Undo took it back)."""
    if not 0 <= index < len(state.fires):
        return None
    fire = state.fires[index]
    card = state.catalogue[fire.card]
    nobody = not fire.gained and not fire.lost
    return FireView(
        index=index, title=names.card_name(card), points=fire.points,
        points_said=ngettext("{n} point", "{n} points", fire.points).format(n=fire.points),
        rule=_("Highest firemen total gains, lowest loses."),
        rows=tuple(FireRowView(
            pid=pid, letter=words.letter(state, pid), name=words.player_name(state, pid),
            total=fire.sums.get(pid, 0),
            change=1 if pid in fire.gained else -1 if pid in fire.lost else 0)
            for pid in state.players),
        equal=_("All equal \u2014 nobody gains or loses.") if nobody else "",
        last=_("The 4th fire ends the game.")
        if index == 3 or fire.card == FOURTH_FIRE else "")


def fire_changes(state: State, fire: FireResult) -> list[str]:
    """Each player whose score the fire changed, with the change ("Anna +2", "Ben −2"),
    in seat order; gains first."""
    gained = [_("{name} +{total}").format(name=words.player_name(state, pid), total=fire.points)
              for pid in state.players if pid in fire.gained]
    lost = [_("{name} \u2212{total}").format(name=words.player_name(state, pid),
                                             total=fire.points)
            for pid in state.players if pid in fire.lost]
    return gained + lost


def fire_said(state: State, fire: FireResult) -> str:
    """One fire in a sentence: the card (its points as resolved), who gained and who lost
    ("Fire 2 (Summer): Anna +2, Ben −2."); the 4th fire says it ends the game."""
    card = state.catalogue[fire.card]
    # Named by the points it was resolved with (a fact of this game, whatever the card
    # file says since), as the table names the card ("Fire 2 (Summer)").
    if fire.card == FOURTH_FIRE:
        name = f"{_('4th fire')} {fire.points}"
    else:
        name = f"{_(names.KIND_NAMES[card.kind])} {fire.points} ({names.season(card.season)})"
    changes = fire_changes(state, fire)
    if changes:
        text = _("{fire}: {changes}.").format(fire=name, changes=", ".join(changes))
    else:
        text = _("{fire}: all equal, nobody gains or loses.").format(fire=name)
    if fire.card == FOURTH_FIRE:
        text += " " + _("The 4th fire ends the game.")
    return text


def fires_said(state: State, fires: list[FireResult] | tuple[FireResult, ...]) -> str:
    """The fires just resolved (two where the 3rd fire reaches the 4th), one after the other."""
    return " ".join(fire_said(state, fire) for fire in fires)
