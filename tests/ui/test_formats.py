"""Dates, times and numbers as each language writes them, in the local time zone
(`companion.formats`): on History, a reopened game, the statistics and `history`."""

from __future__ import annotations

import re
import time

import pytest

from companion import cli, formats
from companion.ui.i18n import set_language
from companion.ui.shots import build

EVENING = "2026-11-22T19:30:00.000Z"


@pytest.fixture
def berlin(monkeypatch):
    """The Pi's local time zone: one hour ahead of UTC in November."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_date_and_time_in_each_language_and_the_local_time_zone(berlin):
    assert formats.when(EVENING, "de") == "22.11.2026, 20:30"
    assert formats.when(EVENING, "fr") == "22 nov. 2026, 20:30"
    assert formats.when(EVENING, "en") == "22 Nov 2026, 20:30"
    assert formats.when(None, "de") == formats.when("not a time", "fr") == "?"


def test_numbers_with_a_decimal_comma_and_one_minus_sign():
    assert formats.decimal(14.24, "de") == formats.decimal(14.24, "fr") == "14,2"
    assert formats.decimal(14.24, "en") == "14.2"
    assert formats.decimal(9.0, "de") == "9"
    assert formats.decimal(-2.5, "fr") == "\u22122,5"
    assert formats.integer(-7) == "\u22127" and formats.integer(7) == "7"


def drawn(ui) -> str:
    ui.render()
    return " ".join(" ".join(ui.canvas.texts).split())


@pytest.mark.parametrize(("language", "date"), [
    ("de", "22.11.2026, 20:30"), ("fr", "22 nov. 2026, 20:30"), ("en", "22 Nov 2026, 20:30")])
def test_history_and_a_reopened_game_write_the_date_the_languages_way(
        tmp_path, berlin, language, date):
    try:
        ui = build("history", (1024, 600), language, tmp_path)
        text = drawn(ui)
        assert date in text, text
        assert "UTC" not in text and not re.search(r"\d{4}-\d\d-\d\d", text)
        reopened = build("past-game", (1024, 600), language, tmp_path / "past")
        assert not re.search(r"\d{4}-\d\d-\d\d|UTC", drawn(reopened))
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["de", "fr"])
def test_statistics_write_a_decimal_comma(tmp_path, language):
    try:
        text = drawn(build("stats", (1024, 600), language, tmp_path))
    finally:
        set_language("en")
    assert re.search(r"\d,\d", text), text
    assert not re.search(r"\d\.\d", text), text


def test_the_history_command_writes_local_time(tmp_path, berlin, capsys):
    ui = build("history", (800, 480), "en", tmp_path)  # fills the demo's real history
    ui.render()
    state = next(p.parent for p in tmp_path.rglob("history.db"))
    assert cli.main(["history", "--state-dir", str(state)]) == 0
    out = capsys.readouterr().out
    assert "22 Nov 2026, 20:30" in out and "UTC" not in out
    assert not re.search(r"\b1 rounds\b", out)
    assert "\u22127" in out and not re.search(r"(?<![\w-])-\d", out)  # Cleo's −7
