"""Translations: gettext catalogues read straight from the .po files.

The repository ships only `companion/locale/<lang>/LC_MESSAGES/companion.po`
(compiled .mo files are git-ignored), so instead of compiling we read the .po
text into a `gettext.NullTranslations` subclass: the standard gettext
interface (`gettext`, `ngettext`, `install`) without a build step.
"""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

from companion.languages import LANGUAGE_NAMES, LANGUAGES

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "companion"
__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "N_", "_", "language", "set_language", "translations"]


def _unquote(text: str) -> str:
    return str(ast.literal_eval(text)) if text.startswith('"') else ""


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file (untranslated and fuzzy entries left out)."""
    out: dict[str, str] = {}
    msgid: list[str] = []
    msgstr: list[str] = []
    current: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        key, value = "".join(msgid), "".join(msgstr)
        if key and value and not fuzzy:
            out[key] = value

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("msgid "):
            if msgid or msgstr:
                flush()
                fuzzy = fuzzy and not msgstr
            msgid, msgstr = [_unquote(line[6:].strip())], []
            current = msgid
        elif line.startswith("msgstr "):
            msgstr = [_unquote(line[7:].strip())]
            current = msgstr
        elif line.startswith('"') and current is not None:
            current.append(_unquote(line))
        elif not line:
            if msgid:
                flush()
            msgid, msgstr, current, fuzzy = [], [], None, False
    if msgid:
        flush()
    return out


class PoTranslations(gettext.NullTranslations):
    """A gettext catalogue built from .po text."""

    def __init__(self, messages: dict[str, str]) -> None:
        super().__init__()
        self.messages = messages

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


_cache: dict[str, gettext.NullTranslations] = {}
_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def translations(language: str) -> gettext.NullTranslations:
    """The catalogue of `language` (English: the msgids themselves)."""
    if language not in _cache:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if language == "en" or not path.is_file():
            _cache[language] = gettext.NullTranslations()
        else:
            _cache[language] = PoTranslations(parse_po(path.read_text(encoding="utf-8")))
    return _cache[language]


def set_language(language: str) -> None:
    """Switch every later `_()` call to `language` (en, de or fr)."""
    global _current, _language
    _language = language if language in LANGUAGES else "en"
    _current = translations(_language)


def language() -> str:
    return _language


def _(message: str) -> str:
    """The current language's translation of `message`."""
    return _current.gettext(message)


def N_(message: str) -> str:
    """Mark a string for translation without translating it now."""
    return message
