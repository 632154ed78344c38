"""A whole game whose Supplies come from the camera: rendered photos of the row as it is
dealt, read by the camera's detector and stable-Supply logic, sent over the app's real
camera socket and handed to the UI as the intents the socket puts on the bus. Everything
else is played by touch (`benchmarks.touch`). Shared by tests/camera/test_camera_game.py
and the `camera` benchmark.

The dealer lays one card after the other at the right end of the row; a ship's cubes are
tapped on the screen once its card has arrived (the camera cannot see cubes drawn from a
bag); a fire is resolved and taken away before the next card; the row is cleared between
rounds. Now and then a hand is over a card already laid.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import camerarender as cr
from benchmarks.touch import TouchTable
from companion.camera.client import AppLink
from companion.camera.detect import MarkerDetector
from companion.camera.supply import Read, SupplyWatcher, is_regular
from companion.engine import Action, Reveal, Setup
from companion.inputs import IntentBus
from companion.inputs.camera import CameraSocket
from companion.inputs.intents import CardScanned
from companion.ui import names
from companion.ui.core import UI

#: A row photo just wide enough for 6 cards and a fire (renders 5x faster than 1080p).
ROW_SIZE = (1700, 420)
#: Stills a row must be seen in (the camera's --stable).
STABLE = 2
#: Seconds to wait for the socket to deliver a card (the UI thread polls the bus).
DELIVERY_S = 30.0


class CameraTable(TouchTable):
    """A `TouchTable` whose revealed cards come from the camera, not from taps."""

    def __init__(self, ui: UI, players: int, seed: int, socket_dir: Path,
                 condition: cr.Condition = cr.CONDITIONS["clean"]) -> None:
        super().__init__(ui)
        self.rng = np.random.default_rng(seed)
        self.condition = condition
        self.detector = MarkerDetector()
        self.watcher = SupplyWatcher(players + 1, stable_frames=STABLE)
        self.bus = IntentBus()
        self.socket = CameraSocket(socket_dir / "camera.sock", self.bus).start()
        self.link = AppLink(self.socket.path, "rendered photos")
        self.row: list[str] = []
        self.row_round: int | None = None
        #: Inputs the table made to name revealed cards (the goal: none), per round.
        self.card_inputs: dict[int, int] = {}
        #: Cards the camera sent, photos rendered, and cube taps (not card inputs).
        self.sent: list[str] = []
        self.photos = 0
        self.cube_taps = 0
        self.reveals = 0

    def close(self) -> None:
        self.link.close()
        self.socket.close()

    def _stills(self, cards: list[str]) -> None:
        """The camera's stills of the row `cards`; what it reads goes to the app's socket."""
        frames: list[Any] = []
        if len(cards) > 1 and self.photos % 4 == 3:  # a hand over a card already laid
            hand = cr.render(self.rng, cards, cr.Condition(hand=True),
                             hand_over=int(self.rng.integers(0, len(cards) - 1)),
                             size=ROW_SIZE, supersample=1)
            frames.append(hand.image)
        photo = cr.render(self.rng, cards, self.condition, size=ROW_SIZE, supersample=1)
        self.photos += 1 + len(frames)
        frames += [photo.image] * STABLE
        for image in frames:
            for event in self.watcher.feed(self.detector.cards(image)):
                if isinstance(event, Read):
                    for card in event.cards:
                        self.link.card(card)
                        self.sent.append(card)
        assert self.link.flush(), "the app's camera socket did not take the cards"

    def _deliver(self, expected: int) -> None:
        """Hand the socket's intents to the UI as the app's loop does, until `expected`
        cards have come (and whatever came with them)."""
        cards = 0
        while cards < expected:
            intent = self.bus.wait(DELIVERY_S)
            assert intent is not None, f"the socket delivered {cards} of {expected} cards"
            self.ui.intent(intent)
            cards += isinstance(intent, CardScanned)
        for intent in self.bus.drain():
            self.ui.intent(intent)

    def enter(self, action: Action) -> None:
        if not isinstance(action, Reveal):
            super().enter(action)
            return
        state = self.state
        if self.row_round != state.round:  # the row was cleared between rounds
            self.row_round = state.round
            if self.row:
                self.row = []
                self._stills([])
        # A fire was resolved and discarded: it is no longer in the row.
        self.row = [c for c in self.row if is_regular(c)] + [action.card]
        before = self.inputs()
        sent = len(self.sent)
        self._stills(self.row)
        expected = len(self.sent) - sent
        assert expected >= 1, f"the camera did not read {action.card} in {self.row}"
        self._deliver(expected)
        self.card_inputs[state.round] = self.card_inputs.get(state.round, 0) + (
            self.inputs() - before)
        self.reveals += 1
        for good in action.goods or ():
            if self.state.actions > state.actions:
                break  # the bag left no choice: the rest was filled in
            self.finger.tap(names.good_initial(good))
            self.cube_taps += 1


def play_camera_game(ui: UI, actions: list[Action], players: int, seed: int,
                     condition: cr.Condition = cr.CONDITIONS["clean"]) -> CameraTable:
    """The whole record, from Home to the final screen; Supplies by the camera."""
    with tempfile.TemporaryDirectory(prefix="cam-game-") as tmp:
        table = CameraTable(ui, players, seed, Path(tmp), condition)
        try:
            setup = actions[0]
            assert isinstance(setup, Setup)
            table.start(setup)
            for action in actions[1:]:
                table.play(action)
            table.finish()
        finally:
            table.close()
    return table
