"""The Loading screen's view model: one player's choices, each made by one tap, in places
that stay put.

Plain data worked out from the state (the engine's legal moves, `engine/legal.py`),
without pygame: `view(state, pick, finished, end_all)` is what a Loading frame shows (the
player shown, their cubes and choices, who said done, the buttons' steps, the stock's
words for the end for everyone); `companion.ui.layouts.loading.plan` places it and
`companion.ui.scenes.loading` paints the plan.

- `choices(state, pid)`: every choice a tap makes, in the order a player most likely
  wants them: the moves that score (to a contract or a merchant; cube by cube, the
  market hall's kept cube first, the ships' in the dock's order, then the warehouse's), each
  distinct set of three cubes a conversion may take (a row of its own: the set, then the
  five goods, a tap on one converts the set into it; more sets than the screen has rows
  for are one choice that shows them), every
  market-hall sale of two goods held, the moves that keep a cube (to the warehouse or
  the market hall), then the shortcuts that make several moves in one tap. (The order
  the benchmark's tables need fewest page turns with, too.)
- `placed(keys, before)`: the choices in their places: a choice keeps the place it had
  (`before`); a choice gone leaves its place empty (None) and a new one takes the first
  empty place, else goes after the others. So nothing slides under the finger.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Any

from companion.engine import Action, Convert, MarketSell, Move, State
from companion.engine.legal import conversions, loading_actions, market_sale, refusal
from companion.engine.rules import WAREHOUSE_CARD
from companion.engine.values import replace, value
from companion.engine.words import GOODS, MERCHANT_DESTINATION, Kind, Store
from companion.ui import names, words
from companion.ui.i18n import _, language
from companion.ui.memo import Memo

Cube = tuple[str, str]

#: At most this many conversions' sets of three cubes are rows of their own (a tap on a
#: good converts the set into it); more are one choice that shows them (a tap more).
MOST_SET_ROWS = 2
#: Where a cube may go, in the order a cube's choices are shown (contracts come first).
_DESTINATIONS = (MERCHANT_DESTINATION, Store.WAREHOUSE, Store.MARKET)


@value
class Choice:
    """One tap's choice."""

    #: Names the choice while it stays the same choice (its place is kept by it).
    key: str
    label: str
    #: What the tap records: one action, or several (a shortcut; one Undo takes them back).
    actions: tuple[Action, ...]
    #: A conversion's three cubes: a row of the goods it may take (`conversion_target`).
    give: tuple[Cube, ...] = ()
    #: The conversions' sets of three cubes, where there are more than `MOST_SET_ROWS`: the
    #: tap shows them (each then as `give`), so they do not crowd out the other choices.
    sets: tuple[tuple[Cube, ...], ...] = ()


@value
class LoadingBoard:
    """One player's choices in their places (None: a place whose choice has gone)."""

    pid: str
    slots: tuple[Choice | None, ...]
    #: The conversions' rows (their sets in their places, as `slots`).
    sets: tuple[Choice | None, ...] = ()

    @property
    def keys(self) -> tuple[str | None, ...]:
        return tuple(None if c is None else c.key for c in self.slots)


def move_label(state: State, move: Move) -> str:
    """A one-tap move's button: the cube's good, where it is (if not on a ship), where it
    goes ("Te → Co·Te": a contract is named by its goods, as its card shows them). A cube
    of the warehouse or the market hall names its store first ("Market hall: Te →
    Co·Te"), and the merchant without the coin (the ships' cubes say it): so a label never
    needs more than the places' two lines (German, portrait)."""
    good = names.good_initial(move.good)
    if move.to in state.catalogue.cards:
        place = names.face(state.catalogue[move.to])
    elif move.to == MERCHANT_DESTINATION and move.source == Store.DOCK:
        place = _("merchant +1¢")
    else:
        place = words.place(state, move.to)
    if move.source == Store.DOCK:
        return _("{good} → {place}").format(good=good, place=place)
    store = names.store(move.source)
    return _("{store}: {good} → {place}").format(
        store=store[:1].upper() + store[1:], good=good, place=place)


def sale_label(sale: MarketSell) -> str:
    """A one-tap market-hall sale's button: its two cubes and the coin it brings ("Sell Ru
    + Ca +1¢", the coin as the panels write coins: short enough for two lines in German
    portrait)."""
    return _("Sell {cubes} +1¢").format(
        cubes=" + ".join(names.good_initial(good) for good, _store in sale.give))


