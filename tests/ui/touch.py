"""Drive the UI by touch alone: find a target by its visible label in the frame description
(docs/frames.md) and tap its centre, as a finger would. No keys, no player buttons, no
intents, no target keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.ui.core import UI

ARROW = "\u25b6"


def clean(label: str) -> str:
    """A label without the primary action's arrow, soft hyphens and line breaks."""
    return " ".join(label.replace(ARROW, " ").replace("\u00ad", "").split())


class Finger:
    """Taps by label; counts every tap. The UI's clock moves 1 s per tap, so two taps on
    the primary action are never taken for an accidental double tap."""

    def __init__(self, ui: UI) -> None:
        self.ui = ui
        self.taps = 0
        self.now = 1000.0
        ui.clock = lambda: self.now

    def frame(self) -> dict[str, Any]:
        """The frame description of what is on the screen now."""
        ui = self.ui
        ui.render()
        return ui.canvas.describe(ui.top.name, ui.language)

    def targets(self, enabled: bool = True) -> list[dict[str, Any]]:
        return [t for t in self.frame()["targets"] if t["enabled"] or not enabled]

    def labels(self) -> list[str]:
        return [clean(t["label"]) for t in self.targets()]

    def texts(self) -> list[str]:
        return [t["text"] for t in self.frame()["texts"]]

    def find(self, want: str | Callable[[str], bool], first: bool = False
             ) -> dict[str, Any] | None:
        """The enabled target labelled `want`: the topmost, or the `first` drawn."""
        test = want if callable(want) else (lambda label: label == want)
        targets = self.targets()
        for target in targets if first else reversed(targets):
            if test(clean(target["label"])):
                return target
        return None

    def has(self, want: str | Callable[[str], bool]) -> bool:
        return self.find(want) is not None

    def primary(self) -> dict[str, Any] | None:
        return next((t for t in self.frame()["targets"] if t["primary"]), None)

    def tap(self, want: str | Callable[[str], bool], first: bool = False) -> None:
        """Tap the enabled target whose label is `want` (or passes it); AssertionError with
        the labels on screen if there is none."""
        target = self.find(want, first)
        if target is None:
            raise AssertionError(f"no target {want!r} on {self.ui.top.name}: {self.labels()}")
        x, y, w, h = target["rect"]
        self.now += 1.0
        self.taps += 1
        assert self.ui.touch((x + w // 2, y + h // 2)), f"the tap on {want!r} hit nothing"
