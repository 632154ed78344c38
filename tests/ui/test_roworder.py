"""companion/ui/roworder.py: the row's cards wait their turn in the row's order."""

from __future__ import annotations

from companion.ui.roworder import RowOrder


def test_an_unread_place_is_asked_and_the_cards_after_it_wait_in_order():
    row = RowOrder()
    assert row.unread(2, busy=False) and row.gap == 2
    assert row.holds("c3", busy=False) and row.holds("c4", busy=False)
    assert row.place() == 2 and row.busy()
    row.gap = None  # the table tapped place 2's card
    assert [row.next(), row.next(), row.next()] == ["c3", "c4", None]
    assert not row.busy()


def test_while_the_table_is_busy_an_unread_place_waits_behind_the_cards():
    row = RowOrder()
    row.add("ship-next")  # scanned while a ship's goods are asked
    assert not row.unread(3, busy=True) and row.gap is None
    assert row.holds("c4", busy=False)  # cards wait behind what waits
    assert row.place() == 3
    assert row.next() == "ship-next"
    assert row.next() == 3 and row.gap == 3  # then the table is asked for place 3
    assert row.next() == "c4"


def test_a_card_is_picked_at_once_when_nothing_waits_and_never_waits_twice():
    row = RowOrder()
    assert not row.holds("c1", busy=False) and not row.busy()
    row.add("c2")
    row.add("c2")
    assert row.waiting == ["c2"]
    row.clear()
    assert not row.busy() and row.gap is None


def test_dropped_the_row_gives_every_card_and_place_that_waited_in_order():
    row = RowOrder()
    row.add("c1")
    assert not row.unread(2, busy=True)
    row.add("c3")
    assert row.drop() == ["c1", 2, "c3"]
    assert not row.busy() and row.drop() == []
