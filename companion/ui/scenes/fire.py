"""Fire: full screen. The fire, its points, each player's firemen total, who gains and loses."""

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
)
from companion.ui.i18n import _, ngettext
from companion.ui.layouts.fire import fire_layout, flame
from companion.ui.scene import Primary, Scene, SceneHost

GAIN, LOSS = (70, 190, 100), (230, 80, 70)


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
        title = names.card_name(card)
        points_text = ngettext("{n} point", "{n} points", fire.points).format(n=fire.points)
        nobody = not fire.gained and not fire.lost
        equal = _("All equal \u2014 nobody gains or loses.") if nobody else ""
        last = _("The 4th fire ends the game.") \
            if self.index == 3 or fire.card == "E-fire" else ""
        plan = fire_layout(
            c, body, title=title, points=points_text,
            rule=_("Highest firemen total gains, lowest loses."),
            totals=[fire.sums.get(pid, 0) for pid in state.players],
            changes=[1 if pid in fire.gained else -1 if pid in fire.lost else 0
                     for pid in state.players],
            equal=equal, last=last)
        c.rect(plan.backdrop, WARN_BG, radius=0)
        # A flame: colour and shape, never colour alone. It flares once when shown.
        now = self.ui.clock()
        if self.shown_at is None:
            self.shown_at = now
        t = min(1.0, (now - self.shown_at) / self.FLARE_S)
        k = 1.0 + 0.35 * math.sin(t * math.pi) * (1.0 - t * 0.5)
        pygame.draw.polygon(c.surface, (250, 150, 40), flame(c, k))
        c.text(points_text, plan.points, HUGE, TEXT, anchor="topright", role="key")
        layout.draw_text(c, title, plan.title, HUGE, TEXT, role="title", max_lines=2)
        layout.draw_text(c, _("Highest firemen total gains, lowest loses."), plan.rule, SMALL,
                         TEXT)
        for pid, row in zip(state.players, plan.rows, strict=True):
            c.player_badge(pid, row.badge, plan.badge_radius, words.letter(state, pid))
            c.text(words.player_name(state, pid), row.name, BODY, TEXT, anchor="midleft",
                   max_width=plan.name_width, smallest=BODY)
            c.text(str(fire.sums.get(pid, 0)), row.total, LARGE, TEXT, anchor="midright")
            c.rect(row.track, PANEL)
            if row.fill is not None:
                c.rect(row.fill, PLAYER_COLOURS.get(pid, MUTED))
            if pid in fire.gained:
                pygame.draw.polygon(c.surface, GAIN, row.arrow)
                c.text(f"+{fire.points}", row.change, LARGE, GAIN, anchor="midleft")
            elif pid in fire.lost:
                pygame.draw.polygon(c.surface, LOSS, row.arrow)
                c.text(f"\u2212{fire.points}", row.change, LARGE, LOSS, anchor="midleft")
            else:
                c.text("\u00b10", row.change, BODY, MUTED, anchor="midleft")
        if plan.equal is not None:
            layout.draw_text(c, equal, plan.equal, BODY, PRIMARY, align="center")
        if plan.last is not None:
            layout.draw_text(c, last, plan.last, BODY, ACCENT, align="center")
