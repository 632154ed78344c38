"""Translations through the standard library's `gettext`, from compiled `.mo` catalogues.

The repository keeps `companion/locale/<lang>/LC_MESSAGES/companion.po`; the build
(`setup.py`) and `make` compile them to `.mo` with `companion.ui.msgfmt`. Plural forms
come from each catalogue's `Plural-Forms` header (`ngettext`). English is the source
text; its small catalogue only adds soft hyphens (U+00AD) to long words, which is
where the wrapper may break them (`companion.texts.hyphen`).

Below the UI (no pygame): the phones server and the commands translate with it too;
`companion.ui.i18n` re-exports it for the screens.
"""

from __future__ import annotations

import gettext
import logging
from pathlib import Path

from companion.languages import LANGUAGE_NAMES, LANGUAGES

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "companion"

__all__ = ["DOMAIN", "LANGUAGES", "LANGUAGE_NAMES", "LOCALE_DIR", "N_", "_", "language", "ngettext",
           "set_language", "translations"]

log = logging.getLogger("companion.texts")

_cache: dict[str, gettext.NullTranslations] = {}
_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
#: The current language's answers so far. A frame asks for a hundred strings, and
#: `GNUTranslations.gettext` looks a string the catalogue lacks up twice (the second time
#: as a plural, through its compiled plural rule): most English strings, every frame.
_said: dict[str, str] = {}


def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of `language` (without one: the English text, and a warning)."""
    if language not in _cache:
        try:
            _cache[language] = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
        except OSError:
            if language != "en":
                log.warning("no compiled catalogue for %s in %s (run `make` or "
                            "`python -m companion.ui.msgfmt`): showing English",
                            language, LOCALE_DIR)
            _cache[language] = gettext.NullTranslations()
    return _cache[language]


def set_language(language: str) -> None:
    """Switch every later `_()` call to `language` (en, de or fr)."""
    global _current, _language
    _language = language if language in LANGUAGES else "en"
    _current = translations(_language)
    _said.clear()


def language() -> str:
    return _language


def _(message: str) -> str:
    """The current language's translation of `message`."""
    said = _said.get(message)
    if said is None:
        if len(_said) >= 4096:  # bounded, whatever a caller passes in
            _said.clear()
        said = _said[message] = _current.gettext(message)
    return said


def ngettext(singular: str, plural: str, n: int) -> str:
    """The current language's form of `singular`/`plural` for `n` (its plural rule)."""
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for translation without translating it now."""
    return message
