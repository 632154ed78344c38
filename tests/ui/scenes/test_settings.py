"""companion/ui/scenes/settings.py: the Settings screen.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

import pytest

from benchmarks.touch import Finger
from companion.inputs import intents as it

# --- issue 11, finding 12: Settings' primary is Done ---------------------------------------------


def test_settings_primary_is_done_and_the_hardware_test_a_secondary_button(ui):
    finger = Finger(ui)
    finger.tap("Settings")
    primary = finger.primary()
    assert primary is not None and primary["label"].startswith("Done")
    hardware = finger.find("Hardware test")
    assert hardware is not None and not hardware["primary"]
    ui.intent(it.Ok())
    assert ui.top.name == "home"


# --- issue 37: how many finished games wait for the club ----------------------------------------


@pytest.mark.parametrize("waiting, words", [(3, "3 games waiting for the club"),
                                            (1, "1 game waiting for the club"),
                                            (0, "Display size and rotation apply at the next")])
def test_settings_shows_the_games_waiting_for_the_club(ui, waiting, words) -> None:
    ui.services.club_waiting = lambda: waiting
    ui.open("settings")
    assert ui.top.hint().startswith(words)


def test_settings_says_nothing_of_a_club_the_table_does_not_have(ui) -> None:
    ui.open("settings")
    assert "club" not in ui.top.hint()
