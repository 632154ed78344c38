"""companion/ui/scenes/settings.py: the Settings screen.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

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
