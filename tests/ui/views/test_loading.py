"""companion/ui/views/loading.py: Loading's one-tap choices and their places, plain data."""

from __future__ import annotations

import subprocess
import sys

from companion.config.cards import load_catalogue
from companion.engine import Convert, MarketSell, Move, apply, new_game
from companion.engine.legal import loading_actions
from companion.engine.simulate import random_game
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui.views.loading import (
    MOST_SET_ROWS,
    choices,
    loading_board,
    placed,
    possible_labels,
)


def loading_moments(players: int, seed: int):
    """(state, player, the action the table took) at each Loading move of a random game."""
    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    actions, _final = random_game(catalogue, players, seed=seed, form="quick",
                                  loading="in_turn")
    state = new_game(actions[0], catalogue)
    for action in actions[1:]:
        if state.phase == "loading" and isinstance(action, Move | MarketSell | Convert):
            yield state, action.player, action
        state = apply(state, action)


def test_every_legal_move_and_sale_is_one_tap_and_every_conversion_in_its_sets_row():
    seen = 0
    for state, pid, _action in loading_moments(4, 11):
        offered = choices(state, pid)
        one_tap = {c.actions[0] for c in offered if len(c.actions) == 1 and not c.give}
        sets = {c.give: set(c.actions) for c in offered if c.give}
        gathered = [c for c in offered if c.sets]
        for action in loading_actions(state, pid):
            if isinstance(action, Convert):
                # The good's tap in its set's row; more than two sets: one tap more first.
                if gathered:
                    assert not sets and action.give in gathered[0].sets
                    assert len(gathered[0].sets) > MOST_SET_ROWS
                else:
                    assert action in sets[action.give]
            else:
                assert action in one_tap, action
            seen += 1
        assert len({c.key for c in offered}) == len(offered)
        assert len({c.label for c in offered}) == len(offered)  # a label says one choice
    assert seen > 50


def test_the_moves_that_score_come_before_sales_conversions_and_keeping():
    for state, pid, _action in loading_moments(2, 4):
        kinds = []
        for c in choices(state, pid):
            if c.give or c.sets:
                kinds.append(1)
            elif isinstance(c.actions[0], MarketSell):
                kinds.append(2)
            elif len(c.actions) > 1:
                kinds.append(4)
            else:
                kinds.append(3 if c.actions[0].to in ("warehouse", "market") else 0)
        assert kinds == sorted(kinds)


def test_a_choice_keeps_its_place_and_one_gone_leaves_it_empty():
    assert placed(["a", "b", "c"], None) == ("a", "b", "c")
    assert placed(["a", "c"], ("a", "b", "c")) == ("a", None, "c")
    # A new choice takes the first empty place, else comes after the others.
    assert placed(["a", "c", "d"], ("a", None, "c")) == ("a", "d", "c")
    assert placed(["a", "c", "d", "e"], ("a", None, "c")) == ("a", "d", "c", "e")
    # Empty places at the end are dropped (nothing after them to keep in place).
    assert placed(["a"], ("a", "b", "c")) == ("a",)


def test_after_each_move_of_a_game_every_choice_still_offered_keeps_its_place():
    before: dict[str, tuple] = {}
    checked = 0
    for state, pid, _action in loading_moments(4, 5):
        keys = before.get((state.round, pid))
        board = loading_board(state, pid, keys)
        if keys is not None:
            for k, key in enumerate(board.keys):
                if key is not None and key in keys:
                    assert keys.index(key) == k
                    checked += 1
        before[(state.round, pid)] = board.keys
    assert checked > 10


