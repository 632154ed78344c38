"""The game's words (goods, cards, phases) for the screens: `companion.texts.names`.

The words live below the UI in `companion.texts` (no pygame), so that the phones
server, the camera and the commands have them without importing `companion.ui`;
this module keeps the screens' imports as they were (every public name, also one
added there later).
"""

from companion.texts.names import *  # noqa: F403
