"""What a Purchase tile may say of its card (companion/ui/layouts/purchase.py,
`tile_name`): whole words only, of the card's one name or its one short form in the
language (`names.card_forms`; issue 30: never a third name, never the good a merchant
buys, never a compound's first part). A word may wrap over lines at its soft hyphens (the
break drawn as a hyphen), but is never cut short: "Con-" (Contract), "Tep-"
(Teppichhändler), "Ca-" (Caserne) tell nobody which card it is."""

from __future__ import annotations

import re

from companion.engine import Card
from companion.ui import names
from companion.ui.hyphen import plain


def words(card: Card) -> set[str]:
    """The whole words a tile may use for `card` in the current language: of its one name
    and its one short form, its face (goods initials, a value), and the mark of a guess."""
    # The face's goods also run together where the tile is narrow ("RuCoTe?").
    texts = [names.card_name(card), names.face(card),
             names.face(card).replace(names.GOODS_JOIN, ""), *names.card_forms(card)]
    found = set()
    for text in texts:
        found.update(w for w in re.split(rf"[\s{names.GOODS_JOIN}()?]+", plain(text)) if w)
    return found


def cut_words(text: str, card: Card) -> list[str]:
    """The words of a tile's `text` (as drawn: its lines joined by spaces, a line broken
    at a soft hyphen ending in "-") that are not whole words of `card`; [] if none."""
    allowed = words(card)
    tokens = [t for t in re.split(rf"[\s{names.GOODS_JOIN}()?]+", text) if t]
    bad, k = [], 0
    while k < len(tokens):
        token = tokens[k]
        # A word wrapped at a soft hyphen: its parts joined again ("Feuer-" "wehr").
        while token.endswith("-") and k + 1 < len(tokens) \
                and any(w.startswith(token[:-1] + tokens[k + 1].rstrip("-")) for w in allowed):
            k += 1
            token = token[:-1] + tokens[k]
        if token not in allowed:
            bad.append(token)
        k += 1
    return bad
