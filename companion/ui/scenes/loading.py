"""Loading: per player, the cubes on the dock, in the warehouse and the market hall, and
where each may go. Only legal choices are offered (the engine lists them)."""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

import pygame

from companion.engine import Action, Convert, Done, MarketSell, Move, State
from companion.engine.legal import (
    conversions,
    has_dock_work,
    market_sale,
    next_loader,
    refusal,
)
from companion.engine.legal import loading_actions as engine_loading_actions
from companion.engine.words import MERCHANT_DESTINATION, Kind, Store
from companion.ui import layout, names, rulestexts, words
from companion.ui.canvas import (
    BODY,
    GOOD_COLOURS,
    MUTED,
    PLAYER_COLOURS,
    SMALL,
    TEXT,
    Canvas,
    font,
)
from companion.ui.i18n import _, language
from companion.ui.scene import Action0, Primary, SceneHost
from companion.ui.scenes.round import RoundScene

Cube = tuple[str, str]

#: The last state asked about (kept alive, so its id cannot be reused) and its loading
#: actions per player: every frame asked the engine again for the same immutable state.
_last_actions: tuple[object, dict[str, list[Any]]] = (None, {})


def loading_actions(state: State, pid: str) -> list[Any]:
    """The engine's `loading_actions(state, pid)`, worked out once per state."""
    global _last_actions
    last, per_player = _last_actions
    if last is not state:
        per_player = {}
        _last_actions = (state, per_player)
    got = per_player.get(pid)
    if got is None:
        got = per_player[pid] = engine_loading_actions(state, pid)
    return got


def move_label(state: State, move: Move) -> str:
    """A one-tap move's button: the cube's good, where it is (if not on a ship), where it
    goes ("Te → Contract A2")."""
    good = names.good_initial(move.good)
    place = _("merchant (+1 coin)") if move.to == MERCHANT_DESTINATION else \
        words.place(state, move.to)
    if move.source == Store.DOCK:
        return _("{good} → {place}").format(good=good, place=place)
    store = names.store(move.source)
    return _("{store}: {good} → {place}").format(
        store=store[:1].upper() + store[1:], good=good, place=place)


def sale_label(sale: MarketSell) -> str:
    """A one-tap market-hall sale's button: its two cubes ("Sell Ru + Ca (+1 coin)")."""
    return _("Sell {cubes} (+1 coin)").format(
        cubes=" + ".join(names.good_initial(good) for good, _store in sale.give))


def cubes_of(state: State, pid: str) -> list[Cube]:
    ps = state.player(pid)
    out = [(g, "dock") for g in ps.dock] + [(g, "warehouse") for g in ps.warehouse]
    if ps.market:
        out.append((ps.market, "market"))
    return out


