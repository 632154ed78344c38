"""Income: who gets what and why, and who holds the metal coin next."""

from __future__ import annotations

import pygame

from companion.engine import State
from companion.ui import words
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost


class IncomeScene(Scene):
    """Shown after Loading: each player's income with its parts; OK continues."""

    name = "income"
    game_screen = True

    def __init__(self, ui: SceneHost, before: State) -> None:
        super().__init__(ui)
        self.before = before

    def primary(self) -> Primary:
        return (_("Continue"), self.ui.pop)

    def on_back(self) -> None:
        self.ui.pop()

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state: State = self.game.state
        c.text(_("Income, round {k}").format(k=self.before.round), (c.u(20), c.u(12)), LARGE,
               TEXT)
        income = state.income or {}
        top = c.u(64)
        n = len(state.players)
        row = min(c.u(58), (body.bottom - top - c.u(70)) // n)
        for i, pid in enumerate(state.players):
            y = top + i * row
            box = pygame.Rect(c.u(16), y, c.w - c.u(32), row - c.u(6))
            c.rect(box, PANEL)
            c.player_badge(pid, (box.x + c.u(24), box.centery), c.u(16), words.letter(state, pid))
            c.text(words.player_name(state, pid), (box.x + c.u(50), box.centery), BODY, TEXT,
                   anchor="midleft", max_width=c.u(150))
            paid = income.get(pid)
            if paid is None:
                continue
            parts = {"base": paid.base, "no_purchase": paid.no_purchase, "bank": paid.bank}
            c.text(f"+{paid.total}", (box.x + c.u(260), box.centery), LARGE, ACCENT,
                   anchor="midright")
            c.text(words.income_parts(parts), (box.x + c.u(280), box.centery), BODY, TEXT,
                   anchor="midleft", max_width=box.right - box.x - c.u(420))
            c.text(_("now {n}").format(n=state.player(pid).coins), (box.right - c.u(12),
                   box.centery), BODY, MUTED, anchor="midright")
        y = top + n * row + c.u(8)
        first = state.first_player
        c.player_badge(first, (c.u(40), y + c.u(24)), c.u(20), "M")
        c.text(_("The metal coin passes to {name}.").format(name=words.player_name(state, first)),
               (c.u(72), y + c.u(24)), BODY, TEXT, anchor="midleft")
        if state.phase == "over":
            c.text(_("That was the last round: the 4th fire follows."), (c.u(72), y + c.u(52)),
                   BODY, MUTED)
