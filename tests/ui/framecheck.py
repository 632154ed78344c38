"""The checks every frame description must pass (docs/frames.md, docs/ui.md).

At 800x480, scaled by min(width, height) / 480: key text >= 32 px, body >= 22 px,
nothing below 18 px; touch targets >= 56x56 px and >= 8 px apart, none over
another; no text over text or partly over a target; nothing off screen or hidden under
the bottom bar; no text cut short except a player's own long name.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

#: The smallest size of each role at 800x480 (px).
MIN_PX = {"key": 32, "body": 22, "secondary": 18, "title": 18}
TARGET_PX = 56
#: A name longer than this may be cut (the player's own choice); a shorter one never.
LONG_NAME = 8
GAP_PX = 8
#: The screens whose panels keep the firemen total whatever gives way (issue 30).
PANELS_KEEP_FIREMEN = ("supply", "loading")


def scale(size: Sequence[int]) -> float:
    return min(size[0], size[1]) / 480


def at_least(design: float, k: float) -> int:
    """The scaled minimum, forgiving the half pixel lost to rounding."""
    return math.floor(design * k)


def gap(a: Sequence[int], b: Sequence[int]) -> int:
    """The distance between two rectangles [x, y, w, h]; negative when they overlap."""
    dx = max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]))
    dy = max(b[1] - (a[1] + a[3]), a[1] - (b[1] + b[3]))
    return max(dx, dy)


def inside(rect: Sequence[int], size: Sequence[int]) -> bool:
    x, y, w, h = rect
    return x >= 0 and y >= 0 and x + w <= size[0] and y + h <= size[1]


def inside_rect(rect: Sequence[int], box: Sequence[int]) -> bool:
    x, y, w, h = rect
    return x >= box[0] and y >= box[1] and x + w <= box[0] + box[2] and y + h <= box[1] + box[3]


#: A catalogue code no real card carries: a season letter and a number ("A3", "Feuer. A1")
#: or a whole card id ("B-fireman-2").
CODE = re.compile(r"(?<![\w-])(?:[A-E][1-9]|[A-E]-[a-z]+(?:-[a-z]+)*(?:-\d)?)(?![\w-])")
#: Kinds whose cards show no number: "Contract 2", "Ship 1" is the catalogue's numbering.
#: (Not "Warehouse": "Lager 0" is how many cubes lie in the warehouse.)
UNNUMBERED = ("Contract", "Ship", "Counting office")


@cache
def _numbered_kinds() -> re.Pattern[str]:
    """"Contract 2" in every language (the kinds' translations, soft hyphens taken out)."""
    from companion.ui.i18n import LANGUAGES, translations

    words = {translations(lang).gettext(kind).replace("\u00ad", "")
             for lang in LANGUAGES for kind in UNNUMBERED}
    alternatives = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
    # A name on its own (a button, "1. Ship 2" in a list), not in a sentence ("Auftrag 5,
    # 8 oder 11 Punkte", a line of help ending "1 Kontor 2").
    return re.compile(rf"^(?:\d+\.\s*)?(?:{alternatives})\s\d+$")


def catalogue_codes(text: str) -> list[str]:
    """The catalogue codes in `text` (issue 18: a card is named by what the table sees)."""
    clean = text.replace("\u00ad", "").replace("\u00a0", " ")
    return [m.group(0) for m in CODE.finditer(clean)] + [
        m.group(0) for part in re.split(r"\s{2,}|\s·\s", clean)
        for m in [_numbered_kinds().match(part.strip())] if m]


def problems(frame: Mapping[str, object], names: Iterable[str] = ()) -> list[str]:
    """Everything wrong with one frame description, in words."""
    size = frame["size"]
    assert isinstance(size, list)
    k = scale(size)
    long_names = tuple(names)
    out: list[str] = []
    texts = frame["texts"]
    targets = frame["targets"]
    assert isinstance(texts, list) and isinstance(targets, list)
    for item in [*texts, *targets]:
        said = item.get("text", item.get("label", ""))
        for code in catalogue_codes(str(said)):
            out.append(f"{said!r} names a card by the catalogue's code {code!r}")
    for t in texts:
        least = at_least(MIN_PX[t["role"]], k)
        if t["px"] < least:
            out.append(f"{t['role']} text {t['text']!r} is {t['px']} px (< {least})")
        if not inside(t["rect"], size):
            out.append(f"text {t['text']!r} is off screen at {t['rect']}")
        # (Where the panels keep the firemen total, Supply and Loading, any name gives
        # way to the numbers: cut, as issue 30 asks, rather than a number dropped.)
        longest = 0 if frame.get("screen") in PANELS_KEEP_FIREMEN else LONG_NAME
        if t["cut"] and not any(len(n) > longest and t["text"].rstrip("\u2026") and
                                n.startswith(t["text"].rstrip("\u2026")) for n in long_names):
            out.append(f"text cut short: {t['text']!r}")
    # No string drawn over another (their ink).
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if gap(a["rect"], b["rect"]) < 0:
                out.append(f"texts {a['text']!r} and {b['text']!r} overlap")
    # No text partly over a button or tappable region: a target's own label lies inside
    # it; a line that runs into one (a note drawn over row 5's buttons) hides both.
    for t in texts:
        for g in targets:
            if gap(t["rect"], g["rect"]) < 0 and not inside_rect(t["rect"], g["rect"]):
                out.append(f"text {t['text']!r} runs over target {g['label']!r}")
    # The screen's own texts and targets stay above the bottom bar (not hidden under it).
    body = frame.get("body", [0, 0, size[0], size[1]])
    for item in [*texts, *targets]:
        if not item.get("bar") and not inside_rect(item["rect"], body):
            what = item.get("text", item.get("label"))
            out.append(f"{what!r} at {item['rect']} is outside the screen's part {body}")
    least_side, least_gap = at_least(TARGET_PX, k), at_least(GAP_PX, k)
    for t in targets:
        x, y, w, h = t["rect"]
        if w < least_side or h < least_side:
            out.append(f"target {t['label']!r} is {w}x{h} (< {least_side})")
        if not inside(t["rect"], size):
            out.append(f"target {t['label']!r} is off screen at {t['rect']}")
    for i, a in enumerate(targets):
        for b in targets[i + 1:]:
            d = gap(a["rect"], b["rect"])
            if d < 0:
                out.append(f"targets {a['label']!r} and {b['label']!r} overlap")
            elif d < least_gap:
                out.append(f"targets {a['label']!r} and {b['label']!r} are {d} px apart "
                           f"(< {least_gap})")
    out += preselected(frame)
    return out


def preselected(frame: Mapping[str, object]) -> list[str]:
    """A question not answered yet (a printed value: a fire's points, a fireman's value, a
    contract's goods) shows no answer as chosen: no target drawn selected, no number where
    the steps' number goes, and no primary action to tap (Confirm waits for a choice)."""
    if frame.get("question") != "unanswered":
        return []
    out: list[str] = []
    targets = frame["targets"]
    texts = frame["texts"]
    assert isinstance(targets, list) and isinstance(texts, list)
    for t in targets:
        if t.get("selected"):
            out.append(f"question: {t['label']!r} is shown chosen before any answer")
        if t["primary"] and t["enabled"]:
            out.append(f"question: {t['label']!r} can be tapped before any answer")
    for t in texts:
        if t["role"] == "key" and t["text"].strip().lstrip("\u2212-").isdigit():
            out.append(f"question: the number {t['text']!r} is shown before any answer")
    return out


def moved(before: Mapping[str, object], after: Mapping[str, object]) -> list[str]:
    """Nothing moves under the finger (docs/touch.md): between two consecutive frames of
    one screen, a target whose label is drawn once in both keeps its rect. (A label drawn
    twice, or only in one frame, is another target: nothing is said about it.)"""
    if before["screen"] != after["screen"] or before["size"] != after["size"]:
        return []

    def once(frame: Mapping[str, object]) -> dict[str, list[int]]:
        targets = frame["targets"]
        assert isinstance(targets, list)
        seen: dict[str, int] = {}
        for t in targets:
            seen[t["label"]] = seen.get(t["label"], 0) + 1
        return {t["label"]: t["rect"] for t in targets if seen[t["label"]] == 1}

    a, b = once(before), once(after)
    return [f"target {label!r} moved from {a[label]} to {b[label]}"
            for label in sorted(a.keys() & b.keys()) if a[label] != b[label]]


#: The round screens and the question on them: every action they offer has a button path
#: (issue 31).
BUTTON_SCREENS = ("supply", "purchase", "purchase-tracked", "loading", "confirm")
PRICE_CELL = re.compile(r"^(\S+) (\d+)$")


def unreached(frame: Mapping[str, object], initials: Iterable[str] = (),
              move_words: Iterable[str] = (), pass_word: str = "",
              switch: tuple[str, str] = ("", "")) -> list[str]:
    """The actions of a round screen that no button reaches, by the frame's legend
    (`buttons`: what each of the table's buttons does on it, docs/frames.md):
    - the bar's primary action, enabled, needs OK;
    - a good's button (its initials, `initials` in the frame's language) on Supply and the
      question needs a player button meaning that good;
    - a buyer's price cell ("A 3") needs that player's button (by its letter);
    - a number answer needs a button meaning it ("3", or "3/8");
    - Loading's choices need a player button stepping through moves (`move_words`);
    - Pass needs the offered player's button meaning Pass (`pass_word`);
    - quick Purchase's form switch (`switch`: its label, and what the legend calls it,
      "Track workers" and "workers") needs a button meaning it (OK held: `ok-held`),
      unless a buyer is chosen on the buttons (a price cell selected: Undo first, as a
      card chosen on the tracked form comes before its OK)."""
    screen = frame["screen"]
    if screen not in BUTTON_SCREENS:
        return []
    legend = frame.get("buttons", [])
    assert isinstance(legend, list)
    roles = {b["button"]: b for b in legend}
    meanings = [str(b["means"]) for b in legend if b["button"] not in ("ok", "undo")]
    letters = {b.get("letter") for b in legend if b["button"] not in ("ok", "undo")}
    goods = set(initials)
    targets = frame["targets"]
    assert isinstance(targets, list)
    out: list[str] = []
    for t in targets:
        if not t["enabled"]:
            continue
        label = " ".join(str(t["label"]).replace("\u25b6", " ").split())
        if t["primary"]:
            if "ok" not in roles:
                out.append(f"{screen}: the primary {label!r} has no OK in the legend")
            continue
        if t["bar"]:
            continue
        if screen in ("supply", "confirm") and label in goods and label not in meanings:
            out.append(f"{screen}: no button is the good {label!r}")
        cell = PRICE_CELL.match(label)
        if screen == "purchase" and cell and cell.group(1) not in letters:
            out.append(f"{screen}: no button buys as {cell.group(1)!r} ({label!r})")
        if screen == "confirm" and label.isdigit() and not any(
                label in m.split("/") for m in meanings):
            out.append(f"{screen}: no button answers {label!r}")
        if screen == "purchase" and switch[0] and \
                label.replace("\u00ad", "") == switch[0].replace("\u00ad", "") and \
                not any(b["means"] == switch[1] for b in legend) and \
                not any(PRICE_CELL.match(str(p["label"])) and p.get("selected")
                        for p in targets):
            out.append(f"{screen}: no button switches the form ({label!r})")
        if screen == "purchase-tracked" and pass_word and label == pass_word and \
                pass_word not in meanings:
            out.append(f"{screen}: no button passes")
    if screen == "loading" and move_words and any(
            not t["bar"] and t["enabled"] for t in targets) and \
            not any(m in set(move_words) for m in meanings):
        out.append(f"{screen}: no player button steps through the moves")
    return out


def categories_missing(frame: Mapping[str, object], labels: Iterable[str],
                       control: str) -> list[str]:
    """A results frame (final, past game) shows every score category's row, or a control
    that shows them (issue 30: the code beside the ranking left five players' categories
    unreachable): the category names not drawn whole, when no enabled target reads
    `control`."""
    texts = frame["texts"]
    targets = frame["targets"]
    assert isinstance(texts, list) and isinstance(targets, list)
    if any(t["label"] == control and t["enabled"] for t in targets):
        return []
    drawn = {t["text"] for t in texts if not t["cut"]}
    return [f"category {label!r} is not shown, and no {control!r} button shows it"
            for label in labels if label.replace("\u00ad", "") not in drawn]


def panels_without_firemen(frame: Mapping[str, object], names: Iterable[str],
                           firemen: str) -> list[str]:
    """Every player's panel (its target, labelled with the player's name) shows the
    firemen total (issue 30: a fire can be revealed until the 4th fire ends the game, and
    the table checks the totals on the panels): `firemen` is the detail's template in the
    frame's language ("Feuerwehr {n}")."""
    texts = frame["texts"]
    targets = frame["targets"]
    assert isinstance(texts, list) and isinstance(targets, list)
    word = re.escape(firemen.replace("\u00ad", "").split("{n}")[0].strip())
    pattern = re.compile(rf"(?:^|\s){word}[\s\u00a0]\u2212?\d+")
    players = set(names)
    out = []
    for target in targets:
        if target.get("bar") or target["label"] not in players:
            continue
        inside_it = [t["text"] for t in texts if inside_rect(t["rect"], target["rect"])]
        if not any(pattern.search(text) for text in inside_it):
            out.append(f"the panel of {target['label']!r} shows no firemen total "
                       f"({' | '.join(inside_it)})")
    return out


def card_names_off(frame: Mapping[str, object], catalogue: object) -> list[str]:
    """Every card shown by its name (a "card" mark: a Purchase tile) says the card's one
    name or its one short form in the frame's language (`names.card_forms`), whole, with
    what its face shows; besides it only its status (a player's letter and price, the
    workers' letters, "discarded" or its cross) and its goods' initials (issue 30: the
    French fireman was "Pompiers" on its tile, "Caserne" elsewhere; the spice trader a
    "Safran" tile). Run in the frame's language."""
    from companion.ui.hyphen import plain
    from companion.ui.i18n import _

    from . import tilewords

    texts = frame["texts"]
    marks = frame.get("marks", [])
    assert isinstance(texts, list) and isinstance(marks, list)
    status = {plain(_("discarded")), "\u2715"}
    out = []
    for mark in marks:
        if mark["kind"] != "card":
            continue
        card = catalogue[mark["of"]]  # type: ignore[index]
        inside_it = sorted((t for t in texts if inside_rect(t["rect"], mark["rect"])),
                           key=lambda t: (t["rect"][1], t["rect"][0]))
        said = " ".join(t["text"] for t in inside_it if t["text"] not in status
                        and not re.fullmatch(r"[A-Z][a-z]?(\s·\s\d+)?|[A-Z][a-z]?(\s?[A-Z][a-z]?)*",
                                             t["text"].strip()))
        bad = tilewords.cut_words(plain(said), card)
        if bad:
            out.append(f"the tile of {mark['of']} says {said!r}: {bad} is not its name "
                       "or its one short form")
    return out
