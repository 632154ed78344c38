"""companion/ui/layouts/enroll.py: the Enroll screen's places, over the room the real screen
has, for every season's cards, landscape and portrait."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.languages import LANGUAGES
from companion.ui import names
from companion.ui.canvas import BODY, Canvas
from companion.ui.i18n import set_language
from companion.ui.layouts import enroll as places
from companion.ui.layouts.stack import taken
from companion.ui.scenes.enroll import SEASONS
from companion.ui.shots import build
from tests.ui.framecheck import GAP_PX, TARGET_PX, at_least, gap, inside_rect, scale

SIZES = [(800, 480), (480, 800), (1280, 720)]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def room(size: tuple[int, int], lang: str, tmp_path: Path) -> tuple[Canvas, list[list[str]]]:
    """The Enroll screen's canvas as drawn (its body: the room it has), and each season's
    card labels as the screen writes them."""
    ui = build("enroll", size, lang, tmp_path)
    ui.render()
    catalogue = ui.services.load_catalogue()
    return ui.canvas, [[names.card_in_season(card, marked=False) for card in catalogue
                        if card.season == season] for season in SEASONS]


def targets(plan: places.EnrollPlan) -> list:
    return [*([plan.simulate] if plan.simulate else []), *plan.seasons, *plan.cards]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_seasons_cards_are_buttons_a_finger_tall_below_the_tabs(tmp_path, size, lang):
    c, cards = room(size, lang, tmp_path)
    body, k = c.body, scale(size)
    seasons = [names.season(s) for s in SEASONS]
    for simulate in (True, False):
        for labels in cards:
            plan = places.place(c, body, simulate=simulate, tag="", seasons=seasons,
                                cards=labels)
            assert len(plan.cards) == len(labels) and len(plan.seasons) == len(SEASONS)
            assert plan.tag.h == 0  # no tag scanned: no line for it
            assert (plan.simulate is not None) == simulate
            shown = targets(plan)
            for i, box in enumerate(shown):
                assert inside_rect(box, body), (box, body)
                assert min(box.size) >= at_least(TARGET_PX, k), box
                for other in shown[i + 1:]:
                    assert gap(box, other) >= at_least(GAP_PX, k), (box, other)
            assert plan.title.bottom <= min(tab.top for tab in plan.seasons)
            assert max(tab.bottom for tab in plan.seasons) < min(b.top for b in plan.cards)
            if simulate:  # the simulator's button beside the title, at its right
                assert plan.simulate.top == plan.title.top
                assert plan.simulate.left > plan.title.right


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_tabs_stay_where_they_are_whatever_the_season_shows(tmp_path, size):
    c, cards = room(size, "de", tmp_path)
    seasons = [names.season(s) for s in SEASONS]
    tabs = {tuple(tuple(tab) for tab in places.place(
        c, c.body, simulate=True, tag="", seasons=seasons, cards=labels).seasons)
        for labels in cards}
    assert len(tabs) == 1


def test_a_tag_scanned_is_named_between_the_title_and_the_tabs(tmp_path):
    c, cards = room((800, 480), "en", tmp_path)
    seasons = [names.season(s) for s in SEASONS]
    tag = "Tag 5B0000ABCD: tap its card."
    plan = places.place(c, c.body, simulate=False, tag=tag, seasons=seasons, cards=cards[2])
    line = taken(c, tag, plan.tag, BODY)
    assert line.bottom < min(t.top for t in plan.seasons)
    # Below the title, or in its place where the cards need the room to be named whole
    # (Summer's 13 cards in English at 800x480).
    assert plan.title.bottom < line.top or (plan.title.h == 0 and plan.tag.y == plan.title.y)
    assert places.place(c, c.body, simulate=False, tag=tag, seasons=seasons,
                        cards=cards[2]) == plan


def shown_names(ui, lang: str) -> dict[str, tuple[str, bool]]:
    """Each card button's name (its target's) -> the words drawn inside it (the "?" badge
    left out) and whether any of them was cut."""
    frame = ui.canvas.describe("enroll", lang)
    out = {}
    for target in frame["targets"]:
        if target["bar"] or target["label"] in [names.season(s) for s in SEASONS]:
            continue
        x, y, w, h = target["rect"]
        inside = [t for t in frame["texts"] if not t["bar"] and t["text"] != "?"
                  and x <= t["rect"][0] and t["rect"][0] + t["rect"][2] <= x + w
                  and y <= t["rect"][1] and t["rect"][1] + t["rect"][3] <= y + h]
        out[target["label"]] = (" ".join(t["text"] for t in inside),
                                any(t["cut"] for t in inside))
    return out


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_card_is_told_apart_when_an_unknown_tag_opens_the_screen(tmp_path, size, lang):
    """A newcomer's French game: a scanned tag nobody bound opened Enroll, whose buttons
    read "Tor-…", "March…" twice, "Contra…" three times. Every two cards of different
    names now read differently, the message about the tag shown over the bar; once it is
    read (the next tap), every name is whole."""
    from companion.inputs import intents as it

    ui = build("home", size, lang, tmp_path)
    ui.intent(it.CardScanned(tag="12345678", card_id=None))
    assert ui.top.name == "enroll" and ui.message is not None
    for season in SEASONS:
        ui.top.season = season
        for message in (True, False):
            if not message:
                ui.dismiss_message()
            ui.dirty = True
            ui.render()
            shown = shown_names(ui, lang)
            cards = [names.card_in_season(card, marked=False).replace("\u00ad", "")
                     for card in ui.services.load_catalogue() if card.season == season]
            assert sorted(shown) == sorted(set(cards)), (season, shown)
            said = {words for words, _cut in shown.values()}
            assert len(said) == len(shown), (season, message, shown)
            if not message:
                assert not [n for n, (_w, cut) in shown.items() if cut], (season, shown)
