"""Where the Fire screen (`companion.ui.scenes.fire`) puts things: a banner with the flame,
the card, its points and the rule; a row per player with the firemen total, a bar as long
as that total against the highest, and the gain or loss; the notes under the rows.

`plan(c, view, room, previous)` makes the frame's every layout decision from the view
(`companion.ui.views.fire.fire_view`); `fire_layout` is its measure, by the words."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.engine.values import replace, value
from companion.ui import layout
from companion.ui.canvas import BODY, HUGE, SMALL, Canvas, font
from companion.ui.hyphen import plain
from companion.ui.layouts.stack import text_box
from companion.ui.tokens import FINGER, GAP, PAD, ROOMY, SNUG, THIN, TIGHT, WIDE
from companion.ui.views.fire import FireView

#: The flame's middle in the banner's left end, and how far below it its foot is (it
#: grows from its foot).
FLAME_X, FLAME_Y, FLAME_FOOT = 52, 48, 30
#: Half a gain's or loss's triangle's width.
ARROW = 12
#: Where the banner's words start (right of the flame); its least height.
BANNER_X, BANNER_H = 96, 88
#: Between the banner and the players' rows.
BELOW_BANNER = 20
#: The room kept under the rows for the notes: "all equal" and the 4th fire's note; one.
NOTES_H, NOTE_H = 70, 40
#: A row's badge's middle and radius, and where the name starts.
BADGE_X, BADGE_RADIUS, NAME_X = 30, 16, 54
#: The least width of the names' column; the firemen total's column.
LEAST_NAME_W, TOTAL_W = 110, 56
#: The least length of the bar; the room right of it for the gain or loss.
LEAST_BAR_W, CHANGE_W = 40, 120
#: The gain's or loss's triangle's middle, right of the bar.
ARROW_X = 26

Point = tuple[int, int]


def flame(c: Canvas, k: float) -> list[Point]:
    """The flame's outline in the banner's left end, grown `k` times from its foot (it
    flares when the screen appears: `k` a little above 1, then 1)."""
    fx, fy = c.u(FLAME_X), c.u(FLAME_Y)

    def p(dx: float, dy: float) -> Point:
        return fx + int(c.u(dx) * k), fy + c.u(FLAME_FOOT) - int(c.u(FLAME_FOOT - dy) * k)

    return [p(-22, 30), p(-26, 0), p(-10, -14), p(0, -40), p(12, -12), p(26, 0), p(22, 30)]


def arrow(c: Canvas, centre: Point, up: bool) -> tuple[Point, ...]:
    """A triangle pointing up (a gain) or down (a loss) around `centre`."""
    x, y = centre
    s = c.u(ARROW)
    if up:
        return (x - s, y + s // 2), (x + s, y + s // 2), (x, y - s)
    return (x - s, y - s // 2), (x + s, y - s // 2), (x, y + s)


@value
class FireRow:
    """One player's row."""

    #: The centre of their badge, the left middle of their name, the right middle of
    #: their firemen total.
    badge: Point
    name: Point
    total: Point
    #: The bar's whole length, and the part of it their total fills (None: a total of 0).
    track: pygame.Rect
    fill: pygame.Rect | None
    #: The gain's or loss's triangle (empty where the fire changed nothing for them), and
    #: the left middle of the change's words ("+2", "−2", "±0").
    arrow: tuple[Point, ...]
    change: Point


@value
class FirePlan:
    #: The banner's background (the screen's whole width).
    backdrop: pygame.Rect
    #: The top right corner of the points; the card's name and the rule, each in its box.
    points: Point
    title: pygame.Rect
    rule: pygame.Rect
    #: The badges' radius; the names' widest.
    badge_radius: int
    name_width: int
    rows: tuple[FireRow, ...]
    #: "All equal" and the 4th fire's note, each in its box (None: not shown).
    equal: pygame.Rect | None
    last: pygame.Rect | None
    #: What it was made for (`plan`): the view and the room (None: by `fire_layout`).
    view: FireView | None = None
    room: pygame.Rect | None = None


