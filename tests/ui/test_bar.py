"""companion/ui/bar.py: where the bottom bar's buttons go, without a UI or a scene stack."""

from __future__ import annotations

import pygame
import pytest

from companion.inputs import intents as it
from companion.languages import LANGUAGES
from companion.ui.bar import BarLayout
from companion.ui.canvas import Canvas
from companion.ui.core import UI
from companion.ui.i18n import _, set_language

from .framecheck import moved, problems
from .helpers import at


def canvas(size):
    return Canvas(pygame.Surface(size))


def item(label, key):
    return (label, (lambda: None), key, (90, 90, 90))


def bar_of(c):
    return pygame.Rect(0, c.h - c.u(72), c.w, c.u(72))


def test_left_from_the_left_primary_from_the_right():
    c = canvas((800, 480))
    bar = bar_of(c)
    placed, above = BarLayout().place(c, "scene", bar, [item("Undo", "undo"),
                                                        item("?", "help")],
                                      [item("Loading done", "ok")])
    assert above == []
    rects = {key: rect for rect, _label, _action, key, _colour in placed}
    assert rects["undo"].x == c.u(8) and rects["help"].x > rects["undo"].right
    assert rects["ok"].right == bar.right - c.u(8)


def test_redo_appearing_last_moves_nothing_before_it():
    c = canvas((800, 480))
    bar = bar_of(c)
    layout = BarLayout()
    left = [item("Undo", "undo"), item("Home", "home"), item("?", "help")]
    before, _ = layout.place(c, "scene", bar, left, [item("OK", "ok")])
    after, _ = layout.place(c, "scene", bar, left + [item("Redo", "redo")], [item("OK", "ok")])
    was = {key: rect for rect, _l, _a, key, _c in before}
    now = {key: rect for rect, _l, _a, key, _c in after}
    assert all(now[key] == was[key] for key in ("undo", "home", "help"))


def test_without_room_the_last_go_above_and_stay_there_for_the_same_screen():
    c = canvas((480, 800))
    bar = bar_of(c)
    layout = BarLayout()
    left = [item("Rückgängig", "undo"), item("Menü", "home"), item("?", "help"),
            item("Wiederholen", "redo")]
    _placed, above = layout.place(c, "scene", bar, left, [item("Verladung fertig", "ok")])
    assert [key for _r, _l, _a, key, _c in above][-1] == "redo"  # the last goes first
    moved = len(above)
    # A shorter primary label would leave room: what went above stays above.
    _placed, above = layout.place(c, "scene", bar, left, [item("OK", "ok")])
    assert len(above) == moved
    # Another screen starts afresh.
    _placed, above = layout.place(c, "other", bar, left, [item("OK", "ok")])
    assert len(above) <= moved


# The bar in real game states, in portrait (from test_real_frames.py: issue 11, the layout
# in real game states).
@pytest.mark.parametrize("language", LANGUAGES)
def test_in_portrait_the_bar_moves_what_has_no_room_above_it_and_cuts_nothing(services, language):
    """At 480x800, Undo, Redo, Home, "?" and a long primary ("Verladung fertig") do not all
    fit in the bar in German and French: the last on the left go into a strip above it,
    each a finger's size, nothing cut, and a tap there works (Redo redoes)."""
    ui = UI(services, (480, 800))
    ui.open("home")
    ui.set_language(language)
    try:
        finger = at(ui, lambda b, a: b.phase == a.phase == "loading", players=5)
        finger.tap(_("Undo"))
        state = ui.game.state
        assert ui.top.name == "loading"
        assert state.redo  # Undo, Redo, Home, "?" and the primary action are all offered
        frame = finger.frame()
        assert not problems(frame), problems(frame)
        bar_top = finger.find(_("Undo"))["rect"][1]
        for label in (_("Undo"), _("Redo"), _("Home"), "?"):
            target = finger.find(label)
            assert target["rect"][3] >= 56 and target["rect"][2] >= 56
        moved = [t for t in frame["targets"] if t["bar"] and t["rect"][1] < bar_top]
        if language != "en":
            assert moved, "nothing moved above the bar"
        finger.tap(_("Redo"))
        assert ui.game.state.actions == state.actions + 1 and not ui.game.state.redo
    finally:
        ui.set_language("en")
        set_language("en")


