"""companion/ui/scenes/purchase.py: Purchase, quick and tracked, by touch (the grid's
view model and layout are tested in tests/ui/views/test_purchase.py).

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger
from companion.engine import Adjust, State
from companion.inputs import intents as it
from companion.ui import names, words
from companion.ui.core import UI
from companion.ui.i18n import _, set_language
from companion.ui.samples import Demo

from .. import tilewords
from ..driver import answer
from ..framecheck import problems
from ..helpers import at, uncut

# --- QA finding 2: the buyer's letter is never "…" -----------------------------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("coins", [10, 13, 99])
def test_purchase_buyer_buttons_always_show_the_letter_whatever_the_coins(ui, language, coins):
    finger = at(ui, lambda b, a: a.phase == "purchase", players=5)
    state = ui.game.state
    for pid in state.players:
        ui.game.act(Adjust(pid, reason="table", coins=coins - state.player(pid).coins))
    frame = finger.frame()
    state = ui.game.state
    shown = uncut(frame)
    for pid in state.players:
        letter = words.letter(state, pid)
        assert letter in shown, (letter, [t["text"] for t in frame["texts"] if t["cut"]])
        # ...and every price of their row is a button named by it ("A 1").
        assert finger.has(f"{letter} 1")
    assert not [t for t in frame["texts"] if t["text"].endswith("\u2026")]
    # A tap on one of them buys the card for that price.
    pid = state.players[-1]
    index = state.settling
    finger.tap(f"{words.letter(state, pid)} 1")
    while ui.top.name == "confirm":
        answer(ui)  # what the card shows
    slot = ui.game.state.slots[index]
    assert (slot.buyer, slot.price) == (pid, 1)


# --- QA finding 13: tracked form, the offered player cannot pay: OK passes for them --------------


def test_tracked_offer_to_a_player_who_cannot_pay_is_passed_by_the_primary_action(ui, monkeypatch):
    from companion.engine import Pass

    def offered(b: State, a: State) -> bool:
        return (a.phase == "purchase" and a.settling < len(a.slots)
                and bool(a.slots[a.settling].workers))

    finger = at(ui, offered, form="tracked")
    assert ui.top.name == "purchase-tracked"
    state = ui.game.state
    index = state.settling
    pid = state.slots[index].workers[0]
    ui.game.act(Adjust(pid, reason="table", coins=-state.player(pid).coins))
    state = ui.game.state
    primary = finger.primary()
    assert primary is not None and primary["enabled"], primary
    name = words.player_name(ui.game.state, pid)
    assert name in primary["label"] and "pass" in primary["label"]
    game = ui.game
    done: list[object] = []
    act = game.act
    monkeypatch.setattr(game, "act", lambda action: done.append(action) or act(action))
    finger.tap_primary()
    assert done == [Pass(pid, index)]
    assert ui.game.state.actions == state.actions + 1


# --- QA finding 4: every Purchase tile can be told from the others by its text -------------------


def purchase_tiles(frame, state) -> list[str]:
    """The texts drawn on each tile of Purchase (quick form, no card settled yet), left to
    right: the small texts drawn after the hint naming the card ("Card 1 of n: ...") and
    before the grid's prices, but the initials on the cubes of a ship's or a contract's
    goods."""
    from companion.ui.i18n import _

    card_line = _("Card {k} of {n}: {card}").split("{k}")[0]
    texts = frame["texts"]
    start = next(i for i, t in enumerate(texts) if t["text"].startswith(card_line))
    body = texts[start]["px"]
    while texts[start]["px"] >= body:  # the hint's lines
        start += 1
    initials = {names.good_initial(g) for g in ("coffee", "tea", "saffron", "rubber", "carpet")}
    tile: list[dict] = []
    for t in texts[start:]:
        if t["text"] in initials:  # a cube's initials (a ship's or a contract's goods)
            continue
        if t["px"] >= body:
            break
        tile.append(t)
    columns: list[list[dict]] = []
    def centre(t: dict) -> float:
        return t["rect"][0] + t["rect"][2] / 2

    for t in sorted(tile, key=lambda t: (centre(t), t["rect"][1])):
        if columns and abs(centre(t) - centre(columns[-1][0])) < 30:
            columns[-1].append(t)
        else:
            columns.append([t])
    for column in columns:
        assert not any(t["cut"] for t in column), column
    return [" ".join(t["text"] for t in sorted(col, key=lambda t: t["rect"][1]))
            for col in columns]


def merchants_by_cube(frame: dict, state: State, tiles: list[str]) -> list[int]:
    """The slots of merchants shown by their good's cube alone (no name on their tile):
    a cube of the merchant's good where no tile's text stands (800x480: one row of tiles,
    left to right as the slots)."""
    marks = [m for m in frame["marks"] if m["kind"] == "good"]
    texts = [t for t in frame["texts"] if t["px"] < 22]
    out = []
    for i, slot in enumerate(state.slots):
        card = state.catalogue[slot.card]
        if card.kind != "merchant":
            continue
        for m in marks:
            x = m["rect"][0] + m["rect"][2] / 2
            if m["of"] == card.good and not any(
                    abs(t["rect"][0] + t["rect"][2] / 2 - x) < 30 and t["rect"][1] < m["rect"][1]
                    and t["text"] not in {names.good_initial(card.good)} for t in texts):
                out.append(i)
                break
    return out


@pytest.mark.parametrize("language", ["en", "de", "fr"], indirect=True)
@pytest.mark.parametrize("game_round", range(1, 9))
def test_every_purchase_tile_is_identified_by_its_text(ui, language, game_round):
    def settling_first(b: State, a: State) -> bool:
        return (a.phase in ("demand", "purchase") and a.round == game_round
                and a.settling == 0 and len(a.slots) >= 6)

    try:
        finger = at(ui, settling_first, players=5)
    except LookupError:
        pytest.skip("no demo game has six cards in that round")
    state = ui.game.state
    frame = finger.frame()
    tiles = purchase_tiles(frame, state)
    # A merchant whose name has no room on its tile shows its good as a cube, as its card
    # does (issue 30: never the good's name): its tile has no text, its cube says it.
    by_cube = merchants_by_cube(frame, state, tiles)
    slots = [slot for i, slot in enumerate(state.slots) if i not in by_cube]
    assert len(tiles) == len(slots), tiles
    # Ships are told apart by the cubes drawn on their tiles (what the table sees on them);
    # two cards alike (Autumn's two counting offices) read alike, as they do on the table.
    # A contract's goods are cubes on its tile too.
    def cubes(slot) -> tuple:  # type: ignore[no-untyped-def]
        card = state.catalogue[slot.card]
        return tuple(sorted(slot.goods or (card.goods if card.kind == "contract" else ())))

    seen = {(text, cubes(slot)) for text, slot in zip(tiles, slots, strict=True)}
    assert len(seen) == len({(names.card_name(state.catalogue[slot.card]), cubes(slot))
                             for slot in slots}), tiles
    for slot, text in zip(slots, tiles, strict=True):
        card = state.catalogue[slot.card]
        whole = names.card_name(card).replace("\u00ad", "")
        # What the card's face shows (its goods may wrap: "Te Sa Ru?"), never a code.
        faces = [names.face(card), names.face(card).replace(names.GOODS_JOIN, " "),
                 names.face(card).replace(names.GOODS_JOIN, "")]
        tag = next((f for f in faces if f and text.endswith(f)), "")
        cubes_drawn = card.kind == "contract" and not tag  # its goods as cubes
        assert names.face(card) == "" or tag or cubes_drawn, (text, whole)
        # Whole words only: the card's one name or its one short form with the face, the
        # face alone; a word may wrap at its soft hyphens, never be cut short ("Con-",
        # "Tep-", "Feuer-"); never a merchant by its good's name. Never a catalogue code.
        assert not tilewords.cut_words(text, card), (text, whole)


# --- an issue 11 finding -------------------------------------------------------------------------


def test_undo_during_a_purchase_entry_takes_back_the_price_then_the_buyer(ui):
    finger = at(ui, lambda b, a: a.phase == "purchase" and a.settling == 1 and a.round >= 2,
                players=4)
    state = ui.game.state
    actions = state.actions
    rich = max(state.players, key=lambda p: state.player(p).coins)
    from companion.engine.legal import buy_prices
    from companion.ui import words
    assert len(buy_prices(state, rich)) >= 2
    # A tap on a price records at once; the entry in steps is the players' own buttons.
    ui.intent(it.PlayerButton(rich))
    ui.intent(it.PlayerButton(rich))  # their button again: price +1
    assert words.letter(state, rich)  # the grid names the row by it
    assert (ui.top.buyer, ui.top.price) == (rich, 2)
    finger.tap("Undo")
    assert (ui.top.buyer, ui.top.price) == (rich, 1)
    finger.tap("Undo")
    assert ui.top.buyer is None
    assert ui.game.state.actions == actions


# --- issue 11, the layout in real game states ----------------------------------------------------


@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
@pytest.mark.parametrize("language", ["fr", "de", "en"])
def test_a_tracked_offer_keeps_pass_a_finger_tall_in_portrait(services, language, size):
    """Tracked Purchase at five players in portrait: the tiles, the offer and Pass share
    what the panels leave; Pass stays a finger tall (it had collapsed to 0 px in French)
    and a tap on it sends the worker home."""
    services.settings["purchase_form"] = "tracked"
    ui = UI(services, size)
    ui.open("home")
    ui.set_language(language)
    try:
        Demo(ui, 5).at(lambda b, a: a.phase == "purchase" and a.form == "tracked"
                       and a.settling < len(a.slots) and bool(a.slots[a.settling].workers),
                       form="tracked")
        finger = Finger(ui)
        frame = finger.frame()
        assert not problems(frame), problems(frame)
        state = ui.game.state
        settling = state.settling
        workers = len(state.slots[settling].workers)
        finger.tap(_("Pass"))
        after = ui.game.state
        assert after.settling > settling or len(after.slots[settling].workers) == workers - 1
    finally:
        ui.set_language("en")
        set_language("en")


# --- QA round of issue 19: the hint named an "OK" the bar does not have -------------------------


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_purchase_hint_names_the_bar_button_that_says_nobody_bought(services, language, size):
    """"Tippe auf den Preis ... oder OK für niemanden" sent the table looking for an OK;
    the bar's button reads "Niemand hat gekauft". The hint names it by its own label."""
    ui = UI(services, size)
    ui.open("home")
    ui.set_language(language)
    try:
        finger = at(ui, lambda b, a: a.phase == "purchase", players=5)
        label, _record = ui.top.primary()
        assert label == _("Nobody bought it")
        bar = " ".join(t["label"] for t in finger.frame()["targets"] if t["bar"])
        assert label in bar
        assert label in ui.top.hint()
        assert "OK" not in ui.top.hint()
    finally:
        set_language("en")


