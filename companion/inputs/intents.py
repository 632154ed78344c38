"""Intents: what happened at the table, as plain values.

Adapters (buttons, card reader, keyboard, touch) turn physical events into
these and put them on the `IntentBus`; the UI decides what they mean in the
current scene. An intent says *what was pressed or scanned*, never what the
game should do about it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The player colours, in seat order of the buttons.
COLOURS = ("red", "blue", "green", "yellow", "purple")


@dataclass(frozen=True)
class PlayerButton:
    """A player's colour button was pressed."""

    colour: str
    """One of `COLOURS`."""


@dataclass(frozen=True)
class Ok:
    """The OK button (or Enter): take the screen's primary action."""


@dataclass(frozen=True)
class Back:
    """Go back one screen without changing the game."""


@dataclass(frozen=True)
class Undo:
    """Undo the last action (a short press on the Undo button)."""


@dataclass(frozen=True)
class Redo:
    """Redo the last undone action (a long press on the Undo button)."""


@dataclass(frozen=True)
class CardScanned:
    """A card's tag was read."""

    tag: str
    """The tag in its canonical form (see `tagmap.normalise_tag`)."""
    card_id: str | None
    """The card bound to the tag in the tag map; None when the tag is not enrolled."""


@dataclass(frozen=True)
class DeviceStatus:
    """A device came, went or failed; the UI shows `message` while `ok` is false."""

    device: str
    """Which device: "buttons", "reader" or "tags"."""
    ok: bool
    """True when the device works (again)."""
    message: str
    """A sentence for the owner, e.g. "card reader unplugged; waiting for it"."""


Intent = PlayerButton | Ok | Back | Undo | Redo | CardScanned | DeviceStatus
