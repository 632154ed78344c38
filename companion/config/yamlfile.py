"""Load a YAML file and remember on which line each key stands.

Every configuration error must name the file, the line and the key, so the
loader keeps, for each path of keys and list indexes, the line it came from.

PyYAML is imported only when a file is parsed (its import compiles regular
expressions, ~20 ms): the app's start reads its checked configuration from a
cache (`companion.config.cache`) and imports no YAML when nothing changed.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import ConfigError
from companion.fsio import NotAFile, describe, read_bounded

if TYPE_CHECKING:
    import yaml

KeyPath = tuple[str | int, ...]


def dotted(path: KeyPath) -> str:
    """`("buttons", "pins", "red")` -> `buttons.pins.red`; list indexes as `[i]`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out or "(top level)"


class KeyProblem(ConfigError):
    """A ConfigError about one key of a file; `key_path` says which key."""

    def __init__(self, message: str, key_path: KeyPath) -> None:
        super().__init__(message)
        self.key_path = key_path


class YamlDocument:
    """The parsed data of one file and the line of every key path in it.

    Data that did not come from a file (a dict built in code) has no line
    table: its errors then name the file and the key, without a line.

    A plain class, not a dataclass (whose generated methods are compiled as the module
    loads, before the app's first frame) nor a `companion.engine.values` type (the inputs
    read YAML too, and never the engine).
    """

    __slots__ = ("path", "data", "lines")

    def __init__(self, path: Path, data: Any, lines: dict[KeyPath, int] | None = None) -> None:
        self.path = path
        self.data = data
        self.lines: dict[KeyPath, int] = {} if lines is None else lines

    def __repr__(self) -> str:
        return f"YamlDocument(path={self.path!r}, data={self.data!r}, lines={self.lines!r})"

    def line_of(self, key_path: KeyPath) -> int:
        """The line of `key_path`, or of its nearest parent that has one (1 for the top)."""
        probe = tuple(key_path)
        while probe:
            if probe in self.lines:
                return self.lines[probe]
            probe = probe[:-1]
        return self.lines.get((), 1)

    def error(self, key_path: KeyPath, problem: str) -> KeyProblem:
        """A ConfigError that names file, line and key (no line without a line table)."""
        where = f"{self.path}:{self.line_of(key_path)}" if self.lines else str(self.path)
        return KeyProblem(f"{where}: {dotted(key_path)}: {problem}", tuple(key_path))


#: More values than any configuration has: aliases that multiply (`&a [*a, *a]`, ...).
_MAX_VALUES = 100_000
#: The largest YAML file read (the shipped cards.yaml is under 5 KB); docs/config-limits.md.
MAX_BYTES = 1024 * 1024
#: The deepest nesting of lists and groups (cards.yaml needs 5); docs/config-limits.md.
MAX_DEPTH = 32


def _too_deep(doc_path: Path, line: int) -> ConfigError:
    return ConfigError(
        f"{doc_path}:{line}: nested more than {MAX_DEPTH} levels deep "
        "(lists or groups inside each other); no configuration needs that many"
    )


