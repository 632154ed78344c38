"""companion/ui/layouts/enroll.py: the Enroll screen's places, over the room the real screen
has, for every season's cards, landscape and portrait."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

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
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
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
    assert plan.title.bottom < line.top and line.bottom < min(t.top for t in plan.seasons)
    assert places.place(c, c.body, simulate=False, tag=tag, seasons=seasons,
                        cards=cards[2]) == plan
