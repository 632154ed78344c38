"""Debounce and long press as a pure state machine, edge by edge with exact times."""

from __future__ import annotations

from companion.inputs.debounce import ButtonLogic
from companion.inputs.intents import Ok, PlayerButton, Redo, Undo

DEBOUNCE = 0.030
LONG = 0.800


def run(logic: ButtonLogic, edges: list[tuple[float, bool]], until: float) -> list:
    """Feed edges at their times, advancing to each deadline as the worker would."""
    out = []
    pending = sorted(edges)
    now = 0.0
    while True:
        deadline = logic.next_deadline()
        next_edge = pending[0][0] if pending else None
        steps = [t for t in (deadline, next_edge) if t is not None and t <= until]
        if not steps:
            out += logic.advance(until)
            return out
        now = min(steps)
        out += logic.advance(now)
        while pending and pending[0][0] <= now:
            t, level = pending.pop(0)
            logic.edge(level, t)


def bounce(start: float, level: bool, count: int = 7, gap: float = 0.001):
    """A contact bouncing for `count` edges before settling at `level`."""
    edges = []
    for i in range(count):
        # Alternate, ending at `level`.
        edges.append((start + i * gap, level if (count - 1 - i) % 2 == 0 else not level))
    return edges


def test_a_clean_press_gives_one_intent_after_the_debounce_time() -> None:
    logic = ButtonLogic("red", DEBOUNCE)
    logic.edge(True, 1.0)
    assert logic.advance(1.0 + DEBOUNCE / 2) == []
    assert logic.advance(1.0 + DEBOUNCE) == [PlayerButton("red")]
    assert logic.pressed


def test_a_bouncing_press_and_release_give_one_intent() -> None:
    edges = bounce(1.0, True) + bounce(1.2, False)
    assert run(ButtonLogic("ok", DEBOUNCE), edges, until=2.0) == [Ok()]


def test_a_spike_shorter_than_the_debounce_time_is_ignored() -> None:
    edges = [(1.0, True), (1.0 + DEBOUNCE * 0.9, False)]
    assert run(ButtonLogic("blue", DEBOUNCE), edges, until=2.0) == []


def test_two_real_presses_give_two_intents() -> None:
    edges = bounce(1.0, True) + bounce(1.1, False) + bounce(1.3, True) + bounce(1.4, False)
    out = run(ButtonLogic("green", DEBOUNCE), edges, until=2.0)
    assert out == [PlayerButton("green"), PlayerButton("green")]


def test_a_short_press_on_undo_is_undo_on_release() -> None:
    logic = ButtonLogic("undo", DEBOUNCE, LONG, Redo())
    edges = bounce(1.0, True) + bounce(1.3, False)
    assert run(logic, edges[:7], until=1.29) == []
    assert run(logic, edges[7:], until=2.0) == [Undo()]


def test_a_long_press_on_undo_is_redo_at_once_and_nothing_on_release() -> None:
    logic = ButtonLogic("undo", DEBOUNCE, LONG, Redo())
    assert run(logic, bounce(1.0, True), until=1.0 + LONG + 0.01) == [Redo()]
    assert run(logic, bounce(3.0, False), until=4.0) == []


def test_a_bounce_during_a_hold_does_not_break_the_long_press() -> None:
    logic = ButtonLogic("undo", DEBOUNCE, LONG, Redo())
    edges = [(1.0, True), (1.4, False), (1.402, True)]
    assert run(logic, edges, until=2.0) == [Redo()]


def test_release_just_before_the_long_press_time_is_undo() -> None:
    logic = ButtonLogic("undo", DEBOUNCE, LONG, Redo())
    # The release edge comes before the long press time, its debounce ends after.
    edges = [(1.0, True), (1.0 + LONG - 0.01, False)]
    assert run(logic, edges, until=3.0) == [Undo()]


def test_a_late_worker_still_sees_each_edge_at_its_time() -> None:
    # The worker wakes up long after the edges: bounces must not become presses.
    logic = ButtonLogic("red", DEBOUNCE)
    for t, level in bounce(1.0, True):
        logic.advance(t)
        logic.edge(level, t)
    assert logic.advance(5.0) == [PlayerButton("red")]
