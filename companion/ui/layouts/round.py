"""The round frame's places (`companion.ui.scenes.round`): the header (round, season, pile,
phase, who has the metal coin), the score track, a panel per player, the hint or a message
above the phase's controls, and the room left to those controls (each phase's own layout
places them in it).

Landscape: the header, the track under it, the panels in a column on the left and the
phase on the right. Portrait: the panels in two columns under the track, the phase below
them. Where the phase's controls need more room the track gives up its numbers, then its
place, and in portrait the panels their second line (`portrait_steps`); the scene keeps,
for the round, how far the frame gave way, so nothing moves back under the finger.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, LARGE, SMALL, Canvas, font
from companion.ui.hyphen import SOFT, plain
from companion.ui.layouts.stack import text_box
from companion.ui.tokens import FINGER, GAP, HAIRLINE, PAD, ROOMY, SNUG, THIN, TIGHT

#: Heights at 800x480: the header line, the score track; the panels' least width and height.
HEADER, TRACK, PANELS, PANEL_H = 40, 48, 250, 56
#: The least height of the score track (its markers without the numbers above).
TRACK_LEAST = 30
#: Portrait: what a row of panels adds for its line of details (a long name under the
#: key numbers, or the details).
DETAILS_H = 16
#: The metal coin's badge before who is first in the header: the room it takes, its
#: middle left of the words, its radius.
COIN_W, COIN_X, COIN_R = 40, 18, 14
#: The track's line: its inset from either end, how far below the track's top it runs
#: with the numbers above it, and its width (at least 2 px; a chosen panel's outline too).
TRACK_ENDS, TRACK_LINE_Y, LINE_W = 44, 33, 3
#: Half a tick's length: every fifth space's, the others'; the numbers' foot above the
#: line; a player's marker's radius.
TICK_FIFTH, TICK, NUMBERS_Y, MARKER_R = 8, 3, 12, 12
#: A panel: its colour stripe's width, its badge's middle and radius, where the name
#: starts beside the badge and where the lines below the badge start.
STRIPE_W, BADGE_X, BADGE_Y, BADGE_RADIUS, NAME_X, LINES_X = 8, 26, 18, 12, 44, 14
#: A panel: the top of its details beside the name; its least height for a name on a
#: line of its own below the badge (portrait).
DETAILS_Y, NAME_BELOW_H = 34, 70
#: The buttons' legend's row above the bar at 800x480 (where the table has buttons).
LEGEND = 22
#: Between the header's parts: wide where there is room, narrow where not, and with thin
#: spaces before the header gives up a part or a line (French Supply: "Printemps").
SEPARATORS = ("  \u00b7  ", " \u00b7 ", "\u2009\u00b7\u2009")


def _drawn_width(f: pygame.font.Font, text: str) -> int:
    """How wide `Canvas.text` draws `text` in font `f` (soft hyphens are not drawn)."""
    return int(f.size(plain(text) if SOFT in text else text)[0])


# --- the frame ------------------------------------------------------------------------------


def portrait(c: Canvas) -> bool:
    """Portrait (a panel rotated 90 or 270): the panels in two columns on top."""
    return c.w < c.h


def landscape(c: Canvas) -> bool:
    """Landscape (wider than tall): the panels in a column on the left, the phase beside."""
    return c.w > c.h


def header_bar(c: Canvas) -> pygame.Rect:
    """The header's line across the top (a header that needs two lines grows below it)."""
    return pygame.Rect(0, 0, c.w, c.u(HEADER))


def header_and_track(c: Canvas) -> int:
    """The height a one-line header and the full score track take together."""
    return c.u(HEADER) + c.u(TRACK)


