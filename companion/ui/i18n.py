"""Translations (`_`, `ngettext`, `N_`) for the screens: `companion.texts.i18n`.

The words live below the UI in `companion.texts` (no pygame), so that the phones
server, the camera and the commands have them without importing `companion.ui`;
this module keeps the screens' imports as they were.
"""

from companion.texts.i18n import *  # noqa: F403
from companion.texts.i18n import __all__ as __all__
