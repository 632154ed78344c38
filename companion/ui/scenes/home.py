"""Home: new game, resume, history, settings, enroll cards."""

from __future__ import annotations

import logging

import pygame

from companion.errors import CompanionError
from companion.ui import layout, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    DANGER,
    MUTED,
    PANEL_HI,
    SMALL,
    TEXT,
    Canvas,
    Colour,
)
from companion.ui.i18n import _
from companion.ui.layouts import home as places
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.services import GameSession
from companion.ui.tokens import ERROR_TEXT

log = logging.getLogger("companion.ui")


class HomeScene(Scene):
    """The first screen."""

    name = "home"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.session: GameSession | None = None
        self.problem = ""
        #: New game was tapped while a game is in progress: ask before setting it aside.
        self.asking = False

    def release(self) -> None:
        self.close_session()

    def close_session(self) -> None:
        """Release the saved game (one open session per state directory)."""
        close = getattr(self.session, "close", None)
        if close is not None:
            close()
        self.session = None

    def on_enter(self) -> None:
        self.asking = False
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
            log.warning("the unfinished game cannot be resumed (%s: %s)", type(exc).__name__,
                        exc)
            self.problem = str(getattr(exc, "message", exc))

    def resume(self) -> None:
        if self.session is not None:
            session, self.session = self.session, None
            self.ui.open_game(session)

    def new_game(self) -> None:
        # Nothing is lost by one tap: a game in progress is only set aside once confirmed.
        if self.session is not None and not self.asking:
            self.asking = True
            self.ui.dirty = True
            return
        self.asking = False
        # A damaged saved game is set aside (never deleted) when a new one starts.
        self.ui.open("newgame", abandon=self.session is not None or bool(self.problem))

    def keep(self) -> None:
        self.asking = False
        self.ui.dirty = True

    def on_back(self) -> None:
        self.keep()

    def primary(self) -> Primary:
        if self.asking:
            return (_("Keep the game"), self.keep)
        if self.session is not None:
            return (_("Resume"), self.resume)
        return (_("New game"), self.new_game)

    def draw_question(self, c: Canvas, body: pygame.Rect, name: str) -> None:
        """New game with a game in progress: what happens to it, and both ways on."""
        assert self.session is not None
        state = self.session.state
        who = ", ".join(words.player_name(state, p) for p in state.players)
        text = _("A game is in progress (round {k}: {players}). Start a new game? The game "
                 "in progress is set aside, not deleted, and cannot be resumed here.").format(
                     k=state.round, players=who)
        plan = places.question(c, body, name, text)
        self.draw_title(c, name, plan.title)
        layout.draw_text(c, text, plan.question, BODY, TEXT, align="center")
        c.button(plan.keep, _("Keep the game"), self.keep, key="keep")
        c.button(plan.new, _("Start a new game"), self.new_game, key="new:confirm",
                 colour=DANGER)

    @staticmethod
    def draw_title(c: Canvas, name: str, title: places.Title) -> None:
        layout.draw_text(c, name, title.box, title.size, ACCENT, role="title", align="center",
                         max_lines=2)

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        name = _("Speicherstadt Table Companion")
        if self.asking and self.session is not None:
            self.draw_question(c, body, name)
            return
        resume_label = _("Resume game")
        # Below the title, in a slot of the same height with or without a game in progress
        # (so that no button moves under a finger): what the companion does, or the game
        # that is waiting.
        about = _("Keeps the books: coins, score, cards, fires, income, final score.")
        slot_text = about
        if self.session is not None:
            state = self.session.state
            # "round 7" is kept together: never "7" alone on a line.
            resume_label += "\u00a0\u00b7 " + _("round {k}").format(k=state.round).replace(
                " ", "\u00a0")
            who = ", ".join(words.player_name(state, p) for p in state.players)
            slot_text = _("Game in progress: {players}").format(players=who)
        # Only the bar's primary action is green; these are the ways elsewhere.
        items = [
            (_("New game"), self.new_game, "new", PANEL_HI),
            (resume_label, self.resume if self.session is not None else None, "resume",
             PANEL_HI),
            (_("History"), lambda: self.ui.open("history"), "history", PANEL_HI),
            (_("Settings"), lambda: self.ui.open("settings"), "settings", PANEL_HI),
            (_("Enroll cards"), lambda: self.ui.open("enroll"), "enroll", PANEL_HI),
            (_("Phones"), lambda: self.ui.open("phones"), "phones", PANEL_HI),
        ]
        # What is said below the buttons: a saved game that cannot be resumed, damaged side
        # files, the simulated keys.
        notes: list[tuple[str, int, Colour]] = []
        if self.problem:
            notes.append((_("The saved game cannot be resumed: {reason}").format(
                reason=self.problem), BODY, ERROR_TEXT))
        ignored = [getattr(w, "name", "") or w for w in self.ui.services.file_warnings]
        if ignored:  # damaged side files, named; the whole reason is in the log
            notes.append((_("Ignored as damaged: {files}. The reason is in the log.").format(
                files=", ".join(ignored)), SMALL, ERROR_TEXT))
        if self.ui.services.simulate:
            notes.append((_("Simulated buttons: keys 1-5 players, Enter OK (Shift: OK held), "
                            "Backspace Undo (Shift: Redo), Esc Back."), SMALL, MUTED))
        plan = places.home(c, body, name, about, [(text, size) for text, size, _c in notes])
        self.draw_title(c, name, plan.title)
        layout.draw_text(c, slot_text, plan.slot, BODY, TEXT if self.session else MUTED,
                         align="center", valign="center", max_lines=plan.slot_lines)
        for (label, action, key, colour), rect in zip(items, plan.buttons, strict=True):
            c.button(rect, label, action, key=key, colour=colour)
        for (text, size, colour), rect in zip(notes, plan.notes, strict=True):
            layout.draw_text(c, text, rect, size, colour, align="center")