def conversion_label(give: Sequence[Cube]) -> str:
    """A conversion's first tap: its three cubes ("Convert Te + Te + Sa")."""
    return _("Convert {cubes}").format(
        cubes=" + ".join(names.good_initial(good) for good, _store in give))


def set_heading(give: Sequence[Cube]) -> str:
    """A conversion's row, before the goods it may take: its three cubes ("Te + Te + Sa
    →"; the arrow says the conversion in every language, as the moves' does)."""
    # (The arrow keeps to the last good where the words break: portrait.)
    return " + ".join(names.good_initial(good) for good, _store in give) + "\u00a0\u2192"


def conversion_target(give: Sequence[Cube], take: str) -> str:
    """A good's button in a conversion's row, named as the row shows it: the set, then the
    good's initial on the button ("Te + Te + Sa → Ru")."""
    return f"{set_heading(give)} {names.good_initial(take)}"


def shortcuts(state: State, pid: str) -> list[tuple[str, list[Move]]]:
    """Common whole-dock moves: fill contracts, sell to merchants."""
    moves = [a for a in loading_actions(state, pid) if isinstance(a, Move)
             and a.source == Store.DOCK]
    ps = state.player(pid)
    dock = Counter(ps.dock)
    out: list[tuple[str, list[Move]]] = []
    to_contract: list[Move] = []
    # A contract takes cubes from a ship, the warehouse or the market hall (the
    # rulebooks' Loading): the ships' first (they are lost at the end of Loading),
    # then the market hall's, then the warehouse's (which score where they are).
    stores = [(Store.DOCK, Counter(dock)),
              (Store.MARKET, Counter([ps.market] if ps.market else [])),
              (Store.WAREHOUSE, Counter(ps.warehouse))]
    for contract, filled in (ps.contracts or {}).items():
        wanted = Counter(state.catalogue[contract].goods) - Counter(filled)
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
        sells = [Move(pid, g, Store.DOCK, MERCHANT_DESTINATION) for g in dock.elements()
                 if g in goods]
        out.append((_("Sell to merchants +{n}¢").format(n=len(sells)), sells))
    return out


def _move_order(state: State, pid: str, move: Move) -> tuple[int, int, int]:
    """Where a move comes: the market hall's cube first where it scores (it was kept for a
    later round: for a contract, most likely), then the ships' cubes, in the dock's order,
    then the market hall's, then the warehouse's; for a cube, its contracts first, then
    the merchant, the warehouse and the market hall."""
    ps = state.player(pid)
    if move.source == Store.MARKET and move.to not in (Store.WAREHOUSE, Store.MARKET):
        cube = -1  # the cube kept for a later round: kept for this contract, likely
    elif move.source == Store.DOCK:
        cube = ps.dock.index(move.good)
    elif move.source == Store.MARKET:
        cube = 100
    else:
        cube = 200 + ps.warehouse.index(move.good)
    contracts = list(ps.contracts or {})
    where = contracts.index(move.to) if move.to in contracts else \
        len(contracts) + _DESTINATIONS.index(move.to)
    return (cube, where, 0)


#: The choice that asks whether Loading ends for everyone (`choices`' `end_all`).
END_ALL = "end:all"


@value
class EndForAll:
    """The step of a player's button (after their "done") that ends Loading for everyone
    (issue 31): shown large with what goes to the stock, OK ends it."""


#: The one `EndForAll` step.
END_FOR_ALL = EndForAll()
#: What a player's button steps through on Loading: a move, their "done" (None), the end
#: for everyone.
Step = Action | None | EndForAll


def end_all_label() -> str:
    """The choice that ends Loading for everyone (it asks first, naming the cubes)."""
    return _("End for all")


