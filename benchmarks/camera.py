"""The camera: cards found per condition, time per still, and the camera process's cost.

On synthetic photos (`benchmarks.camerarender`: six 63x88 mm cards with 14 mm markers at
2.5 px/mm, 1920x1080, seeded):

- **cards found** in each condition, and wrong cards (the tests hold clean, tilt 25°,
  blur σ 1.2 and dim-warm to >= 99 % and 0 wrong; the harder ones are reported);
- **per still**: `MarkerDetector.cards` on a 1080p still, against the floor of any
  marker reading in the same run (grey conversion and one adaptive threshold of the
  same still, what the detector does first);
- **the camera process**: start to exit and peak memory of `camera-test` reading one
  still, a fresh child each time, against the command line's own start (`--version`).

The app's start is the `startup` benchmark: the app never imports OpenCV (tests).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from benchmarks import Figure, Size, check_child, python, run_child, unavailable, value_at_least

NAME = "camera"
#: The conditions the tests hold to 99 %.
HELD = ("clean", "tilt25", "blur1.2", "dimwarm")


def _floor(image: object) -> float:
    import cv2 as c

    t0 = time.perf_counter()
    grey = c.cvtColor(image, c.COLOR_BGR2GRAY)
    c.adaptiveThreshold(grey, 255, c.ADAPTIVE_THRESH_MEAN_C, c.THRESH_BINARY_INV, 13, 7)
    return time.perf_counter() - t0


#: A child that runs the command line and says its own peak memory (VmHWM, KiB) at exit.
CHILD = """import sys
from companion.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as done:
    status = done.code
with open('/proc/self/status') as f:
    peak = next(line.split()[1] for line in f if line.startswith('VmHWM'))
print('PEAK', peak, file=sys.stderr)
sys.exit(status)
"""


def _peak_mib(stderr: str) -> float:
    line = next(x for x in stderr.splitlines() if x.startswith("PEAK "))
    return int(line.split()[1]) / 1024


def run(size: Size) -> list[Figure]:
    try:
        import cv2  # noqa: F401 - here only to say when it is missing

        from benchmarks import camerarender as cr
        from companion.camera.detect import MarkerDetector
    except ImportError as exc:
        return [unavailable(NAME, "cards found", "%", f"OpenCV is not installed ({exc})")]
    import numpy as np

    images = {"tiny": 1, "quick": 6, "full": 20}[size.name]
    detector = MarkerDetector()
    figures: list[Figure] = []
    for name, condition in cr.CONDITIONS.items():
        result = cr.score(detector, condition, images, seed=9000)
        held = name in HELD
        figures.append(Figure(
            NAME, f"cards found, {name} (14 mm markers, 2.5 px/mm)", "%",
            [100.0 * result["rate"]],
            target=">= 99 %, 0 wrong" if held else "(report)",
            check=value_at_least(99.0) if held else None,
            notes=f"{result['found']} of {result['total']} cards in {images} photos; "
            f"{result['wrong']} wrong"))
    # Per still: the detector against the floor, on the same stills, one after the other.
    rng = np.random.default_rng(9100)
    det_runs: list[float] = []
    base_runs: list[float] = []
    for _ in range(max(3, images)):
        photo = cr.render(rng, cr.random_cards(rng), cr.CONDITIONS["clean"])
        base_runs.append(1000 * _floor(photo.image))
        t0 = time.perf_counter()
        detector.cards(photo.image)
        det_runs.append(1000 * (time.perf_counter() - t0))
    figures.append(Figure(
        NAME, "per still, 1920x1080 (find the markers)", "ms", det_runs,
        baseline_name="grey + one adaptive threshold of the same still",
        baseline_runs=base_runs, target="(report; a still a second leaves ample room)",
        notes=f"median of {len(det_runs)} stills; {sys.platform}, this machine"))
    figures += _process(size, rng)
    if size.name != "tiny":
        figures.append(_game())
    return figures


def _game() -> Figure:
    """Inputs per revealed card in a whole 5-player game whose Supplies come from the
    camera (benchmarks.cameragame), against the same game by touch (benchmarks.touch)."""
    import pygame

    from benchmarks.cameragame import play_camera_game
    from benchmarks.touch import play_game
    from companion.engine import Reveal
    from companion.engine.simulate import random_game
    from companion.ui.core import UI
    from companion.ui.shots import demo_services

    pygame.display.init()
    pygame.font.init()
    per_reveal: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="bench-camgame-") as tmp:
        for how in ("touch", "camera"):
            services = demo_services(Path(tmp) / how)
            actions, _state = random_game(services.load_catalogue(), 5, seed=24, form="quick")
            reveals = sum(1 for a in actions if isinstance(a, Reveal))
            ui = UI(services, (800, 480))
            ui.open("home")
            if how == "camera":
                table = play_camera_game(ui, actions, 5, 24)
                per_reveal[how] = sum(table.card_inputs.values()) / reveals
            else:
                touch = play_game(ui, actions)
                # The Supply's inputs less the cubes' taps: the inputs that name cards.
                cubes = sum(len(a.goods or ()) for a in actions if isinstance(a, Reveal))
                supply = sum(i for (_r, phase), (i, _e) in touch.counts.items()
                             if phase == "supply")
                per_reveal[how] = max(0, supply - cubes) / reveals
    return Figure(NAME, "inputs to name a revealed card, camera (5 players, whole game)",
                  "inputs", [per_reveal["camera"]],
                  baseline_name="the same game by touch", baseline_runs=[per_reveal["touch"]],
                  target="0", check=lambda f: f.value == 0,
                  notes=f"{reveals} cards revealed; by touch {per_reveal['touch']:.2f} inputs "
                  "a card (fire screens included); a ship's cubes are tapped either way")


def _process(size: Size, rng: object) -> list[Figure]:
    import cv2

    from benchmarks import camerarender as render

    repeats = 1 if size.name == "tiny" else max(3, size.repeats)
    with tempfile.TemporaryDirectory(prefix="bench-cam-") as tmp:
        still = Path(tmp) / "row.jpg"
        photo = render.render(rng, render.random_cards(rng))  # type: ignore[arg-type]
        cv2.imwrite(str(still), photo.image)
        cam = [python(), "-c", CHILD, "camera-test", "--image", str(still)]
        cli = [python(), "-c", CHILD, "--version"]
        check_child(run_child(cam), "camera-test")  # warm the page cache
        t_cam, m_cam, t_cli, m_cli = [], [], [], []
        for _ in range(repeats):
            base = check_child(run_child(cli), "the command line")
            t_cli.append(base.wall_seconds)
            m_cli.append(_peak_mib(base.stderr))
            run = check_child(run_child(cam), "camera-test")
            t_cam.append(run.wall_seconds)
            m_cam.append(_peak_mib(run.stderr))
    return [
        Figure(NAME, "camera process: start, read one still, exit", "s", t_cam,
               baseline_name="the command line's start (--version)", baseline_runs=t_cli,
               target="(report; its own process, never the app's start)",
               notes="camera-test --image on a 1080p still: imports OpenCV and reads it"),
        Figure(NAME, "camera process: peak memory", "MiB", m_cam,
               baseline_name="the command line's start (--version)", baseline_runs=m_cli,
               target="(report)", notes="the child's own VmHWM (ru_maxrss would count the "
               "benchmark's pages the child had before exec)"),
    ]
