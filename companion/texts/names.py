"""The game's words, translated: goods, cards, phases, seasons, colours.

Each language uses its rulebook's terms (German: Auftrag, Feuerwehrmann,
Brand, Kontor, Markthalle, Metallmünze; French: contrat, caserne, incendie,
bureau de comptage, marché, pièce en métal).
"""

from __future__ import annotations

from companion.engine import Card
from companion.engine.rules import visible
from companion.engine.words import CATEGORY_LABELS, Kind
from companion.texts.i18n import N_, _, language

GOOD_NAMES = {
    "coffee": N_("coffee"),
    "tea": N_("tea"),
    "saffron": N_("saffron"),
    "rubber": N_("rubber"),
    "carpet": N_("carpet"),
}
PHASE_NAMES = {
    "supply": N_("Supply"),
    "demand": N_("Demand"),
    "purchase": N_("Purchase"),
    "loading": N_("Loading"),
    "income": N_("Income"),
    "over": N_("Game over"),
}
SEASON_NAMES = {
    "A": N_("Winter"),
    "B": N_("Spring"),
    "C": N_("Summer"),
    "D": N_("Autumn"),
    "E": N_("4th fire"),
}
COLOUR_NAMES = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "yellow": N_("Yellow"),
    "purple": N_("Purple"),
}
KIND_NAMES = {
    "warehouse": N_("Warehouse"),
    "counting_office": N_("Counting office"),
    "contract": N_("Contract"),
    "fireman": N_("Fireman"),
    "fire": N_("Fire"),
    "ship": N_("Ship"),
    "bank": N_("Bank"),
    "boatsmen_church": N_("Boatsmen church"),
    "chamber_of_commerce": N_("Chamber of commerce"),
    "port": N_("Port"),
    "st_michaelis": N_("St. Michaelis"),
}
#: Shorter names a narrow tile (Purchase, six cards) may give a card whose kind's name
#: does not fit there with its face: whole words the table says ("Kammer", "Feuerwehr 3"),
#: never a word cut short ("Han-", "Tep-").
TILE_NAMES = {
    "counting_office": N_("Office"),
    "chamber_of_commerce": N_("Chamber"),
    "boatsmen_church": N_("Church"),
    "fireman": N_("Fire brigade"),
    "st_michaelis": N_("Michaelis"),
}
MERCHANT_NAMES = {
    "coffee": N_("Coffee roaster"),
    "tea": N_("Tea taster"),
    "saffron": N_("Spice trader"),
    "carpet": N_("Carpet trader"),
    "rubber": N_("Vulcanizer"),
}
#: The score sheet's rows (English msgids from the engine, translated where shown).
CATEGORY_NAMES = CATEGORY_LABELS
STORE_NAMES = {
    "dock": N_("ship"),  # the rulebooks' word: the cubes are on the ship just bought
    "warehouse": N_("warehouse"),
    "market": N_("market hall"),
}


def good(name: str) -> str:
    return _(GOOD_NAMES[name])


#: Two letters per good that tell the goods apart in each language (never colour alone).
GOOD_INITIALS = {
    "en": {"coffee": "Co", "tea": "Te", "saffron": "Sa", "rubber": "Ru", "carpet": "Ca"},
    "de": {"coffee": "Kf", "tea": "Te", "saffron": "Sa", "rubber": "Ks", "carpet": "Tp"},
    "fr": {"coffee": "Ca", "tea": "Th", "saffron": "Sa", "rubber": "Co", "carpet": "Ta"},
}


def good_initial(name: str) -> str:
    """Two letters that tell goods apart in the current language."""
    return GOOD_INITIALS.get(language(), GOOD_INITIALS["en"])[name]


def phase(name: str) -> str:
    return _(PHASE_NAMES.get(name, name))


def season(code: str | None) -> str:
    return _(SEASON_NAMES.get(code or "E", "?"))


def colour(name: str) -> str:
    return _(COLOUR_NAMES.get(name, name))


def kept_name(name: object) -> str:
    """A name the history kept: a player nobody named is kept under their colour id
    ("red"); shown as the colour in the current language ("Rot")."""
    text = str(name)
    if text in COLOUR_NAMES:
        return colour(text)
    # A name kept before names were checked (docs/record-format.md, "Names") may show
    # nothing: a placeholder stands for it, so its row still reads as a player.
    return text if not text or visible(text) else "\ufffd"


