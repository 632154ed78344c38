"""The round screen: round, season, pile, phase and metal coin; the score track; a panel
per player. The Supply, Purchase and Loading screens are this screen with their phase's
controls on the right."""

from __future__ import annotations

import pygame

from companion.engine import State
from companion.engine.scoring import score_player
from companion.ui import names, words
from companion.ui.canvas import (
    ACCENT,
    BODY,
    LARGE,
    MUTED,
    PANEL,
    PANEL_HI,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    Canvas,
    font,
)
from companion.ui.i18n import _
from companion.ui.scene import Scene

HEADER, TRACK, PANELS = 40, 58, 250


def total_rounds(state: State) -> int:
    """Rounds in this game: the regular cards in play divided by the cards per round."""
    deck = state.catalogue.deck_for(state.player_count)
    regular = sum(1 for cid in deck if state.catalogue[cid].kind != "fire")
    return regular // (state.player_count + 1)


def contract_progress(state: State, pid: str) -> tuple[int, int]:
    """(cubes on contracts, symbols on contracts) of a player."""
    ps = state.player(pid)
    filled = sum(len(g) for g in (ps.contracts or {}).values())
    total = sum(len(state.catalogue[c].goods) for c in (ps.contracts or {}))
    return filled, total


def _width(c: Canvas, text: str) -> int:
    return int(font(c.px(16)).size(text)[0])