def choices(state: State, pid: str, shown: Sequence[str | None] = (),
            apart: int = MOST_SET_ROWS, end_all: bool = False) -> list[Choice]:
    """Every choice one tap makes for `pid`, in the order they are first placed (see the
    module). A shortcut is offered for two moves or more (one move is that move's own
    button beside it). `apart`: the conversions' rows; more sets than that are one choice
    that shows them. `end_all`: others still hold ship cubes, so the last choice is the
    explicit end of Loading for everyone (a tap asks first; no action of its own)."""
    legal = loading_actions(state, pid)
    moves = sorted((a for a in legal if isinstance(a, Move)),
                   key=lambda m: _move_order(state, pid, m))
    out: list[Choice] = []

    def add_move(move: Move) -> None:
        out.append(Choice(key=f"move:{move.good}:{move.source}:{move.to}",
                          label=move_label(state, move), actions=(move,)))

    stay = (Store.WAREHOUSE, Store.MARKET)
    for move in moves:
        if move.to not in stay:
            add_move(move)
    sets: dict[tuple[Cube, ...], list[Convert]] = {}
    for action in legal:
        if isinstance(action, Convert):
            sets.setdefault(action.give, []).append(action)
    if len(sets) > apart:
        out.append(gathering(sets))
    else:
        for give, takes in sets.items():
            goods = "+".join(good for good, _store in give)  # as its label says them
            out.append(Choice(key=f"convert:{goods}", label=set_heading(give),
                              actions=tuple(takes), give=give))
    for action in legal:
        if isinstance(action, MarketSell):
            goods = "+".join(good for good, _store in action.give)  # as its label says them
            out.append(Choice(key=f"sell:{goods}", label=sale_label(action),
                              actions=(action,)))
    for move in moves:
        if move.to in stay:
            add_move(move)
    for label, group in shortcuts(state, pid):
        kind = "sell" if group[0].to == MERCHANT_DESTINATION else "fill"
        if len(group) > 1:
            out.append(Choice(key=f"shortcut:{kind}", label=label, actions=tuple(group)))
    if end_all:
        out.append(Choice(key=END_ALL, label=end_all_label(), actions=()))
    return out


def gathering(sets: dict[tuple[Cube, ...], list[Convert]]) -> Choice:
    """The one choice that shows the conversions' sets (their actions, set by set)."""
    return Choice(key="convert:*", label=_("Convert 3 cubes\u2026"),
                  actions=tuple(a for takes in sets.values() for a in takes),
                  sets=tuple(sets))


def gathered(apart: Sequence[Choice]) -> tuple[Choice, ...]:
    """`apart`'s choices (each set of three cubes a choice of its own) with the sets
    gathered into one choice in their place: `choices(..., apart=0)`, without working the
    moves out again."""
    sets = {c.give: [a for a in c.actions if isinstance(a, Convert)] for c in apart if c.give}
    if not sets:
        return tuple(apart)
    first = next(k for k, c in enumerate(apart) if c.give)
    rest = [c for c in apart[first:] if not c.give]
    return (*apart[:first], gathering(sets), *rest)


def possible_labels(state: State, pid: str) -> list[str]:
    """Every label a move of `pid`'s may have this Loading, whatever cube comes where (a
    conversion's good on a ship, a cube put in the market hall or the warehouse): the
    places are made as tall as the longest needs from the start, and never grow under
    the finger."""
    ps = state.player(pid)
    cards = state.catalogue
    held = {*ps.dock, *ps.warehouse, *([ps.market] if ps.market else [])}
    merchants = {cards[c].good for c in ps.cards if cards[c].kind == Kind.MERCHANT}
    stores = [Store.DOCK, Store.MARKET]
    if WAREHOUSE_CARD in ps.cards:
        stores.append(Store.WAREHOUSE)

    # What each contract still takes (counted once, not once per good and store).
    wanting = [(contract, Counter(cards[contract].goods) - Counter(filled))
               for contract, filled in (ps.contracts or {}).items()]

    def places(good: str, source: str) -> list[str]:
        out = [contract for contract, wanted in wanting if wanted[good]]
        if good in merchants:
            out.append(MERCHANT_DESTINATION)
        return out + [store for store in stores[1:] if store != source]

    # A ship's cube may be any good (a conversion's); the warehouse's and the market
    # hall's are of the goods the player holds.
    out = [move_label(state, Move(pid, good, source, to)) for source in stores
           for good in (GOODS if source == Store.DOCK else sorted(held))
           for to in places(good, source)]
    out += [label for label, _moves in shortcuts(state, pid)]
    out.append(end_all_label())
    # A sale of two cubes held (a conversion's good may make a new pair).
    pairs = sorted(held)
    out += [sale_label(MarketSell(pid, ((a, Store.DOCK), (b, Store.DOCK))))
            for k, a in enumerate(pairs) for b in pairs[k:]]
    return out


