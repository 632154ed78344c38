"""The bottom bar's layout: where its buttons go, and which go above it for want of room.

`UI` (`companion.ui.core`) decides which buttons the bar shows for the scene on top (Undo,
Home, "?", Redo or Back on the left; the primary action, and a secondary one, on the
right) and draws them; `BarLayout` only places them. It remembers, per scene, how many of
the left buttons went above the bar, so that a tap that shortens a label never brings one
back under another finger (docs/ui.md, "Always in the same place").
"""

from __future__ import annotations

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, SMALL, Canvas, Colour, font
from companion.ui.memo import Memo
from companion.ui.scene import Action0
from companion.ui.tokens import FINGER, GAP, PAD, SNUG, THIN, TIGHT

#: The bottom bar's height at 800x480.
BAR = 72
#: The bar's words' inset from their box, across (a little more than a control's padding).
WORDS_X = 14
#: The least width of a bar button.
LEAST_W = 64

#: A bar button before it is placed: label, action (None: disabled), key, colour.
Item = tuple[str, Action0 | None, str, Colour]
#: A placed button: its rect, then as `Item`.
Placed = tuple[pygame.Rect, str, Action0 | None, str, Colour]


def text_box(c: Canvas, box: pygame.Rect) -> pygame.Rect:
    """Where the bar's words go inside their box (the same for fitting and drawing)."""
    return layout.inset(box, c.u(WORDS_X), c.u(SNUG))


#: The mark after a primary action's label that can be tapped ("Loading done  ▶").
MARK = "\u25b6"


def mark_kept(c: Canvas, label: str, width: int) -> str:
    """`label` as a button `width` wide draws it: where its lines would leave the primary's
    mark alone on the last ("Verladung fertig" / "▶", QA de-r6-c), the spaces before the
    mark do not break, so it ends the last word's line; where the two do not fit the
    width on as many lines, the words alone (the button's colour still says it is the
    primary action). Any other label as it is."""
    if not label.endswith(MARK):
        return label
    lines = c.wrap(label, width - c.u(PAD), BODY)
    if len(lines) < 2 or lines[-1].strip() != MARK:
        return label
    head = label[:-len(MARK)].rstrip(" ")
    kept = head + "\u00a0" * (len(label) - len(MARK) - len(head)) + MARK
    room = width - c.u(PAD)
    f = font(c.px(BODY))
    wrapped = c.wrap(kept, room, BODY)
    if len(wrapped) > len(lines) or any(f.size(line)[0] > room for line in wrapped):
        return head  # the last word and the mark too wide together: the words alone
    return kept


