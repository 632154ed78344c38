"""A printed label's code names its card with no enrollment, on every path a scan takes."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.inputs import IntentBus, start_inputs
from companion.inputs.framing import encode_line
from companion.inputs.intents import CardScanned, DeviceStatus
from companion.inputs.tagmap import TagError, TagInUse, TagMap, label_card
from companion.labelcodes import CARD_IDS, barcode
from tests.inputs.inputs_support import wait_for


def test_every_label_code_names_its_card_in_an_empty_tag_map(state_dir: Path) -> None:
    tagmap = TagMap.in_state_dir(state_dir)
    for card_id in CARD_IDS:
        assert tagmap.lookup(barcode(card_id)) == card_id
        assert label_card(barcode(card_id)) == card_id
    assert not (state_dir / "tags.json").exists()  # nothing was enrolled


def test_a_code_that_only_looks_like_a_label_is_no_card(state_dir: Path) -> None:
    tagmap = TagMap.in_state_dir(state_dir)
    code = barcode("C-bank")
    wrong_check = code[:7] + str((int(code[7]) + 1) % 10)
    assert tagmap.lookup(wrong_check) is None
    assert tagmap.lookup("77479990") is None  # a number past the table


def test_a_label_code_cannot_be_bound_and_rfid_tags_still_work(state_dir: Path) -> None:
    tagmap = TagMap.in_state_dir(state_dir)
    with pytest.raises(TagInUse) as caught:
        tagmap.bind(barcode("C-bank"), "D-port")
    assert caught.value.card_id == "C-bank"
    with pytest.raises(TagError, match="needs no enrollment"):
        tagmap.bind(barcode("C-bank"), "C-bank")
    assert tagmap.bind("04 a2:3b 1c", "D-port") == "04A23B1C"
    assert tagmap.lookup("04A23B1C") == "D-port"
    assert tagmap.items() == {"04A23B1C": "D-port"}


def test_a_label_scanned_on_the_reader_reaches_the_app_as_its_card(
    hardware, state_dir: Path, make_pty
) -> None:
    """The app's real path: start_inputs, the serial reader on a pty, the tag map."""
    TagMap.in_state_dir(state_dir).bind("0A12345678", "C-fireman-2")
    pty = make_pty()
    hardware["buttons"]["enabled"] = False
    hardware["reader"].update(port=pty.name, settle_s=0.0, framing="line")
    bus = IntentBus()
    inputs = start_inputs(hardware, bus, simulate=False, state_dir=state_dir)
    try:
        wait_for(bus, lambda i: isinstance(i, DeviceStatus) and i.ok)
        pty.write(encode_line(barcode("A-tea-taster")) + encode_line("0A12345678"))
        got = wait_for(bus, lambda i: isinstance(i, CardScanned) and i.tag == "0A12345678")
        scans = [i for i in got if isinstance(i, CardScanned)]
        assert scans == [
            CardScanned(barcode("A-tea-taster"), "A-tea-taster"),
            CardScanned("0A12345678", "C-fireman-2"),
        ]
    finally:
        inputs.close()


def test_enroll_says_a_label_needs_no_tag(state_dir: Path, monkeypatch, capsys) -> None:
    import io

    # The first card of the walk types its own label's code, the next another card's.
    lines = f"{barcode('A-coffee-roaster')}\n\n{barcode('C-bank')}\n\nq\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert main(["enroll", "--no-reader", "--state-dir", str(state_dir)]) == 0
    out = capsys.readouterr().out
    assert "is this card's printed label: it needs no tag" in out
    assert "That label names C-bank" in out
    assert TagMap.in_state_dir(state_dir).items() == {}
