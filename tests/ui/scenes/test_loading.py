"""companion/ui/scenes/loading.py: Loading by touch: choosing a player and a cube, where it
may go and why not, the shortcuts, Undo of an entry.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger, clean
from companion.engine import Move, State
from companion.inputs import intents as it
from companion.ui import names, words
from companion.ui.core import UI
from companion.ui.hyphen import plain
from companion.ui.i18n import _
from companion.ui.layouts import loading as places
from companion.ui.views import loading as view

from ..conftest import unhurried
from ..helpers import at

# --- QA finding 7: nothing moves under the finger ------------------------------------------------


def cube_targets(finger: Finger) -> dict[tuple[int, ...], str]:
    initials = {names.good_initial(g) for g in ("coffee", "tea", "saffron", "rubber", "carpet")}
    return {tuple(t["rect"]): t["label"] for t in finger.frame()["targets"]
            if t["label"] in initials and not t["bar"]}


def test_loading_keeps_the_other_cubes_in_their_places_when_one_goes_to_the_market_hall(ui):
    from companion.engine.words import Store

    def mixed_dock(b: State, a: State) -> bool:
        if a.phase != "loading" or a.actions != b.actions + 1:
            return False
        first = a.seat_after(a.first_player, 0)
        ps = a.player(first)
        return len(set(ps.dock)) >= 3 and not ps.market

    finger = at(ui, mixed_dock, players=4)
    state = ui.game.state
    pid = state.first_player
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    assert ui.top.player == pid
    assert len(set(state.player(pid).dock)) >= 3
    before = cube_targets(finger)
    first = min(before, key=lambda r: (r[1], r[0]))
    finger.tap_target({"rect": list(first), "label": before[first]})
    finger.tap(words.place(state, Store.MARKET))
    assert ui.game.state.player(pid).market
    after = cube_targets(finger)
    for rect, label in before.items():
        if rect != first:
            assert after.get(rect) == label, (rect, label, after)


# --- QA finding 16: Loading opens on the first player --------------------------------------------


def test_loading_opens_on_the_first_player_not_always_player_one(ui):
    def loading_begins(b: State, a: State) -> bool:
        return (a.phase == "loading" and b.phase != "loading"
                and a.first_player != a.players[0] and bool(a.player(a.first_player).dock)
                and bool(a.player(a.players[0]).dock))

    at(ui, loading_begins, players=4)
    state = ui.game.state
    assert ui.top.name == "loading"
    assert ui.top.player == state.first_player


# --- a QA finding on the round screens -----------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
def test_the_sell_shortcut_stays_put_after_fill_contracts(ui, language):
    from companion.ui.scenes.loading import LoadingScene

    def both(a: State) -> str | None:
        return next((p for p in a.players
                     if [len(moves) > 1 for _label, moves in LoadingScene.shortcuts(
                         None, a, p)] == [True, True]), None)  # type: ignore[arg-type]

    finger = at(ui, lambda b, a: a.phase == "loading" and both(a) is not None, players=4)
    state = ui.game.state
    pid = both(state)
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    fill = clean(_("Fill contracts ({n})")).split("(")[0].strip()
    sell = clean(_("Sell to merchants +{n}¢")).split("+")[0].strip()

    def shortcut(word: str) -> dict | None:
        return next((t for t in finger.frame()["targets"]
                     if clean(t["label"]).startswith(word)), None)

    def turn_to(word: str) -> dict | None:
        """The choices' page with that shortcut (the one-tap moves come first)."""
        while finger.has("\u2039"):
            finger.tap("\u2039")
        while shortcut(word) is None and finger.has("\u203a"):
            finger.tap("\u203a")
        return shortcut(word)

    assert turn_to(sell) is not None and turn_to(fill) is not None
    where = shortcut(sell)  # on the page shown with Fill contracts, or on another page
    finger.tap(lambda label: label.startswith(fill))
    sells = [moves for label, moves in LoadingScene.shortcuts(
        None, ui.game.state, pid) if label.startswith(sell)]  # type: ignore[arg-type]
    if not sells or len(sells[0]) < 2:
        # One move left: no shortcut for it (issue 30: shortcuts for two moves or more);
        # the move's own button makes it, and the shortcut's place is left empty.
        assert shortcut(sell) is None
    elif where is not None:  # under the finger: it keeps its place
        after = shortcut(sell)
        assert after is not None and after["rect"] == where["rect"], (where, after)
    else:  # on another page: it comes onto the places Fill contracts left empty
        assert shortcut(sell) is not None


