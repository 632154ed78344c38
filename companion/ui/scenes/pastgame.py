"""A finished game from the history, reopened: its final screen rebuilt from its record.

The winner, the table of every category, the tie-break, the running-score
chart and the BG Stats code, all from replaying the archived record with the
engine (`companion.store.stats.final_view`), so they are the numbers the game
ended with (docs/after-the-game.md).
"""

from __future__ import annotations

from companion import formats
from companion.engine import State
from companion.store import stats
from companion.ui import i18n
from companion.ui.i18n import _
from companion.ui.results import ResultsScene
from companion.ui.scene import Primary, SceneHost


class PastGameScene(ResultsScene):
    """The final screen of an archived game (raises `stats.NotFinished` for a bad record)."""

    name = "past-game"
    game_screen = False

    def __init__(self, ui: SceneHost, record: str, started: str | None = None,
                 duration_seconds: float | None = None, game_id: int | None = None) -> None:
        super().__init__(ui)
        from companion.store.pins import pinned_catalogue  # a format 1 game: its pins

        catalogue = pinned_catalogue(ui.services.state_dir, record, ui.services.load_catalogue())
        self.view = stats.final_view(record, catalogue)
        self.started = started
        self.duration_seconds = duration_seconds
        self.game_id = game_id

    @property
    def state(self) -> State:
        return self.view.state

    def record(self) -> str:
        return self.view.record

    def when(self) -> tuple[str | None, float | None]:
        return self.started, self.duration_seconds

    def series(self) -> dict[str, list[int]]:
        return self.view.series

    def saved_note(self) -> str:
        if self.game_id is None:
            return formats.when(self.started, i18n.language())
        return _("Game {id} \u00b7 {when}").format(
            id=self.game_id, when=formats.when(self.started, i18n.language()))

    def on_enter(self) -> None:
        self._link = None

    def primary(self) -> Primary:
        return (_("Done"), self.ui.pop)
