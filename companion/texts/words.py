"""Sentences about the game: what an action did (for Undo) and why one was refused.

A refusal of the engine carries a code and its parameters (engine/messages.py); it
is said here from the catalogue's translation of that code, with player names.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.engine import (
    Action,
    Adjust,
    Buy,
    Convert,
    Discard,
    Done,
    MarketSell,
    Move,
    Pass,
    Phase,
    Place,
    Reveal,
    RuleError,
    State,
    apply,
)
from companion.engine.cards import FOURTH_FIRE
from companion.engine.messages import DOING, MESSAGES
from companion.engine.words import MERCHANT_DESTINATION, Store
from companion.texts import names
from companion.texts.hyphen import plain
from companion.texts.i18n import N_, _, language, ngettext, translations


def player_name(state: State, pid: str) -> str:
    """The name given at setup, else the player's colour in the current language."""
    name = state.names.get(pid)
    if not name or name == pid:
        return names.colour(pid)
    return name


#: The table the letters were last worked out for: (names, players, language, letters).
#: A frame draws a letter on every badge, and working out the whole table each time
#: cost a fifth of the round screen's frame at 5 players. A game's states share one
#: `names` mapping (kept here, so its identity is never reused), and colours are named
#: in the current language.
_last_letters: list[tuple[Mapping[str, str], tuple[str, ...], str, dict[str, str]]] = []


def letter(state: State, pid: str) -> str:
    """The player's letter: their name's first letter, made unique at the table."""
    now = language()
    if _last_letters:
        names_seen, players, said_in, letters = _last_letters[0]
        if names_seen is state.names and players == state.players and said_in == now:
            return letters[pid]
    letters = _letters(state)
    _last_letters[:] = [(state.names, state.players, now, letters)]
    return letters[pid]


def _letters(state: State) -> dict[str, str]:
    """Each player's letter: their name's first letter; where another player has it
    already, that letter and the next of the name that tells them apart ("Grün" G, "Gelb"
    Ge: an "E" for Gelb read as a mistake at a German table; issue 30)."""
    return unique_letters([(other, player_name(state, other)) for other in state.players])


def unique_letters(named: Sequence[tuple[str, str]], taken: Iterable[str] = ()
                   ) -> dict[str, str]:
    """A letter for each (key, name), in order, as `letter` gives the players: the name's
    first letter, else that letter and the next of the name that tells it apart from the
    letters given before (and from `taken`). The buttons' legend names the colours nobody
    plays this way too, so that no two buttons share a letter (Grün G, Gelb Ge)."""
    given: dict[str, str] = {}
    used = set(taken)
    for key, name in named:
        chars = [ch for ch in name if ch.isalnum()] or ["?"]
        first = chars[0].upper()
        candidates = [first, *(first + ch.lower() for ch in chars[1:])]
        pick = next((ch for ch in candidates if ch not in used), str(len(used) + 1))
        given[key] = pick
        used.add(pick)
    return given


def card(state: State, card_id: str) -> str:
    """The card as the table sees it in this game: its printed value as the game holds it
    ("?" while unconfirmed), a ship on the water with its cubes."""
    found = state.catalogue[card_id]
    if found.kind == "ship":
        for slot in state.slots:
            if slot.card == card_id and slot.goods:
                return names.ship_name(found, slot.goods)
    return names.card_name(found)


def slot_name(state: State, index: int) -> str:
    """The card on water space `index` as a tap target names it: as the table sees it
    (a ship with its cubes), with its number in the round when another card on the water
    reads the same (Autumn's two counting offices)."""
    name = card(state, state.slots[index].card)
    alike = sum(1 for i in range(len(state.slots)) if card(state, state.slots[i].card) == name)
    return f"{name} ({index + 1})" if alike > 1 else name


def goods_text(goods: tuple[str, ...] | list[str]) -> str:
    return ", ".join(names.good(g) for g in goods)


def cubes_text(goods: tuple[str, ...] | list[str]) -> str:
    """Cubes as a sentence names them, counted by good, with the language's articles: "2
    cubes of saffron and 1 cube of coffee" ("2 cubes de safran et 1 cube de café";
    "safran, safran" had none; issue 30)."""
    counted: dict[str, int] = {}
    for g in goods:
        counted[g] = counted.get(g, 0) + 1
    parts = [ngettext("{n} cube of {good}", "{n} cubes of {good}", n).format(
        n=n, good=names.good(g)) for g, n in counted.items()]
    if len(parts) < 2:
        return "".join(parts)
    return _("{some} and {last}").format(some=", ".join(parts[:-1]), last=parts[-1])


