"""companion/ui/core.py: the UI's messages.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

from .helpers import at, tap_card

# --- issue 11, finding 6: messages last until the next action ------------------------------------


def test_an_undo_message_lasts_until_the_next_action_and_not_longer(ui):
    finger = at(ui, lambda b, a: a.phase == "supply" and len(a.slots) == 1 and a.round >= 2)
    finger.tap("Undo")
    said = ui.message.text
    assert said.startswith("Undone")
    finger.now += 60  # a minute later, nobody acted: still there
    ui.tick()
    assert ui.message is not None and ui.message.text == said
    state = ui.game.state
    card = sorted(c for c in state.unseen[state.top_season()]
                  if state.catalogue[c].kind not in ("ship", "fire"))[0]
    tap_card(finger, ui, card)
    assert ui.message is None
    texts = finger.texts()
    assert not any(t.startswith("Undone") for t in texts)
    assert any("Tap the card" in t for t in texts)
