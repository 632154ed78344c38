"""Starting the input devices, real or simulated, and their simulated twin.

`start_inputs` is what the app calls. With `simulate=True` the very same
adapters run over simulated hardware: the buttons over gpiozero's
`MockFactory` pins, the card reader over a pyserial `loop://` port.
`Inputs.simulator` drives them as a person at the table would (press a
button, scan a tag), so keys and on-screen pickers in `--simulate` go through
the real debounce, framing and tag-map code.

A missing or broken device never stops the start: it is reported as a
`DeviceStatus` intent (and logged) and the rest keeps going. Settings that
are wrong do: they are checked by the one validator of hardware.yaml
(`companion.config.settings`) before anything starts.
"""

from __future__ import annotations

import dataclasses
import logging
import time
import warnings
import zlib
from pathlib import Path
from typing import Any

from companion.camerawire import socket_path
from companion.errors import CompanionError
from companion.inputs.bus import IntentBus
from companion.inputs.camera import CameraSocket
from companion.inputs.cardreader import CardReader
from companion.inputs.framing import encode_frame
from companion.inputs.gpio import ButtonsError, GpioButtons, mock_factory
from companion.inputs.intents import DeviceStatus
from companion.inputs.scanner import HidReader, is_hid_port
from companion.inputs.settings import (
    ButtonSettings,
    HardwareSettings,
    ReaderSettings,
    hardware_settings,
)
from companion.inputs.settings import replace as settings_replace
from companion.inputs.tagmap import TagMap, normalise_tag

log = logging.getLogger("companion.inputs")

#: Pins the simulated buttons use when hardware.yaml names none (the shipped wiring).
DEFAULT_PINS = ButtonSettings().pins
#: The simulated reader: a pyserial loopback port (what is written is read back).
SIMULATED_PORT = "loop://"


class Simulator:
    """The simulated twin of the table's hardware: press buttons, scan tags.

    `press` drives the button's mock pin exactly as a real button moves its
    pin (to ground with pull-ups); `scan` writes the reader's frame for a tag
    into the loopback port the real reader thread reads.
    """

    def __init__(
        self,
        buttons: GpioButtons | None,
        reader: CardReader | None,
        tagmap: TagMap,
    ) -> None:
        self._buttons = buttons
        self._reader = reader
        self._tagmap = tagmap
        self._simulated_tags: dict[str, str] = {}

    @property
    def roles(self) -> tuple[str, ...]:
        """The roles of the simulated buttons."""
        return tuple(self._buttons.settings.pins) if self._buttons else ()

    def _pin(self, role: str) -> Any:
        if self._buttons is None or role not in self._buttons.settings.pins:
            raise CompanionError(f"no simulated button {role!r}; buttons are {self.roles}")
        return self._buttons.pin_of(role)

    def press_down(self, role: str) -> None:
        """Push the button and keep it down (a key held down)."""
        pin = self._pin(role)
        assert self._buttons is not None
        pin.drive_low() if self._buttons.settings.pull_up else pin.drive_high()

    def release(self, role: str) -> None:
        """Let the button go."""
        pin = self._pin(role)
        assert self._buttons is not None
        pin.drive_high() if self._buttons.settings.pull_up else pin.drive_low()

    def press(self, role: str, hold_s: float = 0.05) -> None:
        """Press and release a button, holding it `hold_s` seconds.

        Blocks for the hold plus the debounce time, so that the next press is
        a new one.

        Role: a colour, "ok", "undo" or (if it has a pin) "back". Holding
        Undo for the configured long press gives Redo, holding OK `OkHeld`.
        """
        self.press_down(role)
        try:
            time.sleep(hold_s)
        finally:
            self.release(role)
        # A finger cannot press again within the debounce time; waiting here keeps
        # two quick presses from merging into one held button, as they would on a Pi.
        assert self._buttons is not None
        time.sleep(self._buttons.settings.debounce_s * 1.5)

    def scan(self, tag: str) -> None:
        """Present a tag to the simulated reader: its frame goes into the loop port."""
        if self._reader is None:
            raise CompanionError("the simulated card reader is not running")
        settings = self._reader.settings
        self._reader.write(encode_frame(tag, settings.framing, settings.line_ending))

    def tag_for_card(self, card_id: str) -> str:
        """The tag that scans as `card_id`: its enrolled tag, else a simulated one.

        A simulated tag (10 hex digits, so every framing can carry it) is
        known only to this simulator; it is never written to the tag map.
        """
        tag = self._tagmap.tag_of(card_id)
        if tag is not None:
            return tag
        tag = f"5A{zlib.crc32(card_id.encode('utf-8')):08X}"
        self._simulated_tags[tag] = card_id
        return tag

    def scan_card(self, card_id: str) -> str:
        """Scan the tag of a card (the on-screen card picker); returns the tag."""
        tag = self.tag_for_card(card_id)
        self.scan(tag)
        return tag

    def lookup(self, tag: str) -> str | None:
        """The reader's lookup while simulating: the tag map, then simulated tags."""
        card_id = self._tagmap.lookup(tag)
        if card_id is None:
            try:
                card_id = self._simulated_tags.get(normalise_tag(tag))
            except CompanionError:
                card_id = None
        return card_id


