"""The vm-test's QMP driver against an exchange recorded from QEMU 7.2 (qmp-exchange.txt:
`>` what the driver sent, `<` what QEMU answered, events included): the same calls must
send exactly those lines and read the answers, the events and the error as QEMU gave them."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmtest import qmp
from vmtest.qmp import QMP, QMPError, Recording

RECORDED = Path(__file__).with_name("qmp-exchange.txt")


def session(monkeypatch: pytest.MonkeyPatch) -> tuple[QMP, Recording]:
    monkeypatch.setattr(qmp.time, "sleep", lambda s: None)
    recording = Recording(RECORDED.read_text().splitlines())
    return QMP(recording), recording


def test_the_recorded_session_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    client, recording = session(monkeypatch)
    assert client.version == {"micro": 22, "minor": 2, "major": 7}
    assert client.status() == "running"
    client.tap(400, 240, (800, 480))  # the middle of an 800x480 screen
    client.type_keys("7\n", gap_s=0)  # a scanner's digit and its Enter
    client.screendump("/tmp/rec.ppm")
    with pytest.raises(QMPError, match="CommandNotFound: The command no-such-command"):
        client.command("no-such-command")
    client.power_button()
    client.command("quit")
    assert recording.done
    assert [e["event"] for e in client.events] == ["POWERDOWN", "SHUTDOWN"]


def test_a_tap_elsewhere_is_not_the_recorded_one(monkeypatch: pytest.MonkeyPatch) -> None:
    client, _ = session(monkeypatch)
    client.status()
    with pytest.raises(AssertionError, match="the recording has"):
        client.tap(10, 10, (800, 480))


def test_the_corners_of_the_screen_are_the_ends_of_the_axes() -> None:
    sent: list[dict[str, object]] = []

    class Fake(QMP):
        def __init__(self) -> None:
            pass

        def command(self, name: str, **arguments: object) -> None:
            sent.append(arguments)

    fake = Fake()
    qmp_sleep = qmp.time.sleep
    try:
        qmp.time.sleep = lambda s: None  # type: ignore[assignment]
        fake.tap(799, 479, (800, 480))
        fake.tap(0, 0, (800, 480))
    finally:
        qmp.time.sleep = qmp_sleep  # type: ignore[assignment]
    values = [e["data"]["value"] for call in sent for e in call.get("events", [])  # type: ignore[attr-defined]
              if e["type"] == "abs"]
    assert values == [qmp.AXIS_MAX, qmp.AXIS_MAX, 0, 0]


def test_a_closed_connection_is_an_error() -> None:
    with pytest.raises(QMPError, match="closed"):
        QMP(Recording([]))


def test_a_scanner_types_only_what_it_can() -> None:
    assert set(qmp.QCODES) >= set("0123456789\n")


def test_a_tap_moves_before_it_presses() -> None:
    # SDL's evdev code presses at once but moves at the report's end: a press sent with its
    # position landed where the previous tap was (seen in the virtual Pi).
    sent: list[list[dict[str, object]]] = []

    class Fake(QMP):
        def __init__(self) -> None:
            pass

        def command(self, name: str, **arguments: object) -> None:
            sent.append(arguments["events"])  # type: ignore[arg-type]

    qmp_sleep = qmp.time.sleep
    try:
        qmp.time.sleep = lambda s: None  # type: ignore[assignment]
        Fake().tap(400, 240, (800, 480))
    finally:
        qmp.time.sleep = qmp_sleep  # type: ignore[assignment]
    assert [[e["type"] for e in call] for call in sent] == [["abs", "abs"], ["btn"], ["btn"]]
