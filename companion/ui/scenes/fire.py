"""Fire: full screen. The fire, its points, each player's firemen total, who gains and loses."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

import math

import pygame

from companion.engine import State
from companion.ui import layout, names, words
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
    font,
)
from companion.ui.i18n import _, ngettext
from companion.ui.scene import Primary, Scene, SceneHost

GAIN, LOSS = (70, 190, 100), (230, 80, 70)


def arrow(c: Canvas, centre: tuple[int, int], up: bool, colour: tuple[int, int, int]) -> None:
    x, y = centre
    s = c.u(12)
    points = [(x - s, y + s // 2), (x + s, y + s // 2), (x, y - s)] if up else \
        [(x - s, y - s // 2), (x + s, y - s // 2), (x, y + s)]
    pygame.draw.polygon(c.surface, colour, points)


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

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state = self.state
        if self.index >= len(state.fires):
            return
        fire = state.fires[self.index]
        card = state.catalogue[fire.card]
        # The banner is as tall as its words need (two lines of the rule in portrait).
        rule = _("Highest firemen total gains, lowest loses.")
        rule_h = layout.fit(c, rule, c.w - c.u(112), None, SMALL).height(c)
        points_text = ngettext("{n} point", "{n} points", fire.points).format(n=fire.points)
        title_w = c.w - c.u(124) - font(c.px(HUGE)).size(points_text)[0]
        title_h = layout.fit(c, names.card_name(card), title_w, None, HUGE, "title",
                             max_lines=2).height(c)
        banner = pygame.Rect(c.u(96), c.u(6), c.w - c.u(112),
                             max(c.u(88), max(title_h, c.px(HUGE)) + c.u(10) + rule_h))
        c.rect(pygame.Rect(0, 0, c.w, banner.bottom + c.u(8)), WARN_BG, radius=0)
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
        points = c.text(points_text, (banner.right, banner.y),
                        HUGE, TEXT, anchor="topright", role="key")
        title = layout.draw_text(c, names.card_name(card), pygame.Rect(
            banner.x, banner.y, title_w, title_h), HUGE, TEXT, role="title", max_lines=2)
        layout.draw_text(c, rule, pygame.Rect(
            banner.x, max(title.bottom, points.bottom) + c.u(2), banner.w, rule_h), SMALL, TEXT)
        # The 4th fire's note goes under the bars: in the banner it ran into the line above.
        last = self.index == 3 or fire.card == "E-fire"
        top = banner.bottom + c.u(20)
        n = len(state.players)
        row = min(c.u(56), (body.bottom - top - c.u(70 if last else 40)) // n)
        most = max(1, max(fire.sums.values()))
        # Name, total, bar, gain or loss: columns that follow the window's width.
        name_w = max(c.u(110), c.w * 22 // 100)
        bar_x = c.u(54) + name_w + c.u(56)
        bar_w = max(c.u(40), c.w - bar_x - c.u(120))
        for i, pid in enumerate(state.players):
            y = top + i * row
            c.player_badge(pid, (c.u(30), y + row // 2), c.u(16), words.letter(state, pid))
            c.text(words.player_name(state, pid), (c.u(54), y + row // 2), BODY, TEXT,
                   anchor="midleft", max_width=name_w, smallest=BODY)
            total = fire.sums.get(pid, 0)
            c.text(str(total), (bar_x - c.u(10), y + row // 2), LARGE, TEXT, anchor="midright")
            length = bar_w * total // most
            c.rect(pygame.Rect(bar_x, y + c.u(8), bar_w, row - c.u(16)), PANEL)
            if length:
                c.rect(pygame.Rect(bar_x, y + c.u(8), length, row - c.u(16)),
                       PLAYER_COLOURS.get(pid, MUTED))
            rx = bar_x + bar_w + c.u(26)
            if pid in fire.gained:
                arrow(c, (rx, y + row // 2), True, GAIN)
                c.text(f"+{fire.points}", (rx + c.u(18), y + row // 2), LARGE, GAIN,
                       anchor="midleft")
            elif pid in fire.lost:
                arrow(c, (rx, y + row // 2), False, LOSS)
                c.text(f"\u2212{fire.points}", (rx + c.u(18), y + row // 2), LARGE, LOSS,
                       anchor="midleft")
            else:
                c.text("\u00b10", (rx + c.u(18), y + row // 2), BODY, MUTED, anchor="midleft")
        y = top + n * row + c.u(8)
        if not fire.gained and not fire.lost:
            y = layout.draw_text(c, _("All equal \u2014 nobody gains or loses."), pygame.Rect(
                c.u(16), y, c.w - c.u(32), body.bottom - y), BODY, PRIMARY,
                align="center").bottom + c.u(4)
        if last:
            layout.draw_text(c, _("The 4th fire ends the game."), pygame.Rect(
                c.u(16), y, c.w - c.u(32), body.bottom - y), BODY, ACCENT, align="center")
