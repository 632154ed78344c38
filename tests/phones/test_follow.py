"""The phones' reader follows the journal line by line (companion.phones.follow): at every
action of a real session (undo and redo included) it says what the app's resume says,
reading the whole journal only when the file is not simply longer (a new game, a torn
tail); the chart and the BG Stats play are those of the store and of `export --bgstats`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.commands.bgstats_export import table_language, table_names, table_said
from companion.config.sidefiles import UI_SETTINGS_FILE
from companion.languages import LANGUAGES
from companion.phones import view as views
from companion.phones.follow import NOT_PINNED, Follower, app_pinned
from companion.store import GameSession, bgstats, current_game, stats
from companion.store.journal import JOURNAL_NAME, game_key
from companion.store.pins import PINS_FILE
from companion.texts import i18n
from tests.phones.phonetools import catalogue
from tests.store.storetools import generated, record_of, run_cli


def test_each_new_line_is_read_alone_and_gives_what_the_app_resumes(tmp_path: Path) -> None:
    cat = catalogue()
    actions, _final = generated(11, 3, "quick", 0.15)
    state_dir = tmp_path / "state"
    session = GameSession.start(state_dir, cat, actions[0])  # type: ignore[arg-type]
    follower = Follower(state_dir, cat)
    follower.read()
    for count, action in enumerate(actions[1:], start=1):
        session.submit(action)
        reading = follower.read()
        assert reading is not None and reading.state is not None
        if count % 17 == 0 or count == len(actions) - 1:
            resumed = current_game(state_dir, cat)
            assert resumed is not None and resumed.state is not None
            assert reading.state.to_json() == resumed.state.to_json(), count
            assert reading.lines == resumed.lines
    session.close()
    assert follower.whole_readings == 1  # the first reading only: then line by line
    state = reading.state
    assert state.final is not None
    assert reading.ends is not None
    record = "".join(line + "\n" for line in reading.lines)
    assert reading.ends.series(state) == stats.running_scores(record, cat)
    # A torn tail: the whole journal is read again, as the app resumes it (tail left out).
    with open(state_dir / JOURNAL_NAME, "ab") as journal:
        journal.write(b'{"type": "pass", "pla')
    torn = follower.read()
    assert torn is not None and torn.state is not None
    assert torn.state.to_json() == state.to_json() and follower.whole_readings == 2
    # A new game replaces the journal: read whole, from its setup line.
    GameSession.start(state_dir, cat, actions[0], abandon_current=True).close()  # type: ignore[arg-type]
    fresh = follower.read()
    assert fresh is not None and fresh.state is not None and fresh.state.actions == 0
    assert follower.whole_readings == 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phones_bgstats_play_is_the_one_export_makes(tmp_path: Path, language: str) -> None:
    """At a table in each language (its Settings choice), the phone's link carries the play
    `export --bgstats` writes: names and comments in the table's language."""
    import argparse

    cat = catalogue()
    actions, _final = generated(5, 3, "quick", 0.0)
    state_dir = tmp_path / "state"
    with GameSession.start(state_dir, cat, actions[0]) as session:  # type: ignore[arg-type]
        for action in actions[1:]:
            session.submit(action)
    (state_dir / UI_SETTINGS_FILE).write_text(json.dumps({"language": language}))
    status, out, err = run_cli(["export", "--bgstats", "-", "--state-dir", str(state_dir)])
    assert status == 0, err
    export = json.loads(out)
    # What serve builds its page with (companion/commands/serve.py)
    args = argparse.Namespace(state_dir=str(state_dir), config=None)
    told = table_language(args)
    assert told == language
    data = views.view(Follower(state_dir, cat).read(), table_names(told), said=table_said(told))
    phone = bgstats.play_of_link(data["game"]["bgstats"]["https"])
    assert phone == export
    n = data["game"]["round"]
    rounds = i18n.translations(language).ngettext("{n} round", "{n} rounds", n).format(n=n)
    assert phone["comments"].startswith(rounds)
    assert language == "en" or "rounds" not in phone["comments"]


def test_a_format_1_game_is_played_with_the_values_the_app_pinned_and_nothing_written(
        tmp_path: Path) -> None:
    cat = catalogue()
    actions, _final = generated(37, 2, "quick", 0.0)
    state_dir = tmp_path / "state"
    state_dir.mkdir()
    record = record_of(actions[:40])
    (state_dir / "current-game.v1.jsonl").write_text(record)
    follower = Follower(state_dir, cat)
    reading = follower.read()
    assert reading is not None and reading.notice == NOT_PINNED and reading.state is None
    assert sorted(p.name for p in state_dir.iterdir()) == ["current-game.v1.jsonl"]
    # A damaged pins file: not set aside, not rewritten; still the table's to pin.
    (state_dir / PINS_FILE).write_text("{not json")
    assert follower.read().notice == NOT_PINNED  # type: ignore[union-attr]
    assert (state_dir / PINS_FILE).read_text() == "{not json"
    # What the app pins (here: the fire worth 9): the game is replayed with it.
    setup = record.splitlines()[0]
    (state_dir / PINS_FILE).write_text(json.dumps({game_key(setup): {"B-fire": {"points": 9}}}))
    pinned = app_pinned(state_dir, setup, cat)
    assert pinned is not None and pinned["B-fire"].points == 9
    reading = follower.read()
    assert reading is not None and reading.notice is None and reading.state is not None
    assert reading.state.catalogue["B-fire"].points == 9
