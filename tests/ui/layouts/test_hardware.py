"""companion/ui/layouts/hardware.py: the hardware test page's places, over the room the real
screen has, landscape and portrait."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.ui.canvas import BODY, LARGE, SMALL, Canvas
from companion.ui.i18n import set_language
from companion.ui.layouts import hardware as places
from companion.ui.layouts.stack import taken
from companion.ui.shots import build
from tests.ui.framecheck import inside_rect

DEVICES = [("Devices", SMALL), ("\u2713 Buttons: no problem reported", BODY),
           ("\u2713 Card reader: ready (simulated)", BODY),
           ("\u2717 Camera: the camera process went away; waiting for it to come back", BODY),
           ("simulated (keys 1-5, Enter, Backspace)", SMALL)]
HEADING = "Last buttons and cards"
#: Ten intents, the newest first, some long enough to wrap.
INTENTS = ["Player button: Red", "OK button",
           "Card reader: not found at /dev/ttyUSB0; trying again every 5 s",
           "Card from the simulated reader: Bank", "Tag 5B00000001: not enrolled",
           "Undo button held: Redo"] * 2


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def room(size: tuple[int, int], tmp_path) -> Canvas:
    ui = build("hardware", size, "en", tmp_path)
    ui.render()
    return ui.canvas


def pieces(c: Canvas, plan: places.HardwarePlan, intents: list[str]) -> list:
    """What each text of the page takes, in reading order."""
    return [taken(c, "Hardware test", plan.title, LARGE, "title", 1),
            *(taken(c, text, box, size) for (text, size), box in zip(DEVICES, plan.devices,
                                                                      strict=True)),
            taken(c, HEADING, plan.heading, SMALL),
            *(taken(c, words, box, SMALL) for words, box in zip(intents, plan.intents,
                                                                strict=False))]


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1920, 1080), (640, 480)])
def test_the_devices_and_the_intents_never_overlap_and_stay_on_the_page(tmp_path, size):
    c = room(size, tmp_path)
    plan = places.place(c, c.body, "Hardware test", DEVICES, HEADING, INTENTS)
    used = pieces(c, plan, INTENTS)
    for i, piece in enumerate(used):
        assert inside_rect(piece, c.body), (piece, c.body)
        for other in used[i + 1:]:
            assert not piece.colliderect(other), (piece, other)
    # The heading and the intents on their panel, the devices' lines off it.
    for piece in used[len(DEVICES) + 1:]:
        assert inside_rect(piece, plan.panel), (piece, plan.panel)
    for piece in used[:len(DEVICES) + 1]:
        assert not piece.colliderect(plan.panel)
    assert places.place(c, c.body, "Hardware test", DEVICES, HEADING, INTENTS) == plan


def test_the_panel_is_beside_the_devices_where_the_page_is_wide_and_below_where_not(
        tmp_path):
    wide = room((800, 480), tmp_path)
    plan = places.place(wide, wide.body, "Hardware test", DEVICES, HEADING, INTENTS)
    assert plan.panel.top == plan.devices[0].top and plan.panel.left > plan.devices[0].right
    narrow = room((480, 800), tmp_path)
    plan = places.place(narrow, narrow.body, "Hardware test", DEVICES, HEADING, INTENTS)
    assert plan.panel.left == plan.devices[0].left and plan.panel.top > plan.devices[0].top


def test_the_newest_intents_are_kept_where_not_all_fit(tmp_path):
    c = room((800, 480), tmp_path)
    plan = places.place(c, c.body, "Hardware test", DEVICES, HEADING, INTENTS)
    # At 800x480 ten do not fit: the newest (first) are shown, the others left out.
    assert 0 < len(plan.intents) < len(INTENTS)
    fewer = places.place(c, c.body, "Hardware test", DEVICES, HEADING, INTENTS[:3])
    assert fewer.intents == plan.intents[:3]
