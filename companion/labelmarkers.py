"""The ArUco markers of the card labels, as bits: drawn without OpenCV.

OpenCV is only the camera's optional extra; the label sheets must print on a
machine without it. `MARKER_BITS[n]` is the inner 4×4 grid of marker `n` of
OpenCV's `DICT_4X4_100` (`companion.labelcodes.ARUCO_DICTIONARY`), row by row
from the top left, the first cell the highest bit, 1 for a white cell. A
marker is these 16 cells inside a black border one cell wide.

Generated once with `cv2.aruco.generateImageMarker`;
`tests/config/test_label_sheets.py` checks every marker against `cv2.aruco`.
Only the markers of the label table (`labelcodes.CARD_IDS`) and of the Supply area's
corners (`labelcodes.AREA_MARKERS`, `AREA_BITS`) are kept.
"""

from __future__ import annotations

MARKER_BITS: tuple[int, ...] = (
    0xB532, 0x0F9A, 0x332D, 0x9946, 0x549E, 0x79CD, 0x9E2E, 0xC4F2, 0xFEDA,
    0xCF56, 0xF991, 0x11A7, 0x0EB7, 0x2A0F, 0x24B1, 0x263E, 0x4665, 0x6600,
    0x6C5E, 0x76AF, 0x868B, 0xB02B, 0xCCD5, 0xDD82, 0xFE47, 0x9471, 0xACE4,
    0xA554, 0x2123, 0x346F, 0x4415, 0x57B2, 0x9ECF, 0xF0CB, 0x08AE, 0x0929,
    0x1875, 0x04FF, 0x0DF6, 0x1C5A, 0x1718, 0x2A28, 0x328C, 0x38B2, 0x24E8,
    0x2EEB, 0x2D3F, 0x4B64, 0x502E, 0x5013, 0x5194, 0x5568, 0x5D41, 0x5F97,
)

#: The Supply area's corner markers (ids 96-99), as `MARKER_BITS`.
AREA_BITS: dict[int, int] = {96: 0x4F36, 97: 0x4FD3, 98: 0x69E4, 99: 0x70C7}


def marker_cells(marker: int) -> list[list[bool]]:
    """The 6×6 cells of a marker, border included; True for a black cell."""
    bits = AREA_BITS[marker] if marker in AREA_BITS else MARKER_BITS[marker]
    cells = [[True] * 6 for _ in range(6)]
    for row in range(4):
        for col in range(4):
            white = bits >> (15 - (row * 4 + col)) & 1
            cells[row + 1][col + 1] = not white
    return cells
