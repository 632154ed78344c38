"""History, Statistics and New game read only what they show (issue 20, item 12).

No timings here (benchmarks/history_scale.py measures them with 10,000 games): these
tests count what the screens ask of the history and what they work out per frame."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.history_scale import fill
from companion.store import History
from companion.ui.scenes import history as history_scene
from tests.ui.test_app import on_disk

GAMES = 45


@pytest.fixture(scope="module")
def big_history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("big") / "state"
    fill(folder, GAMES)
    return folder


def _ui(tmp_path: Path, big_history: Path):
    import shutil

    shutil.copytree(big_history, tmp_path / "state")
    return on_disk(tmp_path, history=True)


def test_history_reads_a_page_and_measures_each_row_once(
        tmp_path: Path, big_history: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ui, services = _ui(tmp_path, big_history)
    # The whole list is never read, nor a record, nor the points per category.
    monkeypatch.setattr(History, "games", lambda self: pytest.fail("the whole list was read"))
    original_stats = History.player_stats

    def player_stats(self: History, *, categories: bool = True) -> list:
        assert not categories, "the points per category were summed"
        return original_stats(self, categories=categories)

    monkeypatch.setattr(History, "player_stats", player_stats)
    pages: list[tuple[int, int]] = []
    original_page = History.page

    def page(self: History, first: int, count: int | None) -> list:
        pages.append((first, count or 0))
        return original_page(self, first, count)

    monkeypatch.setattr(History, "page", page)
    results: list[object] = []
    original_result = history_scene.HistoryScene.result

    def result(game: object) -> str:
        results.append(game)
        return original_result(game)

    monkeypatch.setattr(history_scene.HistoryScene, "result", staticmethod(result))
    ui.open("history")
    ui.render()
    scene = ui.top
    assert scene.total == GAMES
    assert len(scene.games) <= history_scene.FIRST_PAGE
    assert all(g.record is None for g in scene.games)
    shown = len(results)
    assert 0 < shown <= history_scene.FIRST_PAGE
    for _ in range(5):
        ui.dirty = True
        ui.render()
    assert len(results) == shown, "a later frame worked the rows out again"
    # Paging through: every game once, latest first, each page read once.
    seen: list[int] = []
    while True:
        seen.extend(int(h.key.split(":")[1]) for h in ui.canvas.hits
                    if h.key.startswith("game:"))
        older = next((h for h in ui.canvas.hits if h.key == "older"), None)
        if older is None or not ui.keys().count("older") or not _enabled(ui, "older"):
            break
        ui.press("older")
        ui.render()
    assert sorted(seen) == list(range(1, GAMES + 1)) and len(seen) == GAMES
    assert sum(n for _first, n in pages) <= GAMES + history_scene.FIRST_PAGE
    assert len(results) <= GAMES + history_scene.FIRST_PAGE


def _enabled(ui, key: str) -> bool:
    return any(t.enabled for t in ui.canvas.targets if t.label and key in _keys_of(ui, t))


def _keys_of(ui, target) -> set[str]:
    return {h.key for h in ui.canvas.hits if h.rect == target.rect}


def test_statistics_sum_categories_only_when_that_view_is_shown(
        tmp_path: Path, big_history: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ui, services = _ui(tmp_path, big_history)
    monkeypatch.setattr(History, "games", lambda self: pytest.fail("the whole list was read"))
    asked: list[bool] = []
    original = History.player_stats

    def player_stats(self: History, *, categories: bool = True) -> list:
        asked.append(categories)
        return original(self, categories=categories)

    monkeypatch.setattr(History, "player_stats", player_stats)
    ui.open("stats")
    ui.render()
    assert asked == [False]
    totals = {r.name: r.games for r in ui.top.records}
    assert sum(totals.values()) == sum(len(g.players) for g in _all_games(big_history))
    ui.press("secondary")
    ui.render()
    assert asked == [False, True]
    assert {r.name: r.games for r in ui.top.records} == totals
    assert any(v > 0 for r in ui.top.records for v in r.average_by_category.values())


def test_new_game_offers_the_names_from_one_query(
        tmp_path: Path, big_history: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ui, services = _ui(tmp_path, big_history)
    monkeypatch.setattr(History, "games", lambda self: pytest.fail("the whole list was read"))
    ui.open("newgame")
    ui.render()
    expected = {p.name for g in _all_games(big_history) for p in g.players if p.named}
    assert set(ui.top.known) == expected


def _all_games(state_dir: Path) -> list:
    with History(state_dir) as history:
        return History.page(history, 0, None)


def test_older_games_are_pinned_off_the_screens_thread_with_progress(
        tmp_path: Path, big_history: Path) -> None:
    """Issue 35, item 6: after an upgrade, History's first question pins every format 1
    game (all of `fill`'s are). The pass runs in its own thread: the screen opens at once,
    shows how far it is while frames go on, then the list with the rows as reopened."""
    import shutil
    import threading

    from companion import app
    from companion.config.cards import load_catalogue
    from companion.paths import SHIPPED_CONFIG_DIR
    shutil.copytree(big_history, tmp_path / "state")
    state_dir = tmp_path / "state"
    ui, services = on_disk(tmp_path)
    go = threading.Event()
    loaded_on: list[threading.Thread] = []

    def catalogue():  # type: ignore[no-untyped-def]
        loaded_on.append(threading.current_thread())
        if threading.current_thread() is not threading.main_thread():
            go.wait(60)  # the pass waits here until the screen has shown its progress
        return load_catalogue(SHIPPED_CONFIG_DIR, state_dir)

    services.history = app.open_history(state_dir, catalogue)
    ui.open("history")
    assert loaded_on and loaded_on[0] is not threading.main_thread(), \
        "the pinning ran on the screen's thread"
    scene = ui.top
    assert scene.pinning is not None and scene.animating_until() > ui.clock()
    ui.render()
    said = " ".join(t.text for t in ui.canvas.drawn)
    assert "Preparing the games of an older version" in said and f"of {GAMES} games" in said
    assert scene.secondary() is None  # no statistics until the rows are as reopened
    go.set()
    # Wait for the pass (readiness, not a time), drawing frames meanwhile.
    while scene.pinning is not None:
        ui.render()
        services.history._pin_thread.join(0.05)  # type: ignore[attr-defined]
    ui.render()
    assert scene.total == GAMES and scene.games and scene.secondary() is not None
    assert scene.animating_until() == 0.0
