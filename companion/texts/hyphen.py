"""Where a word may be broken across lines: only at its soft hyphens (U+00AD), which the
translators place in the catalogues by hand ("Gewürz\u00adhändler"), or after a hyphen it
already has ("Saint-Michel"). Never anywhere else: a guessed break ("Gewü-rzhän-dler",
"caoutc-houc") is worse than a smaller size or another line. No dictionary hyphenator is
loaded for this (pyphen would cost its start time for the few long words we have).
"""

from __future__ import annotations

from collections.abc import Callable

SOFT = "\u00ad"


def break_points(word: str) -> list[tuple[str, str]]:
    """Every permitted (head as shown at the end of a line, rest) split of `word`."""
    out = []
    for i, ch in enumerate(word):
        if ch == SOFT and 0 < i < len(word) - 1:
            out.append((word[:i].replace(SOFT, "") + "-", word[i + 1:]))
        elif ch == "-" and 0 < i < len(word) - 1:
            out.append((word[:i + 1].replace(SOFT, ""), word[i + 1:]))
    return out


def break_word(word: str, fits: Callable[[str], bool]) -> tuple[str, str]:
    """The longest permitted head of `word` that `fits`, and the rest; ("", word) if none."""
    best = ("", word)
    for head, rest in break_points(word):
        if fits(head):
            best = (head, rest)
    return best


def plain(text: str) -> str:
    """`text` without its soft hyphens (as shown when nothing is broken)."""
    return text.replace(SOFT, "")
