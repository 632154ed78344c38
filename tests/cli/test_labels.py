"""`labels`: the sheets decode as a scanner and the camera read them, label by label."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.cli import main
from companion.commands import labels
from companion.labelcodes import AREA_MARKERS, ARUCO_DICTIONARY, CARD_IDS, barcode, marker_id
from companion.labelmarkers import AREA_BITS, MARKER_BITS, marker_cells
from tests.ui.zbar import zbarimg

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("labels")
    state = tmp_path_factory.mktemp("state")
    assert main(["labels", "--out", str(out), "--state-dir", str(state)]) == 0
    return out


def test_the_marker_table_is_opencvs_dictionary() -> None:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICTIONARY))
    assert len(MARKER_BITS) == len(CARD_IDS)
    assert sorted(AREA_BITS) == list(AREA_MARKERS)
    assert not set(AREA_MARKERS) & set(range(len(CARD_IDS)))  # no card's
    for n in [*range(len(MARKER_BITS)), *AREA_MARKERS]:
        drawn = cv2.aruco.generateImageMarker(dictionary, n, 6)
        assert [[bool(v < 128) for v in row] for row in drawn] == marker_cells(n), n


def test_labels_json_names_every_card(sheets: Path) -> None:
    table = json.loads((sheets / "labels.json").read_text(encoding="utf-8"))
    assert table == {
        "dictionary": "DICT_4X4_100",
        "marker_mm": 16.3,
        "markers": {card_id: marker_id(card_id) for card_id in CARD_IDS},
        "barcodes": {card_id: barcode(card_id) for card_id in CARD_IDS},
        "area": [96, 97, 98, 99],
    }
    assert sorted(p.name for p in sheets.iterdir()) == [
        "labels-1.png", "labels-2.png", "labels-3.png", "labels.json", "labels.pdf"]
    pdf = (sheets / "labels.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", pdf)) == 3


def test_the_last_page_holds_the_supply_areas_four_markers_at_their_corners(sheets: Path):
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICTIONARY))
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    page = np.array(Image.open(sheets / "labels-3.png").convert("L"))
    corners, ids, _ = detector.detectMarkers(page)
    assert ids is not None and sorted(ids.flatten().tolist()) == list(AREA_MARKERS)
    at = {int(i): c.reshape(4, 2).mean(axis=0) for i, c in zip(ids.flatten(), corners,
                                                                 strict=True)}
    tl, tr, br, bl = (at[m] for m in AREA_MARKERS)
    assert tl[0] < tr[0] and bl[0] < br[0] and tl[1] < bl[1] and tr[1] < br[1]
    # As big as a card's marker: 16.3 mm, 192 px at 300 dpi.
    side = np.linalg.norm(corners[0].reshape(4, 2)[0] - corners[0].reshape(4, 2)[1])
    assert abs(side - 6 * labels.CELL_PX) <= 2


@pytest.mark.parametrize(("width", "marker", "height"), [(46, 14.2, 23), (36, 16.3, 31)])
def test_narrower_labels_keep_a_marker_of_14_mm_and_a_readable_barcode(
        tmp_path: Path, width: int, marker: float, height: int) -> None:
    out = tmp_path / "out"
    assert main(["labels", "--out", str(out), "--state-dir", str(tmp_path),
                 "--size", str(width)]) == 0
    table = json.loads((out / "labels.json").read_text(encoding="utf-8"))
    assert table["marker_mm"] == marker >= 14.0
    g = labels.Geometry(width)
    assert (g.w, round(g.height_mm)) == (labels.mm(width), height)
    page = Image.open(out / "labels-1.png").convert("L")
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICTIONARY))
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    _, ids, _ = detector.detectMarkers(np.array(page))
    assert ids is not None and set(ids.flatten().tolist()) >= set(range(9))
    # The first label cut out: its barcode reads as the card's.
    mm = labels.mm
    columns = (page.width - mm(16.0) + mm(labels.GAP_MM)) // (g.w + mm(labels.GAP_MM))
    rows = (page.height - mm(16.0) + mm(labels.GAP_MM)) // (g.h + mm(labels.GAP_MM))
    x0 = (page.width - (columns * g.w + (columns - 1) * mm(labels.GAP_MM))) // 2
    y0 = (page.height - (rows * g.h + (rows - 1) * mm(labels.GAP_MM))) // 2
    crop = page.crop((x0, y0, x0 + g.w, y0 + g.h))
    framed = Image.new("L", (crop.width + 80, crop.height + 80), 255)
    framed.paste(crop, (40, 40))
    framed.save(tmp_path / "first.png")
    result = subprocess.run([zbarimg(), "--raw", "--quiet", str(tmp_path / "first.png")],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.stdout.split() == [barcode(CARD_IDS[0])]


def test_a_label_too_narrow_for_a_14_mm_marker_and_its_barcode_is_refused(tmp_path, capsys):
    assert main(["labels", "--out", str(tmp_path / "o"), "--state-dir", str(tmp_path),
                 "--size", "30"]) == 2
    assert "--size 30: give 32 to 52 mm" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def label_boxes(page: Image.Image) -> list[tuple[int, int, int, int]]:
    """Where each label of a page is, by the sheet's own geometry (row by row)."""
    mm = labels.mm
    w, h, gap = mm(labels.LABEL_MM[0]), mm(labels.LABEL_MM[1]), mm(labels.GAP_MM)
    x0 = (page.width - (labels.COLUMNS * w + (labels.COLUMNS - 1) * gap)) // 2
    y0 = (page.height - (labels.ROWS * h + (labels.ROWS - 1) * gap)) // 2
    return [(x0 + c * (w + gap), y0 + r * (h + gap), x0 + c * (w + gap) + w,
             y0 + r * (h + gap) + h) for r in range(labels.ROWS) for c in range(labels.COLUMNS)]