def panels_width(c: Canvas) -> int:
    """Landscape: the width of the panels' column (with its gap on the left)."""
    return max(c.u(PANELS), c.w * 31 // 100)


def phase_width(c: Canvas) -> int:
    """The width of the phase's part (beside the panels, or under them in portrait)."""
    gap = c.u(GAP)
    if portrait(c):
        return c.w - 2 * gap
    return c.w - panels_width(c) - 2 * gap


def track_height(c: Canvas, body: pygame.Rect, header_h: int, players: int) -> int:
    """Landscape: the score track's height before the phase asks for its place. Each
    panel is a finger tall at least: where five of them and the full track do not fit (a
    two-line header), the track gives up its numbers, then its place (the panels say every
    player's points too). Elsewhere the full track."""
    track_h = c.u(TRACK)
    if landscape(c):
        gap = c.u(GAP)
        # (The panels' column keeps a gap below the track: without it five panels came
        # out a pixel short of a finger where the track took its least height.)
        spare = body.bottom - header_h - (players * c.u(PANEL_H) + players * gap)
        track_h = min(track_h, spare)
        if track_h < c.u(TRACK_LEAST):
            track_h = 0
    return track_h


def below_track(body: pygame.Rect, header_h: int, track_h: int) -> int:
    """The height left below the header and a track of `track_h`."""
    return body.bottom - header_h - track_h


def needs_more(need: int, hint_place: int, left: int) -> bool:
    """Whether controls that need `need` under a hint's place of `hint_place` need more
    than the `left` height."""
    return need + hint_place > left


def panel_height(c: Canvas) -> int:
    """A row of panels' height in portrait before the frame gives way (a finger tall)."""
    return c.u(PANEL_H)


def portrait_steps(c: Canvas, keep_details: bool = False) -> list[tuple[int, int]]:
    """Portrait: the (track, row of panels) heights, each step giving more to the phase:
    the panels give up their second line of details (kept only where the phase says what
    it needs and leaves room for it), the track gives up its numbers, then the panels the
    line that puts a long name under the numbers, then the track its place.
    `keep_details`: the panels keep their line of details (the firemen total where a fire
    can be revealed, issue 30); the track gives its place instead."""
    detailed = c.u(PANEL_H + DETAILS_H)
    # First, where the phase leaves room (Loading, Purchase), a second line of details:
    # every phase shows the same ones (the cards and the firemen, which the German words
    # put on two lines; QA dep-01, dep-05, dep-06).
    roomy = (c.u(TRACK), c.u(PANEL_H + 2 * DETAILS_H))
    if keep_details:
        return [roomy, (c.u(TRACK), detailed), (c.u(TRACK_LEAST), detailed), (0, detailed)]
    return [roomy, (c.u(TRACK), detailed), (c.u(TRACK_LEAST), detailed),
            (c.u(TRACK_LEAST), c.u(PANEL_H)), (0, c.u(PANEL_H))]


def portrait_level(c: Canvas, body: pygame.Rect, header_h: int, players: int,
                   need: int, keep_details: bool = False) -> int:
    """Portrait: the first of `portrait_steps` that leaves the phase `need` (the controls
    and what is above them); one past the last if none does."""
    gap = c.u(GAP)
    n_rows = -(-players // 2)
    steps = portrait_steps(c, keep_details)
    for k, (track_h, panel_h) in enumerate(steps):
        left = body.bottom - header_h - track_h - (n_rows * panel_h + n_rows * gap)
        if left >= need:
            return k
    return len(steps)


@value
class FramePlan:
    """Where the frame's parts go below the header."""

    #: The score track (height 0: no track).
    track: pygame.Rect
    #: Each player's panel, in seat order.
    panels: tuple[pygame.Rect, ...]
    #: Portrait, an odd number of players: the panels' grid's free cell (bottom right).
    spare: pygame.Rect | None
    #: The phase's part: the hint's or a message's place on top, the controls below.
    area: pygame.Rect


def frame(c: Canvas, body: pygame.Rect, header_h: int, track_h: int, panel_h: int,
          players: int) -> FramePlan:
    """The track under the header, the panels and the phase's part (`panel_h`: a row of
    panels' height in portrait)."""
    gap = c.u(GAP)
    track = pygame.Rect(0, header_h, c.w, track_h)
    rest = pygame.Rect(0, track.bottom, c.w, body.bottom - track.bottom)
    spare = None
    if portrait(c):
        cols = 2
        n_rows = -(-players // cols)
        band, area = layout.rows(rest, [n_rows * panel_h + (n_rows - 1) * gap, None], gap)
        band = layout.inset(band, gap, 0)
        panels = layout.grid(band, players, cols, gap, c.u(PANEL_H * 2))
        if players % cols:
            spare = layout.grid(band, players + 1, cols, gap, c.u(PANEL_H * 2))[-1]
        area = layout.inset(area, gap, 0)
    else:
        left, area = layout.columns(rest, [panels_width(c), None], gap)
        column = pygame.Rect(left.x + gap, left.y, left.w - gap, left.h)
        panels = layout.grid(column, players, 1, gap, c.u(PANEL_H * 2))
        area = pygame.Rect(area.x, area.y, area.w - gap, area.h)
    return FramePlan(track, tuple(panels), spare, area)


# --- the hint and messages ------------------------------------------------------------------


def hint_place(c: Canvas, width: int, hints: Sequence[str]) -> int:
    """The height above the phase's controls for the hint: as tall as a message of two
    lines that takes it (or the tallest hint, if taller), so the controls below stay where
    the finger expects them when a message comes or goes (docs/touch.md)."""
    return max(max(layout.fit(c, hint, width, None, BODY).height(c) for hint in hints)
               + c.u(TIGHT),
               2 * layout.line_height(c, BODY) + 2 * c.u(GAP) + c.u(GAP))


def message_height(c: Canvas, text: str, width: int, least: int = 0) -> int:
    """A message's box in a column `width` wide: a finger tall at least, its text padded,
    and filling `least` (the hint's place) but for the gap below it."""
    pad = c.u(GAP)
    fitted = layout.fit(c, text, width - 2 * pad, None, BODY, "body")
    return max(c.u(FINGER), fitted.height(c) + 2 * pad, least - c.u(GAP))


def above_phase(c: Canvas, width: int, place: int, message: str | None) -> int:
    """What the hint's `place`, or `message` in it, takes above the phase's controls."""
    if message is None:
        return place
    return max(place, message_height(c, message, width, place) + c.u(GAP))


def holds_message(c: Canvas, height: int) -> bool:
    """Whether the header's and track's `height` holds a message at all (a finger tall,
    with the gap below it)."""
    return c.u(FINGER) <= height - c.u(GAP)


def message_room(c: Canvas) -> int:
    """The place above the phase's controls kept for a message where the hint is in the
    bar and nothing fits over the header: three lines (an Undo's, in German), with the
    gap below it."""
    return 3 * layout.line_height(c, BODY) + 2 * c.u(GAP) + c.u(GAP)


def message_in_room(c: Canvas, area: pygame.Rect, text: str, room: int) -> MessagePlan:
    """A message in the place of `room` kept for it at the top of `area`: never taller
    (its words are fitted into it, cut as the last resort; a tap closes it)."""
    box = pygame.Rect(area.x, area.y, area.w, max(0, min(room - c.u(GAP), area.h)))
    return MessagePlan(text, box, layout.inset(box, c.u(GAP)), room)


def fits_over_header(c: Canvas, text: str, height: int) -> bool:
    """Whether a message fits in the header's and track's `height` (a finger tall)."""
    fitted = layout.fit(c, text, c.w - 4 * c.u(GAP), None, BODY, "body")
    return max(c.u(FINGER), fitted.height(c) + 2 * c.u(GAP)) <= height - c.u(GAP)


@value
class MessagePlan:
    """A message in its box (a tap on it closes it)."""

    text: str
    box: pygame.Rect
    #: Where its text is fitted (the box less its padding).
    text_box: pygame.Rect
    #: The height it takes from the top of its place, with the gap below it.
    used: int


def message_in_image(plan: MessagePlan) -> MessagePlan:
    """`plan` placed in an image of its own box (its top left at 0, 0): the message is
    drawn once as one image (`Canvas.layer`) and put back where `plan` placed it."""
    dx, dy = -plan.box.x, -plan.box.y
    return MessagePlan(plan.text, plan.box.move(dx, dy), plan.text_box.move(dx, dy),
                       plan.used)


def _message(c: Canvas, place: pygame.Rect, text: str, least: int) -> MessagePlan:
    height = message_height(c, text, place.w, least)
    box = pygame.Rect(place.x, place.y, place.w, max(0, min(height, place.bottom - place.y)))
    return MessagePlan(text, box, layout.inset(box, c.u(GAP)), box.h + c.u(GAP))


def over_header(c: Canvas, track: pygame.Rect, text: str) -> tuple[pygame.Rect, MessagePlan]:
    """A message over the header and the track (`track`): the part it covers, and the
    message in it."""
    cover = pygame.Rect(0, 0, c.w, track.bottom)
    place = pygame.Rect(c.u(GAP), c.u(TIGHT), c.w - 2 * c.u(GAP), track.bottom - c.u(TIGHT))
    return cover, _message(c, place, text, 0)


def hint_box(area: pygame.Rect) -> pygame.Rect:
    """Where the hint, or a message in its place, goes: the top of the phase's part."""
    return pygame.Rect(area.x, area.y, area.w, max(0, area.bottom - area.y))


def message_in_place(c: Canvas, area: pygame.Rect, text: str, least: int) -> MessagePlan:
    """A message in the hint's place (`least` tall at least), above the phase's controls."""
    return _message(c, hint_box(area), text, least)


def hint_used(c: Canvas, area: pygame.Rect, hint: str) -> int:
    """The height the hint takes drawn at the top of `area` (fitted as `layout.draw_text`
    fits it), with the gap below it; 0 without a hint."""
    if not hint:
        return 0
    box = hint_box(area)
    return text_box(c, hint, box, BODY).bottom - box.y + c.u(TIGHT)


def below_hint(area: pygame.Rect, used: int) -> pygame.Rect:
    """The phase's controls' room: `area` below the `used` height of the hint's place."""
    top = area.y + used
    return pygame.Rect(area.x, top, area.w, max(0, area.bottom - top))


# --- the frame as one plan -------------------------------------------------------------------


#: What the frame remembers for the round, with the key it holds for: the window's size,
#: the round and the players (`RoundPlan.key`).
Key = tuple[int, int, int, int]


@value
class FrameSays:
    """What the round frame must show this frame: the scene and the UI's bar gather it
    (`companion.ui.scenes.round.RoundScene.frame_says`); `plan` decides where it goes."""

    #: The header's words: round, season, pile, phase, "Phase: ..." , "Anna first", the
    #: name alone (`header`).
    header: tuple[str, str, str, str, str, str, str]
    #: The players at the table.
    players: int
    #: The round (the frame gives way once per round, never back).
    round: int
    #: The least height the phase's controls need (0: what is left; `phase_least`).
    least: int
    #: The hint's place above the controls (`hint_place`; 0 where the hint is in the bar).
    place: int
    #: The hint drawn above the controls ("": in the bar, or none).
    hint: str
    #: The bar put the hint (this frame's words) in itself.
    hint_in_bar: bool
    #: A message too long for the bar, and its short form (None: none).
    message: str | None
    short: str | None
    #: Portrait: the panels keep their line of details (Supply: the firemen total).
    keeps: bool
    #: The height above the controls stays, for the round, the tallest a message took.
    sticky: bool
    #: The table has buttons: the legend's row above the bar.
    legend: bool


@value
class RoundPlan:
    """Every layout decision of one round frame (`plan`); the scene paints it and keeps it
    as the next frame's `previous`."""

    says: FrameSays
    #: The window's size it was planned for.
    size: tuple[int, int]
    #: The body the frame was planned in (the bar's, and any strip's, room taken off).
    given: pygame.Rect
    #: The body above the legend's row (the whole `given` without a legend).
    body: pygame.Rect
    #: The buttons' legend's row (None: no legend).
    legend: pygame.Rect | None
    header: HeaderPlan
    #: The track, the panels, the spare cell and the phase's part (with the hint's place).
    frame: FramePlan
    #: A message over the header and the track (the part it covers, the message in it).
    over_header: tuple[pygame.Rect, MessagePlan] | None
    #: A message in the hint's place above the controls (None: none there).
    message: MessagePlan | None
    #: The hint drawn in its box at the top of the phase's part ("": none).
    hint: str
    hint_box: pygame.Rect
    #: The phase's controls' room (`draw_phase`).
    phase: pygame.Rect
    #: Portrait: the phase has less than it needs even with the frame at its least.
    squeezed: bool
    #: What the frame remembers for the round, each with its key: how far the portrait
    #: frame gave way (`portrait_steps`), whether the landscape track gave its place, and
    #: the tallest height above the controls (`sticky`).
    gave_way: tuple[Key, int] | None
    track_gone: tuple[Key, bool] | None
    kept_place: tuple[tuple[int, int, int], int] | None


def legend_row(c: Canvas, body: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The buttons' legend's row at the bottom of `body`, and the body left above it."""
    row = pygame.Rect(0, body.bottom - c.u(LEGEND), c.w, c.u(LEGEND))
    return row, pygame.Rect(body.x, body.y, body.w, body.h - c.u(LEGEND) - c.u(THIN))


def plan(c: Canvas, given: pygame.Rect, says: FrameSays,
         previous: RoundPlan | None) -> RoundPlan:
    """The round frame in `given` (the body above the bar): the header, the legend's row,
    the track, the panels, where the hint or a message goes and the phase's room.

    `previous` is the last frame's plan: the frame gives way once per round, never back
    (the track's numbers, then its place; in portrait the panels' second line), and a
    screen whose controls are fixed for the round (`sticky`) keeps the tallest place a
    message took above them, so nothing moves back under the finger. Measured with `c`
    only (its scale and fonts)."""
    size = (c.w, c.h)
    if previous is not None and previous.size == size and previous.says == says and \
            previous.given == given:
        return previous  # the same inputs: the same decisions (and nothing more to keep)
    legend, body = legend_row(c, given) if says.legend else (None, pygame.Rect(given))
    key: Key = (c.w, c.h, says.round, says.players)
    # A header that took two lines keeps them for the round on this screen: the panels
    # and controls below never move up under the finger (French portrait: "Demande"
    # needed two lines, "Achat" after it would fit on one).
    two = previous is not None and previous.size == size and \
        previous.says.round == says.round and previous.header.line_box is not None
    header_plan = previous.header if previous is not None and previous.size == size and \
        previous.says.header == says.header else header(c, header_bar(c), *says.header,
                                                          two=two)
    header_h = header_plan.box.h
    width = phase_width(c)
    place, message = says.place, says.message

    def above(text: str | None) -> int:
        return above_phase(c, width, place, text)

    # A message taller than the hint's place that would not fit over the header either
    # (five players' income): its short form, where it has one (what a tap on it opens
    # tells the rest), so the controls below keep their place.
    if message is not None and says.short and above(message) > place and \
            not fits_over_header(c, message, header_and_track(c)):
        message = says.short
    n = says.players
    # Each panel is a finger tall at least: where five of them and the full score track
    # do not fit (a two-line header), the track gives up its numbers, then its place
    # (the panels say every player's points too).
    track_h = track_height(c, body, header_h, n)
    track_gone = previous.track_gone if previous is not None else None
    if landscape(c) and track_h:
        # The track gives its place to controls that need more than is left below it
        # (quick Purchase's grid at five players); once given, for the round.
        gone = bool(says.least) and needs_more(says.least, place,
                                                below_track(body, header_h, track_h))
        if track_gone is not None and track_gone[0] == key:
            gone = gone or track_gone[1]
        track_gone = (key, gone)
        if gone:
            track_h = 0
    panel_h = panel_height(c)
    squeezed = False
    gave_way = previous.gave_way if previous is not None else None
    if portrait(c):
        steps = portrait_steps(c, says.keeps)
        # (A phase that takes what is left, saying no need, leaves the panels one line.)
        level = 0 if says.least else 1
        if says.least:
            # Where the phase's controls need more than is left (five players' three rows
            # of panels, a two-line header, the "?" above the bar), the frame gives way a
            # step at a time (`portrait_steps`); the last level: even the last step leaves
            # too little (the phase gives way too).
            level = portrait_level(c, body, header_h, n, says.least + above(message),
                                   says.keeps)
            if gave_way is not None and gave_way[0] == key:
                level = max(level, gave_way[1])
            gave_way = (key, level)
            squeezed = level == len(steps)
        track_h, panel_h = steps[min(level, len(steps) - 1)]
    frame_plan = frame(c, body, header_h, track_h, panel_h, n)
    room = 0
    if says.hint_in_bar and not holds_message(c, frame_plan.track.bottom):
        # The hint is in the bar, and no message fits over the header (the track gave
        # its place: five players and the buttons' legend at 800x480): a message too
        # long for the bar gets a place of its own above the controls, kept whether or
        # not one shows, so the controls never move when one comes or goes (issue 31).
        room = place = message_room(c)
        if message is not None and says.short and \
                message_height(c, message, width) + c.u(GAP) > room:
            message = says.short
    over = None
    if message is not None and (says.hint_in_bar or above(message) > place) and \
            fits_over_header(c, message, frame_plan.track.bottom):
        # A message too long for the bar where the hint has no place above the controls,
        # or taller than that place (a fire's result, five players' income): over the
        # header and the track until the next action, so that the controls below never
        # move down under the finger (docs/touch.md).
        over = over_header(c, frame_plan.track, message)
        message = None
    # The instruction above the phase's controls (it stays while a message shows). A
    # screen whose controls are fixed for the round (`sticky`) keeps the tallest place
    # a message took this round: the controls below give way once (the round's first
    # screen with the Income's message), never back up.
    area = frame_plan.area
    least = place
    kept_place = previous.kept_place if previous is not None else None
    if says.sticky and kept_place is not None and kept_place[0] == key[:3]:
        least = max(least, kept_place[1])
    used = 0
    in_place = None
    if message is not None and room:
        in_place = message_in_room(c, area, message, room)
        used = in_place.used
    elif message is not None:
        in_place = message_in_place(c, area, message, least)
        used = in_place.used
    elif says.hint:
        used = hint_used(c, area, says.hint)
    least = max(least, used)
    if says.sticky:
        kept_place = (key[:3], least)
    return RoundPlan(says, size, pygame.Rect(given), body, legend, header_plan, frame_plan, over,
                     in_place, says.hint if in_place is None else "", hint_box(area),
                     below_hint(area, least), squeezed, gave_way, track_gone, kept_place)


# --- the header -----------------------------------------------------------------------------


@value
class HeaderPlan:
    """The header on one line, or on two (the round, season and phase; then the pile and
    who has the metal coin)."""

    #: Its panel, and the height it takes.
    box: pygame.Rect
    #: The (first) line and, on one line, where it is drawn (mid-left).
    line: str
    line_at: tuple[int, int]
    #: Two lines: the box the first line is fitted into (None: one line).
    line_box: pygame.Rect | None
    #: Two lines: the pile, drawn mid-left at `pile_at` ("" on one line).
    pile: str
    pile_at: tuple[int, int]
    #: Who is first ("Anna first", or the name alone), drawn mid-right at `first_at`, with
    #: the metal coin's badge of radius `badge_r` at `badge_at` before it.
    first: str
    first_at: tuple[int, int]
    badge_at: tuple[int, int]
    badge_r: int


def header_in_image(plan: HeaderPlan) -> HeaderPlan:
    """`plan` placed in an image of its own box (its top left at 0, 0): the header is
    drawn once as one image (`Canvas.layer`) and put back where `plan` placed it."""
    dx, dy = -plan.box.x, -plan.box.y

    def at(point: tuple[int, int]) -> tuple[int, int]:
        return (point[0] + dx, point[1] + dy)

    return HeaderPlan(plan.box.move(dx, dy), plan.line, at(plan.line_at),
                      None if plan.line_box is None else plan.line_box.move(dx, dy),
                      plan.pile, at(plan.pile_at), plan.first, at(plan.first_at),
                      at(plan.badge_at), plan.badge_r)


def header(c: Canvas, rect: pygame.Rect, round_text: str, season: str, cards_left: str,
           phase: str, labelled: str, first: str, name: str, two: bool = False) -> HeaderPlan:
    """The header in `rect` (`header_bar`): the words that fit on one line beside who is
    first; else (or `two`: the header had two lines already) two lines.

    Long languages (French "Phase : Approvisionnement") drop the least needed words first,
    so the phase and the last round are never cut off the end; neither the season nor the
    pile is dropped in landscape (the separators narrow first, then "Anna first" becomes
    the name alone, then the separators' spaces thin, else the header takes two lines:
    the pile on the second, with the season where the first has no room for it); in portrait,
    where a second line costs the Supply grid a row, the pile may give way, then the
    season. Still one line with the name alone beside the metal coin's "M" (which says who
    is first): a second line would cost the panels and the controls a row."""
    f = font(c.px(BODY))
    badge = c.u(COIN_W)
    first_w = f.size(first)[0] + badge
    pad = c.u(ROOMY)

    def pick(options: list[list[str]], room: int,
             separators: Sequence[str] = SEPARATORS) -> str | None:
        for parts in options:
            for sep in separators:
                text = sep.join(p for p in parts if p)
                if f.size(text)[0] <= room:
                    return text
        return None

    def beside(line: pygame.Rect, label: str, width: int) -> tuple[tuple[int, int],
                                                                    tuple[int, int]]:
        """Where `label` (`width` with its badge) ends, right in `line`; its badge."""
        box = pygame.Rect(line.right - pad - width, line.y, width, line.h)
        at = (box.right, box.centery)
        return at, (at[0] - _drawn_width(f, label) - c.u(COIN_X), box.centery)

    options = [[round_text, season, cards_left, labelled],
               [round_text, season, cards_left, phase]]
    if portrait(c):
        options += [[round_text, season, phase], [round_text, cards_left, phase],
                    [round_text, phase]]
    short_w = min(first_w, f.size(name)[0] + badge)
    one = None
    for group in () if two else (options[:2], options[2:]):
        # The usual separators, then the name alone, then thin separators.
        for separators in (SEPARATORS[:-1], SEPARATORS[-1:]):
            one = pick(group, rect.w - 3 * pad - first_w, separators)
            if one is None and short_w < first_w:
                one = pick(group, rect.w - 3 * pad - short_w, separators)
                if one is not None:
                    first, first_w = name, short_w
            if one is not None:
                break
        if one is not None:
            break
    if one is not None:
        first_at, badge_at = beside(rect, first, first_w)
        return HeaderPlan(pygame.Rect(rect), one, (pad, rect.centery), None, "",
                          (pad, rect.centery), first, first_at, badge_at, c.u(COIN_R))
    line1 = pick([[round_text, season, labelled], [round_text, season, phase],
                  [round_text, phase]], rect.w - 2 * pad) or round_text
    # The second line: the pile, and the season where the first line had no room for it
    # (French portrait: "Dernier tour 8/8 · Approvisionnement"), beside who is first (by
    # name alone where the words need it).
    pile = None
    for second in ([[season, cards_left]] if season not in line1 else [], [[cards_left]]):
        pile = pick(second, rect.w - 3 * pad - first_w)
        if pile is None and short_w < first_w:
            pile = pick(second, rect.w - 3 * pad - short_w)
            if pile is not None:
                first, first_w = name, short_w
        if pile is not None:
            break
    tall = pygame.Rect(rect.x, rect.y, rect.w, 2 * rect.h - c.u(GAP))
    top, bottom = layout.rows(tall, [None, None])
    first_at, badge_at = beside(bottom, first, first_w)
    return HeaderPlan(tall, line1, (pad, top.centery), layout.inset(top, pad, 0),
                      pile or cards_left, (pad, bottom.centery), first, first_at, badge_at,
                      c.u(COIN_R))


# --- the score track ------------------------------------------------------------------------


def _ends(c: Canvas, rect: pygame.Rect) -> tuple[int, int, int, bool]:
    """The track's line: where it starts and ends, its height, and whether the numbers
    have room above it (the track at its full height)."""
    numbers = rect.h >= c.u(TRACK)
    y = rect.y + c.u(TRACK_LINE_Y) if numbers else rect.centery
    return rect.x + c.u(TRACK_ENDS), rect.right - c.u(TRACK_ENDS), y, numbers


def track_range(tracks: Sequence[int]) -> tuple[int, int]:
    """The spaces the track shows: 0 to 30 at least, widened by fives to every marker."""
    return min(0, (min(tracks) // 5) * 5), max(30, -(-max(tracks) // 5) * 5)


@value
class Tick:
    """A space's tick on the track: its ends, and where its number goes (mid-bottom;
    None: unnumbered, or the track short of its full height)."""

    top: tuple[int, int]
    bottom: tuple[int, int]
    space: int
    number_at: tuple[int, int] | None


@value
class TrackLinePlan:
    """The score track without its markers: a line, a tick per space, every 5th numbered
    (where the track has its full height)."""

    start: tuple[int, int]
    end: tuple[int, int]
    width: int
    ticks: tuple[Tick, ...]


def track_line(c: Canvas, rect: pygame.Rect, low: int, high: int) -> TrackLinePlan:
    """The track's line from `low` to `high` in `rect`."""
    x0, x1, y, numbers = _ends(c, rect)
    ticks = []
    for space in range(low, high + 1):
        x = x0 + (x1 - x0) * (space - low) // max(1, high - low)
        tick = c.u(TICK_FIFTH) if space % 5 == 0 else c.u(TICK)
        number_at = (x, y - c.u(NUMBERS_Y)) if space % 5 == 0 and numbers else None
        ticks.append(Tick((x, y - tick), (x, y + tick), space, number_at))
    return TrackLinePlan((x0, y), (x1, y), max(2, c.u(LINE_W)), tuple(ticks))


@value
class TrackPlan:
    """The players' markers on the track."""

    low: int
    high: int
    #: The markers' line and radius.
    y: int
    r: int
    #: Each player's marker's place, in seat order.
    xs: tuple[int, ...]


def track(c: Canvas, rect: pygame.Rect, tracks: Sequence[int]) -> TrackPlan:
    """The markers of players at `tracks` (seat order) on the track in `rect`. Players on
    the same or nearby spaces sit side by side, as markers do on the board: left to right
    by their space, each at least a marker's width from the next, the whole row kept on
    the screen at either end of the track."""
    low, high = track_range(tracks)
    x0, x1, y, _numbers = _ends(c, rect)

    def at(space: int) -> int:
        return x0 + (x1 - x0) * (space - low) // max(1, high - low)

    r = c.u(MARKER_R)
    step = int(r * 2.1)
    order = sorted(range(len(tracks)), key=lambda k: (tracks[k], k))
    xs = [at(tracks[k]) for k in order]
    for i in range(1, len(xs)):
        xs[i] = max(xs[i], xs[i - 1] + step)
    xs[-1] = min(xs[-1], rect.right - r - 2)
    for i in range(len(xs) - 2, -1, -1):
        xs[i] = min(xs[i], xs[i + 1] - step)
    shift = max(0, rect.x + r + 2 - xs[0])
    placed = dict(zip(order, xs, strict=True))
    return TrackPlan(low, high, y, r, tuple(placed[k] + shift for k in range(len(tracks))))


def marker_between(start: float, goal: int, t: float) -> float:
    """A marker moving from `start` to `goal`, `t` (0 to 1) of its way in time: fast first,
    slowing to a stop."""
    return start + (goal - start) * (1 - (1 - t) ** 3)


# --- a player's panel -----------------------------------------------------------------------


@value
class PanelPlan:
    """A player's panel: the key numbers right, the name beside the colour and letter,
    the details on the lines left below."""

    box: pygame.Rect
    #: The player's colour down the left side; the selected panel's outline's width.
    stripe: pygame.Rect
    outline: int
    #: "pt", the track's points, "¢" and the coins (each drawn top-right there).
    pt_at: tuple[int, int]
    points_at: tuple[int, int]
    cent_at: tuple[int, int]
    coins_at: tuple[int, int]
    #: The name (top-left there, shrunk or cut to `name_width`).
    name_at: tuple[int, int]
    name_width: int
    #: The player's badge (their colour and letter): always shown.
    badge_at: tuple[int, int]
    badge_r: int
    #: The details that fit, line by line, each drawn top-left at its place.
    details: tuple[tuple[str, tuple[int, int]], ...]


def panel(c: Canvas, box: pygame.Rect, name: str, coins: str, points: str, pt: str,
          details: Sequence[str], keep: Sequence[int] = ()) -> PanelPlan:
    """The panel in `box` of a player called `name` with `coins` and `points` (as drawn),
    `pt` (the points' unit) and `details` (the most needed first: the rest gives way,
    never cut). `keep`: the details that must stay (the firemen total while a fire can
    be revealed, issue 30): the name is cut beside the badge, and the other details give
    way, before one of them does."""
    f_small = font(c.px(SMALL))
    f_key = font(c.px(LARGE))
    # Key numbers at arm's length: coins and track points, right-aligned.
    pt_w = f_small.size(pt)[0]
    coin_w = f_small.size("\u00a2")[0]

    def numbers(edge: int, cent: int, apart: int, name_x: int
                ) -> tuple[int, int, int, tuple[int, int], int, int]:
        """The key numbers `edge` from the right, the cent `cent` right of the points, the
        name `apart` from the coins and starting `name_x` right of the box: the unit's
        right, the points' right and left, the coins' place, the name's room and left."""
        points_right = box.right - c.u(edge) - pt_w - c.u(THIN)
        points_x = points_right - _drawn_width(f_key, points)
        coins_at = (points_x - c.u(cent + THIN) - coin_w, box.y + c.u(THIN))
        coins_x = coins_at[0] - _drawn_width(f_key, coins)
        left = box.x + c.u(name_x)
        return box.right - c.u(edge), points_right, points_x - c.u(cent), coins_at, \
            coins_x - c.u(apart) - left, left

    # The name beside the colour and letter that already say who it is: supporting
    # detail, so it may shrink to the secondary size; where that is too narrow (a negative
    # score beside coins, French "PV"), the key numbers close up to the panel's edge and
    # each other first (the 5-player panels beside the phase, QA: "−6 PV" put "Violet"
    # below and hid her cards); where even that is too narrow and the panel is tall enough
    # (portrait), on its own line below; a long name is the only text that may be cut.
    pt_x, points_right, cent_x, coins_at, room, name_left = numbers(GAP, ROOMY, GAP, NAME_X)
    if f_small.size(name)[0] > room:
        close = numbers(TIGHT, TIGHT, TIGHT, NAME_X - THIN)
        if f_small.size(name)[0] <= close[4]:
            pt_x, points_right, cent_x, coins_at, room, name_left = close
    beside_top = box.y + max(c.u(DETAILS_Y), c.px(LARGE) + c.u(THIN))
    width = box.w - c.u(LINES_X + GAP)
    step = f_small.get_linesize()

    def fitted(top: int) -> list[str]:
        """The details that fit below `top`: the least needed give way first, those in
        `keep` last."""
        # (A line's last pixels are its descent: a finger-tall panel beside the phase,
        # five players under a two-line header, holds its line of details; QA fr-114.)
        n_lines = max(0, (box.bottom - c.u(HAIRLINE) - top) // step)
        order = [k for k in reversed(range(len(details))) if k not in keep] + \
            [k for k in reversed(range(len(details))) if k in keep]
        shown = list(range(len(details)))
        for k in [None, *order]:
            if k is not None:
                shown.remove(k)
            if not shown:
                return []
            lines = c.wrap("  ".join(details[i] for i in shown), width, SMALL)
            if len(lines) <= n_lines and all(f_small.size(x)[0] <= width for x in lines):
                return [details[i] for i in shown]
        return []

    def keeps(shown: list[str]) -> bool:
        return all(details[k] in shown for k in keep if k < len(details))

    # The letter always stays beside the colour: colour is never the only signal (red and
    # green are a common colour-blindness trap; issue 19). Where two-digit coins beside a
    # negative track leave the name too little room beside it, the name takes the line
    # below (the details give way); only a long name in a short panel is cut there
    # instead (docs/frames.md), or any name where the line below would cost a detail
    # that must stay.
    below = f_small.size(name)[0] > room and (box.h >= c.u(NAME_BELOW_H) or len(name) <= 8)
    if below:
        # (In a panel a finger tall, five players beside the phase, as high as the
        # panel's bottom lets it, below the badge: the key numbers are right, it left.)
        line = font(c.px(BODY)).get_linesize()
        below_badge = box.y + c.u(BADGE_Y) + c.u(BADGE_RADIUS) + c.u(HAIRLINE)
        name_top = max(below_badge, min(beside_top, box.bottom - c.u(THIN) - line))
        shown = fitted(name_top + line)
        name_at, name_width, top = (box.x + c.u(LINES_X), name_top), box.w - c.u(LINES_X + GAP), \
            name_top + line
        name_w = f_small.size(name)[0] + c.u(PAD)
        share = [k for k in keep if k < len(details)]
        if name_w + f_small.size("  ".join(details[k] for k in share))[0] > width or \
                keeps(shown):
            share = []
        if not keep:
            # The name's own line holds the most needed details that fit beside it where
            # the lines below hold fewer (a finger-tall panel: none; QA: Violet's cards).
            share = next((list(range(n)) for n in range(len(details), len(shown), -1)
                          if name_w + f_small.size("  ".join(details[:n]))[0] <= width), [])
        kept = "  ".join(details[k] for k in share)
        if share:
            # The name's own line holds the details that must stay too, right of the name
            # (issue 30: a short name whole, and the firemen total beside it); the other
            # details on the lines left below.
            rest = [d for k, d in enumerate(details) if k not in share]
            n_lines = max(0, (box.bottom - c.u(THIN) - top) // step)
            while rest and (len(c.wrap("  ".join(rest), width, SMALL)) > n_lines or any(
                    f_small.size(x)[0] > width for x in c.wrap("  ".join(rest), width,
                                                               SMALL))):
                rest.pop()
            lines = c.wrap("  ".join(rest), width, SMALL) if rest else []
            kept_at = (box.right - c.u(GAP) - f_small.size(kept)[0],
                       name_top + (font(c.px(BODY)).get_linesize() - step) // 2)
            placed = ((kept, kept_at), *(
                (text, (box.x + c.u(LINES_X), top + k * step)) for k, text in enumerate(lines)))
            return PanelPlan(
                box, pygame.Rect(box.x, box.y, c.u(STRIPE_W), box.h), max(2, c.u(LINE_W)),
                (pt_x, box.y + c.u(GAP)), (points_right, box.y + c.u(THIN)),
                (cent_x, box.y + c.u(GAP)), coins_at, name_at,
                kept_at[0] - c.u(PAD) - name_at[0],
                (box.x + c.u(BADGE_X), box.y + c.u(BADGE_Y)), c.u(BADGE_RADIUS), placed)
        if keep and not keeps(shown) and keeps(fitted(beside_top)):
            below = False
    if not below:
        name_at = (name_left, box.y + c.u(SNUG))
        name_width = max(1, room)
        top = beside_top
        shown = fitted(top)
    # The details on the lines left below; the least needed give way, never cut.
    lines = c.wrap("  ".join(shown), width, SMALL) if shown else []
    placed = tuple((line, (box.x + c.u(LINES_X), top + k * step)) for k, line in enumerate(lines))
    return PanelPlan(
        box, pygame.Rect(box.x, box.y, c.u(STRIPE_W), box.h), max(2, c.u(LINE_W)),
        (pt_x, box.y + c.u(GAP)), (points_right, box.y + c.u(THIN)),
        (cent_x, box.y + c.u(GAP)), coins_at, name_at, name_width,
        (box.x + c.u(BADGE_X), box.y + c.u(BADGE_Y)), c.u(BADGE_RADIUS), placed)
