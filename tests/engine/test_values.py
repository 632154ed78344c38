"""`companion.engine.values`: the value types that stand in for dataclasses (cheap to define)."""

from __future__ import annotations

from typing import ClassVar

import pytest

from companion.engine import PlayerState, Reveal, Setup, State
from companion.engine.values import FrozenError, as_dict, field, fields, replace, value


@value(slots=True)
class Base:
    kind: ClassVar[str] = "base"


@value(slots=True)
class Point(Base):
    kind: ClassVar[str] = "point"
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


@value
class Box:
    items: list[int] = field(default_factory=list)
    label: str = "box"


@value(frozen=False)
class Counter:
    count: int = 0


@value(eq=False)
class Handle:
    name: str


def test_fields_in_order_with_defaults_positional_and_by_name() -> None:
    assert fields(Point) == ("x", "y", "tags")
    assert fields(Point(1)) == ("x", "y", "tags")
    assert Point(1) == Point(x=1, y=0, tags=())
    assert Point(1, 2, ("a",)).tags == ("a",)
    assert Point.kind == "point" and Point(1).kind == "point"  # a ClassVar is no field
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, z=3)  # type: ignore[call-arg]


def test_equality_and_hash_by_fields_and_class() -> None:
    assert Point(1, 2) == Point(1, 2)
    assert Point(1, 2) != Point(2, 1)
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert len({Point(1, 2), Point(1, 2), Point(3)}) == 2
    assert Point(1, 2) != (1, 2, ())  # never equal to a tuple of the same values

    @value
    class Other:
        x: int
        y: int = 0
        tags: tuple[str, ...] = ()

    assert Point(1, 2) != Other(1, 2)  # nor to another class with the same fields


def test_frozen_slotted_and_repr() -> None:
    p = Point(1, 2)
    with pytest.raises(FrozenError):
        p.x = 5  # type: ignore[misc]
    with pytest.raises(FrozenError):
        del p.y  # type: ignore[misc]
    assert isinstance(FrozenError("x"), AttributeError)
    assert not hasattr(p, "__dict__")
    assert Point.__slots__ == ("x", "y", "tags")  # type: ignore[attr-defined]
    assert repr(p) == "Point(x=1, y=2, tags=())"


def test_copy_and_pickle_of_a_frozen_slotted_value() -> None:
    import copy
    import pickle

    p = Point(1, 2, ("t",))
    assert copy.copy(p) == p and copy.deepcopy(p) == p
    assert pickle.loads(pickle.dumps(p)) == p
    assert pickle.loads(pickle.dumps(Reveal("A-warehouse"))) == Reveal("A-warehouse")


def test_default_factory_gives_each_object_its_own() -> None:
    a, b = Box(), Box()
    a.items.append(1)
    assert b.items == [] and Box([2]).items == [2]


def test_mutable_values_are_unhashable_and_eq_false_keeps_identity() -> None:
    c = Counter()
    c.count += 1
    assert c == Counter(1)
    with pytest.raises(TypeError):
        hash(c)
    h = Handle("a")
    assert h != Handle("a") and h == h
    assert Handle.__eq__ is object.__eq__ and Handle.__hash__ is object.__hash__


def test_replace_and_as_dict() -> None:
    p = Point(1, 2, ("t",))
    q = replace(p, y=5)
    assert q == Point(1, 5, ("t",)) and p.y == 2
    with pytest.raises(TypeError):
        replace(p, z=1)
    with pytest.raises(TypeError):
        replace(object())
    nested = Box([1, 2])
    assert as_dict(nested) == {"items": [1, 2], "label": "box"}
    assert as_dict({"p": Point(1)}) == {"p": {"x": 1, "y": 0, "tags": ()}}


def test_a_field_without_default_after_one_with_is_refused() -> None:
    with pytest.raises(TypeError, match="without a default"):
        @value
        class Bad:
            a: int = 0
            b: int


def test_the_engine_types_behave_as_before() -> None:
    """What the engine relies on: states compare by identity, actions and players by value."""
    assert Reveal("A-warehouse") == Reveal("A-warehouse")
    assert Reveal("A-warehouse") != Reveal("A-warehouse", ("tea", "tea", "tea"))
    assert Reveal("A-warehouse").to_json() == {"type": "reveal", "card": "A-warehouse"}
    assert Setup(players=("red", "blue"), first="red").to_json() == {
        "type": "setup", "players": ["red", "blue"], "first": "red"}
    assert PlayerState() == PlayerState(coins=5)
    assert replace(PlayerState(), coins=3).coins == 3
    assert State.__eq__ is object.__eq__


def test_init_is_compiled_on_the_first_object_and_kept() -> None:
    @value(slots=True)
    class Late:
        a: int
        b: str = "b"

    placeholder = Late.__init__
    assert Late(1) == Late(a=1, b="b")
    assert Late.__init__ is not placeholder  # the compiled one is on the class now
    compiled = Late.__init__
    assert Late(2, "c").b == "c" and Late.__init__ is compiled
    with pytest.raises(TypeError):
        Late(1, 2, 3)  # type: ignore[call-arg]
