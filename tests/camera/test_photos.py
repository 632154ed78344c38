"""The camera on synthetic photos (benchmarks/camerarender.py, exact ground truth): the cards
read inside the Supply area in the conditions the tests hold, a player's cards outside it,
tables watched through the camera's own logic with no wrong card ever, and the
`camera-test` and `camera` commands as a user runs them."""

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
from companion import cli, labelcodes
from companion.camera.detect import MarkerDetector
from companion.camera.supply import area_of, row_order, split
from companion.inputs import IntentBus
from companion.inputs.camera import CameraSocket
from companion.inputs.intents import CardScanned, DeviceStatus
from tests.inputs.inputs_support import wait_for

REPO = Path(__file__).resolve().parents[2]
#: The tests' photos: 1280x720 (a Camera Module 3 still at full size is 4608x2592).
SIZE = cr.SIZES["720p"]


@pytest.fixture(scope="module")
def detector() -> MarkerDetector:
    return MarkerDetector()


@pytest.mark.parametrize("name", ["clean", "tilt40", "dim", "shadow", "jpeg50"])
def test_every_supply_card_is_read_inside_the_area_and_a_players_cards_outside(detector, name):
    condition = cr.CONDITIONS[name]
    rng = np.random.default_rng(2400 + len(name))
    photo = cr.shoot(cr.draw(cr.scene(rng, cr.random_cards(rng), condition), condition,
                             SIZE), rng)
    look = detector.look(photo.image)
    area = area_of(look)
    assert area is not None, name
    inside, outside = split(look, area)
    assert row_order(inside, area) == photo.visible and len(photo.visible) == 6
    assert {s.card_id for s in outside} == set(photo.outside) and len(photo.outside) == 3


@pytest.mark.parametrize("name", ["dealing", "finger", "defocus"])
def test_a_table_watched_sends_every_card_in_row_order_and_never_a_wrong_one(detector, name):
    """Stills of one table: a card moving in the dealer's hand over the row, glare or a
    finger over part of a label, defocus; a player's cards in view. The camera's own logic
    sends the six cards, in row order, and nothing else."""
    result = cr.sequence(detector, cr.CONDITIONS[name], SIZE, seed=2400, frames=6)
    assert result["wrong"] == 0 and result["order"], result
    assert result["read"] == result["cards"] == 6, result


def test_a_hand_over_a_card_hides_that_card_only(detector):
    rng = np.random.default_rng(24)
    cards = cr.random_cards(rng)
    photo = cr.render(rng, cards, cr.Condition(), hand_over=2, size=SIZE)
    assert cards[2] not in photo.visible and len(photo.visible) == 5
    inside, _outside = split(detector.look(photo.image), None)
    assert {s.card_id for s in inside} == set()  # no area given: nothing is inside
    look = detector.look(photo.image)
    assert {s.card_id for s in split(look, area_of(look))[0]} == set(photo.visible)


def write(photo: cr.Photo, path: Path) -> Path:
    assert cv2.imwrite(str(path), photo.image)
    return path


