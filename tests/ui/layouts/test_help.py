"""companion/ui/layouts/help.py: the rules screen's places, over the room the real screen
has (its pictures' states, landscape and portrait)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.ui.canvas import BODY, LARGE, Canvas
from companion.ui.i18n import _, language, set_language
from companion.ui.layouts import help as places
from companion.ui.layouts.stack import taken
from companion.ui.rulestexts import TEXTS, help_text
from companion.ui.scenes.help import HelpScene
from companion.ui.shots import build
from tests.ui.framecheck import GAP_PX, TARGET_PX, at_least, gap, inside_rect, scale

SIZES = [(800, 480), (480, 800), (1920, 1080)]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def room(picture: str, size: tuple[int, int], lang: str, tmp_path: Path
         ) -> tuple[HelpScene, Canvas]:
    """The help screen of `picture` as drawn, and its canvas (its body: the room it has)."""
    ui = build(picture, size, lang, tmp_path)
    ui.render()
    assert isinstance(ui.top, HelpScene)
    return ui.top, ui.canvas


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_longest_text_reads_from_the_top_on_its_panel(tmp_path, size, lang):
    scene, c = room("help", size, lang, tmp_path)
    body = c.body
    topic = max(TEXTS, key=lambda t: len("".join(help_text(t, language()))))
    title, text = scene.title(topic), help_text(topic, language())[1]
    closing = _("Tap anywhere to close.")
    plan = places.text_plan(c, body, title, text, closing)
    assert inside_rect(plan.panel, body)
    used = [taken(c, title, plan.title, LARGE, "title"),
            taken(c, text, plan.text, BODY, "body"),
            taken(c, closing, plan.closing, BODY, "secondary")]
    for above, below in zip(used, used[1:], strict=False):
        assert above.bottom < below.top  # in reading order, none over another
    for piece in used:
        assert inside_rect(piece, plan.panel), (piece, plan.panel)
    # A tap anywhere on it closes it, a finger's gap above the bar's buttons.
    assert plan.close.topleft == body.topleft and plan.close.w == body.w
    assert body.bottom - plan.close.bottom == c.u(8)
    assert places.text_plan(c, body, title, text, closing) == plan


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("picture", "lang"), [("help-list", "en"), ("help-list", "de"),
                                               ("help-scores", "fr"), ("help-scores", "de")])
def test_every_topic_is_a_button_a_finger_tall_below_the_heading(tmp_path, picture, size,
                                                                  lang):
    scene, c = room(picture, size, lang, tmp_path)
    body = c.body
    heading = _("Rules: what this screen shows")
    titles = [scene.title(t) for t in scene.topics]
    plan = places.list_plan(c, body, heading, titles)
    assert len(plan.cells) == len(titles) > 1
    k = scale(size)
    top = taken(c, heading, plan.title, LARGE, "title")
    assert inside_rect(top, body)
    for i, cell in enumerate(plan.cells):
        assert inside_rect(cell, body), (cell, body)
        assert cell.top > top.bottom
        assert min(cell.size) >= at_least(TARGET_PX, k), cell
        for other in plan.cells[i + 1:]:
            assert gap(cell, other) >= at_least(GAP_PX, k), (cell, other)
    # The same topics in the same room: the same places.
    assert places.list_plan(c, body, heading, titles) == plan
