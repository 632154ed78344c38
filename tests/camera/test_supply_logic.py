"""The Supply logic alone (no OpenCV): the area, cards at rest, bad stills, frames combined,
unread places, leftovers of an earlier Supply, row order."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.camera.supply import (
    MIN_SHARPNESS,
    PLACE_AREA,
    Area,
    Look,
    Note,
    Read,
    Seen,
    Spot,
    Status,
    SupplyWatcher,
    Unread,
    area_of,
    area_problem,
)
from companion.labelcodes import AREA_MARKERS

#: The area's corners (marker centres) for a row along +x: top left, top right,
#: bottom right, bottom left.
BOX = ((0.0, 0.0), (1000.0, 0.0), (1000.0, 200.0), (0.0, 200.0))


def look(*cards: str, at: dict[str, tuple[float, float]] | None = None,
         area: tuple[tuple[float, float], ...] | None = BOX, corners: int = 4,
         spots: tuple[Spot, ...] = (), sharp: float = 0.6) -> Look:
    """A still: `cards` left to right 100 px apart in the middle of the area (or at `at`),
    the area's markers (the first `corners` of them)."""
    seen = tuple(Seen(c, *(at or {}).get(c, (100.0 + 100.0 * i, 100.0)), 40.0)
                 for i, c in enumerate(cards))
    marks = () if area is None else tuple(
        (m, x, y) for m, (x, y) in list(zip(AREA_MARKERS, area, strict=True))[:corners])
    return Look(seen, marks, spots, sharp, 180.0)


def feed_all(watcher: SupplyWatcher, stills: list[Look]) -> list[object]:
    out: list[object] = []
    for s in stills:
        out += watcher.feed(s)
    return out


def reads(events: list[object]) -> list[tuple[str, ...]]:
    return [e.cards for e in events if isinstance(e, Read)]


ROW = ("A-warehouse", "A-tea-taster", "A-contract-1")


def test_the_row_is_read_once_its_cards_are_at_rest_long_enough():
    w = SupplyWatcher(size=3, stable_frames=3)
    assert w.feed(look(*ROW)) == []
    assert w.feed(look(*ROW)) == []
    assert reads(w.feed(look(*ROW))) == [ROW]
    assert reads(feed_all(w, [look(*ROW)] * 5)) == []  # once per Supply
    assert w.complete


def test_without_the_area_nothing_is_sent_and_the_camera_says_how_to_lay_it():
    w = SupplyWatcher(size=3, stable_frames=1)
    events = feed_all(w, [look(*ROW, area=None)] * 4)
    assert reads(events) == []
    assert events == [Status(False, PLACE_AREA)]  # said once
    assert "labels --out" in PLACE_AREA and "four corners" in PLACE_AREA
    # Three of four corners before the area was ever seen whole: still no area.
    w = SupplyWatcher(size=3, stable_frames=1)
    events = w.feed(look(*ROW, corners=3))
    assert reads(events) == [] and "bottom left" in events[0].text
    # Laid: read, and the camera says it reads again.
    events = w.feed(look(*ROW))
    assert reads(events) == [ROW] and Status(True, "reading the Supply area") in events


def test_a_players_cards_outside_the_area_are_never_sent():
    w = SupplyWatcher(size=6, stable_frames=2)
    at = {"B-ship-1": (300.0, 400.0), "C-bank": (1200.0, 100.0)}  # below it, right of it
    events = feed_all(w, [look(*ROW, "B-ship-1", "C-bank", at=at)] * 4)
    assert reads(events) == [ROW]
    notes = [e.text for e in events if isinstance(e, Note)]
    assert notes == ["B-ship-1: outside the Supply area; not sent",
                     "C-bank: outside the Supply area; not sent"]


def test_inside_is_inside_the_photos_quadrilateral_with_its_perspective():
    # A tilted camera: the row's far end is smaller (a trapezoid, not a rectangle).
    area = Area([(100, 100), (900, 150), (880, 300), (120, 380)])
    assert area.contains(500, 240)
    assert not area.contains(500, 120)  # above the slanted top edge
    assert not area.contains(895, 300)  # right of the slanted right edge
    u, v = area.uv(900, 150)
    assert (round(u, 6), round(v, 6)) == (1.0, 0.0)
    # A corner laid at the wrong place makes no quadrilateral: no area, and it is said.
    swapped = look(*ROW, area=(BOX[0], BOX[2], BOX[1], BOX[3]))
    assert area_of(swapped) is None
    assert "not at the corners" in area_problem(swapped)
    with pytest.raises(ValueError):
        Area([(0, 0), (10, 10), (0, 10), (10, 0)])


