"""companion/ui/views/purchase.py: quick Purchase's buyer × price grid, its view model from
states and its layout in plain rectangles (no pygame)."""

from __future__ import annotations

import subprocess
import sys
from functools import cache

import pytest

from companion.config.cards import load_catalogue
from companion.engine import Buy, Discard, Phase
from companion.engine.legal import buy_prices
from companion.engine.record import iter_states
from companion.engine.simulate import random_game
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui.views.purchase import (
    CELL,
    GAP,
    arrange,
    grid_least,
    most_price,
    price_page,
    purchase_view,
)


def page_of(state, columns, first=None, chosen=None):
    """The prices `columns` show of the view of `state` (from `first`)."""
    return price_page(purchase_view(state, chosen), columns, first)


def unit(scale: float = 1.0):
    return lambda v: int(round(v * scale))


@cache
def settling_states(players: int, seed: int) -> tuple:
    """Every quick-form state with a card to settle, and the action that settled it."""
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _final = random_game(catalogue, players, seed=seed, form="quick")
    out, before = [], None
    for _n, action, after in iter_states(actions, catalogue):
        if before is not None and isinstance(action, Buy | Discard) and \
                before.phase in (Phase.DEMAND, Phase.PURCHASE):
            out.append((before, action))
        before = after
    return tuple(out)


def test_each_cell_is_a_price_the_engine_allows_or_greyed_in_its_place():
    seen_disabled = False
    for state, _action in settling_states(2, 3):
        view = page_of(state, 4)
        assert [r.pid for r in view.rows] == list(state.players)
        for row in view.rows:
            # The same columns in every row, whether the player can pay them or not.
            assert [c.price for c in row.cells] == list(range(1, 5))
            allowed = buy_prices(state, row.pid)
            for cell in row.cells:
                assert cell.enabled == (cell.price in allowed)
                assert cell.label == f"{row.letter} {cell.price}"
                seen_disabled |= not cell.enabled
            assert row.coins == state.player(row.pid).coins
    assert seen_disabled  # a player short of coins: greyed cells, not missing ones


def test_every_purchase_of_a_game_is_one_cell_or_behind_the_page_button():
    paged = 0
    for players in (2, 5):
        for state, action in settling_states(players, 7):
            if not isinstance(action, Buy):
                continue
            first = page_of(state, 4)
            shown = {(r.pid, c.price) for r in first.rows for c in r.cells if c.enabled}
            if (action.player, action.price) in shown:
                continue
            # A higher price: one tap on the page button shows it.
            assert first.page.endswith("\u203a") and action.price >= first.page_to
            turned = page_of(state, 4, first.page_to)
            assert (action.player, action.price) in {
                (r.pid, c.price) for r in turned.rows for c in r.cells if c.enabled}
            assert turned.page.startswith("\u2039") and turned.page_to == 1
            paged += 1
    assert paged  # the games have prices above 4


def test_no_page_button_where_every_price_has_a_column():
    state, _action = settling_states(2, 3)[0]
    assert most_price(state) == 6  # 2 players: 6 workers at most on one card
    view = page_of(state, 8)
    assert view.page == "" and view.last == 6
    assert page_of(state, 4).page == "5\u20136 \u203a"


def test_a_price_counted_up_with_a_players_button_is_marked():
    state, pid = next((state, p) for state, _action in settling_states(2, 3)
                      for p in state.players if len(buy_prices(state, p)) >= 2)
    view = page_of(state, 4, chosen=(pid, 2))
    marked = [(r.pid, c.price) for r in view.rows for c in r.cells if c.selected]
    assert marked == [(pid, 2)]
    # A price counted up beyond the page shown: the page with it, whatever was turned to.
    high = next((p for p in buy_prices(state, pid) if p > 4), None)
    if high is not None:
        turned = price_page(purchase_view(state, (pid, high), turned=1), 4)
        assert turned.first <= high <= turned.last


@pytest.mark.parametrize(("size", "players", "least_columns"), [
    ((534, 211), 5, 4),   # 800x480 landscape, five players: two rows side by side
    ((534, 211), 4, 4),
    ((534, 155), 2, 4),
    ((464, 186), 5, 3),   # 480x800 portrait, five players
    ((464, 329), 4, 7),
])
def test_the_grid_fits_its_room_with_finger_sized_buttons_apart(size, players, least_columns):
    w, h = size
    plan = arrange((10, 20, w, h), players, 8, unit(), switch_w=150)
    assert plan.fits and plan.height <= h
    assert plan.columns >= least_columns
    boxes = [b for row in plan.cells for b in row] + [b for b in (plan.page, plan.switch) if b]
    for x, y, bw, bh in boxes:
        assert bw >= CELL and bh >= CELL
        assert 10 <= x and x + bw <= 10 + w and 20 <= y and y + bh <= 20 + h
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]),
                        b[1] - (a[1] + a[3]), a[1] - (b[1] + b[3]))
            assert apart >= GAP, (a, b)
    # Fewer columns than prices: the page button is there.
    assert (plan.page is not None) == (plan.columns < 8)
    # A price column is in the same place in every row side by side.
    xs = {tuple(b[0] - row[0][0] for b in row) for row in plan.cells}
    assert len(xs) == 1


def test_the_same_room_gives_the_same_places():
    a = arrange((0, 0, 534, 211), 5, 8, unit())
    b = arrange((0, 0, 534, 211), 5, 8, unit())
    assert a == b


def test_the_least_height_is_what_four_columns_need():
    # Five players in landscape: one row under another has 8 columns but needs 5 rows;
    # two side by side give four columns in three rows (the page button in the free place).
    least = grid_least(5, 8, 534, unit())
    assert least == 3 * CELL + 2 * GAP
    assert arrange((0, 0, 534, least), 5, 8, unit()).columns == 4


def test_scaled_up_the_grid_keeps_its_arrangement():
    small = arrange((0, 0, 534, 211), 5, 8, unit())
    big = arrange((0, 0, 1068, 422), 5, 8, unit(2.0))
    assert (small.blocks, small.columns) == (big.blocks, big.columns)


def test_the_view_model_needs_no_pygame():
    code = ("import sys; import companion.ui.views.purchase; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
