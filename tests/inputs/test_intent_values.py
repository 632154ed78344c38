"""Intents are plain immutable values (what frozen dataclasses gave, without their import cost)."""

from __future__ import annotations

import copy
import pickle

import pytest

from companion.inputs import intents as it


def test_equal_by_type_and_fields_and_hashable() -> None:
    assert it.Ok() == it.Ok() and it.Ok() != it.Undo() and it.Undo() != it.Redo()
    assert it.PlayerButton("red") == it.PlayerButton(colour="red") != it.PlayerButton("blue")
    assert it.CardScanned("A1", None) != it.CardScanned("A1", "warehouse-1")
    assert len({it.Ok(), it.Ok(), it.Back(), it.PlayerButton("red"), it.PlayerButton("red")}) == 3
    assert it.Ok() != ()  # not a tuple in disguise


def test_repr_names_the_fields() -> None:
    assert repr(it.DeviceStatus("reader", False, "gone")) == \
        "DeviceStatus(device='reader', ok=False, message='gone')"
    assert repr(it.Ok()) == "Ok()"


def test_immutable_and_copied_or_pickled_by_value() -> None:
    button = it.PlayerButton("red")
    with pytest.raises(AttributeError):
        button.colour = "blue"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del button.colour
    for value in (it.Ok(), button, it.CardScanned("A1", None), it.DeviceStatus("tags", True, "")):
        assert copy.copy(value) == value == copy.deepcopy(value)
        assert pickle.loads(pickle.dumps(value)) == value


@pytest.mark.parametrize("make", [
    lambda: it.PlayerButton(), lambda: it.PlayerButton("red", "blue"), lambda: it.Ok(1),
    lambda: it.PlayerButton(color="red"), lambda: it.CardScanned("A1", tag="B2"),
])
def test_wrong_arguments_are_a_type_error(make) -> None:
    with pytest.raises(TypeError):
        make()