def test_in_portrait_the_question_mark_stays_where_it_was_while_a_card_is_entered(services):
    """Quick Purchase, five players, German, 480x800: "Niemand hat gekauft" leaves no room
    for the "?" in the bar, "Blau zahlt 2" would; choosing a buyer with their own button
    must not bring the "?" back into the bar, under a finger on its way to it, nor move
    the grid."""
    ui = UI(services, (480, 800))
    ui.open("home")
    ui.set_language("de")
    try:
        finger = at(ui, lambda b, a: a.phase == "demand" and not a.slots[0].outcome
                    and len(a.slots) == 6, players=5)
        assert ui.top.name == "purchase"
        before = finger.find("?")
        assert before is not None
        grid = finger.frame()
        state = ui.game.state
        ui.intent(it.PlayerButton(state.players[1]))
        assert ui.game.state is state  # only chosen, nothing entered yet
        after = finger.find("?")
        assert after is not None and after["rect"] == before["rect"]
        assert not problems(finger.frame())
        assert moved(grid, finger.frame()) == []
    finally:
        ui.set_language("en")
        set_language("en")


# The bar's buttons keep their places through a screen's states (issue 19: "nothing moves
# under the finger"): a tap that changes the primary's label, a message, an entry begun.
def bar_rects(ui) -> dict[str, list[int]]:
    """Undo, Home, "?" and the primary action where this frame draws them (in the bar or
    in the strip above it), by what they are."""
    ui.render()
    frame = ui.canvas.describe(ui.top.name, ui.language)
    names = {_("Undo"): "undo", _("Home"): "home", "?": "help"}
    out = {}
    for t in frame["targets"]:
        if t["bar"]:
            what = "ok" if t["primary"] else names.get(t["label"])
            if what:
                out[what] = t["rect"]
    return out


def supply_states(ui):
    yield "plain"
    ui.info(_("Saved."))
    yield "a message"
    ui.error("Undone: Ship 2 revealed with coffee, tea and saffron, then the fire of "
             "Spring resolved with every firemen total")
    yield "a long error"
    ui.dismiss_message()
    # A ship: its row's button of the first cube (above the grid, on every page), or where
    # the room keeps the ships' place in the grid, that place (on its page).
    page = 1
    while True:
        ship = next((k for k in ui.keys() if k.startswith("ship:") or (
            k.startswith("card:") and "-ship-" in k)), None)
        if ship is not None or "page:next" not in ui.keys():
            break
        ui.press("page:next")
        page += 1
        yield f"page {page}"
    assert ship is not None
    ui.press(ship)
    yield "a ship"
    ui.info(_("Saved."))
    yield "a ship and a message"
    k = len(ui.top.goods)
    while ui.top.ship is not None:
        k += 1
        ui.press(next(key for key in ui.keys() if key.startswith("good:")))
        yield f"good {k}"


def purchase_states(ui):
    from .driver import dismiss

    yield "plain"
    ui.info(_("Saved."))
    yield "a message"
    for pid in ui.game.state.players[:2]:
        dismiss(ui)
        ui.intent(it.PlayerButton(pid))
        yield f"{pid} chosen"
        ui.intent(it.PlayerButton(pid))
        yield f"{pid} pays more"
    dismiss(ui)
    ui.press("ok")
    dismiss(ui)
    yield "recorded"


def tracked_states(ui):
    from .driver import dismiss

    yield "plain"
    ui.info(_("Saved."))
    yield "a message"
    for step in range(24):  # the workers placed, then the offers, up to the 2nd card
        dismiss(ui)
        keys = ui.keys()
        if ui.top.name != "purchase-tracked" or ui.game.state.settling >= 2:
            return
        key = "ok" if "ok" in keys else next((k for k in keys if k.startswith("slot:")),
                                             "pass")
        ui.press(key)
        yield f"{key} ({step})"


def loading_states(ui):
    yield "plain"
    ui.info(_("Saved."))
    yield "a message"
    for pid in ui.game.state.players:
        ui.intent(it.PlayerButton(pid))
        yield f"{pid}'s dock"
        cube = next((k for k in ui.keys() if k.startswith("cube:")), None)
        if cube is not None:
            ui.press(cube)
            yield f"{pid}'s cube chosen"