# --- QA finding 14: Loading never asks where a cube goes without an answer -----------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
def test_a_cube_with_nowhere_to_go_says_why_and_can_be_left(ui, language):
    from companion.ui import names
    from companion.ui.scenes.loading import cubes_of, loading_actions

    def stuck(a: State) -> tuple[str, int] | None:
        if a.phase != "loading":
            return None
        for p in a.players:
            for i, (good, store) in enumerate(cubes_of(a, p)):
                if store == "dock" and not any(
                        isinstance(m, Move) and m.good == good and m.source == store
                        for m in loading_actions(a, p)):
                    return p, i
        return None

    finger = at(ui, lambda b, a: stuck(a) is not None, players=4)
    state = ui.game.state
    pid, index = stuck(state)  # type: ignore[misc]
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    good = cubes_of(state, pid)[index][0]
    initials = {names.good_initial(g) for g in ("coffee", "tea", "saffron", "rubber", "carpet")}
    cubes = [t for t in finger.frame()["targets"] if t["label"] in initials and not t["bar"]]
    finger.tap_target(cubes[index])
    assert ui.top.selected == [index]
    question = _("Where does the {good} go?").format(good=names.good(good))
    stays = _("Nothing else takes it: at the end of Loading it goes to the stock.")
    # Said on the screen, also while a message (the rule that refused a place, as the
    # table met it) shows.
    refusal = view.reasons(state, pid, [cubes_of(state, pid)[index]], False)[-1]
    for message in (None, refusal):
        if message:
            ui.error(message)
        frame = finger.frame()
        shown = " ".join(t["text"] for t in frame["texts"])
        assert question not in shown
        assert " ".join(stays.replace("\u00ad", "").split()[:3]) in shown, shown
        assert " ".join(refusal.split()[:3]) in shown, shown
        assert not [t for t in frame["texts"] if t["cut"] and t["px"] > 18]
    finger.tap(lambda label: label.startswith(stays.split()[0]))
    assert ui.top.selected == []
    assert ui.game.state.player(pid).dock == state.player(pid).dock


# --- QA finding 15: the places a cube may go are capitalised like the cards beside them ----------


def test_loading_places_are_capitalised_like_the_cards_beside_them(ui):
    from companion.ui import names
    from companion.ui.scenes.loading import cubes_of, loading_actions

    def market_offered(b: State, a: State) -> bool:
        if a.phase != "loading":
            return False
        p = a.first_player
        moves = [m for m in loading_actions(a, p) if isinstance(m, Move) and m.source == "dock"]
        return any(m.to == "market" for m in moves) and any(
            m.to not in ("market", "warehouse", "merchant") for m in moves)

    finger = at(ui, market_offered, players=4)
    state = ui.game.state
    pid = state.first_player
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    moves = [m for m in loading_actions(state, pid) if isinstance(m, Move)
             and m.source == "dock" and m.to == "market"]
    index = next(i for i, (g, s) in enumerate(cubes_of(state, pid))
                 if s == "dock" and g == moves[0].good)
    initials = {names.good_initial(g) for g in ("coffee", "tea", "saffron", "rubber", "carpet")}
    cubes = [t for t in finger.frame()["targets"] if t["label"] in initials and not t["bar"]]
    finger.tap_target(cubes[index])
    labels = finger.labels()
    assert "Market hall" in labels, labels
    assert "market hall" not in labels


# --- issue 11, finding 1: Loading switches player by touch ---------------------------------------


def loading_with_two_docks(b: State, a: State) -> bool:
    return a.phase == "loading" and sum(1 for p in a.players if a.player(p).dock) >= 2