def test_camera_test_prints_the_supply_left_to_right_and_a_players_cards_as_outside(
        tmp_path, capsys):
    rng = np.random.default_rng(7)
    photo = cr.render(rng, cr.random_cards(rng), size=SIZE)
    image = write(photo, tmp_path / "row.png")
    assert cli.main(["camera-test", "--image", str(image)]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[:6] == [f"CARD {c}" for c in photo.visible]
    assert sorted(lines[6:]) == sorted(f"OUTSIDE {c}" for c in photo.outside)
    assert "4 of 4 area markers" in err and "px/mm" in err and "light" in err
    # The real marker: 16.3 mm (the labels' 6 cells of 32 px at 300 dpi).
    from companion.commands import camera_test, labels

    assert round(labels.Geometry().marker_mm, 1) == camera_test.MARKER_MM == 16.3
    side = next(float(w.split()[0]) for w in err.split("markers ")[1:] if "px a side" in w)
    assert f"{side / 16.3:.1f} px/mm" in err


def test_camera_test_counts_the_places_it_cannot_read(tmp_path, capsys):
    """A label whose marker is washed out inside its border (glare on a glossy sleeve)."""
    rng = np.random.default_rng(11)
    photo = cr.render(rng, cr.random_cards(rng), size=SIZE)
    spoiled, x, y = photo.cards[2]
    side = 16.3 * SIZE[0] / cr.FIELD_MM
    r = int(side * 0.28)
    photo.image[int(y) - r:int(y) + r, int(x) - r:int(x) + r] = 235
    assert cli.main(["camera-test", "--image", str(write(photo, tmp_path / "g.png"))]) == 0
    out = capsys.readouterr().out.splitlines()
    assert f"CARD {spoiled}" not in out and "UNREAD 1" in out
    assert [line for line in out if line.startswith("CARD ")] == [
        f"CARD {c}" for c in photo.visible if c != spoiled]


def test_without_the_area_markers_nothing_is_a_supply_card_and_it_says_how_to_lay_them(
        tmp_path, capsys):
    rng = np.random.default_rng(12)
    photo = cr.render(rng, cr.random_cards(rng, 3), size=SIZE)
    for x, y in cr.draw(cr.scene(np.random.default_rng(12), cr.random_cards(
            np.random.default_rng(12), 3)), size=SIZE).area_at:
        cv2.rectangle(photo.image, (int(x) - 40, int(y) - 40), (int(x) + 40, int(y) + 40),
                      (60, 90, 130), -1)  # the area's markers covered: not laid
    assert cli.main(["camera-test", "--image", str(write(photo, tmp_path / "a.png"))]) == 1
    out, err = capsys.readouterr()
    assert not [line for line in out.splitlines() if line.startswith("CARD")]
    assert "no Supply area in view" in err and "labels --out" in err


def test_camera_test_reads_a_folder_in_name_order(tmp_path, capsys):
    rng = np.random.default_rng(8)
    first = cr.render(rng, cr.random_cards(rng, 3), size=SIZE)
    second = cr.render(rng, cr.random_cards(rng, 2), size=SIZE)
    write(second, tmp_path / "b.png")
    write(first, tmp_path / "a.png")
    (tmp_path / "notes.txt").write_text("not an image")
    assert cli.main(["camera-test", "--dir", str(tmp_path)]) == 0
    out = [line for line in capsys.readouterr().out.splitlines()
           if not line.startswith("OUTSIDE")]
    assert out == (["IMAGE a.png"] + [f"CARD {c}" for c in first.visible]
                   + ["IMAGE b.png"] + [f"CARD {c}" for c in second.visible])


def test_camera_test_says_what_is_wrong(tmp_path, capsys):
    empty = np.full((400, 600, 3), 120, np.uint8)
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    assert cli.main(["camera-test", "--image", str(tmp_path / "empty.png")]) == 1
    assert "no Supply area in view" in capsys.readouterr().err
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
    """Stills of a Supply dealt in two goes, the next card moving in the dealer's hand, a
    hand over a card, a player's cards in view: the app hears each Supply card once, left
    to right, and never a player's card nor the card in the hand."""
    cam, bus = app_socket
    rng = np.random.default_rng(2424)
    cards = [c for c in cr.random_cards(rng, 9) if not c.endswith("-fire")][:6]
    sc = cr.scene(rng, cards, cr.CONDITIONS["dealing"])
    first = cr.scene(rng, cards[:3], cr.CONDITIONS["clean"], others=[c.card_id
                                                                    for c in sc.players])
    first.row, first.area, first.seed = sc.row[:3], sc.area, sc.seed  # the same table
    dealt = cr.draw(first, cr.CONDITIONS["dealing"], SIZE, 1)
    whole = cr.draw(sc, cr.CONDITIONS["dealing"], SIZE, 1)
    stills = [cr.shoot(dealt, rng) for _ in range(4)] + [cr.shoot(whole, rng, hide=1)] + [
        cr.shoot(whole, rng) for _ in range(5)]
    folder = tmp_path / "stills"
    folder.mkdir()
    for i, photo in enumerate(stills):
        write(photo, folder / f"{i:02d}.png")
    done = run_cli("camera", "--dir", str(folder), "--socket", str(cam.path), "--players", "5",
                   "--stable", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"CARD {c}" for c in cards]
    assert "outside the Supply area; not sent" in done.stderr
    got = wait_for(bus, lambda i: isinstance(i, CardScanned) and i.card_id == cards[-1])
    assert [i.card_id for i in got if isinstance(i, CardScanned)] == cards
    assert all(i.tag == labelcodes.barcode(i.card_id) for i in got if isinstance(i, CardScanned))


def test_without_the_area_the_camera_process_sends_nothing_and_says_why(tmp_path, app_socket):
    cam, bus = app_socket
    empty = np.full((720, 1280, 3), 110, np.uint8)
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i}.png"), empty)
    done = run_cli("camera", "--dir", str(tmp_path), "--socket", str(cam.path), "--stable", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and "no Supply area in view" in done.stderr
    got = wait_for(bus, lambda i: isinstance(i, DeviceStatus) and not i.ok)
    assert not [i for i in got if isinstance(i, CardScanned)]
    assert "camera: no Supply area in view" in got[-1].message


def test_the_camera_process_says_when_the_app_is_not_listening(tmp_path):
    rng = np.random.default_rng(5)
    write(cr.render(rng, cr.random_cards(rng, 2), size=SIZE), tmp_path / "row.jpg")
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
