"""The languages the companion speaks, listed once for every layer.

Here rather than in `companion.engine.words` because the configuration (which the
inputs read, and the inputs never import the engine) checks the setting too. Adding a
language is one entry in each of the two below, its catalogue
`companion/locale/<code>/LC_MESSAGES/companion.po` (the rules texts among its messages)
and its entry in every other per-language table (docs/architecture.md, "A new
language", lists them; tests/ui/test_languages_complete.py checks them).
"""

#: The language codes, English first: it is the default and the catalogues' msgids.
LANGUAGES: tuple[str, ...] = ("en", "de", "fr")
#: Each language by its own name, for the settings screen.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
DEFAULT_LANGUAGE = "en"
