"""The owner's tag map: binding, refusing, atomic saves, picking up changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import ConfigError
from companion.inputs.tagmap import TAGS_FILE, TagError, TagInUse, TagMap


def test_bind_and_look_up_in_any_spelling(state_dir: Path) -> None:
    tags = TagMap.in_state_dir(state_dir)
    assert tags.bind("Card UID: 04 a2 3b 1c", "A-warehouse") == "04A23B1C"
    assert tags.lookup("04:A2:3B:1C") == "A-warehouse"
    assert tags.lookup("0000FFFF") is None
    assert tags.lookup("not a tag") is None
    assert tags.tag_of("A-warehouse") == "04A23B1C"
    data = json.loads((state_dir / TAGS_FILE).read_text(encoding="utf-8"))
    assert data == {"04A23B1C": "A-warehouse"}


def test_a_tag_of_another_card_is_refused(state_dir: Path) -> None:
    tags = TagMap.in_state_dir(state_dir)
    tags.bind("04A23B1C", "A-warehouse")
    with pytest.raises(TagInUse) as caught:
        tags.bind("04a23b1c", "B-fire")
    assert caught.value.card_id == "A-warehouse"
    assert tags.lookup("04A23B1C") == "A-warehouse"
    # Binding it to the same card again is fine.
    tags.bind("04A23B1C", "A-warehouse")


def test_a_new_tag_for_a_card_replaces_its_old_one(state_dir: Path) -> None:
    tags = TagMap.in_state_dir(state_dir)
    tags.bind("04A23B1C", "B-fire")
    tags.bind("0A0B0C0D0E", "B-fire")
    assert tags.items() == {"0A0B0C0D0E": "B-fire"}
    assert tags.unbind_card("B-fire")
    assert not tags.unbind_card("B-fire")
    assert tags.items() == {}


def test_saves_are_atomic_and_leave_no_temporary_files(state_dir: Path) -> None:
    tags = TagMap.in_state_dir(state_dir)
    for i in range(20):
        tags.bind(f"AB{i:04d}", f"card-{i}")
    assert sorted(p.name for p in state_dir.iterdir()) == [TAGS_FILE]
    assert len(TagMap.in_state_dir(state_dir).items()) == 20


def test_a_change_by_another_process_is_picked_up(state_dir: Path) -> None:
    app = TagMap.in_state_dir(state_dir)
    assert app.lookup("04A23B1C") is None
    TagMap.in_state_dir(state_dir).bind("04A23B1C", "C-bank")  # `enroll` meanwhile
    assert app.lookup("04A23B1C") == "C-bank"


def test_a_broken_file_is_an_error_or_is_reported(state_dir: Path) -> None:
    (state_dir / TAGS_FILE).write_text('["not", "a", "map"]', encoding="utf-8")
    with pytest.raises(ConfigError, match="tag map"):
        TagMap.in_state_dir(state_dir)
    lenient = TagMap.in_state_dir(state_dir, strict=False)
    assert lenient.problem and lenient.items() == {}


def test_bad_tags_are_refused(state_dir: Path) -> None:
    with pytest.raises(TagError):
        TagMap.in_state_dir(state_dir).bind("Ready", "C-bank")
