"""The stable-Supply logic alone (no OpenCV): when a row is read, in which order, and what
is ignored."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.camera.supply import Note, Read, Seen, SupplyWatcher, row_order


def still(*cards: str, at: dict[str, float] | None = None) -> list[Seen]:
    """Cards laid left to right 100 px apart (or at the x of `at`)."""
    return [Seen(c, (at or {}).get(c, 100.0 * i), 50.0) for i, c in enumerate(cards)]


def feed_all(watcher: SupplyWatcher, stills: list[list[Seen]]) -> list[object]:
    out: list[object] = []
    for s in stills:
        out += watcher.feed(s)
    return out


def reads(events: list[object]) -> list[tuple[str, ...]]:
    return [e.cards for e in events if isinstance(e, Read)]


def test_the_row_is_read_once_the_same_set_is_seen_long_enough():
    w = SupplyWatcher(size=3, stable_frames=3)
    row = still("A-warehouse", "A-tea-taster", "A-contract-1")
    assert w.feed(row) == []
    assert w.feed(row) == []
    assert w.feed(row) == [Read(("A-warehouse", "A-tea-taster", "A-contract-1"))]
    # Seen again and again: nothing more.
    assert feed_all(w, [row] * 5) == []
    assert w.complete


def test_cards_come_in_row_order_whatever_the_order_of_detection():
    w = SupplyWatcher(size=3, stable_frames=2)
    at = {"A-warehouse": 900.0, "A-tea-taster": 120.0, "A-contract-1": 500.0}
    s = [Seen(c, at[c], 40.0 + i) for i, c in enumerate(at)]
    assert reads(feed_all(w, [s, list(reversed(s))])) == [
        ("A-tea-taster", "A-contract-1", "A-warehouse")]


@pytest.mark.parametrize(("rotation", "expected"), [
    (0, ["a", "b", "c"]), (180, ["c", "b", "a"]), (90, ["c", "b", "a"]), (270, ["a", "b", "c"])])
def test_row_order_follows_the_cameras_rotation(rotation, expected):
    # a, b, c lie along +x and along -y: 90 reads along +y, 270 along -y.
    seen = [Seen("a", 10, 300), Seen("b", 20, 200), Seen("c", 30, 100)]
    assert row_order(seen, rotation) == expected


def test_a_hand_over_a_card_is_not_a_change():
    w = SupplyWatcher(size=3, stable_frames=3)
    row = still("A-warehouse", "A-tea-taster", "A-contract-1")
    hand = still("A-warehouse", "A-contract-1", at={"A-contract-1": 200.0})
    # Two stills of the row, a hand over the middle card, the row again: read at the
    # third still of the row, the hand neither resetting the count nor reading two cards.
    events = feed_all(w, [row, row, hand, row])
    assert reads(events) == [("A-warehouse", "A-tea-taster", "A-contract-1")]


def test_a_hand_that_stays_long_enough_is_a_card_taken_away():
    w = SupplyWatcher(size=None, stable_frames=2)
    row = still("A-warehouse", "A-tea-taster")
    fewer = still("A-warehouse")
    assert reads(feed_all(w, [row, row])) == [("A-warehouse", "A-tea-taster")]
    assert feed_all(w, [fewer, fewer]) == []  # nothing to send for a card taken away
    assert w.supply == ["A-warehouse", "A-tea-taster"]


def test_a_new_marker_is_a_change_and_counting_starts_again():
    w = SupplyWatcher(size=4, stable_frames=3)
    two = still("A-warehouse", "A-tea-taster")
    three = still("A-warehouse", "A-tea-taster", "A-contract-1")
    assert feed_all(w, [two, two, three, three]) == []
    assert reads(w.feed(three)) == [("A-warehouse", "A-tea-taster", "A-contract-1")]


def test_cards_dealt_slowly_are_sent_as_they_come_in_row_order():
    w = SupplyWatcher(size=3, stable_frames=2)
    out = feed_all(w, [still("A-warehouse")] * 2 + [still("A-warehouse", "A-tea-taster")] * 2
                   + [still("A-warehouse", "A-tea-taster", "A-contract-1")] * 2)
    assert reads(out) == [("A-warehouse",), ("A-tea-taster",), ("A-contract-1",)]


def test_a_new_marker_after_the_supply_is_complete_is_ignored_with_a_note():
    w = SupplyWatcher(size=2, stable_frames=2)
    row = still("A-warehouse", "A-tea-taster")
    more = still("A-warehouse", "A-tea-taster", "A-contract-1")
    assert reads(feed_all(w, [row, row])) == [("A-warehouse", "A-tea-taster")]
    events = feed_all(w, [more, more, row, row, more, more])
    assert reads(events) == []
    notes = [e for e in events if isinstance(e, Note)]
    assert len(notes) == 1 and "A-contract-1" in notes[0].text and "ignored" in notes[0].text


def test_more_cards_than_the_supply_holds_at_once_take_the_leftmost():
    w = SupplyWatcher(size=2, stable_frames=1)
    events = w.feed(still("A-warehouse", "A-tea-taster", "A-contract-1"))
    assert reads(events) == [("A-warehouse", "A-tea-taster")]
    assert any(isinstance(e, Note) and "A-contract-1" in e.text for e in events)


def test_a_fire_is_sent_but_does_not_take_a_place_in_the_supply():
    w = SupplyWatcher(size=2, stable_frames=1)
    assert reads(w.feed(still("B-ship-1", "B-fire"))) == [("B-ship-1", "B-fire")]
    # The fire is resolved and discarded; another card is revealed in its place.
    assert reads(w.feed(still("B-ship-1", "B-ship-2"))) == [("B-ship-2",)]
    assert w.complete


def test_an_empty_row_ends_the_supply_and_the_next_round_is_read_again():
    w = SupplyWatcher(size=2, stable_frames=2)
    first = still("A-warehouse", "A-tea-taster")
    second = still("A-contract-1", "A-contract-2")
    out = feed_all(w, [first, first, [], [], second, second])
    assert reads(out) == [("A-warehouse", "A-tea-taster"), ("A-contract-1", "A-contract-2")]


def test_a_row_dealt_again_while_unseen_is_a_new_supply():
    w = SupplyWatcher(size=2, stable_frames=2)
    first = still("A-warehouse", "A-tea-taster")
    second = still("A-contract-1", "A-contract-2")
    assert reads(feed_all(w, [first, first, second, second])) == [
        ("A-warehouse", "A-tea-taster"), ("A-contract-1", "A-contract-2")]


def test_a_card_already_seen_is_sent_again_in_a_new_supply_for_the_app_to_refuse():
    """The camera does not know the game: a card seen in an earlier round (a bought card
    laid in view) goes to the app, which refuses it as it refuses a reader's scan."""
    w = SupplyWatcher(size=2, stable_frames=1)
    w.feed(still("A-warehouse", "A-tea-taster"))
    w.feed([])
    assert reads(w.feed(still("A-warehouse", "A-contract-1"))) == [
        ("A-warehouse", "A-contract-1")]


def test_bad_settings_are_refused():
    with pytest.raises(ValueError):
        SupplyWatcher(size=0)
    with pytest.raises(ValueError):
        SupplyWatcher(stable_frames=0)
    with pytest.raises(ValueError):
        SupplyWatcher(rotation=45)


def test_the_logic_needs_no_opencv():
    code = ("import sys, companion.camera.supply; "
            "print(sorted(m for m in ('cv2', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
