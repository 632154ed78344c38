"""Supply: tap (or scan) each card as it is revealed. A ship is told by its first cube's
good on the ship's row ("Ship Co": the card and that cube in one tap), then its other two
goods; a fireman whose value is a guess by its value's own button ("Fireman 3"), which
says the card and its printed value in one tap; contracts whose goods are guesses by one
button ("Contract ?"), which asks the round's first one what it shows and reveals a second
one as it is (asked when bought). Its places: `companion.ui.layouts.supply`.
"""

from __future__ import annotations

import weakref
from functools import partial
from typing import Any

import pygame

from companion.engine import GOODS, Reveal, RuleError, State
from companion.engine.values import value
from companion.engine.words import PRINTED, PRINTED_FIELD, Kind
from companion.errors import CompanionError
from companion.ui import buttons, i18n, layout, names, words
from companion.ui.canvas import (
    BODY,
    GOOD_COLOURS,
    LARGE,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    Canvas,
)
from companion.ui.i18n import _, ngettext
from companion.ui.layouts import supply as places
from companion.ui.scene import Primary, SceneHost
from companion.ui.scenes.confirm import reveal_shown
from companion.ui.scenes.round import RoundScene

#: What each open game's Supply screens keep for the round (its grid's places, the height
#: above them): an Undo back from Purchase opens a new Supply screen, which must show the
#: same places, not lay them out anew by what was told since (issue 19). Gone with the game.
_KEPT: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()