def test_loading_a_tap_on_a_panel_chooses_that_player_and_the_tableau_is_still_reachable(ui):
    finger = at(ui, loading_with_two_docks)
    scene = ui.top
    assert scene.name == "loading"
    state = ui.game.state
    other = next(p for p in state.players if p != scene.player and state.player(p).dock)
    name = state.names[other]
    finger.tap(name)
    assert ui.top.name == "loading" and ui.top.player == other
    finger.tap(name)  # the chosen player's panel again: their tableau
    assert ui.top.name == "tableau" and ui.top.pid == other


# --- an issue 11 finding -------------------------------------------------------------------------


def test_undo_during_loading_takes_back_the_tapped_cube_first(ui):
    finger = at(ui, loading_with_two_docks)
    actions = ui.game.state.actions
    finger.tap(lambda label: label in ("Co", "Te", "Sa", "Ru", "Ca"))
    assert ui.top.selected
    finger.tap("Undo")
    assert ui.top.selected == []
    assert ui.game.state.actions == actions


# --- issue 11, finding 10: a refused destination says the rule -----------------------------------


def test_loading_says_why_a_second_cube_cannot_go_to_the_market_hall(ui):
    def kept(b: State, a: State) -> bool:
        return a.phase == "loading" and any(
            a.player(p).market and a.player(p).dock for p in a.players)

    finger = at(ui, kept, players=4)
    state = ui.game.state
    pid = next(p for p in state.players if state.player(p).market and state.player(p).dock)
    if ui.top.player != pid:
        finger.tap(state.names[pid])
    finger.tap(lambda label: label in ("Co", "Te", "Sa", "Ru", "Ca"), first=True)  # a ship's
    texts = " ".join(finger.texts())
    assert "The market hall keeps at most 1 cube" in texts
    assert "Nothing is possible" not in texts


# --- issue 11, finding 19: Fill contracts uses the warehouse and the market hall -----------------


def test_fill_contracts_counts_cubes_in_the_warehouse_and_the_market_hall(ui):
    from collections import Counter

    from companion.ui.scenes.loading import LoadingScene

    def stored(b: State, a: State) -> bool:
        if a.phase != "loading":
            return False
        for p in a.players:
            ps = a.player(p)
            held = Counter(ps.warehouse) + Counter([ps.market] if ps.market else [])
            for cid, filled in (ps.contracts or {}).items():
                need = Counter(a.catalogue[cid].goods) - Counter(filled)
                if need & held:
                    return True
        return False

    at(ui, stored, players=4)
    state = ui.game.state
    scene = ui.top
    assert isinstance(scene, LoadingScene)
    for pid in state.players:
        ps = state.player(pid)
        held = Counter(ps.warehouse) + Counter([ps.market] if ps.market else [])
        wanted = Counter()
        for cid, filled in (ps.contracts or {}).items():
            wanted += Counter(state.catalogue[cid].goods) - Counter(filled)
        if not wanted & held:
            continue
        moves = [m for label, ms in scene.shortcuts(state, pid) for m in ms
                 if label.startswith("Fill contracts")]
        assert any(m.source in ("warehouse", "market") for m in moves)
        return
    raise AssertionError("no player with a stored cube a contract wants")


# --- issue 11, the layout in real game states ----------------------------------------------------


def test_loading_names_the_warehouse_and_the_market_hall_in_words(ui):
    def stored(b: State, a: State) -> bool:
        return a.phase == "loading" and any(a.player(p).warehouse and a.player(p).market
                                            for p in a.players)

    finger = at(ui, stored, players=4)
    state = ui.game.state
    pid = next(p for p in state.players if state.player(p).warehouse and state.player(p).market)
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    texts = finger.texts()
    assert plain(words.place(state, "warehouse")) in texts
    assert plain(words.place(state, "market")) in texts
    assert "WH" not in texts and "MH" not in texts


