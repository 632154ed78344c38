"""Drive the UI like a table would: one tap (or button) per action of a record."""

from __future__ import annotations

from companion.engine import (
    Action,
    Buy,
    Convert,
    Discard,
    Done,
    MarketSell,
    Move,
    Pass,
    Place,
    Redo,
    Reveal,
    Setup,
    Undo,
)
from companion.inputs import intents as it
from companion.ui.core import UI
from companion.ui.scenes.loading import cubes_of
from companion.ui.views.confirm import answer_for

#: Screens that sit on top of the phase screen until OK.
OVERLAYS = ("fire", "income", "confirm")


def dismiss(ui: UI, seen: list[str] | None = None) -> None:
    """Press OK on every fire and income screen on top; answer a confirmation with what
    the card shows (its value as the game holds it)."""
    while ui.top.name in OVERLAYS:
        if seen is not None:
            seen.append(ui.top.name)
        if ui.top.name == "confirm":
            answer(ui)
        else:
            ui.press("ok")


def start_game(ui: UI, setup: Setup) -> None:
    """From Home: New game, seats as in `setup`, first player, setup guide, start."""
    ui.press("new")
    scene = ui.top
    assert scene.name == "newgame"
    ui.press(f"count:{len(setup.players)}")
    scene.colours = list(setup.players)  # type: ignore[attr-defined]
    scene.names = dict(setup.names or {})  # type: ignore[attr-defined]
    ui.dirty = True
    ui.press(f"first:{setup.first}")
    ui.press("ok")
    assert ui.top.name == "setup"
    ui.press("ok")


def press_paged(ui: UI, key: str) -> None:
    """Press `key`, turning the pages of choices ("‹ ›") to it where they do not
    all fit at once."""
    for turn in ("page:next", "page:prev"):
        while key not in ui.keys() and turn in ui.keys():
            ui.press(turn)
    ui.press(key)


def show_player(ui: UI, player: str) -> None:
    """Loading: that player's cubes and choices, by their button where another player is
    shown (pressed again, a player's button steps through their moves: issue 31)."""
    if getattr(ui.top, "player", None) != player:
        ui.intent(it.PlayerButton(player))


def select_cubes(ui: UI, player: str, pairs: tuple[tuple[str, str], ...]) -> None:
    show_player(ui, player)
    cubes = cubes_of(ui.game.state, player)
    used: set[int] = set()
    for pair in pairs:
        index = next(i for i, cube in enumerate(cubes) if cube == pair and i not in used)
        used.add(index)
        ui.press(f"cube:{index}")


def face_key(ui: UI, card_id: str) -> str | None:
    """The Supply button for `card_id`: its own, or the one of a card that reads alike."""
    from companion.ui import names

    keys = ui.keys()
    if f"card:{card_id}" in keys:
        return f"card:{card_id}"
    catalogue = ui.game.state.catalogue
    card = catalogue[card_id]
    if card.kind == "fireman" and f"fireman:{card.value}" in keys:
        return f"fireman:{card.value}"  # told by its value (the game's stands for it)
    wanted = names.card_in_season(catalogue[card_id])
    return next((k for k in keys if k.startswith("card:") and k[5:] in catalogue.cards
                 and names.card_in_season(catalogue[k[5:]]) == wanted), None)


def ask_card(ui: UI, card_id: str) -> bool:
    """Supply asks what a card of unconfirmed value shows: tap its kind's button, then
    what the card shows (its value as the game holds it: the "real" one of the test)."""
    from companion import labelcodes
    from companion.ui.views.supply import asked_later

    catalogue = ui.game.state.catalogue
    card = catalogue[card_id]
    if f"ask:{card.kind}" not in ui.keys():
        return False
    if asked_later(ui.game.state, card.kind):
        # Revealed as it is, asked when bought: the button reveals a card of the kind
        # whose value is a guess, any of them; the record's own comes by its label scan.
        ui.intent(it.CardScanned(labelcodes.barcode(card_id), card_id))
        return True
    ui.press(f"ask:{card.kind}")
    answer(ui, card_id)
    return True


def answer(ui: UI, card_id: str | None = None) -> None:
    """The printed-value question on top: what card `card_id` (by default the card asked
    about) shows, its value as the game holds it, in one tap where the screen has a button
    for it, else the longer way (goods one by one, steps to a number), then OK."""
    scene = ui.top
    card = ui.game.state.catalogue[card_id or scene.card_id]  # type: ignore[attr-defined]
    field = scene.field  # type: ignore[attr-defined]
    shown = getattr(card, field)
    one = answer_for(field, shown)
    if one is not None and one.key in ui.keys():
        ui.press(one.key)
        return
    if field == "goods":
        ui.press("secondary")  # Other goods
        for good in shown:
            ui.press(f"good:{good}")
    else:
        while scene.value != shown:  # type: ignore[attr-defined]
            # (No answer yet: "+" to the first number beyond the buttons, "−" to the lowest.)
            now = scene.value  # type: ignore[attr-defined]
            ui.press("value:+" if now is None and shown > 0 or now is not None and now < shown
                     else "value:-")
    ui.press("ok")


def confirmed_lines(before: object, after: object) -> int:
    """How many printed values the table confirmed between two states (each is a
    confirm_value line of the record: a line, not a move)."""
    old, new = before.catalogue, after.catalogue  # type: ignore[attr-defined]
    return sum(1 for card in new if card.unverified < old[card.id].unverified)


#: The UIs (by id) where Loading done was recorded by itself after the last action
#: (nothing to load): the record's Done is in already, and its Undo takes two.
AUTO_DONE: set[int] = set()