#: Where a cube comes from, as a sentence says it ("from the ship": "du navire").
FROM_STORE: dict[str, str] = {Store.DOCK: N_("from the ship"),
                              Store.WAREHOUSE: N_("from the warehouse"),
                              Store.MARKET: N_("from the market hall")}


def cubes_to_stock(state: State, counted: bool = False) -> str:
    """What ending Loading now sends to the stock: each player's cubes still on ships
    ("Green: Co, Te; Blue: Sa"), in turn from the first player; `counted`: how many
    ("Green: 2; Blue: 1"), where the goods have no room. "" when no ship holds a cube."""
    seats = [state.seat_after(state.first_player, k) for k in range(len(state.players))]
    parts = [_("{player}: {goods}").format(
        player=player_name(state, pid),
        goods=str(len(state.player(pid).dock)) if counted else
        ", ".join(names.good_initial(g) for g in state.player(pid).dock))
        for pid in seats if state.player(pid).dock]
    return _("; ").join(parts)  # (French sets a space before the semicolon)


def describe(state: State, action: Action) -> str:
    """A short sentence for `action` as it applied to `state` (the state before it). An
    action that ended the game (the last round's end of Loading, or a reveal that left
    only the 4th fire) also revealed the 4th fire: said like any other reveal."""
    text = _describe(state, action)
    if isinstance(action, Done | Reveal) and state.phase != Phase.OVER:
        try:
            ended = apply(state, action).phase == Phase.OVER
        except RuleError:  # not applicable to this state: it ended nothing
            ended = False
        if ended:
            fourth = _("revealed {card}").format(card=card(state, FOURTH_FIRE))
            text = _("; ").join((text, fourth))
    return text


def _describe(state: State, action: Action) -> str:
    def who(pid: str) -> str:
        return player_name(state, pid)

    if isinstance(action, Reveal):
        text = _("revealed {card}").format(card=card(state, action.card))
        if action.goods:
            text += f" ({goods_text(action.goods)})"
        return text
    if isinstance(action, Buy):
        price = action.price
        if price is None and action.slot < len(state.slots):
            price = len(state.slots[action.slot].workers)
        return _("{player} bought {card} for {price}¢").format(
            player=who(action.player), card=card(state, state.slots[action.slot].card),
            price=price)
    if isinstance(action, Discard):
        return _("nobody bought {card}").format(card=card(state, state.slots[action.slot].card))
    if isinstance(action, Place):
        return _("{player} placed a worker on {card}").format(
            player=who(action.player), card=card(state, state.slots[action.slot].card))
    if isinstance(action, Pass):
        return _("{player} passed on {card}").format(
            player=who(action.player), card=card(state, state.slots[action.slot].card))
    if isinstance(action, Move):
        return _("{player}: {cube} {source} {to}").format(
            player=who(action.player), cube=cubes_text([action.good]),
            source=_(FROM_STORE[action.source]) if action.source in FROM_STORE
            else action.source,
            to=towards(state, action.to))
    if isinstance(action, Convert):
        return _("{player} converted {give} into {take}").format(
            player=who(action.player), give=cubes_text([g for g, _s in action.give]),
            take=cubes_text([action.take]))
    if isinstance(action, MarketSell):
        return _("{player} sold {give} in the market hall").format(
            player=who(action.player), give=cubes_text([g for g, _s in action.give]))
    if isinstance(action, Done):
        return _("the end of Loading and the income")
    if isinstance(action, Adjust):
        return correction(state, action)
    return action.type


def signed(n: int) -> str:
    """+2, \u22121: a change, with a real minus sign."""
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


def correction(state: State, action: Adjust) -> str:
    """What a correction changed: '\u22121 coin for Ingrid', '+2 points for Ben'."""
    player = player_name(state, action.player)
    parts = []
    if action.coins:
        parts.append(ngettext("{n} coin", "{n} coins", abs(action.coins)).format(
            n=signed(action.coins)))
    if action.points:
        parts.append(ngettext("{n} point", "{n} points", abs(action.points)).format(
            n=signed(action.points)))
    if not parts:
        return _("a correction for {player}").format(player=player)
    return _("{change} for {player}").format(change=", ".join(parts), player=player)