def possible_key(state: State, pid: str) -> tuple[object, ...]:
    """All that `possible_labels(state, pid)` depends on: the player's cubes, cards and
    contracts, the cards (the catalogue: its id, kept alive with the labels remembered
    under it) and the language; equal for the states an Undo and a Redo go between."""
    ps = state.player(pid)
    return ("possible", id(state.catalogue), language(), pid, ps.dock, ps.warehouse,
            ps.market, ps.cards, tuple((ps.contracts or {}).items()))


def placed(keys: Sequence[str], before: Sequence[str | None] | None,
           shown: range | None = None, tapped: int | None = None) -> tuple[str | None, ...]:
    """The keys in their places: each of `before`'s that is still there keeps its place,
    a place whose key has gone stays empty (None) until a new key takes it (the first
    empty place, else after the others); empty places at the end are dropped.

    `shown`: the places the screen showed (a page of them). Only those are under the
    finger: a key kept on another page may move, and it moves into the shown page's empty
    places first (the earliest such key first), so a move that emptied a place on the page
    brings the next choice onto it rather than leaving it to a turn of the page. A new key
    too takes an empty place on the shown page first.

    `tapped`: the place just tapped. No other choice comes onto it (a hurried second tap
    there finds it empty, never another move); a choice still there keeps it."""
    if before is None:
        return tuple(keys)
    wanted = set(keys)
    slots: list[str | None] = [k if k in wanted else None for k in before]
    on_page = {i for i in (shown or ()) if i < len(slots)}
    hidden = [i for i, k in enumerate(slots) if k is not None and i not in on_page]
    page = [i for i in sorted(on_page) if i != tapped]  # the places another may take
    for i in page:
        if slots[i] is None and hidden:
            j = hidden.pop(0)
            slots[i], slots[j] = slots[j], None
    there = set(slots)
    for key in keys:
        if key in there:
            continue
        free = [i for i in page if slots[i] is None] or \
            [i for i, k in enumerate(slots) if k is None and i != tapped]
        if free:
            slots[free[0]] = key
        else:
            slots.append(key)
    while slots and slots[-1] is None:
        slots.pop()
    return tuple(slots)


def loading_board(state: State, pid: str, before: Sequence[str | None] | None = None,
                  shown: range | None = None, rows: int = MOST_SET_ROWS,
                  sets_before: Sequence[str | None] | None = None,
                  tapped: int | None = None, end_all: bool = False) -> LoadingBoard:
    """`pid`'s choices, each in the place it had in `before` (the keys last shown; `shown`:
    the places of `before` the screen showed, `placed`; `tapped`: the place just tapped,
    which no other choice takes); the conversions in `rows` rows of their own, each in the
    row it had in `sets_before`; `end_all`: the end for everyone last (`choices`)."""
    offered = {c.key: c for c in choices(state, pid, before or (), apart=rows,
                                         end_all=end_all)}
    slots = placed([k for k, c in offered.items() if not c.give], before, shown, tapped)
    sets = placed([k for k, c in offered.items() if c.give], sets_before)
    return LoadingBoard(pid=pid, slots=tuple(None if k is None else offered[k]
                                             for k in slots),
                        sets=tuple(None if k is None else offered[k] for k in sets))


# --- the screen's view: what Loading shows now and which moves are legal ----------------

@value
class Pick:
    """What the table has chosen on the screen (the scene's entry, not the game's): the
    player shown, their chosen cubes (indices into `cubes_of`), the conversions' sets
    shown for a choice, whether the end for everyone is asked, the step chosen on the
    buttons (an index into `steps`), the page asked for, the place last tapped, and how
    often the page was turned and a player shown anew (each makes the places shown so far
    no longer under the finger: `layouts.loading.plan`)."""

    pid: str
    selected: tuple[int, ...] = ()
    sets: tuple[tuple[Cube, ...], ...] = ()
    asking_end: bool = False
    pressed: int | None = None
    page: int = 0
    tapped: int | None = None
    turns: int = 0
    anew: int = 0


@value
class Offer:
    """A choice for the chosen cubes: its words, what it records, its key."""

    label: str
    action: Action
    key: str


@value
class SetTakes:
    """A conversion's set of three cubes and the conversions it may make (by good)."""

    give: tuple[Cube, ...]
    takes: tuple[Convert, ...]


