"""Enroll: the "?" on a card whose printed value is not confirmed yet is body-sized and
explained on the screen (QA finding 16)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ui.i18n import _, set_language
from companion.ui.shots import build, frame_description


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_unconfirmed_mark_is_readable_and_explained(tmp_path: Path, language: str) -> None:
    try:
        ui = build("enroll", (800, 480), language, tmp_path)
        scene = ui.top
        catalogue = ui.services.load_catalogue()
        season = next(card.season for card in catalogue if card.unverified)
        scene.pick_season(season)
        frame = frame_description(ui)
        marks = [t for t in frame["texts"] if t["text"] == "?" and not t["bar"]]
        assert marks, "no card marked"
        assert all(t["px"] >= 22 for t in marks), marks
        said = " ".join(t["text"] for t in frame["texts"] if t["bar"])
        explained = _("Scan a tag or tap a card; ? = printed value to confirm.")
        assert " ".join(explained.split()) in " ".join(said.split()), said
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_guessed_card_is_marked_once(tmp_path: Path, language: str) -> None:
    """The badge says "?"; the card's name does not say it again ("Contract Co·Te ?" with a
    "?" badge read as two questions)."""
    try:
        ui = build("enroll", (800, 480), language, tmp_path)
        catalogue = ui.services.load_catalogue()
        season = next(card.season for card in catalogue if card.unverified)
        ui.top.pick_season(season)
        frame = frame_description(ui)
        unverified = [card for card in catalogue if card.season == season and card.unverified]
        marks = [t for t in frame["texts"] if t["text"] == "?" and not t["bar"]]
        assert unverified and len(marks) == len(unverified)
        questioned = [t["label"] for t in frame["targets"] if "?" in t["label"] and not t["bar"]]
        assert questioned == [], questioned
    finally:
        set_language("en")