# --- issue 19: a conversion in one tap -----------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "fr"], indirect=True)
def test_a_conversion_is_one_tap_on_the_good_in_its_sets_row(ui, language):
    from companion.engine import Convert
    from companion.engine.legal import loading_actions
    from companion.ui.views.loading import choices, conversion_target

    def one_set(a: State) -> str | None:
        """A player whose ship's cubes make one set of three, with few other choices (the
        row then costs them no page: it is shown)."""
        if a.phase != "loading":
            return None
        return next((p for p in a.players if len(a.player(p).dock) == 3
                     and not a.player(p).market and not a.player(p).warehouse
                     and len({c.give for c in loading_actions(a, p)
                              if isinstance(c, Convert)}) == 1
                     and len(choices(a, p, (), apart=1)) <= 5), None)

    finger = at(ui, lambda b, a: one_set(a) is not None, players=2)
    state = ui.game.state
    pid = one_set(state)
    if ui.top.player != pid:
        finger.tap(words.player_name(state, pid))
    conv = next(c for c in loading_actions(state, pid) if isinstance(c, Convert))
    name = clean(conversion_target(conv.give, conv.take))
    target = finger.find(name)
    assert target is not None, finger.labels()
    # The row shows the set, and the good's button its initial (colour is never alone).
    assert plain(names.good_initial(conv.take)) in [t["text"] for t in finger.frame()["texts"]]
    taps = finger.taps
    finger.tap_target(target)
    assert finger.taps == taps + 1
    assert ui.game.state.previous is state and ui.game.state.last_action == conv


# --- issue 30: no dead state ---------------------------------------------------------------------


def test_loading_never_shows_a_player_without_a_move_while_another_has_one():
    """Whoever Loading shows next (as it begins, after a move, after a player's done) has a
    move left whenever any player who has not said done has one: never a player with
    cubes and no button while another could act."""
    from companion.config.cards import load_catalogue
    from companion.engine import apply, new_game
    from companion.engine.legal import loading_actions
    from companion.engine.simulate import random_game
    from companion.paths import SHIPPED_CONFIG_DIR
    from companion.ui.scenes.loading import LoadingScene

    catalogue = load_catalogue(SHIPPED_CONFIG_DIR)
    checked = 0
    for players, seed in ((4, 5), (5, 9)):
        actions, _final = random_game(catalogue, players, seed=seed, form="quick",
                                      loading="in_turn")
        state = new_game(actions[0], catalogue)
        for action in actions[1:]:
            state = apply(state, action)
            if state.phase != "loading":
                continue
            for after in (None, *state.players):
                for finished in (frozenset(), frozenset([state.first_player])):
                    able = [p for p in state.players
                            if p not in finished and loading_actions(state, p)]
                    shown = LoadingScene.next_shown(state, after, finished)
                    if able:
                        assert shown in able, (after, finished, shown, able)
                        checked += 1
    assert checked > 50


# --- view -> plan -> paint (issue 36): one plan per rendered frame, places kept ---

@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=["landscape", "portrait"])
def test_one_plan_per_rendered_frame(services, monkeypatch, size):
    ui = unhurried(UI(services, size))
    ui.open("home")
    at(ui, lambda b, a: a.phase == "loading" and len(a.player(a.first_player).dock) >= 2,
       players=4)
    assert ui.top.name == "loading"
    calls: list[str] = []
    plan = places.plan

    def counted(c, view, room, previous, memo=None):
        calls.append(view.pid)
        got = plan(c, view, room, previous, memo)
        assert previous is None or previous is not got
        return got

    monkeypatch.setattr(places, "plan", counted)
    scene = ui.top
    pid = scene.player
    frames = 0

    def frame() -> None:
        nonlocal frames
        ui.render()
        frames += 1
        assert len(calls) == frames, (frames, calls)
        assert scene.plan is not None and scene.plan.pid == scene.player

    frame()
    frame()  # nothing changed: a plan all the same (the frame is drawn again)
    ui.press("cube:0")  # a cube chosen: its choices in place of the moves
    frame()
    assert isinstance(scene.plan.body, places.Offers)
    ui.press("cube:0")  # unchosen
    frame()
    assert isinstance(scene.plan.body, places.Moves)
    ui.intent(it.PlayerButton(pid))  # a move chosen on the buttons, large
    frame()
    assert isinstance(scene.plan.body, places.Chosen)
    ui.intent(it.Undo())
    frame()
    other = next(p for p in ui.game.state.players if p != pid)
    ui.intent(it.PlayerButton(other))  # another player shown
    frame()
    assert calls[-1] == other


