"""The codes printed on card labels: one barcode and one ArUco marker per card.

A printed label names its card by itself, so a label needs no enrollment (unlike
an RFID tag, whose number says nothing about the card). The table below is the
one place that gives each card of the catalogue its number; the barcode and the
marker are made from that number. It is fixed data: a number, once printed on a
label, never changes meaning, so new cards may only be appended.

- **Marker**: the card's number is its marker id in OpenCV's `DICT_4X4_100`
  ArUco dictionary (54 cards; 4×4 bits read well at 14 mm). Four ids no card uses
  mark the corners of the Supply area (`AREA_MARKERS`).
- **Barcode** (Code 128, digits only, so a scanner's keyboard layout matters
  least): `7747` + the card number in three digits + one check digit (the Luhn
  digit of the seven before it), e.g. `77470003` for A-coffee-roaster. Eight digits: longer than
  any noise burst, shorter than an RFID tag's hex (10 characters), and digits only,
  so it never collides with an enrolled tag's canonical form of another length.

This module imports nothing of the project: the inputs (which read scanned codes),
the label sheets and the camera process all use it.
"""

from __future__ import annotations

#: The OpenCV ArUco dictionary the markers come from (`cv2.aruco.<name>`).
ARUCO_DICTIONARY = "DICT_4X4_100"

#: The prefix of every label barcode.
BARCODE_PREFIX = "7747"

#: Every card of the catalogue, in the order that gives it its number (never reorder).
CARD_IDS: tuple[str, ...] = (
    "A-coffee-roaster", "A-tea-taster", "A-spice-trader", "A-carpet-trader", "A-vulcanizer",
    "A-warehouse", "A-counting-office", "A-contract-1", "A-contract-2", "A-contract-3",
    "A-fireman-1", "A-fireman-2",
    "B-fire", "B-counting-office", "B-contract-1", "B-contract-2", "B-contract-3",
    "B-fireman-1", "B-fireman-2", "B-fireman-3",
    "B-ship-1", "B-ship-2", "B-ship-3", "B-ship-4", "B-ship-5",
    "C-fire", "C-bank", "C-contract-1", "C-contract-2", "C-contract-3", "C-contract-4",
    "C-fireman-1", "C-fireman-2",
    "C-ship-1", "C-ship-2", "C-ship-3", "C-ship-4", "C-ship-5",
    "D-fire", "D-boatsmen-church", "D-chamber-of-commerce", "D-port", "D-st-michaelis",
    "D-counting-office-1", "D-counting-office-2", "D-fireman-1", "D-fireman-2", "D-fireman-3",
    "D-ship-1", "D-ship-2", "D-ship-3", "D-ship-4", "D-ship-5",
    "E-fire",
)

_NUMBER = {card_id: n for n, card_id in enumerate(CARD_IDS)}

#: The Supply area's corner markers, from the same dictionary and no card's: top left,
#: top right, bottom right, bottom left of the row as the table sees it (the last ids of
#: the dictionary, so the card table can grow without meeting them). The camera counts a
#: card as the Supply's only when its marker lies inside their quadrilateral.
AREA_MARKERS: tuple[int, int, int, int] = (96, 97, 98, 99)
#: The corners' names, in the order of `AREA_MARKERS` (labels.json's `"area"`).
AREA_CORNERS = ("top left", "top right", "bottom right", "bottom left")


def luhn_digit(digits: str) -> str:
    """The Luhn check digit for a string of digits."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 0:  # doubled: the digit next to the check digit, then every second
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def marker_id(card_id: str) -> int:
    """The card's ArUco marker id; KeyError for an id not in the table."""
    return _NUMBER[card_id]


def card_for_marker(marker: int) -> str | None:
    """The card a marker id names, or None for a marker that is not a card's."""
    return CARD_IDS[marker] if 0 <= marker < len(CARD_IDS) else None


def barcode(card_id: str) -> str:
    """The digits of the card's label barcode; KeyError for an id not in the table."""
    body = f"{BARCODE_PREFIX}{_NUMBER[card_id]:03d}"
    return body + luhn_digit(body)


def card_for_barcode(code: str) -> str | None:
    """The card a scanned label code names, or None when it is not a label code
    (another length or prefix, a wrong check digit, a number past the table)."""
    code = code.strip()
    if len(code) != 8 or not code.isdigit() or not code.startswith(BARCODE_PREFIX):
        return None
    if luhn_digit(code[:7]) != code[7]:
        return None
    number = int(code[4:7])
    return CARD_IDS[number] if number < len(CARD_IDS) else None
