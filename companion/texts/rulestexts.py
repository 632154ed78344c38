"""The rules at a tap: a short text for each card kind, score category and phase.

Data only, no drawing. `TEXTS` maps a topic key to its English title and text, the
msgids of the gettext catalogues (companion/locale/<lang>/LC_MESSAGES/companion.po),
which hold the German and French texts beside every other string of the screens;
`help_text` picks one language's. Topic keys use the engine's own strings behind a
prefix:

- ``kind:<kind>`` for each card kind of the catalogue (`companion.engine.cards.KINDS`),
  and ``merchant:<good>`` for each merchant (`card_topic` picks the right one);
- ``score:<category>`` for each score category of the final scoring, and ``score:total``;
- ``phase:<phase>`` for each phase of the engine, and ``phase:income``
  (paid when Loading ends, shown as a screen of its own);
- ``topic:fire`` (how a fire is resolved), ``topic:market_hall`` (what the
  market hall may do) and ``topic:last_round`` (how the game ends).

The texts are written from the rulebooks, the German original winning a
disagreement, and say what the engine applies (docs/rules.md). Each language
uses its rulebook's terms (docs/look-and-feel.md, "Words"), one term per thing and
one form of address (you, du, vous). Where the rulebooks are silent (a tie on
points and on coins) the text says that the ruling is the companion's. They never
state a printed card value, since most are unconfirmed placeholders (docs/cards.md).
A title is the word the screens use for the thing (the same msgid), shown whole.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.texts.hyphen import plain
from companion.texts.i18n import LANGUAGES, N_, translations

Entry = dict[str, str]


def _t(title: str, text: str) -> Entry:
    return {"title": title, "text": text}


TEXTS: dict[str, Entry] = {
    # --- card kinds ----------------------------------------------------------------------
    "kind:ship": _t(N_("Ship"),
            N_("When a ship is turned up, 3 cubes are drawn blindly from the bag onto it. If you"
               " buy it, you must unload them all in this round's Loading: onto a contract, to a"
               " merchant, into your warehouse or your market hall. Cubes you do not place go to"
               " the stock. The empty ship stays with you and counts for the Port.")),
    "kind:contract": _t(N_("Contract"),
            N_("During Loading, put cubes from a ship, your warehouse or your market hall on the"
               " matching symbols, a few at a time if you like. Cubes on a contract never come "
               "off. At the end a complete contract scores 5, 8 or 11 points (2, 3 or 4 goods); "
               "an incomplete one scores nothing.")),
    "kind:fireman": _t(N_("Fireman"),
            N_("Each fireman has a value from 1 to 5. When a fire breaks out, the values of your"
               " firemen are added up: the highest sum gains points, the lowest loses them. "
               "Firemen score nothing at the end.")),
    "kind:fire": _t(N_("Fire"),
            N_("There are four fires: one each in Spring, Summer and Autumn, and the 4th fire "
               "after the last round. A fire is resolved the moment it is revealed and takes no "
               "water space; another card is revealed in its place. The number on the card says "
               "how many points it gives and takes.")),
    "kind:counting_office": _t(N_("Counting office"),
            N_("Counting offices score at the end of the game, more the more you own: 1 office 2"
               " points, 2 offices 5, 3 offices 9, all 4 offices 14. There are 4 in the game.")),
    "kind:chamber_of_commerce": _t(N_("Chamber of commerce"),
            N_("At the end of the game the chamber of commerce scores 1 point for every coin its"
               " owner holds. Only the owner's own coins count, and the owner keeps them; they "
               "still break a tie.")),
    "kind:port": _t(N_("Port"),
            N_("When the game ends, the port is worth 1 point per ship in front of you. Empty "
               "ships count too.")),
    "kind:boatsmen_church": _t(N_("Boatsmen church"),
            N_("The boatsmen church scores 3 points at the end of the game. It does nothing "
               "else.")),
    "kind:st_michaelis": _t(N_("St. Michaelis"),
            N_("St. Michaelis scores 4 points at the end of the game. It does nothing else.")),
    "kind:bank": _t(N_("Bank"),
            N_("The bank's owner gets 1 extra coin at every Income: 2 coins in a round with a "
               "purchase, 3 without. The bank scores no points.")),
    "kind:warehouse": _t(N_("Warehouse"),
            N_("During Loading you may put cubes into your warehouse or take them out; it never "
               "holds more than 4. Cubes stay there from round to round. At the end, 1 point per"
               " cube inside.")),
    "kind:merchant": _t(N_("Merchant"),
            N_("During Loading a merchant pays 1 coin for every cube of its own good you sell "
               "it, as many as you like; sold cubes are put in the stock. Each merchant scores 1"
               " point at the end. There are five: coffee roaster, tea taster, spice trader "
               "(saffron), carpet trader and vulcanizer (rubber).")),
    # --- score categories of the final screen --------------------------------------------
    "score:track": _t(N_("Score track"),
            N_("The points on the score track: what the fires gave and took, plus any "
               "corrections. It may be below 0.")),
    "score:contracts": _t(N_("Contracts"),
            N_("Each complete contract: 5 points for 2 goods, 8 for 3, 11 for 4. A contract with"
               " an empty symbol scores nothing.")),
    "score:counting_offices": _t(N_("Counting offices"),
            N_("Points for the counting offices you own, by how many you have. 1 office 2 "
               "points, 2 offices 5, 3 offices 9, all 4 offices 14.")),
    "score:chamber_of_commerce": _t(N_("Chamber of commerce"),
            N_("With the chamber of commerce: 1 point per coin you yourself hold at the end. You"
               " keep the coins.")),
    "score:port": _t(N_("Port"),
            N_("With the port: 1 point for each ship you own. Without it, 0.")),
    "score:boatsmen_church": _t(N_("Boatsmen church"),
            N_("3 points for owning the boatsmen church. Otherwise 0.")),
    "score:st_michaelis": _t(N_("St. Michaelis"),
            N_("4 points for owning St. Michaelis. Otherwise 0.")),
    "score:warehouse": _t(N_("Warehouse"),
            N_("With the warehouse: 1 point per cube inside at the end. It holds at most 4.")),
    "score:merchants": _t(N_("Merchants"),
            N_("1 point for each merchant you own. There are five, one per good.")),
    "score:total": _t(N_("Total"),
            N_("The score track plus all the other categories. Most points wins; on equal "
               "points, more coins wins. If the coins are equal too, the companion calls it a "
               "shared win: the rulebook does not say.")),
    # --- phases --------------------------------------------------------------------------
    "phase:supply": _t(N_("Supply"),
            N_("Reveal cards from the pile until the water spaces hold one card more than there "
               "are players. Every ship is loaded with 3 cubes drawn blindly from the bag. A "
               "fire is resolved at once, and another card takes its place.")),
    "phase:demand": _t(N_("Demand"),
            N_("From the first player, clockwise, each player puts one worker above a card, on "
               "the lowest free space. This goes round three times, until everyone has placed "
               "all 3 workers. Several of your workers may go above one card; no card holds more"
               " than 8.")),
    "phase:purchase": _t(N_("Purchase"),
            N_("Cards are sold one by one, from the left. The player whose worker is lowest may "
               "buy the card for 1 coin per worker above it. If they decline, their worker goes "
               "home and the next one up gets the offer, 1 coin cheaper. A card nobody buys is "
               "discarded.")),
    "phase:loading": _t(N_("Loading"),
            N_("Use your cards: unload the ships you bought this round, fill contracts, sell to "
               "merchants, use your warehouse and market hall. No trading between players. Cubes"
               " still on ships when Loading ends go to the stock.")),
    "phase:income": _t(N_("Income"),
            N_("Each player is paid 1 coin, plus 1 if they bought nothing this round; the bank's"
               " owner gets 1 more. After that the metal coin moves one seat to the left.")),
    "phase:over": _t(N_("Game over"),
            N_("After the last round the 4th fire is resolved, then every card is scored. Most "
               "points wins; on equal points, more coins wins. If the coins are equal too, the "
               "companion calls it a shared win: the rulebook does not say.")),
    # --- topics --------------------------------------------------------------------------
    "topic:fire": _t(N_("How a fire is resolved"),
            N_("Each player totals the values of their firemen. The highest total moves up the "
               "score track by the fire's points, the lowest moves down as far; a tie at either "
               "end counts for everyone in it. If all totals are the same, nothing changes. "
               "Points may fall below 0.")),
    "topic:market_hall": _t(N_("Market hall"),
            N_("Every player has a market hall, for use during Loading. Convert: hand any 3 "
               "cubes to the stock and pick 1 cube that was already lying there. Sell: give 2 "
               "cubes to the stock for 1 coin. Keep: 1 cube, no more, stays here for any later "
               "round.")),
    "topic:last_round": _t(N_("The last round"),
            N_("When the Supply leaves only the 4th fire in the pile, this is the last round: "
               "play it to the end, Income included. Then the 4th fire is resolved and the game "
               "ends. If the Autumn fire is the last Autumn card, right on top of the 4th fire, "
               "both are resolved in that Supply and the game ends at once.")),
    # --- merchants, one per good ---------------------------------------------------------
    "merchant:coffee": _t(N_("Coffee roaster"),
            N_("During Loading, sell as many brown cubes (coffee) as you like to the coffee "
               "roaster, at 1 coin per cube. Sold cubes are put in the stock, never back in the "
               "bag. Worth 1 point at the end of the game.")),
    "merchant:tea": _t(N_("Tea taster"),
            N_("During Loading, sell as many green cubes (tea) as you like to the tea taster, at"
               " 1 coin per cube. Sold cubes are put in the stock, never back in the bag. Worth "
               "1 point at the end of the game.")),
    "merchant:saffron": _t(N_("Spice trader"),
            N_("During Loading, sell as many yellow cubes (saffron) as you like to the spice "
               "trader, at 1 coin per cube. Sold cubes are put in the stock, never back in the "
               "bag. Worth 1 point at the end of the game.")),
    "merchant:carpet": _t(N_("Carpet trader"),
            N_("During Loading, sell as many red cubes (carpet) as you like to the carpet "
               "trader, at 1 coin per cube. Sold cubes are put in the stock, never back in the "
               "bag. Worth 1 point at the end of the game.")),
    "merchant:rubber": _t(N_("Vulcanizer"),
            N_("During Loading, sell as many white cubes (rubber) as you like to the vulcanizer,"
               " at 1 coin per cube. Sold cubes are put in the stock, never back in the bag. "
               "Worth 1 point at the end of the game.")),
}


def card_topic(kind: str, good: str | None = None) -> str:
    """The topic key for a card: its merchant's own text, else its kind's."""
    if kind == "merchant" and good is not None and f"merchant:{good}" in TEXTS:
        return f"merchant:{good}"
    return f"kind:{kind}"


def card_topics(cards: Iterable[tuple[str, str | None]]) -> list[str]:
    """The topics of these cards, given as (kind, good), each once, in their first order
    (what a screen's "?" lists for the cards it shows)."""
    return list(dict.fromkeys(card_topic(kind, good) for kind, good in cards))


def help_text(topic: str, language: str) -> tuple[str, str]:
    """The (title, text) of `topic` in `language` (English for a language without texts).

    An unknown topic is a programming error (the tests cover every kind, category
    and phase the engine has): `KeyError` naming it.
    """
    entry = TEXTS.get(topic)
    if entry is None:
        raise KeyError(f"no rules text for {topic!r}")
    said = translations(language if language in LANGUAGES else "en")
    return plain(said.gettext(entry["title"])), said.gettext(entry["text"])


__all__ = ["TEXTS", "card_topic", "card_topics", "help_text"]
