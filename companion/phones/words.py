"""The page's words in each language, from the app's own catalogues and rules texts.

The page is translated in the browser from one table per language
(`/words/<lang>.json`), made once when `serve` starts: the page's own strings
(`PAGE`, msgids in companion/locale like every other string), the game's words
as the table screen says them (`companion.texts.names`), the name of every card,
and the rules texts (`companion.texts.rulestexts`). None of this imports pygame.
"""

from __future__ import annotations

from typing import Any

from companion.engine import Catalogue
from companion.engine.words import CATEGORY_LABELS
from companion.languages import LANGUAGE_NAMES, LANGUAGES
from companion.texts import i18n, names, rulestexts
from companion.texts.hyphen import plain
from companion.texts.i18n import N_

#: The page's own strings: key -> English msgid.
PAGE = {
    "title": N_("Speicherstadt at the table"),
    "connecting": N_("Connecting to the table…"),
    "offline": N_("No connection to the table; trying again…"),
    "rotated": N_("The table's code has changed: scan the new code on the table screen "
                  "(Home → Phones) to follow the game again."),
    "not_pinned": N_("This game was saved by an older version of the companion. The page "
                     "shows it once the table has opened it (the table fixes its card values "
                     "first)."),
    "no_game": N_("No game is in progress. The page follows the table when one starts."),
    "round": N_("Round {n}"),
    "last_round": N_("Last round"),
    "score": N_("Score"),
    "coins": N_("Coins"),
    "fire_standing": N_("Firemen"),
    "fires": N_("Fires"),
    "fire_points": N_("{points} points"),
    "gained": N_("gained"),
    "lost": N_("lost"),
    "tableau": N_("Tableau"),
    "cards": N_("Cards"),
    "contracts": N_("Contracts"),
    "on_contract": N_("on it"),
    "warehouse": N_("Warehouse"),
    "market_hall": N_("Market hall"),
    "on_ship": N_("On the ship"),
    "empty": N_("empty"),
    "none": N_("none"),
    "unconfirmed": N_("not yet confirmed"),
    "first_player": N_("has the metal coin"),
    "rules": N_("Rules"),
    "result": N_("Result"),
    "winner": N_("Winner"),
    "chart": N_("Score by round"),
    "add_bgstats": N_("Add to my BG Stats"),
    "bgstats_web": N_("Open in the browser instead"),
    "share": N_("Share the result"),
    "picture_failed": N_("The picture could not be made: {reason}"),
    "share_failed": N_("The picture could not be shared ({reason}); tap again to save it."),
    "language": N_("Language"),
    "players": N_("Players"),
    "cards_left": N_("Cards left in the pile: {n}"),
    # The link to the club's league (docs/club.md), shown when the table belongs to a club.
    "club": N_("The club's league (all tables)"),
    # A label before its value ("Coins: 5"); French puts a narrow no-break space before ":".
    "label": N_("{label}:"),
}


def _card_names(catalogue: Catalogue) -> dict[str, str]:
    return {card.id: plain(names.card_name(card)) for card in catalogue}


def table(language: str, catalogue: Catalogue) -> dict[str, Any]:
    """Every word the page needs in `language` (en, de or fr)."""
    i18n.set_language(language)
    try:
        tr = i18n._
        topics = list(rulestexts.TEXTS)
        return {
            "language": language,
            "languages": {code: LANGUAGE_NAMES[code] for code in LANGUAGES},
            "page": {key: plain(tr(msgid)) for key, msgid in PAGE.items()},
            "goods": {k: plain(tr(v)) for k, v in names.GOOD_NAMES.items()},
            "phases": {k: plain(tr(v)) for k, v in names.PHASE_NAMES.items()},
            "colours": {k: plain(tr(v)) for k, v in names.COLOUR_NAMES.items()},
            "kinds": {k: plain(tr(v)) for k, v in names.KIND_NAMES.items()},
            "categories": {k: plain(tr(v)) for k, v in CATEGORY_LABELS.items()},
            "cards": _card_names(catalogue),
            "rules": [
                dict(zip(("title", "text"), rulestexts.help_text(topic, language), strict=True),
                     topic=topic)
                for topic in topics
            ],
        }
    finally:
        i18n.set_language("en")


__all__ = ["PAGE", "table"]
