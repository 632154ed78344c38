"""A barcode scanner's keys reaching the app (no evdev): taken as a scan by scan code,
never as the players' buttons, OK, or typing."""

from __future__ import annotations

import time

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.inputs.keys import DIGIT_ROW, SHIFT, US_KEYS
from companion.inputs.tagmap import damaged_label
from companion.labelcodes import CARD_IDS, barcode
from companion.ui.buttons import HURRIED_S
from companion.ui.keyburst import (
    BURST_GAP_S,
    DAMAGED_LABEL,
    LAYOUT_ADVICE,
    KeyBursts,
    Scan,
)
from tests.ui.test_app import LiveTable, post

SCANCODE = {key.plain: key.usage for key in DIGIT_ROW}  # SDL scan codes
RETURN = 40


def burst(text: str, *, shift: bool = False) -> list[tuple[int, dict]]:
    """The SDL key events a scanner sends for `text` and Enter (digits only)."""
    events = []
    mod = pygame.KMOD_LSHIFT if shift else 0
    for ch in text:
        attrs = {"key": ord(ch), "scancode": SCANCODE[ch], "mod": mod, "unicode": ch}
        events += [(pygame.KEYDOWN, attrs), (pygame.KEYUP, attrs)]
    enter = {"key": pygame.K_RETURN, "scancode": RETURN, "mod": 0, "unicode": "\r"}
    return events + [(pygame.KEYDOWN, enter), (pygame.KEYUP, enter)]


def feed(bursts: KeyBursts, events, start: float, step: float) -> list:
    out = []
    for i, (kind, attrs) in enumerate(events):
        event = pygame.event.Event(kind, **attrs)
        out += bursts.key(start + i * step, event, down=kind == pygame.KEYDOWN,
                          scancode=attrs["scancode"], shift=bool(attrs["mod"]), control=False)
    return out


@settings(max_examples=100, deadline=None)
@given(code=st.text("0123456789", min_size=4, max_size=40),
       step=st.floats(0.0, BURST_GAP_S / 2.5))
def test_a_burst_is_one_scan_and_no_key(code: str, step: float) -> None:
    out = feed(KeyBursts(), burst(code), 0.0, step)
    scans = [o for o in out if isinstance(o, Scan)]
    assert len(scans) == 1
    assert scans[0].tag == code or (scans[0].problem == DAMAGED_LABEL and damaged_label(code))
    # Only the Enter's release may follow (it presses nothing).
    assert all(o.type == pygame.KEYUP for o in out if not isinstance(o, Scan))


def test_a_label_with_a_lost_key_is_refused() -> None:
    """SDL on X11 may drop the second key of "00" as a key repeat: never a tag."""
    code = barcode("A-warehouse")  # 77470052
    out = feed(KeyBursts(), burst(code.replace("00", "0")), 0.0, 0.003)
    assert [(o.tag, o.problem) for o in out if isinstance(o, Scan)] == [(None, DAMAGED_LABEL)]


def test_a_shifted_burst_is_refused_with_the_advice() -> None:
    out = feed(KeyBursts(), burst("77470003", shift=True), 0.0, 0.003)
    assert [o.problem for o in out if isinstance(o, Scan)] == [LAYOUT_ADVICE]


def test_a_person_pressing_keys_gets_the_keys() -> None:
    bursts = KeyBursts()
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, scancode=31, mod=0)
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_2, scancode=31, mod=0)
    assert bursts.key(0.0, down, down=True, scancode=31, shift=False, control=False) == []
    assert bursts.key(0.03, up, down=False, scancode=31, shift=False, control=False) == []
    assert bursts.deadline == BURST_GAP_S
    assert bursts.due(0.05) == []
    assert bursts.due(0.2) == [down, up]  # no other key came: they act as keys
    # Three keys and Enter are no scan: each acts as itself, Enter too.
    out = feed(bursts, burst("123")[:-1], 1.0, 0.002)
    assert [o.type for o in out].count(pygame.KEYDOWN) == 4


