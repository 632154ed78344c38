"""Home as the table sees it with and without a game in progress (QA findings 7 and 10)."""

from __future__ import annotations

import pytest

from companion.ui.canvas import PRIMARY
from companion.ui.core import UI
from companion.ui.i18n import set_language
from ui.driver import start_game

from .test_scenes import SETUP

KEYS = ("new", "resume", "history", "settings", "enroll", "phones")


def buttons(ui: UI) -> dict[str, object]:
    """The screen's buttons (enabled or not), by key, as drawn."""
    rects = [t.rect for t in ui.canvas.targets if not t.bar]
    assert len(rects) == len(KEYS), rects
    return dict(zip(KEYS, rects, strict=True))


def lines_in(ui: UI, rect) -> list[str]:
    return [t.text for t in ui.canvas.drawn if not t.bar and rect.contains(t.rect)]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_home_in_a_game_fits_and_keeps_its_buttons_in_place(services, language) -> None:
    services.simulate = True  # the key help is shown, as with `make run`
    try:
        ui = UI(services, (800, 480))
        ui.set_language(language)
        ui.open("home")
        ui.render()
        before = buttons(ui)
        start_game(ui, SETUP)
        for _ in range(3):  # a few rounds in: "round N"
            ui.render()
        ui.press("home")
        assert ui.top.name == "home" and ui.top.session is not None
        surface = ui.render()
        after = buttons(ui)
        # The buttons are where they were without a game: a tap lands where it aimed.
        assert before == after
        texts = [t for t in ui.canvas.drawn if not t.bar]
        body = ui.canvas.body
        # The title on one line, nothing clipped by the bar or cut.
        title = [t for t in texts if t.role == "title"]
        assert len(title) == 1, [t.text for t in title]
        for t in texts:
            assert body.contains(t.rect), (t.text, t.rect, body)
            assert not t.cut, t.text
        # "Resume game · round N" on one line: no lone word on a second line.
        resume = after["resume"]
        assert len(lines_in(ui, resume)) == 1, lines_in(ui, resume)
        # Only the primary action (Resume, in the bar) is green.
        for key in KEYS:
            rect = after[key]
            assert surface.get_at((rect.x + 6, rect.centery))[:3] != PRIMARY, key
    finally:
        set_language("en")