class LoadingScene(RoundScene):
    """Where each cube goes; Done ends Loading for the whole table."""

    name = "loading"

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.player: str | None = None
        self.selected: list[int] = []
        #: The page of choices shown where they do not all fit at once.
        self.page = 0
        #: Each player's dock as first shown this Loading: a cube that leaves it leaves its
        #: place empty, so the others stay under the finger (docs/touch.md).
        self.docks: dict[tuple[int, str], tuple[str, ...]] = {}
        #: The one-tap choices shown to each player this Loading, in their places (a
        #: choice gone keeps its place, greyed, with its last label).
        self.items_seen: dict[tuple[int, str], list[str]] = {}
        self.item_labels: dict[str, str] = {}
        #: The shortcuts that would make one move only (not offered anew).
        self.single: set[str] = set()
        #: The state last shown: after a move, the next player comes by itself.
        self.shown: State | None = None

    def dock_places(self, state: State, pid: str) -> list[int | None]:
        """For each place of the dock as first shown, the index of the cube on it now (in
        `cubes_of`), or None where the cube has gone."""
        dock = tuple(state.player(pid).dock)
        key = (state.round, pid)
        first = self.docks.get(key)
        places: list[int | None] = []
        if first is not None:
            i = 0
            for good in first:
                if i < len(dock) and dock[i] == good:
                    places.append(i)
                    i += 1
                else:
                    places.append(None)
            if i == len(dock):
                return places
        self.docks[key] = dock
        return list(range(len(dock)))

    def on_enter(self) -> None:
        state = self.state
        last, self.shown = self.shown, state
        if self.player not in state.players:
            # The first player (the metal coin's holder) loads first, then clockwise; a
            # player with no ship's cube that can go anywhere is skipped (legal.py).
            self.player = next_loader(state) or state.first_player
        elif last is not None and state is not last:
            # After a move: that player's cubes; when none of their ship's cubes can go
            # anywhere any more, the next player's by themselves. After an Undo: the
            # player whose move it took back.
            forward = state.previous is last
            action = state.last_action if forward else (state.redo[-1] if state.redo else None)
            pid = getattr(action, "player", None)
            if isinstance(action, Move | MarketSell | Convert) and pid in state.players:
                was, self.player = self.player, pid
                if forward and not has_dock_work(state, pid):
                    self.player = next_loader(state, pid) or pid
                if self.player != was:
                    self.compact(self.player)
                    self.page = 0
        cubes = cubes_of(state, self.player)
        self.selected = [i for i in self.selected if i < len(cubes)][:0]
        self.page = 0

    def more_topics(self, state: State) -> list[str]:
        """What Loading may do with a cube: the market hall, ships, contracts, the
        warehouse and the merchants the players own."""
        merchants = sorted({state.catalogue[cid].good or "" for p in state.players
                            for cid in state.player(p).cards
                            if state.catalogue[cid].kind == Kind.MERCHANT})
        return ["topic:market_hall", "kind:ship", "kind:contract", "kind:warehouse",
                *rulestexts.card_topics((Kind.MERCHANT, good) for good in merchants)]

    def panel_selected(self, pid: str) -> bool:
        return pid == self.player

    def on_player(self, colour: str) -> None:
        if colour in self.state.players:
            self.choose(colour)

    def on_panel(self, pid: str) -> None:
        """Touch alone must reach every player's cubes: a tap on a panel loads for that
        player; a tap on the panel already chosen opens their tableau."""
        if pid == self.player:
            super().on_panel(pid)
        else:
            self.choose(pid)

    def compact(self, pid: str | None) -> None:
        """A player shown anew: their choices gone this Loading give up their places (the
        places stay only while the same player's choices are on the screen)."""
        state = self.state
        if pid is None or (state.round, pid) not in self.items_seen:
            return
        offered = self.one_tap(state, pid)
        key = (state.round, pid)
        self.items_seen[key] = [k for k in self.items_seen[key] if k in offered]

    def choose(self, pid: str) -> None:
        if pid != self.player:
            self.compact(pid)
        self.player = pid
        self.selected = []
        self.page = 0
        self.ui.dirty = True

    def toggle(self, index: int) -> None:
        if index in self.selected:
            self.selected.remove(index)
        elif len(self.selected) < 3:
            self.selected.append(index)
        self.page = 0  # other cubes, other choices: from their first page
        self.ui.dirty = True

    def entry_pending(self) -> bool:
        return bool(self.selected)

    def undo_entry(self) -> str | None:
        if not self.selected:
            return None
        cubes = cubes_of(self.state, self.player or self.state.first_player)
        index = self.selected.pop()
        self.ui.dirty = True
        return names.good(cubes[index][0]) if index < len(cubes) else ""

    def hint(self) -> str:
        if self.selected and self.player is not None:
            state = self.state
            cubes = cubes_of(state, self.player)
            chosen = [cubes[i] for i in self.selected if i < len(cubes)]
            offered = bool(self.offers(state, self.player, chosen))
            reasons = self.reasons(state, self.player, chosen, offered)
            if reasons and not offered:  # where it stays is on its button
                reasons = reasons[1:]
            if reasons:
                return " ".join(reasons)
        left = [f"{words.letter(self.state, p)} {len(self.state.player(p).dock)}"
                for p in self.state.players if self.state.player(p).dock]
        if left:
            return _("Done: cubes left on ships go to the stock ({left}).").format(
                left=", ".join(left))
        return _("Tap where a cube goes; to sell 2 cubes or convert 3: tap the cubes.")

    def primary(self) -> Primary:
        return (_("Loading done"), lambda: self.game.act(Done()))

    def do(self, *actions: Action) -> None:
        for action in actions:
            if not self.game.act(action):
                break
        self.selected = []
        self.ui.dirty = True

    def do_group(self, pid: str, moves: list[Move], label: str) -> None:
        """A shortcut: one tap, several moves, and one Undo for all of them."""
        name = words.player_name(self.state, pid)
        self.game.act_group(moves, f"{name}: {label}")
        self.selected = []
        self.ui.dirty = True

    def kept_shortcuts(self, state: State, pid: str) -> list[tuple[str, list[Move]]]:
        """`shortcuts`, worked out once for a state and player (every frame shows them)."""
        return list(self.kept("shortcuts", (state, pid, language()),
                              lambda: self.shortcuts(state, pid)))

    def shortcuts(self, state: State, pid: str) -> list[tuple[str, list[Move]]]:
        """Common whole-dock moves: fill contracts, sell to merchants."""
        moves = [a for a in loading_actions(state, pid) if isinstance(a, Move)
                 and a.source == Store.DOCK]
        dock = Counter(state.player(pid).dock)
        out: list[tuple[str, list[Move]]] = []
        to_contract: list[Move] = []
        need: dict[str, Counter[str]] = {}
        for contract, filled in (state.player(pid).contracts or {}).items():
            need[contract] = Counter(state.catalogue[contract].goods) - Counter(filled)
        # A contract takes cubes from a ship, the warehouse or the market hall (the
        # rulebooks' Loading): the ships' first (they are lost at the end of Loading),
        # then the market hall's, then the warehouse's (which score where they are).
        ps = state.player(pid)
        stores = [(Store.DOCK, Counter(dock)),
                  (Store.MARKET, Counter([ps.market] if ps.market else [])),
                  (Store.WAREHOUSE, Counter(ps.warehouse))]
        for contract, wanted in need.items():
            for good, n in wanted.items():
                for source, left in stores:
                    k = min(n, left[good])
                    left[good] -= k
                    n -= k
                    to_contract += [Move(pid, good, source, contract)] * k
        if to_contract:
            out.append((_("Fill contracts ({n})").format(n=len(to_contract)), to_contract))
        merchant = [m for m in moves if m.to == MERCHANT_DESTINATION]
        if merchant:
            goods = {m.good for m in merchant}
            sells = [Move(pid, g, "dock", "merchant") for g in dock.elements() if g in goods]
            out.append((_("Sell to merchants (+{n})").format(n=len(sells)), sells))
        return out

    def phase_least(self, c: Canvas, state: State, width: int) -> int:
        """The player's line and cubes, then a finger's row of choices (and one for the
        page turns when a cube is chosen)."""
        pid = self.player or state.players[0]
        _places, rows = self.cube_places(c, cubes_of(state, pid), width,
                                         self.dock_places(state, pid))
        finger_row = c.u(56) + c.u(8)
        return c.u(34) + rows * finger_row + (2 if self.selected else 1) * finger_row

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        pid = self.player or state.players[0]
        y = area.y
        c.player_badge(pid, (area.x + c.u(16), y + c.u(16)), c.u(14), words.letter(state, pid))
        name = c.text(words.player_name(state, pid), (area.x + c.u(38), y + c.u(16)), BODY,
                      PLAYER_COLOURS.get(pid, TEXT), anchor="midleft",
                      max_width=area.w - c.u(38), smallest=BODY)
        cubes = cubes_of(state, pid)
        size, gap = c.u(56), c.u(8)
        places, rows = self.cube_places(c, cubes, area.w, self.dock_places(state, pid))
        cubes_h = rows * (size + gap)
        note = _("tap a panel: that player; again: the cards")
        beside = font(c.px(SMALL)).size(note)[0] <= area.right - name.right - c.u(16)
        note_h = c.u(2) if beside else \
            layout.fit(c, note, area.w, None, SMALL).height(c) + c.u(6)
        # Short of two finger rows for the choices below: the panels' note gives way. While
        # cubes are chosen it is not drawn, but keeps its place: the cubes never move under
        # the finger when one is tapped (docs/touch.md).
        room = area.bottom - (y + c.u(34) + note_h + cubes_h) - c.u(24)
        if room < 2 * size + gap:
            y += c.u(34)
        elif beside:
            if not self.selected:
                c.text(note, (area.right, y + c.u(16)), SMALL, MUTED, anchor="midright")
            y += c.u(36)
        else:  # narrow: on the lines below the name
            y += c.u(34)
            if self.selected:
                y += note_h
            else:
                y = layout.draw_text(c, note, pygame.Rect(area.x, y, area.w, area.h), SMALL,
                                     MUTED).bottom + c.u(6)
        if not cubes:
            said = c.text(_("No cubes to load."), (area.x, y + c.u(8)), BODY, MUTED)
            if not rows:  # no empty places of cubes gone below it: what follows goes under
                y = said.bottom + c.u(8)
        # The cubes on the ships, then the warehouse's and the market hall's, each group
        # after its name (not "WH" / "MH" under each cube), row after row.
        for what, dx, row in places:
            top = y + row * (size + gap)
            if isinstance(what, str):
                c.text(what, (area.x + dx, top + size // 2), SMALL, MUTED, anchor="midleft",
                       role="secondary")
                continue
            good = cubes[what][0]
            c.button(pygame.Rect(area.x + dx, top, size, size), names.good_initial(good),
                     partial(self.toggle, what), key=f"cube:{what}", colour=GOOD_COLOURS[good],
                     size=BODY, selected=what in self.selected)
        y += cubes_h
        rect = pygame.Rect(area.x, y, area.w, area.bottom - y)
        if self.selected:
            self.draw_choices(c, state, pid, cubes, rect)
        else:
            self.draw_moves(c, state, pid, rect)

    @staticmethod
    def cube_places(c: Canvas, cubes: list[Cube], width: int,
                    dock: list[int | None] | None = None
                    ) -> tuple[list[tuple[int | str, int, int]], int]:
        """Where the cubes go, row after row: (cube index, or a store's name before its
        first cube; x from the left; row), and the number of rows. `dock`: the dock's
        places as first shown (None where a cube has left: its place stays empty)."""
        size, gap = c.u(56), c.u(8)
        f_small = font(c.px(SMALL))
        out: list[tuple[int | str, int, int]] = []
        x, row, last = 0, 0, "dock"
        on_dock = sum(1 for _good, store in cubes if store == "dock")
        order: list[int | None] = list(dock) if dock is not None else list(range(on_dock))
        order += list(range(on_dock, len(cubes)))
        for i in order:
            if i is None:  # a cube has left this place of the dock
                if x + size > width:
                    x, row = 0, row + 1
                x += size + gap
                continue
            store = cubes[i][1]
            if store != last:
                label = names.store(store)
                label = label[:1].upper() + label[1:]  # a heading, as words.place says it
                w = f_small.size(label)[0]
                if x + w + gap + size > width and x > 0:
                    x, row = 0, row + 1
                out.append((label, x, row))
                x += w + gap
                last = store
            if x + size > width:
                x, row = 0, row + 1
            out.append((i, x, row))
            x += size + gap
        return out, (row + 1 if order else 0)

    def _grid(self, c: Canvas, rect: pygame.Rect, items: list[tuple[str, Action0 | None, str]],
              cols: int = 3) -> None:
        """The choices as buttons with their labels whole: the fewest columns that fit,
        else pages turned with "\u2039 \u203a" (a short German or French area)."""
        del cols
        self.page, start, cells = layout.paged_grid(
            c, rect, [label for label, _action, _key in items], c.u(8), self.page, self.turn)
        for (label, action, key), box in zip(items[start:start + len(cells)], cells,
                                             strict=True):
            c.button(box, label, action, key=key, size=SMALL)

    def turn(self, step: int) -> None:
        """The next or the previous page of choices."""
        self.page = max(0, self.page + step)
        self.ui.dirty = True

    def one_tap(self, state: State, pid: str) -> dict[str, tuple[str, Action0]]:
        """Every choice one tap makes, by key: each legal move of a ship's cube (those that
        score first), each market-hall sale with a ship's cube, the shortcuts that make
        several moves, then the moves of the warehouse's and the market hall's cubes. (A
        conversion, of three cubes into one, is the cubes' taps and the good's.)"""
        out: dict[str, tuple[str, Action0]] = {}
        self.single = set()
        moves = [a for a in loading_actions(state, pid) if isinstance(a, Move)]
        stay = (Store.MARKET, Store.WAREHOUSE)
        moves.sort(key=lambda m: (m.source != Store.DOCK, m.to in stay))
        for move in moves:
            if move.source != Store.DOCK:
                break
            out[f"move:{move.good}:{move.source}:{move.to}"] = (
                move_label(state, move), partial(self.do, move))
        # A market-hall sale of two cubes (+1 coin) with a ship's cube among them, one tap
        # each pair of goods (the others: a tap on each cube, then the sale).
        for action in loading_actions(state, pid):
            if isinstance(action, MarketSell) and any(
                    store == Store.DOCK for _good, store in action.give):
                goods = "+".join(f"{good}:{store}" for good, store in action.give)
                out[f"sell:{goods}"] = (sale_label(action), partial(self.do, action))
        for label, group in self.kept_shortcuts(state, pid):
            kind = "sell" if group[0].to == MERCHANT_DESTINATION else "fill"
            out[f"shortcut:{kind}"] = (label, partial(self.do_group, pid, group, label))
            if len(group) < 2:
                self.single.add(f"shortcut:{kind}")
        for move in moves:
            if move.source != Store.DOCK:
                out[f"move:{move.good}:{move.source}:{move.to}"] = (
                    move_label(state, move), partial(self.do, move))
        return out

    def draw_moves(self, c: Canvas, state: State, pid: str, rect: pygame.Rect) -> None:
        """The one-tap choices. A choice shown once this Loading keeps its place, greyed
        when it is no longer possible: the one beside it never slides under the finger
        (docs/touch.md)."""
        offered = self.kept("one_tap", (state, pid, language()),
                            lambda: self.one_tap(state, pid))
        seen = self.items_seen.setdefault((state.round, pid), [])
        while seen and seen[-1] not in offered:
            seen.pop()  # a choice gone at the end: no other choice keeps its place by it
        # A shortcut of one move is that move's own button: shown only if it was shown
        # before with more (it keeps its place).
        seen += [key for key in offered if key not in seen and key not in self.single]
        items: list[tuple[str, Action0 | None, str]] = []
        for key in seen:
            if key in offered:
                label, action = offered[key]
                self.item_labels[key] = label
                items.append((label, action, key))
            else:
                items.append((self.item_labels.get(key, ""), None, key))
        if items:
            self._grid(c, rect, items, cols=2)

    def offers(self, state: State, pid: str, chosen: list[Cube]
               ) -> list[tuple[str, Action0 | None, str]]:
        """The legal choices for the chosen cubes, as buttons (label, action, key)."""
        items: list[tuple[str, Action0 | None, str]] = []
        if len(chosen) == 1:
            good, store = chosen[0]
            for a in loading_actions(state, pid):
                if isinstance(a, Move) and a.good == good and a.source == store:
                    if a.to == MERCHANT_DESTINATION:
                        label = _("merchant (+1 coin)")
                    else:
                        label = words.place(state, a.to)
                    items.append((label, partial(self.do, a), f"to:{a.to}"))
        elif len(chosen) == 2:
            sale = market_sale(state, pid, tuple(chosen))
            if sale is not None:
                items.append((_("Sell both in the market hall (+1 coin)"),
                              partial(self.do, sale), "market_sell"))
        else:
            for conv in conversions(state, pid, tuple(chosen)):
                items.append((_("\u2192 {good}").format(good=names.good(conv.take)),
                              partial(self.do, conv), f"convert:{conv.take}"))
        return items

    def draw_choices(self, c: Canvas, state: State, pid: str, cubes: list[Cube],
                     rect: pygame.Rect) -> None:
        chosen = [cubes[i] for i in self.selected if i < len(cubes)]
        items = self.offers(state, pid, chosen)
        if len(chosen) == 1:
            title = _("Where does the {good} go?").format(good=names.good(chosen[0][0]))
        elif len(chosen) == 2:
            title = _("2 cubes: sell them in the market hall?")
        else:
            title = _("3 cubes: convert into 1 cube from the stock")
        if not items:
            # Nowhere to go: never a question without answers. Where the cube stays is
            # the answer, a button that leaves it there; the rule that keeps it from the
            # usual places is the hint's (or the message's that took the hint's place).
            reasons = self.reasons(state, pid, chosen, False)
            stays = reasons[0] if reasons else title
            fitted = layout.fit(c, stays, rect.w - c.u(24), None, BODY)
            row = pygame.Rect(rect.x, rect.y, rect.w, max(c.u(56), fitted.height(c) + c.u(12)))
            c.button(row, stays, self.leave, key="leave")
            return
        # The question on as many lines as the width needs (portrait, German).
        used = layout.draw_text(c, title, rect, SMALL, TEXT)
        top = max(rect.y + c.u(24), used.bottom + c.u(2))
        # What is not offered says its rule in the bar (`hint`), which has room for it.
        self._grid(c, pygame.Rect(rect.x, top, rect.w, rect.bottom - top), items)

    def leave(self) -> None:
        """The chosen cubes stay where they are (nothing takes them)."""
        self.selected = []
        self.ui.dirty = True

    def reasons(self, state: State, pid: str, chosen: list[Cube], offered: bool) -> list[str]:
        """Why the usual places are not offered for the chosen cubes: the market hall and
        the warehouse for one cube; the sale or conversion itself for two or three."""
        tries: list[Action] = []
        if len(chosen) == 1:
            good, store = chosen[0]
            places = [Store.MARKET]
            if any(state.catalogue[c].kind == Kind.WAREHOUSE for c in state.player(pid).cards):
                places.append(Store.WAREHOUSE)
            tries.extend(Move(pid, good, store, to) for to in places if to != store)
        elif not offered and len(chosen) == 2:
            tries.append(MarketSell(pid, tuple(chosen)))
        elif not offered:
            tries.extend([Convert(pid, tuple(chosen), good) for good in state.stock][:1])
        out: list[str] = []
        if len(chosen) == 1 and not offered:
            stays: dict[str, str] = {
                Store.MARKET: _("It stays in the market hall for a later round."),
                Store.WAREHOUSE: _("It stays in the warehouse.")}
            out.append(stays.get(chosen[0][1], _("Nothing else takes it: at the end of "
                                                 "Loading it goes to the stock.")))
        for action in tries:
            exc = refusal(state, action)
            if exc is not None:
                said = words.refusal(state, exc)
                if said not in out:
                    out.append(said)
        return out

