"""The results screen (`companion.ui.results`, the final and past-game screens): where the
headline, the notes, the score table, the ranking, the BG Stats code with its caption and
the score chart go.

The table takes what it needs; the code (or the chart) the rest, as a square as large as
fits beside the table (landscape) or below it (portrait), its caption underneath. Where
the code would be too small to read beside the table, it goes beside the ranking instead
(each player's letter, name and total), so the toggle always switches between the code
and the scores."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion import formats
from companion.engine.values import value
from companion.ui import layout, qr
from companion.ui.canvas import BODY, HUGE, LARGE, SMALL, Canvas, font
from companion.ui.layouts.history import Column
from companion.ui.layouts.stack import text_box
from companion.ui.tokens import GAP, PAD, ROOMY, SNUG, THIN, TIGHT, WIDE

#: A badge's radius in the table's head.
BADGE_RADIUS = 13
#: The least width of a player's column; of the table's labels.
LEAST_COLUMN, LEAST_LABEL_W = 40, 100
#: The chart's room for the numbers left of it and the names under it.
AXIS_W, AXIS_H = 40, 14
#: The chart's line width and a tick's length.
PLOT_LINE, TICK = 3, 5
#: The least widths: the code beside the link, the right column, the left list.
LEAST_BESIDE, LEAST_CODE_W, LEAST_LIST_W = 120, 140, 250

#: The smallest module, in pixels, a phone reads from the panel beside the table.
MIN_MODULE = 2.5


@value
class Shown:
    """What the results screen shows, as far as it takes room: plain data from the state."""

    #: The headline with the winner's points, and without them.
    title: str
    title_short: str
    #: The notes under the headline (the tie-break, saved or which game), '' left out.
    notes: tuple[str, ...]
    #: The players in ranking order, and each one's total.
    ranking: tuple[str, ...]
    totals: tuple[int, ...]
    #: The score sheet's rows: each category's name, and every player's value of it.
    labels: tuple[str, ...]
    values: tuple[int, ...]
    #: The BG Stats link (None: the chart in its place) and the caption under its code.
    link: str | None
    caption: str


# --- the score table -------------------------------------------------------------------
def columns_of(c: Canvas, shown: Shown) -> tuple[int, int]:
    """The table's label column and each player's column width, in pixels."""
    # The values measured with the narrow hyphen: the wider minus sign drawn ("−3") takes
    # a little of the gap between the columns rather than the labels' room in portrait.
    # The totals as drawn, each two side by side a gap apart: at the key size the minus
    # sign's extra width ate the whole gap ("−11−13" read as one number).
    widest = max([font(c.px(BODY)).size(str(v))[0] for v in shown.values] +
                 [font(c.px(LARGE)).size(str(t))[0] for t in shown.totals]) + c.u(ROOMY)
    drawn = [font(c.px(LARGE)).size(formats.integer(t))[0] for t in shown.totals]
    apart = max((a + b) // 2 + c.u(TIGHT) for a, b in zip(drawn, drawn[1:], strict=False)) \
        if len(drawn) > 1 else 0
    col = max(c.u(LEAST_COLUMN), widest, apart)
    label = max(layout.width_for(c, name, SMALL, 1) for name in shown.labels) + c.u(ROOMY)
    return label, col


def table_width(c: Canvas, shown: Shown) -> int:
    label, col = columns_of(c, shown)
    return label + col * len(shown.ranking)


def stacked_width(c: Canvas, shown: Shown) -> int:
    """The width of the table with each category's name on a line of its own above its
    values (five players' two-digit scores in portrait): the players' columns only."""
    return columns_of(c, shown)[1] * len(shown.ranking) + c.u(GAP)


def stacked_at(c: Canvas, shown: Shown, width: int) -> bool:
    """Whether the category names go on lines of their own in a table `width` wide."""
    label, col = columns_of(c, shown)
    return width - col * len(shown.ranking) < label


def row_height(c: Canvas, stacked: bool) -> int:
    """A category's row: its values (body), and with `stacked` its name above them."""
    return layout.line_height(c, BODY) + (layout.line_height(c, SMALL) if stacked else 0)


def table_height(c: Canvas, shown: Shown, stacked: bool = False) -> int:
    """What the table needs: the players' row and a row per category (body; `stacked`:
    each with its name above), the totals (key numbers)."""
    return layout.line_height(c, BODY) + len(shown.labels) * row_height(c, stacked) + \
        layout.line_height(c, LARGE) + c.u(TIGHT) + (layout.line_height(c, BODY) if stacked else 0)


@value
class TableRow:
    """A category's row: its band (None: not shaded), its name's box and each player's
    value (the centre it is drawn at)."""

    band: pygame.Rect | None
    label: pygame.Rect
    values: tuple[tuple[int, int], ...]


@value
class Table:
    """The score table: each player's badge (centre, radius) over their column, a row per
    category, the totals' band, where its name starts (and the width it may take), and
    each total's centre."""

    badges: tuple[tuple[int, int], ...]
    radius: int
    rows: tuple[TableRow, ...]
    total_band: pygame.Rect
    total_label: tuple[int, int]
    label_width: int
    totals: tuple[tuple[int, int], ...]


def table(c: Canvas, shown: Shown, rect: pygame.Rect) -> Table:
    """The table in `rect`: values are body text, the totals key numbers, the category
    names supporting detail; the label column as wide as its longest label, the rest
    shared by the players, the rows sharing the height. Where the names do not fit
    beside the players' columns (five players' two-digit scores in portrait), each name
    is on a line of its own above its values, never cut (issue 30)."""
    players = len(shown.ranking)
    _label, col = columns_of(c, shown)
    stacked = stacked_at(c, shown, rect.w)
    label_w = max(c.u(LEAST_LABEL_W), rect.w - col * players)
    if stacked:
        col = (rect.w - c.u(GAP)) // max(1, players)
        label_w = rect.w - col * players
    total_h = layout.line_height(c, LARGE) + c.u(TIGHT)
    named = layout.line_height(c, BODY) if stacked else 0  # "Total" above the totals
    below = rect.h - total_h - named
    if stacked:
        head = layout.line_height(c, BODY)
        line = max(row_height(c, True), (below - head) // max(1, len(shown.labels)))
    else:
        line = head = max(layout.line_height(c, BODY), below // (len(shown.labels) + 1))

    def centres(y: int, h: int) -> tuple[tuple[int, int], ...]:
        return tuple((rect.x + label_w + j * col + col // 2, y + h // 2) for j in range(players))

    rows = []
    small = layout.line_height(c, SMALL)
    for i in range(len(shown.labels)):
        y = rect.y + head + i * line
        band = pygame.Rect(rect.x, y, rect.w, line) if i % 2 else None
        if stacked:  # the name on the row's first line, the values below it
            rows.append(TableRow(band=band, label=pygame.Rect(rect.x + c.u(TIGHT), y,
                                                              rect.w - c.u(GAP), small),
                                 values=centres(y + small, line - small)))
            continue
        rows.append(TableRow(band=band,
                             label=pygame.Rect(rect.x + c.u(TIGHT), y, label_w - c.u(SNUG), line),
                             values=centres(y, line)))
    y = rect.y + head + len(shown.labels) * line
    if stacked:
        return Table(badges=centres(rect.y, head), radius=min(c.u(BADGE_RADIUS), head // 2 - 1),
                     rows=tuple(rows),
                     total_band=pygame.Rect(rect.x, y, rect.w, named + total_h),
                     total_label=(rect.x + c.u(TIGHT), y + named // 2),
                     label_width=rect.w - c.u(GAP), totals=centres(y + named, total_h))
    return Table(badges=centres(rect.y, head), radius=min(c.u(BADGE_RADIUS), head // 2 - 1),
                 rows=tuple(rows), total_band=pygame.Rect(rect.x, y, rect.w, total_h),
                 total_label=(rect.x + c.u(TIGHT), y + total_h // 2),
                 label_width=label_w - c.u(SNUG),
                 totals=centres(y, total_h))


# --- beside the table: the headline and notes, or the ranking ----------------------------
@value
class Heading:
    """Above the table: the headline (its text, size and box; None: none fits) and the
    notes kept (each text and its box); the table's room below them."""

    headline: tuple[str, int, pygame.Rect] | None
    notes: tuple[tuple[str, pygame.Rect], ...]
    table: Table


def heading(c: Canvas, shown: Shown, left: pygame.Rect) -> Heading:
    """The winner line, the notes and the table below: the headline as large as leaves
    the table its room."""
    gap = c.u(TIGHT)
    notes = list(shown.notes)
    need = table_height(c, shown, stacked_at(c, shown, left.w))

    def notes_h(keep: list[str]) -> int:
        return sum(layout.fit(c, n, left.w, None, SMALL).height(c) + gap for n in keep)

    choice = None
    for keep in (notes, notes[:1]):
        for text, size in ((shown.title, HUGE), (shown.title, LARGE),
                           (shown.title_short, HUGE), (shown.title_short, LARGE)):
            fitted = layout.fit(c, text, left.w, None, size, "key", max_lines=1)
            if fitted.cut or fitted.size < size:
                continue
            if fitted.height(c) + gap + notes_h(keep) + need <= left.h:
                choice = (text, size, keep)
                break
        if choice:
            break
    flow = Column(c, left, gap)
    if choice is None:
        # Not even the short headline beside the table (a message over the bar, say the
        # 4th fire's): the notes that fit and the table, its winners' totals marked, never
        # cut.
        for keep in (notes, notes[-1:], []):
            if notes_h(keep) + need <= left.h:
                placed = tuple((note, flow.text(note, SMALL)) for note in keep)
                return Heading(headline=None, notes=placed, table=table(c, shown, flow.rest()))
    text, size, keep = choice or (shown.title_short, LARGE, notes[:1])
    headline = (text, size, flow.text(text, size, role="key", max_lines=2))
    placed = tuple((note, flow.text(note, SMALL)) for note in keep)
    return Heading(headline=headline, notes=placed, table=table(c, shown, flow.rest()))


@value
class RankRow:
    """A player in the ranking: their badge's centre, where their total ends (right,
    middle), where their name starts (left, middle) and the width it may take."""

    player: str
    badge: tuple[int, int]
    total: tuple[int, int]
    name: tuple[int, int]
    name_width: int


@value
class Ranking:
    """The short headline's box (None: no room for it) and each player's row (as many as
    fit); `radius`: the badges'."""

    title: pygame.Rect | None
    rows: tuple[RankRow, ...]
    radius: int


def ranking_height(c: Canvas, shown: Shown, width: int) -> int:
    """The height of the ranking with the short headline above it, `width` wide."""
    title_h = layout.fit(c, shown.title_short, width, None, LARGE, "key",
                         max_lines=3).height(c) + c.u(TIGHT)
    return title_h + len(shown.ranking) * (layout.line_height(c, LARGE) + c.u(TIGHT))


def ranking(c: Canvas, shown: Shown, left: pygame.Rect) -> Ranking:
    """Each player in ranking order: letter, name and total (a key number); the short
    headline above them where it leaves them all their room."""
    flow = Column(c, left, c.u(TIGHT))
    step = layout.line_height(c, LARGE) + c.u(TIGHT)
    title_h = layout.fit(c, shown.title_short, left.w, None, LARGE, "key",
                         max_lines=3).height(c) + c.u(TIGHT)
    title = None
    if title_h + len(shown.ranking) * step <= left.h:  # else every player's total first
        # (a message over the bar: the 4th fire's), the winners' marked
        title = flow.text(shown.title_short, LARGE, role="key", max_lines=3)
    rect = flow.rest()
    r = c.u(BADGE_RADIUS)
    f = font(c.px(LARGE))
    rows = []
    for i, (pid, total) in enumerate(zip(shown.ranking, shown.totals, strict=True)):
        y = rect.y + i * step
        if y + step > rect.bottom:
            break
        mid = y + step // 2
        right = rect.right - c.u(TIGHT)
        start = rect.x + 2 * r + c.u(ROOMY)
        number_x = right - f.size(formats.integer(total))[0]
        rows.append(RankRow(player=pid, badge=(rect.x + r + c.u(THIN), mid), total=(right, mid),
                            name=(start, mid), name_width=number_x - start - c.u(GAP)))
    return Ranking(title=title, rows=tuple(rows), radius=r)


# --- the code and the chart ------------------------------------------------------------------
def code_fits(c: Canvas, link: str, caption: str, right: pygame.Rect) -> bool:
    """Whether the code, with its caption below, is readable in `right`."""
    lines = layout.fit(c, caption, right.w, None, SMALL, max_lines=3)
    below = lines.height(c) + c.u(SNUG)
    side = min(right.w, right.h - below)
    return not lines.cut and side > 0 and qr.module_px(link, side) >= MIN_MODULE


@value
class Code:
    """The BG Stats code: the square it is drawn centred in, the rectangle it covers (the
    tap target), and its caption's box."""

    square: pygame.Rect
    code: pygame.Rect
    caption: pygame.Rect


def code(c: Canvas, link: str, caption: str, right: pygame.Rect) -> Code | None:
    """The code as large as fits in `right`, its caption (up to three lines) under it;
    None if it cannot be drawn readably there."""
    lines = layout.fit(c, caption, right.w, None, SMALL, max_lines=3)
    below = lines.height(c) + c.u(SNUG)
    side = min(right.w, right.h - below)
    square = pygame.Rect(right.x + (right.w - side) // 2, right.y, side, side)
    image = qr.surface(link, min(square.w, square.h))  # as `qr.draw` makes it (kept)
    if image is None:
        return None
    where = image.get_rect(center=square.center)
    return Code(square=square, code=where,
                caption=pygame.Rect(right.x, where.bottom + c.u(SNUG), right.w,
                                    right.bottom - where.bottom - c.u(SNUG)))


@value
class Tick:
    """A round's tick under the plot (from, to) and its number's place (None: not
    numbered, where the numbers would not fit side by side)."""

    start: tuple[int, int]
    end: tuple[int, int]
    label: tuple[str, tuple[int, int]] | None


@value
class Line:
    """A player's line: its points, and its marker's centre where it was moved off the
    line's end (None: at the end)."""

    player: str
    points: tuple[tuple[int, int], ...]
    lead: tuple[int, int] | None


@value
class Plot:
    """The plot: its axes (each from, to), the zero line (None: no negative score), the
    highest and lowest score's texts and places (right top, right bottom), the rounds'
    ticks, where "Round" is centred (top), the lines (their width) and the markers'
    centres (their radius), in drawing order."""

    axes: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    zero: tuple[tuple[int, int], tuple[int, int]] | None
    high: tuple[str, tuple[int, int]]
    low: tuple[str, tuple[int, int]]
    ticks: tuple[Tick, ...]
    round: tuple[int, int]
    lines: tuple[Line, ...]
    width: int
    markers: tuple[tuple[str, tuple[int, int]], ...]
    radius: int


@value
class Chart:
    """The chart's panel, its title's box and the plot (None: no scores to draw)."""

    panel: pygame.Rect
    title: pygame.Rect
    plot: Plot | None


def chart(c: Canvas, series: Sequence[tuple[str, Sequence[int]]], title: str,
          rect: pygame.Rect) -> Chart:
    """Each player's running score over the rounds in `rect`, under `title`."""
    title_box = pygame.Rect(rect.x + c.u(GAP), rect.y + c.u(TIGHT), rect.w - c.u(PAD), rect.h // 3)
    if not series:
        return Chart(panel=rect, title=title_box, plot=None)
    used = text_box(c, title, title_box, SMALL, max_lines=2)
    step_h = layout.line_height(c, SMALL)
    top = used.bottom + c.u(PAD)
    plot = pygame.Rect(rect.x + c.u(AXIS_W), top, rect.w - c.u(AXIS_W + WIDE),
                       rect.bottom - top - 2 * step_h - c.u(AXIS_H))
    values = [v for _pid, s in series for v in s]
    low, high = min(0, min(values)), max(5, max(values))
    rounds = max(len(s) for _pid, s in series) - 1

    def at(k: int, v: int) -> tuple[int, int]:
        x = plot.x + plot.w * k // max(1, rounds)
        y = plot.bottom - plot.h * (v - low) // max(1, high - low)
        return x, y

    zero = None
    if low < 0 < high:
        y0 = at(0, 0)[1]
        zero = ((plot.x, y0), (plot.right, y0))
    # A tick at every round end; numbered as often as the numbers fit side by side.
    f = font(c.px(SMALL))
    step = 1
    while rounds and step < rounds and \
            plot.w * step // rounds < f.size(str(rounds))[0] + c.u(ROOMY):
        step += 1
    ticks = []
    for k in range(1, rounds + 1):
        x = at(k, low)[0]
        last = k == rounds
        shown = (k % step == 0 and (last or k <= rounds - step)) or last
        ticks.append(Tick(start=(x, plot.bottom), end=(x, plot.bottom + c.u(TICK)),
                          label=(str(k), (x, plot.bottom + c.u(SNUG))) if shown else None))
    lines = {pid: [at(k, v) for k, v in enumerate(points)] for pid, points in series}
    # Each line ends in its player's marker (colour is never the only signal); markers on
    # close scores are spread out vertically so that none hides another, and a marker
    # moved off its line's end is joined to it by a thin grey leader.
    r = c.u(ROOMY)
    apart = 2 * r + c.u(THIN)
    ends = sorted((line[-1][1], line[-1][0], pid) for pid, line in lines.items())
    ys = [y for y, _x, _p in ends]
    for i in range(1, len(ys)):
        ys[i] = max(ys[i], ys[i - 1] + apart)
    markers = tuple((pid, (x, y)) for (_y, x, pid), y in zip(ends, ys, strict=True))
    moved = dict(markers)
    drawn = tuple(Line(player=pid, points=tuple(line),
                       lead=moved[pid] if abs(moved[pid][1] - line[-1][1]) > r // 2 else None)
                  for pid, line in lines.items() if len(line) > 1)
    return Chart(panel=rect, title=title_box, plot=Plot(
        axes=((plot.bottomleft, plot.bottomright), (plot.topleft, plot.bottomleft)),
        zero=zero, high=(formats.integer(high), (plot.x - c.u(TIGHT), plot.y)),
        low=(formats.integer(low), (plot.x - c.u(TIGHT), plot.bottom)), ticks=tuple(ticks),
        round=(plot.centerx, plot.bottom + c.u(GAP) + step_h), lines=drawn,
        width=max(2, c.u(PLOT_LINE)), markers=markers, radius=r))


# --- the whole screen ----------------------------------------------------------------------
@value
class ResultsPlan:
    """Where everything of the results screen goes: the heading and table, or (the code
    beside them) the ranking; then the code, or the room for the chart (`chart`: the
    scores over the rounds are worked out only when the chart is shown)."""

    heading: Heading | None
    ranking: Ranking | None
    code: Code | None
    chart: pygame.Rect | None


def place(c: Canvas, body: pygame.Rect, shown: Shown) -> ResultsPlan:
    """The results of `shown` in `body`."""
    area = layout.inset(body, c.u(GAP), c.u(TIGHT))
    # The table takes what it needs; the code (or the chart) the rest, as a square as
    # large as fits beside the table (landscape) or below it (portrait), its one line
    # underneath.
    need = table_width(c, shown)
    link = shown.link
    gap = c.u(PAD)
    head = rank = None
    if link is None:
        # The chart in the code's place: the table keeps every category's name whole
        # (the button said so), the chart takes what is left; where that is too narrow
        # (or too low, in portrait) to read, the table is shown alone.
        if c.w >= c.h:
            right_w = area.w - need - gap
            if right_w < c.u(LEAST_CODE_W):
                return ResultsPlan(heading=heading(c, shown, area), ranking=None, code=None,
                                   chart=None)
            left, right = layout.columns(area, [None, right_w], gap)
        else:
            if stacked_at(c, shown, area.w):
                return ResultsPlan(heading=heading(c, shown, area), ranking=None, code=None,
                                   chart=None)
            left, right = layout.rows(area, [None, area.h * 40 // 100], c.u(GAP))
        return ResultsPlan(heading=heading(c, shown, left), ranking=None, code=None,
                           chart=right)
    # The code as large as fits beside the table (landscape) or below it (portrait).
    if c.w >= c.h:
        left, right = layout.columns(area, [None, max(1, area.w - need - gap)], gap)
        beside = (area.w - need - gap >= c.u(LEAST_BESIDE)
                  and code_fits(c, link, shown.caption, right))
    else:
        left, right = layout.rows(area, [None, area.h * 40 // 100], c.u(GAP))
        beside = not stacked_at(c, shown, left.w)
    if not beside:
        # Too narrow beside the table (five players' two-digit scores, long French
        # labels): the code goes beside (or below) the ranking instead, each player's
        # total, and the bar's button shows every category (issue 30).
        if c.w >= c.h:
            left, right = layout.columns(area, [max(c.u(LEAST_LIST_W), area.w // 3), None], gap)
        else:  # the ranking what it needs, the code the rest
            left, right = layout.rows(area, [ranking_height(c, shown, area.w), None], c.u(GAP))
        rank = ranking(c, shown, left)
    else:
        head = heading(c, shown, left)
    placed = code(c, link, shown.caption, right) if link is not None else None
    return ResultsPlan(heading=head, ranking=rank, code=placed,
                       chart=right if placed is None else None)
