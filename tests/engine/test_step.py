"""engine/step.py: an action applied once, kept with the states before and after it."""

from __future__ import annotations

import pytest

from companion.engine import Reveal, RuleError, Undo, apply
from companion.engine.step import Step, step
from tests.engine.refusals import refused


def test_a_step_keeps_the_state_it_started_from_the_action_and_the_state_after(table):
    game = table(players=3)
    before = game.state
    action = Reveal("A-warehouse")
    got = step(before, action)
    assert got.before is before and got.action is action
    assert got.after.to_json() == apply(before, action).to_json()
    assert got.after.previous is before and got.after.last_action is action


def test_a_refused_action_makes_no_step(table):
    game = table(players=3)
    with pytest.raises(RuleError) as err:
        step(game.state, Undo())
    refused(err.value, "nothing_to_undo")


def test_steps_compare_by_identity_as_states_do(table):
    game = table(players=3)
    first = step(game.state, Reveal("A-warehouse"))
    again = Step(first.before, first.action, first.after)
    assert first == first and first != again
