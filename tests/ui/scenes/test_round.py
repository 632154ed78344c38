"""companion/ui/scenes/round.py, what every round screen shares: the header (round, season,
the pile, the last round) and the players' panels with their words.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger
from companion.engine import Adjust, State
from companion.languages import LANGUAGES
from companion.ui import names, words
from companion.ui.i18n import _, set_language
from companion.ui.samples import Demo

from ..framecheck import PANELS_KEEP_FIREMEN, panels_without_firemen, problems
from ..helpers import at, uncut

# --- QA finding 8, 11: the panels' names and words whole -----------------------------------------


def unnamed_but_first(ui, players: int, test, first_name: str = "François") -> None:
    """The demo game with only the first seat named (the others are their colours)."""
    from companion.engine import Setup
    demo = Demo(ui, players)
    actions, k = demo.moment(test)
    setup = actions[0]
    assert isinstance(setup, Setup)
    demo.open_at([Setup(players=setup.players, first=setup.first,
                        names={setup.players[0]: first_name}), *actions[1:]], k)


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("phase", ["supply", "purchase", "loading"])
def test_a_short_name_is_never_cut_in_a_panel_whatever_the_numbers(ui, language, phase):
    unnamed_but_first(ui, 5, lambda b, a: a.phase == phase and a.round >= 6)
    state = ui.game.state
    for pid in state.players:
        ps = state.player(pid)
        ui.game.act(Adjust(pid, reason="table", coins=13 - ps.coins, points=-9 - ps.track))
    frame = Finger(ui).frame()
    cut = [t["text"] for t in frame["texts"] if t["cut"]]
    seated = [words.player_name(ui.game.state, pid) for pid in state.players]
    if phase in PANELS_KEEP_FIREMEN:
        # Where a fire can be revealed next the firemen total stays: a name that has no
        # room beside it is cut rather than the number dropped (issue 30; "François"
        # beside "Feuerwehr 0").
        assert panels_without_firemen(frame, seated, _("firemen {n}")) == []
        cut = [t for t in cut if not any(n.startswith(t.rstrip("\u2026")) for n in seated)]
        seated = [n for n in seated if len(n) <= 4]  # "Blau", "Rot", "Grün": whole
    assert not cut, cut
    shown = uncut(frame)
    for name in seated:
        assert name in shown


def test_the_german_panel_says_feuerwehr_with_its_number_on_the_same_line(ui):
    import re
    set_language("de")
    try:
        finger = at(ui, lambda b, a: a.phase == "supply" and a.round == 2, players=3)
        texts = [t["text"] for t in finger.frame()["texts"] if t["rect"][0] < 250]
    finally:
        set_language("en")
    said = [t for t in texts if "Feuerwehr" in t]
    assert said, texts
    for text in said:  # the card's one short form in German (issue 30)
        assert re.search(r"Feuerwehr\s\d", text), text
    assert not [t for t in texts if re.match(r"\d+ Auftr", t)], texts


# --- QA finding 16: the header keeps the season in every phase -----------------------------------


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("moment", ["supply", "demand", "loading", "last"])
@pytest.mark.parametrize("players", [3, 5])
def test_the_round_header_says_the_season_in_every_phase(ui, language, moment, players):

    def reached(b: State, a: State) -> bool:
        if moment == "last":
            return a.last_round and a.phase == "loading"
        return a.phase == moment and a.round >= 3

    from companion.ui.i18n import _

    finger = at(ui, reached, players=players)
    frame = finger.frame()
    header = " ".join(t["text"] for t in frame["texts"] if t["rect"][1] < 40)
    seasons = [names.season(s) for s in "ABCD"]
    if moment == "last":  # the last round says which it is, and the season too (QA fr-114)
        assert _("Last round {k}/{n}").format(k=ui.game.state.round, n="")[:-1] in header
    if moment == "supply":  # Supply's heading names the season right below the header
        header = " ".join(t["text"] for t in frame["texts"] if not t["bar"])
    assert any(s in header for s in seasons), header


# --- QA finding 7: the panels keep their lines while a message shows -----------------------------


def inside(rect, box) -> bool:
    return box[0] <= rect[0] and box[1] <= rect[1] and rect[0] + rect[2] <= box[0] + box[2] \
        and rect[1] + rect[3] <= box[1] + box[3]


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("phase", ["supply", "demand", "loading"])
def test_the_panels_keep_their_lines_while_a_message_shows(ui, language, phase):
    """QA 7: the panels lost their detail lines whenever a message strip appeared."""
    finger = at(ui, lambda b, a: a.phase == phase and a.round >= 3, players=5)

    def panels() -> list[tuple[str, list[int]]]:
        frame = finger.frame()
        left = min(t["rect"][0] for t in frame["targets"] if t["label"].startswith("panel")
                   or t["label"] in {words.player_name(ui.game.state, p)
                                     for p in ui.game.state.players})
        right = left + 250
        # The panels' own lines (the score track above them gives way to a long message).
        boxes = [t["rect"] for t in frame["targets"] if not t["bar"] and t["rect"][0] < right
                 and t["rect"][1] > 60]
        return [(t["text"], t["rect"]) for t in frame["texts"]
                if not t["bar"] and any(inside(t["rect"], box) for box in boxes)]

    before = panels()
    for message in ("Undone: tea.", "A long message that the bar cannot hold beside its "
                    "buttons, so it takes the hint's place above the controls."):
        ui.info(message)
        assert panels() == before
        ui.dismiss_message()


# --- issue 11, finding 14: the rulebook's words --------------------------------------------------


def test_the_panels_and_tableau_use_the_rulebook_words(ui):
    def stores(b: State, a: State) -> bool:
        return a.phase == "loading" and any(
            a.player(p).market and a.player(p).contracts and a.player(p).dock
            for p in a.players)

    finger = at(ui, stores, players=2)
    texts = " ".join(finger.texts())
    for cryptic in ("contr.", "wh. ", "mh. ", "fire "):
        assert cryptic not in texts, cryptic
    assert "firemen" in texts
    state = ui.game.state
    for pid in state.players:
        ps = state.player(pid)
        fills = [f"{len(ps.contracts[c])}/{len(state.catalogue[c].goods)}"
                 for c in ps.contracts or {}]
        details = " ".join(ui.top.panel_details(state, pid))
        for fill in fills:
            assert fill in details
    state = ui.game.state
    pid = next(p for p in state.players if state.player(p).market)
    ui.open("tableau", pid=pid)
    texts = " ".join(finger.texts())
    assert "Dock" not in texts


# --- issue 11, finding 22: the 3rd-fire ending ---------------------------------------------------


def test_the_round_before_a_3rd_fire_ending_is_announced_as_the_last_round(ui):
    def third_fire_ending(b: State, a: State) -> bool:
        if a.phase != "purchase" and a.phase != "demand":
            return False
        left = [c for s in a.unseen.values() for c in s]
        return bool(left) and all(a.catalogue[c].kind == "fire" for c in left) and \
            "D-fire" in left

    finger = at(ui, third_fire_ending, players=4)
    assert not ui.game.state.last_round  # the engine does not know yet
    assert any(t.startswith("Last round") for t in finger.texts())


# --- issue 11, finding 17: the header keeps the pile ---------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("moment", ["supply", "demand", "purchase", "loading", "last"])
def test_the_round_header_always_says_how_many_cards_are_left(ui, language, moment):

    def reached(b: State, a: State) -> bool:
        if moment == "last":
            return a.last_round and a.phase == "loading"
        return a.phase == moment and a.round >= 3

    finger = at(ui, reached, players=5)
    set_language(language)
    try:
        state = ui.game.state
        said = _("cards left {n}").format(n=state.pile_size())
        assert any(said in t for t in finger.texts()), (said, finger.texts()[:3])
    finally:
        set_language("en")


# --- issue 11, the layout in real game states ----------------------------------------------------


def test_five_panels_stay_a_finger_tall_while_a_long_message_shows(ui):
    finger = at(ui, lambda b, a: a.phase == "supply" and not a.slots, players=5)
    set_language("fr")
    try:
        ui.set_language("fr")
        ui.info("Le sac ne laissait pas le choix : caoutchouc, tapis, tapis. " * 2)
        frame = finger.frame()
        state = ui.game.state
        panels = [t for t in frame["targets"] if t["label"] in
                  [words.player_name(state, p) for p in state.players]]
        assert len(panels) == 5
        assert all(t["rect"][3] >= 56 for t in panels), [t["rect"] for t in panels]
        assert any(t["label"].startswith("Le sac") for t in frame["targets"])  # tap: closed
        assert not problems(frame)
        finger.tap(lambda label: label.startswith("Le sac"))
        assert ui.message is None
    finally:
        ui.set_language("en")
        set_language("en")


# --- issue 36: the frame is one plan per frame ------------------------------------------------


def _with_buttons(tmp_path, picture: str, size: tuple[int, int], players: int = 5,
                  language: str = "en"):
    """The sample `picture` (real states, `shots.build`) with the table's buttons: the
    legend drawn."""
    from companion.ui import shots
    ui = shots.build(picture, size, language, tmp_path, players=players)
    ui.services.buttons = True
    ui.dirty = True
    return ui


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("picture", ["supply", "ship", "purchase", "tracked", "loading"])
def test_every_frame_of_a_round_screen_makes_one_frame_plan_from_the_last(
        tmp_path, monkeypatch, picture, size):
    from companion.inputs import intents as it
    from companion.ui.layouts import round as places
    from companion.ui.scenes.round import RoundScene

    ui = _with_buttons(tmp_path, picture, size)
    plans: list[tuple[object, object]] = []
    real_plan = places.plan

    def counting(c, body, says, previous):
        got = real_plan(c, body, says, previous)
        plans.append((previous, got))
        return got

    monkeypatch.setattr(places, "plan", counting)
    frames = []
    real_render = ui.render

    def render():
        kept = ui.top.frame_plan if isinstance(ui.top, RoundScene) else None
        frames.append((isinstance(ui.top, RoundScene), kept))
        return real_render()

    ui.render = render  # touch() renders through it too
    ui.render()
    ui.render()  # the same frame again
    ui.info(_("Pressed too soon after the screen changed: nothing done. Press again if "
              "you meant it."))
    ui.render()
    ui.dismiss_message()
    ui.render()
    ui.intent(it.PlayerButton(ui.game.state.players[-1]))
    ui.render()
    ui.touch(next(h.rect.center for h in ui.canvas.hits if h.key == "help"))
    assert ui.top.overlay  # the rules texts: no round frame
    ui.render()
    ui.pop()
    ui.render()
    round_frames = [kept for is_round, kept in frames if is_round]
    assert len(round_frames) >= 6
    assert len(plans) == len(round_frames)
    # Each plan is made from the one the scene kept from the frame before.
    for (previous, _got), kept in zip(plans, round_frames, strict=True):
        assert previous is kept
    assert sum(previous is not None for previous, _got in plans) >= len(plans) - 2


# --- issue 31: the buttons' legend in portrait, and a message that moves no control -----------


@pytest.mark.parametrize("language", LANGUAGES[1:], indirect=True)
@pytest.mark.parametrize("picture", ["supply", "ship", "purchase", "tracked", "loading",
                                     "loading-end-all"])
def test_in_portrait_the_legend_is_drawn_whole_and_nothing_overlaps_it(
        tmp_path, language, picture):
    """480x800, five players: the legend says what each button does (a newcomer ended a
    French Loading by accident where it was missing), its words whole, in a row of its
    own that no control and no other text runs into."""
    from companion.ui import buttons

    ui = _with_buttons(tmp_path, picture, (480, 800), language=language)
    frame = Finger(ui).frame()
    assert problems(frame) == []
    row = ui.top.frame_plan.legend
    assert row is not None
    state = ui.game.state
    letters = ui.button_letters()
    in_row = [t for t in frame["texts"] if row.contains(t["rect"])]
    assert [t["text"] for t in in_row if t["text"] in letters.values()] == \
        [letters[colour] for colour in buttons.order(state)]
    assert not [t["text"] for t in in_row if t["cut"]]
    said = {b["means"] for b in frame["buttons"] if b["button"] not in ("ok", "undo")}
    assert said <= {t["text"] for t in in_row}  # every button's words, in the row
    for item in [*frame["targets"], *[t for t in frame["texts"] if t not in in_row]]:
        assert not row.colliderect(item["rect"]), item


@pytest.mark.parametrize("language", LANGUAGES[1:], indirect=True)
def test_at_800x480_a_long_message_moves_no_loading_control(tmp_path, language):
    """Five players and the legend: no message fits over the header (the track gave its
    place), so a message too long for the bar has a place kept above Loading's moves."""
    ui = _with_buttons(tmp_path, "loading", (800, 480), language=language)

    def controls():
        frame = Finger(ui).frame()
        said = (ui.message.text, ui.message.short) if ui.message is not None else ()
        return [(t["label"], t["rect"]) for t in frame["targets"]
                if not t["bar"] and t["label"] not in said]

    before = controls()
    for text in [_("Pressed too soon after the screen changed: nothing done. Press again "
                   "if you meant it."),
                 _("Undone: {what}").format(what=_("Loading done") + ", " + "; ".join(
                     [_("Pressed too soon: nothing done.")] * 2))]:
        ui.info(text)
        assert controls() == before
        frame = Finger(ui).frame()
        assert any(t["label"] == text for t in frame["targets"])  # shown, a tap closes it
        assert problems(frame) == []
        ui.dismiss_message()
    assert controls() == before