def _supply_with_a_ship(b, a):
    return a.phase == "supply" and not a.slots and any(
        "-ship-" in cid for cid in a.unseen.get(a.top_season(), ()))


ROUND_SCREENS = {
    "supply": (_supply_with_a_ship, "quick", supply_states),
    "purchase": (lambda b, a: a.phase in ("demand", "purchase") and a.settling == 0
                 and a.round >= 2, "quick", purchase_states),
    "purchase-tracked": (lambda b, a: a.phase == "demand" and a.round >= 2 and not any(
        slot.workers for slot in a.slots), "tracked", tracked_states),
    "loading": (lambda b, a: a.phase == "loading" and a.round >= 2, "quick", loading_states),
}


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=["landscape", "portrait"])
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("screen", sorted(ROUND_SCREENS))
def test_the_bar_buttons_keep_their_places_through_a_round_screens_states(
        tmp_path, screen, language, size):
    """Undo, Home, "?" and the primary action keep their rects on one screen, whatever
    its primary says (a ship's goods counted, a buyer chosen, an offer), with a message
    or without, in both orientations. (In French portrait, "0 sur 3 marchandises" sent
    the "?" above the bar when a ship was tapped; landscape, the primary's left edge
    moved with its label.)"""
    from companion.ui.samples import Demo

    from .conftest import make_services
    from .driver import dismiss

    test, form, states = ROUND_SCREENS[screen]
    ui = UI(make_services(tmp_path, purchase_form=form), size)
    ui.open("home")
    ui.set_language(language)
    try:
        Demo(ui, 5).at(test, form=form)
        dismiss(ui)
        first: dict[str, tuple[str, list[int]]] = {}
        moves = []
        shown = 0
        for state in states(ui):
            if ui.top.name != screen:
                continue
            shown += 1
            for what, rect in bar_rects(ui).items():
                was = first.setdefault(what, (state, rect))
                if was[1] != rect:
                    moves.append(f"{what}: {was[1]} ({was[0]}) -> {rect} ({state})")
        assert shown >= 4
        assert moves == []
    finally:
        ui.set_language("en")
        set_language("en")


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_redo_coming_after_an_undo_does_not_squeeze_the_primary(tmp_path, language):
    """QA by touch, German Loading at 800x480: after an Undo, Redo came into the bar and
    "Verladung fertig" shrank from 266 to 240 px and moved under the finger. The right
    buttons are as wide as they are beside Redo from the start."""
    from companion.engine import Move, Phase
    from companion.engine.legal import loading_actions
    from companion.ui.shots import demo_services

    try:
        ui = UI(demo_services(tmp_path, language), (800, 480))
        ui.open("home")
        at(ui, lambda b, a: a.phase == Phase.LOADING and a.round >= 3, players=4)
        ui.render()
        before = {h.key: tuple(h.rect) for h in ui.canvas.hits}
        state = ui.game.state
        pid = ui.top.player or state.players[0]
        move = next(a for a in loading_actions(state, pid) if isinstance(a, Move))
        ui.game.act(move)
        ui.render()
        ui.press("undo")
        ui.render()
        after = {h.key: tuple(h.rect) for h in ui.canvas.hits}
        assert "redo" in after
        assert {k: after[k] for k in ("undo", "home", "help", "ok")} == \
            {k: before[k] for k in ("undo", "home", "help", "ok")}
    finally:
        set_language("en")


# --- the buttons' legend's cells (`legend_cells`, issue 31) -----------------------------------


