"""The companion's words, below the UI: no pygame, no drawing.

- `i18n`: the gettext catalogues (companion/locale) and `_`, `ngettext`, `N_`,
  `set_language`; the one current language of the process.
- `hyphen`: where a word may break (soft hyphens) and `plain`, a text without them.
- `names`: the game's words (goods, cards, phases, seasons, colours, kinds).
- `rulestexts`: the rules at a tap, one text per card kind, score category and phase.
- `words`: sentences about the game (what an action did, why one was refused, the
  BG Stats play's comments).

The table's screens (`companion.ui`, through its re-exporting modules of the same
names), the phones server (`companion.phones.words`), the commands (`replay`,
`bgstats_export`, `labels`) and the club's pages all read their words here. The
languages themselves are listed once, in `companion.languages`.
"""
