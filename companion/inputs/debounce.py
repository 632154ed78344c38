"""Debounce and long press for one button, as a pure state machine over time.

gpiozero's mock pins ignore `bounce_time`, and real pins bounce in ways
the kernel's debounce does not always hide, so the companion debounces in its
own code, here, where tests can drive it edge by edge with exact times.

A level counts only once it has held for `debounce_s` without a further
edge: contact bounce and short electrical spikes on long button wires never
reach the game. This costs `debounce_s` of latency, far below what a player
notices.
"""

from __future__ import annotations

from companion.inputs.intents import Back, Ok, OkHeld, PlayerButton, Redo, Undo

Intent = PlayerButton | Ok | OkHeld | Back | Undo | Redo


def intent_for(role: str) -> Intent:
    """The intent of a short press of the button with this role."""
    if role == "ok":
        return Ok()
    if role == "back":
        return Back()
    if role == "undo":
        return Undo()
    return PlayerButton(role)


class ButtonLogic:
    """One button's state: raw edges in, intents out.

    Call `edge(pressed, t)` for every change of the raw level and
    `advance(t)` when `next_deadline()` has passed (or any time later); times
    are seconds on one monotonic clock. A button with a long-press intent
    (Undo -> Redo, OK -> OK held) emits its short intent on release if it was not
    held long enough, and its long intent as soon as the hold is long enough (never
    both for one press); other buttons emit on press.
    """

    def __init__(
        self,
        role: str,
        debounce_s: float,
        long_press_s: float | None = None,
        long_intent: Intent | None = None,
    ) -> None:
        self.role = role
        self.short_intent = intent_for(role)
        self.long_intent = long_intent
        self.debounce_s = debounce_s
        self.long_press_s = long_press_s if long_intent is not None else None
        self._raw = False
        self._raw_since = 0.0
        self._stable = False
        self._pressed_at = 0.0
        self._long_done = False

    @property
    def pressed(self) -> bool:
        """The debounced level."""
        return self._stable

    def edge(self, pressed: bool, t: float) -> None:
        """The raw level changed to `pressed` at time `t`."""
        if pressed != self._raw:
            self._raw = pressed
            self._raw_since = t

    def next_deadline(self) -> float | None:
        """When `advance` may have something to emit; None when nothing is pending."""
        if self._raw != self._stable:
            return self._raw_since + self.debounce_s
        if self._stable and self.long_press_s is not None and not self._long_done:
            return self._pressed_at + self.long_press_s
        return None

    def advance(self, now: float) -> list[Intent]:
        """The intents due at time `now`."""
        out: list[Intent] = []
        while True:
            if self._long_due(now):
                self._long_done = True
                assert self.long_intent is not None
                out.append(self.long_intent)
                continue
            # Compared exactly as `next_deadline` computes it, so a deadline reached is due.
            if self._raw != self._stable and now >= self._raw_since + self.debounce_s:
                self._stable = self._raw
                if self._stable:
                    self._pressed_at = self._raw_since
                    self._long_done = False
                    if self.long_press_s is None:
                        out.append(self.short_intent)
                elif self.long_press_s is not None and not self._long_done:
                    out.append(self.short_intent)
                continue
            return out

    def _long_due(self, now: float) -> bool:
        if not self._stable or self.long_press_s is None or self._long_done:
            return False
        # A release still being debounced ended the hold when it began.
        hold_end = now if self._raw else self._raw_since
        return hold_end >= self._pressed_at + self.long_press_s