def test_the_plan_keeps_a_choices_place_after_a_move(services):
    """A move's choice gone leaves its place empty: the other choices stay where they were
    (their rects in the plan are the last plan's)."""
    ui = unhurried(UI(services, (800, 480)))
    ui.open("home")
    at(ui, lambda b, a: a.phase == "loading" and len(a.player(a.first_player).dock) >= 3,
       players=4)
    scene = ui.top
    ui.render()
    body = scene.plan.body
    assert isinstance(body, places.Moves)
    before = {choice.key: (place, box) for choice, place, box in body.cells}
    first = next(choice for choice, _place, _box in body.cells
                 if choice.key.startswith("move:") and len(choice.actions) == 1)
    player = scene.player
    ui.press(first.key)
    ui.render()
    after = scene.plan.body
    if scene.player != player or not isinstance(after, places.Moves):
        pytest.skip("the move handed over to the next player")
    kept = [(choice, place, box) for choice, place, box in after.cells
            if choice.key in before and choice.key != first.key]
    assert kept
    for choice, place, box in kept:
        assert before[choice.key] == (place, box), choice.key


# --- issue 36: the body of a new state that shows what a frame showed is one blit ----------------


def test_the_loading_body_is_put_back_for_a_redos_new_scene_and_painted_again_on_a_change(
        ui, monkeypatch):
    """Loading's body is kept by what it shows (`layouts.loading.body_key`): the new scene
    of a Redo puts it back (not painted), as drawn afresh, and a tap on a move there is
    the new scene's; a cube chosen, another player, the language paint it again; a
    player's coins (on their panel, not in the body) do not."""
    from collections import OrderedDict

    import pygame

    from companion.engine import Adjust
    from companion.ui import canvas
    from companion.ui.i18n import set_language
    from companion.ui.scenes.loading import LoadingScene

    painted: list[object] = []
    paint = LoadingScene.paint_body
    monkeypatch.setattr(LoadingScene, "paint_body",
                        lambda self, c, whole, **kw: painted.append(self) or
                        paint(self, c, whole, **kw))

    def frame() -> tuple[bytes, dict]:
        ui.dirty = True
        ui.render()
        return pygame.image.tobytes(ui.surface, "RGB"), ui.canvas.describe("x", "en")

    def afresh() -> tuple[bytes, dict]:
        with monkeypatch.context() as m:
            m.setattr(canvas, "_layers", OrderedDict())
            m.setattr(canvas, "_placed", {})
            m.setattr(canvas, "_layers_bytes", [0])
            return frame()

    ui.clock = lambda: 1000.0
    at(ui, lambda b, a: a.phase == "loading" and b.phase != "loading" and all(
        view.cubes_of(a, p) for p in a.players), players=5)
    canvas.forget_fonts()
    frame()
    shown = ui.top
    assert painted == [shown]

    def body_hits() -> list[tuple[str, tuple[int, ...]]]:
        return [(h.key, tuple(h.rect)) for h in ui.canvas.hits
                if h.key.startswith(("cube:", "move:"))]

    hits = body_hits()
    assert any(key.startswith("move:") for key, _rect in hits)
    ui.undo()
    frame()
    ui.redo()
    redone = frame()
    assert ui.top.name == "loading" and ui.top is not shown
    assert painted == [shown]  # the Redo's new scene: put back
    assert redone == afresh()
    assert body_hits() == hits
    # A player's coins change their panel, not the body.
    count = len(painted)
    pid = ui.top.player or ui.game.state.players[0]
    ui.game.act(Adjust(pid, reason="table", coins=1))
    assert frame() == afresh() and len(painted) == count + 1  # (afresh paints it once)
    count = len(painted)
    frame()
    assert len(painted) == count
    # A cube chosen, another player shown, another language: painted again.
    for change in (lambda: ui.press("cube:0"),
                   lambda: ui.top.choose(next(p for p in ui.game.state.players
                                              if p != pid)),
                   lambda: set_language("de")):
        count = len(painted)
        change()
        frame()
        assert len(painted) == count + 1
        assert frame() == afresh()
    set_language("en")
    # A move tapped on a body put back: the scene on screen records it.
    ui.undo()
    frame()
    ui.redo()
    count = len(painted)
    frame()
    assert len(painted) == count
    scene, actions = ui.top, ui.game.state.actions
    hit = next(h for h in ui.canvas.hits if h.key.startswith("move:"))
    assert ui.tap(hit.rect.center)
    assert ui.game.state.actions == actions + 1
    assert isinstance(ui.game.state.last_action, Move)
    assert scene.tapped  # the place the finger left, kept by the scene on screen
    # The cubes chosen are in the key by themselves (drawn framed).
    v, plan = scene.loading_view(ui.game.state), scene.plan
    assert places.body_key(ui.canvas, v, plan, [0]) != places.body_key(ui.canvas, v, plan, [])
    canvas.forget_fonts()