# --- issue 36: view -> plan -> paint, one plan a frame ---------------------------------------


def test_quick_purchase_makes_one_plan_a_frame(ui, monkeypatch):
    """Through real services: every rendered frame of quick Purchase makes exactly one
    plan (the frame's measures, `phase_least`, make none), whatever a player's button
    changed in between; the scene keeps it in its `plan`."""
    from companion.ui.layouts import purchase as placed

    from .plans import count_plans, frames

    at(ui, lambda b, a: a.phase == "demand" and a.round == 2, players=5)
    made = count_plans(monkeypatch, placed)
    frames(ui, 3)
    assert made[0] == 3
    state = ui.game.state
    rich = max(state.players, key=lambda p: state.player(p).coins)
    ui.intent(it.PlayerButton(rich))  # a buyer chosen: another view, still one plan
    frames(ui, 2)
    assert made[0] == 5
    plan = ui.top.plan
    assert isinstance(plan, placed.QuickFrame) and plan.view.chosen == (rich, 1)
    assert plan.prices is not None and len(plan.prices.rows) == len(plan.places.cells)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("picture", ["tracked", "purchase"])
def test_each_purchase_form_makes_one_plan_a_frame(tmp_path, monkeypatch, size, picture):
    from companion.ui import shots
    from companion.ui.layouts import purchase as placed

    from .plans import count_plans, frames

    made = count_plans(monkeypatch, placed)
    ui = shots.build(picture, size, "en", tmp_path)
    assert ui.top.name == ("purchase-tracked" if picture == "tracked" else "purchase")
    frames(ui, 4)
    assert made[0] == 4
    kept = ui.top.plan
    # Nothing changed: the last frame's plan comes back as it was.
    assert placed.plan(ui.canvas, kept.view, kept.room, kept) is kept


