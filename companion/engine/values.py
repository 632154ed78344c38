"""Value types that are cheap to define: `@value`, a small stand-in for `@dataclass`.

Why not `dataclasses`: on Python 3.11 a `@dataclass(frozen=True, slots=True)`
compiles six functions with `exec` when its module is imported (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``):
about 0.6-0.9 ms a class on the development machine, and some 50 such classes
stood between the companion's start and its first frame (~30 ms, a third of the
start; `benchmarks/FINDINGS.md`, "The start: value types"). `@value` compiles
one function, ``__init__``, since it is on the engine's hot path, and only when
the first object of the class is made; equality,
hashing, ``repr`` and the frozen guard are shared methods that read the
fields through one `operator.attrgetter` (C code), so they cost nothing to
define and little to call. `python -m benchmarks --only startup` measures it.

What a class gets, as with a dataclass:

- fields from its annotations (``ClassVar`` ones excluded) in order, the
  base classes' fields first; defaults from the class body, or
  ``field(default_factory=...)`` for a fresh mutable default;
- ``__init__`` taking them positionally or by name;
- ``==`` field by field between objects of the same class, and ``hash`` of
  the fields when frozen (``eq=False`` keeps identity for both);
- ``repr`` naming the class and every field;
- with ``frozen=True`` (the default) assignment and deletion raise
  `FrozenError`; with ``slots=True`` the class is rebuilt with ``__slots__``
  (and `copy` and `pickle` still work);
- `fields`, `replace` and `as_dict` as the module's functions.

What it leaves out, since nothing here uses it: ordering, ``__post_init__``,
``InitVar``, keyword-only fields and ``__match_args__``.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

__all__ = ["FrozenError", "as_dict", "field", "fields", "replace", "value"]

T = TypeVar("T")

#: The class attribute that lists a value type's fields, in order.
FIELDS = "__value_fields__"


class FrozenError(AttributeError):
    """Assignment to, or deletion of, a field of a frozen value."""


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], Any]) -> Any:
    """A field's default made fresh for each object (a list, a dict)."""
    return _Factory(default_factory)


_MISSING = object()


def _frozen_setattr(self: Any, name: str, _value: Any) -> None:
    raise FrozenError(f"cannot assign to field {name!r} of a frozen {type(self).__name__}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenError(f"cannot delete field {name!r} of a frozen {type(self).__name__}")


def _repr(self: Any) -> str:
    cls = type(self)
    inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in getattr(cls, FIELDS))
    return f"{cls.__qualname__}({inner})"


def _eq(self: Any, other: Any) -> Any:
    key: Callable[[Any], Any] = self.__value_key__
    if other.__class__ is not self.__class__:
        return NotImplemented
    return key(self) == key(other)


def _hash(self: Any) -> int:
    return hash(self.__value_key__(self))


def _getstate(self: Any) -> list[Any]:
    """What `copy` and `pickle` keep of a slotted value (it has no ``__dict__``)."""
    return [getattr(self, name) for name in getattr(type(self), FIELDS)]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, item in zip(getattr(type(self), FIELDS), state, strict=True):
        object.__setattr__(self, name, item)


def _class_fields(cls: type) -> list[tuple[str, Any]]:
    """(name, default or _MISSING or a _Factory) of `cls`, its bases' fields first."""
    found: dict[str, Any] = {}
    for base in reversed(cls.__mro__[1:]):
        defaults = base.__dict__.get("__value_defaults__")
        if defaults is not None:
            found.update(defaults)
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if text.startswith(("ClassVar", "typing.ClassVar")):
            continue
        found[name] = cls.__dict__.get(name, _MISSING)
    return list(found.items())