def test_a_scanner_burst_at_the_supply_reveals_its_card_and_presses_nothing(
    tmp_path, monkeypatch
) -> None:
    """The real app loop: the burst is posted as SDL key events, as a keyboard-mode scanner
    plugged into a desktop sends them."""
    live = LiveTable(monkeypatch)

    def key(code, scancode):
        attrs = {"key": code, "scancode": scancode, "mod": 0, "unicode": ""}
        post((pygame.KEYDOWN, attrs))
        time.sleep(0.15)
        post((pygame.KEYUP, attrs))

    def table():
        live.wait(lambda ui: ui.top.name == "home" and not ui.dirty, "home")
        live.tap("new")
        live.wait(lambda ui: ui.top.name == "newgame" and not ui.dirty, "new game")
        key(pygame.K_2, 31)  # a person's key 2, with its scan code: Blue starts
        live.wait(lambda ui: ui.top.first == "blue", "blue starts")
        key(pygame.K_RETURN, RETURN)
        live.wait(lambda ui: ui.top.name == "setup", "setup guide")
        time.sleep(HURRIED_S + 0.05)  # OK again sooner would be a hurried press: refused
        key(pygame.K_RETURN, RETURN)
        live.wait(lambda ui: ui.top.name == "supply" and not ui.dirty, "supply")
        players = list(live.ui.game.state.players)
        post(*burst(barcode("A-warehouse")))
        live.wait(lambda ui: ui.game.state.slots and ui.game.state.slots[0].card
                  == "A-warehouse", "the scanned card")
        time.sleep(3 * BURST_GAP_S)
        # Its digits pressed no player's button and its Enter no OK: still the Supply,
        # one card revealed, the same players.
        assert live.ui.top.name == "supply"
        assert len(live.ui.game.state.slots) == 1
        assert list(live.ui.game.state.players) == players

    live.run(tmp_path, table)


@settings(max_examples=100, deadline=None)
@given(card=st.sampled_from(CARD_IDS),
       key=st.sampled_from("0123456789"), data=st.data())
def test_a_persons_key_inside_a_scan_never_makes_it_another_card(card, key, data) -> None:
    """Without evdev, keys from every keyboard arrive as one stream: a key pressed by a
    person amid a scanner's burst joins it, and the label's check digit refuses it."""
    code = barcode(card)
    at = data.draw(st.integers(0, len(code)))
    out = feed(KeyBursts(), burst(code[:at] + key + code[at:]), 0.0, 0.003)
    scans = [o for o in out if isinstance(o, Scan)]
    assert [(s.tag, s.problem) for s in scans] == [(None, DAMAGED_LABEL)]


@settings(max_examples=60, deadline=None)
@given(text=st.text("0123456789abcdefxyz-. ", min_size=4, max_size=20),
       shifted=st.booleans())
def test_sdl_and_evdev_bursts_decode_alike(text: str, shifted: bool) -> None:
    """One decoder: the same keys typed through SDL (scan codes) and evdev (key codes) give
    the same tag or the same refusal."""
    from companion.inputs.keys import KeyDecoder, key_events

    events = key_events(text, shift_digits=shifted)
    decoder = KeyDecoder()
    evdev = [item for event in events for item in decoder.feed(*event)]
    assert len(evdev) == 1
    usage = {key.code: key.usage for key in US_KEYS}
    bursts = KeyBursts(min_keys=1)
    shift = False
    out: list = []
    for t, _type, code, value in events:
        if code == SHIFT[0][0]:
            shift = value != 0
            continue
        scancode = usage.get(code, 40)  # 40: Return
        out += bursts.key(t, None, down=value == 1, scancode=scancode, shift=shift,
                          control=False)
    scans = [o for o in out if isinstance(o, Scan)]
    assert len(scans) == 1
    decoded = evdev[0]
    assert (scans[0].tag, scans[0].problem) == (
        (decoded.tag, None) if hasattr(decoded, "tag") else (None, decoded.reason))