def test_row_order_follows_the_area_whatever_way_the_camera_is_turned():
    # The camera turned half round: the area's top left is at the photo's bottom right.
    turned = (BOX[2], BOX[3], BOX[0], BOX[1])
    w = SupplyWatcher(size=3, stable_frames=1)
    at = {"A-warehouse": (900.0, 100.0), "A-tea-taster": (500.0, 100.0),
          "A-contract-1": (100.0, 100.0)}
    assert reads(w.feed(look(*ROW, at=at, area=turned))) == [ROW]


def test_a_card_moving_in_a_hand_is_never_sent_and_is_sent_once_laid():
    w = SupplyWatcher(size=3, stable_frames=3)
    two = ROW[:2]
    moving = [look(*two, "A-contract-1", at={"A-contract-1": (250.0 + 90 * k, 60.0 + 20 * k)})
              for k in range(6)]
    events = feed_all(w, [look(*two)] * 3 + moving)
    assert reads(events) == [two]
    laid = look(*ROW)
    assert reads(feed_all(w, [laid] * 3)) == [("A-contract-1",)]


def test_a_card_seen_in_only_some_stills_is_not_sent():
    w = SupplyWatcher(size=3, stable_frames=3)
    flicker = [look(*ROW[:2], "A-contract-1"), look(*ROW[:2]), look(*ROW[:2]),
               look(*ROW[:2])] * 3
    events = feed_all(w, flicker)
    assert reads(events) == [ROW[:2]]


def test_a_blurred_or_dark_still_is_dropped_never_fewer_cards():
    w = SupplyWatcher(size=3, stable_frames=2)
    blurred = look(sharp=MIN_SHARPNESS / 2)  # no card found in it
    dark = Look(look(*ROW).cards, look().area, (), 0.6, 10.0)
    # The bad stills neither end the Supply (an empty row) nor count toward at rest.
    events = feed_all(w, [look(*ROW)] + [blurred, dark] * 2)
    assert reads(events) == [] and w.good == 1
    assert reads(w.feed(look(*ROW))) == [ROW]
    events = feed_all(w, [blurred] * 5)
    assert w.supply == list(ROW)
    assert [e for e in events if isinstance(e, Status)] == [
        Status(False, "the stills are blurred: check the focus (--lens-position) and that "
               "the mount does not sway")]


def test_a_hand_over_a_corner_keeps_the_area_and_a_hand_over_cards_loses_none():
    w = SupplyWatcher(size=3, stable_frames=3)
    # Frames combined: each card missing from one still, a corner hidden in another.
    stills = [look(*ROW), look(ROW[0], ROW[2], at={ROW[2]: (300.0, 100.0)}),
              look(*ROW, corners=3), look(*ROW[:2]), look(*ROW)]
    assert [c for r in reads(feed_all(w, stills)) for c in r] == list(ROW)


def test_an_unread_place_is_reported_in_row_order_and_its_card_is_then_not_sent():
    w = SupplyWatcher(size=3, stable_frames=2)
    gap = (Spot(200.0, 100.0, 40.0),)
    at = {"A-warehouse": (100.0, 100.0), "A-contract-1": (300.0, 100.0)}
    still = look("A-warehouse", "A-contract-1", at=at, spots=gap)
    events = feed_all(w, [still] * 3)
    assert [e for e in events if isinstance(e, Read | Unread)] == [
        Read(("A-warehouse",)), Unread(2), Read(("A-contract-1",))]
    assert w.complete  # the unread place takes its place in the Supply
    # The glare moves on and the card is read: the table taps it, so it is not sent.
    events = feed_all(w, [look(*ROW, at={**at, "A-tea-taster": (200.0, 100.0)})] * 3)
    assert reads(events) == []
    assert any(isinstance(e, Note) and "reported unread" in e.text for e in events)


def test_a_spot_where_a_card_was_read_in_an_earlier_still_is_not_unread():
    w = SupplyWatcher(size=3, stable_frames=2)
    glare = (Spot(200.0, 100.0, 40.0),)
    events = feed_all(w, [look(*ROW), look(ROW[0], ROW[2], at={ROW[2]: (300.0, 100.0)},
                                             spots=glare)] * 3)
    assert not any(isinstance(e, Unread) for e in events)
    assert [c for r in reads(events) for c in r] == list(ROW)