#: The buttons' colours by kind: a fire, a ship, any other card.
FIRE_COLOUR = (150, 52, 40)
SHIP_COLOUR = (58, 80, 110)
CARD_COLOUR = (70, 82, 100)


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
        #: Cards scanned (or sent by the camera) while a ship's goods were asked, or sent
        #: by the camera after a place of the row it could not read: each is picked in
        #: turn once the ship is recorded (or the place's card tapped), so a row read at
        #: once keeps its order and no ship is lost to the card after it. A number is a
        #: later place the camera could not read.
        self.waiting: list[str | int] = []
        #: The place of the row (from 1) whose card the camera could not read: the
        #: table taps (or scans) it; the camera's cards right of it wait.
        self.gap: int | None = None
        #: What this screen keeps for the round where there is no game to keep it with.
        self._own: dict[str, Any] = {}

    def screen_key(self) -> object:
        """The ship whose goods are being entered (its goods' buttons take the grid's
        place: a hurried second tap on the card must not pick a good)."""
        return self.ship

    def round_kept(self) -> dict[str, Any]:
        """What the Supply screens of the open game keep for the round (`_KEPT`)."""
        game = self.ui.game
        if game is None:
            return self._own
        try:
            return _KEPT.setdefault(game, {})
        except TypeError:  # a game that cannot be referred to weakly: this screen's own
            return self._own

    def draw(self, c: Canvas, body: pygame.Rect) -> None:
        # The round's last frame plan (`RoundScene.frame_plan`: the height above the grid
        # the round's Supply took, its sticky place), on a new Supply screen of the round too.
        kept = self.round_kept()
        if self.frame_plan is None and "frame" in kept:
            self.frame_plan = kept["frame"]
        super().draw(c, body)
        kept["frame"] = self.frame_plan

    def on_enter(self) -> None:
        self.ship = None
        self.goods = []

    def hint(self) -> str:
        if self.ship:
            return _("Tap the 3 goods drawn from the bag for the ship, in any order.")
        # (Only one card can come next: "Revealed" is then the primary action, and the
        # grid shows that card alone. A hint naming it had no room beside the bar's
        # buttons: it went above the cards and took the room that kept them on one page.)
        if self.gap is not None:
            return gap_words(self.gap)
        return self.reveal_hint(self.can_scan())

    @staticmethod
    def reveal_hint(scans: bool) -> str:
        """What to do with a revealed card: scanning only named at a table that can scan."""
        return _("Tap the card just revealed, or scan it.") if scans else \
            _("Tap the card just revealed.")

    def hints(self) -> list[str]:
        # Both forms: a reader that comes ready mid-game changes the words, not the place.
        return [self.hint(), self.reveal_hint(True), self.reveal_hint(False)]

    def can_scan(self) -> bool:
        """Whether this table can scan a card: a reader, scanner or camera said it is
        ready (or the simulated reader); a table without one is not asked to (issue 30)."""
        services = self.ui.services
        if services.simulator is not None:
            return True
        return any(ok for device, (ok, _message) in services.device_status.items()
                   if device != "buttons")

    def primary(self) -> Primary | None:
        if self.ship:
            # OK never destroys: the third good tapped records the ship, so OK has nothing
            # to confirm before that; clearing is its own, smaller button. Three goods
            # pressed on the buttons wait for OK (issue 31): a press is undone by Undo.
            ready = len(self.goods) == 3
            return (_("{k} of 3 goods").format(k=len(self.goods)),
                    self.record_ship if ready else None)
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
                *((_("{k} of 3 goods").format(k=k), None) for k in range(3)),
                (_("{k} of 3 goods").format(k=3), self.record_ship)]

    def only_next(self) -> str | None:
        """The card that must come next when the top season has one unseen card left (not
        a fireman whose value is a guess: its value's button says both in one tap; nor a
        contract whose goods are asked as it is revealed: "Contract ?")."""
        state = self.state
        season = state.top_season()
        unseen = state.unseen.get(season, ()) if season is not None else ()
        if len(unseen) != 1:
            return None
        only = next(iter(unseen))
        card = state.catalogue.cards.get(only)
        if card is not None and card.kind in (Kind.FIREMAN, Kind.CONTRACT) and \
                PRINTED_FIELD[card.kind] in card.unverified and \
                not asked_later(state, card.kind):
            return None  # told by its value's button, or asked what it shows
        return only

    def legend(self) -> dict[str, str]:
        """While a ship's goods are asked, the five buttons are the five goods (their
        initials, in the goods row's order); a good the bag has no more of does nothing."""
        if not self.ship or len(self.goods) >= 3:
            return {}
        state = self.state
        bag = dict(state.bag)
        for taken in self.goods:
            bag[taken] -= 1
        out = {}
        for colour in buttons.order(state):
            good = buttons.good_of(state, colour)
            if good is not None and bag.get(good, 0) > 0:
                out[colour] = names.good_initial(good)
        return out

    def on_player(self, colour: str) -> None:
        """A ship's goods: the button's good goes in (`legend`); three wait for OK."""
        if not self.ship:
            return
        good = buttons.good_of(self.state, colour)
        if len(self.goods) >= 3:
            self.ui.info(_("The ship has its 3 goods: OK records them, Undo takes one "
                           "back."))
            return
        if good is None or colour not in self.legend():
            self.ui.error(_("No {good} is left in the bag.").format(
                good=names.good(good or "")))
            return
        self.goods.append(good)
        self.ui.dirty = True
        if len(self.goods) < 3:
            self.fill_forced()

    def record_ship(self) -> None:
        """OK: the ship with the three goods pressed."""
        if self.ship and len(self.goods) == 3:
            if not self.game.act(Reveal(self.ship, tuple(self.goods))):
                self.goods.pop()
            else:
                self.next_waiting()

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
        self.gap = None
        self.waiting.clear()

    def on_unread(self, place: int) -> None:
        if self.gap is None and self.ship is None and not self.waiting:
            self.gap = place
            self.ui.info(gap_message(place))
        elif place != self.gap and place not in self.waiting:
            self.waiting.append(place)
        self.ui.dirty = True

    def on_camera_card(self, card_id: str) -> None:
        if self.gap is not None or (self.waiting and self.ship is None):
            if card_id not in self.waiting:
                self.waiting.append(card_id)
            place = self.gap if self.gap is not None else next(
                (p for p in self.waiting if isinstance(p, int)), None)
            self.ui.info(_("{card} is next, once the card at place {n} is tapped.").format(
                card=names.card_name(self.state.catalogue[card_id]), n=place))
            return
        self.on_card(card_id)

    def on_card(self, card_id: str) -> None:
        state = self.state
        card = state.catalogue.cards.get(card_id)
        season = state.top_season()
        if card is not None and season is not None and card.season != season and \
                card_id in state.unseen.get(card.season, ()):
            # Refused at the scan, in the engine's words, not after a ship's goods were
            # pressed (issue 31): the pile's top season is the only one revealed from.
            self.ui.error(words.refusal(state, RuleError(
                "season_order", card=card_id, season=card.season, top=season)))
            return
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
        if isinstance(card_id, int):  # a place the camera could not read: the table taps it
            self.gap = card_id
            self.ui.info(gap_message(card_id))
            self.ui.dirty = True
            return
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
            self.gap = None  # the ship is the unread place's card: its goods come next
            self.ui.dirty = True
            self.fill_forced()
            return
        if self.game.act(Reveal(card_id)):
            self.gap = None
            self.next_waiting()

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
            try:
                simulator.scan_card(card_id)  # the simulated reader: the real adapter path
                return
            except CompanionError:  # the reader is a port of its own (`--port`): directly
                pass
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
        # Whether the round's ships are told by their row: decided once, by the room the
        # round's Supply has (fixed for the round, as its places are).
        rows = self.round_kept().setdefault("ship_row", {})
        if self.row_key(state) not in rows:
            rows[self.row_key(state)] = self.ship_row_pays(c, state, area)
        need = state.player_count + 1
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
        plan = places.heading(c, area, head, items)
        layout.draw_text(c, plan.text, plan.line, SMALL, TEXT, max_lines=2)
        if self.ship:
            self.draw_goods(c, state, plan.rest)
        else:
            self.draw_cards(c, state, plan.rest)

    def draw_cards(self, c: Canvas, state: State, rect: pygame.Rect) -> None:
        season = state.top_season()
        if season is None:
            layout.draw_text(c, _("Only the 4th fire is left in the pile."), rect, BODY, TEXT)
            return
        unseen = state.unseen[season]
        revealed = {slot.card: i for i, slot in enumerate(state.slots)}
        # The places are fixed for the round (`places`), laid out by the longest name each
        # can show this round, each drawn with its name now: the grid keeps its cells when
        # a card is revealed, told by its value, or taken back.
        every = self.places(state)
        groups = [place for place in every if place.value is None and place.good is None]
        told = [place for place in every if place.value is not None]
        shipped = [place for place in every if place.good is not None]
        labels = tuple(place.label for place in groups)
        word = kind_word(Kind.FIREMAN) if told else ""
        ship_word = kind_word(Kind.SHIP) if shipped else ""
        # The same room and labels give the same places: worked out once, not every frame.
        grid = self.kept("grid", (tuple(rect), c.w, c.h, labels, self.page, word, len(told),
                                  ship_word, len(shipped)),
                         lambda: places.grid(c, rect, labels, self.page, word, len(told),
                                             ship_word, len(shipped)))
        for said, box in ((ship_word, grid.goods_word), (word, grid.word)):
            if box is not None:
                layout.draw_text(c, said, box, BODY, TEXT, valign="center", max_lines=2)
        for place, box in zip(shipped, grid.goods, strict=True):
            self.draw_ship_good(c, state, place, box)
        for place, box in zip(told, grid.values, strict=True):
            self.draw_value(c, state, place, box)
        self.page = grid.page
        if grid.prev is not None and grid.next is not None:
            # Too many long names for one screen (a season's first round, German, French):
            # pages of whole names, turned with "\u2039 \u203a" beside them; never a name cut.
            c.button(grid.prev, "\u2039", partial(self.turn, -1) if grid.page > 0 else None,
                     key="page:prev", size=LARGE)
            c.button(grid.next, "\u203a", partial(self.turn, 1)
                     if grid.page < grid.pages - 1 else None, key="page:next", size=LARGE)
            if grid.number is not None:
                c.text(f"{grid.page + 1}/{grid.pages}", grid.number.center, SMALL, MUTED,
                       anchor="center", role="secondary")
        shown = groups[grid.start:grid.start + len(grid.cells)]
        asked = self.asked_kinds(state)
        for place, box in zip(shown, grid.cells, strict=True):
            ids = list(place.ids)
            left = [cid for cid in ids if cid in unseen]
            if not left:
                c.rect(box, PANEL)
                cid = next((cid for cid in ids if cid in revealed), None)
                fire = next((cid for cid in ids if cid in fired_this_round(state)), None)
                inner = places.inner(c, box)
                if cid is None and fire is not None:  # resolved: its name, as a space
                    layout.draw_text(c, names.card_in_season(state.catalogue[fire]),
                                     inner, SMALL, MUTED, align="center",
                                     valign="center", role="secondary")
                elif cid is not None:  # revealed this round: its number and a ship's goods
                    i = revealed[cid]
                    label = self.face(state, cid, asked)
                    goods = state.slots[i].goods
                    cubes = " " + "\u00a0".join(names.good_initial(g) for g in goods) \
                        if goods else ""
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
            for (label, cid), cell in zip(faces.items(),
                                          places.side_by_side(c, box, len(faces)),
                                          strict=True):
                self.draw_card(c, state, cid, label, cell)

    def draw_value(self, c: Canvas, state: State, place: Place, box: pygame.Rect) -> None:
        """One of the five buttons of the firemen whose value is asked: "Fireman 3" says
        which card came up and what it shows, in one tap. Every value alike, none preset;
        greyed where no unseen fireman of the season can show it."""
        assert place.value is not None
        c.button(box, str(place.value), partial(self.tell_value, place.value)
                 if self.could_show(state, place.value) else None,
                 key=f"fireman:{place.value}", colour=CARD_COLOUR, size=LARGE,
                 name=value_label(place.value))

    def draw_ship_good(self, c: Canvas, state: State, place: Place, box: pygame.Rect) -> None:
        """One of the ship's five goods: a ship revealed with its first cube drawn from the
        bag is told by that cube's good ("Ship Co"), the card and its first good in one tap;
        its other two follow on the goods row, which shows what the bag still holds (here
        a finger-wide button, in portrait, has no room for a count beside the initials).
        Greyed where the bag holds none of it, or no ship of the season is left."""
        assert place.good is not None
        good = place.good
        ship = next((cid for cid in place.ids if cid in state.unseen.get(
            state.top_season() or "", ())), None)
        ok = ship is not None and state.bag.get(good, 0) > 0
        c.button(box, names.good_initial(good), partial(self.ship_good, ship, good)
                 if ok and ship is not None else None, key=f"ship:{good}",
                 colour=GOOD_COLOURS[good], size=LARGE, name=place.label)

    def ship_good(self, ship: str, good: str) -> None:
        """A ship revealed, its first cube `good`: the goods row asks for the other two."""
        self.ship = ship
        self.goods = []
        self.ui.dirty = True
        self.add_good(good)

    def draw_card(self, c: Canvas, state: State, cid: str, label: str,
                  box: pygame.Rect) -> None:
        """An unseen card's button (or its kind's question, "Contract ?")."""
        card = state.catalogue[cid]
        colour = FIRE_COLOUR if card.kind == Kind.FIRE else SHIP_COLOUR \
            if card.kind == Kind.SHIP else CARD_COLOUR
        if card.kind in PRINTED_FIELD and label == self.pick_label(card.kind):
            c.button(box, label, partial(self.ask, card.kind), key=f"ask:{card.kind}",
                     colour=colour)
            return
        c.button(box, label, partial(self.tap_card, cid), key=f"card:{cid}", colour=colour)

    def places(self, state: State) -> list[Place]:
        """The grid's places, fixed for the round as the cards in it are: the faces the
        cards showed when the round's Supply was first drawn, in the grid's order (the
        fire first, then the longest names, which share the tall rows). Kept with the game
        (`round_kept`), never laid out anew by what was told since: a new screen of the same
        round (an Undo back from Purchase) has the same places, and a card told by what it
        shows ("Contract ?") leaves its place's name changed, not the places. Firemen
        whose value was a guess then are five places, one per value (`draw_value`)."""
        key = (state.round, state.top_season(), tuple(self.grid_cards(state)),
               i18n.language(), self.ship_row(state))
        # One set of places per grid of the round (a season that ran out mid-round, then
        # an Undo back to it, finds its grid as it was); other rounds' are let go.
        made_for: dict[tuple[object, ...], list[Place]] = self.round_kept().setdefault(
            "places", {})
        if key in made_for:
            return made_for[key]
        for old in [k for k in made_for if k[0] != state.round]:
            del made_for[old]
        cards = self.grid_cards(state)
        told = self.told_by_value(state, cards)
        groups: dict[str, list[str]] = {}
        asked = self.asked_kinds(state)
        for cid in cards:
            card = state.catalogue.cards.get(cid)
            if told and card is not None and card.kind == Kind.FIREMAN:
                continue
            if card is not None and card.kind == Kind.SHIP and self.ship_row(state):
                continue  # told by their first good (`draw_ship_good`)
            groups.setdefault(self.face(state, cid, asked), []).append(cid)
        made = [Place(label=place_label(state, label, ids), ids=tuple(ids))
                for label, ids in groups.items()]
        firemen = tuple(cid for cid in cards if cid in state.catalogue.cards
                        and state.catalogue[cid].kind == Kind.FIREMAN)
        if told:
            low, high = fireman_values()
            made += [Place(label=value_label(v), ids=firemen, value=v)
                     for v in range(low, high + 1)]
        ships = tuple(cid for cid in cards if cid in state.catalogue.cards
                      and state.catalogue[cid].kind == Kind.SHIP)
        if ships and self.ship_row(state):
            made += [Place(label=ship_label(good), ids=ships, good=good) for good in GOODS]
        made.sort(key=lambda p: (state.catalogue[p.ids[0]].kind != Kind.FIRE
                                 if p.ids[0] in state.catalogue.cards else True,
                                 -len(p.label)))
        made_for[key] = made
        return made

    def ship_row_pays(self, c: Canvas, state: State, area: pygame.Rect) -> bool:
        """Whether the ship row saves taps in this room: it takes a ship's tap off every
        ship, but its row takes room from the grid; where the grid would then need more
        pages than with the ships' one place ("Ship"), a page turn would cost what it saves
        (a season's first round in French at 800x480 went from two pages to five)."""
        if not any(cid in state.catalogue.cards and state.catalogue[cid].kind == Kind.SHIP
                   for cid in self.grid_cards(state)):
            return False
        rows: dict[tuple[object, ...], bool] = self.round_kept()["ship_row"]
        key = self.row_key(state)
        rect = places.heading(c, area, "", ()).rest
        pages = []
        for row in (True, False):
            rows[key] = row
            every = self.places(state)
            labels = [p.label for p in every if p.value is None and p.good is None]
            told = sum(1 for p in every if p.value is not None)
            shipped = sum(1 for p in every if p.good is not None)
            word = kind_word(Kind.FIREMAN) if told else ""
            ship_word = kind_word(Kind.SHIP) if shipped else ""
            pages.append(places.pages_whole(c, rect, labels, word, told, ship_word, shipped))
        del rows[key]
        return pages[0] <= pages[1]

    def ship_row(self, state: State) -> bool:
        """Whether this round's ships are told by the ship row (`draw_ship_good`): where
        the round's Supply has room for it below the firemen's values and above a row of
        cards (`places.ship_row_fits`); else by their place "Ship", then the goods row."""
        rows: dict[tuple[object, ...], bool] = self.round_kept().get("ship_row", {})
        return rows.get(self.row_key(state), True)

    def row_key(self, state: State) -> tuple[object, ...]:
        """What the ship row's choice holds for: the round's grid, in the words and on
        the screen it was made for (a language or a size of its own chooses anew)."""
        canvas = getattr(self.ui, "canvas", None)
        size = (canvas.w, canvas.h) if canvas is not None else None
        return (state.round, state.top_season(), i18n.language(), size)

    @staticmethod
    def told_by_value(state: State, cards: list[str]) -> bool:
        """Whether the grid's firemen are told by their value (five buttons): some
        fireman among `cards` has a value the table has not confirmed in `state`."""
        return any(cid in state.catalogue.cards and state.catalogue[cid].kind == Kind.FIREMAN
                   and PRINTED_FIELD[Kind.FIREMAN] in state.catalogue[cid].unverified
                   for cid in cards)

    def firemen_unseen(self, state: State) -> list[str]:
        season = state.top_season()
        unseen = state.unseen.get(season, ()) if season is not None else ()
        return [cid for cid in state.catalogue.cards
                if cid in unseen and state.catalogue[cid].kind == Kind.FIREMAN]

    def could_show(self, state: State, shown: int) -> bool:
        """Whether an unseen fireman of the season may show `shown`: one whose value is
        a guess (any value), or one confirmed with that value."""
        field = PRINTED_FIELD[Kind.FIREMAN]
        return any(field in state.catalogue[cid].unverified or
                   state.catalogue[cid].value == shown for cid in self.firemen_unseen(state))

    def tell_value(self, shown: int) -> None:
        """The fireman just revealed shows `shown`: the card told by it, its value
        confirmed (and saved for later games) unless it was, then revealed: one tap."""
        before = self.state
        reveal_shown(self.ui, self.game, self.firemen_unseen(before),
                     PRINTED_FIELD[Kind.FIREMAN], shown)
        self.revealed_since(before)

    def revealed_since(self, before: State) -> None:
        """A card was revealed through its printed value (a fireman by its value's button,
        a card whose value the question asked) rather than `pick`: as after `pick`, the
        place the camera could not read is filled, and the cards it read meanwhile follow
        (else the hint kept asking for the place and they never came)."""
        state = self.state
        if state.actions > before.actions and type(state.last_action) is Reveal and \
                self.ship is None and (self.gap is not None or self.waiting):
            self.gap = None
            self.next_waiting()
            self.ui.dirty = True

    def face(self, state: State, cid: str, asked: dict[str, list[str]]) -> str:
        """What the grid calls card `cid` now (`places`)."""
        card = state.catalogue[cid] if cid in state.catalogue.cards else None
        if card is None:
            return cid
        if card.kind in asked and cid in asked[card.kind]:
            return self.pick_label(card.kind)
        return names.card_in_season(card)

    @staticmethod
    def ship_row_label(good: str) -> str:
        """The ship row's button of a ship whose first cube is `good` (`ship_label`)."""
        return ship_label(good)

    @staticmethod
    def pick_label(kind: str) -> str:
        """The one button of the cards of `kind` whose printed value is not confirmed."""
        return names.asked(kind)

    def asked_kinds(self, state: State) -> dict[str, list[str]]:
        """Kinds whose revealed card is told by what it shows: the unseen cards of the top
        season of a kind with a printed value whose value is still a guess (their names
        would only show guesses), the last one of the season too: its question comes with
        its reveal, where the table looks at it, and not later in Purchase, whose few
        events it would double. Each with its unconfirmed unseen cards, which share one
        button. (A fire is one a season; firemen are told by their value's own button:
        `draw_value`.)"""
        season = state.top_season()
        unseen = state.unseen.get(season, ()) if season is not None else ()
        out: dict[str, list[str]] = {}
        for kind, field in PRINTED_FIELD.items():
            if kind in (Kind.FIRE, Kind.FIREMAN):
                continue
            of_kind = [cid for cid in state.catalogue.cards
                       if cid in unseen and state.catalogue[cid].kind == kind]
            guesses = [cid for cid in of_kind if field in state.catalogue[cid].unverified]
            if guesses:
                out[kind] = guesses
        return out

    def ask(self, kind: str) -> None:
        """What does the revealed card of `kind` show? (which card it is follows). A
        Supply asks about one contract: a second contract revealed in the same round is
        revealed as it is, and its goods are asked when it is bought (`asked_later`)."""
        state = self.state
        season = state.top_season()
        unseen = state.unseen.get(season, ()) if season is not None else ()
        candidates = [cid for cid in state.catalogue.cards
                      if cid in unseen and state.catalogue[cid].kind == kind]
        guesses = self.asked_kinds(state).get(kind, [])
        if guesses and asked_later(state, kind):
            self.pick(guesses[0])
            return
        if candidates:
            self.ui.open("confirm", card_id=candidates[0], field=PRINTED_FIELD[kind],
                         candidates=candidates, then=partial(self.revealed_since, state))

    def shown_in_grid(self, state: State) -> set[str]:
        """The cards revealed this round that the grid tells on their own place (a place
        whose cards are all revealed); the others (and the firemen told by their value)
        are listed above it."""
        unseen = state.unseen.get(state.top_season() or "", ())
        revealed = [slot.card for slot in state.slots]
        out: set[str] = set()
        for place in self.places(state):
            if place.value is None and place.good is None and \
                    not any(cid in unseen for cid in place.ids):
                first = next((cid for cid in place.ids if cid in revealed), None)
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
        # One row: which ship, its three goods so far, and the way back to the cards (a ship
        # tapped by mistake: on a touch-only table there is no Back button, and Undo would
        # take back the card before).
        plan = places.goods(c, rect, (_("Other card"), _("Clear goods")))
        # The ship's name (what to tap is said above: the hint).
        layout.draw_text(c, names.card_in_season(state.catalogue[self.ship]), plan.name, BODY,
                         TEXT, valign="center")  # its season is said above
        for i, box in enumerate(plan.slots):
            if i < len(self.goods):
                c.cube(self.goods[i], box, names.good_initial(self.goods[i]))
            else:
                c.rect(box, PANEL)
                c.text("?", box.center, BODY, MUTED, anchor="center")
        # With goods entered, the way back clears them first (its own button, never OK).
        if self.goods:
            c.button(plan.other, _("Clear goods"), self.clear, key="goods:clear")
        else:
            c.button(plan.other, _("Other card"), self.cancel_ship, key="ship:cancel")
        bag = dict(state.bag)
        for g in self.goods:
            bag[g] -= 1
        # Each good: its initials on the button, how many are left in the bag in its corner
        # (the number of cubes of that good still in the bag),
        # its name below (on two lines where it must: "Kaut-schuk").
        for good, box, under in zip(GOODS, plan.goods, plan.under, strict=True):
            ok = bag[good] > 0 and len(self.goods) < 3
            c.button(box, names.good_initial(good), partial(self.add_good, good) if ok
                     else None, key=f"good:{good}", colour=GOOD_COLOURS[good],
                     badge=str(bag[good]))
            if under.h:  # where the names have their place (`goods_row`)
                layout.draw_text(c, names.good(good), under, SMALL, TEXT, align="center")


