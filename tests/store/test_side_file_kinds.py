"""Every file the companion reads from its state or configuration folder, and the replay and
record files named on the command line, against every kind of thing that can have its name
(issue 35, item 1): a named pipe (it hung the app, which then ignored SIGTERM), a link to
/dev/zero (1.3 GB in 1.5 s, then a MemoryError), a folder, a socket, a file over its
stated limit (docs/config-limits.md, docs/journal.md), and a file that cannot be read.

Each is read the way the companion reads it (through `companion.app`'s loaders and the
store's own functions, with a real state folder): it must come back at once with a
message that names the file (or, where documented, the file quietly counts as absent),
never wait, never fill the memory, never raise anything but the documented error."""

from __future__ import annotations

import errno
import os
import shutil
import socket
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion import app
from companion.commands.common import read_record
from companion.config.cache import MAX_CACHE_BYTES, cache_path
from companion.config.sidefiles import MAX_JSON_BYTES, check_tags_file, read_ui_settings
from companion.config.yamlfile import MAX_BYTES as MAX_YAML_BYTES
from companion.engine.record import MAX_RECORD_BYTES
from companion.errors import CompanionError
from companion.inputs.scanner import MAX_REPLAY_BYTES, read_replay
from companion.inputs.tagmap import TagMap
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store import journal, phones, pins
from companion.store.history import History

KINDS = ("fifo", "dev-zero", "folder", "socket", "too-big", "unreadable")


def _config(state: Path, config: Path, warnings: list[str]) -> str:
    try:
        app.load_config(config, state, warnings)
    except CompanionError as exc:
        return exc.message
    return " ".join(warnings)


def _settings(state: Path, config: Path, warnings: list[str]) -> str:
    read_ui_settings(state, warnings)
    return " ".join(warnings)


def _tags(state: Path, config: Path, warnings: list[str]) -> str:
    check_tags_file(state, warnings)
    problem = TagMap.in_state_dir(state, strict=False).problem or ""
    return " ".join(warnings) + " " + problem


def _pins(state: Path, config: Path, warnings: list[str]) -> str:
    assert len(pins.load(state)) == 0
    # The file was set aside (renamed, kept), so nothing by its name is in the way.
    assert not os.path.lexists(state / pins.PINS_FILE)
    aside = [p.name for p in state.iterdir() if p.name.startswith(pins.PINS_FILE + ".damaged")]
    return f"{pins.PINS_FILE} set aside as {aside}" if aside else ""


def _token(state: Path, config: Path, warnings: list[str]) -> str:
    assert phones.read_token(state) is None  # documented: a bad token file is no token
    return phones.TOKEN_FILE


def _journal(state: Path, config: Path, warnings: list[str]) -> str:
    catalogue = app.load_catalogue(SHIPPED_CONFIG_DIR, state)
    with pytest.raises(CompanionError) as caught:
        journal.scan(state / journal.JOURNAL_NAME, catalogue)
    return caught.value.message


def _history(state: Path, config: Path, warnings: list[str]) -> str:
    (state / "history.db").touch()  # an empty database (SQLite's journal is its side file)
    with pytest.raises(CompanionError) as caught:
        with History(state) as history:
            history.count()
    return caught.value.message


def _cache(state: Path, config: Path, warnings: list[str]) -> str:
    # A cache that cannot be read is a cache miss: the YAML is parsed (and the cache
    # written anew, replacing whatever had the name).
    app.load_config(config, state, warnings)
    return cache_path(state).name


def _record(state: Path, config: Path, warnings: list[str]) -> str:
    with pytest.raises(CompanionError) as caught:
        read_record(str(state / "game.jsonl"))
    return caught.value.message


def _replay(state: Path, config: Path, warnings: list[str]) -> str:
    with pytest.raises(CompanionError) as caught:
        read_replay(state / "keys.txt")
    return caught.value.message


#: (where, the file's name there, its stated limit (None: a SQLite file), how it is read).
FILES: dict[str, tuple[str, str, int | None, Callable[[Path, Path, list[str]], str]]] = {
    "companion.yaml": ("config", "companion.yaml", MAX_YAML_BYTES, _config),
    "hardware.yaml": ("config", "hardware.yaml", MAX_YAML_BYTES, _config),
    "cards.yaml (config)": ("config", "cards.yaml", MAX_YAML_BYTES, _config),
    "cards.yaml (state)": ("state", "cards.yaml", MAX_YAML_BYTES, _config),
    "ui-settings.json": ("state", "ui-settings.json", MAX_JSON_BYTES, _settings),
    "tags.json": ("state", "tags.json", MAX_JSON_BYTES, _tags),
    "pinned-values.json": ("state", pins.PINS_FILE, pins.MAX_PINS_BYTES, _pins),
    "phones-token": ("state", phones.TOKEN_FILE, 256, _token),
    "the journal": ("state", journal.JOURNAL_NAME, MAX_RECORD_BYTES, _journal),
    "history.db": ("state", "history.db", None, _history),
    "history.db-journal": ("state", "history.db-journal", None, _history),
    "the configuration cache": ("state", "cache/config.v1.json", MAX_CACHE_BYTES, _cache),
    "a record file (replay, feed)": ("state", "game.jsonl", MAX_RECORD_BYTES, _record),
    "a key replay (hid-replay:)": ("state", "keys.txt", MAX_REPLAY_BYTES, _replay),
}


@pytest.fixture
def folders() -> Iterator[tuple[Path, Path]]:
    """(state, config): short paths (a socket's path holds 107 bytes), the shipped config."""
    with tempfile.TemporaryDirectory(prefix="k35-") as tmp:
        state, config = Path(tmp) / "s", Path(tmp) / "c"
        state.mkdir()
        shutil.copytree(SHIPPED_CONFIG_DIR, config)
        yield state, config


def _make(path: Path, kind: str, limit: int | None, monkeypatch: pytest.MonkeyPatch,
          sockets: list[socket.socket]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if os.path.lexists(path):
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.bind(os.fspath(path))
        s.listen(1)
        sockets.append(s)
    elif kind == "too-big":
        assert limit is not None
        with open(path, "wb") as handle:
            handle.truncate(limit + 1)  # sparse: costs no disk
    elif kind == "unreadable":
        path.write_text("{}\n")
        path.chmod(0)
        if os.geteuid() == 0:  # root reads any file: the kernel's answer is given instead
            real_open = os.open

            def refusing(name, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
                if os.fspath(name) == os.fspath(path):
                    raise PermissionError(errno.EACCES, "Permission denied", os.fspath(name))
                return real_open(name, flags, *args, **kwargs)

            monkeypatch.setattr(os, "open", refusing)


CASES = [(name, kind) for name in FILES for kind in KINDS
         if not (FILES[name][2] is None and kind in ("too-big", "unreadable"))]


@pytest.mark.timeout(30)  # a pipe waited on would hang here (the app hung for ever)
@pytest.mark.parametrize(("name", "kind"), CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_a_side_file_of_any_kind_is_named_and_never_waited_on(
        folders: tuple[Path, Path], name: str, kind: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    state, config = folders
    where, relative, limit, read = FILES[name]
    path = (state if where == "state" else config) / relative
    sockets: list[socket.socket] = []
    try:
        _make(path, kind, limit, monkeypatch, sockets)
        said = read(state, config, [])
    finally:
        for s in sockets:
            s.close()
    assert Path(relative).name in said, said
    assert "Traceback" not in said and "MemoryError" not in said