def card_number(card: Card) -> str:
    """The trailing number of an id such as ``B-fireman-2`` ('' for unique cards). Never
    shown: no real card carries it (the catalogue's own numbering)."""
    tail = card.id.rsplit("-", 1)[-1]
    return tail if tail.isdigit() else ""


def guessed(shown: str) -> str:
    """`shown` with the mark of a value the table has not confirmed ("Fireman 2?"), as the
    language writes it (French: a no-break space before "?")."""
    return _("{shown}?").format(shown=shown)


def asked(kind: str) -> str:
    """The one name of the cards of `kind` whose printed value is asked ("Contract ?")."""
    return _("{kind} ?").format(kind=_(KIND_NAMES[kind]))
#: Between the goods of a contract or a ship ("Kf·Te·Sa").
GOODS_JOIN = "\u00b7"


def goods_initials(goods: tuple[str, ...] | list[str]) -> str:
    """The goods as the table reads them off a card, by their initials: ``Co·Te·Sa``."""
    return GOODS_JOIN.join(good_initial(g) for g in goods)


def face(card: Card, *, marked: bool = True) -> str:
    """What the card's face shows that tells it from other cards of its kind: a contract's
    goods (``Co·Te``), a fireman's value, a fire's points; '' for other cards. A value the
    table has not confirmed is followed by "?" (the catalogue's guess, never a fact);
    `marked=False` only where the screen marks the guess itself (Enroll's "?" badge)."""
    if card.kind == Kind.CONTRACT:
        shown, field = goods_initials(card.goods), "goods"
    elif card.kind == Kind.FIREMAN:
        shown, field = str(card.value), "value"
    elif card.kind == Kind.FIRE:
        shown, field = str(card.points), "points"
    else:
        return ""
    return guessed(shown) if marked and field in card.unverified else shown


def card_name(card: Card, *, with_season: bool = True, marked: bool = True) -> str:
    """The card as the table sees it: its kind and what its face shows (``Contract Co·Te``,
    ``Fireman 3``, ``Fire 2 (Spring)``, ``Ship (Summer)``), never the catalogue's code.
    `with_season`: fires and ships also say their season (the only thing that tells them
    apart before they are in play). `marked`: see `face`."""
    if card.kind == Kind.MERCHANT:
        return _(MERCHANT_NAMES[card.good or "coffee"])
    shown = face(card, marked=marked)
    if card.id == "E-fire":
        return f"{_('4th fire')} {shown}"
    base = _(KIND_NAMES.get(card.kind, card.kind))
    name = f"{base} {shown}" if shown else base
    if with_season and card.kind in (Kind.FIRE, Kind.SHIP):
        name += f" ({season(card.season)})"
    return name


def card_in_season(card: Card, *, marked: bool = True) -> str:
    """The card's name where its season is already said (the Supply and Enroll grids of one
    season): ``Fireman 2``, ``Fire 3``, ``Contract Co·Te``, ``Counting office``."""
    return card_name(card, with_season=False, marked=marked)


def ship_name(card: Card, goods: tuple[str, ...] | list[str] = ()) -> str:
    """A ship with the cubes drawn for it (``Ship Co·Te·Te``); its season without them."""
    if goods:
        return f"{_(KIND_NAMES['ship'])} {goods_initials(goods)}"
    return card_name(card)


def card_forms(card: Card) -> tuple[str, ...]:
    """The names a card goes by in the current language, without its face: its one name
    (the printed one) and, where the language has one, its one short form for a narrow
    place (a Purchase tile, a panel): "Feuerwehrmann", "Feuerwehr"; "Caserne" alone. Every
    screen, tile, panel, undo text and rules text names the card by these (issue 30)."""
    if card.kind == Kind.MERCHANT:
        # A merchant's short form: the merchant and the initials of the good it buys, as a
        # contract's are written ("Kaufmann Tp", "Marchand Ta"): never the good's name,
        # which is another thing on the table (issue 30: "Safran" for the spice trader).
        word = _("merchant")
        return (_(MERCHANT_NAMES[card.good or "coffee"]),
                f"{word[:1].upper()}{word[1:]} {good_initial(card.good or 'coffee')}")
    name = _(KIND_NAMES.get(card.kind, card.kind))
    short = TILE_NAMES.get(card.kind)
    shorter = _(short) if short is not None else name
    return (name,) if shorter == name else (name, shorter)


def category(name: str) -> str:
    return _(CATEGORY_NAMES.get(name, name))


def store(name: str) -> str:
    return _(STORE_NAMES.get(name, name))
