"""Frame time of the round screen against the number of players (2 to 5).

Filled in once the UI is on the branch (see benchmarks/adapters.py).
"""

from __future__ import annotations

from benchmarks import Figure, Size, unavailable
from benchmarks.startup import app_available

NAME = "frame"


def run(size: Size) -> list[Figure]:
    why = app_available() or "the UI has no round screen to draw yet"
    return [unavailable(NAME, f"round screen frame time, {n} players", "ms", why)
            for n in range(2, 6)]
