"""companion/ui/scenes/hardware.py: the hardware test page.

Moved from the QA-round files (test_round_findings.py, test_touch_findings.py,
test_real_frames.py); each section's comment keeps the finding a test comes from."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.touch import Finger
from companion.inputs import intents as it
from companion.ui.i18n import set_language
from companion.ui.shots import build

# --- the hardware test page in plain words, in the table's language (QA finding 9) ---------------


@pytest.mark.parametrize(("language", "ready", "tapped", "heading"), [
    ("de", "Kartenleser: bereit (simuliert)", "Karte vom simulierten Leser: ",
     "Zuletzt gedrückt und gelesen"),
    ("fr", "Lecteur de cartes : prêt (simulé)", "Carte du lecteur simulé : ",
     "Derniers boutons et cartes"),
    ("en", "Card reader: ready (simulated)", "Card from the simulated reader: ",
     "Last buttons and cards"),
])
def test_hardware_test_speaks_the_tables_language(tmp_path: Path, language: str, ready: str,
                                                  tapped: str, heading: str) -> None:
    ui = build("hardware", (800, 480), language, tmp_path)
    services = ui.services
    services.simulator = services.simulator or object()
    # What the simulated reader reports when it starts, and a card tapped on Supply.
    ui.intent(it.DeviceStatus("reader", True, "card reader ready on loop://"))
    services.recent_intents.append(it.CardScanned("5A0011AB42", "C-bank"))
    ui.render()
    drawn = " ".join(" ".join(ui.canvas.texts).split())
    assert ready in drawn, drawn
    assert "card reader ready" not in drawn and "loop://" not in drawn
    assert tapped in drawn and heading in drawn
    assert "intents" not in drawn.lower()


@pytest.mark.parametrize(("language", "words"), [
    ("de", "Stelle ihn auf US-Tastatur um"),
    ("fr", "réglez-le sur clavier américain"),
])
def test_a_scanner_in_another_layout_is_told_how_to_fix_it_in_the_tables_language(
    language: str, words: str
) -> None:
    from companion.inputs.keys import LAYOUT_ADVICE
    from companion.ui.i18n import set_language
    from companion.ui.keyburst import LAYOUT_ADVICE as BURST_ADVICE
    from companion.ui.scenes.hardware import status_words

    set_language(language)
    try:
        assert words in status_words(LAYOUT_ADVICE)
        from companion.ui.i18n import _

        assert words in _(BURST_ADVICE)
    finally:
        set_language("en")


@pytest.mark.parametrize(("language", "connected", "gone"), [
    ("de", "Kamera: verbunden (picamera2)",
     "Kamera: das Kameraprogramm ist weg; warte, bis es wiederkommt"),
    ("fr", "Caméra : connectée (picamera2)",
     "Caméra : le programme de la caméra s’est arrêté\u202f; en attente de son retour"),
    ("en", "Camera: connected (picamera2)",
     "Camera: the camera process went away; waiting for it to come back"),
])
def test_the_camera_has_its_status_line_once_it_has_spoken(tmp_path: Path, language: str,
                                                            connected: str, gone: str) -> None:
    ui = build("hardware", (800, 480), language, tmp_path)

    def drawn() -> str:
        ui.render()
        return " ".join(" ".join(ui.canvas.texts).split())

    assert "Camera" not in drawn() and "Kamera" not in drawn() and "Caméra" not in drawn()
    ui.intent(it.DeviceStatus("camera", True, "camera connected (picamera2)"))
    assert connected in drawn()
    ui.intent(it.DeviceStatus("camera", False,
                              "camera process went away; waiting for it to come back"))
    assert " ".join(gone.split()) in drawn()  # the narrow no-break space, as split() sees it
    # The message shown at once on any screen says it in the same words.
    assert ui.message is not None and ui.message.error
    assert " ".join(ui.message.text.split()) == " ".join(gone.split())


@pytest.mark.parametrize(("language", "words"), [
    ("en", "no Supply area in view: lay the four area markers"),
    ("de", "kein Angebotsbereich im Bild"),
    ("fr", "aucune zone d’approvisionnement en vue"),
])
def test_the_cameras_own_states_are_said_in_the_tables_language(language: str,
                                                                 words: str) -> None:
    """What the camera process says (companion/camera/supply.py) as the app shows it."""
    from companion.camera.supply import PLACE_AREA, Look, SupplyWatcher
    from companion.ui.i18n import set_language
    from companion.ui.scenes.hardware import status_words

    set_language(language)
    try:
        assert words in status_words(f"camera: {PLACE_AREA}")
        blurred = SupplyWatcher()._bad_still(Look(sharpness=0.0))
        assert status_words(f"camera: {blurred}") != f"camera: {blurred}"
        assert status_words("camera: reading the Supply area") != (
            "camera: reading the Supply area") or language == "en"
    finally:
        set_language("en")


# --- issue 11, finding 11: the hardware test -----------------------------------------------------


def test_the_hardware_test_shows_readable_translated_words_and_esc_leaves(ui):
    finger = Finger(ui)
    finger.tap("Settings")
    finger.tap("Hardware test")
    assert ui.top.name == "hardware"
    for intent in (it.PlayerButton("red"), it.Ok(), it.OkHeld(),
                   it.CardScanned("5A0011AB42", "C-bank")):
        ui.intent(intent)
    set_language("de")
    try:
        texts = finger.texts()
        joined = " ".join(texts)
        assert "PlayerButton" not in joined and "colour=" not in joined
        assert "Rot" in joined and "Bank" in joined and "OK-Taste gehalten" in joined
        assert not any(t["cut"] for t in finger.frame()["texts"])
    finally:
        set_language("en")
    ui.intent(it.Back())
    assert ui.top.name == "settings"


# --- issue 11, finding 12's siblings: the hardware test is left with Done ------------------------


def test_the_hardware_test_is_left_with_done(ui):
    finger = Finger(ui)
    finger.tap("Settings")
    finger.tap("Hardware test")
    primary = finger.primary()
    assert primary is not None and primary["label"].startswith("Done")
    finger.tap_primary()
    assert ui.top.name == "settings"
