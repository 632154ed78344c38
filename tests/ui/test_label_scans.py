"""A touch-free Supply: the printed labels' codes, scanned on a keyboard-mode barcode scanner
(its twin, hid-replay), reveal the right cards in a game journalled on disk."""

from __future__ import annotations

import json
import time
from pathlib import Path

from companion import app
from companion.cli import main
from companion.engine import Reveal
from companion.engine.simulate import random_game
from companion.inputs import IntentBus, start_inputs
from companion.inputs.keys import key_events
from companion.inputs.scanner import replay_text
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store.journal import journal_path, scan
from companion.ui.core import UI
from ui.driver import start_game


def test_scanned_labels_reveal_the_supply_without_a_touch(tmp_path: Path) -> None:
    state = tmp_path / "state"
    assert main(["labels", "--out", str(tmp_path / "labels"), "--state-dir", str(state)]) == 0
    codes = json.loads((tmp_path / "labels" / "labels.json").read_text())["barcodes"]

    settings = {"language": "en", "purchase_form": "quick",
                "display": {"size": [800, 480], "rotation": 0}}
    services = app.make_services(settings, state, SHIPPED_CONFIG_DIR, app.open_store(), None)
    catalogue = services.load_catalogue()
    actions, _ = random_game(catalogue, 3, seed=5)
    ui = UI(services, (800, 480))
    ui.open("home")
    start_game(ui, actions[0])
    assert ui.top.name == "supply"
    reveals = []
    for action in actions[1:]:
        if not isinstance(action, Reveal):
            break
        reveals.append(action.card)
    assert len(reveals) >= 3

    # The scanner: each label's code typed as US key codes, a second apart.
    events = [e for n, card in enumerate(reveals) for e in key_events(codes[card], float(n))]
    replay = tmp_path / "scans.events"
    replay.write_text(replay_text(events), encoding="utf-8")
    bus = IntentBus()
    hardware = {"buttons": {"enabled": False},
                "reader": {"port": f"hid-replay:{replay}?speed=0"}}
    inputs = start_inputs(hardware, bus, simulate=False, state_dir=state)
    try:
        deadline = time.monotonic() + 30
        while len(ui.game.state.slots) < len(reveals) and time.monotonic() < deadline:
            intent = bus.wait(0.5)
            if intent is not None:
                ui.intent(intent)
        assert [slot.card for slot in ui.game.state.slots] == reveals
        # The last scan filled the Supply: the game went on to the Demand by itself.
        assert ui.game.state.phase == "demand"
    finally:
        inputs.close()
    # The journal on disk holds them: read back, it gives the same Supply.
    kept = scan(journal_path(state), catalogue)
    assert [a.card for a in kept.actions if isinstance(a, Reveal)] == reveals


def test_a_label_scanned_on_the_enroll_screen_says_it_needs_no_enrollment(ui) -> None:
    from companion.inputs.intents import CardScanned
    from companion.labelcodes import barcode

    ui.open("enroll")
    ui.intent(CardScanned(barcode("C-bank"), "C-bank"))
    assert ui.top.name == "enroll" and ui.top.tag is None
    assert "printed label" in ui.message.text and "no enrollment" in ui.message.text
    ui.intent(CardScanned("04A23B1C", "C-bank"))  # an enrolled RFID tag: as before
    assert "already bound" in ui.message.text
