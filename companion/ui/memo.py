"""A few answers of a pure computation, remembered by what they were worked out from.

Frames ask the same layout questions again and again: the bar's widths for its labels,
a player's panel for its words, the legend's cells for what each button says. The
answers depend only on their key (the canvas' size, the words shown, which are in the
language shown), so they hold across scenes: Undo and Redo put a new scene of a new state
on the stack, showing mostly what the one before showed. A key that changes (a state, a
size, a language) simply asks anew; the oldest answers make room.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class Same:
    """A part of a key compared by identity: a mapping of a state (its cards, its names)
    cannot be hashed, and a state's parts are never changed in place (a step that changes
    one makes a new one; an Undo shares the earlier state's), so the same object holds the
    same content. Held, so that its id is not reused while the key lives."""

    __slots__ = ("held",)

    def __init__(self, held: Any) -> None:
        self.held = held

    def __hash__(self) -> int:
        return id(self.held)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.held is self.held

    def __repr__(self) -> str:
        return f"Same({type(self.held).__name__} at {id(self.held):#x})"


class Memo(Generic[V]):
    """Up to `size` answers by key; the one used longest ago goes first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._got: dict[Hashable, V] = {}

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The answer for `key`: remembered, or `compute()` (then remembered)."""
        got = self._got
        if key in got:
            value = got.pop(key)
        else:
            value = compute()
        got[key] = value  # the last used last
        if len(got) > self.size:
            del got[next(iter(got))]
        return value

    def clear(self) -> None:
        self._got.clear()

    def __len__(self) -> int:
        return len(self._got)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._got