@value
class Place:
    """A place of Supply's grid: the cards it holds (in the grid's order), the label it is
    laid out by (the longest name it can show this round), and for the firemen told by
    their value, the value it answers."""

    label: str
    ids: tuple[str, ...]
    value: int | None = None
    #: For the ship's row: the good of the first cube it answers.
    good: str | None = None


def gap_words(place: int) -> str:
    """The hint while the camera cannot read a card: short enough for the bar beside its
    buttons (the message says it whole, `gap_message`)."""
    return _("Camera: tap card {n}.").format(n=place)


def gap_message(place: int) -> str:
    """What the table does about a card the camera cannot read."""
    return _("The camera cannot read the card at place {n} of the row: tap it or scan "
             "it.").format(n=place)


def kind_word(kind: str) -> str:
    return _(names.KIND_NAMES[kind])


def value_label(shown: int) -> str:
    """A fireman's value button as the row reads it: the card ("Fireman 3")."""
    return f"{kind_word(Kind.FIREMAN)} {shown}"


def ship_label(good: str) -> str:
    """A button of the ship's row as it reads: the card and its first good ("Ship Co")."""
    return f"{kind_word(Kind.SHIP)} {names.good_initial(good)}"


def fireman_values() -> tuple[int, int]:
    printed = PRINTED[Kind.FIREMAN]
    return printed.low, printed.high


