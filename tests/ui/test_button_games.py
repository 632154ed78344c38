"""Whole games by a table of buttons and a barcode scanner (issue 31): the player buttons, OK
and Undo as key events through the app's key handling, every card revealed as a label
scanned from a replayed scanner file (benchmarks/buttons.py), through the composition root
(`app.make_services` over a real state directory: the journal, the card file, the
history); no touch at all. The final numbers are the engine's replay of the journal, and
every frame of two of the games passes the frame checks with the buttons' legend drawn."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from benchmarks.buttons import play_game
from companion import app
from companion.engine import GOODS, replay, to_record
from companion.engine.simulate import random_game
from companion.languages import LANGUAGES
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store.journal import journal_path, scan
from companion.ui import names
from companion.ui.i18n import _, set_language
from companion.ui.runner import Runner

from .framecheck import problems, unreached

#: A covering set, not the whole cross-product of 12 games: every pair of a player count (2, 5), a
#: form (quick, tracked) and a language (en, de, fr) is played in at least one game.
GAMES = [
    (2, "quick", "en", 3),
    (5, "tracked", "de", 5),
    (2, "tracked", "fr", 4),
    (5, "quick", "fr", 9),
    (5, "tracked", "en", 1),
    (2, "quick", "de", 2),
]
#: The games whose every frame goes through the frame checks with the legend drawn.
CHECKED = GAMES[:2]


def button_runner(state: Path, language: str, form: str) -> Runner:
    settings = {"language": language, "purchase_form": form,
                "display": {"size": [800, 480], "rotation": 0, "fullscreen": False}}
    services = app.make_services(settings, state, SHIPPED_CONFIG_DIR, app.open_store(),
                                 app.open_history(state))
    runner = Runner(services=services, inputs=None, bus=None, simulate=False,
                    screenshot_dir=None, notifier=None)
    # A table with the buttons (their keys stand in for the GPIO pins here): the legend
    # is shown, as where `start_inputs` found the buttons.
    runner.ui.services.buttons = True
    runner.ui.open("home")
    return runner


@pytest.mark.parametrize(("players", "form", "language", "seed"), GAMES)
def test_a_whole_game_by_buttons_and_scans(tmp_path, players, form, language, seed):
    state = tmp_path / "state"
    state.mkdir()
    runner = button_runner(state, language, form)
    ui = runner.ui
    catalogue = ui.services.load_catalogue()
    actions, _final = random_game(catalogue, players, seed=seed, form=form, undo_rate=0.03,
                                  loading="in_turn")
    # Every frame seen before a press, with the legend drawn: the frame checks hold with
    # it, and no round screen offers an action no button reaches (two of the games: the
    # checks cost as much as the play).
    frames: list[dict] | None = [] if (players, form, language, seed) in CHECKED else None
    try:
        table = play_game(runner, actions, tmp_path, frames)
        hand = table.hand
        assert hand.touches == 0 and hand.fallbacks == 0  # buttons and scans only
        assert hand.presses > 0 and hand.scanned > 0 and not hand.scans
        assert ui.top.name == "final"
        journal = ui.game.session.record_text()
        expected = replay(journal, catalogue).state
        assert expected is not None and expected.final is not None
        recorded = replay(to_record(actions), catalogue).state
        assert expected.final.to_json() == recorded.final.to_json()
        assert ui.game.state.final.to_json() == expected.final.to_json()
        # The journal on disk is the game: read back, it replays to the same end.
        kept = scan(journal_path(state), ui.services.load_catalogue())
        assert kept.state is not None and kept.state.final is not None
        assert kept.state.final.to_json() == expected.final.to_json()
        # Every press was named by the screen's legend before it was made.
        assert all(hand.legends)
        if frames is not None:
            initials = [names.good_initial(g) for g in GOODS]
            moves = [_("a move"), _("next move")]
            found = set()
            for frame in frames:
                found.update(f"{frame['screen']}: {p}" for p in problems(frame, ()))
                found.update(unreached(frame, initials, moves, _("Pass")))
            assert not found, sorted(found)[:20]
            assert {"newgame", "supply", "loading", "confirm"} <= {f["screen"] for f in frames}
    finally:
        set_language("en")


def test_the_games_cover_every_pair_of_count_form_and_language():
    """Each player count with each form, each count in each language, each form in each
    language: what the table sees differs along each of these (seats, the Purchase screen,
    the words), and a fault may need two of them together."""
    axes = ((2, 5), ("quick", "tracked"), LANGUAGES)
    for i, j in ((0, 1), (0, 2), (1, 2)):
        played = {(game[i], game[j]) for game in GAMES}
        assert played == {(a, b) for a in axes[i] for b in axes[j]}, (i, j)


def test_the_frame_check_finds_a_round_screen_action_no_button_reaches():
    """`unreached` fails a frame whose legend leaves an action out."""
    good = {"label": "Co", "rect": [0, 0, 60, 60], "enabled": True, "primary": False,
            "bar": False}
    ok = {"label": "3 of 3 goods", "rect": [600, 400, 190, 60], "enabled": True,
          "primary": True, "bar": True}
    frame = {"screen": "supply", "targets": [good, ok],
             "buttons": [{"button": "red", "means": "Co", "letter": "R"},
                         {"button": "ok", "means": "3 of 3 goods"}]}
    assert unreached(frame, ["Co"]) == []
    frame["buttons"] = [{"button": "red", "means": "Te", "letter": "R"}]
    found = unreached(frame, ["Co"])
    assert any("no button is the good 'Co'" in p for p in found)
    assert any("no OK" in p for p in found)
    cell = dict(good, label="A 3")
    frame = {"screen": "purchase", "targets": [cell],
             "buttons": [{"button": "blue", "means": "buys", "letter": "B"}]}
    assert unreached(frame) == ["purchase: no button buys as 'A' ('A 3')"]
    switch = dict(good, label="Track workers")
    frame = {"screen": "purchase", "targets": [switch],
             "buttons": [{"button": "ok", "means": "Nobody bought it"}]}
    assert unreached(frame, switch=("Track workers", "workers")) == [
        "purchase: no button switches the form ('Track workers')"]
    # A buyer chosen on the buttons (their price cell selected): Undo comes first.
    chosen = dict(good, label="A 3", selected=True)
    frame = {"screen": "purchase", "targets": [switch, chosen],
             "buttons": [{"button": "red", "means": "price +1", "letter": "A"}]}
    assert unreached(frame, switch=("Track workers", "workers")) == []
    frame["targets"] = [switch, dict(chosen, selected=False)]
    assert unreached(frame, switch=("Track workers", "workers")) == [
        "purchase: no button switches the form ('Track workers')"]
    frame["buttons"].append({"button": "ok-held", "means": "workers"})
    assert unreached(frame, switch=("Track workers", "workers")) == []
    frame = {"screen": "loading", "targets": [dict(good, label="Co → Ship")],
             "buttons": [{"button": "ok", "means": "Loading done"}]}
    assert unreached(frame, (), ["a move"]) == [
        "loading: no player button steps through the moves"]


def _readme_buttons() -> str:
    text = (Path(__file__).parents[2] / "hardware" / "README.md").read_text(encoding="utf-8")
    return text[text.index("### The buttons at the table"):text.index("## 6.")]


def _msgids() -> list[str]:
    po = Path(__file__).parents[2] / "companion" / "locale" / "de" / "LC_MESSAGES"
    return re.findall(r'^msgid "(.+)"$', (po / "companion.po").read_text(encoding="utf-8"),
                      re.MULTILINE)


def test_the_hardware_readme_says_the_buttons_in_the_products_words():
    """hardware/README.md's button path: every word it quotes (in italics) is what the
    screens say (a message of the translations, its placeholders filled in, a number of the
    legend or a good's initials), and every word a screen's legend gives a player's button
    is in it."""
    section = _readme_buttons()
    quoted = re.findall(r"\*([^*|]+)\*", section)
    patterns = [re.compile(re.escape(m).replace(r"\{", "{").replace(r"\}", "}")
                .replace("{name}", ".+").replace("{price}", r"\d+").replace("{k}", r"\d+")
                + "$") for m in _msgids()]
    set_language("en")
    initials = {names.good_initial(g) for g in GOODS}
    strange = [q for q in quoted if q not in initials and not re.fullmatch(r"\d+(/\d+)?", q)
               and not any(p.match(q) for p in patterns)]
    assert strange == [], strange
    said = set()
    for path in sorted((Path(app.__file__).parent / "ui" / "scenes").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "legend":
                said.update(n.args[0].value for n in ast.walk(node)
                            if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "_"
                            and isinstance(n.args[0], ast.Constant))
    assert said and said <= set(quoted), sorted(said - set(quoted))
