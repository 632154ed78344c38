"""companion/ui/views/income.py: the Income screen's view model, plain data from states."""

from __future__ import annotations

import subprocess
import sys

from companion.config.cards import load_catalogue
from companion.engine import Done, Phase
from companion.engine.record import iter_states
from companion.engine.simulate import random_game
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui.views.income import income_view


def paid_rounds(players: int, seed: int):
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _final = random_game(catalogue, players, seed=seed, form="quick")
    before = None
    for _n, action, after in iter_states(actions, catalogue):
        if isinstance(action, Done) and before is not None:
            yield before, after
        before = after


def test_every_player_has_a_row_with_the_income_paid():
    for before, after in paid_rounds(4, 3):
        view = income_view(before, after)
        assert [r.pid for r in view.rows] == list(after.players)
        for row in view.rows:
            paid = after.income[row.pid]
            assert row.total == paid.total == paid.base + paid.no_purchase + paid.bank
            assert str(after.player(row.pid).coins) in row.now
            assert row.letter and row.name
            # The parts say where more than the income everyone gets came from.
            assert bool(row.parts) == (paid.total != paid.base)
        assert str(before.round) in view.title
        assert view.first == after.first_player
        assert bool(view.last) == (after.phase == Phase.OVER)


def test_the_last_round_says_the_fourth_fire_follows_and_no_other_does():
    views = [income_view(b, a) for b, a in paid_rounds(2, 5)]
    assert [bool(v.last) for v in views] == [False] * (len(views) - 1) + [True]


def test_the_view_model_needs_no_pygame():
    code = ("import sys; import companion.ui.views.income; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
