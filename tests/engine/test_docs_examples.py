"""Every example line of docs/record-format.md is a valid record line (its checksum, where it
has one, included), and every action type the parser knows has an example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import RecordError, parse_line
from companion.engine.actions import ACTION_TYPES

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"


def example_lines() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    return [line for block in blocks for line in block.splitlines()
            if line.startswith('{"type": ')]


def test_every_example_line_parses() -> None:
    lines = example_lines()
    assert len(lines) > 15
    for line in lines:
        parse_line(line)  # RecordError (with the line's problem) if the page is wrong


def test_every_action_type_has_an_example() -> None:
    shown = {parse_line(line).type for line in example_lines()}
    assert shown == set(ACTION_TYPES)


def test_the_checksum_example_is_checked() -> None:
    crc_lines = [line for line in example_lines() if '"crc": ' in line]
    assert crc_lines
    for line in crc_lines:
        damaged = line.replace('"value": 4', '"value": 5')
        assert damaged != line
        with pytest.raises(RecordError) as caught:
            parse_line(damaged)
        assert caught.value.code == "line_crc_mismatch"