@dataclasses.dataclass
class Inputs:
    """The running input devices. `close()` stops them all."""

    bus: IntentBus
    tagmap: TagMap
    buttons: GpioButtons | None = None
    reader: CardReader | HidReader | None = None
    simulator: Simulator | None = None
    """The simulated twin; None when running on real hardware."""
    camera: CameraSocket | None = None
    """The socket the camera process sends its cards to (companion.inputs.camera)."""

    def close(self) -> None:
        """Stop the reader thread, the camera socket and the button worker, release the pins."""
        if self.reader is not None:
            self.reader.close()
        if self.camera is not None:
            self.camera.close()
        if self.buttons is not None:
            self.buttons.close()


def _report(bus: IntentBus, device: str, message: str) -> None:
    log.warning("%s: %s", device, message)
    bus.put(DeviceStatus(device, False, message))


def _start_buttons(
    settings: ButtonSettings, bus: IntentBus, *, simulate: bool
) -> GpioButtons | None:
    if simulate:
        pins = settings.pins or DEFAULT_PINS
        settings = settings_replace(settings, enabled=True, pins=dict(pins))
        return GpioButtons(settings, bus, pin_factory=mock_factory())
    if not settings.enabled or not settings.pins:
        return None
    try:
        # gpiozero warns while it falls back between pin libraries; log that instead.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            buttons = GpioButtons(settings, bus)
        for warning in caught:
            log.info("gpiozero: %s", warning.message)
        return buttons
    except ButtonsError as exc:
        _report(
            bus,
            "buttons",
            f"{exc.message}. The touchscreen still works; "
            "on a Pi check the wiring and that the user is in group gpio.",
        )
        return None


def start_reader(
    settings: ReaderSettings, bus: IntentBus, *, lookup: Any
) -> CardReader | HidReader:
    """The reader thread for `settings.port`, started: a keyboard-mode barcode scanner for
    `hid:`/`hid-replay:` ports, the serial reader for any other."""
    if is_hid_port(settings.port):
        return HidReader(settings, bus, lookup=lookup).start()
    return CardReader(settings, bus, lookup=lookup).start()


def _start_reader(
    settings: ReaderSettings, bus: IntentBus, *, simulate: bool, lookup: Any,
    port: str | None = None,
) -> CardReader | HidReader | None:
    if port:
        # A reader port named on the command line (`--port`), with or without --simulate:
        # a scanner's replay file, a scanner, or any serial port or pyserial URL.
        settings = settings_replace(settings, enabled=True, port=port)
        if simulate or port.startswith(("loop://", "socket://", "rfc2217://")):
            settings = settings_replace(settings, settle_s=0.0)  # no board resets
    elif simulate:
        # The loop port does not reset when opened: no settle time needed.
        settings = settings_replace(settings, enabled=True, port=SIMULATED_PORT, settle_s=0.0)
    elif not settings.enabled:
        return None
    return start_reader(settings, bus, lookup=lookup)


def start_inputs(
    hardware: HardwareSettings | dict[str, Any] | None,
    bus: IntentBus,
    *,
    simulate: bool,
    state_dir: Path,
    camera: bool = True,
    reader_port: str | None = None,
) -> Inputs:
    """Start the buttons and the card reader of `hardware`, and the camera's socket.

    `hardware` is the validated `HardwareSettings`, or a dict shaped like
    hardware.yaml (None: all defaults), which is validated first: anything
    wrong in it raises `ConfigProblems` (a `ConfigError` listing every bad
    key) and nothing is started. A section left out means its defaults, not
    a device switched off (that is `enabled: false`).

    Never raises for a missing or broken device: each is reported on the
    bus as `DeviceStatus(ok=False)`.

    `camera`: listen for the camera process (`socket_path(state_dir)`), simulated or not:
    the same socket takes a real camera's cards and a test's.

    `reader_port`: the reader's port instead of hardware.yaml's (the app's `--port`);
    with `simulate`, the buttons stay simulated and the reader is that port (a desktop
    replays a scanner: `hid-replay:FILE`), so the on-screen cards pick directly.
    """
    settings = hardware_settings(hardware)
    b_settings, r_settings = settings.buttons, settings.reader
    tagmap = TagMap.in_state_dir(Path(state_dir), strict=False)
    if tagmap.problem:
        _report(bus, "tags", f"{tagmap.problem}; scanned cards show as unknown")
    inputs = Inputs(bus=bus, tagmap=tagmap)
    if simulate:
        # The twin must exist before the reader starts: the reader looks tags up through it.
        simulator = Simulator(None, None, tagmap)
        inputs.simulator = simulator
        inputs.buttons = _start_buttons(b_settings, bus, simulate=True)
        inputs.reader = _start_reader(r_settings, bus, simulate=True, lookup=simulator.lookup,
                                      port=reader_port)
        simulator._buttons = inputs.buttons
        # Simulating, the reader is the serial one on the loop port, unless a port was
        # named: then nothing is written into it by the on-screen cards.
        simulator._reader = inputs.reader if isinstance(inputs.reader, CardReader) and \
            not reader_port else None
    else:
        inputs.buttons = _start_buttons(b_settings, bus, simulate=False)
        inputs.reader = _start_reader(r_settings, bus, simulate=False, lookup=tagmap.lookup,
                                      port=reader_port)
    if camera:
        inputs.camera = CameraSocket(socket_path(Path(state_dir)), bus).start()
    return inputs
