"""companion/ui/scenes/newgame.py: New game (seats, names, who starts).

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from.

New game at a fresh table (no names in the history yet): the note on typing names,
which five seats leave no room for, must not cover a seat once it moves to the bar.

Found by the touch games with real printed values (tests/ui/test_real_value_games.py):
in French at 800x480 the note took two lines beside the bar's buttons, went up into a
strip over the bar, and the strip covered the 5th seat's row."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger
from companion import app
from companion.languages import LANGUAGES
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui.core import UI
from companion.ui.i18n import set_language

from ..framecheck import problems


@pytest.fixture(autouse=True)
def _english():
    yield
    set_language("en")


def new_game_at_a_fresh_table(tmp_path, language, size) -> UI:
    """New game opened from Home, through the real services, on a table with no history."""
    state_dir = tmp_path / "state"
    settings = {"language": language, "purchase_form": "quick",
                "display": {"size": list(size), "rotation": 0}}
    services = app.make_services(settings, state_dir, SHIPPED_CONFIG_DIR, app.open_store(),
                                 app.open_history(state_dir))
    ui = UI(services, size)
    ui.open("home")
    ui.set_language(language)
    ui.press("new")
    return ui


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1024, 600)])
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_five_seats_and_the_name_note_at_a_fresh_table(tmp_path, language, size):
    ui = new_game_at_a_fresh_table(tmp_path, language, size)
    assert ui.top.name == "newgame" and not ui.top.known  # nothing in the history yet
    ui.press("count:5")
    for first in (None, "purple"):
        if first is not None:
            ui.press(f"first:{first}")
        ui.render()
        frame = ui.canvas.describe(ui.top.name, ui.language)
        assert not problems(frame, ()), (first, problems(frame, ()))
        # Every seat's controls are there to tap.
        for seat in range(5):
            assert f"edit:{seat}" in ui.keys()


# --- issue 11, finding 13: the metal coin on New game --------------------------------------------


def test_new_game_explains_the_metal_coin(ui):
    finger = Finger(ui)
    finger.tap("New game")
    assert "M ?" not in finger.labels()
    texts = " ".join(finger.texts())
    assert "metal coin" in texts.lower()
    finger.tap(lambda label: "metal coin" in label.lower() or label == "Starts?")
    assert ui.top.first is not None


# --- QA 5: the hint names the button a finger finds ----------------------------------------------
# Found in French at 480x800 (portrait): the hint said "touchez « Commence ? »", but in
# portrait the who-starts buttons read "M" (no room for the words): no button said it.


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1024, 600)])
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_hint_names_the_who_starts_button_as_it_reads(tmp_path, language, size):
    ui = new_game_at_a_fresh_table(tmp_path, language, size)
    ui.press("count:5")
    frame = ui.canvas.describe(ui.top.name, ui.language)
    # The who-starts buttons: one a seat, each at its row's right-hand end.
    starts = {t["label"] for t in frame["targets"]
              if t["label"] in ("M", "Starts?", "Beginnt?", "Commence\u202f?")}
    assert len(starts) == 1, starts
    label = starts.pop()
    assert label in ("M", "Starts?", "Beginnt?", "Commence\u202f?"), label
    # What the hint tells the finger to tap (after its last colon) is that button's label.
    told = " ".join(t["text"] for t in frame["texts"]).rsplit(":", 1)[-1]
    assert label.replace("\u202f", " ") in told.replace("\u202f", " "), (label, told)


# --- round 8's newcomer: with the buttons' legend, nothing said what "M" means -------------------


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_with_the_buttons_legend_the_metal_coin_is_still_explained(tmp_path, language, size,
                                                                  players):
    """French, portrait, a table with buttons: the hint "Who starts gets the metal coin: tap
    their M" gave way to the buttons' legend in the bar, and the seats' "M" buttons and the
    greyed setup guide said nothing. Where the bar has no room for it, the screen says it
    above the name note, whole."""
    from companion.ui.shots import build

    try:
        ui = build("newgame-first", size, language, tmp_path, players=players)
        ui.services.buttons = True
        ui.top.set_count(players)
        ui.dirty = True
        ui.render()
        said = ui.canvas.describe("newgame", language)
        hint = ui.top.hint()
        assert ui.top.first is None and hint
        shown = " ".join(t["text"] for t in said["texts"] if not t["cut"])
        assert all(word in shown for word in hint.split()), (hint, shown)
        assert [t["text"] for t in said["texts"] if t["cut"]] == []
    finally:
        set_language("en")
