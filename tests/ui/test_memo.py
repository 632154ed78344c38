"""companion/ui/memo.py and what the UI remembers with it (issue 36, frame latency): the
bar's widths, the panels' plans and the legend's cells are remembered by what they show,
across the scenes Undo and Redo replace; a frame drawn with them remembered is the frame
drawn afresh, after a state, a size or a language change too."""

from __future__ import annotations

import pygame

from companion.ui import bar as bar_module
from companion.ui import canvas
from companion.ui.bar import BarLayout
from companion.ui.canvas import Canvas
from companion.ui.core import UI
from companion.ui.memo import Memo

from .helpers import at


def test_a_memo_works_an_answer_out_once_per_key_and_forgets_the_oldest():
    memo: Memo[str] = Memo(2)
    asked: list[str] = []

    def answer(key: str) -> str:
        return memo.get(key, lambda: asked.append(key) or key.upper())

    assert [answer("a"), answer("a"), answer("b")] == ["A", "A", "B"]
    assert asked == ["a", "b"]
    answer("a")  # used last: "b" is now the oldest
    answer("c")
    assert len(memo) == 2 and "a" in memo and "b" not in memo
    assert answer("b") == "B" and asked == ["a", "b", "c", "b"]
    memo.clear()
    assert len(memo) == 0


def test_a_part_of_a_key_held_by_identity_is_the_same_object_only():
    """`Same`: a state's mapping (unhashable) in a memo's key, compared by identity and
    held, so its id is never another object's while the key lives."""
    from companion.ui.memo import Same

    memo: Memo[str] = Memo(4)
    names = {"red": "Anna"}
    equal = dict(names)
    assert Same(names) == Same(names) and hash(Same(names)) == hash(Same(names))
    assert Same(names) != Same(equal) and Same(names) != names
    memo.get(("header", Same(names)), lambda: "Anna first")
    assert ("header", Same(names)) in memo and ("header", Same(equal)) not in memo
    assert memo.get(("header", Same(equal)), lambda: "anew") == "anew"


def item(label, key):
    return (label, None, key, (90, 90, 90))


def bar_of(c):
    return pygame.Rect(0, c.h - c.u(72), c.w, c.u(72))


def test_the_bar_with_and_without_redo_is_laid_out_once_each_and_anew_for_other_labels(
        monkeypatch):
    """Loading asks every frame where the bar's buttons would go with Redo
    (`UI._redo_goes_above`): both layouts are remembered, neither evicts the other; other
    labels (another language) or another size are laid out anew, as a new bar would."""
    calls: list[int] = []
    real = bar_module.widths_for
    monkeypatch.setattr(bar_module, "widths_for",
                        lambda *a, **k: calls.append(1) or real(*a, **k))
    c = Canvas(pygame.Surface((800, 480)))
    layout = BarLayout()
    redo = item("Redo", "redo")
    left = [item("Undo", "undo"), item("Home", "home"), item("?", "help")]
    right = [item("Loading done", "ok")]
    shown = layout.place(c, "loading", bar_of(c), left, right, coming=redo)
    probed = layout.place(c, "loading", bar_of(c), [*left, redo], right, coming=redo)
    once = len(calls)
    for _ in range(3):
        assert layout.place(c, "loading", bar_of(c), left, right, coming=redo) == shown
        assert layout.place(c, "loading", bar_of(c), [*left, redo], right,
                            coming=redo) == probed
    assert len(calls) == once
    german = [item("Rückgängig", "undo"), item("Menü", "home"), item("?", "help")]
    got = layout.place(c, "loading", bar_of(c), german, [item("Verladung fertig", "ok")],
                       coming=item("Wiederholen", "redo"))
    assert len(calls) > once
    assert got == BarLayout().place(c, "loading", bar_of(c), german,
                                    [item("Verladung fertig", "ok")],
                                    coming=item("Wiederholen", "redo"))
    wide = Canvas(pygame.Surface((1280, 720)))
    before = len(calls)
    got = layout.place(wide, "loading", bar_of(wide), left, right, coming=redo)
    assert len(calls) > before
    assert got == BarLayout().place(wide, "loading", bar_of(wide), left, right, coming=redo)


def frame(ui: UI) -> tuple[bytes, dict[str, object]]:
    ui.render()
    return (pygame.image.tobytes(ui.surface, "RGB"),
            ui.canvas.describe(ui.top.name, ui.language))


def afresh(ui: UI) -> tuple[bytes, dict[str, object]]:
    """The frame drawn with nothing remembered (the panels' images too)."""
    canvas._layers.clear()
    ui.memo.clear()
    ui._bar._widths.clear()
    return frame(ui)


