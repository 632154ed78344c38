"""Supply: tap (or scan) each card as it is revealed; a ship asks for its 3 goods."""
# positions: still worked out in this module (issue 19)

from __future__ import annotations

from functools import partial

import pygame

from companion.engine import GOODS, Reveal, State
from companion.engine.words import PRINTED_FIELD, Kind
from companion.ui import layout, names, words
from companion.ui.canvas import (
    BODY,
    GOOD_COLOURS,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    Canvas,
    font,
)
from companion.ui.i18n import _, ngettext
from companion.ui.scene import Primary, SceneHost
from companion.ui.scenes.round import RoundScene


def slot_label(state: State, index: int) -> str:
    return words.card(state, state.slots[index].card)  # a ship with its cubes


class SupplyScene(RoundScene):
    """Pick each revealed card from the unseen cards of the top season."""

    name = "supply"
    #: The grid's places are fixed for the round: so is the height above them.
    sticky_place = True

    def __init__(self, ui: SceneHost) -> None:
        super().__init__(ui)
        self.ship: str | None = None
        self.goods: list[str] = []
        #: The page of cards shown where they do not all fit at once.
        self.page = 0
        #: Cards scanned (or sent by the camera) while a ship's goods were asked: each
        #: is picked in turn once the ship is recorded, so a row read at once keeps its
        #: order and no ship is lost to the card after it.
        self.waiting: list[str] = []
        #: The grid's places for the round (`places`), with what they were made for.
        self._places: tuple[tuple[object, ...], list[tuple[str, list[str]]]] | None = None

    def on_enter(self) -> None:
        self.ship = None
        self.goods = []

    def hint(self) -> str:
        if self.ship:
            return _("Tap the 3 goods drawn from the bag for the ship, in any order.")
        # (Only one card can come next: "Revealed" is then the primary action, and the
        # grid shows that card alone. A hint naming it had no room beside the bar's
        # buttons: it went above the cards and took the room that kept them on one page.)
        return _("Tap the card just revealed, or scan it.")

    def primary(self) -> Primary | None:
        if self.ship:
            # OK never destroys: the third good records the ship, so OK has nothing to
            # confirm before that; clearing is its own, smaller button.
            return (_("{k} of 3 goods").format(k=len(self.goods)), None)
        only = self.only_next()
        if only is not None:
            # Only one card can come next: offered as the primary action (OK), not asked.
            return (_("Revealed"), partial(self.pick, only))
        # Greyed out until then: the bar keeps its buttons, so the hint beside them does
        # not go above the cards (and the grid down) when only one card can come next.
        return (_("Revealed"), None)

    def primaries(self) -> list[Primary]:
        """"Revealed" (with its arrow when only one card can come next) and a ship's goods
        counted: the bar's button keeps its place, and the "?" beside it, when a ship is
        tapped (in French "0 sur 3 marchandises" had sent the "?" above the bar)."""
        # (The action only tells the bar the label has its arrow.)
        return [(_("Revealed"), None), (_("Revealed"), self.clear),
                *((_("{k} of 3 goods").format(k=k), None) for k in range(3))]

    def only_next(self) -> str | None:
        """The card that must come next when the top season has one unseen card left."""
        state = self.state
        season = state.top_season()
        unseen = state.unseen.get(season, ()) if season is not None else ()
        return next(iter(unseen)) if len(unseen) == 1 else None

    def clear(self) -> None:
        if self.goods:
            self.goods = []
        else:
            self.ship = None
            self.next_waiting()
        self.ui.dirty = True

    def entry_pending(self) -> bool:
        return self.ship is not None

    def undo_entry(self) -> str | None:
        if self.goods:
            return names.good(self.goods.pop())
        if self.ship is not None:
            card = names.card_name(self.state.catalogue[self.ship])
            self.ship = None
            return card
        return None

    def cancel_ship(self) -> None:
        self.ship = None
        self.goods = []
        self.ui.dirty = True
        self.next_waiting()

    def on_back(self) -> None:
        self.ship = None
        self.goods = []
        self.waiting.clear()

    def on_card(self, card_id: str) -> None:
        if self.ship is not None and card_id != self.ship:
            if card_id not in self.waiting:
                self.waiting.append(card_id)
            self.ui.info(_("{card} is next, once the ship's goods are in.").format(
                card=names.card_name(self.state.catalogue[card_id])))
            return
        self.pick(card_id)

    def next_waiting(self) -> None:
        """The ship is recorded or set aside: the card that came meanwhile, if any."""
        if not self.waiting:
            return
        card_id = self.waiting.pop(0)
        if self.ui.top is not self:  # the Supply is complete: it can no longer be revealed
            self.waiting.clear()
            self.ui.error(_("{card} came while a ship's goods were asked and was not "
                            "entered: tap or scan it if it was revealed.").format(
                card=names.card_name(self.state.catalogue[card_id])))
            return
        self.pick(card_id)

    def pick(self, card_id: str) -> None:
        state = self.state
        card = state.catalogue[card_id]
        if card.kind == Kind.SHIP:
            self.ship = card_id
            self.goods = []
            self.ui.dirty = True
            self.fill_forced()
            return
        self.game.act(Reveal(card_id))

    def fill_forced(self) -> None:
        """The goods still to tap when the bag leaves no choice (as many cubes as are
        missing, or one kind only): filled in and recorded, undoable as ever."""
        if self.ship is None:
            return
        left = dict(self.state.bag)
        for good in self.goods:
            left[good] -= 1
        need = 3 - len(self.goods)
        kinds = [g for g in GOODS if left.get(g, 0) > 0]
        if need <= 0 or not kinds:
            return
        if sum(left[g] for g in kinds) == need:
            rest = [g for g in kinds for _n in range(left[g])]
        elif len(kinds) == 1:
            rest = kinds * need
        else:
            return
        goods = (*self.goods, *rest)
        if self.game.act(Reveal(self.ship, goods)):
            self.ui.info(_("The bag left no choice: {goods}.").format(
                goods=", ".join(names.good(g) for g in goods)))
            self.next_waiting()

    def tap_card(self, card_id: str) -> None:
        simulator = self.ui.services.simulator
        if simulator is not None and hasattr(simulator, "scan_card"):
            simulator.scan_card(card_id)  # the simulated reader: the real adapter path
        else:
            self.pick(card_id)

    def add_good(self, good: str) -> None:
        self.goods.append(good)
        if len(self.goods) == 3 and self.ship:
            action = Reveal(self.ship, tuple(self.goods))
            if not self.game.act(action):
                self.goods.pop()
            else:
                self.next_waiting()
        elif self.ship:
            self.fill_forced()

    def cards_shown(self, state: State) -> list[str]:
        """The ship whose goods are asked, else the cards of the grid still to be revealed."""
        if self.ship:
            return [self.ship]
        season = state.top_season()
        if season is None:
            return []
        unseen = state.unseen[season]
        return [cid for cid in state.catalogue.cards if cid in unseen] + sorted(
            cid for cid in unseen if cid not in state.catalogue.cards)

    def draw_phase(self, c: Canvas, state: State, area: pygame.Rect) -> None:
        need = state.player_count + 1
        flow = layout.Flow(c, area, c.u(4))
        head = _("Revealed {k} of {n}").format(k=len(state.slots), n=need)
        season = state.top_season()
        if season is not None and not self.ship:
            unseen = len(state.unseen[season])
            head += "  \u00b7  " + ngettext("{season}: {n} card unseen",
                                             "{season}: {n} cards unseen", unseen).format(
                season=names.season(season), n=unseen)
        # The cards revealed this round are told on their own places in the grid below (its
        # number in the round, a ship's goods); only those of another season, not in the
        # grid, are listed here, the latest kept whole.
        in_grid = self.shown_in_grid(state) if not self.ship else set()
        items = [f"{i + 1}.\u00a0{slot_label(state, i)}".replace(" ", "\u00a0")
                 for i, slot in enumerate(state.slots) if slot.card not in in_grid]
        shown = items
        while True:
            text = head + ("  \u00b7  " + ("\u2026  " if len(shown) < len(items) else "")
                           + "  ".join(shown) if shown else "")
            if len(shown) <= 1 or not layout.fit(c, text, area.w, None, SMALL,
                                                 max_lines=2).cut:
                break
            shown = shown[1:]
        # Two lines, whether the heading needs one or two (the list of cards of another
        # season grows as they are revealed), so the cards and the goods below keep
        # their places as cards are revealed and the list grows.
        lines = 2
        line = flow.take(max(1, lines) * layout.line_height(c, SMALL))
        layout.draw_text(c, text, line, SMALL, TEXT, max_lines=2)
        if self.ship:
            self.draw_goods(c, state, flow.rest())
        else:
            self.draw_cards(c, state, flow.rest())

    def draw_cards(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        season = state.top_season()
        if season is None:
            layout.draw_text(c, _("Only the 4th fire is left in the pile."), rect, BODY, TEXT)
            return
        unseen = state.unseen[season]
        revealed = {slot.card: i for i, slot in enumerate(state.slots)}
        gap = c.u(8)
        # The places are fixed for the round (`places`): laid out by the names they had
        # then, each drawn with its name now.
        groups = self.places(state)
        # Each place as wide as the longest name its cards have (a card told by what it
        # shows, the last of its kind named by its guess), not only the name it had when
        # the places were made: the grid keeps its columns when a name changes.
        labels = [max([label, *(names.card_in_season(state.catalogue[cid]) for cid in ids
                                if cid in state.catalogue.cards)], key=len)
                  for label, ids in groups]
        # Too many long names for one screen (a season's first round, German, French):
        # pages of whole names, turned with "\u2039 \u203a" beside them; never a name cut.
        self.page, start, cells = layout.paged_grid(c, rect, labels, gap, self.page,
                                                    self.turn, tallest=c.u(84))
        groups = groups[start:start + len(cells)]
        asked = self.asked_kinds(state)
        for (_first_label, ids), box in zip(groups, cells, strict=True):
            left = [cid for cid in ids if cid in unseen]
            if not left:
                c.rect(box, PANEL)
                cid = next((cid for cid in ids if cid in revealed), None)
                fire = next((cid for cid in ids if cid in fired_this_round(state)), None)
                if cid is None and fire is not None:  # resolved: its name, as a space
                    layout.draw_text(c, names.card_in_season(state.catalogue[fire]),
                                     layout.inset(box, c.u(4)), SMALL, MUTED, align="center",
                                     valign="center", role="secondary")
                elif cid is not None:  # revealed this round: its number and a ship's goods
                    i = revealed[cid]
                    label = self.face(state, cid, asked)
                    goods = state.slots[i].goods
                    cubes = " " + "\u00a0".join(names.good_initial(g) for g in goods) \
                        if goods else ""
                    inner = layout.inset(box, c.u(4))
                    text = f"{i + 1}.\u00a0{label}{cubes}"
                    if layout.fit(c, text, inner.w, inner.h, SMALL, "secondary").cut:
                        text = f"{i + 1}.{cubes}"  # its name was on this place
                    layout.draw_text(c, text, inner, SMALL, MUTED, align="center",
                                     valign="center", role="secondary")
                continue
            # One button per face the place's unseen cards show (one, but for a card taken
            # back after it was told by its value: its kind's question then, or else side
            # by side), the place kept.
            faces: dict[str, str] = {}
            for cid in left:
                faces.setdefault(self.face(state, cid, asked), cid)
            kind = state.catalogue[left[0]].kind
            if len(faces) > 1 and self.pick_label(kind) in faces:
                # Its kind's question reaches them all: the answer tells the card, one
                # whose value is confirmed by that value (`confirm.which_card`).
                faces = {self.pick_label(kind): faces[self.pick_label(kind)]}
            boxes = [box] if len(faces) == 1 else \
                layout.columns(box, [None] * len(faces), c.u(8))
            for (label, cid), cell in zip(faces.items(), boxes, strict=True):
                self.draw_card(c, state, cid, label, cell)

    def draw_card(self, c: Canvas, state: State, cid: str, label: str,
                  box: pygame.Rect) -> None:
        """An unseen card's button (or its kind's question, "Contract ?")."""
        card = state.catalogue[cid]
        colour = (150, 52, 40) if card.kind == Kind.FIRE else (58, 80, 110) \
            if card.kind == Kind.SHIP else (70, 82, 100)
        if card.kind in PRINTED_FIELD and label == self.pick_label(card.kind):
            c.button(box, label, partial(self.ask, card.kind), key=f"ask:{card.kind}",
                     colour=colour)
            return
        c.button(box, label, partial(self.tap_card, cid), key=f"card:{cid}", colour=colour)

    def places(self, state: State) -> list[tuple[str, list[str]]]:
        """The grid's places, fixed for the round as the cards in it are: the faces the
        grid showed when it was first drawn this round, in its order (the fire first, then
        the longest names, which share the tall rows). A card told by what it shows
        ("Fireman ?") leaves its place's name changed, not the places: the card under the
        next finger stays, and so does every place when a card taken back reads otherwise
        than its place's other cards (they then share the place, side by side)."""
        key = (state.round, state.top_season(), tuple(self.grid_cards(state)))
        kept = self._places
        if kept is not None and kept[0] == key:
            # A place whose cards now read differently (a card told by its value, then
            # taken back by Undo) shows one button per face side by side (`draw_cards`).
            return kept[1]
        groups = self.face_groups(state)
        groups.sort(key=lambda g: (state.catalogue[g[1][0]].kind != Kind.FIRE, -len(g[0])))
        self._places = (key, groups)
        return groups

    def face(self, state: State, cid: str, asked: dict[str, list[str]]) -> str:
        """What the grid calls card `cid` now (`face_groups`)."""
        card = state.catalogue[cid] if cid in state.catalogue.cards else None
        if card is None:
            return cid
        if card.kind in asked and cid in asked[card.kind]:
            return self.pick_label(card.kind)
        return names.card_in_season(card)

    def face_groups(self, state: State) -> list[tuple[str, list[str]]]:
        """The grid's places: one per face the table can tell apart (`names.card_in_season`),
        with the cards that show it, in the grid's order. Cards that read alike (the five
        ships, Autumn's two counting offices, two firemen of one value) are one button: the
        table cannot tell them apart, and the books need not."""
        groups: dict[str, list[str]] = {}
        asked = self.asked_kinds(state)
        for cid in self.grid_cards(state):
            groups.setdefault(self.face(state, cid, asked), []).append(cid)
        return list(groups.items())

    @staticmethod
    def pick_label(kind: str) -> str:
        """The one button of the cards of `kind` whose printed value is not confirmed."""
        return names.asked(kind)

    def asked_kinds(self, state: State) -> dict[str, list[str]]:
        """Kinds whose revealed card is told by what it shows: the unseen cards of the top
        season of a kind with a printed value, when more than one of them could be the
        card on the table and some value is still a guess (their names would only show
        guesses). Each with its unconfirmed unseen cards, which share one button."""
        season = state.top_season()
        unseen = state.unseen.get(season, ()) if season is not None else ()
        out: dict[str, list[str]] = {}
        for kind, field in PRINTED_FIELD.items():
            if kind == Kind.FIRE:
                continue  # one fire a season: no doubt which card it is
            of_kind = [cid for cid in state.catalogue.cards
                       if cid in unseen and state.catalogue[cid].kind == kind]
            guesses = [cid for cid in of_kind if field in state.catalogue[cid].unverified]
            if len(of_kind) > 1 and guesses:
                out[kind] = guesses
        return out

    def ask(self, kind: str) -> None:
        """What does the revealed card of `kind` show? (which card it is follows)."""
        state = self.state
        season = state.top_season()
        unseen = state.unseen.get(season, ()) if season is not None else ()
        candidates = [cid for cid in state.catalogue.cards
                      if cid in unseen and state.catalogue[cid].kind == kind]
        if candidates:
            self.ui.open("confirm", card_id=candidates[0], field=PRINTED_FIELD[kind],
                         candidates=candidates)

    def shown_in_grid(self, state: State) -> set[str]:
        """The cards revealed this round that the grid tells on their own place (a place
        whose cards are all revealed); the others are listed above it."""
        unseen = state.unseen.get(state.top_season() or "", ())
        revealed = [slot.card for slot in state.slots]
        out: set[str] = set()
        for _label, ids in self.places(state):
            if not any(cid in unseen for cid in ids):
                first = next((cid for cid in ids if cid in revealed), None)
                if first is not None:
                    out.add(first)
        return out

    def turn(self, step: int) -> None:
        """The next or the previous page of cards."""
        self.page = max(0, self.page + step)
        self.ui.dirty = True

    def grid_cards(self, state: State) -> list[str]:
        """The top season's cards still unseen when this round's Supply began, in their
        places on the grid: the ones revealed since stay as spaces, so the card under a
        finger never moves within the round (a quick second tap, or two cards tapped in a
        row, hits what the player saw); the cards of earlier rounds take no room."""
        season = state.top_season()
        if season is None:
            return []
        unseen = state.unseen[season]
        # A fire revealed this round is resolved at once and takes no slot; its place stays
        # too, or every card after it moved under the finger (QA of issue 19).
        this_round = {slot.card for slot in state.slots} | fired_this_round(state)
        cards = [cid for cid, card in state.catalogue.cards.items()
                 if card.season == season and state.player_count not in card.removed_for
                 and (cid in unseen or cid in this_round)]
        return cards + sorted(cid for cid in unseen if cid not in cards)

    def draw_goods(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        assert self.ship is not None
        flow = layout.Flow(c, rect, c.u(8))
        size = c.u(56)
        gap = c.u(8)
        # One row: which ship, its three goods so far, and the way back to the cards (a ship
        # tapped by mistake: on a touch-only table there is no Back button, and Undo would
        # take back the card before).
        row = flow.take(size)
        f = font(c.px(BODY))
        other_w = max(c.u(120), max(f.size(w)[0] for w in
                                    (_("Other card") + " " + _("Clear goods")).split()) + c.u(28))
        label, slots, other = layout.columns(row, [None, 3 * size + 2 * gap, other_w], gap)
        # The ship's name (what to tap is said above: the hint).
        layout.draw_text(c, names.card_in_season(state.catalogue[self.ship]), label, BODY,
                         TEXT, valign="center")  # its season is said above
        for i, box in enumerate(layout.columns(slots, [size] * 3, gap)):
            if i < len(self.goods):
                c.cube(self.goods[i], box, names.good_initial(self.goods[i]))
            else:
                c.rect(box, PANEL)
                c.text("?", box.center, BODY, MUTED, anchor="center")
        # With goods entered, the way back clears them first (its own button, never OK).
        if self.goods:
            c.button(other, _("Clear goods"), self.clear, key="goods:clear")
        else:
            c.button(other, _("Other card"), self.cancel_ship, key="ship:cancel")
        bag = dict(state.bag)
        for g in self.goods:
            bag[g] -= 1
        # Each good: its initials on the button, how many are left in the bag in its corner
        # (the number of cubes of that good still in the bag),
        # its name below (on two lines where it must: "Kaut-schuk").
        line = layout.line_height(c, SMALL)
        rest = flow.rest()
        height = max(c.u(56), min(c.u(96), rest.h - 2 * line - c.u(4)))
        cells = layout.columns(pygame.Rect(rest.x, rest.y, rest.w, height), [None] * 5, gap)
        for good, box in zip(GOODS, cells, strict=True):
            ok = bag[good] > 0 and len(self.goods) < 3
            c.button(box, names.good_initial(good), partial(self.add_good, good) if ok
                     else None, key=f"good:{good}", colour=GOOD_COLOURS[good],
                     badge=str(bag[good]))
            under = pygame.Rect(box.x - gap // 2, box.bottom + c.u(2), box.w + gap, 2 * line)
            layout.draw_text(c, names.good(good), under, SMALL, TEXT, align="center")


def fired_this_round(state: State) -> set[str]:
    """The fires revealed (and resolved) this round."""
    return {fire.card for fire in state.fires if fire.round == state.round}
