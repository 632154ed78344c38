"""A resolved fire in one message, for the screen after it (no screen of its own, no tap).

Plain data from the state, without pygame: what the fire did to each player's score, so
the table sees who gained and who lost without a tap; a tap on the message opens the Fire
screen with the firemen totals (`companion.ui.scenes.fire`).
"""

from __future__ import annotations

from companion.engine import State
from companion.engine.cards import FOURTH_FIRE
from companion.engine.state import FireResult
from companion.ui import names, words
from companion.ui.i18n import _


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
