"""Input adapters: GPIO buttons, the serial card reader and their simulated twins.

Adapters turn physical events into intents (`companion.inputs.intents`) on one
`IntentBus`; they never touch pygame or the game state. Start them all with
`start_inputs(hardware, bus, simulate=..., state_dir=...)`.

`start_inputs` and `Inputs` are imported lazily, so that importing the intents
does not load gpiozero and pyserial.
"""

from __future__ import annotations

from typing import Any

from companion.inputs.bus import IntentBus
from companion.inputs.intents import (
    COLOURS,
    Back,
    CardScanned,
    DeviceStatus,
    Ok,
    PlayerButton,
    Redo,
    Undo,
)

__all__ = [
    "COLOURS",
    "Back",
    "CardScanned",
    "DeviceStatus",
    "Inputs",
    "IntentBus",
    "Ok",
    "PlayerButton",
    "Redo",
    "Undo",
    "start_inputs",
]


def __getattr__(name: str) -> Any:
    if name in ("start_inputs", "Inputs", "Simulator"):
        from companion.inputs import devices

        return getattr(devices, name)
    raise AttributeError(f"module 'companion.inputs' has no attribute {name!r}")