def test_each_label_carries_its_cards_barcode_and_marker(sheets: Path, tmp_path: Path) -> None:
    """Every label cut out of the PNG pages: ZBar reads its card's code (and only that),
    OpenCV's ArucoDetector finds its card's marker (and only that)."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ARUCO_DICTIONARY))
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    crops: list[tuple[str, Path]] = []
    cards = iter(CARD_IDS)
    for page_file in sorted(sheets.glob("labels-*.png")):
        page = Image.open(page_file)
        assert round(page.info["dpi"][0]) == labels.DPI
        for box in label_boxes(page):
            card_id = next(cards, None)
            if card_id is None:
                break
            crop = page.crop(box).convert("L")
            # With a white margin, as the label sits on a card (the cut is at its edge).
            framed = Image.new("L", (crop.width + 80, crop.height + 80), 255)
            framed.paste(crop, (40, 40))
            _, ids, _ = detector.detectMarkers(np.array(framed))
            assert ids is not None and ids.flatten().tolist() == [marker_id(card_id)], card_id
            path = tmp_path / f"{card_id}.png"
            framed.save(path)
            crops.append((card_id, path))
    assert next(cards, None) is None and len(crops) == len(CARD_IDS)
    result = subprocess.run([zbarimg(), "--xml", "--quiet", *(str(p) for _, p in crops)],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    read: dict[str, list[str]] = {}
    for source, body in re.findall(r"<source href='([^']+)'>(.*?)</source>", result.stdout,
                                   re.S):
        read[Path(source).stem] = re.findall(r"CODE-128.*?<!\[CDATA\[(\d+)\]\]>", body, re.S)
    assert read == {card_id: [barcode(card_id)] for card_id in CARD_IDS}


def test_the_names_are_the_tables_in_its_language(tmp_path: Path) -> None:
    import argparse

    args = argparse.Namespace(config=None, state_dir=str(tmp_path), language="de")
    texts = {card_id: (name, season) for card_id, name, season in labels.card_texts(args)}
    assert texts["A-coffee-roaster"] == ("Kaffeeröster", "Winter")
    # A guessed value is never printed on a label (and no catalogue code either): the
    # label goes on any card of that kind and season, whose value the table confirms.
    assert texts["B-fireman-2"] == ("Feuerwehrmann?", "Frühling")
    assert texts["D-fireman-1"] == ("Feuerwehrmann 3", "Herbst")  # known: printed
    args.language = "en"
    # The screens' soft hyphens are taken out: a label's name never breaks.
    assert labels.card_texts(args)[0] == ("A-coffee-roaster", "Coffee roaster", "Winter")


def test_the_help_says_print_at_100_percent_with_one_percent_sign(capsys) -> None:
    """The description is printed as written: "100 %", never the "100 %%" of a help string
    escaped for argparse's formatting. Every command's help is checked alike."""
    import argparse

    from companion.cli import build_parser

    with pytest.raises(SystemExit):
        main(["labels", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "print at 100 %." in out
    commands = next(a for a in build_parser()._actions
                    if isinstance(a, argparse._SubParsersAction))
    for name, parser in commands.choices.items():
        assert "%%" not in parser.format_help(), name


def test_without_the_libraries_the_command_says_how_to_install_them(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    monkeypatch.setitem(sys.modules, "barcode", None)
    status = main(["labels", "--out", str(tmp_path / "out"), "--state-dir", str(tmp_path)])
    assert status != 0
    err = capsys.readouterr().err
    assert "[labels]" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_the_labels_command_loads_no_pygame(tmp_path: Path) -> None:
    code = ("import sys; from companion.cli import main; "
            f"status = main(['labels', '--out', {str(tmp_path / 'o')!r}, '--state-dir', "
            f"{str(tmp_path)!r}]); "
            "assert 'pygame' not in sys.modules, 'pygame loaded'; "
            "assert 'cv2' not in sys.modules, 'OpenCV loaded'; "
            "assert not [m for m in sys.modules if m.startswith('companion.ui')], 'ui loaded'; "
            "sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def test_no_sheet_is_ever_written_in_place(tmp_path: Path) -> None:
    """Issue 35, item 4: each sheet is written to a temporary file and renamed into place,
    so a kill at any moment (16 of 45 kills tore a sheet) leaves every sheet whole: no file
    is opened for writing under a sheet's own name, and each name is replaced by a rename."""
    out, state = tmp_path / "out", tmp_path / "state"
    final = {"labels-1.png", "labels-2.png", "labels-3.png", "labels.pdf", "labels.json"}  # 3: area
    opened: list[str] = []
    renamed: list[str] = []
    watching = [True]

    def hook(event: str, args: tuple) -> None:
        if not watching[0]:
            return
        if event == "open" and args and isinstance(args[0], str | bytes | Path):
            path = Path(os.fsdecode(args[0]))
            mode, flags = args[1], args[2] if len(args) > 2 else 0
            writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR))
            if path.parent == out and writes:
                opened.append(path.name)
        elif event in ("os.rename", "os.replace") and Path(os.fsdecode(args[1])).parent == out:
            renamed.append(Path(os.fsdecode(args[1])).name)

    sys.addaudithook(hook)
    try:
        assert main(["labels", "--out", str(out), "--state-dir", str(state)]) == 0
    finally:
        watching[0] = False
    assert opened and not final & set(opened), opened
    assert set(renamed) == final


@pytest.mark.parametrize("kind", ["symlink", "fifo"])
def test_a_sheet_name_that_is_no_file_is_left_as_it_was(tmp_path: Path, kind: str,
                                                         capsys) -> None:
    """Issue 35, item 4: like `export`, `labels` refuses to write through a symbolic link
    (its target was overwritten) or into a named pipe, and writes nothing then."""
    out, victim = tmp_path / "out", tmp_path / "victim"
    out.mkdir()
    victim.write_bytes(b"precious")
    if kind == "symlink":
        (out / "labels.pdf").symlink_to(victim)
    else:
        os.mkfifo(out / "labels.pdf")
    assert main(["labels", "--out", str(out), "--state-dir", str(tmp_path / "s")]) == 2
    err = capsys.readouterr().err
    assert "labels.pdf is a " in err and "left as it was" in err
    assert victim.read_bytes() == b"precious"
    assert sorted(p.name for p in out.iterdir()) == ["labels.pdf"]
