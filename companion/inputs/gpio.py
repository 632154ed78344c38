"""GPIO buttons through gpiozero: one button per player colour, OK and Undo.

gpiozero reports raw edges (on the caller's thread with mock pins, on its own
thread with real ones); the callbacks only timestamp the edge and queue it.
One worker thread runs every button's `ButtonLogic` (debounce, long press)
and puts intents on the bus. Nothing here touches pygame or the game.

The pin factory is gpiozero's: the default one on a Pi (lgpio), or a
`MockFactory` for `--simulate` and tests, passed in explicitly so that each
`GpioButtons` can have a fresh one. Only this module imports gpiozero.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any

from gpiozero import DigitalInputDevice  # type: ignore[import-untyped]
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from companion.errors import CompanionError
from companion.inputs.bus import IntentBus
from companion.inputs.debounce import ButtonLogic
from companion.inputs.intents import OkHeld, Redo
from companion.inputs.settings import ButtonSettings

log = logging.getLogger("companion.inputs")


class ButtonsError(CompanionError):
    """The buttons cannot be set up (no GPIO, pin busy, no permission)."""


#: A button's second meaning, held for `buttons.long_press_ms`: Undo held is Redo, OK held
#: is OK held (a screen's second way on, issue 31). Such a button's short press counts
#: at its release (a hold is not known before), the others' at the press.
LONG_INTENTS: dict[str, Redo | OkHeld] = {"undo": Redo(), "ok": OkHeld()}


def mock_factory() -> MockFactory:
    """A fresh gpiozero mock pin factory (a simulated Pi's header)."""
    return MockFactory()


class GpioButtons:
    """The configured buttons, emitting intents on `bus`.

    `pin_factory` None means gpiozero's default (lgpio on a Pi). Raises
    `ButtonsError` when a pin cannot be claimed.
    """

    def __init__(
        self, settings: ButtonSettings, bus: IntentBus, *, pin_factory: Any = None
    ) -> None:
        self.settings = settings
        self.bus = bus
        self.pin_factory = pin_factory
        self._edges: queue.SimpleQueue[tuple[str, bool, float] | None] = queue.SimpleQueue()
        self._logic: dict[str, ButtonLogic] = {}
        self._buttons: dict[str, DigitalInputDevice] = {}
        for role in settings.pins:
            long_intent = LONG_INTENTS.get(role)
            self._logic[role] = ButtonLogic(
                role,
                settings.debounce_s,
                settings.long_press_s if long_intent else None,
                long_intent,
            )
        try:
            for role, pin in settings.pins.items():
                self._buttons[role] = self._make_button(role, pin)
        except ImportError as exc:
            # gpiozero's pin library is missing (pure Debian has no python3-lgpio): the
            # factory named by GPIOZERO_PIN_FACTORY fails to import. Found by make vm-test.
            self._close_buttons()
            raise ButtonsError(
                f"cannot set up the buttons: gpiozero's pin library is missing ({exc}); "
                "install it (python3-lgpio, or `pip install lgpio` in the venv; "
                "sudo make install does that)") from exc
        except Exception as exc:  # noqa: BLE001 - the pin library's own errors too
            # GPIOZeroError, OSError, ..., and lgpio.error (an Exception only), which
            # gpiozero lets through when lgpio cannot open the GPIO chip (no permission,
            # no chip): a start without buttons, never a crash (make vm-test found it).
            self._close_buttons()
            raise ButtonsError(f"cannot set up the buttons: {type(exc).__name__}: {exc}") from exc
        self._thread = threading.Thread(target=self._run, name="gpio-buttons", daemon=True)
        self._thread.start()

    def _make_button(self, role: str, pin: int) -> DigitalInputDevice:
        # Not gpiozero's Button: it starts a HoldThread per button that wakes every 100 ms
        # for as long as the button exists, and long presses are timed by ButtonLogic.
        # bounce_time stays None: debouncing is ours (mock pins would ignore it anyway).
        button = DigitalInputDevice(
            pin, pull_up=self.settings.pull_up, bounce_time=None, pin_factory=self.pin_factory
        )
        button.when_activated = lambda: self._edge(role, True)
        button.when_deactivated = lambda: self._edge(role, False)
        return button

    def _edge(self, role: str, pressed: bool) -> None:
        # Runs on gpiozero's callback thread (or the caller's, with mock pins): queue only.
        self._edges.put((role, pressed, time.monotonic()))

    def pin_of(self, role: str) -> Any:
        """The gpiozero pin object of a role's button (a mock pin when simulating)."""
        return self._buttons[role].pin

    def _run(self) -> None:
        while True:
            deadlines = [
                d for d in (lg.next_deadline() for lg in self._logic.values()) if d is not None
            ]
            timeout = None
            if deadlines:
                timeout = max(0.0, min(deadlines) - time.monotonic())
            batch = []
            try:
                batch.append(self._edges.get(timeout=timeout))
                while True:
                    batch.append(self._edges.get_nowait())
            except queue.Empty:
                pass
            for item in batch:
                if item is None:
                    return
                role, pressed, t = item
                # Settle everything due before this edge first, so a worker that
                # fell behind still sees each bounce at the time it happened.
                self._advance(t)
                self._logic[role].edge(pressed, t)
            self._advance(time.monotonic())

    def _advance(self, now: float) -> None:
        for logic in self._logic.values():
            for intent in logic.advance(now):
                self.bus.put(intent)

    def _close_buttons(self) -> None:
        for button in self._buttons.values():
            try:
                button.close()
            except Exception:  # noqa: BLE001 - closing is best effort
                log.debug("closing a button failed", exc_info=True)
        self._buttons.clear()

    def close(self, timeout: float = 5.0) -> None:
        """Stop the worker and release the pins."""
        self._close_buttons()
        self._edges.put(None)
        if self._thread.is_alive():
            self._thread.join(timeout)
