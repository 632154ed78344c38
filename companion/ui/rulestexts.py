"""The rules texts for the screens: `companion.texts.rulestexts`.

The words live below the UI in `companion.texts` (no pygame), so that the phones
server, the camera and the commands have them without importing `companion.ui`;
this module keeps the screens' imports as they were.
"""

from companion.texts.rulestexts import *  # noqa: F403
from companion.texts.rulestexts import __all__ as __all__
