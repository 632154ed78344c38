"""A player's full tableau: cards owned, contracts with filled and empty symbols,
warehouse, market hall, firemen total, and what the cards would score now."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pygame

from companion.engine import Adjust, State
from companion.engine.scoring import score_player
from companion.ui import names, words
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.scene import Primary, Scene, SceneHost


class TableauScene(Scene):
    """Opened by tapping a player's panel."""

    name = "tableau"
    game_screen = True
    keep_on_sync = True

    def __init__(self, ui: SceneHost, pid: str) -> None:
        super().__init__(ui)
        self.pid = pid

    def primary(self) -> Primary:
        return (_("Close"), self.ui.pop)

    def on_back(self) -> None:
        self.ui.pop()

    def adjust(self, coins: int = 0, points: int = 0) -> None:
        """A correction so the books match the table (recorded as `adjust`, undoable)."""
        self.game.act(Adjust(self.pid, "correction at the table", coins=coins or None,
                                points=points or None))

    def on_player(self, colour: str) -> None:
        if colour in self.game.state.players:
            self.pid = colour
            self.ui.dirty = True

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state: State = self.game.state
        pid = self.pid
        ps = state.player(pid)
        c.player_badge(pid, (c.u(30), c.u(30)), c.u(20), words.letter(state, pid))
        c.text(words.player_name(state, pid), (c.u(60), c.u(30)), LARGE, TEXT, anchor="midleft")
        score = score_player(state.catalogue, ps)["total"]
        # Key numbers at arm's length (UX.md: >= 32 px), each under its label.
        stats = (
            (_("coins"), ps.coins),
            (_("track"), ps.track),
            (_("firemen"), ps.firemen),
            (_("score now"), score),
        )
        block = c.u(112)
        for i, (label, number) in enumerate(stats):
            cx = c.w - c.u(16) - block * (len(stats) - i) + block // 2
            c.text(label, (cx, c.u(12)), SMALL, MUTED, anchor="center", max_width=block - c.u(6))
            c.text(str(number), (cx, c.u(40)), LARGE, ACCENT, anchor="center")
        y = c.u(64)
        # Contracts: each symbol filled (cube) or empty (outline with initials).
        contracts = [cid for cid in ps.cards if state.catalogue[cid].kind == "contract"]
        if contracts:
            c.text(_("Contracts"), (c.u(16), y), SMALL, MUTED)
            y += c.u(24)
            x = c.u(16)
            for cid in contracts:
                card = state.catalogue[cid]
                filled = Counter((ps.contracts or {}).get(cid, ()))
                size = c.u(34)
                width = max(c.u(140), len(card.goods) * (size + c.u(4)) + c.u(12))
                if x + width > c.w - c.u(16):
                    x = c.u(16)
                    y += size + c.u(34)
                box = pygame.Rect(x, y, width, size + c.u(28))
                c.rect(box, PANEL)
                c.text(names.card_name(card), (box.x + c.u(6), box.y + c.u(2)), 16, TEXT,
                       max_width=width - c.u(8))
                used: Counter[str] = Counter()
                for k, good in enumerate(card.goods):
                    cube = pygame.Rect(box.x + c.u(6) + k * (size + c.u(4)), box.y + c.u(24),
                                       size, size - c.u(6))
                    if used[good] < filled[good]:
                        c.cube(good, cube, names.good_initial(good))
                        used[good] += 1
                    else:
                        c.rect(cube, (90, 96, 110), radius=4, width=max(2, c.u(2)))
                        c.text(names.good_initial(good), cube.center, 16, MUTED, anchor="center")
                x += width + c.u(8)
            y += c.u(70)
        stores = [(_("Warehouse"), ps.warehouse), (_("Market hall"), (ps.market,) if ps.market
                                                   else ()), (_("Dock"), ps.dock)]
        x = c.u(16)
        for label, cubes in stores:
            c.text(f"{label}:", (x, y), SMALL, MUTED)
            cx = x + c.u(130)
            for k, good in enumerate(cubes):
                c.cube(good, pygame.Rect(cx + k * c.u(34), y - c.u(4), c.u(30), c.u(30)),
                       names.good_initial(good))
            if not cubes:
                c.text("\u2013", (cx, y), SMALL, MUTED)
            x += c.u(260)
        y += c.u(40)
        others = [state.catalogue[cid] for cid in ps.cards if state.catalogue[cid].kind !=
                  "contract"]
        c.text(_("Cards ({n})").format(n=len(ps.cards)), (c.u(16), y), SMALL, MUTED)
        y += c.u(24)
        c.paragraph(", ".join(names.card_name(card) for card in others) or "\u2013",
                    pygame.Rect(c.u(16), y, c.w - c.u(32), body.bottom - y - c.u(64)), BODY,
                    TEXT)
        # Corrections: when the books and the table disagree, the table wins.
        y = body.bottom - c.u(62)
        c.text(_("Correct:"), (c.u(16), y + c.u(28)), SMALL, MUTED, anchor="midleft",
               max_width=c.u(110))
        x = c.u(130)
        for label, key, change in ((_("coins \u22121"), "adjust:coins:-1", {"coins": -1}),
                                   (_("coins +1"), "adjust:coins:+1", {"coins": 1}),
                                   (_("points \u22121"), "adjust:points:-1", {"points": -1}),
                                   (_("points +1"), "adjust:points:+1", {"points": 1})):
            allowed = not (key == "adjust:coins:-1" and ps.coins == 0)
            c.button(pygame.Rect(x, y, c.u(150), c.u(56)), label,
                     partial(self.adjust, **change) if allowed else None, key=key,
                     size=SMALL)
            x += c.u(158)
