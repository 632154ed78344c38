"""Colour is never the only signal (docs/frames.md, "Colour is never the only signal").

Everything drawn in a player's or a good's colour is a mark of the frame description
(`marks`: a fill, a badge, a coloured text, a chart's line). Each must carry its sign, a
text that says whose it is without the colour: the player's letter, name or colour word;
the good's initials or name. The sign counts when it is

- drawn on the mark (its ink's centre inside the mark: a badge's letter, a cube's
  initials, a button's label, or the coloured text itself),
- beside it (at most `NEAR` px away, scaled: a stripe beside the name, the metal coin
  beside "Anna first"), or
- on the same row, at most a third of the window away (a bar in a row that starts with
  the player's name);

a line's sign must be at its end (the letter a chart's line ends in). `signs_of(state)`
gives every player's and good's signs in the current language; without them, any text
with a letter in it counts (for frames whose game is not at hand).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .framecheck import gap, scale

#: How far (px at 800x480) a sign may be from its mark and still say whose it is.
NEAR = 16
Rect = Sequence[int]


def signs_of(state: Any) -> dict[str, set[str]]:
    """Each player's signs (letter, name, colour word) and each good's (initials, name),
    keyed by player id and good, in the current language."""
    from companion.engine import GOODS
    from companion.ui import names, words
    from companion.ui.hyphen import plain

    out: dict[str, set[str]] = {}
    for pid in state.players:
        out[pid] = {words.letter(state, pid), words.player_name(state, pid), names.colour(pid)}
    for good in GOODS:
        out[good] = {names.good_initial(good), plain(names.good(good))}
    return out


def says(text: str, signs: Collection[str] | None) -> bool:
    """Whether `text` holds one of `signs` as a word of its own (any letter, without)."""
    if signs is None:
        return any(ch.isalpha() for ch in text)
    return any(re.search(rf"(?<!\w){re.escape(sign)}(?!\w)", text) for sign in signs if sign)


def centre(rect: Rect) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def contains(rect: Rect, point: tuple[float, float]) -> bool:
    return rect[0] <= point[0] <= rect[0] + rect[2] and rect[1] <= point[1] <= rect[1] + rect[3]


def same_row(a: Rect, b: Rect, width: int) -> bool:
    """`b` on `a`'s row (one's middle within the other's height), at most a third of the
    window away."""
    (_ax, ay), (_bx, by) = centre(a), centre(b)
    level = a[1] <= by <= a[1] + a[3] or b[1] <= ay <= b[1] + b[3]
    return level and gap(a, b) <= width // 3


def signed(mark: Mapping[str, Any], texts: Sequence[Mapping[str, Any]], near: float,
           width: int, signs: Collection[str] | None) -> bool:
    line = mark.get("line")
    if line:
        end = line[-1]
        spot = [end[0] - near, end[1] - near, 2 * near, 2 * near]
        return any(says(t["text"], signs) and gap(t["rect"], spot) <= 0 for t in texts)
    rect = mark["rect"]
    for t in texts:
        if not says(t["text"], signs):
            continue
        if (contains(rect, centre(t["rect"])) or gap(t["rect"], rect) <= near
                or same_row(rect, t["rect"], width)):
            return True
    return False


def unsigned(frame: Mapping[str, Any], signs: Mapping[str, Collection[str]] | None = None
             ) -> list[str]:
    """The marks of `frame` drawn in a player's or a good's colour without their sign."""
    near = NEAR * scale(frame["size"])
    texts = frame["texts"]
    found = []
    for mark in frame.get("marks", ()):
        if mark["kind"] not in ("player", "good"):  # (a card's place: no colour of its own)
            continue
        # A player of another game (History) than the one at hand: any text with a letter.
        own = None if signs is None else signs.get(mark["of"])
        if not signed(mark, texts, near, frame["size"][0], own):
            what = "line" if mark.get("line") else "mark"
            found.append(f"a {mark['kind']} {what} of {mark['of']} at {mark['rect']} "
                         "carries no letter: colour is its only signal")
    return found