# --- issue 36: the frame around the phase found again by what it reads ----------------------------


def test_an_undos_and_a_redos_frame_finds_its_words_again_and_follows_every_change(
        ui, monkeypatch):
    """Undo and Redo put up a new scene of a new state that says what a state two frames
    earlier said (a state's `==` is identity): the header's words, the panels', Purchase's
    hints, the help topics and the round frame's plan are found again by what they read
    (`UI.memo`), none worked out again; a coin changed, another card being settled,
    another language or size gets them afresh, and every frame is the frame drawn with
    nothing remembered."""
    from companion.ui.layouts import round as round_layout
    from companion.ui.scenes.purchase import PurchaseScene
    from companion.ui.scenes.round import RoundScene

    from ..test_memo import afresh, frame

    worked: dict[str, int] = {}

    def counted(owner, name):
        real = getattr(owner, name)

        def wrapped(*args, **kwargs):
            worked[name] = worked.get(name, 0) + 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, staticmethod(wrapped) if isinstance(
            owner.__dict__.get(name), staticmethod) else wrapped)

    for owner, name in ((RoundScene, "_header_said"), (RoundScene, "_panel"),
                        (PurchaseScene, "_hints_for"), (round_layout, "plan"),
                        (round_layout, "hint_place")):
        counted(owner, name)
    ui.clock = lambda: 1000.0  # (the track's markers drawn at one moment)
    # Five players' Loading, just entered from quick Purchase (the benchmark's Undo and
    # Redo: a new Purchase scene, then a new Loading scene).
    at(ui, lambda b, a: a.phase == "loading" and b.phase == "purchase", players=5)

    def topics_fresh() -> bool:
        scene = ui.top
        state = ui.game.state
        return scene.help_topics() == scene._help_topics(state, scene.cards_shown(state))

    loading = frame(ui)
    ui.undo()
    undone = frame(ui)
    assert ui.top.name == "purchase" and undone == afresh(ui) and topics_fresh()
    ui.redo()
    redone = frame(ui)
    assert ui.top.name == "loading" and redone == afresh(ui) and redone != loading
    ui.undo()
    assert frame(ui) == undone
    ui.redo()
    assert frame(ui) == redone
    # Back and forth again: new scenes of new states, every word found again.
    worked.clear()
    states = [ui.game.state]
    for _cycle in range(2):
        ui.undo()
        states.append(ui.game.state)
        assert frame(ui) == undone
        ui.redo()
        states.append(ui.game.state)
        assert frame(ui) == redone
    assert len({id(state) for state in states}) == 5
    assert not worked, worked
    # A coin changed: that player's panel alone is worked out again.
    ui.undo()
    frame(ui)
    pid = ui.game.state.players[2]
    coins = ui.game.state.player(pid).coins
    ui.game.act(Adjust(pid, reason="table", coins=1))
    changed = frame(ui)
    assert worked.get("_panel") == 1
    assert changed == afresh(ui)
    assert str(coins + 1) in [t["text"] for t in changed[1]["texts"]]
    # Another card being settled (the one before, undone): its hints (Card k of n).
    settling = ui.game.state.settling
    ui.undo()
    ui.undo()
    assert ui.top.name == "purchase" and ui.game.state.settling == settling - 1
    assert f"{settling} of" in ui.top.hint()
    assert frame(ui) == afresh(ui) and topics_fresh()
    # Another language: the header, the panels, the hints in German.
    set_language("de")
    try:
        german = frame(ui)
        assert german == afresh(ui)
        state = ui.game.state
        assert ui.top.hint() == PurchaseScene._hints_for(state, state.settling, False)[0]
        assert ui.top.header_said(state)[3] == names.phase("purchase")
    finally:
        set_language("en")
    # Another size: the plan and the hint's place anew; in portrait the hints name no
    # card (the tiles do), on the same state.
    for size in ((1280, 720), (480, 800)):
        ui.surface = __import__("pygame").Surface(size)
        ui.dirty = True
        assert frame(ui) == afresh(ui)
    assert "of" not in ui.top.hint() and ui.top.hint() == PurchaseScene._hints_for(
        ui.game.state, ui.game.state.settling, True)[0]


