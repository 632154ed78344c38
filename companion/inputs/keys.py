"""The one key decoder of a barcode scanner in keyboard mode, for bursts from evdev and SDL.

A scanner in keyboard mode (a "keyboard wedge") types what it reads as key presses. It
types key *positions*, not characters: a scanner set to a French layout sends Shift +
the digit row for each digit, which a US layout reads as `!@#$...`; with the layout of
the system in between, `77470003` can arrive as `èè'èàààç`. So a code is decoded from
its keys' positions with one fixed US table (`US_KEYS`), never from the typed text, and
a burst with Shift on the digit row is refused with `LAYOUT_ADVICE`, which says how to
set the scanner to US keyboard (never read as a wrong tag). A German (QWERTZ) setting
types the digits on the same keys as US, so label codes (digits only) read right either
way.

Keys arrive in two numberings, and both go through this module:

- **evdev** (`hid:` ports, `companion.inputs.scanner`): Linux key codes
  (input-event-codes.h), the decoder's own numbering (`KeyDecoder`, a stream of events);
- **SDL** (a scanner whose keys reach the app's window, `companion.ui.keyburst`): SDL scan
  codes, which are the USB HID usage ids; `code_of_scancode` gives a scan code's Linux
  key code from the same table, and the UI hands a burst's keys to `decode_keys`.

Pure logic over plain values (no device, no clock, no pygame). The messages are English
and marked for the catalogues with `N_`; the UI says them in the table's language.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # loaded with the first burst, not at the UI's start (framing loads tagmap)
    from companion.inputs.framing import Decoded


def N_(message: str) -> str:
    """Marks `message` for the catalogues (companion/locale); the UI translates it."""
    return message


#: The longest tag a burst may type (`companion.inputs.tagmap.MAX_TAG_LEN`, checked there).
MAX_KEYS = 64

#: What a burst typed with Shift on the digit row means, and what to do about it.
LAYOUT_ADVICE = N_(
    "the barcode scanner types for another keyboard layout: set it to US keyboard "
    "(scan the USA keyboard code in its manual), then scan again"
)
#: A printed label's code with a key lost on the way (`tagmap.damaged_label`): never a tag.
DAMAGED_LABEL = N_(
    "a printed label was read incompletely (a key was lost on the way): scan it again")


class Key(NamedTuple):
    """One key a code may use: its Linux key code, its USB HID usage id (SDL's scan code),
    and the character a US keyboard types for it without Shift and with it."""

    code: int
    usage: int
    plain: str
    shifted: str


_DIGITS = "1234567890"
_LETTER_CODES = {
    **{ch: 16 + i for i, ch in enumerate("qwertyuiop")},
    **{ch: 30 + i for i, ch in enumerate("asdfghjkl")},
    **{ch: 44 + i for i, ch in enumerate("zxcvbnm")},
}

#: The digit row (Shift on it is a scanner set to another layout: `LAYOUT_ADVICE`).
DIGIT_ROW = tuple(Key(2 + i, 30 + i, ch, "!@#$%^&*()"[i]) for i, ch in enumerate(_DIGITS))
#: The keypad: it types the same with Shift (a scanner's NumLock is on).
KEYPAD = tuple(Key(code, usage, ch, ch) for code, usage, ch in (
    (82, 98, "0"), (79, 89, "1"), (80, 90, "2"), (81, 91, "3"), (75, 92, "4"),
    (76, 93, "5"), (77, 94, "6"), (71, 95, "7"), (72, 96, "8"), (73, 97, "9"),
    (74, 86, "-"), (83, 99, ".")))
#: Every key a code may hold, US layout. Minus, space, dot and the colon (Shift +
#: semicolon) are the separators `normalise_tag` drops between groups.
US_KEYS: tuple[Key, ...] = (
    *DIGIT_ROW,
    *(Key(_LETTER_CODES[ch], 4 + i, ch, ch.upper()) for i, ch in enumerate(
        "abcdefghijklmnopqrstuvwxyz")),
    *KEYPAD,
    Key(12, 45, "-", "_"),
    Key(57, 44, " ", " "),
    Key(52, 55, ".", ">"),
    Key(39, 51, ";", ":"),
)

#: The keys around a code, as (Linux key code, USB HID usage id) pairs.
ENTER = ((28, 40), (96, 88))  # Enter, keypad Enter
SHIFT = ((42, 225), (54, 229))
#: Ctrl, Alt, AltGr, the Windows keys: no scanner sends them with a code in US mode.
CONTROL = ((29, 224), (97, 228), (56, 226), (100, 230), (125, 227), (126, 231))
CAPS_LOCK = (58, 57)

_BY_CODE = {key.code: key for key in US_KEYS}
_DIGIT_CODES = frozenset(key.code for key in DIGIT_ROW)
_KEYPAD_CODES = frozenset(key.code for key in KEYPAD)
ENTER_CODES = frozenset(code for code, _ in ENTER)
SHIFT_CODES = frozenset(code for code, _ in SHIFT)
CONTROL_CODES = frozenset(code for code, _ in CONTROL)
_CODE_OF_USAGE = {
    usage: code
    for code, usage in (*((k.code, k.usage) for k in US_KEYS), *ENTER, *SHIFT, *CONTROL,
                        CAPS_LOCK)
}


def code_of_scancode(scancode: int) -> int | None:
    """The Linux key code of an SDL scan code (a USB HID usage id); None for a key that
    has no part in a code."""
    return _CODE_OF_USAGE.get(scancode)


def character(code: int, shift: bool) -> str | None:
    """The character a US keyboard types for Linux key `code` (None: not a key of a code)."""
    key = _BY_CODE.get(code)
    if key is None:
        return None
    return key.shifted if shift else key.plain


def code_of_character(char: str) -> int | None:
    """The Linux key code that types `char` without Shift (a letter: either case)."""
    for key in US_KEYS:
        if key.plain == char.lower() and key.code not in _KEYPAD_CODES:
            return key.code
    return None



def problem_of(code: int, shift: bool, control: bool) -> str | None:
    """Why key `code`, pressed with these modifiers, cannot be part of a code (None: it can)."""
    if control:
        return "Ctrl or Alt held with a key: not a barcode scanner in US mode"
    if shift and code in _DIGIT_CODES:
        return LAYOUT_ADVICE
    if code not in _BY_CODE:
        return f"key code {code} is not part of a code"
    return None


def decode_keys(keys: Iterable[tuple[int, bool, bool]]) -> Decoded:
    """The code typed by one burst of key presses, `(Linux key code, shift, control)` each,
    up to (not with) its Enter: a `Tag` in canonical form, or a `Reject` naming the first
    thing wrong (a key typed for another layout, a key that is no part of a code, too
    many keys, a printed label with a key lost)."""
    # Not at the start: the tag rules load with the first burst (the UI imports this).
    from companion.inputs.framing import Reject, Tag
    from companion.inputs.tagmap import MAX_TAG_LEN, TagError, damaged_label, normalise_tag

    chars: list[str] = []
    for code, shift, control in keys:
        problem = problem_of(code, shift, control)
        if problem is not None:
            return Reject(problem)
        if len(chars) >= MAX_TAG_LEN:
            return Reject(f"longer than {MAX_TAG_LEN} characters")
        chars.append(character(code, shift) or "")
    try:
        tag = normalise_tag("".join(chars))
    except TagError as exc:
        return Reject(exc.message)
    return Reject(DAMAGED_LABEL) if damaged_label(tag) else Tag(tag)


#: The longest pause between two keys of one code (scanners type a key every few ms).
MAX_GAP_S = 0.5

#: python-evdev's event types and values.
EV_KEY = 1
KEY_UP, KEY_DOWN, KEY_REPEAT = 0, 1, 2


class KeyDecoder:
    """Key events of one evdev device to codes: `feed(seconds, type, code, value)` returns
    the `Tag`s and `Reject`s that event completed.

    Only key presses count (value 1); releases only end Shift; auto-repeats (value 2)
    are a key held down, not typing. Enter ends a code, decoded by `decode_keys`. A key
    more than `gap_s` after the one before starts a new code and drops the unfinished one
    (reported as a `Reject`). The times are the events' own (the kernel's, or the file's).
    """

    def __init__(self, gap_s: float = MAX_GAP_S) -> None:
        self.gap_s = gap_s
        self._keys: list[tuple[int, bool, bool]] = []
        self._shift: set[int] = set()
        self._control: set[int] = set()
        self._last: float | None = None

    def reset(self) -> None:
        """Forget a partial code and held keys (after the device was reopened)."""
        self._keys, self._last = [], None
        self._shift.clear()
        self._control.clear()

    def _drop(self, out: list[Decoded], why: str) -> None:
        from companion.inputs.framing import Reject

        if self._keys:
            problems = (problem_of(*key) for key in self._keys)
            problem = next((p for p in problems if p is not None), None)
            shown = "".join(character(code, shift) or "" for code, shift, _ in self._keys)
            shown = shown[:MAX_KEYS]
            out.append(Reject(problem or f"{why}: {shown!r} dropped (no Enter)"))
        self._keys = []

    def feed(self, seconds: float, type_: int, code: int, value: int) -> list[Decoded]:
        """Decode one event; returns the tags and rejects it completed."""
        if type_ != EV_KEY:
            return []
        if code in SHIFT_CODES or code in CONTROL_CODES:
            held = self._shift if code in SHIFT_CODES else self._control
            if value == KEY_UP:
                held.discard(code)
            else:
                held.add(code)
            return []
        if value != KEY_DOWN:
            return []
        out: list[Decoded] = []
        if self._last is not None and seconds - self._last > self.gap_s:
            self._drop(out, f"a pause of {seconds - self._last:.1f} s inside a code")
        self._last = seconds
        if code in ENTER_CODES:
            if self._keys:
                out.append(decode_keys(self._keys))
            self._keys = []
        elif code == CAPS_LOCK[0]:
            pass  # some scanners toggle it around a code; the table decides case
        elif len(self._keys) <= MAX_KEYS:  # the rest of a too long code is not kept
            self._keys.append((code, bool(self._shift), bool(self._control)))
        return out


def key_events(text: str, start: float = 0.0, step: float = 0.004,
               *, shift_digits: bool = False) -> list[tuple[float, int, int, int]]:
    """The evdev key events a US-mode scanner sends for `text` and Enter (digits, letters,
    `-`, `.`, space), from `start`, one key every `step` seconds. With `shift_digits`,
    each digit is sent as a French-layout scanner sends it (Shift held).

    Used by the tests and to write replay files (`scanner.replay_text`)."""
    shift_code = SHIFT[0][0]
    enter_code = ENTER[0][0]
    events: list[tuple[float, int, int, int]] = []
    t = start
    for ch in text:
        code = code_of_character(ch)
        if code is None:
            raise ValueError(f"no US key for {ch!r}")
        shift = ch.isupper() or (shift_digits and ch.isdigit())
        if shift:
            events.append((t, EV_KEY, shift_code, KEY_DOWN))
        events += [(t, EV_KEY, code, KEY_DOWN), (t + step / 2, EV_KEY, code, KEY_UP)]
        if shift:
            events.append((t + step / 2, EV_KEY, shift_code, KEY_UP))
        t += step
    events += [(t, EV_KEY, enter_code, KEY_DOWN), (t + step / 2, EV_KEY, enter_code, KEY_UP)]
    return events
