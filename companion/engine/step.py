"""One action applied: the state before it, the action, the state after it (`Step`).

`step(state, action)` is `apply` that keeps what it was given. The game session
applies an action once, as a `Step`, before anything is written
(`GameSession.prepare`); the screens read what the action would do from
`Step.after` (a printed value it relies on that nobody has confirmed yet, the
Income it pays) and the session writes the same step (`GameSession.commit`),
without the engine applying it a second time (docs/architecture.md, "An
action's path").
"""

from __future__ import annotations

from companion.engine.actions import Action
from companion.engine.rules import apply
from companion.engine.state import State
from companion.engine.values import value

__all__ = ["Step", "step"]


@value(slots=True, eq=False)
class Step:
    """`after` is `apply(before, action)`: nothing is recorded yet. Compared by
    identity (states are compared by identity everywhere: they never change)."""

    before: State
    action: Action
    after: State


def step(state: State, action: Action) -> Step:
    """The step of `action` from `state` (`RuleError`, as `apply`, when the rules refuse it)."""
    return Step(state, action, apply(state, action))
