"""`camera-test`: which cards does the camera see in an image? Also how to check a mount.

Prints `CARD <card_id>` for every card found in the image, left to right (with `--dir`,
`IMAGE <name>` before each image's cards). On stderr, per image: the markers found, their
size in pixels and what that makes per millimetre of table (2.5 px/mm is the least that
reads well, 4 is comfortable), and the light (mean and spread of grey). Exit status 1 when
no card is found in any image, 2 when an image cannot be read or OpenCV is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.commands.camera import ROTATIONS, add_source_arguments
from companion.errors import UsageError

HELP = "print CARD <card_id> for every card the camera sees in an image (checks a mount)"
#: The printed markers' side (companion.labelcodes; the label sheets print them so).
MARKER_MM = 14.0
#: Pixels per millimetre below which markers are missed (tests/camera: 2.5 reads well).
LEAST_PX_PER_MM = 2.5


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `camera-test` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "camera-test", help=HELP, description=HELP + ". Give --image FILE or --dir DIR.")
    add_source_arguments(parser)
    parser.add_argument("--rotate", type=int, default=0, choices=ROTATIONS,
                        help="degrees the camera is turned (as for `camera`)")
    parser.add_argument("--marker-mm", type=float, default=MARKER_MM, metavar="MM",
                        help=f"the printed markers' side (default {MARKER_MM:g} mm)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if not (args.image or args.dir):
        raise UsageError("camera-test needs --image FILE or --dir DIR")
    if not 1.0 <= args.marker_mm <= 200.0:
        raise UsageError(f"--marker-mm {args.marker_mm:g}: give 1 to 200 mm")
    from companion.camera.detect import MarkerDetector, images_in
    from companion.camera.supply import Seen, row_order

    detector = MarkerDetector()
    files = [Path(args.image)] if args.image else images_in(Path(args.dir))
    any_card = False
    for path in files:
        image = detector.read(path)
        markers = detector.markers(image)
        if args.dir:
            print(f"IMAGE {path.name}", flush=True)
        cards = [Seen(m.card_id, m.x, m.y) for m in markers if m.card_id is not None]
        for card in row_order(cards, args.rotate):
            print(f"CARD {card}", flush=True)
        any_card = any_card or bool(cards)
        print(_diagnosis(path, image, markers, args.marker_mm), file=sys.stderr, flush=True)
    if not any_card:
        print("error: no card found: check the light (no glare on the labels), the focus and "
              "that the markers are in the picture (hardware/CAMERA.md)", file=sys.stderr)
        return 1
    return 0


def _diagnosis(path: Path, image: Any, markers: list[Any], marker_mm: float) -> str:
    others = sorted(m.marker for m in markers if m.card_id is None)
    cards = len(markers) - len(others)
    h, w = image.shape[:2]
    mean, spread = float(image.mean()), float(image.std())
    text = f"{path.name}: {w}x{h} px, {cards} card(s)"
    if others:
        text += f", {len(others)} marker(s) of no card ({', '.join(map(str, others))})"
    if markers:
        side = sorted(m.side for m in markers)[len(markers) // 2]
        per_mm = side / marker_mm
        text += f"; markers {side:.0f} px a side: {per_mm:.1f} px/mm"
        if per_mm < 0.9 * LEAST_PX_PER_MM:  # a marker's edges blur a pixel: 10 % leeway
            text += (f" (less than {LEAST_PX_PER_MM:g}: bring the camera closer or take "
                     "larger stills)")
    text += f"; light: mean grey {mean:.0f}/255, spread {spread:.0f}"
    if mean < 60:
        text += " (dark: more light on the table)"
    elif mean > 200:
        text += " (bright: glare or over-exposure)"
    return text
