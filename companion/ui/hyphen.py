"""Where a word may break, and `plain` for the screens: `companion.texts.hyphen`.

The words live below the UI in `companion.texts` (no pygame), so that the phones
server, the camera and the commands have them without importing `companion.ui`;
this module keeps the screens' imports as they were (every public name, also one
added there later).
"""

from companion.texts.hyphen import *  # noqa: F403
