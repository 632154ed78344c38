"""The BG Stats play of a finished game, checked against numbers worked out by hand.

The records are tests/records (their final scores are worked out by hand in
tests/engine/test_record.py); here each line gets a time ``"t"``, one minute
apart from 2026-03-07 19:58:30 UTC, so the start, the date and the duration
are known:

bank-coin-tiebreak (2 players, Ruth = red first, Bela = blue): totals 0 and 0,
    coins red 37, blue 41 -> Bela rank 1 and the only winner, Ruth rank 2.
shared-win (2 players, blue first, no names): totals 3 and 3, coins 32 and 32
    -> both rank 1, both win; names "Red" and "Blue".
third-fire-ending (5 players, green first): red 14, the rest -14 with 21
    coins each -> red rank 1 and winner, the four others share rank 2.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import unquote

import pytest

from companion.engine import Catalogue, replay
from companion.store import History, bgstats
from companion.store.journal import game_key

RECORDS = Path(__file__).resolve().parents[1] / "records"
START = datetime(2026, 3, 7, 19, 58, 30, tzinfo=UTC)


def timed(name: str) -> str:
    """The record with a "t" on every line, one minute apart from START."""
    lines = [line for line in (RECORDS / f"{name}.jsonl").read_text().split("\n") if line.strip()]
    out = []
    for i, line in enumerate(lines):
        obj = json.loads(line)
        obj["t"] = (START + timedelta(minutes=i)).isoformat(timespec="milliseconds").replace(
            "+00:00", "Z")
        out.append(json.dumps(obj))
    return "\n".join(out) + "\n"


def lines_of(record: str) -> int:
    return sum(1 for line in record.split("\n") if line.strip())


def players(play: dict) -> list[tuple]:
    return [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"])
            for p in play["players"]]


def test_coins_break_the_tie_two_players(catalogue: Catalogue) -> None:
    record = timed("bank-coin-tiebreak")
    play = bgstats.play_of_record(record, catalogue)
    assert players(play) == [("Bela", 0, 1, True, False), ("Ruth", 0, 2, False, True)]
    assert play["sourceName"] == "Speicherstadt Companion"
    assert play["playDate"] == "2026-03-07 19:58:30"
    minutes = lines_of(record) - 1  # first line to last line, one minute apart
    assert play["durationMin"] == minutes
    assert play["game"] == {"name": "Die Speicherstadt", "bggId": 66505,
                            "sourceGameId": "speicherstadt", "highestWins": True,
                            "noPoints": False}
    assert play["comments"] == "16 rounds; tie: more coins wins"
    assert play["sourcePlayId"] == game_key(record.split("\n")[0])[:12]


def test_a_shared_win_shares_rank_one(catalogue: Catalogue) -> None:
    play = bgstats.play_of_record(timed("shared-win"), catalogue)
    assert players(play) == [("Red", 3, 1, True, False), ("Blue", 3, 1, True, True)]
    assert play["comments"] == "16 rounds; tie: shared win"


def test_five_players_four_share_second(catalogue: Catalogue) -> None:
    play = bgstats.play_of_record(timed("third-fire-ending"), catalogue)
    assert players(play) == [
        ("Red", 14, 1, True, False), ("Blue", -14, 2, False, False),
        ("Green", -14, 2, False, True), ("Yellow", -14, 2, False, False),
        ("Purple", -14, 2, False, False),
    ]
    assert play["comments"] == "9 rounds"


def test_every_player_carries_winner_and_start_player(catalogue: Catalogue) -> None:
    for name in ("fires-ties", "every-category", "third-fire-ending"):
        play = bgstats.play_of_record(timed(name), catalogue)
        for p in play["players"]:
            assert set(p) == {"name", "sourcePlayerId", "score", "rank", "winner",
                              "startPlayer"}
            assert isinstance(p["winner"], bool) and isinstance(p["startPlayer"], bool)
        assert sum(p["startPlayer"] for p in play["players"]) == 1


def test_ids_are_stable(catalogue: Catalogue) -> None:
    record = timed("bank-coin-tiebreak")
    a = bgstats.play_of_record(record, catalogue)
    b = bgstats.play_of_record(record, catalogue)
    assert a["sourcePlayId"] == b["sourcePlayId"]
    other = bgstats.play_of_record(timed("shared-win"), catalogue)
    assert other["sourcePlayId"] != a["sourcePlayId"]
    # The same name (any case, outer spaces) gives the same player id; another name another.
    assert bgstats.player_id_for("Bela") == bgstats.player_id_for(" bela ")
    assert bgstats.player_id_for("Bela") != bgstats.player_id_for("Ruth")
    ids = {p["name"]: p["sourcePlayerId"] for p in a["players"]}
    assert ids == {"Bela": bgstats.player_id_for("Bela"), "Ruth": bgstats.player_id_for("Ruth")}


def test_the_link_carries_the_play_compact_and_url_encoded(catalogue: Catalogue) -> None:
    play = bgstats.play_of_record(timed("third-fire-ending"), catalogue)
    url = bgstats.link(play)
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B%22sourceName%22:")
    data = url.split("?data=", 1)[1]
    assert not set(data) & set(' {}"[]&+#?=')  # nothing a URL query must not hold raw
    assert json.loads(unquote(data)) == play
    assert bgstats.play_of_link(url) == play
    assert '"bggId":66505,' in unquote(data)  # a JSON number, compact


def test_names_with_query_characters_survive(catalogue: Catalogue) -> None:
    record = timed("bank-coin-tiebreak").replace('"Ruth"', '"R&B + Zoë=1?"')
    play = bgstats.play_of_record(record, catalogue)
    assert play["players"][1]["name"] == "R&B + Zoë=1?"
    assert bgstats.play_of_link(bgstats.link(play)) == play


def test_a_record_without_times_has_no_date_rather_than_a_made_up_one(
        catalogue: Catalogue) -> None:
    play = bgstats.play_of_record((RECORDS / "shared-win.jsonl").read_text(), catalogue)
    assert "playDate" not in play and "durationMin" not in play


def test_an_unfinished_game_has_no_play(catalogue: Catalogue) -> None:
    record = "\n".join(timed("shared-win").split("\n")[:6]) + "\n"
    with pytest.raises(bgstats.PlayError, match="not finished"):
        bgstats.play_of_record(record, catalogue)


def test_the_play_of_a_history_row_uses_its_date_and_duration(
        catalogue: Catalogue, tmp_path: Path) -> None:
    record = timed("third-fire-ending")
    state = replay(record, catalogue).state
    assert state is not None
    with History(tmp_path) as history:
        gid = history.archive(game_key(record.split("\n")[0]), state, record)
        game = history.game(gid)
    assert game is not None
    play = bgstats.play_of_record(game.record, catalogue, started=game.started,
                                  duration_seconds=game.duration_seconds)
    assert play["playDate"] == "2026-03-07 19:58:30"
    assert play["durationMin"] == round(game.duration_seconds / 60)
    assert [p["score"] for p in play["players"]] == sorted(
        (p.total for p in game.players), reverse=True)


def test_export_bgstats_writes_the_play_and_prints_the_link(
        cli_run, state_dir: Path, tmp_path: Path) -> None:
    assert cli_run("feed", str(RECORDS / "bank-coin-tiebreak.jsonl"))[0] == 0
    out_file = tmp_path / "play.json"
    code, out, err = cli_run("export", "--game", "1", "--bgstats", str(out_file))
    assert code == 0, err
    play = json.loads(out_file.read_text())
    assert players(play) == [("Bela", 0, 1, True, False), ("Ruth", 0, 2, False, True)]
    assert out.strip() == bgstats.link(play)
    assert bgstats.play_of_link(out.strip()) == play
    with History(state_dir) as history:
        game = history.games()[0]
    assert play["playDate"] == game.started[:19].replace("T", " ")
    # The current game (finished, its journal still current) gives the same play;
    # without FILE the JSON goes to stdout and the link to stderr.
    code, out, err = cli_run("export", "--bgstats")
    assert code == 0, err
    assert json.loads(out) == play and err.strip() == bgstats.link(play)


def test_export_bgstats_refuses_what_has_no_play(cli_run, tmp_path: Path) -> None:
    code, out, err = cli_run("export", "--bgstats")
    assert code == 1 and "no game is saved" in err and "Traceback" not in err
    code, out, err = cli_run("export", "--game", "7", "--bgstats")
    assert code == 1 and "no finished game 7" in err
    part = tmp_path / "part.jsonl"
    part.write_text("".join((RECORDS / "shared-win.jsonl").read_text().splitlines(True)[:6]))
    assert cli_run("feed", str(part))[0] == 0
    code, out, err = cli_run("export", "--bgstats", str(tmp_path / "x.json"))
    assert code == 1 and "not finished yet" in err and out == ""
    assert not (tmp_path / "x.json").exists()


def test_export_bgstats_names_unnamed_players_in_the_tables_language(
        cli_run, state_dir: Path) -> None:
    """QA: a German table's unnamed Rot and Blau went to BG Stats as "Red" and "Blue". The
    language is the one the app uses: ui-settings.json (the Settings screen) over
    companion.yaml."""
    assert cli_run("feed", str(RECORDS / "shared-win.jsonl"))[0] == 0
    (state_dir / "ui-settings.json").write_text(json.dumps({"language": "de"}))
    code, out, err = cli_run("export", "--game", "1", "--bgstats")
    assert code == 0, err
    assert sorted(p["name"] for p in json.loads(out)["players"]) == ["Blau", "Rot"]
    (state_dir / "ui-settings.json").write_text(json.dumps({"language": "fr"}))
    code, out, err = cli_run("export", "--bgstats")
    assert code == 0, err
    assert sorted(p["name"] for p in json.loads(out)["players"]) == ["Bleu", "Rouge"]


def test_history_command_names_an_unnamed_player_once(cli_run) -> None:
    """QA: `history` printed an unnamed player as "red (red)"."""
    assert cli_run("feed", str(RECORDS / "shared-win.jsonl"))[0] == 0
    code, out, err = cli_run("history")
    assert code == 0, err
    assert "(red)" not in out and "(blue)" not in out
    assert "Red 3" in out and "Blue 3" in out


def test_two_players_shown_alike_still_get_ids_of_their_own(catalogue: Catalogue) -> None:
    """Issue 20, item 11: an unnamed player's colour in the table's language ("Rot") and a
    player named "Rot" were one BG Stats player."""
    record = timed("bank-coin-tiebreak")
    state = replay(record, catalogue).state
    assert state is not None
    first, second = state.players[:2]
    play = bgstats.play(state, record, names={first: "Rot", second: " rot"})
    ids = [p["sourcePlayerId"] for p in play["players"]]
    assert len(set(ids)) == len(ids)
    # A name alone in its game keeps the id of that name, game after game.
    play = bgstats.play(state, record, names={first: "Rot"})
    assert bgstats.player_id_for("Rot") in [p["sourcePlayerId"] for p in play["players"]]


@pytest.mark.parametrize(("language", "rounds", "tie"), [
    ("de", "Runden", "Gleichstand"), ("fr", "tours", "égalité"), ("en", "rounds", "tie")])
def test_the_comments_go_to_bgstats_in_the_tables_language(catalogue: Catalogue, language,
                                                           rounds, tie):
    """The `comments` go on to BGG: in the words the table reads, the rounds counted with
    their plural."""
    from types import SimpleNamespace

    from companion.texts import i18n, words

    said = i18n.translations(language)
    record = timed("bank-coin-tiebreak")
    data = bgstats.play_of_record(record, catalogue,
                                  said=lambda s: words.play_comments(s, said))
    assert rounds in data["comments"] and tie in data["comments"], data["comments"]
    state = replay(record, catalogue).state
    one_round = SimpleNamespace(round=1, final=state.final)
    first = words.play_comments(one_round, said)  # type: ignore[arg-type]
    assert first.startswith("1 ") and rounds not in first, first