def test_frames_drawn_with_the_memo_are_the_frames_drawn_afresh_after_any_change(ui):
    """Undo and Redo (new scenes of new states: other coins on a panel), another player
    chosen (another panel selected), the buttons' legend shown, another language, another
    size: what the memo and the panels' images hold never show what changed as it was."""
    ui.clock = lambda: 1000.0  # (the track's markers: drawn at the same moment each time)
    at(ui, lambda b, a: a.phase == "loading" and b.phase == "loading" and any(
        a.player(p).coins != b.player(p).coins for p in a.players), players=5)
    loading = frame(ui)
    ui.undo()
    undone = frame(ui)
    assert undone != loading
    assert undone == afresh(ui)
    ui.redo()
    redone = frame(ui)
    assert redone == afresh(ui)
    ui.undo()
    assert frame(ui) == undone  # the panels of the state undone again: from the memo
    ui.services.buttons = True  # the legend drawn, its cells remembered
    with_buttons = frame(ui)
    assert with_buttons != undone and with_buttons == afresh(ui)
    ui.redo()
    frame_after_redo = frame(ui)
    assert frame_after_redo == afresh(ui)
    shown = ui.top.player
    ui.top.choose(next(p for p in ui.game.state.players if p != shown))
    chosen = frame(ui)
    assert chosen != frame_after_redo and chosen == afresh(ui)
    ui.set_language("de")
    german = frame(ui)
    assert german[1]["texts"] != redone[1]["texts"]
    assert german == afresh(ui)
    ui.surface = pygame.Surface((480, 800))
    ui.dirty = True
    portrait = frame(ui)
    assert portrait == afresh(ui)


def test_without_buttons_the_frame_leaves_the_legend_to_its_description(ui, monkeypatch):
    """A table without buttons draws no legend: the frame does not work it out; the frame
    description still says what each button does (docs/frames.md), as a table with them
    would show it."""
    at(ui, lambda b, a: a.phase == "loading", players=4)
    asked: list[int] = []
    real = UI.legend
    monkeypatch.setattr(UI, "legend", lambda self: asked.append(1) or real(self))
    ui.render()
    assert not asked
    said = ui.canvas.describe(ui.top.name, ui.language)["buttons"]
    assert asked
    assert said == ui.canvas.describe(ui.top.name, ui.language)["buttons"]
    ui.services.buttons = True
    ui.dirty = True
    ui.render()
    assert ui.canvas.describe(ui.top.name, ui.language)["buttons"] == said


def test_loadings_possible_labels_come_back_for_the_same_cubes_and_follow_any_change(ui):
    """Every label a move may have (`views.loading.possible_labels`) is remembered by the
    player's cubes, cards and contracts and the language (`possible_key`): the Redo's new
    state finds them; an Undo that gives a cube back, another player or another language
    works them out again, and they are always this state's."""
    from companion.engine.words import MERCHANT_DESTINATION
    from companion.ui.views.loading import possible_key, possible_labels

    # A cube sold to a merchant: only the dock (and the coins) differ from the state before.
    at(ui, lambda b, a: a.phase == "loading" and b.phase == "loading" and getattr(
        a.last_action, "to", None) == MERCHANT_DESTINATION, players=5)

    def shown():
        ui.render()
        state = ui.game.state
        pid = ui.top.player
        possible = ui.top.loading_view(state).possible
        assert list(possible()) == possible_labels(state, pid)
        return possible_key(state, pid), possible

    key, possible = shown()
    first = ui.top.player
    mover = ui.game.state.last_action.player
    ui.undo()
    assert ui.top.name == "loading" and ui.top.player == mover
    undone_key, undone = shown()
    assert undone_key != key and undone is not possible
    ui.redo()
    if ui.top.player != first:  # (handed over to the next player, as after the move)
        ui.top.choose(first)
    redone_key, redone = shown()
    assert redone_key == key and redone is possible  # found again, not worked out
    other = next(p for p in ui.game.state.players if p != ui.top.player)
    ui.top.choose(other)
    assert shown()[0] != key
    ui.set_language("fr")
    ui.top.choose(first)
    french_key, french = shown()
    assert french_key != key and french is not possible


