"""Final: the end of the game on the table (the results screen, `companion.ui.results`),
saved to history; Home closes the game."""

from __future__ import annotations

from companion.ui.i18n import _
from companion.ui.results import ResultsScene, running_scores, tie_break
from companion.ui.scene import Primary


class FinalScene(ResultsScene):
    """The end of the game."""

    name = "final"
    game_screen = True

    def primary(self) -> Primary:
        return (_("Home"), self.home)

    def home(self) -> None:
        self.game.close()


__all__ = ["FinalScene", "running_scores", "tie_break"]
