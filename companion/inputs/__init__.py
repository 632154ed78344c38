"""Input adapters: GPIO buttons, the serial card reader, a USB barcode scanner in keyboard
mode (`scanner.py`, `reader.port: hid:...`, decoded by `keys.py`), the camera's socket
(`camera.py`: the camera process's cards as `CardScanned`) and their simulated twins. The
reader, the scanner and the socket share one lifecycle (`lifecycle.py`: open, say ready,
read, report gone, reconnect with backoff, stop).

Adapters turn physical events into intents (`companion.inputs.intents`) on one
`IntentBus`; they never touch pygame or the game state. How the app uses them::

    bus = IntentBus()
    inputs = start_inputs(hardware, bus, simulate=args.simulate, state_dir=state)
    ...
    first = bus.wait(0.02)              # in the UI loop: a put wakes it at once
    for intent in [first, *bus.drain()] if first else []:
        scene.handle(intent)
    ...
    inputs.close()

`hardware` is the validated `HardwareSettings` of `companion.config.settings`
(the one validator of hardware.yaml) or a dict shaped like hardware.yaml,
which that validator checks first: bad settings raise `ConfigProblems` naming
every bad key, and a section left out means its defaults (a device is off
only with `enabled: false`).

`start_inputs` never fails for a missing or broken device: it reports a
`DeviceStatus(ok=False)` on the bus and keeps going (the reader retries by
itself). With `simulate=True`, `inputs.simulator` is the twin of the table's
hardware, for keys and on-screen pickers:

- `press(role)` (role: a colour, "ok", "undo", or "back" if it has a pin;
  blocks for the press),
  or `press_down(role)` / `release(role)` for a key held down (Undo held
  for `long_press_ms` is Redo, OK held is `OkHeld`);
- `scan(tag)` writes the reader's frame for `tag` into the simulated port;
  `scan_card(card_id)` scans the card's enrolled tag, or a simulated one.

Both go through the same debounce, framing and tag-map code as the real
devices. `inputs.tagmap` is the owner's tag map; `healthcheck.check_hardware`
explains missing devices and permissions; `enroll.EnrollSession` walks the
deck for an enroll screen.

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
