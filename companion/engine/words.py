"""The game's words, each defined once: phases, card kinds, goods, colours, forms, stores,
score categories, and the printed values of the cards (the languages are listed in
`companion.languages`, which the configuration can import).

Every layer takes them from here, except the inputs and the configuration they read,
which never import the engine: they keep their own button roles and purchase forms, and
tests/config/test_words.py checks that those agree. The enums are `StrEnum`s, so a
member *is* its string: it compares equal to it, hashes like it, formats as it and
`json.dumps` writes it unchanged, so the record and state JSON stay byte for byte what
they were (docs/record-format.md).

A note on speed: reading a member off an enum class (``Phase.SUPPLY``) costs about as
much as a small function call in Python 3.11, so the engine's hot path (`rules.apply`)
binds the members it compares with to module names once.
"""

from __future__ import annotations

from enum import StrEnum

from companion.engine.values import value


class Phase(StrEnum):
    """The phases of a round, and ``over`` once the final scoring is done."""

    SUPPLY = "supply"
    DEMAND = "demand"
    PURCHASE = "purchase"
    LOADING = "loading"
    OVER = "over"


class Kind(StrEnum):
    """The kinds of trade card."""

    MERCHANT = "merchant"
    WAREHOUSE = "warehouse"
    COUNTING_OFFICE = "counting_office"
    CONTRACT = "contract"
    FIREMAN = "fireman"
    FIRE = "fire"
    SHIP = "ship"
    BANK = "bank"
    BOATSMEN_CHURCH = "boatsmen_church"
    CHAMBER_OF_COMMERCE = "chamber_of_commerce"
    PORT = "port"
    ST_MICHAELIS = "st_michaelis"


class Good(StrEnum):
    """The five goods (the cubes in the bag)."""

    COFFEE = "coffee"
    TEA = "tea"
    SAFFRON = "saffron"
    RUBBER = "rubber"
    CARPET = "carpet"


class Colour(StrEnum):
    """The player colours, in the order of the buttons; also the default player ids."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    PURPLE = "purple"


class Form(StrEnum):
    """How a round's Demand and Purchase are entered."""

    TRACKED = "tracked"
    """Every worker placed, then every offer taken or passed."""
    QUICK = "quick"
    """Only the outcome per card: bought (by whom, for how much) or discarded."""


class Store(StrEnum):
    """Where a player's cubes lie during Loading (cubes on a contract never come off)."""

    DOCK = "dock"
    WAREHOUSE = "warehouse"
    MARKET = "market"


class Outcome(StrEnum):
    """What became of a card on a water space in the Purchase phase."""

    BOUGHT = "bought"
    DISCARDED = "discarded"


#: Where a cube may go besides a contract (which is named by its card id).
MERCHANT_DESTINATION = "merchant"


class Category(StrEnum):
    """The categories of the final scoring, in the order of the score sheet."""

    TRACK = "track"
    CONTRACTS = "contracts"
    COUNTING_OFFICES = "counting_offices"
    CHAMBER_OF_COMMERCE = "chamber_of_commerce"
    PORT = "port"
    BOATSMEN_CHURCH = "boatsmen_church"
    ST_MICHAELIS = "st_michaelis"
    WAREHOUSE = "warehouse"
    MERCHANTS = "merchants"


#: The key beside the categories that holds their sum.
TOTAL = "total"


@value(slots=True)
class Printed:
    """The value printed on a card of one kind that the catalogue may not know for sure.

    For ``points`` and ``value`` the range is of the number itself; for ``goods`` it is
    of how many goods the card lists.
    """

    kind: Kind
    field: str
    low: int
    high: int

    @property
    def is_number(self) -> bool:
        return self.field != "goods"

    def allows(self, number: int) -> bool:
        """Whether `number` (the value, or the count of goods) is in the printed range."""
        return self.low <= number <= self.high


#: Which kind carries which printed value, and its range (docs/cards.md; docs/rules.md).
PRINTED: dict[str, Printed] = {
    Kind.FIRE: Printed(Kind.FIRE, "points", 0, 99),
    Kind.FIREMAN: Printed(Kind.FIREMAN, "value", 1, 5),
    Kind.CONTRACT: Printed(Kind.CONTRACT, "goods", 2, 4),
}
#: The printed field by kind (``{"fire": "points", ...}``).
PRINTED_FIELD: dict[str, str] = {kind: p.field for kind, p in PRINTED.items()}


def printed_for_field(field: str) -> Printed | None:
    """The printed value called `field` (``points``, ``value`` or ``goods``), if any."""
    for printed in PRINTED.values():
        if printed.field == field:
            return printed
    return None


GOODS: tuple[Good, ...] = tuple(Good)
COLOURS: tuple[Colour, ...] = tuple(Colour)
PHASES: tuple[Phase, ...] = tuple(Phase)
KINDS: tuple[Kind, ...] = tuple(Kind)
FORMS: tuple[Form, ...] = tuple(Form)
STORES: tuple[Store, ...] = tuple(Store)
SCORE_CATEGORIES: tuple[Category, ...] = tuple(Category)

#: The score sheet's row names in English, the total last: the command line prints them,
#: and the screens translate them (they are the catalogues' msgids).
CATEGORY_LABELS: dict[str, str] = {
    Category.TRACK: "Score track",
    Category.CONTRACTS: "Contracts",
    Category.COUNTING_OFFICES: "Counting offices",
    Category.CHAMBER_OF_COMMERCE: "Chamber of commerce",
    Category.PORT: "Port",
    Category.BOATSMEN_CHURCH: "Boatsmen church",
    Category.ST_MICHAELIS: "St. Michaelis",
    Category.WAREHOUSE: "Warehouse",
    Category.MERCHANTS: "Merchants",
    TOTAL: "Total",
}
