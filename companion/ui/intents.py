"""The intents scenes consume: the inputs package's own, or stand-ins until it is present."""

from __future__ import annotations

from dataclasses import dataclass

try:  # the inputs package lands on main separately; the UI must run before it does
    from companion.inputs.intents import (  # type: ignore[import-not-found,unused-ignore]
        COLOURS,
        Back,
        CardScanned,
        DeviceStatus,
        Ok,
        PlayerButton,
        Redo,
        Undo,
    )
except ImportError:  # pragma: no cover - replaced once companion.inputs is merged
    COLOURS = ("red", "blue", "green", "yellow", "purple")

    @dataclass(frozen=True)
    class PlayerButton:  # type: ignore[no-redef]
        colour: str

    @dataclass(frozen=True)
    class Ok:  # type: ignore[no-redef]
        pass

    @dataclass(frozen=True)
    class Back:  # type: ignore[no-redef]
        pass

    @dataclass(frozen=True)
    class Undo:  # type: ignore[no-redef]
        pass

    @dataclass(frozen=True)
    class Redo:  # type: ignore[no-redef]
        pass

    @dataclass(frozen=True)
    class CardScanned:  # type: ignore[no-redef]
        tag: str
        card_id: str | None

    @dataclass(frozen=True)
    class DeviceStatus:  # type: ignore[no-redef]
        device: str
        ok: bool
        message: str


__all__ = [
    "COLOURS", "Back", "CardScanned", "DeviceStatus", "Ok", "PlayerButton", "Redo", "Undo",
]