def test_the_grid_keeps_the_form_switchs_place_for_the_round(ui):
    """The round began without a form: the switch is offered until the first entry and
    its place stays free after it (`QuickFrame.keeps`), so no price moves."""
    from companion.engine.legal import buy_prices

    at(ui, lambda b, a: a.phase == "demand" and a.round == 2, players=3)
    ui.render()
    before = ui.top.plan
    assert before.view.switch and before.places.switch is not None
    assert "form:other" in ui.keys()
    state = ui.game.state
    buyer = next(p for p in state.players if 1 in buy_prices(state, p))
    ui.top.buy(buyer, 1)
    ui.render()
    after = ui.top.plan
    assert not after.view.switch and "form:other" not in ui.keys()
    assert (state.round, 800, 480) in after.keeps
    assert after.places.cells == before.places.cells


# --- issue 36: the body of a new state that shows what a frame showed is one blit ----------------


def _painted(monkeypatch) -> list[object]:
    """Each painting of quick Purchase's body (`PurchaseScene.paint_body`), by its scene."""
    from companion.ui.scenes.purchase import PurchaseScene

    calls: list[object] = []
    paint = PurchaseScene.paint_body

    def counted(self, c, area):
        calls.append(self)
        paint(self, c, area)

    monkeypatch.setattr(PurchaseScene, "paint_body", counted)
    return calls


