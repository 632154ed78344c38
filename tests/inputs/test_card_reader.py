"""The card reader thread over loop:// and over a pty: noise, repeats, unplug and replug."""

from __future__ import annotations

import os
import random
import threading
from pathlib import Path

import pytest

from companion.config.settings import hardware_from_dict
from companion.config.settings import replace as settings_replace
from companion.inputs.bus import IntentBus
from companion.inputs.cardreader import CardReader, RepeatFilter
from companion.inputs.framing import encode_rdm6300
from companion.inputs.intents import CardScanned, DeviceStatus
from companion.inputs.tagmap import TagMap
from tests.inputs.inputs_support import (
    mixed_frames,
    noisy_stream,
    quiet_for,
    rdm6300_frames,
    wait_for,
)


def settings_for(hardware, **changes):
    base = hardware_from_dict(hardware).reader
    fast = {"settle_s": 0.0, "reconnect_s": 0.05}
    return settings_replace(base, **{**fast, **changes})


def scanned(intents) -> list[str]:
    return [i.tag for i in intents if isinstance(i, CardScanned)]


def collect_tags(bus: IntentBus, count: int) -> list[str]:
    """The next `count` scanned tags (other intents are skipped)."""
    out: list[str] = []
    while len(out) < count:
        got = wait_for(bus, lambda i: isinstance(i, CardScanned))
        out += scanned(got)
    return out


@pytest.fixture
def reader_factory(bus: IntentBus):
    made: list[CardReader] = []

    def make(settings, lookup=lambda tag: None) -> CardReader:
        reader = CardReader(settings, bus, lookup=lookup).start()
        made.append(reader)
        return reader

    yield make
    for reader in made:
        reader.close()


def ready(bus: IntentBus) -> None:
    wait_for(bus, lambda i: isinstance(i, DeviceStatus) and i.ok)


def test_repeat_filter_counts_a_held_card_once() -> None:
    repeats = RepeatFilter(1.5)
    # A held card repeats every 0.1 s for a minute: one scan.
    assert [repeats.accept("AB12", t / 10) for t in range(600)].count(True) == 1
    # Taken away for longer than the window and shown again: a new scan.
    assert repeats.accept("AB12", 62.0)
    # Another card meanwhile is not hidden.
    assert repeats.accept("CD34", 62.1)
    assert not repeats.accept("AB12", 62.2)


# pyserial's loop:// moves one byte at a time through a queue (5 to 12 s per
# MiB here), so one mebibyte goes through it (in the shipped framing), a
# quarter for the line framing; the pty tests below take a mebibyte in each.
@pytest.mark.parametrize("framing, noise", [("rdm6300", 1 << 20), ("line", 1 << 18)])
def test_loop_port_noise_gives_exactly_the_valid_tags(
    hardware, bus, reader_factory, framing, noise
):
    rng = random.Random(11)
    frames, rdm_tags, line_tags = mixed_frames(60)
    stream = noisy_stream(rng, frames, noise, spread=0.02)
    assert len(stream) >= noise
    reader = reader_factory(settings_for(hardware, port="loop://", framing=framing))
    ready(bus)
    for i in range(0, len(stream), 65536):
        reader.write(stream[i : i + 65536])
    expected = rdm_tags if framing == "rdm6300" else line_tags
    assert collect_tags(bus, len(expected)) == expected
    assert scanned(quiet_for(bus, 0.2)) == []


@pytest.mark.parametrize("framing", ["rdm6300", "line"])
def test_pty_noise_gives_exactly_the_valid_tags(hardware, bus, reader_factory, make_pty, framing):
    rng = random.Random(12)
    frames, rdm_tags, line_tags = mixed_frames(60)
    stream = noisy_stream(rng, frames)
    assert len(stream) >= 1 << 20
    pty = make_pty()
    reader_factory(settings_for(hardware, port=pty.name, framing=framing))
    ready(bus)
    writer = threading.Thread(target=pty.write, args=(stream,), daemon=True)
    writer.start()
    expected = rdm_tags if framing == "rdm6300" else line_tags
    assert collect_tags(bus, len(expected)) == expected
    writer.join(10)
    assert scanned(quiet_for(bus, 0.2)) == []