def test_the_view_model_needs_no_pygame():
    code = ("import sys; import companion.ui.views.loading; "
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_every_move_label_a_loading_shows_is_among_those_its_places_were_made_for():
    """The places are made as tall as `possible_labels` need when a player is first shown:
    no move's label that comes later in that Loading is left out (it could need more
    lines, and the places would grow under the finger)."""
    first: dict[tuple[int, int, str], set[str]] = {}
    checked = 0
    for seed in (5, 11):
        for state, pid, _action in loading_moments(4, seed):
            made = first.setdefault((seed, state.round, pid),
                                    set(possible_labels(state, pid)))
            for choice in choices(state, pid):
                if len(choice.actions) == 1 and isinstance(choice.actions[0], Move):
                    assert choice.label in made, choice.label
                    checked += 1
    assert checked > 50


def test_a_choice_on_another_page_comes_onto_the_page_shown_where_a_move_left_a_place():
    """Only the page shown is under the finger: a move that empties a place on it brings
    the earliest choice kept on another page there (no turn of the page to find it); the
    choices shown keep their places; nothing moves onto a page that is not shown."""
    before = ("a", "b", "c", "d", "e", "f")
    # Page 2 (places 3-5) was shown; "e" was recorded: "a" (page 1) takes its place.
    assert placed(["a", "b", "c", "d", "f"], before, range(3, 6)) == (None, "b", "c", "d", "a", "f")
    # Page 1 shown; "b" recorded: "d" comes from page 2, "a" and "c" stay.
    assert placed(["a", "c", "d", "e", "f"], before, range(0, 3)) == ("a", "d", "c", None, "e", "f")
    # A new choice takes an empty place on the page shown first.
    assert placed(["a", "c", "x"], ("a", "b", "c"), range(0, 3)) == ("a", "x", "c")
    # Without a page shown (or all of it shown), places stay as they were.
    assert placed(["a", "c"], ("a", "b", "c")) == ("a", None, "c")


def test_a_choice_keeps_its_gain_on_one_line_in_every_language():
    """QA of issue 19: "Tp → Kaufmann (+1" over "Münze)" on the button. The gain is
    written as the panels write coins, "+1¢" (French: a no-break space before the sign),
    one piece a wrap never breaks, and short enough for the places' two lines."""
    import re

    from companion.ui.i18n import set_language

    try:
        for language in ("en", "de", "fr"):
            set_language(language)
            gains = [c.label for state, pid, _action in loading_moments(4, 11)
                     for c in choices(state, pid) if "¢" in c.label]
            assert gains, language
            assert all(re.search(r"\+\d+\u202f?¢", label) for label in gains), \
                (language, gains[:3])
            assert not any("+1 ¢" in label or "(+1" in label for label in gains)
    finally:
        set_language("en")


# --- issue 30: a hurried second tap never makes another move ---------------------------------


def test_no_other_choice_comes_onto_the_place_just_tapped():
    """The place just tapped stays empty (a second tap there finds nothing, never another
    move); another empty place on the page shown still takes a choice from another page;
    the tapped choice, where it is still offered, keeps its place."""
    before = ("a", "b", "c", "d", "e", "f")
    # Page 1 shown, "b" tapped and recorded: "d" may not come onto its place.
    assert placed(["a", "c", "d", "e", "f"], before, range(0, 3), tapped=1) == \
        ("a", None, "c", "d", "e", "f")
    # Two places emptied on the page (a shortcut): the other one takes "d".
    assert placed(["c", "d", "e", "f"], before, range(0, 3), tapped=1) == \
        ("d", None, "c", None, "e", "f")
    # A new choice does not take it either.
    assert placed(["a", "c", "x"], ("a", "b", "c"), range(0, 3), tapped=1) == \
        ("a", None, "c", "x")
    # A choice still offered after its tap (another cube of the same good) stays there.
    assert placed(["a", "b", "c"], ("a", "b", "c"), range(0, 3), tapped=1) == ("a", "b", "c")


def test_a_shortcut_is_offered_for_two_moves_or_more_only():
    """A shortcut of one move would duplicate the move's own button beside it (issue 30):
    it is offered only while it makes two moves or more, even where it was shown."""
    from companion.ui.views.loading import shortcuts

    checked = 0
    for seed in (5, 11):
        for state, pid, _action in loading_moments(4, seed):
            offered = {c.key: c for c in choices(state, pid, ("shortcut:fill", "shortcut:sell"))}
            for label, moves in shortcuts(state, pid):
                kind = "sell" if moves[0].to == "merchant" else "fill"
                assert (f"shortcut:{kind}" in offered) == (len(moves) > 1), label
                checked += 1
    assert checked > 5


def test_the_view_says_what_each_mode_shows_without_positions():
    """`view`: the moves (apart and gathered), the buttons' steps (done, then the end for
    everyone where others hold ship cubes), a chosen step's words, the stock's words."""
    from companion.ui.views.loading import END_FOR_ALL, Pick, view

    seen = 0
    for state, pid, action in loading_moments(4, 11):
        moves = view(state, Pick(pid), frozenset(), end_all=True)
        assert moves.mode == "moves"
        assert moves.steps[-2:] == (None, END_FOR_ALL)
        assert action in moves.steps
        assert {c.key for c in moves.apart} - {c.key for c in moves.gathered} or \
            moves.set_count == 0 or moves.set_count > MOST_SET_ROWS
        assert moves.possible() == possible_labels(state, pid)
        alone = view(state, Pick(pid), frozenset(), end_all=False)
        assert alone.steps[-1] is None and alone.apart[-1].key != "end:all"
        end = view(state, Pick(pid, pressed=len(moves.steps) - 1), frozenset(), True)
        assert end.mode == "chosen" and end.chosen == "End for all"
        assert end.stock[0].startswith("Still on the ships") or \
            end.stock[0] == "No cube is left on a ship."
        done = view(state, Pick(pid, pressed=len(moves.steps) - 2), frozenset(), True)
        assert done.chosen.endswith(": done") and done.stock == ("", "")
        one = view(state, Pick(pid, selected=(0,)), frozenset(), True)
        assert one.mode == "offers" and one.said
        assert all(o.action in loading_actions(state, pid) for o in one.offers)
        seen += 1
    assert seen > 5


def test_gathered_is_choices_with_the_sets_gathered():
    from companion.ui.views.loading import gathered

    seen = 0
    for players, seed in ((4, 11), (5, 3), (3, 7)):
        for state, pid, _action in loading_moments(players, seed):
            for end_all in (False, True):
                apart = choices(state, pid, apart=99, end_all=end_all)
                assert gathered(apart) == tuple(choices(state, pid, apart=0,
                                                        end_all=end_all))
                seen += any(c.give for c in apart)
    assert seen
