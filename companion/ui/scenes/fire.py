"""Fire: full screen. The fire, its points, each player's firemen total, who gains and loses."""

from __future__ import annotations

import math

import pygame

from companion.engine import State
from companion.ui import layout
from companion.ui.canvas import BODY, HUGE, LARGE, SMALL, Canvas
from companion.ui.i18n import _, language
from companion.ui.layouts import fire as placed
from companion.ui.layouts.fire import flame
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.tokens import (
    ACCENT,
    FLAME,
    GAIN,
    LOSS,
    MUTED,
    PANEL,
    PLAYER_COLOURS,
    PRIMARY,
    TEXT,
    WARN_BG,
)
from companion.ui.views.fire import FireView, fire_view


class FireScene(Scene):
    """A resolved fire with every player's firemen total. It needs no tap: what the fire
    did is the next screen's message (`companion.ui.views.fire`); a tap on that message
    opens this screen, and Close goes back."""

    name = "fire"
    game_screen = True

    #: How long the flame flares when the fire appears (seconds).
    FLARE_S = 0.8

    def __init__(self, ui: SceneHost, index: int) -> None:
        super().__init__(ui)
        self.index = index
        self.shown_at: float | None = None
        #: The last frame's plan (`layouts.fire.plan`), made once a frame.
        self.plan: placed.FirePlan | None = None

    def help_topics(self) -> list[str]:
        return ["topic:fire"]

    def animating_until(self) -> float:
        return (self.shown_at or 0.0) + self.FLARE_S

    @property
    def state(self) -> State:
        return self.game.state

    def primary(self) -> Primary:
        return (_("Close"), self.ui.pop)

    def on_back(self) -> None:
        self.ui.pop()

    def view(self, state: State) -> FireView | None:
        """What the screen shows (`views.fire.fire_view`), once per state and language."""
        return self.kept("view", (state, language()),
                         lambda: fire_view(state, self.index))

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        view = self.view(self.state)
        if view is None:
            return
        plan = self.plan = placed.plan(c, view, body, self.plan)
        c.rect(plan.backdrop, WARN_BG, radius=0)
        # A flame: colour and shape, never colour alone. It flares once when shown.
        now = self.ui.clock()
        if self.shown_at is None:
            self.shown_at = now
        t = min(1.0, (now - self.shown_at) / self.FLARE_S)
        k = 1.0 + 0.35 * math.sin(t * math.pi) * (1.0 - t * 0.5)
        pygame.draw.polygon(c.surface, FLAME, flame(c, k))
        c.text(view.points_said, plan.points, HUGE, TEXT, anchor="topright", role="key")
        layout.draw_text(c, view.title, plan.title, HUGE, TEXT, role="title", max_lines=2)
        layout.draw_text(c, view.rule, plan.rule, SMALL, TEXT)
        for row, at in zip(view.rows, plan.rows, strict=True):
            c.player_badge(row.pid, at.badge, plan.badge_radius, row.letter)
            c.text(row.name, at.name, BODY, TEXT, anchor="midleft", max_width=plan.name_width,
                   smallest=BODY)
            c.text(str(row.total), at.total, LARGE, TEXT, anchor="midright")
            c.rect(at.track, PANEL)
            if at.fill is not None:
                c.rect(at.fill, PLAYER_COLOURS.get(row.pid, MUTED))
            if row.change > 0:
                pygame.draw.polygon(c.surface, GAIN, at.arrow)
                c.text(f"+{view.points}", at.change, LARGE, GAIN, anchor="midleft")
            elif row.change < 0:
                pygame.draw.polygon(c.surface, LOSS, at.arrow)
                c.text(f"\u2212{view.points}", at.change, LARGE, LOSS, anchor="midleft")
            else:
                c.text("\u00b10", at.change, BODY, MUTED, anchor="midleft")
        if plan.equal is not None:
            layout.draw_text(c, view.equal, plan.equal, BODY, PRIMARY, align="center")
        if plan.last is not None:
            layout.draw_text(c, view.last, plan.last, BODY, ACCENT, align="center")