class RoundScene(Scene):
    """The frame every phase screen shares; subclasses draw their phase in `draw_phase`."""

    name = "round"
    game_screen = True
    #: Offer a way back to Home (the game stays saved).
    menu = True

    @property
    def state(self) -> State:
        return self.game.state

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        state = self.state
        self.draw_header(c, state, pygame.Rect(0, 0, c.w, c.u(HEADER)))
        self.draw_track(c, state, pygame.Rect(0, c.u(HEADER), c.w, c.u(TRACK)))
        top = c.u(HEADER + TRACK)
        if c.w < c.h:  # portrait (a panel rotated 90 or 270): panels in two columns on top
            rows = -(-len(state.players) // 2)
            band = pygame.Rect(0, top, c.w, rows * c.u(66))
            self.draw_panels(c, state, band, cols=2)
            area = pygame.Rect(c.u(8), band.bottom + c.u(8), c.w - c.u(16),
                               body.bottom - band.bottom - c.u(12))
        else:
            left = pygame.Rect(0, top, c.u(PANELS), body.bottom - top)
            self.draw_panels(c, state, left)
            area = pygame.Rect(left.right + c.u(8), top + c.u(4), c.w - left.right - c.u(16),
                               body.bottom - top - c.u(8))
        self.draw_phase(c, state, area)

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        """The phase's own controls."""

    def draw_header(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        c.rect(rect, PANEL, radius=0)
        season = names.season(state.top_season()) if state.phase == "supply" else \
            names.season(self._season_of_round(state))
        round_text = _("Round {k}/{n}").format(k=state.round, n=total_rounds(state))
        if state.last_round:
            round_text += " (" + _("last round") + ")"
        cards_left = _("cards left {n}").format(n=state.pile_size())
        # The quick form enters Demand and Purchase as one: the engine is still in Demand
        # until the first card is settled, but the table is buying, not placing.
        quick = state.phase == "demand" and self.name == "purchase"
        phase = names.phase("purchase" if quick else state.phase)
        first = state.first_player
        x = rect.right - c.u(12)
        label = _("{name} first").format(name=words.player_name(state, first))
        r = c.text(label, (x, rect.centery), BODY, TEXT, anchor="midright",
                   max_width=rect.w // 3)
        c.player_badge(first, (r.x - c.u(18), rect.centery), c.u(14), "M")
        room = r.x - c.u(52)
        # Long languages (French "Phase : Approvisionnement") drop the least needed words
        # first, so the phase and the last round are never cut off the end.
        candidates = [
            [round_text, season, cards_left, _("Phase: {phase}").format(phase=phase)],
            [round_text, season, cards_left, phase],
            [round_text, season, phase],
            [round_text, phase],
        ]
        f = font(c.px(BODY))
        text = ""
        fits = False
        for parts in candidates:
            for sep in ("  \u00b7  ", " \u00b7 "):
                text = sep.join(p for p in parts if p)
                fits = f.size(text)[0] <= room
                if fits:
                    break
            if fits:
                break
        c.text(text, (c.u(10), rect.centery), BODY, TEXT, anchor="midleft", max_width=room)

    @staticmethod
    def _season_of_round(state: State) -> str | None:
        if state.slots:
            return state.catalogue[state.slots[0].card].season
        return state.top_season()

    def draw_track(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        tracks = [state.player(p).track for p in state.players]
        low = min(0, (min(tracks) // 5) * 5)
        high = max(30, -(-max(tracks) // 5) * 5)
        x0, x1 = rect.x + c.u(44), rect.right - c.u(44)
        y = rect.y + c.u(38)

        def at(value: int) -> int:
            return x0 + (x1 - x0) * (value - low) // max(1, high - low)

        pygame.draw.line(c.surface, MUTED, (x0, y), (x1, y), max(2, c.u(3)))
        for value in range(low, high + 1):
            tick = c.u(8) if value % 5 == 0 else c.u(3)
            pygame.draw.line(c.surface, MUTED, (at(value), y - tick), (at(value), y + tick), 1)
            if value % 5 == 0:
                c.text(str(value), (at(value), y - c.u(12)), 16, MUTED, anchor="midbottom")
        # Players on the same space sit side by side, as markers do on the board.
        same: dict[int, list[str]] = {}
        for pid in state.players:
            same.setdefault(state.player(pid).track, []).append(pid)
        r = c.u(12)
        step = int(r * 1.7)
        targets: dict[str, int] = {}
        for value, pids in same.items():
            first = at(value) - step * (len(pids) - 1) // 2
            # Keep the whole group on the screen at either end of the track.
            first = max(rect.x + r + 2, min(first, rect.right - r - 2 - step * (len(pids) - 1)))
            for k, pid in enumerate(pids):
                targets[pid] = first + k * step
        for pid in state.players:
            x = self.marker_x(pid, targets[pid])
            c.player_badge(pid, (x, y), r, words.letter(state, pid))

    #: How long a marker takes to move along the track (seconds).
    MOVE_S = 0.5

    def marker_x(self, pid: str, target: int) -> int:
        """Where to draw a marker now: moving smoothly to `target` after a change."""
        now = self.ui.clock()
        moves: dict[str, tuple[float, int, float]] = self.__dict__.setdefault("_moves", {})
        start_x, goal, started = moves.get(pid, (float(target), target, 0.0))
        t = min(1.0, (now - started) / self.MOVE_S)
        shown = start_x + (goal - start_x) * (1 - (1 - t) ** 3)
        if goal != target:
            moves[pid] = (shown, target, now)
            return int(shown)
        if pid not in moves:
            moves[pid] = (float(target), target, 0.0)
        return int(round(shown))

    def animating_until(self) -> float:
        moves = self.__dict__.get("_moves", {})
        return max((started + self.MOVE_S for _x, _g, started in moves.values()), default=0.0)

    def draw_panels(self, c: Canvas, state: State, rect: pygame.Rect, cols: int = 1) -> None:
        n = len(state.players)
        rows = -(-n // cols)
        gap = c.u(8)
        h = (rect.h - gap * (rows - 1)) // rows
        w = (rect.w - c.u(8) - gap * (cols - 1)) // cols
        for i, pid in enumerate(state.players):
            col, row = i % cols, i // cols
            box = pygame.Rect(rect.x + c.u(6) + col * (w + gap), rect.y + row * (h + gap),
                              w - c.u(2), h)
            self.draw_panel(c, state, pid, box)

    def draw_panel(self, c: Canvas, state: State, pid: str, box: pygame.Rect) -> None:
        ps = state.player(pid)
        selected = self.panel_selected(pid)
        c.rect(box, PANEL_HI if selected else PANEL)
        c.rect(pygame.Rect(box.x, box.y, c.u(8), box.h), PLAYER_COLOURS.get(pid, MUTED), 3)
        if selected:
            c.rect(box, ACCENT, width=max(2, c.u(3)))
        compact = box.h < c.u(56)
        r = c.u(12)
        c.player_badge(pid, (box.x + c.u(26), box.y + c.u(18)), r, words.letter(state, pid))
        name = words.player_name(state, pid)
        c.text(name, (box.x + c.u(44), box.y + c.u(6)), BODY, TEXT, max_width=c.u(92))
        # Key numbers: coins and track points.
        c.text(f"{ps.coins}", (box.right - c.u(76), box.y + c.u(2)), LARGE, ACCENT,
               anchor="topright")
        c.text("\u00a2", (box.right - c.u(74), box.y + c.u(8)), SMALL, MUTED)
        c.text(f"{ps.track}", (box.right - c.u(22), box.y + c.u(2)), LARGE, TEXT,
               anchor="topright")
        c.text(_("pt"), (box.right - c.u(20), box.y + c.u(8)), 16, MUTED)
        filled, total = contract_progress(state, pid)
        details = [
            (_("{n} card") if len(ps.cards) == 1 else _("{n} cards")).format(n=len(ps.cards)),
            _("fire {n}").format(n=ps.firemen),
        ]
        if total:
            details.append(_("contr. {a}/{b}").format(a=filled, b=total))
        if ps.warehouse or "A-warehouse" in ps.cards:
            details.append(_("wh. {n}").format(n=len(ps.warehouse)))
        if ps.market:
            details.append(_("mh. {good}").format(good=names.good_initial(ps.market)))
        y = box.y + (c.u(34) if not compact else c.u(30))
        line = ""
        for part in details:
            trial = f"{line}  {part}".strip()
            if c.wrap(trial, 10_000, 16) and _width(c, trial) > box.w - c.u(20) and line:
                if compact or y + c.u(18) + c.u(17) > box.bottom:
                    line = trial  # the last line that fits: shortened with an ellipsis
                    break
                c.text(line, (box.x + c.u(14), y), 16, MUTED, max_width=box.w - c.u(20))
                y += c.u(18)
                line = part
            else:
                line = trial
        c.text(line, (box.x + c.u(14), y), 16, MUTED, max_width=box.w - c.u(20))
        c.region(box, lambda: self.ui.open("tableau", pid=pid), f"panel:{pid}", name)

    def panel_selected(self, pid: str) -> bool:
        return False

    @staticmethod
    def would_score(state: State, pid: str) -> int:
        return score_player(state.catalogue, state.player(pid))["total"]