def widths_for(c: Canvas, bar: pygame.Rect, left: list[Item], right: list[Item],
               at_least: int = 0, also: tuple[str, ...] = ()) -> tuple[list[int], int]:
    """Each bar button's width, and how many of the last buttons on the left go above
    the bar for want of room: `at_least`, more only if that helps. `also`: the other
    labels the last button on the right (the primary action) may take on this screen: it
    is as wide as the widest, and none of them may be cut."""
    pad = c.u(GAP)
    h = bar.h - 2 * pad
    f = font(c.px(BODY))
    least = c.u(LEAST_W)
    labels = [item[0] for item in left + right]
    # The primary's other labels: the widest sizes it (and keeps its room while no
    # primary is shown: its coming moves nothing), each must fit it.
    others = [label for label in also if not right or label != right[-1][0]]
    if others:
        widest = max([*labels[len(left):], *others], key=lambda label: f.size(label)[0]) \
            if len(right) <= 1 else max([labels[-1], *others],
                                        key=lambda label: f.size(label)[0])
        if right:
            labels[-1] = widest
        else:
            labels.append(widest)

    def widths(labels: list[str]) -> list[int]:
        wanted = [max(least, f.size(label)[0] + c.u(2 * PAD)) for label in labels]
        room = bar.w - pad * (len(labels) + 1)
        need = list(wanted)
        # Too wide together (portrait, German): the widest give way; labels then wrap.
        while sum(wanted) > room and max(wanted, default=0) > least:
            widest = wanted.index(max(wanted))
            wanted[widest] -= max(1, (sum(wanted) - room) // 2)
            wanted[widest] = max(least, wanted[widest])
        if right and labels[-1].endswith(MARK) and wanted[-1] < need[-1] and \
                not mark_kept(c, labels[-1], wanted[-1]).endswith(MARK):
            # The primary would lose its mark ("Fermer  ▶" beside Redo in portrait): the
            # others give up half their padding instead, where that keeps it whole.
            kept = list(need)
            for k in range(len(kept) - 1):
                kept[k] = max(least, f.size(labels[k])[0] + c.u(PAD), kept[k] - c.u(PAD))
            over = sum(kept) - room
            if over <= 0:
                for k in sorted(range(len(kept) - 1), key=lambda k: -need[k]):
                    give = min(need[k] - kept[k], room - sum(kept))
                    kept[k] += max(0, give)
                return kept
        return wanted

    def cut(labels: list[str], wanted: list[int]) -> bool:
        """Whether a label would not fit its button even on two lines."""
        most = max(1, (h - c.u(THIN)) // f.get_linesize())
        pairs = list(zip(labels, wanted, strict=True))
        pairs += [(label, wanted[-1]) for label in others]
        for label, w in pairs:
            lines = c.wrap(label, w - c.u(PAD), BODY)
            if len(lines) > most or any(f.size(x)[0] > w - c.u(PAD) for x in lines):
                return True
        return False

    def staying(moved: int) -> list[str]:
        return labels[:len(left) - moved] + labels[len(left):]

    for moved in range(at_least, len(left)):  # Undo or Back stays
        wanted = widths(staying(moved))
        if not cut(staying(moved), wanted):
            return wanted, moved
    return widths(staying(at_least)), at_least  # the left buttons were not the cause


class BarLayout:
    """Places the bar's buttons, frame after frame, for the scene on top."""

    #: How many sets of labels `place` remembers the widths of: the bar as shown and as
    #: it would be with Redo (`UI._redo_goes_above` asks every Loading frame), with a
    #: primary that changes its label, without laying the bar out again for each.
    REMEMBERED = 8

    def __init__(self) -> None:
        #: The widths worked out per labels, bar and scale (`widths_for`).
        self._widths: Memo[tuple[list[int], int]] = Memo(self.REMEMBERED)
        #: (screen, its left buttons' keys with the bar and scale, how many of those
        #: buttons went above the bar).
        self._moved_on: tuple[object, tuple[object, ...], int] | None = None

    def place(self, c: Canvas, scene: object, bar: pygame.Rect, left: list[Item],
              right: list[Item], also: tuple[str, ...] = (),
              sized: dict[str, tuple[str, ...]] | None = None, coming: Item | None = None
              ) -> tuple[list[Placed], list[Placed]]:
        """The buttons in the bar (left ones from the left, right ones from the right) and
        those above it (at its left end; their y is the strip's, set when drawn). `also`:
        the other labels the primary action may take on this screen (`widths_for`);
        `sized`: per key, the labels another right button may show; it is as wide as the
        widest; `coming`: a left button that may come on this screen (Redo, after an
        Undo): the right ones are as wide as they will be beside it, so its coming does
        not squeeze the primary under the finger (German Loading: 266 -> 240 px)."""
        pad = c.u(GAP)
        if sized:
            f = font(c.px(BODY))
            measured = [(max(sized[item[2]], key=lambda label: f.size(label)[0]), *item[1:])
                        if item[2] in sized else item for item in right]
        else:
            measured = right
        h = bar.h - 2 * pad
        left = list(left)
        # What moved above the bar stays there while the same screen shows the same
        # buttons on the left: a tap that shortens the primary label ("Niemand hat
        # gekauft" -> "Blau zahlt 2") must not bring the "?" back under another finger.
        keys = (tuple(item[2] for item in left), tuple(bar), c.s)
        shown = self._moved_on
        at_least = min(shown[2], max(0, len(left) - 1)) if shown and shown[0] is scene \
            and shown[1] == keys else 0
        # The widths depend only on the labels and the bar: worked out once for them.
        labels = (tuple(item[0] for item in left), tuple(item[0] for item in measured),
                  tuple(bar), c.s, at_least, also, coming and coming[0])

        def measure() -> tuple[list[int], int]:
            wanted, moved = widths_for(c, bar, left, measured, at_least, also)
            if coming is not None and measured:
                # The right buttons as narrow as they are with or without it, the same
                # in both (what the left buttons leave them can differ).
                without = [item for item in left if item[2] != coming[2]]
                n = len(measured)
                other = widths_for(c, bar, without if len(without) < len(left)
                                   else [*left, coming], measured, at_least, also)[0]
                wanted = wanted[:-n] + [min(a, b) for a, b in zip(wanted[-n:], other[-n:],
                                                                 strict=True)]
            return wanted, moved

        wanted, moved = self._widths.get(labels, measure)
        self._moved_on = (scene, keys, moved)
        # No room for all of them (portrait, long words): the last on the left (Redo, the
        # "?", then Home) go above the bar, at its left end (the UI makes a strip for
        # them); Undo or Back, and the primary action, never move.
        above: list[Placed] = []
        if moved:
            f = font(c.px(BODY))
            x = bar.x + pad
            for label, action, key, colour in left[len(left) - moved:]:
                w = max(c.u(FINGER), f.size(label)[0] + c.u(2 * PAD))
                above.append((pygame.Rect(x, 0, w, h), label, action, key, colour))
                x += w + pad
            del left[len(left) - moved:]
        out: list[Placed] = []
        x = bar.x + pad
        for (label, action, key, colour), w in zip(left, wanted, strict=False):
            out.append((pygame.Rect(x, bar.y + pad, w, h), label, action, key, colour))
            x += w + pad
        x = bar.right - pad
        for (label, action, key, colour), w in zip(reversed(right), reversed(wanted),
                                                  strict=False):
            x -= w
            out.append((pygame.Rect(x, bar.y + pad, w, h), mark_kept(c, label, w), action,
                        key, colour))
            x -= pad
        return out, above


# --- the buttons' legend --------------------------------------------------------------------


@value
class LegendCell:
    """A player button's cell in the legend's row: its badge (centre, radius) and the box
    its words are fitted into."""

    badge_at: tuple[int, int]
    radius: int
    #: None: the words are said once for every button, in the last cell's box.
    words: pygame.Rect | None


def legend_cells(c: Canvas, row: pygame.Rect, cells: list[tuple[str, str]]
                 ) -> list[LegendCell]:
    """The legend's cells of the buttons `cells` (each its letter and its words, in the
    buttons' order) across `row`: as wide each as the others where that cuts no words
    (landscape); else each as wide as its words need, the room left shared out (portrait:
    "un coup" beside four dashes); else the buttons side by side that say the same (New
    game's "starts", then "+ seat"), their badges together and the words once after them.
    Only where even that is too wide are the words cut."""
    radius = row.h // 2 - 1
    f = font(c.px(SMALL))
    wides = [c.badge_radius(radius, letter) for letter, _words in cells]
    needs = [c.u(PAD) + 2 * wide + f.size(words)[0] + c.u(TIGHT)
             for wide, (_letter, words) in zip(wides, cells, strict=True)]
    equal = row.w // max(1, len(cells))
    if all(need <= equal for need in needs):
        return _cells(c, row, wides, [equal] * len(cells))
    if sum(needs) <= row.w:
        share = (row.w - sum(needs)) // len(cells)
        return _cells(c, row, wides, [need + share for need in needs])
    # Runs of buttons that say the same: (first, last) of each.
    runs: list[list[int]] = []
    for k, (_letter, words) in enumerate(cells):
        if runs and cells[runs[-1][0]][1] == words:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    run_needs = [c.u(SNUG) + sum(2 * wides[k] + c.u(SNUG) for k in range(first, last + 1))
                 + f.size(cells[first][1])[0] + c.u(TIGHT) for first, last in runs]
    if sum(run_needs) > row.w:
        return _cells(c, row, wides, [equal] * len(cells))
    share = (row.w - sum(run_needs)) // len(runs)
    out = []
    x = row.x
    for (first, last), need in zip(runs, run_needs, strict=True):
        right = x + need + share
        at = x + c.u(SNUG)
        for k in range(first, last + 1):
            box = None
            if k == last:
                start = at + 2 * wides[k] + c.u(SNUG)
                box = pygame.Rect(start, row.y, right - start - c.u(TIGHT), row.h)
            out.append(LegendCell((at + wides[k], row.centery), radius, box))
            at += 2 * wides[k] + c.u(SNUG)
        x = right
    return out


def _cells(c: Canvas, row: pygame.Rect, wides: list[int], widths: list[int]
           ) -> list[LegendCell]:
    """A cell per button of `widths`, left to right: its badge, then its words' box."""
    radius = row.h // 2 - 1
    out = []
    x = row.x
    for wide, width in zip(wides, widths, strict=True):
        cell = pygame.Rect(x, row.y, width, row.h)
        left = cell.x + c.u(PAD) + 2 * wide
        out.append(LegendCell((cell.x + c.u(SNUG) + wide, cell.centery), radius,
                              pygame.Rect(left, cell.y, cell.right - left - c.u(TIGHT),
                                          cell.h)))
        x += width
    return out