def test_the_legend_s_cells_are_equal_where_that_cuts_nothing_else_as_wide_as_their_words():
    from companion.ui.bar import legend_cells
    from companion.ui.canvas import SMALL, font

    c = canvas((800, 480))
    row = pygame.Rect(0, 380, c.w, c.u(22))
    five = [("A", "buys"), ("B", "buys"), ("C", "–"), ("D", "–"), ("E", "–")]
    cells = legend_cells(c, row, five)
    assert [cell.words.w for cell in cells] == [cells[0].words.w] * 5  # landscape: equal
    c = canvas((480, 800))
    row = pygame.Rect(0, 600, c.w, c.u(22))
    f = font(c.px(SMALL))
    for said in ([("A", "–"), ("B", "un coup"), ("C", "choisir"), ("D", "–"), ("E", "–")],
                 [("R", "starts")] * 3 + [("Y", "+ seat")] * 2, [("R", "commence")] * 5):
        cells = legend_cells(c, row, said)
        xs = [cell.badge_at[0] for cell in cells]
        assert xs == sorted(xs) and all(row.collidepoint(cell.badge_at) for cell in cells)
        boxes = [(cell.words, words) for cell, (_l, words) in zip(cells, said, strict=True)
                 if cell.words is not None]
        for box, words in boxes:  # every box holds its words whole, inside the row
            assert row.contains(box) and f.size(words)[0] <= box.w, (words, box)
        # Buttons side by side that say the same say it once.
        assert len(boxes) == sum(1 for k, (_l, w) in enumerate(said)
                                 if k + 1 == len(said) or said[k + 1][1] != w) or \
            len(boxes) == len(said)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", [2, 4, 5])
def test_new_game_s_legend_in_portrait_cuts_no_word(tmp_path, language, players):
    from companion.ui import shots
    try:
        ui = shots.build("newgame", (480, 800), language, tmp_path, players=players)
        ui.services.buttons = True
        ui.dirty = True
        ui.render()
        frame = ui.canvas.describe("newgame", language)
        assert frame["buttons"]
        assert problems(frame) == []
    finally:
        set_language("en")


# --- the newcomer's round (frame2, item 3): the primary's mark never wraps alone ---------------


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_primary_s_mark_never_takes_a_line_of_its_own(size):
    """QA de-r6-c: "Verladung fertig  ▶" in German Loading's bar (Rückgängig, Menü, ?,
    Redo to come) drew the ▶ alone on its second line. It ends the last word's line, or
    where the two are too wide together (French "Fermer" in portrait) it is left off."""
    c = canvas(size)
    bar = bar_of(c)
    for label in ("Verladung fertig  \u25b6", "Niemand hat gekauft  \u25b6",
                  "Personne n\u2019ach\u00e8te  \u25b6", "Chargement fini  \u25b6",
                  "Fermer  \u25b6", "Continuer  \u25b6"):
        placed, _above = BarLayout().place(
            c, "scene", bar, [item("R\u00fcckg\u00e4ngig", "undo"), item("Men\u00fc", "home"),
                              item("?", "help")], [item(label, "ok")],
            coming=item("Wiederholen", "redo"))
        rect, drawn = next((r, lab) for r, lab, _a, key, _c in placed if key == "ok")
        lines = c.wrap(drawn, rect.w - c.u(12), 22)
        assert lines[-1].strip() != "\u25b6", (label, lines)
        # The mark ends the last word's line, or (no room for both) the words stand alone.
        assert " ".join(drawn.split()) in (" ".join(label.split()), label[:-1].strip())
        mark = c.mark()
        c.button(rect, drawn, lambda: None)
        assert [t.text for t in c.drawn if t.cut] == []
        assert not any(t.text.strip() == "\u25b6" for t in c.drawn), c.drawn
        c.forget_since(mark)


@pytest.mark.parametrize("redo", [False, True], ids=["alone", "beside-redo"])
def test_french_close_keeps_its_mark_in_portrait(redo):
    """Round 7's closing note: portrait French Fire and Tableau showed "Fermer" without its
    ▶, because the room Redo may take came off the primary alone. The others give up half
    their padding first where that keeps the primary whole; nothing is cut."""
    c = canvas((480, 800))
    bar = bar_of(c)
    left = [item("Annuler", "undo"), item("?", "help")]
    coming = item("R\u00e9tablir", "redo")
    placed, above = BarLayout().place(c, "fire", bar, [*left, coming] if redo else left,
                                      [item("Fermer  \u25b6", "ok")], coming=coming)
    assert above == []
    drawn = {key: (rect, label) for rect, label, _a, key, _c in placed}
    rect, label = drawn["ok"]
    assert label == "Fermer  \u25b6"
    mark = c.mark()
    for rect, label in drawn.values():
        c.button(rect, label, lambda: None)
    assert [t.text for t in c.drawn if t.cut] == []
    assert [t.text for t in c.drawn if t.text.endswith("\u25b6")] == ["Fermer  \u25b6"]
    c.forget_since(mark)