# --- QA round 36: an Undo shows the player anew (docs/touch.md) -----------------------------------


def test_an_undo_brings_the_move_taken_back_back_to_its_place_with_none_left_empty(services):
    """German, 5 players, 800x480 (QA, round 36): a player taps a move (Blue's "Kf →
    Kaufmann +1¢"), then Undo. The move taken back is offered again from the first place
    on, and no place is left empty (docs/touch.md: a player shown anew, an Undo too, gets
    their choices from the first place on). Before, the place just tapped stayed empty and
    the move taken back went elsewhere (onto the next page where the choices are paged)."""
    from companion.engine.legal import loading_actions
    from companion.ui.i18n import set_language

    ui = unhurried(UI(services, (800, 480)))
    ui.open("home")
    set_language("de")

    def loader(a: State) -> str | None:
        return next((p for p in a.players if len(a.player(p).dock) >= 3
                     and len(loading_actions(a, p)) >= 6), None)

    at(ui, lambda b, a: a.phase == "loading" and loader(a) is not None, players=5)
    player = loader(ui.game.state)
    assert player is not None
    scene = ui.top
    scene.choose(player)
    ui.render()
    body = scene.plan.body
    assert isinstance(body, places.Moves)
    before = [(choice.key, place) for choice, place, _box in body.cells]
    first = next(choice for choice, _place, _box in body.cells
                 if choice.key.startswith("move:") and len(choice.actions) == 1)
    ui.press(first.key)
    ui.render()
    assert ui.top.player == player  # their other cubes still have somewhere to go
    ui.undo()
    ui.render()
    scene = ui.top
    assert scene.player == player
    body = scene.plan.body
    assert isinstance(body, places.Moves)
    assert [(choice.key, place) for choice, place, _box in body.cells] == before


# --- round 8's newcomer: an Undo of a shortcut that ended Loading named only the shortcut --------


def test_the_undo_of_a_shortcut_that_ended_loading_names_the_end_and_the_income(ui):
    """A whole dock sold in one tap by the last player with moves: Loading ends by itself
    and the income is paid. One Undo takes back the tap with Loading's end (the group), and
    its message says both, as the Redo's does (it named only the sale)."""
    from companion.engine.legal import apply, loading_actions
    from companion.ui.scenes.loading import LoadingScene

    def last_one(a: State) -> tuple[str, str, list[Move]] | None:
        for pid in a.players:
            for label, moves in LoadingScene.shortcuts(None, a, pid):  # type: ignore[arg-type]
                if len(moves) < 2:
                    continue
                after = a
                for move in moves:
                    after = apply(after, move)
                if not loading_actions(after, pid):
                    return pid, label, moves
        return None

    at(ui, lambda b, a: a.phase == "loading" and last_one(a) is not None, players=3)
    game = ui.game
    state = game.state
    pid, label, moves = last_one(state)  # type: ignore[misc]
    for other in state.players:  # everyone else has said they are done
        if other != pid:
            game.finished.append((state.round, other, game.steps_before(state)))
    game.act_group(moves, label)
    assert game.state.phase != "loading" and game.state.round == state.round + 1
    ended = _("the end of Loading and the income")
    ui.press("undo")
    assert game.state.phase == "loading" and game.state.player(pid) == state.player(pid)
    assert ui.message is not None and ui.message.text.startswith(_("Undone: {what}").split("{")[0])
    assert label in ui.message.text and ended in ui.message.text
    ui.press("redo")
    assert game.state.round == state.round + 1
    assert ui.message is not None and label in ui.message.text and ended in ui.message.text
