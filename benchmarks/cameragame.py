"""A whole game whose Supplies come from the camera: rendered photos of the table as the
Supply is dealt, read by the camera's detector and Supply logic, sent over the app's real
camera socket and handed to the UI as the intents the socket puts on the bus. Everything
else is played by touch (`benchmarks.touch`). Shared by tests/camera/test_camera_game.py
and the `camera` benchmark.

The table (`benchmarks.camerarender`): the Supply area's four markers at the corners of the
row's places, a player's cards (bought in earlier rounds) outside the area, in view. The
dealer holds the next card over the row (a still where it moves in the hand), then lays
it at the next free place; a ship's cubes are tapped on the screen once its card has
arrived (the camera cannot see cubes drawn from a bag); a fire is resolved and taken away,
and the next card laid in its place. Between rounds the row is cleared, but now and then a
card the table has not cleared yet lies at the last place while the next Supply is dealt
(a leftover), and now and then a hand is over a card already laid. Every `UNREAD_EVERY`th
card's marker is washed out by glare: the camera says which place it cannot read and the
table taps that card, one input.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks import camerarender as cr
from benchmarks.touch import TouchTable
from companion.camera.client import AppLink
from companion.camera.detect import MarkerDetector
from companion.camera.supply import Read, SupplyWatcher, Unread, is_regular
from companion.engine import Action, Reveal, Setup
from companion.engine.words import Kind
from companion.inputs import IntentBus
from companion.inputs.camera import CameraSocket
from companion.inputs.intents import CardScanned, CardUnread
from companion.ui import names
from companion.ui.core import UI

#: The stills' size: small, for a fast game (1.33 px/mm, a marker 22 px a side; the
#: `camera` benchmark measures 1080p and 720p, and a Camera Module 3 still is 4608x2592).
SIZE = (960, 540)
#: Drawn at twice the stills' resolution, then shrunk (as the benchmark's photos).
SUPER = 2
#: Good stills a card must be seen at rest in (the camera's --stable).
STABLE = 2
#: Every this many revealed cards, one whose marker no camera can read.
UNREAD_EVERY = 17
#: The game's stills: even light, no noise, no JPEG (what the camera reads in every light
#: and blur is the `camera` benchmark's; this is the game's flow, and fast).
GAME = cr.Condition("game", falloff=0.0, noise=0.0, jpeg=None)
#: Seconds to wait for the socket to deliver a card (the UI thread polls the bus).
DELIVERY_S = 30.0


class CameraTable(TouchTable):
    """A `TouchTable` whose revealed cards come from the camera, not from taps."""

    def __init__(self, ui: UI, players: int, seed: int, socket_dir: Path,
                 condition: cr.Condition = GAME) -> None:
        super().__init__(ui)
        self.rng = np.random.default_rng(seed)
        self.condition = condition
        self.detector = MarkerDetector()
        self.watcher = SupplyWatcher(players + 1, stable_frames=STABLE)
        self.bus = IntentBus()
        self.socket = CameraSocket(socket_dir / "camera.sock", self.bus).start()
        self.link = AppLink(self.socket.path, "rendered photos")
        # The table: the places of the row (7: a Supply of 6 and a fire beside it), the area.
        base = cr.scene(self.rng, cr.random_cards(self.rng, 7), condition, others=[])
        self.places = [(c.x, c.y) for c in base.row]
        self.angles = [c.angle for c in base.row]
        self.area = base.area
        self.row: list[str | None] = []
        self.row_round: int | None = None
        self.leftover: str | None = None
        #: Cards bought in earlier rounds, in view outside the area (the last few).
        self.seen_before: list[str] = []
        self.washed: set[str] = set()
        self._previous: cr.Layout | None = None
        #: Every card whose marker was washed out, in the game.
        self.washed_cards: list[str] = []
        #: Inputs the table made to name revealed cards, per round (the goal: one per
        #: unread card, none else).
        self.card_inputs: dict[int, int] = {}
        #: Cards the camera sent, places it reported unread, stills, cube taps.
        self.sent: list[str] = []
        self.unread = 0
        self.photos = 0
        self.cube_taps = 0
        self.reveals = 0

    def close(self) -> None:
        self.link.close()
        self.socket.close()

    def _scene(self, dealt: str | None) -> cr.Scene:
        cards = [cr.Card(c, *self.places[i], self.angles[i], (150, 160, 170))
                 for i, c in enumerate(self.row) if c is not None]
        if self.leftover is not None:
            cards.append(cr.Card(self.leftover, *self.places[5], 3.0, (150, 150, 150)))
        others = self.seen_before[-3:]
        players = [cr.Card(c, cr.FIELD_MM * (0.30 + 0.13 * i), cr.FIELD_MM * 9 / 16 - 30.0,
                           -15.0 + 12 * i, (120, 170, 140)) for i, c in enumerate(others)]
        return cr.Scene(cards, self.area, players, dealt, int(self.rng.integers(0, 2**31)),
                        frozenset(self.washed))

    def _stills(self, dealt: str | None) -> list[Any]:
        """The camera's stills of the table; what it reads goes to the app's socket.
        Returns the intents to expect (a card, or an unread place)."""
        events: list[Any] = []
        stills = []
        if dealt is not None and self._previous is not None and self.reveals % 2:
            # The next card in the dealer's hand over the row as it was.
            before = self._previous
            stills.append(cr.shoot(replace(before, scene=replace(before.scene, dealt=dealt),
                                           condition=replace(self.condition, dealing=True)),
                                   self.rng))
        laid = cr.draw(self._scene(None), self.condition, SIZE, SUPER)
        self._previous = laid
        count = len([c for c in self.row if c])
        if count > 1 and self.photos % 4 == 3:  # a hand over a card already laid
            stills.append(cr.shoot(laid, self.rng, hide=int(self.rng.integers(0, count - 1))))
        stills += [cr.shoot(laid, self.rng) for _ in range(STABLE)]
        for photo in stills:
            events += self._see(photo)
        # The camera goes on taking stills: until the new card (or its place) is told, as
        # long as a card seen in the dealer's hand may still hold it back.
        for _ in range(self.watcher.window if dealt else 0):
            if events:
                break
            events += self._see(cr.shoot(laid, self.rng))
        assert self.link.flush(), "the app's camera socket did not take the cards"
        return events

    def _see(self, photo: cr.Photo) -> list[Any]:
        events: list[Any] = []
        self.photos += 1
        for event in self.watcher.feed(self.detector.look(photo.image)):
            if isinstance(event, Read):
                for card in event.cards:
                    self.link.card(card)
                    self.sent.append(card)
                    events.append(card)
            elif isinstance(event, Unread):
                self.link.unread(event.place)
                self.unread += 1
                events.append(event)
        return events

    def _deliver(self, expected: int) -> None:
        """Hand the socket's intents to the UI as the app's loop does, until `expected`
        cards and unread places have come (and whatever came with them)."""
        got = 0
        while got < expected:
            intent = self.bus.wait(DELIVERY_S)
            assert intent is not None, f"the socket delivered {got} of {expected}"
            self.ui.intent(intent)
            got += isinstance(intent, CardScanned | CardUnread)
        for intent in self.bus.drain():
            self.ui.intent(intent)

    def enter(self, action: Action) -> None:
        if not isinstance(action, Reveal):
            super().enter(action)
            return
        state = self.state
        if self.row_round != state.round:  # a new round: the row is cleared...
            self.row_round = state.round
            old = [c for c in self.row if c is not None]
            self.seen_before += old
            # ... but now and then a card the table has not cleared yet stays a while.
            self.leftover = old[-1] if old and state.round % 3 == 0 else None
            self.row = []
            self.washed = set()
            if old:
                self._stills(None)
        if len(self.row) >= 2 and self.leftover is not None:
            self.leftover = None  # cleared at last
        # A fire was resolved and discarded: the next card is laid in its place.
        self.row = [c if c is None or is_regular(c) else None for c in self.row]
        if None in self.row:
            self.row[self.row.index(None)] = action.card
        else:
            self.row.append(action.card)
        self.reveals += 1
        kind = state.catalogue[action.card].kind
        if self.reveals >= UNREAD_EVERY * (len(self.washed_cards) + 1) and \
                is_regular(action.card) and not action.goods and \
                kind not in (Kind.FIREMAN, Kind.CONTRACT):
            # A card one tap names (not a ship, a fire, or a card whose value is asked).
            self.washed.add(action.card)
            self.washed_cards.append(action.card)
        before = self.inputs()
        expected = self._stills(action.card)
        assert expected, f"the camera did not read {action.card} in {self.row}"
        self._deliver(len(expected))
        if action.card in self.washed:
            # The camera said which place it cannot read: the table taps that card.
            assert any(isinstance(e, Unread) for e in expected), expected
            row = getattr(self.ui.top, "row", None)  # the Supply's camera row (ui/roworder.py)
            assert self.ui.top.name == "supply" and row is not None and row.gap is not None
            super().enter(action)
            self.card_inputs[state.round] = self.card_inputs.get(state.round, 0) + (
                self.inputs() - before)
            return
        self.card_inputs[state.round] = self.card_inputs.get(state.round, 0) + (
            self.inputs() - before)
        for good in action.goods or ():
            if self.state.actions > state.actions:
                break  # the bag left no choice: the rest was filled in
            self.finger.tap(names.good_initial(good))
            self.cube_taps += 1


def play_camera_game(ui: UI, actions: list[Action], players: int, seed: int,
                     condition: cr.Condition = GAME) -> CameraTable:
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
