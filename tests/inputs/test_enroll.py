"""Enrolling: the session core on plain data, and the `enroll` command on a terminal."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.cli import main
from companion.config.cards import load_catalogue_data
from companion.errors import CompanionError
from companion.inputs.enroll import BadValue, EnrollSession, parse_value
from companion.inputs.framing import encode_rdm6300
from companion.inputs.tagmap import TagError, TagInUse, TagMap
from companion.paths import SHIPPED_CONFIG_DIR
from tests.inputs.inputs_support import WAIT_S

ROOT = Path(__file__).resolve().parents[2]


def deck() -> list[dict]:
    return [
        {"id": "A-warehouse", "kind": "warehouse", "season": "A", "verified": {}},
        {
            "id": "A-fireman-1",
            "kind": "fireman",
            "season": "A",
            "value": 1,
            "verified": {"value": False},
        },
        {
            "id": "A-contract-1",
            "kind": "contract",
            "season": "A",
            "goods": ("coffee", "tea"),
            "verified": {"goods": False},
        },
        {"id": "B-fire", "kind": "fire", "season": "B", "points": 2, "verified": {"points": True}},
    ]


def test_the_walk_binds_tags_and_confirms_values(state_dir: Path) -> None:
    saved = []
    tags = TagMap.in_state_dir(state_dir)
    session = EnrollSession(deck(), tags, save_value=lambda *a: saved.append(a))
    assert session.total == 4
    assert session.next_card()["id"] == "A-warehouse"
    assert session.unverified() == []
    assert session.bind("Card UID: 04 A2 3B 1C") == "04A23B1C"
    session.advance()
    assert session.next_card()["id"] == "A-fireman-1"
    with pytest.raises(TagInUse):
        session.bind("04A23B1C")
    with pytest.raises(TagError):
        session.bind("hello")
    assert session.next_card()["id"] == "A-fireman-1"  # still here after a refusal
    assert session.unverified() == [("value", 1)]
    assert session.confirm("value", "4") == 4
    assert session.unverified() == []
    session.skip()
    assert session.confirm("goods", None) == ("coffee", "tea")  # the guess was right
    session.skip()
    session.skip()
    assert session.next_card() is None
    assert saved == [
        ("A-fireman-1", "value", 4),
        ("A-contract-1", "goods", ("coffee", "tea")),
    ]
    assert tags.items() == {"04A23B1C": "A-warehouse"}


def test_a_second_walk_covers_only_what_is_left(state_dir: Path) -> None:
    tags = TagMap.in_state_dir(state_dir)
    cards = deck()
    tags.bind("AB0001", "A-warehouse")
    tags.bind("AB0004", "B-fire")
    cards[1]["verified"]["value"] = True
    session = EnrollSession(cards, tags)
    assert [c["id"] for c in session.cards] == ["A-fireman-1", "A-contract-1"]
    assert EnrollSession(cards, tags, every_card=True).total == 4


def test_an_unknown_tag_can_be_bound_to_a_chosen_card(state_dir: Path) -> None:
    tags = TagMap.in_state_dir(state_dir)
    tags.bind("AB0004", "B-fire")
    session = EnrollSession(deck(), tags)
    assert [c["id"] for c in session.cards] == ["A-warehouse", "A-fireman-1", "A-contract-1"]
    assert session.go_to("B-fire")["id"] == "B-fire"  # not in the walk: joins it
    session.bind("AB0099")
    assert tags.lookup("AB0099") == "B-fire"
    assert session.go_to("A-contract-1") is session.next_card()
    with pytest.raises(CompanionError):
        session.go_to("Z-nothing")


@pytest.mark.parametrize(
    "field, text, value",
    [
        ("value", "5", 5),
        ("points", "12", 12),
        ("goods", "coffee tea saffron", ["coffee", "tea", "saffron"]),
        ("goods", "co+ca, r", ["coffee", "carpet", "rubber"]),
    ],
)
def test_typed_values(field: str, text: str, value) -> None:
    assert parse_value(field, text) == value


@pytest.mark.parametrize(
    "field, text",
    [("value", "6"), ("value", "two"), ("points", "-1"), ("goods", "c tea"), ("goods", "tea")],
)
def test_bad_typed_values_are_refused(field: str, text: str) -> None:
    with pytest.raises(BadValue):
        parse_value(field, text)


def test_enroll_command_saves_tags_and_verified_values(
    state_dir: Path, monkeypatch, capsys
) -> None:
    answers = [
        "04A23B1C",  # A-coffee-roaster
        "",  # A-tea-taster: skip
        "04a23b1c",  # A-spice-trader: already bound -> refused
        "0A00000003",
        "",  # A-carpet-trader
        "",  # A-vulcanizer
        "",  # A-warehouse
        "",  # A-counting-office
        "",  # A-contract-1: no tag
        "coffee rubber",  # its goods
        "",  # A-contract-2: no tag
        "y",  # its goods are as guessed
        "q",
    ]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(answers) + "\n"))
    assert main(["enroll", "--no-reader", "--state-dir", str(state_dir)]) == 0
    out = capsys.readouterr().out
    assert "That tag belongs to A-coffee-roaster" in out
    assert TagMap.in_state_dir(state_dir).items() == {
        "04A23B1C": "A-coffee-roaster",
        "0A00000003": "A-spice-trader",
    }
    cards = {c["id"]: c for c in load_catalogue_data(SHIPPED_CONFIG_DIR, state_dir)}
    assert cards["A-contract-1"]["goods"] == ("coffee", "rubber")
    assert cards["A-contract-1"]["verified"]["goods"] is True
    assert cards["A-contract-2"]["verified"]["goods"] is True
    assert cards["A-contract-3"]["verified"]["goods"] is False


def test_enroll_binds_a_tag_scanned_on_the_reader(state_dir: Path, make_pty) -> None:
    pty = make_pty()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "enroll",
            "--state-dir",
            str(state_dir),
            "--port",
            pty.name,
            "--settle",
            "0",
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    watchdog = threading.Timer(3 * WAIT_S, proc.kill)
    watchdog.daemon = True
    watchdog.start()
    try:
        for line in proc.stdout:
            if "card reader ready" in line:
                break
        pty.write(encode_rdm6300("0A0B0C0D0E"))
        for line in proc.stdout:
            if "Bound" in line:
                assert "0A0B0C0D0E to A-coffee-roaster" in line
                break
        proc.stdin.write("q\n")
        proc.stdin.flush()
        out, err = proc.communicate(timeout=WAIT_S)
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait()
    assert proc.returncode == 0, err
    assert TagMap.in_state_dir(state_dir).lookup("0A0B0C0D0E") == "A-coffee-roaster"


def test_enroll_takes_a_replayed_scanner_like_any_port(state_dir: Path, tmp_path: Path) -> None:
    """`--port hid-replay:FILE`: an RFID-like code is bound, a printed label is not."""
    from companion.inputs.keys import key_events
    from companion.inputs.scanner import replay_text
    from companion.labelcodes import barcode

    events = key_events("04A23B1C", 0.0) + key_events(barcode("A-tea-taster"), 2.0)
    replay = tmp_path / "scans.events"
    replay.write_text(replay_text(events), encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "enroll", "--state-dir", str(state_dir),
         "--port", f"hid-replay:{replay}"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    watchdog = threading.Timer(3 * WAIT_S, proc.kill)
    watchdog.daemon = True
    watchdog.start()
    try:
        said = []
        for line in proc.stdout:
            said.append(line)
            if "printed label" in line:
                break
        proc.stdin.write("q\n")
        proc.stdin.flush()
        out, err = proc.communicate(timeout=WAIT_S)
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait()
    assert proc.returncode == 0, err
    text = "".join(said)
    assert "(barcode scanner)." in text
    assert "Bound 04A23B1C to A-coffee-roaster." in text
    assert f"{barcode('A-tea-taster')} is this card's printed label: it needs no tag." in text
    assert TagMap.in_state_dir(state_dir).items() == {"04A23B1C": "A-coffee-roaster"}
