"""Scans that reach the app as keys: a barcode scanner in keyboard mode without evdev.

Where the scanner is not read as a `hid:` device (a desktop, a scanner plugged in
without python-evdev), its codes arrive as key presses: many keys a few ms apart,
ended by Enter. Taken as keys, the digits would press the players' buttons (keys
1-5) and Enter would press OK. So the runner passes every key through `KeyBursts`:

- a key that may be part of a code (a digit, a letter, `-`, `.`, space) is held
  back for up to `BURST_GAP_S`;
- when at least `MIN_KEYS` such keys, each within `BURST_GAP_S` of the one before,
  are ended by Enter, they are a scan: decoded from their *scan codes* (key
  positions, as USB HID numbers them: the same whatever the system's layout) by the
  one key decoder of the inputs (`companion.inputs.keys`, its US table and its
  rules, shared with the `hid:` scanner), and none of them acts as a key (nor is
  typed anywhere);
- otherwise, once `BURST_GAP_S` has passed without a key, the held keys act as
  they would have (a person pressing 1 waits 0.1 s more, nothing else changes).

A burst typed with Shift on the digit row (a scanner set to French AZERTY) is
refused with `LAYOUT_ADVICE`, never read as a wrong code. Pure logic over
plain values: the runner gives each key's time, SDL scan code and modifiers; this
module maps the scan codes to the decoder's key codes and tells bursts from keys.
"""

from __future__ import annotations

from typing import Any

from companion.inputs import keys

#: The longest pause between two keys of one scan (scanners type a key every few ms).
BURST_GAP_S = 0.1
#: The fewest keys before Enter that make a scan (the shortest tag: tagmap.MIN_TAG_LEN).
MIN_KEYS = 4

#: The messages a refused burst shows (the inputs' words, translated by the runner).
DAMAGED_LABEL = keys.DAMAGED_LABEL
LAYOUT_ADVICE = keys.LAYOUT_ADVICE


def code_key(scancode: int, shift: bool, control: bool) -> int | None:
    """The Linux key code of a key that may be part of a code (None: any other key)."""
    code = keys.code_of_scancode(scancode)
    if control or code is None or keys.character(code, shift) is None:
        return None
    return code


class Scan:
    """A burst that was a scan: `tag` in canonical form, or `problem` when it was refused."""

    __slots__ = ("tag", "problem")

    def __init__(self, tag: str | None, problem: str | None = None) -> None:
        self.tag = tag
        self.problem = problem

    def __repr__(self) -> str:
        return f"Scan({self.tag!r}, {self.problem!r})"


class KeyBursts:
    """Tells a scanner's bursts from keys pressed by a person.

    `key(now, event, down, scancode, shift, control)` takes each key event (down or
    up) and returns what is decided: events to handle as keys, in order, and `Scan`s.
    `due(now)` releases held keys once `deadline` has passed; the loop wakes for it.
    """

    def __init__(self, gap_s: float = BURST_GAP_S, min_keys: int = MIN_KEYS) -> None:
        self.gap_s = gap_s
        self.min_keys = min_keys
        #: Held back: (event, down, Linux key code, shift).
        self._held: list[tuple[Any, bool, int, bool]] = []
        self._last_down = 0.0

    @property
    def deadline(self) -> float | None:
        """When the held keys act as keys if no other key comes (None: nothing held)."""
        return self._last_down + self.gap_s if self._held else None

    def _release(self) -> list[Any]:
        events = [held[0] for held in self._held]
        self._held = []
        return events

    def due(self, now: float) -> list[Any]:
        """The held keys, to act as keys, once no key came for `gap_s`."""
        if self._held and now - self._last_down > self.gap_s:
            return self._release()
        return []

    def key(self, now: float, event: Any, *, down: bool, scancode: int, shift: bool,
            control: bool) -> list[Any]:
        """Decide on one key event; returns key events to handle and `Scan`s, in order."""
        if not down:
            if self._held:
                self._held.append((event, False, keys.code_of_scancode(scancode) or 0, shift))
                return []
            return [event]
        out: list[Any] = self.due(now)
        if keys.code_of_scancode(scancode) in keys.ENTER_CODES and self._held:
            downs = [h for h in self._held if h[1]]
            if len(downs) >= self.min_keys:
                self._held = []
                return [*out, self._decode(downs)]
            return [*out, *self._release(), event]
        code = code_key(scancode, shift, control)
        if code is not None:
            self._held.append((event, True, code, shift))
            self._last_down = now
            return out
        return [*out, *self._release(), event]

    @staticmethod
    def _decode(downs: list[tuple[Any, bool, int, bool]]) -> Scan:
        # One decoder for SDL's bursts and evdev's (companion.inputs.keys). On an X11
        # desktop SDL may take a fast scanner's second "0" of "00" for a key repeat and
        # drop it: a label code with a key lost is refused, never a tag.
        from companion.inputs.framing import Tag  # with the first burst, not at the start

        decoded = keys.decode_keys((code, shift, False) for _, _, code, shift in downs)
        if isinstance(decoded, Tag):
            return Scan(decoded.tag)
        return Scan(None, decoded.reason)
