"""`camera`: the camera process. It reads the Supply's row and sends its cards to the app.

Takes stills (the Pi camera, or `--dir`/`--image` files), finds the label markers and
the Supply area's four markers, and sends each card that lies at rest inside the area in
enough good stills (`companion.camera.supply`), in row order, to the app's camera socket,
where it becomes the card intent a reader sends. Prints `CARD <card_id>` for each card
sent and `UNREAD <place>` for a place of the row whose card it cannot read (the app asks
the table to tap it). Without the area markers it sends nothing and says how to lay them.
With files it stops after the last one (exit status 1 if the app never took the cards);
with the Pi camera it runs until stopped (SIGTERM, Ctrl-C). OpenCV is imported when the
command runs, never before.

Exit status 2: OpenCV or picamera2 missing, no camera, an image that cannot be read.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from companion.errors import UsageError

HELP = "read the Supply's cards with a camera and send them to the app (needs the camera extra)"
#: Players a game has: the Supply holds one card more.
PLAYERS = (2, 5)
ROTATIONS = (0, 90, 180, 270)


def add_source_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--image", metavar="FILE", help="one image (a phone photo of the row)")
    source.add_argument("--dir", metavar="DIR",
                        help="a folder of stills, read in name order (a sequence)")


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `camera` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "camera", help=HELP, description=HELP + ". Without --image or --dir: the Pi camera "
        "(picamera2). Prints CARD <card_id> for each card sent, UNREAD <place> for a place "
        "of the row it cannot read.")
    add_source_arguments(parser)
    parser.add_argument("--socket", metavar="PATH",
                        help="the app's camera socket (default: camera.sock in "
                        "$RUNTIME_DIRECTORY, else in the state directory)")
    parser.add_argument("--players", type=int, metavar="N",
                        help="players in the game (2-5): the Supply holds N+1 cards, and a "
                        "marker after those is ignored; without it every new card is sent")
    parser.add_argument("--stable", type=int, default=None, metavar="N",
                        help="good stills a card must be seen in at rest, at one place, "
                        "before it is sent (default 3)")
    parser.add_argument("--interval", type=float, default=None, metavar="S",
                        help="seconds between stills of the Pi camera (default 1)")
    # Before the Supply area's markers gave the row's direction: still taken, so a unit
    # file that has it starts, and ignored (the log says so).
    parser.add_argument("--rotate", type=int, default=None, choices=ROTATIONS,
                        help=argparse.SUPPRESS)
    parser.add_argument("--lens-position", type=float, metavar="D",
                        help="fixed focus in dioptres (1/metres: 1.25 for 80 cm); "
                        "default: continuous autofocus")
    parser.set_defaults(func=run)
    return parser


def make_capture(args: argparse.Namespace, detector: Any) -> Any:
    """The capture the options name: files, or the Pi camera."""
    from companion.camera.capture import FileCapture, Picamera2Capture
    from companion.camera.detect import images_in

    if getattr(args, "image", None):
        return FileCapture([Path(args.image)], detector, f"image {Path(args.image).name}")
    if getattr(args, "dir", None):
        return FileCapture(images_in(Path(args.dir)), detector, f"folder {args.dir}")
    interval = 1.0 if args.interval is None else args.interval
    return Picamera2Capture(interval_s=interval, lens_position=args.lens_position)


def _check(args: argparse.Namespace) -> None:
    if args.players is not None and not PLAYERS[0] <= args.players <= PLAYERS[1]:
        raise UsageError(f"--players {args.players}: a game has 2 to 5 players")
    if args.stable is not None and not 1 <= args.stable <= 100:
        raise UsageError(f"--stable {args.stable}: give 1 to 100 stills")
    if args.interval is not None and not 0.05 <= args.interval <= 60:
        raise UsageError(f"--interval {args.interval:g}: give 0.05 to 60 seconds")
    if args.lens_position is not None and not 0.0 <= args.lens_position <= 32.0:
        raise UsageError(f"--lens-position {args.lens_position:g}: give 0 to 32 dioptres")


def run(args: argparse.Namespace) -> int:
    _check(args)
    from companion import logs, paths
    from companion.camera.capture import CameraGone
    from companion.camera.client import AppLink
    from companion.camera.detect import CameraError, MarkerDetector
    from companion.camera.supply import (
        STABLE_FRAMES,
        Note,
        Read,
        Status,
        SupplyWatcher,
        Unread,
    )
    from companion.camerawire import socket_path

    logs.setup_logging("info")
    log = logging.getLogger("companion.camera")
    detector = MarkerDetector()  # a clear CameraError when OpenCV is missing
    capture = make_capture(args, detector)
    path = Path(args.socket) if args.socket else socket_path(
        paths.state_dir(getattr(args, "state_dir", None)))
    link = AppLink(path, capture.source)
    watcher = SupplyWatcher(
        None if args.players is None else args.players + 1,
        stable_frames=STABLE_FRAMES if args.stable is None else args.stable)
    if args.rotate is not None:
        log.info("camera: --rotate is no longer needed (the Supply area's markers give the "
                 "row's direction); ignored")
    stop = threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda *_a: stop.set())
    log.info("camera: %s, sending to %s", capture.source, path)
    try:
        try:
            for frame in capture.frames(stop):
                for event in watcher.feed(detector.look(frame.image)):
                    if isinstance(event, Read):
                        for card in event.cards:
                            print(f"CARD {card}", flush=True)
                            link.card(card)
                    elif isinstance(event, Unread):
                        print(f"UNREAD {event.place}", flush=True)
                        link.unread(event.place)
                    elif isinstance(event, Status):
                        (log.info if event.ok else log.warning)("camera: %s", event.text)
                        link.status(event.ok, event.text)
                    elif isinstance(event, Note):
                        log.info("camera: %s", event.text)
                        link.note(event.text)
                link.flush()
        except (CameraError, CameraGone) as exc:
            link.status(False, exc.message)
            raise
        if not link.flush():
            print(f"error: the app was not listening at {path}; the cards read were not sent",
                  file=sys.stderr)
            return 1
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
        capture.close()
        link.close()
