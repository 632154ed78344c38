"""The hardware test page in plain words, in the table's language (QA finding 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.inputs import intents as it
from companion.ui.shots import build


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
    from companion.inputs.scanner import LAYOUT_ADVICE
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
