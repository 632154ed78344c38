"""Income: who gets what and why, and who holds the metal coin next."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.engine import State
from companion.ui import layout
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, TEXT, Canvas
from companion.ui.i18n import _, language
from companion.ui.scene import Primary, Scene, SceneHost
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
        area = layout.inset(body, c.u(16), c.u(10))
        flow = layout.Flow(c, area, c.u(6))
        flow.text(view.title, LARGE, TEXT, role="title", max_lines=1)
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
        for row in view.rows:
            need = layout.fit(c, row.parts, parts_w, None, BODY).height(c) if row.parts else 0
            box = flow.take(row_h + need if below else max(row_h, need + c.u(8)))
            c.rect(box, PANEL)
            top = pygame.Rect(box.x, box.y, box.w, row_h if below else box.h)
            c.player_badge(row.pid, (box.x + c.u(24), top.centery), c.u(16), row.letter)
            c.text(row.name, (box.x + c.u(50), top.centery), BODY, TEXT,
                   anchor="midleft", max_width=name_w, smallest=BODY)
            if row.total is None:
                continue
            x = box.x + c.u(50) + name_w + c.u(12)
            c.text(f"+{row.total}", (x + total_w, top.centery), LARGE, ACCENT,
                   anchor="midright", role="key")
            where = pygame.Rect(box.x + c.u(50), top.bottom - c.u(6), parts_w, need) if below \
                else pygame.Rect(x + total_w + c.u(12), box.y, parts_w, box.h)
            layout.draw_text(c, row.parts, where, BODY, TEXT, valign="center")
            layout.draw_text(c, row.now, pygame.Rect(
                box.right - c.u(12) - now_w, top.y, now_w, top.h), BODY, MUTED, align="right",
                valign="center")
        line = flow.rest()
        c.player_badge(view.first, (line.x + c.u(20), line.y + c.u(16)), c.u(18), "M")
        text = layout.Flow(c, pygame.Rect(line.x + c.u(48), line.y, line.w - c.u(48), line.h),
                           c.u(4))
        text.text(view.first_said, BODY, TEXT)
        if view.last:
            text.text(view.last, BODY, MUTED)