def test_a_renamed_player_is_named_in_the_header_the_panels_and_the_bar(ui):
    """Two games at the same moment, the first seat named otherwise: what the memo holds
    for one (the header's "… first", the panels, Purchase's primary labels) is never shown
    for the other."""
    from ..test_memo import afresh, frame

    ui.clock = lambda: 1000.0
    def test(b: State, a: State) -> bool:
        return a.phase == "purchase" and b.phase == "purchase"

    shown = {}
    for name in ("Zoé", "Anna"):
        unnamed_but_first(ui, 5, test, first_name=name)
        drawn = frame(ui)
        assert drawn == afresh(ui)
        shown[name] = {t["text"] for t in drawn[1]["texts"]}
        labels = [label for label, _do in ui.top.primaries()]
        assert f"{name} pays 3" in labels
        assert not [label for label in labels if ("Anna" if name == "Zoé" else "Zoé") in label]
    assert "Zoé" in " ".join(shown["Zoé"]) and "Zoé" not in " ".join(shown["Anna"])


def test_the_scenes_undo_and_redo_leave_behind_are_freed_at_once(ui):
    """An Undo and a Redo replace the round screen's scene; the one left behind holds no
    reference cycle (a scene keeping its own bound methods, Purchase's 41 primaries once),
    so it is freed when it goes, not by the garbage collector, whose passes over such
    scenes took ~0.1 ms in about one frame in ten (issue 36)."""
    import gc

    from companion.ui.scene import Scene

    at(ui, lambda b, a: a.phase == "loading" and b.phase == "purchase", players=5)
    ui.render()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _pair in range(3):
            for step in (ui.undo, ui.redo):
                step()
                ui.render()
                ui.top.hint(), ui.top.primaries(), ui.legend()  # (what the bar asks)
        gc.collect()
        left = [type(o).__name__ for o in gc.garbage if isinstance(o, Scene)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == []
