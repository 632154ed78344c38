"""Home: new game, resume, history, settings, enroll cards."""

from __future__ import annotations

from typing import Any

import pygame

from companion.errors import CompanionError
from companion.ui import words
from companion.ui.canvas import ACCENT, BODY, HUGE, MUTED, PRIMARY, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Scene


def open_game(ui: Any, session: Any) -> None:
    """Make `session` the open game and show its screen (and any resume warnings, once)."""
    from companion.ui.game import GameController

    ui.pop_to(1)
    ui.game = GameController(ui, session)
    ui.game.show()
    warnings = list(getattr(session, "warnings", []) or [])
    if warnings:
        ui.info(" ".join(str(w) for w in warnings))


class HomeScene(Scene):
    """The first screen."""

    name = "home"

    def __init__(self, ui: object) -> None:
        super().__init__(ui)  # type: ignore[arg-type]
        self.session: Any = None
        self.problem = ""

    def close_session(self) -> None:
        """Release the saved game (one open session per state directory)."""
        close = getattr(self.session, "close", None)
        if close is not None:
            close()
        self.session = None

    def on_enter(self) -> None:
        if self.ui.game is not None:
            return
        self.close_session()
        self.problem = ""
        services = self.ui.services
        try:
            self.session = services.store.resume(services.state_dir, services.load_catalogue())
        except CompanionError as exc:
            self.problem = exc.message
        except Exception as exc:  # noqa: BLE001 - e.g. JournalCorrupt from the store
            self.problem = str(getattr(exc, "message", exc))

    def resume(self) -> None:
        if self.session is not None:
            session, self.session = self.session, None
            open_game(self.ui, session)

    def new_game(self) -> None:
        from companion.ui.scenes.newgame import NewGameScene

        # A damaged saved game is set aside (never deleted) when a new one starts.
        self.ui.push(NewGameScene(self.ui, abandon=self.session is not None or bool(self.problem)))

    def primary(self) -> tuple[str, object]:
        if self.session is not None:
            return (_("Resume"), self.resume)
        return (_("New game"), self.new_game)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        from companion.ui.scenes.enroll import EnrollScene
        from companion.ui.scenes.history import HistoryScene
        from companion.ui.scenes.settings import SettingsScene

        c.text(_("Speicherstadt Table Companion"), (c.w // 2, c.u(20)), HUGE, ACCENT,
               anchor="midtop", max_width=c.w - c.u(20))
        c.text(_("Keeps the books: coins, score, cards, fires, income, final score."),
               (c.w // 2, c.u(80)), BODY, MUTED, anchor="midtop", max_width=c.w - c.u(20))
        w, h, gap = c.u(300), c.u(64), c.u(14)
        x0 = c.w // 2 - w - gap // 2
        y0 = c.u(130)
        resume_label = _("Resume game")
        if self.session is not None:
            state = self.session.state
            resume_label += " \u00b7 " + _("round {k}").format(k=state.round)
        items = [
            (_("New game"), self.new_game, "new", PRIMARY),
            (resume_label, self.resume if self.session is not None else None, "resume", None),
            (_("History"), lambda: self.ui.push(HistoryScene(self.ui)), "history", None),
            (_("Settings"), lambda: self.ui.push(SettingsScene(self.ui)), "settings", None),
            (_("Enroll cards"), lambda: self.ui.push(EnrollScene(self.ui)), "enroll", None),
        ]
        for i, (label, action, key, colour) in enumerate(items):
            col, row = i % 2, i // 2
            rect = pygame.Rect(x0 + col * (w + gap), y0 + row * (h + gap), w, h)
            if colour is None:
                c.button(rect, label, action, key=key)
            else:
                c.button(rect, label, action, key=key, colour=colour)
        y = y0 + 3 * (h + gap)
        if self.ui.services.simulate:
            # Two lines when one is too short (German, French): never cut the key help.
            c.paragraph(_("Simulated buttons: keys 1-5 players, Enter OK, Backspace Undo "
                          "(Shift: Redo), Esc Back."),
                        pygame.Rect(c.u(16), body.bottom - c.u(46), c.w - c.u(32), c.u(44)),
                        16, MUTED)
        if self.problem:
            c.paragraph(_("The saved game cannot be resumed: {reason}").format(
                reason=self.problem), pygame.Rect(c.u(20), y, c.w - c.u(40), c.u(60)), BODY,
                (240, 120, 100))
        elif self.session is not None:
            state = self.session.state
            who = ", ".join(words.player_name(state, p) for p in state.players)
            c.text(_("Game in progress: {players}").format(players=who), (c.w // 2, y), BODY,
                   TEXT, anchor="midtop", max_width=c.w - c.u(40))
        if self.ui.services.file_warnings:  # ignored side files, each naming its file
            c.paragraph(" ".join(self.ui.services.file_warnings),
                        pygame.Rect(c.u(20), y + c.u(60), c.w - c.u(40), c.u(70)), 16, MUTED)