def _make_init(cls: type, spec: list[tuple[str, Any]], frozen: bool) -> Callable[..., None]:
    names: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": _MISSING}
    params, body = [], []
    for name, default in spec:
        if default is _MISSING:
            params.append(name)
        elif isinstance(default, _Factory):
            names[f"_f_{name}"] = default.make
            params.append(f"{name}=_MISSING")
            body.append(f"  if {name} is _MISSING: {name} = _f_{name}()")
        else:
            names[f"_d_{name}"] = default
            params.append(f"{name}=_d_{name}")
        body.append(f"  _set(self, {name!r}, {name})" if frozen else f"  self.{name} = {name}")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "  pass")
    exec(source, names)  # noqa: S102 - our own text, built from the class's field names
    init: Callable[..., None] = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _first_init(cls: type, spec: list[tuple[str, Any]], frozen: bool) -> Callable[..., None]:
    """An ``__init__`` that compiles the real one on the first object made, puts it on the
    class and runs it: most value types are never made before the first frame (the
    screens' types while a game is resumed, the engine's actions on Home), so none of
    them pays for `exec` at import."""
    _check_order(cls, spec)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        real = _make_init(cls, spec, frozen)
        real.__module__ = cls.__module__
        type.__setattr__(cls, "__init__", real)  # (mypy: no assigning to a method)
        real(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _check_order(cls: type, spec: list[tuple[str, Any]]) -> None:
    """A field without a default may not follow one with a default (as for a dataclass)."""
    seen_default = False
    for name, default in spec:
        if default is _MISSING and seen_default:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one with")
        seen_default = seen_default or default is not _MISSING


def _build(cls: type, eq: bool, frozen: bool, slots: bool) -> type:
    spec = _class_fields(cls)
    names = [name for name, _ in spec]
    own = {name for name in cls.__dict__.get("__annotations__", {}) if name in names}
    namespace = dict(cls.__dict__)
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    if slots:
        for name in own:
            namespace.pop(name, None)  # the defaults live in __value_defaults__, not on the class
        namespace["__slots__"] = tuple(name for name in names if name in own)
        cls = type(cls)(cls.__name__, cls.__bases__, namespace)
    init = _first_init(cls, spec, frozen)
    added: dict[str, Any] = {
        FIELDS: tuple(names),
        "__value_defaults__": dict(spec),
        "__value_key__": staticmethod(attrgetter(*names) if names else _no_fields),
        "__init__": init,
    }
    if "__repr__" not in cls.__dict__:
        added["__repr__"] = _repr
    if eq and "__eq__" not in cls.__dict__:
        added["__eq__"] = _eq
        added["__hash__"] = _hash if frozen else None
    if slots:
        added["__getstate__"] = _getstate
        added["__setstate__"] = _setstate
    if frozen:
        added["__setattr__"] = _frozen_setattr
        added["__delattr__"] = _frozen_delattr
    for key, item in added.items():
        setattr(cls, key, item)
    return cls


def _no_fields(_obj: object) -> tuple[()]:
    return ()


@overload
def value(cls: type[T], /) -> type[T]: ...


@overload
def value(*, eq: bool = True, frozen: bool = True,
          slots: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def value(cls: type[T] | None = None, /, *, eq: bool = True, frozen: bool = True,
          slots: bool = False) -> Any:
    """Make `cls` a value type (see the module's docstring); ``@value`` or ``@value(...)``."""

    def wrap(target: type[T]) -> type[T]:
        return _build(target, eq, frozen, slots)

    return wrap if cls is None else wrap(cls)


def fields(obj: object) -> tuple[str, ...]:
    """The field names of a value type or of one of its objects, in order."""
    found: tuple[str, ...] | None = getattr(obj, FIELDS, None)
    if found is None:
        raise TypeError(f"{obj!r} is not a value type")
    return found


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of `obj` with `changes` made (the fields not named are kept)."""
    for name in fields(obj):
        if name not in changes:
            changes[name] = getattr(obj, name)
    return type(obj)(**changes)


def as_dict(obj: Any) -> Any:
    """`obj` as plain data: value types become dicts, recursively (like `dataclasses.asdict`)."""
    names = getattr(type(obj), FIELDS, None)
    if names is not None:
        return {name: as_dict(getattr(obj, name)) for name in names}
    if isinstance(obj, (list, tuple)):
        return type(obj)(as_dict(item) for item in obj)
    if isinstance(obj, dict):
        return {as_dict(k): as_dict(v) for k, v in obj.items()}
    return obj
