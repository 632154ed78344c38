"""Counting a layout's plans (issue 36): a phase screen makes exactly one plan a frame."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest


def count_plans(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[int]:
    """Wrap `module.plan` in a counter (the scenes call it through the module); the list's
    one number is the plans made so far."""
    made = [0]
    plan: Callable[..., Any] = module.plan

    def counted(*args: Any, **kwargs: Any) -> Any:
        made[0] += 1
        return plan(*args, **kwargs)

    monkeypatch.setattr(module, "plan", counted)
    return made


def frames(ui: Any, n: int) -> None:
    """Render `n` frames of the screen shown (each a whole frame: the bar, the scene)."""
    for _k in range(n):
        ui.dirty = True
        ui.render()
