"""The last plan of each round screen, kept with the open game (`GameController.plans`).

A phase's plan takes the previous one (`plan(c, view, room, previous)`), so that what
stays on the screen keeps its place by construction. Most screens keep their last plan
themselves; a screen made anew within the round (Supply after an Undo back from
Purchase) must still find the round's, so the previous plan lives here, with the game,
keyed by the plan's type: it goes when the game is closed, and no module keeps it.
"""

from __future__ import annotations

from typing import TypeVar

P = TypeVar("P")


class KeptPlans:
    """Each round screen's last plan, by its type (`SupplyPlan`...)."""

    def __init__(self) -> None:
        self._last: dict[type, object] = {}

    def last(self, kind: type[P]) -> P | None:
        """The last plan of type `kind` kept, or None."""
        got = self._last.get(kind)
        return got if isinstance(got, kind) else None

    def keep(self, plan: object) -> None:
        """`plan` is the last of its type."""
        self._last[type(plan)] = plan
