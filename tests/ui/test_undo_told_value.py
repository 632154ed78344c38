"""Undo of a fireman revealed with a mis-tapped value (QA, German 2-player game at
800x480): the tap wrote the value's `confirm_value` line and the reveal; Undo takes back
the reveal, and the record keeps the line (undo passes over it: docs/record-format.md).
The table must still be able to tell the card's real value: the value confirmed by the
tap whose reveal was undone is asked anew (every value offered), a different one corrects
it in this game (a second `confirm_value` line) and in the owner's card file, and an
Undo alone gives the card file back what it held before the tap.

Through the app's composition root over a real state directory (journal, cards.yaml).
"""

from __future__ import annotations

import json
from pathlib import Path

from companion import app
from companion.config.cards import save_override
from companion.engine import Setup, replay
from companion.paths import SHIPPED_CONFIG_DIR
from companion.store.journal import JOURNAL_NAME
from companion.ui.core import UI
from ui.driver import start_game

SETUP = Setup(players=("red", "blue"), first="red")


def real(state_dir: Path) -> UI:
    settings = {"language": "en", "purchase_form": "quick",
                "display": {"size": [800, 480], "rotation": 0}}
    services = app.make_services(settings, state_dir, SHIPPED_CONFIG_DIR, app.open_store(),
                                 app.open_history(state_dir))
    ui = UI(services, (800, 480))
    ui.open("home")
    return ui


def offered(ui: UI) -> list[int]:
    """The fireman values Supply lets the table tap."""
    ui.render()
    return sorted(v for t in ui.canvas.targets for v in range(1, 6)
                  if t.label == f"Fireman {v}" and t.enabled)


def owner_file(state_dir: Path) -> dict:
    import yaml

    path = state_dir / "cards.yaml"
    return (yaml.safe_load(path.read_text()) or {}) if path.exists() else {}


def journal(state_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (state_dir / JOURNAL_NAME).read_text().splitlines()
            if line.strip()]


def game_with_one_guess(tmp_path: Path) -> tuple[UI, Path]:
    """Winter's fireman 2 was confirmed before this game (it shows 5); fireman 1 is a
    guess. The table taps "Fireman 2" for fireman 1, which shows 3."""
    state_dir = tmp_path / "state"
    save_override(state_dir, "A-fireman-2", "value", 5)
    ui = real(state_dir)
    start_game(ui, SETUP)
    assert offered(ui) == [1, 2, 3, 4, 5]
    ui.press("fireman:2")  # the mis-tap
    state = ui.game.state
    assert state.slots[0].card == "A-fireman-1" and state.catalogue["A-fireman-1"].value == 2
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 2}
    ui.game.undo()
    assert not ui.game.state.slots
    return ui, state_dir


def test_undo_of_a_mis_tapped_fireman_lets_the_table_tell_its_real_value(tmp_path):
    ui, state_dir = game_with_one_guess(tmp_path)
    # Every value the unseen firemen may show is offered again, as before the tap.
    assert offered(ui) == [1, 2, 3, 4, 5]
    ui.press("fireman:3")
    state = ui.game.state
    assert ui.top.name == "supply"
    assert state.slots[0].card == "A-fireman-1"
    card = state.catalogue["A-fireman-1"]
    assert card.value == 3 and "value" not in card.unverified  # the game's books say 3
    assert [(line["type"], line.get("value")) for line in journal(state_dir)[-5:]] == [
        ("confirm_value", 2), ("reveal", None), ("undo", None), ("confirm_value", 3),
        ("reveal", None)]
    # The journal replays to the state the table reached.
    text = (state_dir / JOURNAL_NAME).read_text()
    again = replay(text, ui.services.load_catalogue())
    assert again.error is None and again.state.to_json() == state.to_json()
    assert again.state.catalogue["A-fireman-1"].value == 3
    # Later games see 3.
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 3}
    assert ui.services.load_catalogue()["A-fireman-1"].value == 3
    # A restart resumes where the table was.
    again = restart(ui, state_dir)
    assert again.game.state.to_json() == state.to_json()
    again.game.close()


def restart(ui: UI, state_dir: Path) -> UI:
    """The app stopped and started again: the saved game opened from Home."""
    ui.game.close()
    ui.top.close_session()  # one process, two UIs: Home lets go of the saved game
    again = real(state_dir)
    again.open_game(again.top.session)
    return again


