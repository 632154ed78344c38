"""`camera-test`: what does the camera see in an image? Also how to check a mount.

Per image: `CARD <card_id>` for each Supply card (its marker inside the Supply area's four
markers), left to right along the area; `OUTSIDE <card_id>` for each card seen outside the
area (a player's own cards: never sent); `UNREAD <n>` when n card-like places inside the
area could not be decoded (a label's marker blurred, under glare or a finger). With
`--dir`, `IMAGE <name>` comes before each image's lines. On stderr, per image: the area,
the markers found, their size in pixels and what that makes per millimetre of table
(the printed marker is `MARKER_MM`, 16.3 mm; 2.5 px/mm is the least that reads well),
their sharpness and the light, and whether the camera would take the still or drop it as
a bad still. Exit status 1 when no image shows a Supply card (or no image the area), 2
when an image cannot be read or OpenCV is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.commands.camera import ROTATIONS, add_source_arguments
from companion.errors import UsageError

HELP = ("print CARD, OUTSIDE and UNREAD lines for what the camera sees in an image "
        "(checks a mount)")
#: The printed markers' side: 6 cells of 32 px at 300 dpi (`companion.commands.labels`).
MARKER_MM = 16.3
#: Pixels per millimetre below which markers are missed (tests/camera: 2.5 reads well).
LEAST_PX_PER_MM = 2.5


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `camera-test` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "camera-test", help=HELP, description=HELP + ". Give --image FILE or --dir DIR.")
    add_source_arguments(parser)
    parser.add_argument("--rotate", type=int, default=0, choices=ROTATIONS,
                        help=argparse.SUPPRESS)  # before the area markers; now unused
    parser.add_argument("--marker-mm", type=float, default=MARKER_MM, metavar="MM",
                        help=f"the printed markers' side (default {MARKER_MM:g} mm; "
                        "labels.json's marker_mm for labels made with --size)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if not (args.image or args.dir):
        raise UsageError("camera-test needs --image FILE or --dir DIR")
    if not 1.0 <= args.marker_mm <= 200.0:
        raise UsageError(f"--marker-mm {args.marker_mm:g}: give 1 to 200 mm")
    from companion.camera.detect import MarkerDetector, images_in
    from companion.camera.supply import area_of, area_problem, row_order, split

    detector = MarkerDetector()
    files = [Path(args.image)] if args.image else images_in(Path(args.dir))
    any_card = any_area = False
    for path in files:
        image = detector.read(path)
        look = detector.look(image)
        area = area_of(look)
        if args.dir:
            print(f"IMAGE {path.name}", flush=True)
        inside, outside = split(look, area)
        if area is not None:
            for card in row_order(inside, area):
                print(f"CARD {card}", flush=True)
        for s in outside:
            print(f"OUTSIDE {s.card_id}", flush=True)
        unread = [p for p in look.unread if area is not None and area.contains(p.x, p.y)]
        if unread:
            print(f"UNREAD {len(unread)}", flush=True)
        any_card = any_card or bool(inside)
        any_area = any_area or area is not None
        print(_diagnosis(path, image, look, args.marker_mm, detector), file=sys.stderr,
              flush=True)
        problem = area_problem(look)
        if problem:
            print(f"{path.name}: {problem}", file=sys.stderr, flush=True)
    if not any_area:
        return 1
    if not any_card:
        print("error: no card found in the Supply area: check the light (no glare on the "
              "labels), the focus and that the markers are in the picture (hardware/CAMERA.md)",
              file=sys.stderr)
        return 1
    return 0


def _diagnosis(path: Path, image: Any, look: Any, marker_mm: float, detector: Any) -> str:
    from companion.camera.supply import MIN_CONTRAST, MIN_SHARPNESS

    markers = detector.markers(image)
    others = sorted(m.marker for m in markers if m.card_id is None
                    and m.marker not in {a for a, _x, _y in look.area})
    h, w = image.shape[:2]
    mean = float(image.mean())
    text = (f"{path.name}: {w}x{h} px, {len(look.cards)} card(s), "
            f"{len(look.area)} of 4 area markers")
    if others:
        text += f", {len(others)} marker(s) of no card ({', '.join(map(str, others))})"
    if markers:
        side = sorted(m.side for m in markers)[len(markers) // 2]
        per_mm = side / marker_mm
        text += f"; markers {side:.0f} px a side: {per_mm:.1f} px/mm"
        if per_mm < 0.9 * LEAST_PX_PER_MM:  # a marker's edges blur a pixel: 10 % leeway
            text += (f" (less than {LEAST_PX_PER_MM:g}: bring the camera closer or take "
                     "larger stills)")
    if look.sharpness is not None:
        text += f"; sharpness {look.sharpness:.2f}"
        if look.sharpness < MIN_SHARPNESS:
            text += f" (below {MIN_SHARPNESS:g}: too blurred, the camera drops this still)"
    if look.contrast is not None and look.contrast < MIN_CONTRAST:
        text += f"; marker contrast {look.contrast:.0f} (too dark: the camera drops this still)"
    text += f"; light: mean grey {mean:.0f}/255, spread {float(image.std()):.0f}"
    if mean < 60:
        text += " (dark: more light on the table)"
    elif mean > 200:
        text += " (bright: glare or over-exposure)"
    return text
