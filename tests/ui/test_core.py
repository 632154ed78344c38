"""companion/ui/core.py: the UI's messages.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

from companion.ui import words

from .helpers import at, tap_card

# --- issue 11, finding 6: messages last until the next action ------------------------------------


def test_an_undo_message_lasts_until_the_next_action_and_not_longer(ui):
    finger = at(ui, lambda b, a: a.phase == "supply" and len(a.slots) == 1 and a.round >= 2)
    finger.tap("Undo")
    said = ui.message.text
    assert said.startswith("Undone")
    finger.now += 60  # a minute later, nobody acted: still there
    ui.tick()
    assert ui.message is not None and ui.message.text == said
    state = ui.game.state
    card = sorted(c for c in state.unseen[state.top_season()]
                  if state.catalogue[c].kind not in ("ship", "fire"))[0]
    tap_card(finger, ui, card)
    assert ui.message is None
    texts = finger.texts()
    assert not any(t.startswith("Undone") for t in texts)
    assert any("Tap the card" in t for t in texts)


# --- issue 30: a hurried second tap never records something else ---------------------------------


def test_a_second_tap_at_the_same_spot_right_after_a_screen_change_does_nothing(ui):
    """After a tap that changed the screen (here: a player's Loading done hands over to the
    next player, whose "Loading done" lies under the finger: the same label, another
    player), a tap at the same spot within the double-tap interval does nothing; after
    the interval it acts (a new tap); elsewhere it acts at once."""
    from companion.engine.legal import cube_holders
    from companion.ui.core import DOUBLE_TAP_S

    finger = at(ui, lambda b, a: a.phase == "loading" and b.phase != "loading"
                and len(cube_holders(a)) >= 3, players=4)
    state = ui.game.state
    holders = cube_holders(state)
    assert ui.top.player == holders[0]
    finger.tap_primary()
    assert ui.top.player == holders[1]
    last_at, pos = ui.last_change
    assert ui.canvas.hit_at(pos) is not None  # the next player's Loading done lies there
    assert not ui.touch(pos, at=last_at + DOUBLE_TAP_S / 2)
    assert ui.top.player == holders[1] and ui.game.state is state
    assert ui.touch(pos, at=last_at + DOUBLE_TAP_S + 0.05)  # a new tap, a moment later
    assert ui.top.player == holders[2]
    # Elsewhere at once: a tap acts (a fast table, not a bounce): the first player's panel.
    last_at, pos = ui.last_change
    panel = finger.find(words.player_name(state, holders[0]))
    x, y, w, h = panel["rect"]
    assert ui.touch((x + w // 2, y + h // 2), at=last_at + DOUBLE_TAP_S / 2)
    assert ui.top.player == holders[0]


def test_a_hurried_second_tap_on_the_price_page_button_does_not_turn_it_back(ui):
    """Quick Purchase (QA, round 36: German, 5 players, a hurried double tap on "5–8 ›"):
    the page button turns the prices to 5–8, and "‹ 1–4" comes under the finger. The
    second tap of a double tap did turn them back at once, so the table never saw 5–8;
    the page shown is part of the screen (`PurchaseScene.screen_key`): it does nothing
    now, and a tap after the interval turns the page back."""
    from companion.ui.core import DOUBLE_TAP_S

    def page_label() -> str:
        ui.render()
        return next(t.label for t in ui.canvas.targets if t.rect.collidepoint(page))

    at(ui, lambda b, a: a.phase == "purchase" and b.phase != "purchase", players=5)
    ui.render()
    page = next(h for h in ui.canvas.hits if h.key == "price:page").rect.center
    higher = page_label()
    now = 500.0
    assert ui.touch(page, at=now)
    lower = page_label()
    assert lower != higher
    assert not ui.touch(page, at=now + DOUBLE_TAP_S / 2)
    assert page_label() == lower
    assert ui.touch(page, at=now + DOUBLE_TAP_S + 0.05)  # a new tap, a moment later
    assert page_label() == higher


def test_steps_of_a_number_repeat_as_fast_as_a_finger_taps(ui):
    from companion.ui.core import DOUBLE_TAP_S

    finger = at(ui, lambda b, a: a.phase == "supply" and a.top_season() == "B"
                and "B-fire" in a.unseen["B"])
    tap_card(finger, ui, "B-fire")
    assert ui.top.name == "confirm"
    ui.render()
    plus = next(h for h in ui.canvas.hits if h.key == "value:+").rect.center
    now = 500.0
    for _ in range(3):
        now += DOUBLE_TAP_S / 3
        assert ui.touch(plus, at=now)
    assert ui.top.value == 13  # 11, 12, 13: each tap a step


# --- the newcomer's round (frame2, item 4): a press that does nothing keeps the message -----------


def test_a_press_the_legend_marks_as_doing_nothing_keeps_the_last_message(ui):
    """On Supply outside a ship's goods every player button is a "–" in the legend: a press
    on one is no action, so the fire's or the income's message stays (it had vanished with
    no word); a press that does something still closes it."""
    from companion.inputs import intents as it

    at(ui, lambda b, a: a.phase == "supply" and len(a.slots) == 0 and a.round >= 2)
    ui.info("A fire's result.")
    colour = ui.game.state.players[0]
    assert colour not in ui.legend()
    ui.intent(it.PlayerButton(colour))
    assert ui.message is not None and ui.message.text == "A fire's result."
    ui.intent(it.Ok())  # "Revealed" waits for a card: OK does nothing either
    assert ui.message is not None and ui.message.text == "A fire's result."
    ui.intent(it.Undo())  # an action: the message has been read
    assert ui.message is None or ui.message.text != "A fire's result."


def test_a_scene_an_undo_or_a_redo_replaces_is_freed_at_once(ui):
    """The scenes an Undo and a Redo put up replace the ones before; nothing they
    remember holds them in a cycle (`Scene.forget` as they leave the stack, Loading's
    taps table per frame), so each is freed when replaced, not by the garbage collector
    in the middle of a later frame (issue 36: its pauses made the undo/redo p95)."""
    import gc
    import weakref

    from companion.ui.samples import Demo
    from companion.ui.views.loading import cubes_of

    Demo(ui, 5).at(lambda b, a: a.phase == "loading" and b.phase != "loading" and all(
        cubes_of(a, p) for p in a.players))
    ui.render()
    assert any(key.startswith("cube:") for key in ui.keys())  # its taps hold the scene
    enabled = gc.isenabled()
    gc.disable()
    try:
        names, left = [], []
        for step in (ui.undo, ui.redo, ui.undo, ui.redo):
            ui.render()
            ref = weakref.ref(ui.top)
            step()
            ui.render()
            names.append(ui.top.name)
            left.append(ref() is not None)
    finally:
        if enabled:
            gc.enable()
    assert names == ["purchase", "loading", "purchase", "loading"]
    assert left == [False] * 4


# --- issue 36: the bar kept as one image ----------------------------------------------------------


def test_the_bar_is_one_image_painted_again_whenever_a_button_on_it_changes(ui):
    """The bar and its buttons are one kept image (`Canvas.layer`) while they look the
    same, their targets this frame's: a buyer chosen (another label), Undo of that entry,
    Redo appearing after an Undo, another language are drawn as with nothing kept, and
    every button still does what it says."""
    from companion.inputs import intents as it
    from companion.ui.i18n import set_language

    from .test_memo import afresh, frame

    ui.clock = lambda: 1000.0
    at(ui, lambda b, a: a.phase == "purchase" and b.phase == "purchase", players=4)

    def bar_labels(drawn) -> list[str]:
        return [t["label"] for t in drawn[1]["targets"] if t["bar"]]

    first = frame(ui)
    assert first == afresh(ui)
    buyer = ui.game.state.players[0]
    ui.intent(it.PlayerButton(buyer))  # a buyer chosen: the primary's label changes
    chosen = frame(ui)
    assert chosen == afresh(ui) and bar_labels(chosen) != bar_labels(first)
    ui.press("undo")  # the entry taken back: the label as before
    assert frame(ui)[1]["targets"] == first[1]["targets"]
    ui.press("undo")  # a recorded action undone: Redo appears
    undone = frame(ui)
    assert "redo" in ui.keys() and undone == afresh(ui)
    ui.press("redo")
    assert "redo" not in ui.keys()
    assert frame(ui) == afresh(ui)
    set_language("fr")
    try:
        french = frame(ui)
        assert french == afresh(ui) and bar_labels(french) != bar_labels(first)
    finally:
        set_language("en")
    ui.press("home")  # the kept image's targets do what they say
    assert ui.game is None and ui.top.name == "home"


def test_a_bar_button_that_comes_to_do_something_is_painted_anew(ui):
    """Undo greyed at the game's start, then doing something once the first card is
    revealed (its label and place the same): the bar's kept image is not shown for it."""
    from companion.engine import Setup

    from .driver import start_game
    from .test_memo import afresh, frame

    ui.open("home")
    start_game(ui, Setup(players=("red", "blue", "green"), first="red"))
    waiting = frame(ui)
    assert ui.top.name == "supply" and "undo" not in ui.keys()
    state = ui.game.state
    card = sorted(c for c in state.unseen[state.top_season()]
                  if state.catalogue[c].kind not in ("ship", "fire", "fireman"))[0]
    ui.top.pick(card)
    ready = frame(ui)
    assert "undo" in ui.keys() and ready == afresh(ui)
    assert [t["enabled"] for t in ready[1]["targets"] if t["bar"]] != \
        [t["enabled"] for t in waiting[1]["targets"] if t["bar"]]
