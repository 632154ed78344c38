"""Intents: what happened at the table, as plain values.

Adapters (buttons, card reader, keyboard, touch) turn physical events into
these and put them on the `IntentBus`; the UI decides what they mean in the
current scene. An intent says *what was pressed or scanned*, never what the
game should do about it.
"""

from __future__ import annotations

from typing import Any

#: The player colours, in seat order of the buttons.
COLOURS = ("red", "blue", "green", "yellow", "purple")


class _Intent:
    """An immutable value with fields `_fields`: equal by type and fields, hashable.

    What `@dataclass(frozen=True)` gives, written once: the seven dataclasses cost
    10-15 ms of the app's start (each generates and compiles its methods at import),
    and the app imports them before its first frame.
    """

    __slots__: tuple[str, ...] = ()
    _fields: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        names = self._fields
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__} takes {len(names)} arguments")
        values = dict(zip(names, args, strict=False))
        for key, value in kwargs.items():
            if key not in names or key in values:
                raise TypeError(f"{type(self).__name__}: unexpected or repeated {key!r}")
            values[key] = value
        missing = [n for n in names if n not in values]
        if missing:
            raise TypeError(f"{type(self).__name__}: missing {', '.join(missing)}")
        for name in names:
            object.__setattr__(self, name, values[name])

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, n) for n in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(self._values() == other._values())

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, *self._values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:  # copy, deepcopy and pickle rebuild by value
        return (type(self), self._values())

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name!r}")


class PlayerButton(_Intent):
    """A player's colour button was pressed."""

    __slots__ = ("colour",)
    _fields = ("colour",)

    colour: str
    """One of `COLOURS`."""


class Ok(_Intent):
    """The OK button (or Enter): take the screen's primary action."""

    __slots__ = ()


class OkHeld(_Intent):
    """The OK button held long (a long press): a screen's second way on, where its legend
    names one (e.g. quick Purchase: the round in the tracked form); nothing elsewhere.
    A long press is never also an `Ok`."""

    __slots__ = ()


class Back(_Intent):
    """Go back one screen without changing the game."""

    __slots__ = ()


class Undo(_Intent):
    """Undo the last action (a short press on the Undo button)."""

    __slots__ = ()


class Redo(_Intent):
    """Redo the last undone action (a long press on the Undo button)."""

    __slots__ = ()


class CardScanned(_Intent):
    """A card's tag was read."""

    __slots__ = ("tag", "card_id")
    _fields = ("tag", "card_id")

    tag: str
    """The tag in its canonical form (see `tagmap.normalise_tag`)."""
    card_id: str | None
    """The card bound to the tag in the tag map; None when the tag is not enrolled."""


class CameraCard(CardScanned):
    """A card the camera process read in the Supply's row (`companion.inputs.camera`): a
    `CardScanned` in every way, so every screen takes it as a scan; the Supply screen also
    knows it came from the camera, in row order after a place the camera could not read."""

    __slots__ = ()


class CardUnread(_Intent):
    """The camera sees a card at `place` of the Supply's row (from 1, the leftmost) whose
    marker it cannot read: the table taps (or scans) that card."""

    __slots__ = ("place",)
    _fields = ("place",)

    place: int


class DeviceStatus(_Intent):
    """A device came, went or failed; the UI shows `message` while `ok` is false."""

    __slots__ = ("device", "ok", "message")
    _fields = ("device", "ok", "message")

    device: str
    """Which device: "buttons", "reader" or "tags"."""
    ok: bool
    """True when the device works (again)."""
    message: str
    """A sentence for the owner, e.g. "card reader unplugged; waiting for it"."""


Intent = PlayerButton | Ok | OkHeld | Back | Undo | Redo | CardScanned | CardUnread | DeviceStatus
