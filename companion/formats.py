"""Dates, times and numbers as each language writes them (CLDR data, through Babel).

German "22.11.2026, 20:30", French "22 nov. 2026, 20:30", English "22 Nov 2026, 20:30",
always in the machine's local time zone (the Pi's: where the table is); decimal commas
in German and French; one minus sign, U+2212, in every language.

Babel is imported inside the functions, on the first date or decimal a screen or a
command shows: it costs about 40 ms and most of the app never needs it (the app's
start does not load it; `benchmarks --only startup` measures that). Whole numbers need no
CLDR data: `integer` only writes the minus sign.
"""

from __future__ import annotations

from datetime import datetime

MINUS = "\u2212"
#: The CLDR locale of each language of the app (English as written in Europe: a 24-hour
#: clock and the day before the month, like the other two).
LOCALES = {"en": "en_GB", "de": "de_DE", "fr": "fr_FR"}


def _locale(language: str) -> str:
    return LOCALES.get(language, LOCALES["en"])


def parse_moment(text: str | None) -> datetime | None:
    """A record's ISO-8601 time ("2026-11-22T19:30:00.000Z"); None for none or a bad one
    (the journal's own reading of its `"t"` values)."""
    from companion.store.journal import parse_time

    return parse_time(text)


def when(moment: datetime | str | None, language: str) -> str:
    """Date and time of day in the local time zone: "22.11.2026, 20:30" ("?" for none)."""
    if isinstance(moment, str) or moment is None:
        moment = parse_moment(moment)
    if moment is None:
        return "?"
    from babel.dates import format_date, format_time

    local = moment.astimezone()
    locale = _locale(language)
    day = format_date(local, "medium", locale=locale)
    return f"{day}, {format_time(local, 'HH:mm', locale=locale)}"


def integer(n: int) -> str:
    """A whole number with a real minus sign: "−7"."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def decimal(value: float, language: str, digits: int = 1) -> str:
    """A number with at most `digits` decimals, as the language writes it: "14,2" ("14"
    for a whole one), a real minus sign."""
    from babel.numbers import format_decimal

    text = format_decimal(round(value, digits), format="0." + "#" * digits,
                          locale=_locale(language))
    return text.replace("-", MINUS)
