"""Sentences about the game: what an action did (for Undo) and why one was refused.

The engine explains a refusal in English with player ids; the common ones are
matched here and said again in the current language with player names. Any
other message is shown as the engine wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

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
    Place,
    Reveal,
    State,
)
from companion.ui import names
from companion.ui.i18n import _, ngettext


def player_name(state: State, pid: str) -> str:
    """The name given at setup, else the player's colour in the current language."""
    name = state.names.get(pid)
    if not name or name == pid:
        return names.colour(pid)
    return name


def letter(state: State, pid: str) -> str:
    """The player's letter: their name's first letter, made unique at the table."""
    taken: dict[str, str] = {}
    for other in state.players:
        name = player_name(state, other)
        candidates = [ch.upper() for ch in name if ch.isalnum()] or ["?"]
        pick = next((ch for ch in candidates if ch not in taken.values()), str(len(taken) + 1))
        taken[other] = pick
    return taken[pid]


def card(state: State, card_id: str) -> str:
    return names.card_name(state.catalogue[card_id])


def goods_text(goods: tuple[str, ...] | list[str]) -> str:
    return ", ".join(names.good(g) for g in goods)


def describe(state: State, action: Action) -> str:
    """A short sentence for `action` as it applied to `state` (the state before it)."""
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
        return _("{player} bought {card} for {price}").format(
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
        return _("{player}: {good} from {source} to {to}").format(
            player=who(action.player), good=names.good(action.good),
            source=names.store(action.source), to=destination(state, action.to))
    if isinstance(action, Convert):
        return _("{player} converted {give} into {take}").format(
            player=who(action.player), give=goods_text([g for g, _s in action.give]),
            take=names.good(action.take))
    if isinstance(action, MarketSell):
        return _("{player} sold {give} in the market hall").format(
            player=who(action.player), give=goods_text([g for g, _s in action.give]))
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
    if to == "merchant":
        return _("merchant")
    if to in ("warehouse", "market"):
        return names.store(to)
    return card(state, to) if to in state.catalogue else to


_Rule = tuple[str, Callable[[State, re.Match[str]], str]]


def _p(state: State, m: re.Match[str], group: str = "player") -> str:
    return player_name(state, m.group(group))


_RULES: list[_Rule] = [
    (r"^(?P<player>\S+) has (?P<coins>\d+) coins and cannot pay (?P<price>\d+)$",
     lambda s, m: _("{player} has {coins} coins and cannot pay {price}.").format(
         player=_p(s, m), coins=m.group("coins"), price=m.group("price"))),
    (r"^the warehouse holds at most (?P<n>\d+) cubes$",
     lambda s, m: _("The warehouse holds at most {n} cubes.").format(n=m.group("n"))),
    (r"^the market hall keeps at most 1 cube$",
     lambda s, m: _("The market hall keeps at most 1 cube.")),
    (r"^there is nothing to undo$", lambda s, m: _("There is nothing to undo.")),
    (r"^there is nothing to redo$", lambda s, m: _("There is nothing to redo.")),
    (r"^a card takes at most (?P<n>\d+) workers$",
     lambda s, m: _("A card takes at most {n} workers.").format(n=m.group("n"))),
    (r"^a player buys at most (?P<n>\d+) cards in a round .*; (?P<player>\S+) has bought",
     lambda s, m: _("A player buys at most {n} cards in a round; {player} has bought {n}.")
     .format(n=m.group("n"), player=_p(s, m))),
    (r"^the prices paid in a round add up to at most (?P<n>\d+) .*; (?P<spent>\d+) is paid",
     lambda s, m: _("The prices paid in a round add up to at most {n} (one coin per worker); "
                    "{spent} is paid already.").format(n=m.group("n"), spent=m.group("spent"))),
    (r"^the stock holds no (?P<good>\w+);",
     lambda s, m: _("The stock holds no {good}; a conversion takes a cube that was already "
                    "in the stock.").format(good=names.good(m.group("good")))),
    (r"^(?P<player>\S+) owns no merchant who buys (?P<good>\w+)$",
     lambda s, m: _("{player} owns no merchant who buys {good}.").format(
         player=_p(s, m), good=names.good(m.group("good")))),
    (r"^(?P<player>\S+) does not own the warehouse$",
     lambda s, m: _("{player} does not own the warehouse.").format(player=_p(s, m))),
    (r"^(?P<card>\S+) is already complete$",
     lambda s, m: _("{card} is already complete.").format(card=card(s, m.group("card")))),
    (r"^(?P<card>\S+) has already been revealed$",
     lambda s, m: _("{card} has already been revealed.").format(card=card(s, m.group("card")))),
    (r"^(?P<card>\S+) is removed from the game for (?P<n>\d) players$",
     lambda s, m: _("{card} is removed from the game for {n} players.").format(
         card=card(s, m.group("card")), n=m.group("n"))),
    (r"^(?P<card>\S+) belongs to \w+ \((?P<season>[A-E])\), but the pile shows \w+ "
     r"\((?P<top>[A-E])\) cards",
     lambda s, m: _("{card} is a {season} card, but the pile shows {top} cards: the seasons "
                    "come out in order.").format(card=card(s, m.group("card")),
                                                 season=names.season(m.group("season")),
                                                 top=names.season(m.group("top")))),
    (r"^.+ belongs to the (?P<wanted>\w+) phase; the game is in the (?P<phase>[\w ]+) phase$",
     lambda s, m: _("That belongs to the {wanted} phase; the game is in the {phase} phase.")
     .format(wanted=_phase(m.group("wanted")), phase=_phase(m.group("phase")))),
    (r"^the bag holds (?P<n>\d+) (?P<good>\w+); it cannot give (?P<k>\d+)$",
     lambda s, m: _("The bag holds {n} {good}; it cannot give {k}.").format(
         n=m.group("n"), good=names.good(m.group("good")), k=m.group("k"))),
    (r"^the 4th fire is never revealed",
     lambda s, m: _("The 4th fire is never revealed; it is resolved after the last round.")),
    (r"^no trading between players: (?P<card>\S+) belongs to (?P<player>\S+)$",
     lambda s, m: _("No trading between players: {card} belongs to {player}.").format(
         card=card(s, m.group("card")), player=_p(s, m))),
]


def _phase(english: str) -> str:
    """A phase named in an engine message, in the current language."""
    for key, name in names.PHASE_NAMES.items():
        if name.lower() == english.lower():
            return names.phase(key)
    return english


def refusal(state: State, message: str) -> str:
    """The engine's refusal in the current language (the engine's own words if unmatched)."""
    for pattern, say in _RULES:
        match = re.search(pattern, message)
        if match:
            try:
                return say(state, match)
            except (KeyError, IndexError):
                break
    return message[:1].upper() + message[1:]


def income_parts(parts: Mapping[str, int]) -> str:
    """'+1 income, +1 no purchase, +1 bank'."""
    out = [_("+{n} income").format(n=parts["base"])]
    if parts.get("no_purchase"):
        out.append(_("+{n} no purchase").format(n=parts["no_purchase"]))
    if parts.get("bank"):
        out.append(_("+{n} bank").format(n=parts["bank"]))
    return ", ".join(out)