@value
class LoadingView:
    """What Loading shows for the player shown, from the state and the engine's legal
    moves (`engine/legal.py`), with no positions: `layouts.loading.plan` places it."""

    pick: Pick
    round: int
    name: str
    letter: str
    #: The player's cubes (`cubes_of`), their dock now, whether they own the warehouse.
    cubes: tuple[Cube, ...]
    dock: tuple[str, ...]
    warehouse: bool
    #: Who said their Loading is done; whether others still hold ship cubes (so the last
    #: choice and the buttons' last step are the end for everyone).
    finished: frozenset[str]
    end_all: bool
    #: What a player's button steps through (`steps`).
    steps: tuple[Step, ...]
    #: The one-tap choices: with every conversion's set in a row of its own (`apart`),
    #: and with them gathered in one choice (`gathered`); how many sets there are.
    apart: tuple[Choice, ...] = ()
    gathered: tuple[Choice, ...] = ()
    set_count: int = 0
    #: Every label a move may have this Loading (`possible_labels`), asked only where the
    #: layout has not measured them yet (a measured frame cost: never every frame), and
    #: worked out once per view (a new player's first frame asks twice).
    possible: Callable[[], Sequence[str]] = tuple
    #: The step chosen on the buttons: its words, large, and what OK and the button do.
    chosen: str = ""
    chosen_said: str = ""
    #: The end for everyone (asked, or the chosen step): its stock's words, by goods and
    #: by count (the layout takes the first that fits).
    stock: tuple[str, str] = ("", "")
    #: The chosen cubes' choices, and the words beside them (the question and why the
    #: usual places are not offered); where nothing takes them, where they stay and why.
    offers: tuple[Offer, ...] = ()
    said: str = ""
    stays: str = ""
    why: str = ""
    #: The conversions' sets shown for a choice.
    set_takes: tuple[SetTakes, ...] = ()

    @property
    def pid(self) -> str:
        return self.pick.pid

    @property
    def mode(self) -> str:
        """What takes the choices' place: "end" (the end for everyone asked), "chosen" (a
        step chosen on the buttons), "offers" (cubes chosen), "sets" or "moves"."""
        pick = self.pick
        if pick.asking_end:
            return "end"
        if pick.pressed is not None and pick.pressed < len(self.steps):
            return "chosen"
        if pick.selected:
            return "offers"
        if pick.sets:
            return "sets"
        return "moves"


def cubes_of(state: State, pid: str) -> list[Cube]:
    """The player's cubes: the ships' (the dock's), the warehouse's, the market hall's."""
    ps = state.player(pid)
    out = [(g, "dock") for g in ps.dock] + [(g, "warehouse") for g in ps.warehouse]
    if ps.market:
        out.append((ps.market, "market"))
    return out


def steps(state: State, pid: str, end_all: bool) -> tuple[Step, ...]:
    """What a player's button steps through (issue 31): their legal moves, sales and
    conversions (`engine.legal.loading_actions`, in its order), their "done" (None), then,
    where others still hold ship cubes, the end for everyone."""
    out: list[Step] = [*loading_actions(state, pid), None]
    if end_all:
        out.append(END_FOR_ALL)
    return tuple(out)


def step_words(state: State, pid: str, step: Step) -> str:
    """A step as the chosen one reads (the one-tap choices' words)."""
    if step is END_FOR_ALL:
        return end_all_label()
    if step is None:
        return _("{name}: done").format(name=words.player_name(state, pid))
    if isinstance(step, Move):
        return move_label(state, step)
    if isinstance(step, MarketSell):
        return sale_label(step)
    if isinstance(step, Convert):
        return conversion_target(step.give, step.take)
    return str(step)


def stock_words(state: State) -> tuple[str, str]:
    """What ending Loading now sends to the stock, by goods and by count."""
    out = []
    for counted in (False, True):
        holders = words.cubes_to_stock(state, counted)
        out.append(_("Still on the ships, to the stock if Loading ends now: {cubes}.")
                   .format(cubes=holders) if holders else _("No cube is left on a ship."))
    return out[0], out[1]


def offers(state: State, pid: str, chosen: Sequence[Cube]) -> tuple[Offer, ...]:
    """The legal choices for the chosen cubes."""
    items: list[Offer] = []
    if len(chosen) == 1:
        good, store = chosen[0]
        for a in loading_actions(state, pid):
            if isinstance(a, Move) and a.good == good and a.source == store:
                label = _("merchant +1¢") if a.to == MERCHANT_DESTINATION else \
                    words.place(state, a.to)
                items.append(Offer(label, a, f"to:{a.to}"))
    elif len(chosen) == 2:
        sale = market_sale(state, pid, tuple(chosen))
        if sale is not None:
            items.append(Offer(_("Sell both in the market hall +1¢"), sale, "market_sell"))
    else:
        for conv in conversions(state, pid, tuple(chosen)):
            items.append(Offer(_("\u2192 {good}").format(good=names.good(conv.take)), conv,
                               f"convert:{conv.take}"))
    return tuple(items)


