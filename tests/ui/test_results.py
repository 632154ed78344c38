"""companion/ui/results.py: the final table and the score chart.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

import pytest

from .helpers import at

# --- issue 11, finding 15: the final screen ------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 2, 4])
def test_the_final_table_lists_only_categories_in_this_game(ui, players):
    finger = at(ui, lambda b, a: a.phase == "over", players=players)
    while ui.top.name in ("fire", "income"):
        ui.pop()
    texts = finger.texts()
    assert ("Boatsmen church" in texts) == (players in (2, 4))
    assert ("Port" in texts) == (players != 2)
    # The chart (behind "Score chart": the BG Stats code has its place at first) has
    # round ticks along its axis, numbered, not only the last round.
    finger.tap("Score chart")
    frame = finger.frame()
    title = next(t for t in frame["texts"] if t["text"] == "Score over the rounds")
    chart = [t for t in frame["texts"] if t["rect"][0] >= title["rect"][0] - 40
             and t["rect"][1] > title["rect"][1] + 20 and t["text"].isdigit()]
    last = ui.game.state.round
    ticks = {int(t["text"]) for t in chart if int(t["text"]) <= last}
    assert len(ticks) >= 3, ticks


# --- QA 5: the switch between the BG Stats code and the chart stays under the finger -------------


@pytest.mark.parametrize("language", ["de", "fr", "en"])
def test_the_chart_switch_keeps_its_place(ui, language):
    """"Score chart" / "BG Stats code" was as wide as its label: in German, "Punkteverlauf"
    then "BG-Stats-Code" (or back) moved the button under the finger that tapped it."""
    at(ui, lambda b, a: a.phase == "over", players=2)
    while ui.top.name in ("fire", "income"):
        ui.pop()
    ui.set_language(language)
    try:
        places = []
        for _turn in range(3):
            ui.render()
            (hit,) = [h for h in ui.canvas.hits if h.key == "secondary"]
            places.append(tuple(hit.rect))
            ui.press("secondary")
        assert ui.top.show_chart
        assert len(set(places)) == 1, places
    finally:
        ui.set_language("en")


# --- issue 30: every category at every player count and size --------------------------------


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_five_players_two_digit_scores_every_category_one_tap_away(tmp_path, size, language):
    """Five players' two-digit scores leave the code room beside the ranking only (the
    totals): "Categories" shows every category's row, whole, and brings the code back."""
    from companion.ui import names
    from companion.ui.i18n import _, set_language
    from companion.ui.results import categories
    from companion.ui.shots import build, frame_description

    try:
        ui = build("final-high", size, language, tmp_path, 5)
        frame = frame_description(ui)
        labels = [names.category(cat).replace("\u00ad", "")
                  for cat in categories(ui.top.state)]
        shown = {t["text"] for t in frame["texts"] if not t["cut"]}
        assert not set(labels) <= shown  # the ranking beside the code
        assert "code" in ui.keys()
        button = next(t for t in frame["targets"] if t["label"] == _("Categories"))
        ui.tap((button["rect"][0] + 5, button["rect"][1] + 5))
        frame = frame_description(ui)
        assert set(labels) <= {t["text"] for t in frame["texts"] if not t["cut"]}
        assert names.category("total") in {t["text"] for t in frame["texts"]}
        assert "code" not in ui.keys()
        back = next(t for t in frame["targets"] if t["label"] == _("BG Stats code"))
        assert back["rect"] == button["rect"]  # under the same finger
        ui.tap((back["rect"][0] + 5, back["rect"][1] + 5))
        assert "code" in ui.keys()
        assert _("Categories") in [t.label for t in ui.canvas.targets]
    finally:
        set_language("en")


def test_a_hurried_second_tap_on_the_views_switch_does_nothing(ui):
    """Found playing (QA, French 5 players at 480x800): a double tap on "Categories" showed
    the categories and, with the second tap on the same place (now "BG Stats code"), the
    code again: the switch changes what the screen shows, so a second tap at the same spot
    within the double-tap interval does nothing, as after any other screen change."""
    from companion.ui.core import DOUBLE_TAP_S

    at(ui, lambda b, a: a.phase == "over", players=2)
    while ui.top.name in ("fire", "income"):
        ui.pop()
    ui.dismiss_message()
    ui.render()
    (hit,) = [h for h in ui.canvas.hits if h.key == "secondary"]
    spot = hit.rect.center
    shown = ui.top.show_chart
    now = ui.clock()
    assert ui.touch(spot, at=now)
    assert ui.top.show_chart is not shown
    ui.touch(spot, at=now + DOUBLE_TAP_S / 2)  # the same finger
    assert ui.top.show_chart is not shown
    ui.touch(spot, at=now + 2 * DOUBLE_TAP_S)  # a tap of its own
    assert ui.top.show_chart is shown
