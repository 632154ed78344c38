"""History rows and player statistics are table text: body size, whole, one row per line
(QA finding 12 and the statistics part of 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import SCORE_CATEGORIES
from companion.ui import names
from companion.ui.i18n import set_language
from companion.ui.shots import build, frame_description

BODY_PX = 22  # at 800x480 (docs/frames.md)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_history_rows_and_player_lines_are_body_text(tmp_path: Path, language: str) -> None:
    try:
        ui = build("history", (800, 480), language, tmp_path)
        frame = frame_description(ui)
        scene = ui.top
        results = {scene.result(g) for g in scene.games}
        rows = [t for t in frame["texts"] if any(
            t["text"].rstrip("\u2026").replace("\u00a0", " ") and
            t["text"].replace("\u00a0", " ") in r.replace("\u00a0", " ") for r in results)]
        assert rows, "no game row drawn"
        for t in rows:
            assert t["px"] >= BODY_PX, t
        records = [t for t in frame["texts"] if "\u00b7" in t["text"] and not t["bar"]]
        assert records, "no player line drawn"
        for t in records:
            assert t["px"] >= BODY_PX, t
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_statistics_labels_are_whole_body_text_on_one_line(tmp_path: Path,
                                                          language: str) -> None:
    try:
        for picture in ("stats", "stats-categories"):
            ui = build(picture, (800, 480), language, tmp_path / picture)
            frame = frame_description(ui)
            labels = ([names.category(cat) for cat in SCORE_CATEGORIES]
                      if picture == "stats-categories" else [])
            drawn = {t["text"]: t for t in frame["texts"]}
            for label in labels:
                whole = label.replace("\u00ad", "")
                # Whole and on one line ("Handels-" / "kammer" was cut, then wrapped).
                assert whole in drawn, (whole, sorted(drawn))
                assert drawn[whole]["px"] >= BODY_PX and not drawn[whole]["cut"]
            for t in frame["texts"]:
                if not t["bar"] and t["role"] != "title":
                    assert t["px"] >= BODY_PX, t
            # No row's text runs into the next one.
            rows = sorted((t for t in frame["texts"] if not t["bar"]),
                          key=lambda t: t["rect"][1])
            for a, b in zip(rows, rows[1:], strict=False):
                if a["rect"][0] == b["rect"][0]:
                    assert a["rect"][1] + a["rect"][3] <= b["rect"][1], (a, b)
    finally:
        set_language("en")
