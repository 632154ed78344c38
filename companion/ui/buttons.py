"""The table's buttons as the screens read them: five player buttons, OK and Undo.

A screen says what each button does on it now (`Scene.legend`); the UI shows that
legend where the buttons are, in the buttons' order, and writes it into the frame
description (docs/frames.md, `buttons`). The player buttons' order is the seats' (the
keys 1-5 and the panels), then the colours nobody plays, so all five buttons mean
something where a screen needs five (a ship's goods, a fireman's value) even at a table
of two.

The hurried-press rule (issue 31): after a press that recorded something or changed the
screen, a player's button or OK pressed again within `HURRIED_S` would act on the next
card, player or screen, which the table has not looked at: it is refused (said, nothing
done). Presses that only adjust what is being entered (a price counted up, a move stepped
to, a good added) record nothing and change no screen, so they repeat as fast as a hand.
"""

from __future__ import annotations

from companion.engine import GOODS, State
from companion.inputs.intents import COLOURS

#: A press this soon after one that recorded something or changed the screen is refused.
#: 0.3 s: a double press is quicker (about 0.15 s between two presses of one finger), a
#: table that reads the screen before pressing again is slower.
HURRIED_S = 0.3

#: The legend's roles in the order the buttons sit: Undo at the left, the players, OK.
ROLES = ("undo", *COLOURS, "ok")


def order(state: State | None, seated: list[str] | tuple[str, ...] | None = None
          ) -> list[str]:
    """The player buttons' colours in the buttons' order: the players in seat order, then
    the colours nobody plays (`seated` when there is no game yet: New game's seats)."""
    first = list(state.players) if state is not None else list(seated or ())
    return first + [c for c in COLOURS if c not in first]


def position(state: State | None, colour: str) -> int:
    """The button's place (0-4) among the five, by `order`; -1 for an unknown colour."""
    buttons = order(state)
    return buttons.index(colour) if colour in buttons else -1


def good_of(state: State | None, colour: str) -> str | None:
    """The good a player's button stands for where goods are asked (the five buttons are
    the five goods, in the order Supply's goods row shows them)."""
    at = position(state, colour)
    return GOODS[at] if 0 <= at < len(GOODS) else None
