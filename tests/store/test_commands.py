"""status and feed on the command line: what they print, how feed continues or refuses."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.engine import Catalogue, replay
from companion.store import GameSession
from tests.store.storetools import generated, record_of

CLI = Callable[..., tuple[int, str, str]]


def _record(tmp_path: Path, seed: int, upto: int | None = None, name: str = "r.jsonl") -> Path:
    actions, _ = generated(seed)
    path = tmp_path / name
    path.write_text(record_of(actions[:upto]))
    return path


def test_status_without_a_game(cli_run: CLI, state_dir: Path) -> None:
    assert cli_run("status") == (0, f"No game is saved in {state_dir}.\n", "")
    assert cli_run("status", "--json") == (0, "null\n", "")


def test_status_json_is_the_state_json(
    cli_run: CLI, tmp_path: Path, catalogue: Catalogue
) -> None:
    record = _record(tmp_path, 51, upto=70)
    assert cli_run("feed", str(record))[0] == 0
    code, out, err = cli_run("status", "--json")
    expected = replay(record.read_text(), catalogue).state
    assert code == 0 and expected is not None
    assert json.loads(out) == expected.to_json()
    code, out, err = cli_run("status")
    assert code == 0 and "Game in progress: 69 actions" in out and "Undo: can undo" in out


def test_feed_prints_ok_per_action_and_continues_a_partial_game(
    cli_run: CLI, tmp_path: Path
) -> None:
    partial = _record(tmp_path, 52, upto=30, name="part.jsonl")
    code, out, _ = cli_run("feed", str(partial))
    assert code == 0 and out.split("\n")[:-1] == [f"ok {n}" for n in range(30)]
    whole = _record(tmp_path, 52, name="whole.jsonl")
    code, out, err = cli_run("feed", str(whole))
    lines = out.split("\n")[:-1]
    assert code == 0, err
    assert lines == [f"ok {n}" for n in range(len(lines))]
    assert len(lines) == len(generated(52)[0])
    # Fed again: everything is already saved; nothing is added.
    code, again, _ = cli_run("feed", str(whole))
    assert code == 0 and again == out


def test_feed_refuses_another_unfinished_game_unless_new(
    cli_run: CLI, tmp_path: Path, state_dir: Path
) -> None:
    assert cli_run("feed", str(_record(tmp_path, 53, upto=20, name="a.jsonl")))[0] == 0
    other = _record(tmp_path, 54, upto=10, name="b.jsonl")
    code, out, err = cli_run("feed", str(other))
    assert code == 2 and "another unfinished game" in err and "--new" in err and out == ""
    code, out, err = cli_run("feed", str(other), "--new")
    assert code == 0, err
    assert len(list((state_dir / "abandoned").iterdir())) == 1


def test_feed_stops_at_a_line_that_breaks_a_rule(
    cli_run: CLI, tmp_path: Path, catalogue: Catalogue, state_dir: Path
) -> None:
    actions, _ = generated(55)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(record_of(actions[:10]) + '{"type": "done"}\n' + record_of(actions[10:20]))
    code, out, err = cli_run("feed", str(bad))
    assert code == 3 and err.startswith("line 11: ") and "Traceback" not in err
    assert out.split("\n")[-2] == "ok 9"
    with GameSession.resume(state_dir, catalogue) as session:  # type: ignore[union-attr]
        assert session.state.actions == 9
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("not json\n")
    code, out, err = cli_run("feed", str(garbage))
    assert code == 3 and err.startswith("line 1: not valid JSON")


def test_feed_of_a_missing_file_is_bad_usage(cli_run: CLI, tmp_path: Path) -> None:
    code, _, err = cli_run("feed", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "no such file" in err


# --- issue 20, item 7: export never replaces what is not a regular file -----------------


def _not_files(tmp_path: Path) -> dict[str, Path]:
    target = tmp_path / "real.jsonl"
    target.write_text("keep me\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"a symbolic link": link, "a named pipe (FIFO)": fifo, "a folder": folder}


@pytest.mark.parametrize("bgstats", [False, True])
def test_export_leaves_a_link_a_pipe_or_a_folder_as_it_was(
    tmp_path: Path, state_dir: Path, cli_run, bgstats: bool
) -> None:
    from companion.store import History

    state_dir.mkdir(parents=True, exist_ok=True)
    actions, final = generated(22)
    with History(state_dir) as history:
        history.archive("k", final, record_of(actions))
    for kind, path in _not_files(tmp_path).items():
        before = os.lstat(path)
        argv = ["export", "--game", "1", *(["--bgstats"] if bgstats else []), str(path)]
        code, out, err = cli_run(*argv)
        assert code == 2, err
        assert f"{path} is {kind}, not a regular file" in err and "Traceback" not in err
        after = os.lstat(path)
        assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert (tmp_path / "real.jsonl").read_text() == "keep me\n"
    # A regular file, or a new name, is written as before.
    code, out, err = cli_run("export", "--game", "1", str(tmp_path / "real.jsonl"))
    assert code == 0, err
    assert (tmp_path / "real.jsonl").read_text() == record_of(actions)
