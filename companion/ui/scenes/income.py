"""Income: who gets what and why, and who holds the metal coin next."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.engine import State
from companion.engine.words import Phase
from companion.ui import layout, words
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost


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

    def primary(self) -> Primary:
        return (_("Continue"), self.proceed)

    def proceed(self) -> None:
        self.ui.pop()
        if self.then is not None:
            self.then()

    def on_back(self) -> None:
        self.ui.pop()

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state: State = self.after or self.game.state
        area = layout.inset(body, c.u(16), c.u(10))
        flow = layout.Flow(c, area, c.u(6))
        flow.text(_("Income, round {k}").format(k=self.before.round), LARGE, TEXT, role="title",
                  max_lines=1)
        income = state.income or {}
        # Columns: badge and name, the total (a key number), its parts, the coins now.
        name_w = max(c.u(120), area.w * 24 // 100)
        total_w = c.u(64)
        now_w = max(c.u(90), area.w * 15 // 100)
        parts_w = area.w - c.u(50) - name_w - total_w - now_w - c.u(36)
        # Narrow (portrait): the parts go on their own lines under the name.
        below = parts_w < c.u(200)
        if below:
            name_w = area.w - c.u(50) - total_w - now_w - c.u(36)
            parts_w = area.w - c.u(62)
        row_h = c.u(52)
        for pid in state.players:
            paid = income.get(pid)
            parts = words.income_parts({"base": paid.base, "no_purchase": paid.no_purchase,
                                        "bank": paid.bank}) if paid else ""
            need = layout.fit(c, parts, parts_w, None, BODY).height(c) if parts else 0
            box = flow.take(row_h + need if below else max(row_h, need + c.u(8)))
            c.rect(box, PANEL)
            top = pygame.Rect(box.x, box.y, box.w, row_h if below else box.h)
            c.player_badge(pid, (box.x + c.u(24), top.centery), c.u(16), words.letter(state, pid))
            c.text(words.player_name(state, pid), (box.x + c.u(50), top.centery), BODY, TEXT,
                   anchor="midleft", max_width=name_w, smallest=BODY)
            if paid is None:
                continue
            x = box.x + c.u(50) + name_w + c.u(12)
            c.text(f"+{paid.total}", (x + total_w, top.centery), LARGE, ACCENT,
                   anchor="midright", role="key")
            where = pygame.Rect(box.x + c.u(50), top.bottom - c.u(6), parts_w, need) if below \
                else pygame.Rect(x + total_w + c.u(12), box.y, parts_w, box.h)
            layout.draw_text(c, parts, where, BODY, TEXT, valign="center")
            layout.draw_text(c, _("now {n}").format(n=state.player(pid).coins), pygame.Rect(
                box.right - c.u(12) - now_w, top.y, now_w, top.h), BODY, MUTED, align="right",
                valign="center")
        first = state.first_player
        line = flow.rest()
        c.player_badge(first, (line.x + c.u(20), line.y + c.u(16)), c.u(18), "M")
        text = layout.Flow(c, pygame.Rect(line.x + c.u(48), line.y, line.w - c.u(48), line.h),
                           c.u(4))
        text.text(_("The metal coin passes to {name}.").format(
            name=words.player_name(state, first)), BODY, TEXT)
        if state.phase == Phase.OVER:
            text.text(_("That was the last round: the 4th fire follows."), BODY, MUTED)
