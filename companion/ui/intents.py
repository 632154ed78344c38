"""The intents scenes consume: those of `companion.inputs.intents`, in one place."""

from __future__ import annotations

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
    "COLOURS", "Back", "CardScanned", "DeviceStatus", "Ok", "PlayerButton", "Redo", "Undo",
]