def test_loadings_choices_come_back_for_the_same_holdings_and_follow_any_change(ui):
    """Loading's one-tap choices (`views.loading.choices`) are remembered by the player's
    cubes, cards and contracts, the stock's goods and the language (`choices_key`): the
    Redo's new state finds them; an Undo that gives a cube back, another player, a stock
    with other goods or another language works them out again; they are always this
    state's."""
    from companion.engine import Convert
    from companion.engine.legal import loading_actions
    from companion.engine.values import replace
    from companion.engine.words import MERCHANT_DESTINATION
    from companion.ui.views import loading as view

    at(ui, lambda b, a: a.phase == "loading" and b.phase == "loading" and getattr(
        a.last_action, "to", None) == MERCHANT_DESTINATION, players=5)

    def key_of(state, pid, end_all):
        sets = {a.give for a in loading_actions(state, pid) if isinstance(a, Convert)}
        return view.choices_key(state, pid, len(sets), end_all), len(sets)

    def shown():
        ui.render()
        state = ui.game.state
        pid = ui.top.player
        v = ui.top.loading_view(state)
        key, sets = key_of(state, pid, v.end_all)
        afresh = tuple(view.choices(state, pid, apart=sets, end_all=v.end_all))
        assert v.apart == afresh and v.gathered == view.gathered(afresh)
        return key, v.apart

    key, apart = shown()
    first = ui.top.player
    ui.undo()
    undone_key, undone = shown()
    assert undone_key != key and undone is not apart
    ui.redo()
    if ui.top.player != first:  # (handed over to the next player, as after the move)
        ui.top.choose(first)
    redone_key, redone = shown()
    assert redone_key == key and redone is apart  # found again, not worked out
    # The stock's goods are what a conversion may take.
    state = ui.game.state
    end_all = ui.top.loading_view(state).end_all
    one_gone = dict(state.stock)
    one_gone[next(g for g, n in one_gone.items() if n > 0)] = 0
    for stock in (dict.fromkeys(state.stock, 0), one_gone):
        other = replace(state, stock=stock)
        assert key_of(other, first, end_all)[0] != key
        sets = key_of(other, first, end_all)[1]
        got = view.view(other, view.Pick(first), frozenset(), end_all, ui.memo).apart
        assert got == tuple(view.choices(other, first, apart=sets, end_all=end_all))
    other = next(p for p in ui.game.state.players if p != ui.top.player)
    ui.top.choose(other)
    assert shown()[0] != key
    ui.set_language("fr")
    ui.top.choose(first)
    french_key, french = shown()
    assert french_key != key and french is not apart


def test_loadings_plan_from_the_memo_is_the_plan_worked_out_afresh(ui):
    """Loading's plan keeps its parts that depend only on what they place (the room before
    the cubes, the conversions' rows, the choices' places) in the UI's memo: the same
    room at another scale, another language, another player or another state's view
    (an Undo's) gets the plan worked out without the memo, never one remembered."""
    from companion.ui.i18n import set_language
    from companion.ui.layouts import loading as places
    from companion.ui.views import loading as view

    at(ui, lambda b, a: a.phase == "loading" and b.phase == "loading" and len(
        a.player(a.last_action.player).dock) >= 2, players=5)
    memo = ui.memo
    memo.clear()
    later = ui.game.state
    ui.undo()
    earlier = ui.game.state
    room = pygame.Rect(10, 40, 700, 330)  # the same room at both scales
    try:
        for state, size, language in (
                (later, (800, 480), "en"), (later, (800, 480), "fr"),
                (later, (1280, 720), "fr"), (earlier, (1280, 720), "fr"),
                (earlier, (800, 480), "en"), (later, (800, 480), "en")):
            set_language(language)
            c = Canvas(pygame.Surface(size))
            for pid in state.players:
                v = view.view(state, view.Pick(pid), frozenset(), False, memo)
                fresh = view.view(state, view.Pick(pid), frozenset(), False)
                assert (v.apart, v.gathered) == (fresh.apart, fresh.gathered)
                kept = places.plan(c, v, room, None, memo)
                assert kept == places.plan(c, v, room, None), (size, language, pid)
                assert places.least(c, v, room.w, kept, memo) == \
                    places.least(c, v, room.w, kept)
    finally:
        set_language("en")

def test_the_legend_row_is_one_image_while_it_says_the_same_and_painted_anew_on_a_change(
        ui, monkeypatch):
    """The buttons' legend's row is kept as one image (`Canvas.layer`) by all it shows:
    frames that say the same put it back without painting it; another player chosen
    (other words for the buttons), OK held or another language paint it anew, and every
    frame is the frame drawn with nothing remembered."""
    ui.clock = lambda: 1000.0
    at(ui, lambda b, a: a.phase == "loading", players=5)
    ui.services.buttons = True
    painted: list[int] = []
    real = UI._paint_legend
    monkeypatch.setattr(UI, "_paint_legend",
                        staticmethod(lambda *a: painted.append(1) or real(*a)))
    first = frame(ui)
    assert painted == [1]
    ui.dirty = True
    assert frame(ui) == first and painted == [1]  # put back, not painted
    assert first == afresh(ui) and len(painted) == 2
    shown = ui.top.player
    ui.top.choose(next(p for p in ui.game.state.players if p != shown))
    chosen = frame(ui)
    assert len(painted) == 3 and chosen == afresh(ui)
    legends = [ui.canvas.describe(ui.top.name, ui.language)["buttons"]]
    ui.set_language("de")
    german = frame(ui)
    assert len(painted) == 5 and german == afresh(ui)
    legends.append(ui.canvas.describe(ui.top.name, ui.language)["buttons"])
    assert legends[0] != legends[1]
    ui.top.choose(shown)
    ui.set_language("en")
    assert frame(ui)[0] == first[0]  # back to the first legend: the same pixels


