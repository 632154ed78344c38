"""companion/ui/scenes/stats.py: Player statistics (totals, and per category).

QA 5: its second button turns between "Per category" and "Totals"; it was as wide as its
label, so it changed size and place under the finger that had just tapped it (German,
800x480: "Je Kategorie" at x 471-651, then "Summen" at x 518-651: a second tap at its
left end missed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.history_scale import fill
from companion.ui.i18n import set_language
from tests.ui.test_app import on_disk


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_switch_between_totals_and_categories_stays_in_place(tmp_path: Path, language):
    fill(tmp_path / "state", 2)
    ui, _services = on_disk(tmp_path, history=True)
    try:
        ui.set_language(language)
        ui.open("stats")
        places = []
        for _turn in range(3):
            ui.render()
            (hit,) = [h for h in ui.canvas.hits if h.key == "secondary"]
            places.append(tuple(hit.rect))
            ui.press("secondary")
        assert ui.top.categories  # it did turn: totals, categories, totals, categories
        assert len(set(places)) == 1, places
    finally:
        set_language("en")
