"""Fire: full screen. The fire, its points, each player's firemen total, who gains and loses."""

from __future__ import annotations

import math

import pygame

from companion.engine import State
from companion.ui import names, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    HUGE,
    LARGE,
    MUTED,
    PANEL,
    PLAYER_COLOURS,
    PRIMARY,
    SMALL,
    TEXT,
    WARN_BG,
    Canvas,
)
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost

GAIN, LOSS = (70, 190, 100), (230, 80, 70)


def arrow(c: Canvas, centre: tuple[int, int], up: bool, colour: tuple[int, int, int]) -> None:
    x, y = centre
    s = c.u(12)
    points = [(x - s, y + s // 2), (x + s, y + s // 2), (x, y - s)] if up else \
        [(x - s, y - s // 2), (x + s, y - s // 2), (x, y + s)]
    pygame.draw.polygon(c.surface, colour, points)


class FireScene(Scene):
    """Shown at once when a fire is resolved; one OK continues."""

    name = "fire"
    game_screen = True

    #: How long the flame flares when the fire appears (seconds).
    FLARE_S = 0.8

    def __init__(self, ui: SceneHost, index: int) -> None:
        super().__init__(ui)
        self.index = index
        self.shown_at: float | None = None

    def animating_until(self) -> float:
        return (self.shown_at or 0.0) + self.FLARE_S

    @property
    def state(self) -> State:
        return self.game.state

    def primary(self) -> Primary:
        return (_("Continue"), self.ui.pop)

    def on_back(self) -> None:
        self.ui.pop()

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state = self.state
        if self.index >= len(state.fires):
            return
        fire = state.fires[self.index]
        card = state.catalogue[fire.card]
        c.rect(pygame.Rect(0, 0, c.w, c.u(96)), WARN_BG, radius=0)
        # A flame: colour and shape, never colour alone. It flares once when shown.
        now = self.ui.clock()
        if self.shown_at is None:
            self.shown_at = now
        t = min(1.0, (now - self.shown_at) / self.FLARE_S)
        k = 1.0 + 0.35 * math.sin(t * math.pi) * (1.0 - t * 0.5)
        fx, fy = c.u(52), c.u(48)

        def p(dx: float, dy: float) -> tuple[int, int]:
            return fx + int(c.u(dx) * k), fy + c.u(30) - int(c.u(30 - dy) * k)

        pygame.draw.polygon(c.surface, (250, 150, 40), [
            p(-22, 30), p(-26, 0), p(-10, -14), p(0, -40), p(12, -12), p(26, 0), p(22, 30)])
        points = c.text(_("{n} points").format(n=fire.points), (c.w - c.u(20), c.u(10)), HUGE,
                        TEXT, anchor="topright")
        c.text(names.card_name(card), (c.u(96), c.u(10)), HUGE, TEXT,
               max_width=points.x - c.u(116))
        c.text(_("Highest firemen total gains, lowest loses."), (c.u(96), c.u(64)), SMALL, TEXT)
        # The 4th fire's note goes under the bars: in the banner it ran into the line above.
        last = self.index == 3 or fire.card == "E-fire"
        top = c.u(108)
        n = len(state.players)
        row = min(c.u(56), (body.bottom - top - c.u(70 if last else 40)) // n)
        most = max(1, max(fire.sums.values()))
        bar_x = c.u(230)
        bar_w = c.w - bar_x - c.u(230)
        for i, pid in enumerate(state.players):
            y = top + i * row
            c.player_badge(pid, (c.u(30), y + row // 2), c.u(16), words.letter(state, pid))
            c.text(words.player_name(state, pid), (c.u(54), y + row // 2), BODY, TEXT,
                   anchor="midleft", max_width=c.u(120))
            total = fire.sums.get(pid, 0)
            c.text(str(total), (bar_x - c.u(10), y + row // 2), LARGE, TEXT, anchor="midright")
            length = bar_w * total // most
            c.rect(pygame.Rect(bar_x, y + c.u(8), bar_w, row - c.u(16)), PANEL)
            if length:
                c.rect(pygame.Rect(bar_x, y + c.u(8), length, row - c.u(16)),
                       PLAYER_COLOURS.get(pid, MUTED))
            rx = bar_x + bar_w + c.u(30)
            if pid in fire.gained:
                arrow(c, (rx, y + row // 2), True, GAIN)
                c.text(f"+{fire.points}", (rx + c.u(22), y + row // 2), LARGE, GAIN,
                       anchor="midleft")
            elif pid in fire.lost:
                arrow(c, (rx, y + row // 2), False, LOSS)
                c.text(f"\u2212{fire.points}", (rx + c.u(22), y + row // 2), LARGE, LOSS,
                       anchor="midleft")
            else:
                c.text("\u00b10", (rx + c.u(22), y + row // 2), BODY, MUTED, anchor="midleft")
        y = top + n * row + c.u(8)
        if not fire.gained and not fire.lost:
            c.text(_("All equal \u2014 nobody gains or loses."), (c.w // 2, y), BODY, PRIMARY,
                   anchor="midtop")
            y += c.u(30)
        if last:
            c.text(_("The 4th fire ends the game."), (c.w // 2, y), BODY, ACCENT,
                   anchor="midtop")