def test_an_undo_alone_gives_the_card_file_back_and_a_restart_still_asks(tmp_path):
    ui, state_dir = game_with_one_guess(tmp_path)
    # Nothing relied on the mistaken value: later games see the card unconfirmed again.
    assert "A-fireman-1" not in owner_file(state_dir)
    assert "value" in ui.services.load_catalogue()["A-fireman-1"].unverified
    assert owner_file(state_dir)["A-fireman-2"] == {"value": 5}  # confirmed before: kept
    again = restart(ui, state_dir)
    assert offered(again) == [1, 2, 3, 4, 5]
    again.press("fireman:3")
    state = again.game.state
    assert state.slots[0].card == "A-fireman-1" and state.catalogue["A-fireman-1"].value == 3
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 3}
    text = (state_dir / JOURNAL_NAME).read_text()
    assert replay(text, again.services.load_catalogue()).state.to_json() == state.to_json()
    again.game.close()


def test_redo_saves_the_value_again_and_an_undone_correction_gives_back_the_guess(tmp_path):
    ui, state_dir = game_with_one_guess(tmp_path)
    ui.game.redo()  # the table meant it after all
    assert ui.game.state.slots[0].card == "A-fireman-1"
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 2}
    ui.game.undo()
    ui.press("fireman:3")  # corrected
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 3}
    ui.game.undo()  # that reveal taken back too: neither tap is relied on
    assert "A-fireman-1" not in owner_file(state_dir)
    assert offered(ui) == [1, 2, 3, 4, 5]
    ui.game.close()


def test_a_card_scanned_after_the_undo_is_asked_its_value_anew(tmp_path):
    from companion.inputs import intents as it

    ui, state_dir = game_with_one_guess(tmp_path)
    ui.intent(it.CardScanned("TAG-A-fireman-1", "A-fireman-1"))
    assert ui.top.name == "confirm"  # not revealed with the value taken back
    assert not ui.game.state.slots
    ui.press("value:3")
    state = ui.game.state
    assert ui.top.name == "supply" and state.slots[0].card == "A-fireman-1"
    assert state.catalogue["A-fireman-1"].value == 3
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 3}
    ui.game.close()


def test_the_same_value_told_again_reveals_the_card_at_once(tmp_path):
    ui, state_dir = game_with_one_guess(tmp_path)
    ui.press("fireman:2")  # it does show 2 after all
    state = ui.game.state
    assert ui.top.name == "supply" and state.slots[0].card == "A-fireman-1"
    assert state.catalogue["A-fireman-1"].value == 2
    # The record holds that value already: no second line, the reveal only.
    assert [line["type"] for line in journal(state_dir)[-4:]] == [
        "confirm_value", "reveal", "undo", "reveal"]
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 2}
    ui.game.close()


def test_a_card_file_that_cannot_follow_an_undo_or_a_redo_is_said_not_only_logged(
        tmp_path, monkeypatch):
    """A full disk as the card file is given back (Undo) or saved again (Redo): the game's
    record is what counts and goes on, and the table reads why later games may see the
    mistaken value, or lack the right one, in the Undo's and the Redo's own message (round
    7 only logged it)."""
    import errno

    from companion.config import cards

    ui, state_dir = game_with_one_guess(tmp_path)  # the Undo gave the file back
    assert ui.message is not None and not ui.message.error
    ui.game.redo()
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 2}

    def full(path, text, **_kw):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(cards, "atomic_write", full)
    ui.game.undo()
    assert not ui.game.state.slots  # the game undid it all the same
    assert ui.message is not None and ui.message.error
    assert ui.message.text.startswith("Undone: revealed Fireman 2. ")
    assert "Later games still take this value" in ui.message.text
    assert "the storage is full" in ui.message.text
    assert owner_file(state_dir)["A-fireman-1"] == {"value": 2}  # as the message says
    monkeypatch.undo()
    ui.game.redo()  # the disk has room again: a plain message
    assert ui.message is not None and not ui.message.error
    ui.game.undo()
    assert "A-fireman-1" not in owner_file(state_dir)
    monkeypatch.setattr(cards, "atomic_write", full)
    ui.game.redo()
    assert ui.game.state.slots[0].card == "A-fireman-1"
    assert ui.message is not None and ui.message.error
    assert ui.message.text.startswith("Redone: ")
    assert "not saved for later games" in ui.message.text
    ui.game.close()
