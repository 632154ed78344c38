"""A player's full tableau: cards owned, contracts with filled and empty symbols,
warehouse, market hall, firemen total, and what the cards would score now."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pygame

from companion import formats
from companion.engine import Adjust, State
from companion.engine.scoring import score_player
from companion.engine.words import Kind
from companion.ui import layout, names, rulestexts, words
from companion.ui.canvas import ACCENT, BODY, LARGE, MUTED, PANEL, SMALL, TEXT, Canvas
from companion.ui.i18n import _
from companion.ui.layouts.tableau import tableau_layout
from companion.ui.scene import Primary, Scene, SceneHost
from companion.ui.tokens import CUBE_CORNER, EMPTY_PLACE


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
        score = score_player(state.catalogue, ps)["total"]
        stats = ((_("coins"), ps.coins), (_("track"), ps.track), (_("firemen"), ps.firemen),
                 (_("score now"), score))
        contracts = [cid for cid in ps.cards if state.catalogue[cid].kind == Kind.CONTRACT]
        stores = [(_("{label}:").format(label=_("Warehouse")), ps.warehouse),
                  (_("{label}:").format(label=_("Market hall")),
                   (ps.market,) if ps.market else ()),
                  (_("{label}:").format(label=_("On ships")), ps.dock)]
        contracts_heading, correct = _("Contracts"), _("Correct:")
        cards_heading = _("Cards ({n})").format(n=len(ps.cards))
        plan = tableau_layout(
            c, body, stats=[label for label, _n in stats], contracts_heading=contracts_heading,
            contracts=[(names.card_name(state.catalogue[cid]), len(state.catalogue[cid].goods))
                       for cid in contracts],
            stores=[(label, len(cubes)) for label, cubes in stores], correct=correct,
            cards_heading=cards_heading)
        c.player_badge(pid, plan.badge, plan.badge_radius, words.letter(state, pid))
        c.text(words.player_name(state, pid), plan.name, LARGE, TEXT, anchor="midleft",
               max_width=plan.name_width, smallest=BODY, role="title")
        for (label, number), at_label, at_number in zip(stats, plan.stat_labels,
                                                        plan.stat_numbers, strict=True):
            c.text(label, at_label, SMALL, MUTED, anchor="midtop")
            c.text(formats.integer(number), at_number, LARGE, ACCENT, anchor="midbottom",
                   role="key")
        # Contracts: each symbol filled (cube) or empty (outline with initials).
        if plan.contracts_heading is not None:
            layout.draw_text(c, contracts_heading, plan.contracts_heading, SMALL, MUTED)
        for cid, placed in zip(contracts, plan.contracts, strict=True):
            card = state.catalogue[cid]
            filled = Counter((ps.contracts or {}).get(cid, ()))
            c.rect(placed.box, PANEL)
            c.text(names.card_name(card), placed.name, SMALL, TEXT, max_width=placed.name_width)
            used: Counter[str] = Counter()
            for good, cube in zip(card.goods, placed.symbols, strict=True):
                if used[good] < filled[good]:
                    c.cube(good, cube, names.good_initial(good))
                    used[good] += 1
                else:
                    c.rect(cube, EMPTY_PLACE, radius=CUBE_CORNER, width=plan.outline)
                    c.text(names.good_initial(good), cube.center, SMALL, MUTED,
                           anchor="center")
        # Warehouse, market hall and the cubes not yet loaded.
        for (label, cubes), store in zip(stores, plan.stores, strict=True):
            c.text(label, store.label, SMALL, MUTED, anchor="midleft")
            for good, cube in zip(cubes, store.cubes, strict=True):
                c.cube(good, cube, names.good_initial(good))
            if not cubes:
                c.text("\u2013", store.dash, SMALL, MUTED, anchor="midleft")
        # Corrections at the bottom: when the books and the table disagree, the table wins.
        buttons = [(_("coins \u22121"), "adjust:coins:-1", {"coins": -1}),
                   (_("coins +1"), "adjust:coins:+1", {"coins": 1}),
                   (_("points \u22121"), "adjust:points:-1", {"points": -1}),
                   (_("points +1"), "adjust:points:+1", {"points": 1})]
        c.text(correct, plan.correct, SMALL, MUTED, anchor="midleft")
        for (text, key, change), cell in zip(buttons, plan.fixes, strict=True):
            allowed = not (key == "adjust:coins:-1" and ps.coins == 0)
            c.button(cell, text, partial(self.adjust, **change) if allowed else None, key=key)
        others = [state.catalogue[cid] for cid in ps.cards if state.catalogue[cid].kind !=
                  Kind.CONTRACT]
        layout.draw_text(c, cards_heading, plan.cards_heading, SMALL, MUTED)
        layout.draw_text(c, ", ".join(names.card_name(card) for card in others) or "\u2013",
                         plan.cards, BODY, TEXT)
