"""companion/ui/layouts/income.py: Income's places: the title, a panel per player one under
another, the parts beside the total (landscape) or under the name (portrait), the metal
coin's line below them; all inside the screen's part, the same data the same places."""

from __future__ import annotations

from functools import cache

import pygame
import pytest

from companion.config.cards import load_catalogue
from companion.engine import Done
from companion.engine.record import iter_states
from companion.engine.simulate import random_game
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui.canvas import Canvas
from companion.ui.layouts.income import plan as placed
from companion.ui.views.income import IncomeView, income_view

SIZES = {"landscape": (800, 480), "portrait": (480, 800), "large": (1920, 1080)}


@cache
def views(players: int, seed: int) -> tuple[IncomeView, ...]:
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _final = random_game(catalogue, players, seed=seed, form="quick")
    out, before = [], None
    for _n, action, after in iter_states(actions, catalogue):
        if isinstance(action, Done) and before is not None:
            out.append(income_view(before, after))
        before = after
    return tuple(out)


def body_of(c: Canvas) -> pygame.Rect:
    return pygame.Rect(0, 0, c.w, c.h - c.u(72))  # above the bottom bar


@pytest.mark.parametrize("screen", SIZES)
@pytest.mark.parametrize("players", [2, 5])
def test_the_panels_go_one_under_another_inside_the_screen(screen, players):
    c = Canvas(pygame.Surface(SIZES[screen]))
    body = body_of(c)
    for view in views(players, 3):
        plan = placed(c, view, body)
        assert len(plan.rows) == len(view.rows)
        assert body.contains(plan.title) and plan.title.h > 0
        above = plan.title.y
        for row in plan.rows:
            assert body.contains(row.box)
            assert row.box.y > above  # below the title and the panel before it
            above = row.box.bottom
            # Badge, name, total and the coins now inside the panel, left to right.
            assert row.box.collidepoint(row.badge) and row.box.collidepoint(row.name)
            assert row.badge[0] + plan.badge_r < row.name[0]
            assert row.name[0] + plan.name_w < row.total[0] <= row.now.x
            assert row.box.contains(row.now)
        # The metal coin's line under the last panel.
        assert plan.coin[1] - plan.coin_r >= above
        assert plan.first_said.y >= above and plan.first_said.x > plan.coin[0] + plan.coin_r
        if view.last and view.first_said:  # (the last round's: no coin passes on)
            assert plan.last.y > plan.first_said.y
        assert placed(c, view, body) == plan  # the same data, the same places


def test_the_parts_go_beside_the_total_in_landscape_and_under_the_name_in_portrait():
    view = next(v for v in views(5, 3) if any(row.parts for row in v.rows))
    wide = Canvas(pygame.Surface((800, 480)))
    narrow = Canvas(pygame.Surface((480, 800)))
    for at in placed(wide, view, body_of(wide)).rows:
        assert at.parts.x > at.total[0] and at.parts.y == at.box.y
    for row, at in zip(view.rows, placed(narrow, view, body_of(narrow)).rows, strict=True):
        assert at.parts.x == at.name[0] and at.parts.y > at.name[1]
        if row.parts:  # its panel as tall as its parts need
            assert at.box.bottom >= at.parts.bottom
        else:
            assert at.parts.h == 0