def _as_drawn_afresh(ui, monkeypatch) -> dict:
    """The frame `ui` shows, checked against the same frame with no layer kept (painted,
    and kept elsewhere): a body put back is the body painted (pixels, texts, targets,
    marks)."""
    from collections import OrderedDict

    import pygame

    from companion.ui import canvas

    ui.dirty = True
    ui.render()
    kept = (pygame.image.tobytes(ui.surface, "RGB"), ui.canvas.describe("x", "en"))
    with monkeypatch.context() as m:
        m.setattr(canvas, "_layers", OrderedDict())
        m.setattr(canvas, "_placed", {})
        m.setattr(canvas, "_layers_bytes", [0])
        ui.dirty = True
        ui.render()
        fresh = (pygame.image.tobytes(ui.surface, "RGB"), ui.canvas.describe("x", "en"))
    assert kept[1] == fresh[1]
    assert kept[0] == fresh[0]
    return kept[1]


def test_the_purchase_body_is_painted_again_when_what_it_shows_changes(ui, monkeypatch):
    """The body is kept by what it shows (`layouts.purchase.body_key`): a frame that shows
    it again paints nothing; a counted-up choice, the page turned, a player's coins (which
    prices are enabled), the language each paint it again; each frame is the one drawn
    afresh."""
    from companion.ui import canvas

    at(ui, lambda b, a: a.phase == "demand" and a.round == 2, players=5)
    canvas.forget_fonts()
    painted = _painted(monkeypatch)

    def paints(step) -> int:
        """How often `step` and the frame after it painted the body."""
        count = len(painted)
        step()
        ui.dirty = True
        ui.render()
        return len(painted) - count

    assert paints(lambda: None) == 1
    assert paints(lambda: None) == 0  # the same body: put back
    state = ui.game.state
    rich = max(state.players, key=lambda p: state.player(p).coins)
    # A choice counted up (its price drawn chosen), then taken back (the body as it was).
    assert paints(lambda: ui.intent(it.PlayerButton(rich))) == 1
    _as_drawn_afresh(ui, monkeypatch)
    assert paints(lambda: ui.intent(it.Undo())) == 0
    assert "price:page" in ui.keys()
    # The columns turned to the higher prices, and back.
    assert paints(lambda: ui.press("price:page")) == 1
    assert ui.top.plan.prices.first > 1
    _as_drawn_afresh(ui, monkeypatch)
    assert paints(lambda: ui.press("price:page")) == 0
    # A player's coins: fewer prices enabled in their row.
    poor = state.players[0]
    assert paints(lambda: ui.game.act(Adjust(poor, reason="table",
                                             coins=1 - ui.game.state.player(poor).coins))) == 1
    letter = words.letter(ui.game.state, poor)
    targets = {t["label"]: t["enabled"] for t in _as_drawn_afresh(ui, monkeypatch)["targets"]}
    assert targets[f"{letter} 1"] and not targets[f"{letter} 2"]
    try:
        assert paints(lambda: set_language("de")) == 1
        _as_drawn_afresh(ui, monkeypatch)
    finally:
        set_language("en")
    assert paints(lambda: None) == 0
    canvas.forget_fonts()