def place_label(state: State, label: str, ids: list[str]) -> str:
    """The name a place is laid out by: the longest of its label and its cards' names
    when the places were made (a name told since is fitted into the place as it is). The
    cards of a kind's question ("Contract ?") never show their guess on a button: only
    the name a card confirmed since can show (after an Undo), without the guess's "?"."""
    out = [label]
    for cid in ids:
        card = state.catalogue.cards.get(cid)
        if card is None:
            continue
        asked = card.kind in PRINTED_FIELD and label == names.asked(card.kind)
        out.append(names.card_in_season(card, marked=not asked))
    return max(out, key=len)


def asked_later(state: State, kind: str) -> bool:
    """Whether a card of `kind` revealed now is revealed without its question, which
    then comes when the card is bought (`companion.ui.game.unconfirmed`), if ever: a
    contract, when a contract was revealed already in this round's Supply. A Supply of
    two or three contracts (a season's first round) stopped the table for each of them;
    asked at reveal the first one is, and at Purchase the others, only if bought (the
    moment cards.md names), no phase of a round has more than one such question."""
    if kind != Kind.CONTRACT:
        return False
    return any(slot.card in state.catalogue.cards and
               state.catalogue[slot.card].kind == Kind.CONTRACT for slot in state.slots)


def fired_this_round(state: State) -> set[str]:
    """The fires revealed (and resolved) this round."""
    return {fire.card for fire in state.fires if fire.round == state.round}