def test_what_a_panel_says_is_kept_for_one_state_and_worked_out_again_on_any_change(ui):
    """`RoundScene.panel_said` keeps each panel's words for the state on the screen: the
    same state gives the same answer without working it out; another state (other coins),
    another choice on the screen or another language gives that one's words."""
    at(ui, lambda b, a: a.phase == "loading" and b.phase == "loading" and any(
        a.player(p).coins != b.player(p).coins for p in a.players), players=5)
    scene = ui.top
    after = ui.game.state
    mover = after.players[0]

    def fresh(state, pid):
        kept = scene._panels_of
        scene._panels_of = None
        try:
            return scene.panel_said(state, pid)
        finally:
            scene._panels_of = kept

    said = scene.panel_said(after, mover)
    assert scene.panel_said(after, mover) is said  # kept
    ui.undo()
    earlier = ui.game.state
    assert earlier is not after
    changed = [p for p in after.players if after.player(p).coins != earlier.player(p).coins]
    assert changed
    got = {p: scene.panel_said(earlier, p) for p in earlier.players}
    assert got == {p: fresh(earlier, p) for p in earlier.players}
    assert all(got[p].coins != scene.panel_said(after, p).coins for p in changed)
    other = next(p for p in earlier.players if not scene.panel_selected(p))
    scene.choose(other)
    assert scene.panel_said(earlier, other) == fresh(earlier, other)
    assert scene.panel_said(earlier, other).selected
    english = scene.panel_said(earlier, other)
    ui.set_language("de")
    german = scene.panel_said(earlier, other)
    assert german == fresh(earlier, other) and german.details != english.details


def test_purchases_places_come_back_for_the_same_slots_and_follow_any_change(
        ui, monkeypatch):
    """The Purchase screen's tiles and grid (`layouts.purchase.quick`), the least height
    the frame gives way for (`quick_least`) and the prices the columns show
    (`price_page`) are remembered in the UI's memo by all they read (`quick_key`; the
    rows, the page and the price counted up): the new scene of a Redo then an Undo finds
    them; another settled card, a price counted up, another language or another size
    works them out again, and every frame is the frame drawn with nothing remembered."""
    from companion.inputs import intents as it
    from companion.ui.layouts import purchase as placed

    calls: list[str] = []
    for name in ("quick", "quick_least", "price_page"):
        real = getattr(placed, name)
        monkeypatch.setattr(placed, name, lambda *a, name=name, real=real: calls.append(name)
                            or real(*a))
    ui.clock = lambda: 1000.0
    at(ui, lambda b, a: a.phase == "loading" and b.phase != "loading", players=5)
    ui.undo()
    assert ui.top.name == "purchase"
    first = frame(ui)
    made = len(calls)
    ui.redo()
    frame(ui)
    ui.undo()
    assert ui.top.name == "purchase"
    assert frame(ui) == first and len(calls) == made  # a new scene, all kept
    assert first == afresh(ui)
    ui.undo()  # a card less settled: other slots
    assert ui.top.name == "purchase"
    before = len(calls)
    earlier = frame(ui)
    assert sorted(set(calls[before:])) == ["price_page", "quick", "quick_least"]
    assert earlier != first
    state = ui.game.state
    rich = max(state.players, key=lambda p: state.player(p).coins)
    before = len(calls)
    ui.intent(it.PlayerButton(rich))  # a price counted up: drawn chosen
    chosen = frame(ui)
    assert calls[before:] == ["price_page"] and chosen != earlier
    ui.intent(it.Undo())  # the price taken back (and said): the prices shown before
    undone = frame(ui)
    assert calls[before:] == ["price_page"] and undone == afresh(ui)
    ui.set_language("fr")
    assert frame(ui) == afresh(ui)
    ui.surface = pygame.Surface((480, 800))
    ui.dirty = True
    assert frame(ui) == afresh(ui)