def test_the_purchase_body_key_names_all_the_body_shows(services):
    """`layouts.purchase.body_key`: a change to anything the body shows changes it (the
    coins that enable a price, a chosen price, the page, the switch, the language, the
    size); a new state equal in content gives the same key."""
    import pygame

    from companion.engine.values import replace
    from companion.ui.canvas import Canvas
    from companion.ui.layouts import purchase as placed
    from companion.ui.memo import Memo
    from companion.ui.views.purchase import purchase_view

    ui = UI(services, (800, 480))
    ui.open("home")
    Demo(ui, 5).at(lambda b, a: a.phase == "demand" and a.round == 2)
    state = ui.game.state
    room = pygame.Rect(260, 120, 540, 300)

    def key(state, size=(800, 480), previous=None, **view):
        memo: Memo[placed.QuickPlan] = Memo(8)
        c = Canvas(pygame.Surface(size))
        got = placed.plan(c, purchase_view(state, language="en", **view), room, previous,
                          memo.get)
        return placed.body_key(got), got

    first, plan = key(state)
    assert first is not None
    assert key(replace(state))[0] == first  # another State, the same content
    pid = state.players[0]
    poorer = replace(state, player_states={
        **state.player_states, pid: replace(state.player(pid), coins=1)})
    assert key(poorer)[0] != first
    assert key(state, chosen=(pid, 1))[0] != first
    assert key(state, turned=5)[0] != first
    assert key(state, size=(1024, 600))[0] != first
    set_language("de")
    try:
        assert key(state)[0] != first
    finally:
        set_language("en")
    # The switch gone, its place kept (the round began without a form): only that.
    assert plan.view.switch
    gone, after = key(replace(state, form="quick"), previous=plan)
    assert after.places == plan.places and gone != first


