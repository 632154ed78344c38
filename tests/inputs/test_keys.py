"""The one key decoder (companion/inputs/keys.py): one US table for evdev's key codes and
SDL's scan codes, one advice text, and the rules of a burst in one place."""

from __future__ import annotations

from companion.inputs import keys
from companion.inputs.framing import Reject, Tag
from companion.inputs.tagmap import MAX_TAG_LEN
from companion.labelcodes import barcode


def test_every_key_has_one_linux_code_and_one_scan_code_and_they_map_to_each_other() -> None:
    codes = [key.code for key in keys.US_KEYS]
    usages = [key.usage for key in keys.US_KEYS]
    assert len(set(codes)) == len(codes) and len(set(usages)) == len(usages)
    for key in keys.US_KEYS:
        assert keys.code_of_scancode(key.usage) == key.code
        assert keys.character(key.code, False) == key.plain
    for code, usage in (*keys.ENTER, *keys.SHIFT, *keys.CONTROL, keys.CAPS_LOCK):
        assert keys.code_of_scancode(usage) == code
    assert keys.code_of_scancode(58) is None  # F1: no part of a code


def test_a_burst_keeps_as_many_keys_as_the_longest_tag_and_one_more() -> None:
    # KeyDecoder keeps MAX_KEYS + 1 keys of a burst: enough to say "longer than".
    assert keys.MAX_KEYS == MAX_TAG_LEN


def test_the_first_thing_wrong_in_a_burst_is_what_it_says() -> None:
    one, shift = keys.DIGIT_ROW[0].code, True
    assert keys.decode_keys([(one, shift, False), (59, False, False)]) == Reject(
        keys.LAYOUT_ADVICE)
    assert keys.decode_keys([(59, False, False), (one, shift, False)]) == Reject(
        "key code 59 is not part of a code")
    assert keys.decode_keys([(one, False, True)]).reason.startswith("Ctrl or Alt")  # type: ignore[union-attr]
    too_long = [(one, False, False)] * (MAX_TAG_LEN + 1)
    assert keys.decode_keys(too_long) == Reject(f"longer than {MAX_TAG_LEN} characters")
    code = barcode("C-bank")
    typed = [(keys.code_of_character(ch), False, False) for ch in code]
    assert keys.decode_keys(typed) == Tag(code)  # type: ignore[arg-type]