def test_a_held_card_is_one_scan_and_tags_are_looked_up(
    hardware, bus, reader_factory, make_pty, state_dir: Path
) -> None:
    tagmap = TagMap.in_state_dir(state_dir)
    tagmap.bind("0A12345678", "B-fire")
    pty = make_pty()
    reader_factory(settings_for(hardware, port=pty.name, repeat_suppress_s=30.0), tagmap.lookup)
    ready(bus)
    frame = encode_rdm6300("0A12345678")
    pty.write(frame * 25)
    pty.write(encode_rdm6300("0B00000001") + frame * 5)
    got = wait_for(bus, lambda i: isinstance(i, CardScanned) and i.card_id is None)
    assert [i for i in got if isinstance(i, CardScanned)] == [
        CardScanned("0A12345678", "B-fire"),
        CardScanned("0B00000001", None),
    ]
    assert scanned(quiet_for(bus, 0.3)) == []


def test_an_arduino_boot_banner_is_dropped_during_the_settle_time(
    hardware, bus, reader_factory, make_pty
) -> None:
    pty = make_pty()
    pty.write(b"Reader ready\r\n0123456789\r\n")  # sent while "booting", before the reader opens
    reader_factory(settings_for(hardware, port=pty.name, framing="line", settle_s=0.2))
    ready(bus)
    pty.write(b"Card UID: 04 A2 3B 1C\r\n")
    assert collect_tags(bus, 1) == ["04A23B1C"]


def test_unplug_and_replug_are_reported_and_survived(
    hardware, bus, reader_factory, make_pty, tmp_path: Path
) -> None:
    # A symlink plays the udev name: it goes when the reader is unplugged and
    # comes back, pointing at a new device, when it is plugged in again.
    link = tmp_path / "speicherstadt-reader"
    first = make_pty()
    os.symlink(first.name, link)
    frames = rdm6300_frames(3)
    reader = reader_factory(settings_for(hardware, port=str(link)))
    ready(bus)
    first.write(frames[0][0])
    assert collect_tags(bus, 1) == [frames[0][1]]

    first.close()
    link.unlink()
    got = wait_for(bus, lambda i: isinstance(i, DeviceStatus))
    assert got[-1].device == "reader" and not got[-1].ok
    # Still gone: retries are quiet, not one message per attempt.
    assert quiet_for(bus, 0.3) == []
    assert reader._thread.is_alive()

    second = make_pty()
    os.symlink(second.name, link)
    got = wait_for(bus, lambda i: isinstance(i, DeviceStatus))
    assert got[-1].ok and "ready" in got[-1].message
    second.write(frames[1][0] + frames[2][0])
    assert collect_tags(bus, 2) == [frames[1][1], frames[2][1]]


def test_a_reader_missing_at_start_is_reported_and_found_later(
    hardware, bus, reader_factory, make_pty, tmp_path: Path
) -> None:
    link = tmp_path / "reader"
    reader_factory(settings_for(hardware, port=str(link)))
    got = wait_for(bus, lambda i: isinstance(i, DeviceStatus))
    assert not got[-1].ok and str(link) in got[-1].message
    pty = make_pty()
    os.symlink(pty.name, link)
    ready(bus)
    pty.write(encode_rdm6300("0A0B0C0D0E"))
    assert collect_tags(bus, 1) == ["0A0B0C0D0E"]


@pytest.mark.parametrize("kind", ["loop", "pty"])
def test_an_idle_reader_reads_without_a_timeout_and_close_still_ends_it(
    hardware, bus, make_pty, kind
) -> None:
    # No timeout: the thread sleeps until bytes come (no wake-ups while the table is quiet,
    # issue 14); close() must then cancel the read, or the thread would block for good.
    port = "loop://" if kind == "loop" else make_pty().name
    reader = CardReader(settings_for(hardware, port=port), bus, lookup=lambda tag: None).start()
    ready(bus)
    assert reader.connection is not None and reader.connection.timeout is None
    reader.close(timeout=30)
    assert not reader._thread.is_alive()