def test_a_price_tapped_on_a_body_put_back_after_undo_and_redo_is_the_new_scenes(tmp_path,
                                                                                monkeypatch):
    """Through the composition root (a real state directory, its journal), the latency
    benchmark's game (Loading of round 3): Undo and Redo put up new scenes of new states;
    the Purchase body the second Undo shows again is put back, not painted, and a tap on
    one of its prices goes to the scene on screen (never a replaced one) and is
    journalled; a price the player cannot pay stays greyed and untappable."""
    from benchmarks.adapters import seed_game
    from benchmarks.idle import round_screen_game
    from companion import app
    from companion.engine.legal import buy_prices
    from companion.paths import SHIPPED_CONFIG_DIR
    from companion.store.journal import journal_path, scan

    from ..conftest import unhurried

    state_dir = tmp_path / "state"
    state_dir.mkdir()
    seed_game(state_dir, round_screen_game())
    settings = {"language": "en", "purchase_form": "quick",
                "display": {"size": [800, 480], "rotation": 0, "fullscreen": False}}
    services = app.make_services(settings, state_dir, SHIPPED_CONFIG_DIR, app.open_store(),
                                 app.open_history(state_dir))
    ui = unhurried(UI(services, (800, 480)))
    ui.open("home")
    ui.press("resume")
    assert ui.top.name == "loading"
    painted = _painted(monkeypatch)
    finger = Finger(ui)
    frames, scenes = [], []
    for intent in (it.Undo(), it.Redo(), it.Undo()):
        ui.intent(intent)
        frames.append(finger.frame())
        scenes.append(ui.top)
    assert [s.name for s in scenes] == ["purchase", "loading", "purchase"]
    assert scenes[0] is not scenes[2]  # a new scene, of a new state
    assert painted == [scenes[0]]  # the second Undo's body: put back
    assert frames[2] == frames[0]
    state = ui.game.state
    # A price nobody may pay: greyed, no target under the finger.
    greyed = [t for t in frames[2]["targets"] if not t["bar"] and not t["enabled"]]
    assert greyed
    x, y, w, h = greyed[0]["rect"]
    actions = state.actions
    assert ui.canvas.hit_at((x + w // 2, y + h // 2)) is None
    assert not ui.tap((x + w // 2, y + h // 2)) and ui.game.state.actions == actions
    # A price tapped: the scene on screen records it, and the journal holds it.
    index = state.settling
    buyer = next(p for p in reversed(state.players) if buy_prices(state, p))
    price = buy_prices(state, buyer)[-1] if buy_prices(state, buyer)[-1] <= 4 else 1
    hit = next(h for h in ui.canvas.hits if h.key == f"price:{buyer}:{price}")
    assert hit.action.func.__self__ is ui.top  # type: ignore[attr-defined]
    finger.tap(f"{words.letter(state, buyer)} {price}")
    while ui.top.name == "confirm":
        answer(ui)  # what the card shows
    slot = ui.game.state.slots[index]
    assert (slot.buyer, slot.price) == (buyer, price)
    ui.game.session.close()
    kept = scan(journal_path(state_dir), services.load_catalogue()).state
    assert kept is not None
    assert (kept.slots[index].buyer, kept.slots[index].price) == (buyer, price)


@pytest.mark.parametrize("size", [(480, 800), (1920, 1080)])
@pytest.mark.parametrize("picture", ["purchase", "loading", "loading-end-all"])
def test_a_body_put_back_is_the_frame_painted_at_every_size(tmp_path, monkeypatch, size,
                                                            picture):
    """The sample pictures' phase bodies (quick Purchase, Loading, Loading's end asked):
    the next frame puts the body back, and its pixels, frame description and tap targets
    are those of the frame that painted it (portrait too, where the bar's strip and the
    panels' spare cell share the room)."""
    import pygame

    from companion.ui import shots
    from companion.ui.scenes.loading import LoadingScene
    from companion.ui.scenes.purchase import PurchaseScene

    ui = shots.build(picture, size, "fr", tmp_path)
    painted = pygame.image.tobytes(ui.render(), "RGB")
    said = shots.frame_description(ui)
    hits = [(h.key, tuple(h.rect)) for h in ui.canvas.hits]
    assert isinstance(ui.top, PurchaseScene | LoadingScene)
    scene = type(ui.top)
    paint = scene.paint_body
    calls: list[int] = []
    monkeypatch.setattr(scene, "paint_body",
                        lambda self, *a, **k: calls.append(1) or paint(self, *a, **k))
    ui.dirty = True
    assert pygame.image.tobytes(ui.render(), "RGB") == painted
    assert calls == []  # put back
    assert shots.frame_description(ui) == said
    assert [(h.key, tuple(h.rect)) for h in ui.canvas.hits] == hits


# --- issue 36: the buttons' legend kept by what it reads -----------------------------------------


def test_the_buttons_legend_follows_the_buyer_the_coins_and_the_card_being_settled(ui):
    """Quick Purchase's legend (`legend`, kept in `UI.memo` by all it reads: a new state
    comes with every Undo and Redo) says what each button does now: a buyer chosen, a
    player who can no longer pay, the next card being settled, an Undo back to an earlier
    state, another language each give the legend worked out afresh."""
    from companion.engine.legal import buy_prices

    at(ui, lambda b, a: a.phase == "purchase" and b.phase == "purchase", players=4)

    def fresh() -> dict[str, str]:
        scene, state = ui.top, ui.game.state
        out = {pid: _("price +1") if pid == scene.buyer else _("buys")
               for pid in state.players if buy_prices(state, pid)}
        if scene.switch_held():
            out["ok-held"] = _("workers")
        return out

    first = ui.top.legend()
    assert first == fresh() and len(first) >= 2
    buyer = next(pid for pid in ui.game.state.players if pid in first)
    ui.intent(it.PlayerButton(buyer))
    assert ui.top.legend() == fresh() and ui.top.legend()[buyer] == _("price +1")
    ui.undo()  # the press taken back
    assert ui.top.legend() == first
    state = ui.game.state
    ui.game.act(Adjust(buyer, reason="table", coins=-state.player(buyer).coins))
    broke = ui.top.legend()
    assert broke == fresh() and buyer not in broke
    ui.undo()  # a new state, as the one before: the same legend
    assert ui.top.legend() == first
    settling = ui.game.state.settling
    ui.top.record()  # nobody bought it: the next card
    assert ui.game.state.settling == settling + 1 and ui.top.legend() == fresh()
    set_language("de")
    try:
        german = ui.top.legend()
        assert german == fresh() and german != first
    finally:
        set_language("en")
