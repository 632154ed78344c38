"""The Supply screen's view model: what the round's Supply shows and which taps are legal.

Plain data from the state and `companion.engine.legal` (the cards Supply may reveal, the
goods the bag leaves a ship), worked out without pygame and without positions:
`companion.ui.layouts.supply` lays it out (`plan`) and `companion.ui.scenes.supply`
paints it. The grid's places are made here from the state, both ways (with the ship
row and without it); which of them the round keeps is the plan's choice, by the room.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.engine import GOODS, Card, Catalogue, RuleError, State
from companion.engine.legal import bag_left, reveal_refusal, ship_goods, supply_cards
from companion.engine.values import value
from companion.engine.words import PRINTED, PRINTED_FIELD, Kind
from companion.ui import buttons, i18n, names, words
from companion.ui.i18n import _, ngettext


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


@value
class Face:
    """What a card's button says now, its kind, and whether the button asks what the
    card shows (its kind's question, "Contract ?") rather than naming it."""

    label: str
    kind: str
    asks: bool


@value
class SupplyView:
    round: int
    season: str | None
    language: str
    players: int
    #: "Revealed 2 of 4 · Winter: 9 cards unseen".
    head: str
    #: Each card revealed this round, with its line above the grid ("1. Ship Co Te Ca").
    slots: tuple[tuple[str, str], ...]
    #: The top season's cards on the grid (`grid_cards`) and the unseen ones among them.
    grid: tuple[str, ...]
    unseen: frozenset[str]
    #: What each card of the grid says now; the cards (for the names a place is laid
    #: out by, `place_label`, when the round's places are made).
    faces: Mapping[str, Face]
    catalogue: Catalogue
    #: Whether the grid's firemen are told by their value (`told_by_value`).
    told: bool
    #: A card revealed this round on its place: its number and a ship's goods, with and
    #: without its name ("3. Ship Co Te Ca", "3. Co Te Ca").
    done: Mapping[str, tuple[str, str]]
    #: A fire revealed (and resolved) this round: its name, on its place as a space.
    fires: Mapping[str, str]
    #: The firemen's values some unseen fireman may show (the others' buttons are grey).
    values_open: frozenset[int]
    #: The next ship of the grid the ship row reveals, and the goods the bag holds.
    next_ship: str | None
    bag: Mapping[str, int]
    #: The ship whose goods are asked, its name, the goods so far, what the bag has left
    #: of each good after them and the goods its next cube may be (`engine.legal`).
    ship: str | None
    ship_name: str
    goods: tuple[str, ...]
    left: Mapping[str, int]
    goods_open: frozenset[str]
    #: The one card that can come next (offered as OK's "Revealed"), if any.
    only_next: str | None
    #: The page of the grid asked for.
    page: int


def view(state: State, ship: str | None = None, goods: Sequence[str] = (),
         page: int = 0, previous: SupplyView | None = None,
         retold: frozenset[str] = frozenset()) -> SupplyView:
    """The Supply of `state`: a ship's goods `goods` so far while `ship`'s are asked, the
    grid's page `page` asked for. What `previous` (the last frame's view) worked out and
    still holds is taken from it: the round's grid (the same cards while the round, its
    season and the cards' values stay) and each card's face (while it asks as it did).
    The cards of `retold` (a value confirmed by the tap that revealed them, a reveal
    since undone: `GameController.retold`) are asked as if their value were a guess, so
    the table can tell it anew."""
    season = state.top_season()
    unseen = supply_cards(state)
    language = i18n.language()
    same = previous is not None and previous.catalogue is state.catalogue and \
        previous.language == language and previous.round == state.round and \
        previous.season == season and previous.players == state.player_count
    grid = previous.grid if previous is not None and same else tuple(grid_cards(state))
    asked = asked_kinds(state, retold)
    head = _("Revealed {k} of {n}").format(k=len(state.slots), n=state.player_count + 1)
    if season is not None and not ship:
        count = len(state.unseen[season])
        head += "  \u00b7  " + ngettext("{season}: {n} card unseen",
                                         "{season}: {n} cards unseen", count).format(
            season=names.season(season), n=count)
    was = previous.faces if previous is not None and same else {}
    faces = {}
    for cid in grid:
        card = state.catalogue.cards.get(cid)
        if card is not None:
            face = was.get(cid)
            asks = cid in asked.get(card.kind, ())
            faces[cid] = face if face is not None and face.asks == asks else \
                _face(card, asks)
    revealed = {slot.card: i for i, slot in enumerate(state.slots)}
    done = {}
    for cid in grid:
        if cid in revealed and cid in faces:
            i = revealed[cid]
            cubes = " " + "\u00a0".join(names.good_initial(g) for g in state.slots[i].goods) \
                if state.slots[i].goods else ""
            done[cid] = (f"{i + 1}.\u00a0{faces[cid].label}{cubes}", f"{i + 1}.{cubes}")
    fired = fired_this_round(state)
    firemen = [cid for cid in unseen if cid in state.catalogue.cards
               and state.catalogue[cid].kind == Kind.FIREMAN]
    field = PRINTED_FIELD[Kind.FIREMAN]
    low, high = fireman_values()
    ships = [cid for cid in grid if cid in state.catalogue.cards
             and state.catalogue[cid].kind == Kind.SHIP]
    taken = tuple(goods)
    return SupplyView(
        round=state.round, season=season, language=language, players=state.player_count,
        head=head,
        slots=tuple((slot.card, f"{i + 1}.\u00a0{slot_label(state, i)}".replace(" ", "\u00a0"))
                    for i, slot in enumerate(state.slots)),
        grid=grid, unseen=unseen, faces=faces,
        catalogue=state.catalogue,
        told=told_by_value(state, grid, retold), done=done,
        fires={cid: names.card_in_season(state.catalogue[cid]) for cid in grid if cid in fired},
        values_open=frozenset(v for v in range(low, high + 1) if any(
            guessed(state, cid, field, retold) or state.catalogue[cid].value == v
            for cid in firemen)),
        next_ship=next((cid for cid in ships if cid in unseen), None),
        bag=dict(state.bag), ship=ship,
        ship_name=names.card_in_season(state.catalogue[ship]) if ship else "",
        goods=taken, left=bag_left(state, taken),
        goods_open=frozenset(ship_goods(state, taken)) if ship else frozenset(),
        only_next=only_next(state, retold), page=page)


def _face(card: Card, asks: bool) -> Face:
    """A card's face: its kind's question where it `asks`, else its name."""
    if asks:
        return Face(label=names.asked(card.kind), kind=card.kind, asks=True)
    return Face(label=names.card_in_season(card), kind=card.kind, asks=False)


def make_places(view: SupplyView, ship_row: bool) -> tuple[Place, ...]:
    """The grid's places: the faces its cards show in `view`, in the grid's order (the
    fire first, then the longest names, which share the tall rows). Firemen whose value
    is a guess are five places, one per value; with the ship row, the ships are five
    places, one per first good. (Made when a round's grid is first shown: the plan keeps
    them for the round.)"""
    groups: dict[str, list[str]] = {}
    of_kind: dict[str, list[str]] = {Kind.FIREMAN: [], Kind.SHIP: []}
    for cid in view.grid:
        face = view.faces.get(cid)
        if face is not None and face.kind in of_kind:
            of_kind[face.kind].append(cid)
            if (view.told and face.kind == Kind.FIREMAN) or (ship_row and face.kind == Kind.SHIP):
                continue  # told by their value's button, or by their first good
        groups.setdefault(face.label if face is not None else cid, []).append(cid)
    made = [Place(label=place_label(view, label, ids), ids=tuple(ids))
            for label, ids in groups.items()]
    if view.told:
        low, high = fireman_values()
        made += [Place(label=value_label(v), ids=tuple(of_kind[Kind.FIREMAN]), value=v)
                 for v in range(low, high + 1)]
    if of_kind[Kind.SHIP] and ship_row:
        made += [Place(label=ship_label(good), ids=tuple(of_kind[Kind.SHIP]), good=good)
                 for good in GOODS]
    made.sort(key=lambda p: (view.faces[p.ids[0]].kind != Kind.FIRE
                             if p.ids[0] in view.faces else True, -len(p.label)))
    return tuple(made)


def grid_cards(state: State) -> list[str]:
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


def guessed(state: State, cid: str, field: str, retold: frozenset[str] = frozenset()) -> bool:
    """Whether the table is asked `cid`'s printed `field`: its value is a guess, or one
    it may tell anew (`retold`)."""
    return field in state.catalogue[cid].unverified or cid in retold


def asked_kinds(state: State, retold: frozenset[str] = frozenset()) -> dict[str, list[str]]:
    """Kinds whose revealed card is told by what it shows: the unseen cards of the top
    season of a kind with a printed value whose value is still a guess (their names
    would only show guesses), the last one of the season too: its question comes with
    its reveal, where the table looks at it, and not later in Purchase, whose few
    events it would double. Each with its unconfirmed unseen cards, which share one
    button. (A fire is one a season; firemen are told by their value's own button.)"""
    unseen = supply_cards(state)
    out: dict[str, list[str]] = {}
    for kind, field in PRINTED_FIELD.items():
        if kind in (Kind.FIRE, Kind.FIREMAN):
            continue
        guesses = [cid for cid in state.catalogue.cards if cid in unseen and
                   state.catalogue[cid].kind == kind and guessed(state, cid, field, retold)]
        if guesses:
            out[kind] = guesses
    return out


def told_by_value(state: State, cards: Sequence[str],
                  retold: frozenset[str] = frozenset()) -> bool:
    """Whether the grid's firemen are told by their value (five buttons): some fireman
    among `cards` has a value the table has not confirmed in `state` (or may tell anew:
    `retold`)."""
    return any(cid in state.catalogue.cards and state.catalogue[cid].kind == Kind.FIREMAN
               and guessed(state, cid, PRINTED_FIELD[Kind.FIREMAN], retold)
               for cid in cards)


def only_next(state: State, retold: frozenset[str] = frozenset()) -> str | None:
    """The card that must come next when the top season has one unseen card left (not
    a fireman whose value is a guess: its value's button says both in one tap; nor a
    contract whose goods are asked as it is revealed: "Contract ?")."""
    unseen = supply_cards(state)
    if len(unseen) != 1:
        return None
    only = next(iter(unseen))
    card = state.catalogue.cards.get(only)
    if card is not None and card.kind in (Kind.FIREMAN, Kind.CONTRACT) and \
            guessed(state, only, PRINTED_FIELD[card.kind], retold) and \
            not asked_later(state, card.kind):
        return None  # told by its value's button, or asked what it shows
    return only


def unseen_cards(state: State, kind: str | None = None) -> list[str]:
    """The cards Supply may reveal now (of `kind`), in the catalogue's order (the cards
    the catalogue does not know last)."""
    unseen = supply_cards(state)
    known = [cid for cid, card in state.catalogue.cards.items()
             if cid in unseen and (kind is None or card.kind == kind)]
    return known if kind is not None else known + sorted(
        cid for cid in unseen if cid not in state.catalogue.cards)


def asked_reveal(state: State, kind: str,
                 retold: frozenset[str] = frozenset()) -> tuple[str | None, list[str]]:
    """A kind's question ("Contract ?") tapped: the card revealed at once, without its
    question (`asked_later`: a round's second contract, asked when bought), or None and
    the unseen cards of `kind` the question tells apart."""
    guesses = asked_kinds(state, retold).get(kind, [])
    if guesses and asked_later(state, kind):
        return guesses[0], []
    return None, unseen_cards(state, kind)


def scan_refusal(state: State, card_id: str) -> RuleError | None:
    """Why a scanned card is refused before anything is asked about it: a later season's
    card (`reveal_refusal`), or a ship already revealed (its label read again, in this
    round or a later one), whose goods would otherwise be asked, then refused."""
    card = state.catalogue.cards.get(card_id)
    if card is not None and card.kind == Kind.SHIP and \
            card_id not in state.unseen.get(card.season, ()):
        return RuleError("card_revealed", card=card_id)
    return reveal_refusal(state, card_id)


def reveal_hint(scans: bool) -> str:
    """What to do with a revealed card: scanning only named at a table that can scan."""
    return _("Tap the card just revealed, or scan it.") if scans else \
        _("Tap the card just revealed.")


def slot_label(state: State, index: int) -> str:
    return words.card(state, state.slots[index].card)  # a ship with its cubes


def gap_words(place: int) -> str:
    """The hint while the camera cannot read a card: short enough for the bar beside its
    buttons (the message says it whole, `gap_message`)."""
    return _("Camera: tap card {n}.").format(n=place)


def gap_message(place: int) -> str:
    """What the table does about a card the camera cannot read."""
    return _("The camera cannot read the card at place {n} of the row: tap it or scan "
             "it.").format(n=place)


def hint(ship: bool, gap: int | None, scans: bool) -> str:
    """Supply's hint: a ship's goods asked, else a place the camera could not read, else
    how the cards are told (`reveal_hint`)."""
    if ship:
        return _("Tap the 3 goods drawn from the bag for the ship, in any order.")
    return gap_words(gap) if gap is not None else reveal_hint(scans)


def goods_legend(state: State, goods: Sequence[str] | None) -> dict[str, str]:
    """The players' buttons while a ship's `goods` are asked (None: no ship): each the
    good it stands for, where the bag still holds it."""
    left = ship_goods(state, list(goods)) if goods is not None else ()
    return {colour: names.good_initial(good) for colour in buttons.order(state)
            if (good := buttons.good_of(state, colour)) is not None and good in left}


def goods_count(k: int) -> str:
    """OK's label while a ship's goods are pressed."""
    return _("{k} of 3 goods").format(k=k)


def goods_full() -> str:
    return _("The ship has its 3 goods: OK records them, Undo takes one back.")


def no_good_left(good: str) -> str:
    return _("No {good} is left in the bag.").format(good=names.good(good))


def forced_words(goods: Sequence[str]) -> str:
    """The goods recorded where the bag left no choice (`engine.legal.forced_goods`)."""
    return _("The bag left no choice: {goods}.").format(
        goods=", ".join(names.good(g) for g in goods))


def waits_for_place(state: State, card_id: str, place: int | None) -> str:
    """A card from the camera waits behind a place it could not read (`RowOrder.holds`)."""
    return _("{card} is next, once the card at place {n} is tapped.").format(
        card=names.card_name(state.catalogue[card_id]), n=place)


def waits_for_ship(state: State, card_id: str) -> str:
    """A card scanned while a ship's goods are asked waits for them."""
    return _("{card} is next, once the ship's goods are in.").format(
        card=names.card_name(state.catalogue[card_id]))


def not_entered(state: State, waited: Sequence[str | int]) -> str:
    """The cards (ids) and unread places (numbers) that waited and are entered no more
    (a question opened over Supply, or no more reveals): all of them named, in the
    row's order. Worded for any card and any count (no agreement with a card's name)."""
    said = [_("the card at place {n}").format(n=item) if isinstance(item, int)
            else names.card_name(state.catalogue[item]) for item in waited]
    return _("Not entered, as another entry was open: {cards}. Tap or scan each one that "
             "was revealed.").format(cards=", ".join(said))


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


def place_label(view: SupplyView, label: str, ids: list[str]) -> str:
    """The name a place is laid out by: the longest of its label and its cards' names
    when the places were made (a name told since is fitted into the place as it is). The
    cards of a kind's question ("Contract ?") never show their guess on a button: only
    the name a card confirmed since can show (after an Undo), without the guess's "?"."""
    out = [label]
    for cid in ids:
        card = view.catalogue.cards.get(cid)
        if card is not None:
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
