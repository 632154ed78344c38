"""companion/ui/views/purchase.py: quick Purchase's buyer × price grid, its view model from
states and the prices its columns show (no pygame; the grid's rectangles are
tests/ui/layouts/test_purchase.py's)."""

from __future__ import annotations

import subprocess
import sys
from functools import cache

from companion.config.cards import load_catalogue
from companion.engine import Buy, Discard, Phase
from companion.engine.legal import buy_prices
from companion.engine.record import iter_states
from companion.engine.simulate import random_game
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui.views.purchase import most_price, price_page, purchase_view


def page_of(state, columns, first=None, chosen=None):
    """The prices `columns` show of the view of `state` (from `first`)."""
    return price_page(purchase_view(state, chosen), columns, first)


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


def test_the_view_model_needs_no_pygame():
    code = ("import sys; import companion.ui.views.purchase; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_tracked_view_says_whose_worker_or_which_offer():
    """`tracked_view`: Demand names whose worker is placed (the seat after the metal
    coin's holder, one more per worker placed); an offer names the first worker's player,
    the card and the price (the workers on it); the form switch only before the round's
    first entry."""
    from companion.engine import Pass, Place
    from companion.ui import words
    from companion.ui.views.purchase import offer_of, tracked_view

    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _final = random_game(catalogue, 3, seed=4, form="tracked")
    demands = offers = 0
    before = None
    for _n, action, after in iter_states(actions, catalogue):
        state, before = before, after
        if state is None or not isinstance(action, Place | Pass | Buy):
            continue
        view = tracked_view(state, chosen=1)
        assert view.switch == (state.form is None and state.phase == Phase.DEMAND
                               and not state.placed)
        if state.phase == Phase.DEMAND:
            assert view.demand and view.offer is None and view.chosen == 1
            turn = state.seat_after(state.first_player, state.placed)
            assert view.turn == turn and words.player_name(state, turn) in view.line
            assert f" {state.placed + 1} " in view.line
            demands += 1
        else:
            assert not view.demand and view.chosen is None
            assert view.offer == offer_of(state) and view.offer is not None
            pid, _index, price = view.offer
            assert view.said is not None and f"{price}" in view.said
            assert words.player_name(state, pid) in view.said
            assert str(state.player(pid).coins) in view.coins
            offers += 1
    assert demands and offers
