"""The rules at a tap (docs/ui.md, "The rules at a tap"): the "?" of every screen that has
rules texts, driven by taps on the frame's own targets, as a player would.

- every card kind, score category and phase the game has is reached through the UI and
  opens its text, in English, German and French;
- opening and closing the texts never changes the game: the record is the same, and
  Undo, OK or a player's button pressed while a text is open only close it;
- a card scanned while a text is open still counts.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from benchmarks.touch import Finger
from companion.engine import GOODS, SCORE_CATEGORIES, State
from companion.engine.words import KINDS, Form, Kind, Phase
from companion.inputs import intents as it
from companion.ui import rulestexts
from companion.ui.core import UI
from companion.ui.i18n import LANGUAGES, set_language
from companion.ui.rulestexts import help_text
from companion.ui.samples import Demo
from companion.ui.screens import SCREENS, samples
from companion.ui.shots import build

from .framecheck import problems


def squash(text: str) -> str:
    """Text as compared: no white space, no soft hyphens, no hyphen a wrap added."""
    return "".join(text.replace("\u00ad", "").split())


def help_button(finger: Finger) -> dict[str, object] | None:
    return next((t for t in finger.targets() if t["label"] == "?"), None)


def read_text(finger: Finger, topic: str, language: str) -> None:
    """The text screen shows `topic`'s title and its whole text in `language`; a tap on
    the text closes it."""
    ui = finger.ui
    assert ui.top.name == "help" and ui.top.topic == topic
    title, text = help_text(topic, language)
    frame = finger.frame()
    shown = squash("".join(t["text"] for t in frame["texts"] if not t["bar"]))
    assert squash(title) in shown and squash(text).replace("-", "") in shown.replace(
        "-", ""), (topic, language, shown)
    assert not problems(frame), (topic, language, problems(frame))
    depth = len(ui.stack)
    # A text opened from the list returns to the game (the rule read), else to where it was.
    closes = 2 if ui.top.from_list else 1
    finger.tap(lambda label: label == title.replace("\u00ad", ""))  # the text itself
    assert len(ui.stack) == depth - closes


def open_every_topic(finger: Finger, language: str) -> set[str]:
    """Tap the screen's "?", then every topic it lists (or its one text); back where it
    started. Returns the topics read."""
    ui = finger.ui
    screen = ui.top
    depth = len(ui.stack)
    target = help_button(finger)
    assert target is not None, f"no '?' on {screen.name}"
    finger.tap_target(target)
    assert ui.top.name == "help"
    read: set[str] = set()
    if ui.top.topic is not None:  # one topic: its text at once
        topic = ui.top.topic
        read_text(finger, topic, language)
        read.add(topic)
    else:
        topics = list(ui.top.topics)
        for topic in topics:
            if ui.top is screen:  # the last text returned to the game: "?" again
                finger.tap_target(help_button(finger))
            key = f"help:{topic}"
            finger.frame()  # the list as drawn now
            hit = next(h for h in ui.canvas.hits if h.key == key)
            finger.tap_target({"rect": list(hit.rect), "label": hit.label})
            read_text(finger, topic, language)
            read.add(topic)
            assert ui.top is screen  # "?", a topic, OK: back in the game
    assert ui.top is screen and len(ui.stack) == depth
    return read


_fingers: dict[int, Finger] = {}


def moment(ui: UI, test: Callable[[State, State], bool], players: int = 4,
           **kw: object) -> Finger:
    """The demo game opened at a moment; one finger (and its clock) per UI."""
    Demo(ui, players).at(test, **kw)
    if id(ui) not in _fingers or _fingers[id(ui)].ui is not ui:
        _fingers[id(ui)] = Finger(ui)
    return _fingers[id(ui)]


def season_supply(season: str) -> Callable[[State, State], bool]:
    """Supply with every card of `season` but at most one still to be revealed (the first
    moment the demo has: the setup's state is not one)."""
    def test(b: State, a: State) -> bool:
        deck = [c for c in a.catalogue.deck_for(a.player_count)
                if a.catalogue[c].season == season]
        return (a.phase == Phase.SUPPLY and a.top_season() == season
                and len(a.unseen.get(season, ())) >= len(deck) - 1)
    return test


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_category_and_phase_opens_its_text_from_a_tap(ui, language):
    set_language(language)
    ui.set_language(language)
    try:
        read: set[str] = set()
        # Supply in every season: the cards of the grid (every kind and merchant).
        for season in ("A", "B", "C", "D"):
            read |= open_every_topic(moment(ui, season_supply(season)), language)
        # Purchase (quick), Demand (tracked), Loading, the tableau.
        purchase = moment(ui, lambda b, a: a.phase == Phase.PURCHASE and a.settling == 1)
        read |= open_every_topic(purchase, language)
        # A tap on a player's panel: the tableau, with its own "?".
        purchase.frame()
        panel = next(h for h in ui.canvas.hits if h.key.startswith("panel:"))
        purchase.tap_target({"rect": list(panel.rect), "label": panel.label})
        assert ui.top.name == "tableau"
        read |= open_every_topic(purchase, language)
        read |= open_every_topic(moment(ui, lambda b, a: a.phase == Phase.DEMAND
                                        and a.placed == 1, form=Form.TRACKED), language)
        finger = moment(ui, lambda b, a: a.phase == Phase.LOADING and a.round >= 3)
        read |= open_every_topic(finger, language)
        # Fire and Income, shown on top when they happen; the final screen.
        fire = moment(ui, lambda b, a: len(a.fires) > len(b.fires), last_live=True)
        ui.tap_message()  # the fire is the next screen's message; a tap opens its screen
        assert ui.top.name == "fire"
        read |= open_every_topic(fire, language)
        income = moment(ui, lambda b, a: a.phase == Phase.SUPPLY and b.phase == Phase.LOADING,
                        last_live=True)
        # The Income is the next screen's message; a tap on it opens the Income's screen.
        ui.tap_message()
        assert ui.top.name == "income"
        read |= open_every_topic(income, language)
        final = moment(ui, lambda b, a: a.phase == Phase.OVER, last_live=True)
        while ui.top.name in ("fire", "income"):
            ui.pop()
        assert ui.top.name == "final"
        read |= open_every_topic(final, language)
    finally:
        set_language("en")
    kinds = {f"kind:{k}" for k in KINDS if k != Kind.MERCHANT}
    merchants = {f"merchant:{g}" for g in GOODS}
    scores = {f"score:{c}" for c in SCORE_CATEGORIES} | {"score:total"}
    phases = {f"phase:{p}" for p in Phase} | {"phase:income"}
    wanted = kinds | merchants | scores | phases | {"topic:fire", "topic:market_hall"}
    assert not wanted - read, sorted(wanted - read)


def screens_with_help() -> list[str]:
    """The pictures whose screen has a "?" (every one that shows rules texts)."""
    return [shot for shot, screen, _b in samples() if screen.name not in ("help",)]


@pytest.mark.parametrize("shot", screens_with_help())
def test_opening_and_closing_the_texts_never_changes_the_game(tmp_path, shot):
    ui = build(shot, (800, 480), "en", tmp_path)
    finger = Finger(ui)
    if help_button(finger) is None:  # a screen without rules texts (Home, Settings...)
        assert not ui.top.help_topics(), f"{shot}: topics but no '?'"
        return
    game = ui.game
    before = game.session.record_text() if game is not None else None
    stack = [s.name for s in ui.stack]
    open_every_topic(finger, "en")
    # Buttons pressed while a text is open only close it: Undo, OK, Back, a player's.
    for intent in (it.Undo(), it.Ok(), it.Back(), it.PlayerButton("red"), it.Redo(),
                   it.OkHeld()):
        finger.tap_target(help_button(finger))
        ui.intent(intent)
        assert [s.name for s in ui.stack] == stack, (shot, intent)
    after = game.session.record_text() if game is not None else None
    assert after == before
    if game is not None:
        assert game.state.actions == ui.game.state.actions


def test_every_screen_that_shows_cards_rows_or_a_phase_has_a_question_mark(tmp_path):
    have = set()
    for shot, screen, _b in samples():
        if screen.name == "help":
            continue
        ui = build(shot, (800, 480), "en", tmp_path / shot)
        if help_button(Finger(ui)) is not None:
            have.add(screen.name)
    assert {"supply", "purchase", "purchase-tracked", "loading", "tableau", "fire",
            "income", "final", "past-game", "confirm"} <= have, have


def test_the_question_about_a_printed_value_explains_its_card(tmp_path):
    """Confirming a fire's points or a fireman's value: the "?" opens that card's rules."""
    ui = build("confirm", (800, 480), "en", tmp_path)
    finger = Finger(ui)
    card = ui.top.card
    target = help_button(finger)
    assert target is not None
    finger.tap_target(target)
    assert ui.top.name == "help"
    topic = rulestexts.card_topic(card.kind, card.good)
    assert ui.top.topic == topic or topic in ui.top.topics


def test_a_card_scanned_while_a_text_is_open_still_counts(ui):
    finger = moment(ui, season_supply("B"))
    state = ui.game.state
    slots = [s.card for s in state.slots]
    card = next(c for c in sorted(state.unseen["B"])
                if state.catalogue[c].kind not in (Kind.SHIP, Kind.FIRE))
    finger.tap_target(help_button(finger))
    assert ui.top.name == "help"
    ui.intent(it.CardScanned(tag="04AA", card_id=card))
    assert ui.top.name == "supply"
    assert [s.card for s in ui.game.state.slots] == [*slots, card]


def test_the_help_screen_is_registered_with_its_samples():
    assert set(SCREENS["help"].samples) == {"help", "help-list", "help-scores"}
    with pytest.raises(KeyError):
        SCREENS["help"].make(None, topic="kind:nonsense")


def test_where_the_bar_has_no_room_the_question_mark_sits_above_it_and_works(tmp_path):
    """Portrait, French: Undo, Score chart and Home leave no room for the "?" in the bar
    without cutting a label; it is just above the bar, at the left, and opens the list."""
    ui = build("final", (480, 800), "fr", tmp_path)
    try:
        finger = Finger(ui)
        target = help_button(finger)
        assert target is not None
        bar_top = min(t["rect"][1] for t in finger.targets() if t["bar"] and t["label"] != "?")
        x, y, w, h = target["rect"]
        assert y + h < bar_top and x < 480 // 4 and w >= 56 and h >= 56
        assert not problems(finger.frame())
        finger.tap_target(target)
        assert ui.top.name == "help" and "score:total" in ui.top.topics
    finally:
        set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_whole_and_readable_at_every_size(tmp_path, language):
    """Not only the longest text (the `help` picture): every topic, at every size."""
    from companion.ui.rulestexts import TEXTS
    from companion.ui.shots import SIZES

    found = []
    try:
        for size in SIZES:
            ui = build("home", size, language, tmp_path / f"{size[0]}x{size[1]}")
            for topic in TEXTS:
                ui.open("help", topic=topic)
                ui.render()
                frame = ui.canvas.describe("help", language)
                found += [f"{topic} {size}: {p}" for p in problems(frame)]
                ui.pop()
    finally:
        set_language("en")
    assert not found, "\n".join(found)


def test_back_from_a_text_returns_to_the_list_and_ok_to_the_game(ui):
    finger = moment(ui, lambda b, a: a.phase == "loading")
    screen = ui.top

    def open_first() -> None:
        finger.frame()
        first = ui.top.topics[0]
        hit = next(h for h in ui.canvas.hits if h.key == f"help:{first}")
        finger.tap_target({"rect": list(hit.rect), "label": hit.label})
        assert ui.top.topic == first

    finger.tap_target(help_button(finger))
    assert ui.top.name == "help" and ui.top.topics
    open_first()
    ui.intent(it.Back())
    assert ui.top.name == "help" and ui.top.topic is None  # Back: the list again
    open_first()
    finger.tap_primary()
    assert ui.top is screen  # OK: the rule read, back in the game (3 taps in all)
