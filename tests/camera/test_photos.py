"""The camera on synthetic photos (benchmarks/camerarender.py, exact ground truth): the cards
found in each condition the issue names, no wrong card ever, and the `camera-test` and
`camera` commands as a user runs them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from benchmarks import camerarender as cr
from benchmarks.cameragame import ROW_SIZE
from companion import cli, labelcodes
from companion.camera.detect import MarkerDetector
from companion.inputs import IntentBus
from companion.inputs.camera import CameraSocket
from companion.inputs.intents import CardScanned
from tests.inputs.inputs_support import wait_for

REPO = Path(__file__).resolve().parents[2]
#: Photos per condition: 6 x 6 = 36 cards each, seeded (the benchmark reads more).
PHOTOS = 6


@pytest.fixture(scope="module")
def detector() -> MarkerDetector:
    return MarkerDetector()


@pytest.mark.parametrize("name", ["clean", "tilt25", "blur1.2", "dimwarm"])
def test_at_least_99_percent_of_cards_are_found_and_none_wrong(detector, name):
    result = cr.score(detector, cr.CONDITIONS[name], PHOTOS, seed=2400 + len(name))
    assert result["total"] == PHOTOS * 6
    assert result["wrong"] == 0, result
    assert result["rate"] >= 0.99, result


def test_a_hand_over_a_card_hides_that_card_only(detector):
    rng = np.random.default_rng(24)
    cards = cr.random_cards(rng)
    photo = cr.render(rng, cards, cr.Condition(hand=True), hand_over=2)
    assert cards[2] not in photo.visible and len(photo.visible) == 5
    assert {s.card_id for s in detector.cards(photo.image)} == set(photo.visible)


def write(photo: cr.Photo, path: Path) -> Path:
    assert cv2.imwrite(str(path), photo.image)
    return path


def test_camera_test_prints_every_card_of_an_image_left_to_right(tmp_path, capsys):
    rng = np.random.default_rng(7)
    photo = cr.render(rng, cr.random_cards(rng), cr.CONDITIONS["clean"])
    image = write(photo, tmp_path / "row.jpg")
    assert cli.main(["camera-test", "--image", str(image)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"CARD {c}" for c in photo.visible]
    assert "6 card(s)" in err and "px/mm" in err and "light" in err


def test_camera_test_reads_a_folder_in_name_order(tmp_path, capsys):
    rng = np.random.default_rng(8)
    first = cr.render(rng, cr.random_cards(rng, 3), cr.CONDITIONS["clean"])
    second = cr.render(rng, cr.random_cards(rng, 2), cr.CONDITIONS["clean"])
    write(second, tmp_path / "b.png")
    write(first, tmp_path / "a.png")
    (tmp_path / "notes.txt").write_text("not an image")
    assert cli.main(["camera-test", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == (["IMAGE a.png"] + [f"CARD {c}" for c in first.visible]
                   + ["IMAGE b.png"] + [f"CARD {c}" for c in second.visible])


def test_camera_test_says_what_is_wrong(tmp_path, capsys):
    empty = np.full((400, 600, 3), 120, np.uint8)
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    assert cli.main(["camera-test", "--image", str(tmp_path / "empty.png")]) == 1
    assert "no card found" in capsys.readouterr().err
    (tmp_path / "bad.jpg").write_bytes(b"not a jpeg")
    assert cli.main(["camera-test", "--image", str(tmp_path / "bad.jpg")]) == 2
    assert "is not an image" in capsys.readouterr().err
    assert cli.main(["camera-test", "--image", str(tmp_path / "missing.jpg")]) == 2
    assert "cannot read the image" in capsys.readouterr().err
    assert cli.main(["camera-test"]) == 2
    assert "needs --image FILE or --dir DIR" in capsys.readouterr().err


def run_cli(*args: str, block_cv2: bool = False) -> subprocess.CompletedProcess[str]:
    code = ("import sys\n"
            + ("sys.modules['cv2'] = None\n" if block_cv2 else "")
            + "from companion.cli import main\nsys.exit(main(sys.argv[1:]))\n")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          cwd=REPO, timeout=120)


def test_without_opencv_the_commands_say_what_to_install(tmp_path):
    done = run_cli("camera-test", "--image", str(tmp_path / "x.jpg"), block_cv2=True)
    assert done.returncode == 2
    assert "pip install 'speicherstadt-companion[camera]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_command_lines_start_does_not_load_opencv():
    code = ("import sys; from companion import cli; cli.build_parser(); "
            "print('cv2' in sys.modules, 'numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=REPO).stdout
    assert out.strip() == "False False"


@pytest.fixture
def app_socket() -> Iterator[tuple[CameraSocket, IntentBus]]:
    bus = IntentBus()
    with tempfile.TemporaryDirectory(prefix="c24-") as tmp:
        cam = CameraSocket(Path(tmp) / "camera.sock", bus).start()
        yield cam, bus
        cam.close()


def test_the_camera_process_sends_a_dealt_row_to_the_app_in_row_order(tmp_path, app_socket):
    """Stills of a Supply dealt in two goes, a hand over a card in one, a late seventh card:
    the app hears each card once, left to right, and nothing after the Supply's six."""
    cam, bus = app_socket
    rng = np.random.default_rng(2424)
    cards = cr.random_cards(rng, 7)
    cards = [c for c in cards if not c.endswith("-fire")][:6] + [
        c for c in labelcodes.CARD_IDS if c not in cards and not c.endswith("-fire")][:1]
    row, late = cards[:6], cards[6]
    def photo(cards, condition=cr.CONDITIONS["clean"], **kw):  # a row-sized still: faster
        return cr.render(rng, cards, condition, size=ROW_SIZE, supersample=1, **kw)

    stills = [photo(row[:3])] * 2 + [
        photo(row, cr.Condition(hand=True), hand_over=1), photo(row), photo(row),
        photo(row + [late]), photo(row + [late])]
    folder = tmp_path / "stills"
    folder.mkdir()
    for i, photo in enumerate(stills):
        write(photo, folder / f"{i:02d}.jpg")
    done = run_cli("camera", "--dir", str(folder), "--socket", str(cam.path), "--players", "5",
                   "--stable", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"CARD {c}" for c in row]
    assert f"{late}: a new marker after the Supply was complete" in done.stderr
    got = wait_for(bus, lambda i: isinstance(i, CardScanned) and i.card_id == row[-1])
    assert [i.card_id for i in got if isinstance(i, CardScanned)] == row
    assert all(i.tag == labelcodes.barcode(i.card_id) for i in got if isinstance(i, CardScanned))


def test_the_camera_process_says_when_the_app_is_not_listening(tmp_path):
    rng = np.random.default_rng(5)
    write(cr.render(rng, cr.random_cards(rng, 2)), tmp_path / "row.jpg")
    missing = tmp_path / "nobody.sock"
    done = run_cli("camera", "--image", str(tmp_path / "row.jpg"), "--socket", str(missing),
                   "--stable", "1")
    assert done.returncode == 1
    assert "the app was not listening" in done.stderr and "Traceback" not in done.stderr


def test_a_socket_path_is_a_unix_socket_not_a_file(tmp_path, app_socket):
    cam, _bus = app_socket
    assert cam.path.is_socket()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(os.fspath(cam.path))


@pytest.mark.parametrize(("args", "says"), [
    (["--players", "7"], "a game has 2 to 5 players"),
    (["--stable", "0"], "give 1 to 100 stills"),
    (["--interval", "0"], "give 0.05 to 60 seconds"),
    (["--lens-position", "-1"], "give 0 to 32 dioptres"),
])
def test_the_camera_command_refuses_bad_settings_before_it_starts(args, says, capsys):
    assert cli.main(["camera", *args]) == 2
    assert says in capsys.readouterr().err
