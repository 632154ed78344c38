"""companion/ui/runner.py: keys of the simulated table.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from companion.inputs import intents as it

# --- issue 11, finding 21: simulated Redo at once ------------------------------------------------


def test_shift_backspace_redoes_at_once(monkeypatch):
    from companion.ui.runner import Runner

    got = []
    pressed = []
    sim = SimpleNamespace(press=lambda role, hold_s=0: pressed.append((role, hold_s)),
                          press_down=lambda role: pressed.append((role, 0)))
    fake = SimpleNamespace(simulator=sim, ui=SimpleNamespace(intent=got.append), held={},
                           held_since={}, player_colour=lambda n: None)
    event = SimpleNamespace(key=pygame.K_BACKSPACE, mod=pygame.KMOD_LSHIFT)
    Runner.key(fake, event)
    assert got == [it.Redo()]
    assert not any(hold for _role, hold in pressed)


# --- issue 31: OK held (the OK button's long press), Shift+Enter at once ---------------------


def test_shift_enter_is_ok_held_at_once_and_enter_still_ok():
    from companion.ui.runner import Runner

    got = []
    pressed = []
    sim = SimpleNamespace(press=lambda role, hold_s=0: pressed.append(role),
                          press_down=lambda role: pressed.append(role))
    fake = SimpleNamespace(simulator=sim, ui=SimpleNamespace(intent=got.append), held={},
                           held_since={}, player_colour=lambda n: None)
    Runner.key(fake, SimpleNamespace(key=pygame.K_RETURN, mod=pygame.KMOD_LSHIFT))
    Runner.key(fake, SimpleNamespace(key=pygame.K_KP_ENTER, mod=pygame.KMOD_RSHIFT))
    # Not through the simulated pin: holding it for the long press would keep the table
    # waiting, and its release would then be no press at all.
    assert got == [it.OkHeld(), it.OkHeld()] and pressed == []
    Runner.key(fake, SimpleNamespace(key=pygame.K_RETURN, mod=0))
    assert pressed == ["ok"] and fake.held == {pygame.K_RETURN: "ok"}