def reasons(state: State, pid: str, chosen: Sequence[Cube], offered: bool) -> list[str]:
    """Why the usual places are not offered for the chosen cubes: the market hall and
    the warehouse for one cube; the sale or conversion itself for two or three."""
    tries: list[Action] = []
    if len(chosen) == 1:
        good, store = chosen[0]
        stores = [Store.MARKET]
        if any(state.catalogue[c].kind == Kind.WAREHOUSE for c in state.player(pid).cards):
            stores.append(Store.WAREHOUSE)
        tries.extend(Move(pid, good, store, to) for to in stores if to != store)
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


def choices_key(state: State, pid: str, apart: int, end_all: bool) -> tuple[object, ...]:
    """All that `choices(state, pid, apart=apart, end_all=end_all)` depends on: the
    player's cubes, cards and contracts, the cards and the language (`possible_key`), which
    goods the stock still has (the conversions); equal for the states an Undo and a Redo
    go between, and for a player shown again after another player's move."""
    stock = state.stock
    return ("choices", *possible_key(state, pid), tuple(g for g in GOODS if stock[g] > 0),
            apart, end_all)


def view(state: State, pick: Pick, finished: frozenset[str], end_all: bool,
         memo: Memo[Any] | None = None) -> LoadingView:
    """What Loading shows for `pick.pid` now: only what its mode (`LoadingView.mode`)
    needs is worked out. `memo`: where the one-tap choices are remembered by what they
    depend on (`choices_key`), across states."""
    pid = pick.pid
    ps = state.player(pid)
    cubes = tuple(cubes_of(state, pid))
    base = LoadingView(
        pick=pick, round=state.round, name=words.player_name(state, pid),
        letter=words.letter(state, pid), cubes=cubes, dock=tuple(ps.dock),
        warehouse=WAREHOUSE_CARD in ps.cards, finished=finished, end_all=end_all,
        steps=steps(state, pid, end_all))
    mode = base.mode
    if mode == "end":
        return replace(base, stock=stock_words(state))
    if mode == "chosen":
        assert pick.pressed is not None
        step = base.steps[pick.pressed]
        said = _("OK records it. {name}'s button again: the next one ({k} of {n}).").format(
            name=base.name, k=pick.pressed + 1, n=len(base.steps))
        return replace(base, chosen=step_words(state, pid, step), chosen_said=said,
                       stock=stock_words(state) if step is END_FOR_ALL else ("", ""))
    if mode == "offers":
        chosen = [cubes[i] for i in pick.selected if i < len(cubes)]
        items = offers(state, pid, chosen)
        why = reasons(state, pid, chosen, bool(items))
        if len(chosen) == 1:
            title = _("Where does the {good} go?").format(good=names.good(chosen[0][0]))
        elif len(chosen) == 2:
            title = _("2 cubes: sell them in the market hall?")
        else:
            title = _("3 cubes: convert into 1 cube from the stock")
        return replace(base, offers=items, said=" ".join([title, *why]),
                       stays=why[0] if why else title, why=" ".join(why[1:]))
    legal = loading_actions(state, pid)
    if mode == "sets":
        offered = [a for a in legal if isinstance(a, Convert)]
        return replace(base, set_takes=tuple(
            SetTakes(give, tuple(a for a in offered if a.give == give)) for give in pick.sets))
    sets = {a.give for a in legal if isinstance(a, Convert)}

    def work_out() -> tuple[object, tuple[Choice, ...], tuple[Choice, ...]]:
        # (The catalogue kept alive with them: its id is in the key.)
        apart = tuple(choices(state, pid, apart=len(sets), end_all=end_all))
        return state.catalogue, apart, gathered(apart)

    _cards, apart, together = work_out() if memo is None else \
        memo.get(choices_key(state, pid, len(sets), end_all), work_out)
    return replace(base, apart=apart, gathered=together, set_count=len(sets),
                   possible=cache(partial(possible_labels, state, pid)))
