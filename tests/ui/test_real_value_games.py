"""Whole games by touch alone at a table whose cards differ from the catalogue's
placeholders (issue 18, "Done when", first item).

The test draws the "real" printed values of every card the rulebooks do not give
(shared/cards.md: contract goods, 2 to 4; fireman values, 1 to 5, the one Autumn 3 being
D-fireman-1; fire points), seeded, and generates a random legal game with them. The app
starts as shipped, over its real parts (`app.make_services`, a real state directory, the
real cards.yaml and journal), with the placeholders. The table enters the game by taps
only and tells each card by what it shows: Supply's "Contract ?" question (the goods
printed on it), a fireman's value button ("Fireman 3"), and the confirmation screen's
controls (a fire's points, the goods or value of the last card of a kind) set to what is
printed. Then:

- the final numbers are `replay` of the app's journal, with the shipped catalogue (the
  journal's confirm_value lines carry the printed values) and with the real one, and they
  are the numbers of the generated game itself;
- every value the table confirmed is the real one, and reached the owner's cards.yaml;
- no frame of the game fails the frame checks, a catalogue code among them.

Cards of one kind that show the same thing are interchangeable, and the app cannot know
which of them the generator meant: the picker identifies *a* card that shows the answer
(`confirm.which_card`: a confirmed one alike, else a guess alike, else a guess of the
same size). So the test keeps a map from the record's card ids to the app's, learnt at
each reveal (the card the app revealed), and translates the record's later references
(a Loading move to a contract) through it. Final scores do not name cards, so the games
are compared as they are.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from benchmarks.touch import Finger, TouchTable
from companion import app, formats
from companion.engine import GOODS, Action, Reveal, replay, to_record
from companion.engine.cards import Catalogue
from companion.engine.simulate import random_game
from companion.engine.words import PRINTED_FIELD
from companion.paths import SHIPPED_CONFIG_DIR
from companion.ui import names
from companion.ui.core import UI
from companion.ui.i18n import _, set_language
from companion.ui.scenes.confirm import same_value

from .framecheck import problems

#: (players, purchase form, language, seed): 2 and 5 players, both forms, each language.
GAMES = [
    (2, "quick", "en", 31),
    (2, "quick", "de", 21),
    (2, "tracked", "fr", 22),
    (5, "tracked", "en", 23),
    (5, "quick", "fr", 24),
]

#: The fire points drawn (the engine allows 0-99; a printed fire shows a few points).
FIRE_POINTS = range(1, 9)
#: The one Autumn fireman of value 3 is known (D-fireman-1); the others are not 3.
KNOWN_THREE = "D-fireman-1"


def real_values(shipped: Catalogue, rng: random.Random) -> dict[str, dict[str, Any]]:
    """A printed value for every field the catalogue only guesses, in its legal range."""
    out: dict[str, dict[str, Any]] = {}
    for card in shipped:
        field = PRINTED_FIELD.get(card.kind)
        if field is None or field not in card.unverified:
            continue
        if field == "goods":
            value: Any = [str(g) for g in rng.choices(GOODS, k=rng.randint(2, 4))]
        elif field == "value":
            values = [1, 2, 4, 5] if card.season == "D" else [1, 2, 3, 4, 5]
            value = rng.choice(values)
        else:
            value = rng.choice(FIRE_POINTS)
        out[card.id] = {field: value}
    return out


def printed(card: Any) -> Any:
    field = PRINTED_FIELD[card.kind]
    return getattr(card, field)


class Reader(Finger):
    """A finger that checks every frame it looks at."""

    def __init__(self, ui: UI, table: RealTable) -> None:
        super().__init__(ui)
        self.table = table
        self.problems: list[str] = []
        self.last: dict[str, Any] | None = None

    def frame(self) -> dict[str, Any]:
        got = super().frame()
        if got != self.last:  # a frame already checked (looked at again) is not again
            self.problems.extend(f"{got['screen']}: {p}" for p in problems(got, ()))
            self.last = got
        return got


class RealTable(TouchTable):
    """The touch table of benchmarks/touch.py, telling cards of unconfirmed printed value
    by what they show (the real catalogue's values); it maps the record's card ids to
    the app's (`TouchTable.alias`, see the module)."""

    def __init__(self, ui: UI, real: Catalogue) -> None:
        super().__init__(ui)
        self.real = real
        self.finger = Reader(ui, self)

    def start(self, setup: Any) -> None:
        super().start(setup)
        # What each card of the record shows: the real values, not the app's guesses.
        self.truth = {card.id: printed(card) for card in self.real
                      if card.kind in PRINTED_FIELD}

    def enter(self, action: Action) -> None:
        if not isinstance(action, Reveal) or self.real[self.record_id(action.card)].kind \
                not in ("contract", "fireman"):
            super().enter(action)
            return
        self.reveal_by_face(self.record_id(action.card))

    def reveal_by_face(self, record_id: str) -> None:
        """Supply: the revealed contract or fireman, told by what it shows."""
        f = self.finger
        state = self.state
        real = self.real[record_id]
        face = printed(real)
        asked = names.asked(real.kind)
        season = state.top_season()
        unseen = [c for c in state.catalogue if c.id in state.unseen.get(season or "", ())
                  and c.kind == real.kind]
        field = PRINTED_FIELD[real.kind]
        alike = [c for c in unseen if field not in c.unverified and same_value(printed(c),
                                                                                face)]
        chosen = alike[0] if alike else next(c for c in unseen if field in c.unverified)
        label = names.card_in_season(chosen)
        # A fireman whose value is a guess: its value's own button on Supply ("Fireman 3").
        told = f"{_(names.KIND_NAMES[real.kind])} {face}" if real.kind == "fireman" else ""
        for turn in ("\u203a", "\u2039"):
            while not (f.has(asked) or f.has(label) or (told and f.has(told))) and \
                    f.has(turn):
                f.tap(turn)
        if told and f.has(told):  # one tap: which card came up, and what it shows
            f.tap(told)
            return
        if f.has(asked):  # "Contract ?": tap what the card shows (if asked now)
            f.tap(asked)
            if self.ui.top.name == "confirm":
                self.tell(field, face)
            return
        # No question: the one card of its kind left unseen (its guess with a "?"), or
        # cards of confirmed values, one of which shows this.
        f.tap(label)


def services_over(state_dir: Path, language: str, form: str) -> Any:
    settings = {"language": language, "purchase_form": form,
                "display": {"size": [800, 480], "rotation": 0}}
    return app.make_services(settings, state_dir, SHIPPED_CONFIG_DIR, app.open_store(),
                             app.open_history(state_dir))


@pytest.fixture(autouse=True)
def _english():
    yield
    set_language("en")


@pytest.mark.parametrize(("players", "form", "language", "seed"), GAMES)
def test_a_touch_game_with_the_real_printed_values(tmp_path, players, form, language, seed):
    state_dir = tmp_path / "state"
    services = services_over(state_dir, language, form)
    shipped = services.load_catalogue()
    drawn = real_values(shipped, random.Random(seed))
    real = shipped.with_overrides(drawn)
    assert real[KNOWN_THREE].value == 3 and not real[KNOWN_THREE].unverified
    actions, generated = random_game(real, players, seed=seed, form=form, undo_rate=0.03)
    assert generated.final is not None
    ui = UI(services, (800, 480))
    ui.open("home")
    ui.set_language(language)
    table = RealTable(ui, real)
    table.start(actions[0])  # type: ignore[arg-type]
    for action in actions[1:]:
        table.play(action)
    table.finish()
    finger = table.finger
    assert isinstance(finger, Reader)
    assert finger.fallbacks == 0  # nothing but taps
    assert ui.top.name == "final"

    # The final numbers: the app's, replay of its journal (with the shipped placeholders
    # and with the real values: the journal carries what the table confirmed), and the
    # generated game's own.
    journal = ui.game.session.record_text()
    final = ui.game.state.final.to_json()
    assert replay(journal, shipped).state.final.to_json() == final
    assert replay(journal, real).state.final.to_json() == final
    assert replay(to_record(actions), real).state.final.to_json() == final
    assert final == generated.final.to_json()
    texts = finger.texts()
    for pid in ui.game.state.players:
        assert formats.integer(final["scores"][pid]["total"]) in texts

    # Every value the table confirmed is what the card shows, and the owner's file has it.
    catalogue = ui.game.state.catalogue
    confirmed = {c.id: printed(c) for c in catalogue
                 if c.kind in PRINTED_FIELD and PRINTED_FIELD[c.kind] in shipped[c.id].unverified
                 and PRINTED_FIELD[c.kind] not in c.unverified}
    assert confirmed, "the game confirmed no printed value"
    for app_id, value in confirmed.items():
        assert same_value(value, table.shown(app_id)), app_id
    owner = yaml.safe_load((state_dir / "cards.yaml").read_text())
    for app_id, value in confirmed.items():
        (saved,) = owner[app_id].values()
        assert same_value(saved, value), (app_id, saved, value)
    # The fires were asked and answered with their printed points on the confirmation
    # screen (one tap on the number, or steps to it beyond the buttons).
    fires = ui.game.state.fires
    assert len(fires) == 4 and all(f.points == real[f.card].points for f in fires), fires
    assert table.seen["confirm"] >= 3
    ui.game.close()
    found = sorted(set(finger.problems))
    assert not found, found[:20]