def plan(c: Canvas, view: FireView, room: pygame.Rect,
         previous: FirePlan | None = None) -> FirePlan:
    """The Fire screen's places for `view` in `room` (the screen's body). `previous`, the
    last frame's plan, is kept where it was made for the same view and room: nothing
    moves while the screen is shown, and the frames of the flame's flare measure
    nothing again."""
    if previous is not None and previous.view is view and previous.room == room:
        return previous
    placed = fire_layout(c, room, title=view.title, points=view.points_said, rule=view.rule,
                         totals=[row.total for row in view.rows],
                         changes=[row.change for row in view.rows], equal=view.equal,
                         last=view.last)
    return replace(placed, view=view, room=room)


def fire_layout(c: Canvas, body: pygame.Rect, *, title: str, points: str, rule: str,
                totals: Sequence[int], changes: Sequence[int], equal: str = "",
                last: str = "") -> FirePlan:
    """The places of the Fire screen in `body`: `title` the card's name, `points` its points
    in words, `rule` the rule's sentence; each player's firemen total in seat order and
    what the fire did to them (+1 gained, -1 lost, 0 neither); `equal`, `last`: the
    notes under the rows ("" where there is none)."""
    # The banner is as tall as its words need (two lines of the rule in portrait).
    rule_h = layout.fit(c, rule, c.w - c.u(BANNER_X + WIDE), None, SMALL).height(c)
    title_w = c.w - c.u(BANNER_X + WIDE + PAD) - font(c.px(HUGE)).size(points)[0]
    title_h = layout.fit(c, title, title_w, None, HUGE, "title", max_lines=2).height(c)
    banner = pygame.Rect(c.u(BANNER_X), c.u(SNUG), c.w - c.u(BANNER_X + WIDE),
                         max(c.u(BANNER_H), max(title_h, c.px(HUGE)) + c.u(ROOMY) + rule_h))
    backdrop = pygame.Rect(0, 0, c.w, banner.bottom + c.u(GAP))
    title_box = pygame.Rect(banner.x, banner.y, title_w, title_h)
    title_bottom = text_box(c, title, title_box, HUGE, role="title", max_lines=2).bottom
    points_bottom = banner.y + font(c.px(HUGE)).size(plain(points))[1]
    rule_box = pygame.Rect(banner.x, max(title_bottom, points_bottom) + c.u(THIN), banner.w,
                           rule_h)
    # The 4th fire's note goes under the bars: in the banner it ran into the line above.
    top = banner.bottom + c.u(BELOW_BANNER)
    n = len(totals)
    row = min(c.u(FINGER), (body.bottom - top - c.u(NOTES_H if last else NOTE_H)) // n)
    most = max(1, max(totals))
    # Name, total, bar, gain or loss: columns that follow the window's width.
    name_w = max(c.u(LEAST_NAME_W), c.w * 22 // 100)
    bar_x = c.u(NAME_X) + name_w + c.u(TOTAL_W)
    bar_w = max(c.u(LEAST_BAR_W), c.w - bar_x - c.u(CHANGE_W))
    rows = []
    for i, (total, change) in enumerate(zip(totals, changes, strict=True)):
        y = top + i * row
        middle = y + row // 2
        length = bar_w * total // most
        rx = bar_x + bar_w + c.u(ARROW_X)
        rows.append(FireRow(
            badge=(c.u(BADGE_X), middle), name=(c.u(NAME_X), middle),
            total=(bar_x - c.u(ROOMY), middle),
            track=pygame.Rect(bar_x, y + c.u(GAP), bar_w, row - c.u(WIDE)),
            fill=pygame.Rect(bar_x, y + c.u(GAP), length, row - c.u(WIDE)) if length else None,
            arrow=arrow(c, (rx, middle), change > 0) if change else (),
            change=(rx + c.u(ARROW + SNUG), middle)))
    y = top + n * row + c.u(GAP)
    equal_box = last_box = None
    if equal:
        equal_box = pygame.Rect(c.u(WIDE), y, c.w - c.u(2 * WIDE), body.bottom - y)
        y = text_box(c, equal, equal_box, BODY, align="center").bottom + c.u(TIGHT)
    if last:
        last_box = pygame.Rect(c.u(WIDE), y, c.w - c.u(2 * WIDE), body.bottom - y)
    return FirePlan(backdrop, banner.topright, title_box, rule_box, c.u(BADGE_RADIUS), name_w,
                    tuple(rows), equal_box, last_box)
