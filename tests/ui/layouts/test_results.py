"""companion/ui/layouts/results.py: the results screen's places, apart from its drawing."""

from __future__ import annotations

import pygame
import pytest

from companion.engine import SCORE_CATEGORIES
from companion.ui import names
from companion.ui.canvas import Canvas
from companion.ui.layouts import results

SIZES = [(800, 480), (480, 800), (1280, 720)]
PLAYERS = ("red", "blue", "green", "yellow", "black")
LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data=" + "x" * 400


def canvas(size: tuple[int, int]) -> Canvas:
    return Canvas(pygame.Surface(size))


def body(c: Canvas) -> pygame.Rect:
    return pygame.Rect(0, 0, c.w, c.h - c.u(64))


def shown(players: int = 4, link: str | None = LINK, notes: tuple[str, ...] = (),
          title: str = "Winner: Anna") -> results.Shown:
    ranking = PLAYERS[:players]
    cats = SCORE_CATEGORIES
    return results.Shown(
        title=f"{title}\u00a0\u00b7 41\u00a0points", title_short=title, notes=notes,
        ranking=ranking, totals=tuple(41 - 7 * i for i in range(players)),
        labels=tuple(names.category(cat) for cat in cats),
        values=tuple((i * 3 + k) % 9 - 2 for i in range(players) for k in range(len(cats))),
        link=link, caption="Scan with your phone to add this play to BG Stats")


def table_boxes(table: results.Table) -> list[pygame.Rect]:
    return [*(r.band for r in table.rows if r.band is not None), table.total_band,
            *(r.label for r in table.rows)]


@pytest.mark.parametrize("size", SIZES)
def test_the_table_and_the_code_share_the_screen_without_overlapping(size):
    c = canvas(size)
    room = body(c)
    plan = results.place(c, room, shown(players=2, notes=("Game 12 \u00b7 2 March",)))
    assert plan.heading is not None and plan.ranking is None
    assert plan.code is not None and plan.chart is None
    head, code = plan.heading, plan.code
    assert head.headline is not None and [n for n, _box in head.notes] == ["Game 12 \u00b7 2 March"]
    boxes = table_boxes(head.table)
    assert all(room.contains(b) for b in boxes)
    assert room.contains(code.code) and code.square.contains(code.code)
    assert not any(code.code.colliderect(b) for b in boxes)
    # The code is a tap target a finger wide at least; its caption below it.
    assert code.code.w >= c.u(56) and code.code.h >= c.u(56)
    assert code.caption.top > code.code.bottom and code.caption.bottom <= room.bottom
    # Beside the table in landscape, below it in portrait.
    if c.w >= c.h:
        assert code.code.left > head.table.total_band.right
    else:
        assert code.code.top > head.table.total_band.bottom
    # The headline, then the notes, then the table's rows, each below the one before.
    tops = [head.headline[2].top, *(box.top for _n, box in head.notes),
            *(b.top for b in (r.label for r in head.table.rows)), head.table.total_band.top]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)


@pytest.mark.parametrize("players", [2, 5])
def test_each_player_has_a_column_in_every_row(players):
    c = canvas((800, 480))
    plan = results.place(c, body(c), shown(players=players, link=None))
    assert plan.heading is not None
    table = plan.heading.table
    assert len(table.badges) == len(table.totals) == players
    for row in table.rows:
        assert len(row.values) == players
        xs = [x for x, _y in row.values]
        assert xs == sorted(xs) and row.label.right < xs[0]
    # The badges above the first row, never touching each other.
    r = table.radius
    xs = [x for x, _y in table.badges]
    assert all(b - a > 2 * r for a, b in zip(xs, xs[1:], strict=False))


def test_where_the_code_is_too_small_beside_the_table_it_goes_beside_the_ranking():
    c = canvas((640, 480))
    plan = results.place(c, body(c), shown(players=5))
    assert plan.heading is None and plan.ranking is not None and plan.code is not None
    ranking, code = plan.ranking, plan.code
    assert [row.player for row in ranking.rows] == list(PLAYERS)
    assert code.code.w >= c.u(56) and code.code.h >= c.u(56)
    for row in ranking.rows:
        assert row.badge[0] < row.name[0] < row.total[0] < code.code.left
        assert row.name_width > 0
    ys = [row.badge[1] for row in ranking.rows]
    assert all(b - a >= 2 * ranking.radius for a, b in zip(ys, ys[1:], strict=False))
    assert ranking.title is not None and ranking.title.top < ys[0]


def test_without_a_link_the_chart_takes_the_codes_place():
    c = canvas((800, 480))
    with_code = results.place(c, body(c), shown(players=3))
    plan = results.place(c, body(c), shown(players=3, link=None))
    assert plan.code is None and plan.chart is not None
    assert with_code.code is not None and plan.chart.contains(with_code.code.code)


@pytest.mark.parametrize("size", SIZES)
def test_the_chart_stays_in_its_panel_and_its_markers_never_hide_each_other(size):
    c = canvas(size)
    room = pygame.Rect(c.u(400), c.u(10), c.u(380), c.u(360)) if c.w >= c.h else \
        pygame.Rect(c.u(10), c.u(420), c.u(460), c.u(300))
    # Two players end on the same score, a third close below: their markers are spread.
    series = (("red", (0, 4, 9, 15, 21)), ("blue", (0, 5, 8, 16, 21)),
              ("green", (0, -3, 2, 10, 20)), ("yellow", (0, -4, -6, -2, -1)))
    chart = results.chart(c, series, "Score over the rounds", room)
    plot = chart.plot
    assert plot is not None and chart.panel == room and room.contains(chart.title)
    points = [p for line in plot.lines for p in line.points] + [c for _p, c in plot.markers]
    assert all(room.collidepoint(p) for p in points)
    assert plot.zero is not None  # a negative score: the zero line
    assert [line.player for line in plot.lines] == [pid for pid, _s in series]
    ys = sorted(y for _pid, (_x, y) in plot.markers)
    assert all(b - a >= 2 * plot.radius for a, b in zip(ys, ys[1:], strict=False))
    moved = [line for line in plot.lines if line.lead is not None]
    assert moved  # a marker moved off its line's end is joined to it
    # A tick per round; the last one always numbered.
    assert len(plot.ticks) == 4 and plot.ticks[-1].label is not None
    assert plot.ticks[-1].label[0] == "4"


def test_a_chart_of_nothing_is_its_panel_and_title():
    c = canvas((800, 480))
    chart = results.chart(c, (), "Score over the rounds", pygame.Rect(400, 10, 380, 360))
    assert chart.plot is None


def test_the_same_results_get_the_same_places():
    c = canvas((1024, 600))
    data = shown(players=4, notes=("Tied on 41 points: Anna wins with more coins (9 to 7).",))
    assert results.place(c, body(c), data) == results.place(c, body(c), data)


def test_a_short_screen_keeps_the_table_whole_and_gives_up_the_headline_first():
    c = canvas((800, 480))
    data = shown(players=4, link=None, notes=("Tied on 41 points: a shared win.",))
    need = results.table_height(c, data)
    # Room for the table and the note, not for a headline too (a message over the bar).
    short = pygame.Rect(0, 0, 800, need + c.u(8) + c.u(30))
    plan = results.place(c, short, data)
    assert plan.heading is not None
    assert plan.heading.headline is None and len(plan.heading.notes) == 1
    assert plan.heading.table.total_band.bottom <= short.bottom
    roomy = results.place(c, body(c), data)
    assert roomy.heading is not None and roomy.heading.headline is not None
