"""A whole game whose Supplies come from rendered photos (the Supply area's markers, a
player's cards in view, the next card in the dealer's hand, leftovers of the last Supply)
through the camera's detector, its Supply logic and the app's real camera socket: no input
names a readable revealed card, one tap names each unreadable one, and the final numbers
are the engine's replay of the journal the app wrote."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from benchmarks.cameragame import play_camera_game  # noqa: E402
from companion.app import make_services, open_history, open_store  # noqa: E402
from companion.engine import Reveal, replay, to_record  # noqa: E402
from companion.engine.simulate import random_game  # noqa: E402
from companion.paths import SHIPPED_CONFIG_DIR  # noqa: E402
from companion.ui.core import UI  # noqa: E402


def test_a_game_with_the_camera_needs_no_input_per_readable_card_and_ends_as_replay(
        tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    state_dir = tmp_path / "state"
    settings = {"language": "en", "purchase_form": "quick",
                "display": {"size": [800, 480], "rotation": 0}}
    # The app's own services: the journal and history in a real state directory.
    services = make_services(settings, state_dir, SHIPPED_CONFIG_DIR, open_store(),
                             open_history(state_dir))
    catalogue = services.load_catalogue()
    players, seed = 5, 24
    actions, _final = random_game(catalogue, players, seed=seed, form="quick")
    ui = UI(services, (800, 480))
    ui.open("home")
    table = play_camera_game(ui, actions, players, seed)

    assert ui.top.name == "final"
    reveals = [a.card for a in actions if isinstance(a, Reveal)]
    assert table.reveals == len(reveals)
    # Every revealed card came from the camera, in the order revealed, but the ones whose
    # marker glare washed out: the camera said which place, and each took one tap. No
    # card of a player's in view, nor one in the dealer's hand, was ever sent.
    assert table.washed_cards and table.unread == len(table.washed_cards)
    assert table.sent == [c for c in reveals if c not in table.washed_cards]
    assert sum(table.card_inputs.values()) == len(table.washed_cards), table.card_inputs
    assert table.finger.fallbacks == 0
    assert services.device_status.get("camera", (False, ""))[0] is True
    expected = replay(ui.game.session.record_text(), catalogue).state
    assert expected is not None and expected.final is not None
    assert expected.final.to_json() == replay(to_record(actions), catalogue).state.final.to_json()
    assert ui.game.state.final.to_json() == expected.final.to_json()
    # The finished game is in the real history, as the table's other games are.
    assert len(open_history(state_dir).games()) == 1


def test_a_card_already_seen_or_out_of_the_game_is_refused_as_from_a_reader(tmp_path: Path):
    """The camera sends what it sees; the app refuses, as it refuses a reader's scan, a card
    already revealed and a card taken out for this player count, and records nothing."""
    import tempfile

    from benchmarks.touch import TouchTable
    from companion import labelcodes
    from companion.camerawire import encode
    from companion.engine import Setup
    from companion.inputs import IntentBus
    from companion.inputs.camera import CameraSocket
    from companion.inputs.intents import CardScanned

    pygame.display.init()
    pygame.font.init()
    state_dir = tmp_path / "state"
    settings = {"language": "en", "purchase_form": "quick",
                "display": {"size": [800, 480], "rotation": 0}}
    services = make_services(settings, state_dir, SHIPPED_CONFIG_DIR, open_store(),
                             open_history(state_dir))
    ui = UI(services, (800, 480))
    ui.open("home")
    TouchTable(ui).start(Setup(players=("red", "blue"), first="red"))
    bus = IntentBus()
    with tempfile.TemporaryDirectory(prefix="c24-") as tmp:
        cam = CameraSocket(Path(tmp) / "camera.sock", bus).start()
        try:
            import socket

            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.connect(str(cam.path))
                for card in ("A-warehouse", "A-warehouse"):
                    s.sendall(encode({"type": "card", "marker": labelcodes.marker_id(card)}))
                got = []
                while len(got) < 2:
                    intent = bus.wait(30)
                    assert intent is not None
                    if isinstance(intent, CardScanned):
                        got.append(intent)
        finally:
            cam.close()
    ui.intent(got[0])
    assert [slot.card for slot in ui.game.state.slots] == ["A-warehouse"]
    ui.intent(got[1])
    assert [slot.card for slot in ui.game.state.slots] == ["A-warehouse"]
    assert ui.message is not None and ui.message.error
    refused_again = ui.message.text
    # The same refusal a reader's scan of that card gets.
    ui.message = None
    ui.intent(CardScanned("0A12345678", "A-warehouse"))
    assert ui.message is not None and ui.message.text == refused_again
    actions = ui.game.state.actions
    ui.intent(CardScanned(labelcodes.barcode("D-port"), "D-port"))  # out of a 2-player game
    assert ui.message is not None and ui.message.error and ui.game.state.actions == actions
