"""Income: who gets what and why, and who holds the metal coin next."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.engine import State
from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, Canvas
from companion.ui.i18n import _, language
from companion.ui.layouts import income as placed
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.tokens import ACCENT, MUTED, PANEL, TEXT
from companion.ui.views.income import IncomeView, income_view


class IncomeScene(Scene):
    """Shown after Loading: each player's income with its parts; OK continues."""

    name = "income"

    def help_topics(self) -> list[str]:
        return ["phase:income"]
    game_screen = True

    def __init__(self, ui: SceneHost, before: State, after: State | None = None,
                 then: Callable[[], object] | None = None) -> None:
        super().__init__(ui)
        self.before = before
        #: The state the income is read from: the game's, or the one a Done not yet
        #: recorded would make (the last round's, before the 4th fire's points are asked).
        self.after = after
        #: What Continue does after closing (the 4th fire's question); Back only closes.
        self.then = then
        #: The last frame's plan (`layouts.income.plan`), made once a frame.
        self.plan: placed.IncomePlan | None = None

    def primary(self) -> Primary:
        return (_("Continue"), self.proceed)

    def proceed(self) -> None:
        self.ui.pop()
        if self.then is not None:
            self.then()

    def on_back(self) -> None:
        self.ui.pop()

    def view(self) -> IncomeView:
        """What the screen shows (companion/ui/views/income.py), once per state."""
        state: State = self.after or self.game.state
        return self.kept("view", (self.before, state, language()),
                         lambda: income_view(self.before, state))

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        view = self.view()
        plan = self.plan = placed.plan(c, view, body, self.plan)
        if view.title:
            layout.draw_text(c, view.title, plan.title, LARGE, TEXT, role="title",
                             max_lines=1)
        for row, at in zip(view.rows, plan.rows, strict=True):
            c.rect(at.box, PANEL)
            c.player_badge(row.pid, at.badge, plan.badge_r, row.letter)
            c.text(row.name, at.name, BODY, TEXT, anchor="midleft", max_width=plan.name_w,
                   smallest=BODY)
            if row.total is None:
                continue
            c.text(f"+{row.total}", at.total, LARGE, ACCENT, anchor="midright", role="key")
            layout.draw_text(c, row.parts, at.parts, BODY, TEXT, valign="center")
            layout.draw_text(c, row.now, at.now, BODY, MUTED, align="right", valign="center")
        if view.first_said:  # (not after the last round: the coin passes to nobody)
            c.player_badge(view.first, plan.coin, plan.coin_r, "M")
            layout.draw_text(c, view.first_said, plan.first_said, BODY, TEXT)
        if view.last:
            layout.draw_text(c, view.last, plan.last, BODY, MUTED)
