"""Helpers of the UI tests that play the demo game by touch (tests/ui and tests/ui/scenes)."""

from __future__ import annotations

from benchmarks.touch import Finger
from companion.ui.samples import Demo


def at(ui, test, players=3, **kw) -> Finger:
    """The demo game of `players` opened at the first moment `test(before, after)` holds,
    and a finger to play it."""
    Demo(ui, players).at(test, **kw)
    return Finger(ui)


def uncut(frame) -> set[str]:
    """The texts a frame description shows whole."""
    return {t["text"] for t in frame["texts"] if not t["cut"]}


def tap_card(finger: Finger, ui, card: str) -> None:
    """Tap a card of the season on Supply, by its label there."""
    from companion.ui import names
    finger.tap(names.card_in_season(ui.game.state.catalogue[card]))