def test_a_card_settling_left_of_the_others_holds_them_back_to_keep_row_order():
    w = SupplyWatcher(size=3, stable_frames=3)
    # The leftmost card is read in fewer stills (a reflection): the cards right of it wait.
    events = feed_all(w, [look(*ROW), look(*ROW[1:], at={ROW[1]: (200.0, 100.0),
                                                         ROW[2]: (300.0, 100.0)}),
                          look(*ROW), look(*ROW)])
    assert reads(events) == [ROW]


def test_leftovers_of_the_last_supply_never_keep_the_next_from_being_read():
    w = SupplyWatcher(size=2, stable_frames=2)
    first = ("A-warehouse", "A-tea-taster")
    assert reads(feed_all(w, [look(*first)] * 2)) == [first]
    # The table bought one card; the other stays while the next round is dealt beside it.
    nxt = ("A-contract-1", "A-contract-2")
    at = {"A-tea-taster": (100.0, 100.0), "A-contract-1": (200.0, 100.0),
          "A-contract-2": (300.0, 100.0)}
    events = feed_all(w, [look("A-tea-taster", *nxt, at=at)] * 3)
    assert reads(events) == [nxt]
    assert "A-tea-taster" in w.leftover and w.supply == list(nxt)
    # Still lying there: never sent again; taken away at last: forgotten.
    assert reads(feed_all(w, [look("A-tea-taster", *nxt, at=at)] * 4)) == []
    feed_all(w, [look(*nxt, at=at)] * 6)
    assert w.leftover == set()


def test_without_the_player_count_leftovers_never_hold_the_next_supply_back_either():
    w = SupplyWatcher(size=None, stable_frames=2)
    first = ("A-warehouse", "A-tea-taster")
    assert reads(feed_all(w, [look(*first)] * 2)) == [first]
    at = {"A-tea-taster": (100.0, 100.0), "A-contract-1": (200.0, 100.0),
          "A-contract-2": (300.0, 100.0)}
    events = feed_all(w, [look("A-tea-taster", "A-contract-1", "A-contract-2", at=at)] * 3)
    assert reads(events) == [("A-contract-1", "A-contract-2")]


def test_cards_dealt_slowly_are_sent_as_they_come_in_row_order():
    w = SupplyWatcher(size=3, stable_frames=2)
    out = feed_all(w, [look(*ROW[:1])] * 2 + [look(*ROW[:2])] * 2 + [look(*ROW)] * 2)
    assert reads(out) == [ROW[:1], ROW[1:2], ROW[2:]]


def test_more_cards_than_the_supply_holds_at_once_take_the_leftmost():
    w = SupplyWatcher(size=2, stable_frames=1)
    events = w.feed(look(*ROW))
    assert reads(events) == [ROW[:2]]
    assert any(isinstance(e, Note) and "A-contract-1" in e.text for e in events)


def test_a_fire_is_sent_but_does_not_take_a_place_in_the_supply():
    w = SupplyWatcher(size=2, stable_frames=1)
    assert reads(w.feed(look("B-ship-1", "B-fire"))) == [("B-ship-1", "B-fire")]
    # The fire is resolved and discarded; another card is revealed in its place.
    assert reads(w.feed(look("B-ship-1", "B-ship-2"))) == [("B-ship-2",)]
    assert w.complete


def test_an_empty_area_ends_the_supply_and_the_next_round_is_read_again():
    w = SupplyWatcher(size=2, stable_frames=2)
    first, second = ROW[:2], ("A-contract-1", "A-contract-2")
    out = feed_all(w, [look(*first)] * 2 + [look()] * 2 + [look(*second)] * 2)
    assert reads(out) == [first, second]


def test_a_card_already_seen_is_sent_again_in_a_new_supply_for_the_app_to_refuse():
    w = SupplyWatcher(size=2, stable_frames=1)
    w.feed(look("A-warehouse", "A-tea-taster"))
    w.feed(look())
    assert reads(w.feed(look("A-warehouse", "A-contract-1"))) == [
        ("A-warehouse", "A-contract-1")]


def test_bad_settings_are_refused():
    with pytest.raises(ValueError):
        SupplyWatcher(size=0)
    with pytest.raises(ValueError):
        SupplyWatcher(stable_frames=0)
    with pytest.raises(ValueError):
        SupplyWatcher(combine_gap=-1)


def test_the_logic_needs_no_opencv():
    code = ("import sys, companion.camera.supply; "
            "print(sorted(m for m in ('cv2', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