def _convert(
    node: yaml.Node,
    path: KeyPath,
    lines: dict[KeyPath, int],
    doc_path: Path,
    inside: frozenset[int] = frozenset(),
    depth: int = 0,
) -> Any:
    # An alias can point at a collection it sits in (`&a [*a]`): no end to walk.
    if id(node) in inside:
        raise ConfigError(
            f"{doc_path}:{node.start_mark.line + 1}: {dotted(path)}: contains itself (an alias)"
        )
    if len(lines) > _MAX_VALUES:
        raise ConfigError(f"{doc_path}: more than {_MAX_VALUES} values (aliases that multiply?)")
    lines.setdefault(path, node.start_mark.line + 1)
    import yaml

    if isinstance(node, yaml.MappingNode | yaml.SequenceNode):
        inside = inside | {id(node)}
        depth += 1
        if depth > MAX_DEPTH:
            raise _too_deep(doc_path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = (
                _scalar_at(key_node, path, doc_path)
                if isinstance(key_node, yaml.ScalarNode)
                else None
            )
            if not isinstance(key, str | int | float | bool):
                raise ConfigError(
                    f"{doc_path}:{key_node.start_mark.line + 1}: {dotted(path)}: "
                    "a key must be a plain word"
                )
            key = str(key)
            if key in out:
                raise ConfigError(
                    f"{doc_path}:{key_node.start_mark.line + 1}: {dotted(path + (key,))}: "
                    "this key is given twice"
                )
            lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _convert(value_node, path + (key,), lines, doc_path, inside, depth)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [
            _convert(item, path + (i,), lines, doc_path, inside, depth)
            for i, item in enumerate(node.value)
        ]
    return _scalar_at(node, path, doc_path)


def _scalar_at(node: yaml.Node, path: KeyPath, doc_path: Path) -> Any:
    """`_scalar`, with a malformed value (`2001-13-45`, `!!int abc`, an unknown
    `!!python/...` tag) reported as a ConfigError at its line and key: PyYAML's
    constructors raise ValueError, AttributeError or ConstructorError for them."""
    try:
        return _scalar(node)
    except Exception as exc:  # noqa: BLE001 - any failure to build one scalar is bad input
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError(
            f"{doc_path}:{node.start_mark.line + 1}: {dotted(path)}: not a valid value ({problem})"
        ) from None


#: One safe constructor for every scalar (building a SafeLoader per scalar was most of
#: the time of loading the catalogue), reset after each use; made at the first parse.
_constructor: Any = None
_constructor_lock = threading.Lock()


def _composer() -> Any:
    """LibYAML's composer when PyYAML was built with it (same nodes, same line marks, ~10x
    faster than the pure-Python one); the pure-Python one otherwise, and for messages."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _scalar(node: yaml.Node) -> Any:
    # Resolve the scalar with the safe loader's own rules (ints, floats, bools, null).
    global _constructor
    with _constructor_lock:
        if _constructor is None:
            import yaml

            _constructor = yaml.constructor.SafeConstructor()
        try:
            return _constructor.construct_object(node, deep=True)
        finally:
            _constructor.constructed_objects = {}
            _constructor.recursive_objects = {}
            _constructor.state_generators = []
            _constructor.deep_construct = False


def load(path: str | Path, *, missing_ok: bool = False) -> YamlDocument | None:
    """Parse `path`. A missing file is a ConfigError unless `missing_ok` (then None)."""
    path = Path(path)
    try:
        # Never more than the limit in memory: a 60 MB file is refused, not parsed; a named
        # pipe or a device is refused unread (fsio.read_bounded).
        raw = read_bounded(path, MAX_BYTES)
        if len(raw) > MAX_BYTES:
            raise ConfigError(
                f"{path}: larger than {MAX_BYTES // 1024} KB; no configuration file is that "
                "big (is it the right file?)"
            )
        text = raw.decode("utf-8")
    except FileNotFoundError:
        if missing_ok:
            return None
        raise ConfigError(f"{path}: the file does not exist") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except NotAFile as exc:
        raise ConfigError(f"{path}: {describe(exc)}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({describe(exc)})") from None
    return parse(text, path)


def parse(text: str, path: str | Path = "<text>") -> YamlDocument:
    """Parse YAML text that claims to come from `path` (used in messages)."""
    import yaml

    path = Path(path)
    if len(text) > MAX_BYTES:
        raise ConfigError(f"{path}: larger than {MAX_BYTES // 1024} KB")
    try:
        node = yaml.compose(text, Loader=_composer())
    except RecursionError:
        raise _deep_error(text, path) from None
    except yaml.YAMLError:
        # The message (and the line and column it names) as the pure-Python parser words
        # it, since LibYAML's can differ: bad YAML is rare, parsing it twice costs nothing.
        node = _compose_for_message(text, path)
    # An empty file still has lines: its top level is line 1.
    lines: dict[KeyPath, int] = {(): 1} if node is None else {}
    data = None if node is None else _convert(node, (), lines, path)
    return YamlDocument(path=path, data=data, lines=lines)


def _compose_for_message(text: str, path: Path) -> Any:
    """Compose with the pure-Python parser: a ConfigError naming line and column."""
    import yaml

    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except RecursionError:
        # The pure-Python composer recurses once per level: too deep for it.
        raise _deep_error(text, path) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        raise ConfigError(f"{where}: not valid YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML: {exc}") from None


def _deep_error(text: str, path: Path) -> ConfigError:
    """The error for text nested too deep for a composer: found with the parser's event
    stream (a loop, no recursion), it names the line where the nesting passes MAX_DEPTH."""
    import yaml

    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark
                    return _too_deep(path, mark.line + 1 if mark is not None else 1)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        return ConfigError(f"{where}: not valid YAML: {getattr(exc, 'problem', exc)}")
    return ConfigError(f"{path}: nested too deep to read")