def end_loading(ui: UI) -> None:
    """The record's Loading done: the player shown says so (OK); where others still hold
    ship cubes that only hands over, so the table ends Loading for everyone (the last
    choice, then the question's answer)."""
    game = ui.game
    if game.loading_holders(game.state, but=getattr(ui.top, "player", None)):
        press_paged(ui, "end:all")
        ui.press("loading:end-all")
    else:
        ui.press("ok")


def play(ui: UI, action: Action, seen: list[str] | None = None) -> None:
    """Enter one action of a record through the screens."""
    dismiss(ui, seen)
    state = ui.game.state
    if isinstance(action, Done) and (id(ui) in AUTO_DONE or state.phase != "loading"):
        # Nothing could be loaded: Loading done was recorded by itself, with no input.
        AUTO_DONE.discard(id(ui))
        assert type(state.last_action) is Done or state.phase == "over"
        return
    if isinstance(action, Undo) and id(ui) in AUTO_DONE:
        ui.press("undo")  # the record takes back the purchase: first the Done by itself
        state = ui.game.state
    AUTO_DONE.discard(id(ui))
    tracked = ui.top.name == "purchase-tracked"
    if state.phase == "demand" and state.form is None and (
            isinstance(action, Place) != tracked) and isinstance(action, Place | Buy | Discard):
        ui.press("form:other")
    if isinstance(action, Reveal):
        # Where a season's cards are on pages, turn to the card's page first. Cards that
        # read alike (the ships) share one button: any card with the same face.
        key = face_key(ui, action.card)
        asked = f"ask:{ui.game.state.catalogue[action.card].kind}"
        for turn in ("page:next", "page:prev"):
            while key is None and asked not in ui.keys() and turn in ui.keys():
                ui.press(turn)
                key = face_key(ui, action.card)
        goods = list(action.goods or ())
        if goods and f"ship:{goods[0]}" in ui.keys():
            # A ship: the ship row's button of its first cube says both (any ship of the
            # season: they read alike).
            ui.press(f"ship:{goods.pop(0)}")
        elif key is None and ask_card(ui, action.card):
            key = "asked"  # told by what the card shows
        else:
            ui.press(key or f"card:{action.card}")
        for good in goods:
            if ui.game.state.actions > state.actions:
                break  # the bag left no choice: the rest was filled in
            ui.press(f"good:{good}")
    elif isinstance(action, Buy) and action.price is not None:
        # One tap on the price in the buyer's row (turning the grid's columns to the
        # higher prices first where it does not show it).
        key = f"price:{action.player}:{action.price}"
        for _turn in range(8):
            if key in ui.keys() or "price:page" not in ui.keys():
                break
            ui.press("price:page")
        ui.press(key)
    elif isinstance(action, Done):
        end_loading(ui)
    elif isinstance(action, Buy):
        ui.press("ok")
    elif isinstance(action, Discard):
        ui.press("ok")
    elif isinstance(action, Place):
        ui.press(f"slot:{action.slot}")
    elif isinstance(action, Pass):
        ui.press("pass")
    elif isinstance(action, Move) and action.source == "warehouse":
        # The warehouse's cubes are named in a line, not buttons: their one-tap choices.
        show_player(ui, action.player)
        press_paged(ui, f"move:{action.good}:{action.source}:{action.to}")
    elif isinstance(action, Move):
        select_cubes(ui, action.player, ((action.good, action.source),))
        press_paged(ui, f"to:{action.to}")
    elif isinstance(action, MarketSell) and any(s == "warehouse" for _g, s in action.give):
        show_player(ui, action.player)
        press_paged(ui, "sell:" + "+".join(good for good, _store in action.give))
    elif isinstance(action, MarketSell):
        select_cubes(ui, action.player, action.give)
        press_paged(ui, "market_sell")
    elif isinstance(action, Convert) and any(s == "warehouse" for _g, s in action.give):
        show_player(ui, action.player)
        goods = "+".join(good for good, _store in action.give)
        either = {f"convert:{goods}:{action.take}", "convert:*"}
        for turn in ("page:next", "page:prev"):
            while not either & set(ui.keys()) and turn in ui.keys():
                ui.press(turn)
        if f"convert:{goods}:{action.take}" not in ui.keys():
            # More sets than the conversions' rows: the choice that shows them.
            ui.press("convert:*")
        press_paged(ui, f"convert:{goods}:{action.take}")
    elif isinstance(action, Convert):
        select_cubes(ui, action.player, action.give)
        press_paged(ui, f"convert:{action.take}")
    elif isinstance(action, Undo):
        ui.press("undo")
    elif isinstance(action, Redo):
        ui.press("redo")
    else:  # pragma: no cover
        raise AssertionError(f"no way to enter {action}")
    # Confirmations of unverified printed values come before the action is recorded; each
    # is a confirm_value line of the record (it counts as a line, not as a move).
    confirmed = 0
    # (The last round's Income comes before the 4th fire's question.)
    while ui.top.name in ("confirm", "income") and (
            ui.game.state.actions < state.actions + 1 + confirmed):
        if seen is not None:
            seen.append(ui.top.name)
        if ui.top.name == "confirm":
            confirmed += 1
            answer(ui)
        else:
            ui.press("ok")
    confirmed = confirmed_lines(state, ui.game.state)
    # A purchase after which nothing can be loaded: Loading done came by itself.
    by_itself = int(type(ui.game.state.last_action) is Done and not isinstance(
        action, Done | Undo | Redo))
    if by_itself:
        AUTO_DONE.add(id(ui))
    assert ui.game.state.actions == state.actions + 1 + confirmed + by_itself, (
        f"{action} was not recorded: {ui.message.text if ui.message else ''}")
