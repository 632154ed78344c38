"""After the game, the way a table uses it: the BG Stats code read by ZBar off a screenshot
of the final screen, a past game reopened from History, the statistics screen.

ZBar stands in for the phone: what it reads off the PNG is what a phone's camera
app would open. The play in the link must be the game's result (scores, ranks,
winners, the start player) as the engine and the history have it.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pygame
import pytest

from companion import formats
from companion.engine import Catalogue, Setup, replay
from companion.engine.simulate import random_game
from companion.store import History, bgstats
from companion.ui import qr
from companion.ui.shots import build
from tests.ui.test_app import on_disk
from tests.ui.test_screens import assert_no_text_overlaps
from tests.ui.zbar import decode
from ui.driver import dismiss, play, start_game

FIELDS = {"sourceName", "sourcePlayId", "playDate", "durationMin", "comments", "game",
          "players"}
PLAYER_FIELDS = {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer"}


def screenshot(ui, path: Path) -> Path:
    pygame.image.save(ui.render(), str(path))
    return path


def read_play(png: Path) -> dict:
    """The one code in the picture, as the play its link carries."""
    links = decode(png)
    assert len(links) == 1, links
    assert links[0].startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    return json.loads(unquote(links[0].split("?data=", 1)[1]))


def check_result(data: dict, record: str, catalogue: Catalogue) -> None:
    """Every field there, and the players' numbers as the engine's final scoring has them."""
    state = replay(record, catalogue).state
    assert state is not None and state.final is not None
    final = state.final
    assert FIELDS <= set(data)
    assert data["game"] == {"name": "Die Speicherstadt", "bggId": 66505,
                            "sourceGameId": "speicherstadt", "highestWins": True,
                            "noPoints": False}
    setup = replay(record.split("\n", 1)[0], catalogue).actions[0]
    assert isinstance(setup, Setup)
    players = data["players"]
    assert all(set(p) == PLAYER_FIELDS for p in players)
    names = {pid: bgstats.display_name(state, pid) for pid in state.players}
    assert [p["name"] for p in players] == [names[pid] for pid in final.ranking]
    assert [p["score"] for p in players] == [final.scores[pid]["total"] for pid in final.ranking]
    assert [p["winner"] for p in players] == [pid in final.winners for pid in final.ranking]
    assert [p["startPlayer"] for p in players] == [pid == setup.first for pid in final.ranking]
    # Ranks: 1 for the winners; each rank is 1 + the players strictly ahead on (total, coins).
    for pid, p in zip(final.ranking, players, strict=True):
        key = (final.scores[pid]["total"], state.player(pid).coins)
        ahead = sum(1 for q in state.players
                    if (final.scores[q]["total"], state.player(q).coins) > key)
        assert p["rank"] == 1 + ahead
        assert (p["rank"] == 1) == p["winner"]


def finish_on_disk(tmp_path: Path, players: int, seed: int, language: str = "en",
                   named: bool = True):
    ui, services = on_disk(tmp_path, history=True)
    ui.set_language(language)
    catalogue = services.load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form="quick")
    setup = actions[0]
    assert isinstance(setup, Setup)
    named = Setup(players=setup.players, first=setup.first,
                  names={p: n for p, n in zip(setup.players, ("Anna", "Bo", "Zoë", "Dirk",
                                                                 "Emma"), strict=False)}
                  if named else {})
    start_game(ui, named)
    for action in actions[1:]:
        play(ui, action)
    dismiss(ui)
    assert ui.top.name == "final"
    return ui, services, catalogue


def test_the_final_screen_code_is_the_games_play(tmp_path: Path) -> None:
    ui, services, catalogue = finish_on_disk(tmp_path, 3, seed=7)
    data = read_play(screenshot(ui, tmp_path / "final.png"))
    with History(tmp_path / "state") as history:
        (game,) = history.games()
        game = history.game(game.id)
    check_result(data, game.record, catalogue)
    # The same play `export --bgstats` gives: the date and start time the history shows.
    assert data == bgstats.play_of_record(game.record, catalogue, started=game.started,
                                          duration_seconds=game.duration_seconds)
    assert data["playDate"] == game.started[:19].replace("T", " ")
    assert data["sourcePlayId"] == game.key[:12]
    assert "Scan with your phone to add this play to BG Stats" in " ".join(
        " ".join(ui.canvas.texts).split())
    # A tap on the code: the whole screen, larger modules, the same play; Close goes back.
    link = ui.top.link()
    small = qr.module_px(link, next(h.rect.w for h in ui.canvas.hits if h.key == "code"))
    ui.press("code")
    assert ui.top.name == "bgstats"
    assert read_play(screenshot(ui, tmp_path / "big.png")) == data
    big = next(h.rect for h in ui.canvas.hits if h.key == "code")
    assert qr.module_px(link, big.w) >= max(4, small)
    ui.press("ok")
    assert ui.top.name == "final"


def test_a_history_row_reopens_the_game_with_its_code(tmp_path: Path) -> None:
    ui, services, catalogue = finish_on_disk(tmp_path, 2, seed=5)
    final_state = ui.game.state
    ui.press("ok")  # Home
    ui.open("history")
    ui.render()
    with History(tmp_path / "state") as history:
        (game,) = history.games()
        game = history.game(game.id)
    drawn = " ".join(ui.canvas.texts)
    # Date and start time as `history` prints them, the players, the winner (a star).
    assert formats.when(game.started, "en") in drawn
    winner = next(p for p in game.players if p.winner)
    assert f"\u2605{winner.name}\u00a0{formats.integer(winner.total)}" in drawn
    ui.press(f"game:{game.id}")
    scene = ui.top
    assert scene.name == "past-game"
    assert scene.view.table == {p: dict(s) for p, s in final_state.final.scores.items()}
    assert scene.view.winners == final_state.final.winners
    data = read_play(screenshot(ui, tmp_path / "past.png"))
    check_result(data, game.record, catalogue)
    # The chart in the code's place: one tick per round, the series the record replays to.
    ui.press("secondary")
    ui.render()
    assert "Score over the rounds" in ui.canvas.texts
    rounds = len(next(iter(scene.series().values()))) - 1
    assert rounds == final_state.round or final_state.last_round
    assert str(rounds) in ui.canvas.texts
    ui.press("ok")  # Done
    assert ui.top.name == "history"


def toggle_shows_code_then_scores(ui, tmp_path: Path, record: str, catalogue: Catalogue,
                                  name: str) -> None:
    """The screen opens on the BG Stats code (ZBar reads the game's play); the toggle, as a
    player taps it, puts the score chart there (no code), and a second tap brings it back."""
    data = read_play(screenshot(ui, tmp_path / f"{name}-code.png"))
    check_result(data, record, catalogue)
    assert len(data["players"]) == 5
    for p in data["players"]:  # the totals stay beside the code
        assert formats.integer(p["score"]) in ui.canvas.texts  # "−8": a real minus sign
    assert_no_text_overlaps(ui, name)
    ui.press("secondary")  # "Courbe des scores"
    assert decode(screenshot(ui, tmp_path / f"{name}-chart.png")) == []
    assert "Score au fil des tours" in " ".join(ui.canvas.texts)
    assert "Total" in ui.canvas.texts and "\u221213" in ui.canvas.texts  # the table, with it
    ui.press("secondary")  # "Code BG Stats"
    assert read_play(screenshot(ui, tmp_path / f"{name}-again.png")) == data


def test_five_players_in_french_the_code_reads_on_the_final_and_reopened_screens(
        tmp_path: Path) -> None:
    """QA: five players in French with two-digit negative totals: the table left the code
    under 2 px a module, so the chart was drawn in both toggle states and no code was read."""
    ui, services, catalogue = finish_on_disk(tmp_path, 5, seed=35, language="fr")
    with History(tmp_path / "state") as history:
        (game,) = history.games()
        game = history.game(game.id)
    toggle_shows_code_then_scores(ui, tmp_path, game.record, catalogue, "final")
    ui.press("ok")  # Accueil
    ui.open("history")
    ui.render()
    ui.press(f"game:{game.id}")
    assert ui.top.name == "past-game"
    toggle_shows_code_then_scores(ui, tmp_path, game.record, catalogue, "past-game")


def test_unnamed_players_are_their_colour_in_the_tables_language(tmp_path: Path) -> None:
    """QA: at a German table the unnamed Rot and Blau went to BG Stats as "Red" and
    "Blue", and the player statistics headed their columns "red" and "blue"."""
    from companion.ui import names

    ui, services, catalogue = finish_on_disk(tmp_path, 3, seed=7, language="de", named=False)
    shown = {pid: names.colour(pid) for pid in ui.game.state.players}
    assert set(shown.values()).isdisjoint({"Red", "Blue", "Green", "Yellow", "Purple"})
    data = read_play(screenshot(ui, tmp_path / "final.png"))
    assert sorted(p["name"] for p in data["players"]) == sorted(shown.values())
    ui.press("ok")  # Startseite
    ui.open("stats")
    ui.render()
    assert set(shown.values()) <= set(ui.canvas.texts)
    assert set(shown).isdisjoint(ui.canvas.texts)  # no "red" column head
    ui.press("secondary")  # per category
    ui.render()
    assert set(shown.values()) <= set(ui.canvas.texts)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("picture", ["final", "past-game", "bgstats"])
def test_every_code_reads_back_at_800x480(tmp_path: Path, picture: str, players: int) -> None:
    """With 2 to 5 players, on the final screen, a reopened game and the whole-screen code:
    ZBar reads the play, the screen passes the size and overlap checks."""
    ui = build(picture, (800, 480), "en", tmp_path, players=players)
    data = read_play(screenshot(ui, tmp_path / f"{picture}.png"))
    scene = ui.top if picture != "bgstats" else ui.stack[-2]
    record = scene.record()
    check_result(data, record, ui.services.load_catalogue())
    assert len(data["players"]) == players
    assert_no_text_overlaps(ui, picture)
    for hit in ui.canvas.hits:
        assert hit.rect.w >= 55 and hit.rect.h >= 55, hit.key
    link = scene.link()
    code = next(h.rect for h in ui.canvas.hits if h.key == "code")
    px = qr.module_px(link, code.w)
    # What a phone gets: modules of 4 px or more on the whole-screen code (a tap away); on
    # the final screen itself what the table leaves (docs/after-the-game.md has the sizes).
    assert px >= (4 if picture == "bgstats" else 2.5), (picture, players, px, len(link))


def test_player_statistics_screen_shows_the_historys_numbers(tmp_path: Path) -> None:
    from companion.store import stats

    ui = build("stats", (800, 480), "en", tmp_path)
    records = stats.player_records(ui.services.history.games())
    ui.render()
    anna = next(r for r in records if r.name == "Anna")
    drawn = ui.canvas.texts
    assert "Anna" in drawn and "Average total" in " ".join(drawn)  # maybe on two lines
    assert str(anna.best_total) in drawn and str(anna.games) in drawn
    assert f"{anna.average_total:.1f}".removesuffix(".0") in drawn
    ui.press("secondary")  # Per category
    ui.render()
    drawn = ui.canvas.texts
    assert "Average per game" in " ".join(drawn) and "Contracts" in drawn
    contracts = anna.average_by_category["contracts"]
    assert f"{contracts:.1f}".removesuffix(".0") in drawn


def test_a_game_whose_record_no_longer_replays_is_refused_with_a_message(
        tmp_path: Path) -> None:
    """A record the engine cannot finish (here: cut short) shows a message, not a crash."""
    from companion.engine.values import replace

    ui = build("history", (800, 480), "en", tmp_path)
    scene = ui.top
    ui.render()  # the rows on screen are read as they are drawn
    game = scene.games[0]
    assert game.record is None  # the list holds no records: read when a game is opened
    full = ui.services.history.game(game.id)
    cut = "".join(full.record.splitlines(True)[:10])
    scene._fetched[0] = replace(game, record=cut)
    ui.dirty = True
    ui.press(f"game:{game.id}")
    assert ui.top.name == "history"
    assert ui.message is not None and ui.message.error
    assert "cannot be shown again" in ui.message.text and "not a finished game" in \
        ui.message.text
