"""Intent to frame and touch to frame: how long from an input to its frame on screen.

Filled in once the app exposes a way to inject intents and touches into a
running app headless (see benchmarks/adapters.py); until then the figures
are reported as not measured, with the reason.
"""

from __future__ import annotations

from benchmarks import Figure, Size, unavailable
from benchmarks.startup import app_available

NAME = "latency"


def run(size: Size) -> list[Figure]:
    why = app_available() or "no hook yet to inject intents and touches into the running app"
    return [
        unavailable(NAME, "button or reader intent to frame, p95", "ms", why, target="<= 5 ms"),
        unavailable(NAME, "touch to frame, p95", "ms", why, target="<= 25 ms"),
    ]
