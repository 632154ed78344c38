"""Every frame of `python -m companion.ui.shots`, read for its words (issue 21): in German
and French no ISO date and no decimal point; French punctuation with its no-break space
and no line that starts with punctuation; in every language no "1 <plural>" and one minus
sign (U+2212). Rendered in memory at 800x480 (the words do not change with the size),
with 2 and 4 players where a screen shows players."""

from __future__ import annotations

import re

import pytest

from companion.ui.i18n import LANGUAGES, set_language
from companion.ui.shots import PICTURES, build, frame_description, picture

PLURALS = (r"points|coins|cards|goods|cubes|workers|games|wins|players|rounds|ships"
           r"|Punkte|Münzen|Karten|Waren|Steine|Warensteine|Arbeiter|Spiele|Siege|Runden"
           r"|Schiffe|pièces|cartes|marchandises|cubes|ouvriers|parties|victoires|joueurs"
           r"|tours|navires")
ONE_PLURAL = re.compile(rf"(?<![\d.,\u2212-])\b1\s+(?:{PLURALS})\b")
ISO_DATE = re.compile(r"\b\d{4}-\d\d-\d\d\b|\bUTC\b")
DECIMAL_POINT = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")
HYPHEN_MINUS = re.compile(r"(?<![\w\d)\]])-\d")
NO_BREAK = ("\u202f", "\u00a0")


def word_problems(texts: list[str], language: str) -> list[str]:
    found = []
    for text in texts:
        if text in ("?", "!"):  # a button's symbol ("?": the rules), not a sentence
            continue
        if ONE_PLURAL.search(text):
            found.append(f"a plural after 1: {text!r}")
        if HYPHEN_MINUS.search(text):
            found.append(f"a hyphen for a minus sign: {text!r}")
        if language == "en":
            continue
        if ISO_DATE.search(text):
            found.append(f"an ISO date: {text!r}")
        if DECIMAL_POINT.search(text):
            found.append(f"a decimal point: {text!r}")
        if language != "fr":
            continue
        # An address (the Phones screen's page) is not a sentence: its ":" stays as it is.
        text = re.sub(r"\b[a-z][a-z0-9+.-]*://\S+", "", text)
        if re.match(r"[:;?!,.)\u00bb]", text.lstrip()):
            found.append(f"a line starting with punctuation: {text!r}")
        for m in re.finditer(r"[:;?!]", text):
            before = text[m.start() - 1] if m.start() else ""
            after = text[m.end():m.end() + 1]
            if m.group() == ":" and before.isdigit() and after.isdigit():
                continue  # 20:30
            if before in "!?:;" and before != "":
                continue  # "?!" after its own space
            if before not in NO_BREAK:
                found.append(f"{m.group()!r} without its no-break space: {text!r}")
    return found


def test_the_word_checks_catch_what_they_promise():
    assert word_problems(["1 points", "Gleichstand bei 1 Punkte", "−7", "track -2"], "en") == [
        "a plural after 1: '1 points'", "a plural after 1: 'Gleichstand bei 1 Punkte'",
        "a hyphen for a minus sign: 'track -2'"]
    assert len(word_problems(["2026-11-22 19:30 UTC", "Ø 14.2"], "de")) == 2
    assert len(word_problems(["Entrepôt:", "Joueurs :", "; rien", "Joueurs\u202f:"], "fr")) == 4
    assert word_problems(["22 nov. 2026, 20:30", "4. Brand", "11 points", "Feuerw. B3"],
                         "de") == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", PICTURES)
def test_every_frame_writes_its_words_the_languages_way(tmp_path, name, language):
    screen, _build = picture(name)
    found = []
    try:
        for n in (2, 4) if screen.per_players else (4,):
            frame = frame_description(build(name, (800, 480), language, tmp_path / str(n), n))
            texts = [t["text"] for t in frame["texts"]]  # type: ignore[index]
            found += [f"{n} players: {p}" for p in word_problems(texts, language)]
    finally:
        set_language("en")
    assert not found, "\n".join(dict.fromkeys(found))