def destination(state: State, to: str) -> str:
    if to == MERCHANT_DESTINATION:
        return _("merchant")
    if to in (Store.WAREHOUSE, Store.MARKET):
        return names.store(to)
    return card(state, to) if to in state.catalogue else to


def towards(state: State, to: str) -> str:
    """Where a cube went, as a sentence says it: "to the merchant", "à l’entrepôt", "auf
    Auftrag Kf·Te"."""
    if to == MERCHANT_DESTINATION:
        return _("to the merchant")
    if to == Store.WAREHOUSE:
        return _("to the warehouse")
    if to == Store.MARKET:
        return _("to the market hall")
    return _("to {card}").format(card=card(state, to) if to in state.catalogue else to)


def place(state: State, to: str) -> str:
    """Where a cube may go, as a button or a heading says it: capitalised like the cards
    beside it ("Market hall" next to "Contract A2")."""
    text = destination(state, to)
    return text[:1].upper() + text[1:]


def _shown(state: State | None, name: str, value: Any, *, ids: bool) -> str:
    """One parameter of a refusal in the current language (see engine/messages.py).

    Player and card ids become names unless `ids` is set (the command line keeps the
    ids a record uses); goods, phases, seasons, kinds and stores are translated.
    """
    if isinstance(value, list | tuple):
        item = {"goods": "good", "players": "player", "stores": "where"}.get(name, name)
        return ", ".join(_shown(state, item, v, ids=ids) for v in value)
    if not isinstance(value, str):
        return str(value)
    if name in ("player", "owner", "turn"):
        return player_name(state, value) if state and not ids and value in state.players \
            else value
    if name == "card":
        return card(state, value) if state and not ids and value in state.catalogue else value
    if name == "good" and value in names.GOOD_NAMES:
        return names.good(value)
    if name in ("season", "top"):
        return names.season(value)
    if name in ("phase", "wanted_phase"):
        return names.phase(value)
    if name in ("kind", "card_kind") and value in names.KIND_NAMES:
        return _(names.KIND_NAMES[value])
    if name in ("where", "to") and value in names.STORE_NAMES:
        return names.store(value)
    if name == "doing" and value in DOING:
        return _(DOING[value])
    return value


def refusal_text(code: str, params: Mapping[str, Any], state: State | None = None,
                 *, ids: bool = False) -> str:
    """A refusal, from its code and parameters, as a sentence in the current language.

    The template is the catalogue's translation of the engine's English one; nothing
    reads the engine's sentence.
    """
    template = _(MESSAGES[code])
    text = template.format(**{k: _shown(state, k, v, ids=ids) for k, v in params.items()})
    # A sentence (on screen or on the command line) keeps no soft hyphens from the names.
    text = plain(text[:1].upper() + text[1:])
    return text if text.endswith((".", "!", "?")) else text + "."


def refusal(state: State, error: RuleError) -> str:
    """The engine's refusal in the current language, with the players' names."""
    return refusal_text(error.code, error.params, state)


def income_parts(parts: Mapping[str, int]) -> str:
    """'+1 income, +1 no purchase, +1 bank'."""
    out = [_("+{n} income").format(n=parts["base"])]
    if parts.get("no_purchase"):
        out.append(_("+{n} no purchase").format(n=parts["no_purchase"]))
    if parts.get("bank"):
        out.append(_("+{n} bank").format(n=parts["bank"]))
    return ", ".join(out)


def play_comments(state: State, said: gettext.NullTranslations | None = None) -> str:
    """The BG Stats `comments` of a finished game in the table's language (they go on to
    BGG): "10 Runden; Gleichstand: mehr Münzen gewinnt". `said`: a language's catalogue
    (the `export` command's); without it, the current language."""
    from companion.store import bgstats  # only after a game: not at the app's start

    said = said or translations(language())
    text = said.ngettext("{n} round", "{n} rounds", state.round).format(n=state.round)
    decided = bgstats.tie(state)
    if decided == "shared":
        text += "; " + said.gettext("tie: a shared win (the companion's ruling)")
    elif decided == "coins":
        text += "; " + said.gettext("tie: more coins wins")
    return plain(text)
