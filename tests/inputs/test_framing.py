"""The decoders, fed bytes directly: no port, no clock."""

from __future__ import annotations

import random

import pytest

from companion.inputs.framing import (
    MAX_LINE,
    LineDecoder,
    Rdm6300Decoder,
    Reject,
    Tag,
    encode_frame,
    encode_rdm6300,
    rdm6300_checksum,
)
from companion.inputs.tagmap import TagError, normalise_tag
from tests.inputs.inputs_support import mixed_frames, noisy_stream, rdm6300_frames


def tags(items: list) -> list[str]:
    return [item.tag for item in items if isinstance(item, Tag)]


def feed_in_pieces(decoder, data: bytes, rng: random.Random) -> list:
    out = []
    i = 0
    while i < len(data):
        step = rng.choice((1, 2, 3, 7, 64, 1000, 4096))
        out += decoder.feed(data[i : i + step])
        i += step
    return out


@pytest.mark.parametrize(
    "text, tag",
    [
        ("04A23B1C", "04A23B1C"),
        ("Card UID: 04 A2 3B 1C", "04A23B1C"),
        ("  card uid:04:a2:3b:1c  ", "04A23B1C"),
        ("UID=de-ad-be-ef-01", "DEADBEEF01"),
        ("Tag: 0012345678", "0012345678"),
        ("4006381333931", "4006381333931"),
        ("ab12", "AB12"),
    ],
)
def test_normalise_tag_gives_one_canonical_form(text: str, tag: str) -> None:
    assert normalise_tag(text) == tag


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "Card UID:",
        "Ready",
        "PICC type: MIFARE 1KB",
        "12",
        "04A2\x003B",
        "04  A2",
        "Grüße 1234",
        "1" * 65,
        "04A2_3B1C",
    ],
)
def test_normalise_tag_refuses_what_is_not_a_tag(text: str) -> None:
    with pytest.raises(TagError):
        normalise_tag(text)


def test_rdm6300_checksum_is_xor_of_the_five_data_bytes() -> None:
    # 0x62 ^ 0xE3 ^ 0x08 ^ 0x6C ^ 0xED = 0x08
    assert rdm6300_checksum("62E3086CED") == 0x08
    assert encode_rdm6300("62e3086ced") == b"\x0262E3086CED08\x03"


def test_rdm6300_decodes_frames_split_anywhere() -> None:
    data = b"".join(frame for frame, _ in rdm6300_frames(20))
    for seed in range(5):
        out = feed_in_pieces(Rdm6300Decoder(), data, random.Random(seed))
        assert tags(out) == [tag for _, tag in rdm6300_frames(20)]
        assert not [item for item in out if isinstance(item, Reject)]


@pytest.mark.parametrize(
    "frame, reason",
    [
        (b"\x0262E3086CED09\x03", "checksum"),
        (b"\x0262E3086CED0\x03", "digits"),
        (b"\x0262E3086CEDZZ\x03", "hex"),
        (b"\x0262E3086CED0808\x03", "too long"),
        (b"\x0262E30\x0262E3086CED08\x03", "cut short"),
        (b"junk\x0262E3086CED08\x03", "stray"),
    ],
)
def test_rdm6300_rejects_bad_frames_and_says_why(frame: bytes, reason: str) -> None:
    out = Rdm6300Decoder().feed(frame)
    rejects = [item.reason for item in out if isinstance(item, Reject)]
    assert any(reason in r for r in rejects), rejects
    # A good frame right after a bad one is still read.
    assert tags(out) in ([], ["62E3086CED"])
    decoder = Rdm6300Decoder()
    decoder.feed(frame)
    assert tags(decoder.feed(encode_rdm6300("62E3086CED"))) == ["62E3086CED"]


@pytest.mark.parametrize(
    "ending, data, expected",
    [
        ("any", b"AB12\rCD34\nEF56\r\n\r\n", ["AB12", "CD34", "EF56"]),
        ("lf", b"AB12\r\nCD34\n", ["AB12", "CD34"]),
        ("cr", b"AB12\rCD34\r\n", ["AB12", "CD34"]),
        ("crlf", b"AB12\r\nCD34\r\n", ["AB12", "CD34"]),
    ],
)
def test_line_endings(ending: str, data: bytes, expected: list[str]) -> None:
    for seed in range(3):
        out = feed_in_pieces(LineDecoder(ending), data, random.Random(seed))
        assert tags(out) == expected
        assert not [item for item in out if isinstance(item, Reject)]


def test_crlf_framing_does_not_end_a_line_at_a_lone_lf() -> None:
    out = LineDecoder("crlf").feed(b"AB\n12\r\n")
    assert tags(out) == []
    assert [type(item) for item in out] == [Reject]


def test_line_buffer_is_bounded_and_recovers() -> None:
    decoder = LineDecoder("any")
    rejects = []
    for _ in range(1000):
        rejects += decoder.feed(b"x" * 1000)
        assert len(decoder._buf) <= MAX_LINE + 1
    assert len(rejects) == 1 and "longer" in rejects[0].reason
    # The rest of the over-long line is dropped, the next line is read.
    assert tags(decoder.feed(b"tail\nAB12\n")) == ["AB12"]


def test_line_rejects_binary_and_chatter() -> None:
    out = LineDecoder().feed(b"\xff\xfe\nhello\nPICC type: MIFARE 1KB\nCard UID: 04 A2 3B 1C\n")
    assert tags(out) == ["04A23B1C"]
    assert len([item for item in out if isinstance(item, Reject)]) == 3


def test_encode_frame_round_trips_through_the_decoders() -> None:
    assert tags(Rdm6300Decoder().feed(encode_frame("0a1b2c3d4e", "rdm6300"))) == ["0A1B2C3D4E"]
    for ending in ("any", "cr", "lf", "crlf"):
        frame = encode_frame("Card UID: 04 a2", "line", ending)
        assert tags(LineDecoder(ending).feed(frame)) == ["04A2"]


@pytest.mark.parametrize("framing", ["rdm6300", "line"])
def test_a_mebibyte_of_noise_gives_exactly_the_valid_tags(framing: str) -> None:
    rng = random.Random(5)
    frames, rdm_tags, line_tags = mixed_frames(100)
    stream = noisy_stream(rng, frames)
    assert len(stream) >= 1 << 20
    decoder = Rdm6300Decoder() if framing == "rdm6300" else LineDecoder("any")
    out = feed_in_pieces(decoder, stream, rng)
    assert tags(out) == (rdm_tags if framing == "rdm6300" else line_tags)
    assert any(isinstance(item, Reject) for item in out)
