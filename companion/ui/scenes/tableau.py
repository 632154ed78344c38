"""A player's full tableau: cards owned, contracts with filled and empty symbols,
warehouse, market hall, firemen total, and what the cards would score now."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

from collections import Counter
from functools import partial

import pygame

from companion import formats
from companion.engine import Adjust, State
from companion.engine.scoring import score_player
from companion.engine.words import Kind
from companion.ui import layout, names, rulestexts, words
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas, font
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

    def help_topics(self) -> list[str]:
        """The rules texts of the player's cards, and of the market hall the tableau shows."""
        state = self.game.state
        cards = [state.catalogue[cid] for cid in state.player(self.pid).cards]
        return [*rulestexts.card_topics((card.kind, card.good) for card in cards),
                "topic:market_hall"]

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
        area = layout.inset(body, c.u(16), c.u(6))
        gap = c.u(8)
        score = score_player(state.catalogue, ps)["total"]
        # Key numbers at arm's length (docs/look-and-feel.md: >= 32 px), each under its label.
        stats = ((_("coins"), ps.coins), (_("track"), ps.track), (_("firemen"), ps.firemen),
                 (_("score now"), score))
        block = max(c.u(100), max(font(c.px(SMALL)).size(label)[0] for label, _n in stats)
                    + c.u(12))
        flow = layout.Flow(c, area, gap)
        narrow = 4 * block + c.u(200) > area.w
        head = flow.take(c.u(56))
        c.player_badge(pid, (head.x + c.u(20), head.centery), c.u(20), words.letter(state, pid))
        room = head.w - c.u(52) - (0 if narrow else 4 * block)
        c.text(words.player_name(state, pid), (head.x + c.u(48), head.centery), LARGE, TEXT,
               anchor="midleft", max_width=room, smallest=BODY, role="title")
        # Narrow: the four numbers on a row of their own, two by two if even that is tight.
        pairs = narrow and 4 * block > area.w
        numbers = flow.take(c.u(60) * (2 if pairs else 1)) if narrow else pygame.Rect(
            head.right - 4 * block, head.y, 4 * block, head.h)
        for (label, number), cell in zip(stats, layout.grid(numbers, 4, 2 if pairs else 4, 0),
                                         strict=True):
            c.text(label, (cell.centerx, cell.y + c.u(2)), SMALL, MUTED, anchor="midtop")
            c.text(formats.integer(number), (cell.centerx, cell.bottom), LARGE, ACCENT,
                   anchor="midbottom", role="key")
        # Contracts: each symbol filled (cube) or empty (outline with initials).
        contracts = [cid for cid in ps.cards if state.catalogue[cid].kind == Kind.CONTRACT]
        if contracts:
            flow.text(_("Contracts"), SMALL, MUTED)
            size = c.u(34)
            line = layout.line_height(c, SMALL)
            box_h = line + size + c.u(6)
            x, row = area.x, flow.take(box_h)
            for cid in contracts:
                card = state.catalogue[cid]
                filled = Counter((ps.contracts or {}).get(cid, ()))
                width = max(font(c.px(SMALL)).size(names.card_name(card))[0] + c.u(12),
                            len(card.goods) * (size + c.u(4)) + c.u(10))
                if x + width > area.right and x > area.x:
                    x, row = area.x, flow.take(box_h)
                box = pygame.Rect(x, row.y, min(width, area.w), box_h)
                c.rect(box, PANEL)
                c.text(names.card_name(card), (box.x + c.u(6), box.y + c.u(1)), SMALL, TEXT,
                       max_width=box.w - c.u(8))
                used: Counter[str] = Counter()
                for k, good in enumerate(card.goods):
                    cube = pygame.Rect(box.x + c.u(6) + k * (size + c.u(4)), box.y + line + c.u(2),
                                       size, size)
                    if used[good] < filled[good]:
                        c.cube(good, cube, names.good_initial(good))
                        used[good] += 1
                    else:
                        c.rect(cube, (90, 96, 110), radius=4, width=max(2, c.u(2)))
                        c.text(names.good_initial(good), cube.center, SMALL, MUTED,
                               anchor="center")
                x += box.w + gap
        # Warehouse, market hall and the cubes not yet loaded: side by side where they fit.
        stores = [(_("Warehouse"), ps.warehouse), (_("Market hall"), (ps.market,) if ps.market
                                                   else ()), (_("On ships"), ps.dock)]
        side = c.u(30)
        widths = [font(c.px(SMALL)).size(_("{label}:").format(label=label))[0] + c.u(10)
                  + max(1, len(cubes)) * (side + c.u(4)) for label, cubes in stores]
        per_row = 3 if sum(widths) + 2 * c.u(24) <= area.w else 1
        row = flow.take(side)
        x = area.x
        for k, ((label, cubes), width) in enumerate(zip(stores, widths, strict=True)):
            if k and per_row == 1:
                row, x = flow.take(side), area.x
            t = c.text(_("{label}:").format(label=label), (x, row.centery), SMALL, MUTED,
                       anchor="midleft")
            cx = t.right + c.u(10)
            for i, good in enumerate(cubes):
                c.cube(good, pygame.Rect(cx + i * (side + c.u(4)), row.y, side, side),
                       names.good_initial(good))
            if not cubes:
                c.text("\u2013", (cx, row.centery), SMALL, MUTED, anchor="midleft")
            x += width + c.u(24)
        # Corrections at the bottom: when the books and the table disagree, the table wins.
        buttons = [(_("coins \u22121"), "adjust:coins:-1", {"coins": -1}),
                   (_("coins +1"), "adjust:coins:+1", {"coins": 1}),
                   (_("points \u22121"), "adjust:points:-1", {"points": -1}),
                   (_("points +1"), "adjust:points:+1", {"points": 1})]
        label = _("Correct:")
        label_w = font(c.px(SMALL)).size(label)[0] + c.u(12)
        two_rows = (area.w - label_w) // 4 < c.u(130)
        fix_h = c.u(56) * (2 if two_rows else 1) + (gap if two_rows else 0)
        fix = pygame.Rect(area.x, area.bottom - fix_h, area.w, fix_h)
        c.text(label, (fix.x, fix.y + c.u(28)), SMALL, MUTED, anchor="midleft")
        cells = layout.grid(pygame.Rect(fix.x + label_w, fix.y, fix.w - label_w, fix_h), 4,
                            2 if two_rows else 4, gap)
        for (text, key, change), cell in zip(buttons, cells, strict=True):
            allowed = not (key == "adjust:coins:-1" and ps.coins == 0)
            c.button(cell, text, partial(self.adjust, **change) if allowed else None, key=key)
        others = [state.catalogue[cid] for cid in ps.cards if state.catalogue[cid].kind !=
                  Kind.CONTRACT]
        flow.text(_("Cards ({n})").format(n=len(ps.cards)), SMALL, MUTED)
        rest = flow.rest()
        rest.h = max(0, fix.y - gap - rest.y)
        layout.draw_text(c, ", ".join(names.card_name(card) for card in others) or "\u2013",
                         rest, BODY, TEXT)
