"""New game's places: the title with "Draw first", the player count (beside them where
the width allows, else on a row of its own), a row per seat (number, ▲ ▼, colour, name,
✎, who starts) and the note on typing names where the seats leave room for it."""

from __future__ import annotations

import pygame

from companion.engine.values import value
from companion.ui import layout
from companion.ui.canvas import BODY, SMALL, Canvas, font
from companion.ui.tokens import FINGER, GAP, HALF_FINGER, MARGIN, PAD, SNUG, TALL, THIN, TIGHT, WIDE

#: Below this width (less the margins) a seat's row leaves out its down arrow.
NARROW_BELOW = 600
#: The least width of 'Draw first'; a player count's button.
LEAST_DRAW_W, COUNT_W = 140, 58
#: A seat's colour button, narrow and wide; the ↻ mark's room in a name.
COLOUR_NARROW, COLOUR_W, CYCLE_MARK = 100, 150, 22
#: The least width of the starter's button; of the title beside the counts.
LEAST_STARTS_W = 120

#: The player counts offered (2 to 5).
COUNTS = 4


@value
class Words:
    """The words whose widths the places follow (in the table's language)."""

    #: Before the counts ("Players:").
    players: str
    #: The button that draws who starts (on up to two lines).
    draw: str
    #: A seat's last button when it starts, and when it does not.
    starts: str
    starts_asked: str
    #: The note on typing names ("" when there is none).
    note: str


@value
class SeatPlan:
    """One seat's row."""

    #: The seat's number is drawn at its centre.
    number: pygame.Rect
    up: pygame.Rect
    #: ▼: None where narrow (▲ alone reorders the seats).
    down: pygame.Rect | None
    colour: pygame.Rect
    #: The name button, the centre of its text and the width the text may take.
    name: pygame.Rect
    name_at: tuple[int, int]
    name_room: int
    #: The ↻ mark's top right corner (more known names to cycle through), or None.
    mark_at: tuple[int, int] | None
    edit: pygame.Rect
    first: pygame.Rect


@value
class NewGamePlan:
    title: pygame.Rect
    draw: pygame.Rect
    #: "Players:" is drawn with its middle left here; then the count buttons (2 to 5).
    players_at: tuple[int, int]
    counts: tuple[pygame.Rect, ...]
    seats: tuple[SeatPlan, ...]
    #: Portrait: no ▼, short labels ("M" for who starts), no ↻.
    narrow: bool
    #: The note, or None where there is none or the seats need its room (`dropped`).
    note: pygame.Rect | None
    dropped: bool


def seats_narrow(c: Canvas) -> bool:
    """Whether the seat rows are narrow (portrait): no ▼, and who starts is an "M"
    button (the scene's hint, worked out before the body is drawn, then names it so).
    The body is the screen's whole width, less the seats' margins."""
    return c.w - 2 * c.u(WIDE) < c.u(NARROW_BELOW)


def newgame(c: Canvas, body: pygame.Rect, words: Words, seats: int,
            known: bool) -> NewGamePlan:
    """The places for `seats` seats; `known`: names from earlier games to cycle through."""
    area = layout.inset(body, c.u(WIDE), c.u(TIGHT))
    gap = c.u(GAP)
    f = font(c.px(BODY))
    count_w = COUNTS * c.u(COUNT_W) + (COUNTS - 1) * gap
    label_w = f.size(words.players)[0] + c.u(GAP)
    # "Draw first" on up to two lines; the title takes what is left (at least a little).
    draw_w = max(c.u(LEAST_DRAW_W),
                 max(f.size(w)[0] for w in words.draw.split()) + c.u(HALF_FINGER))
    one_row = c.u(LEAST_STARTS_W) + label_w + count_w + draw_w + 2 * c.u(WIDE) <= area.w
    flow = layout.Flow(c, area, gap)
    top = flow.take(c.u(FINGER))
    if one_row:
        title, counts, draw = layout.columns(top, [None, label_w + count_w, draw_w],
                                             c.u(WIDE))
    else:
        title, draw = layout.columns(top, [None, draw_w], c.u(WIDE))
        counts = flow.take(c.u(FINGER))
        counts.w = label_w + count_w
    count_rects = tuple(pygame.Rect(counts.x + label_w + i * (c.u(COUNT_W) + gap), counts.y,
                                    c.u(COUNT_W), counts.h) for i in range(COUNTS))
    note = words.note
    note_h = layout.fit(c, note, area.w, None, SMALL).height(c) if note else 0
    room = flow.rest()
    # The note only where the seats leave it room (five players need it all); the
    # bar says it instead once the first player is chosen (the scene's `hint`).
    dropped = bool(note) and seats * (c.u(FINGER) + gap) - gap > room.h - note_h - gap
    if dropped:
        note = ""
    room.h -= note_h + gap if note else 0
    row = max(c.u(FINGER) + gap, min(c.u(TALL), (room.h + gap) // seats))
    size = row - gap
    narrow = seats_narrow(c)
    widths = [c.u(MARGIN), size] + ([] if narrow else [size]) + [
        c.u(COLOUR_NARROW) if narrow else c.u(COLOUR_W), None, size,
        size if narrow else max(c.u(LEAST_STARTS_W), f.size(words.starts)[0] + c.u(MARGIN),
                                f.size(words.starts_asked)[0] + c.u(MARGIN))]
    mark = not narrow and known  # ↻: more names to cycle through
    placed = []
    for seat in range(seats):
        cells = layout.columns(pygame.Rect(room.x, room.y + seat * row, room.w, size),
                               widths, gap)
        number, up, *rest = cells
        down = None
        if not narrow:
            down, *rest = rest
        colour, name, edit, first = rest
        name_room = name.w - c.u(PAD) - (c.u(CYCLE_MARK) if mark else 0)
        placed.append(SeatPlan(
            number=number, up=up, down=down, colour=colour, name=name,
            name_at=(name.x + c.u(SNUG) + name_room // 2, name.centery), name_room=name_room,
            mark_at=(name.right - c.u(SNUG), name.y + c.u(THIN)) if mark else None,
            edit=edit, first=first))
    return NewGamePlan(
        title=title, draw=draw, players_at=(counts.x, counts.centery), counts=count_rects,
        seats=tuple(placed), narrow=narrow,
        note=pygame.Rect(area.x, area.bottom - note_h, area.w, note_h) if note else None,
        dropped=dropped)
