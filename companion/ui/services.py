"""What the screens need from the world outside the UI, as small interfaces.

The composition root (`companion.app`) fills `Services` in with the real
journal, history, card files and inputs; screenshots and tests fill it in with
in-memory ones (`companion.ui.memory`). Nothing here knows which.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TypedDict

from companion.engine import Action, Catalogue, Setup, State
from companion.engine.step import Step
from companion.engine.values import field, value


class DisplaySettings(TypedDict, total=False):
    size: list[int]
    fullscreen: bool | str
    rotation: int


class PhonesSettings(TypedDict, total=False):
    """companion.yaml `phones` (read only: the Phones screen shows the page's address)."""

    bind: str
    port: int
    wifi_ssid: str
    wifi_password: str


class UISettings(TypedDict, total=False):
    """The settings the screens read and change (`ui-settings.json` keeps the changes)."""

    language: str
    purchase_form: str
    display: DisplaySettings
    phones: PhonesSettings


class GameSession(Protocol):
    """One game on the table: its state, and each action kept before it counts.

    The session is where an action is applied, once: `prepare` applies it without
    recording it (what it would do: the screens read `Step.after`), `commit` records
    that step and returns the new state, `submit` does both."""

    @property
    def state(self) -> State: ...

    def submit(self, action: Action) -> State: ...

    def prepare(self, action: Action) -> Step: ...

    def commit(self, prepared: Step) -> State: ...

    def record_text(self) -> str: ...

    @property
    def lines(self) -> Sequence[str]:
        """The record's lines, setup first, as `record_text` joins them (they only grow)."""
        ...

    def close(self) -> None: ...


class GameStore(Protocol):
    """Where the game on the table is kept (the journal, or memory)."""

    def resume(self, state_dir: Path, catalogue: Catalogue) -> GameSession | None: ...

    def start(self, state_dir: Path, catalogue: Catalogue, setup: Setup,
              abandon_current: bool = False) -> GameSession: ...


class HistorySource(Protocol):
    """Finished games: rows are objects or mappings with the fields the History screen shows.

    The screens read only what they show: `count`, then a `page` of rows (without
    records), a `game` with its record when it is opened. `notes`: what the latest
    question left out (a damaged row, naming its game)."""

    notes: list[str]

    def count(self) -> int: ...

    def page(self, first: int, count: int) -> Sequence[object]: ...

    def game(self, game_id: int) -> object | None: ...

    def games(self) -> Sequence[object]: ...

    def player_stats(self) -> Sequence[object]: ...

    def player_totals(self) -> Sequence[object]:
        """`player_stats` without the points per category (quicker)."""
        ...

    def known_names(self) -> Sequence[str]: ...


class CardReaderSimulator(Protocol):
    """The simulated card reader: a tag or a card, as if scanned."""

    def scan(self, tag: str) -> None: ...

    def scan_card(self, card_id: str) -> str: ...


class TagBinder(Protocol):
    """The tag map: binds a scanned tag to a card."""

    def bind(self, tag: str, card_id: str) -> str: ...


#: A card's printed field and the value the table read (an int, or the goods' tuple).
PrintedValue = int | tuple[str, ...]


@value(frozen=False)
class Services:
    """What the scenes need from the world outside the UI; the app fills it in."""

    state_dir: Path
    config_dir: Path
    settings: UISettings
    store: GameStore
    load_catalogue: Callable[[], Catalogue]
    load_catalogue_data: Callable[[], list[dict[str, object]]]
    save_override: Callable[[str, str, PrintedValue], None]
    history: HistorySource | None = None
    simulator: CardReaderSimulator | None = None
    tagmap: TagBinder | None = None
    save_settings: Callable[[UISettings], None] | None = None
    quit: Callable[[], None] | None = None
    confirmed_values: Callable[[], dict[str, dict[str, object]]] = dict
    """The printed values the table has confirmed, for a new game's `setup.cards`."""
    simulate: bool = False
    """Keys and on-screen stand-ins replace the buttons and the card reader."""
    buttons: bool = False
    """The table has the player buttons, OK and Undo (or keys standing in for them): every
    screen shows what they do (the legend above the bottom bar, issue 31)."""
    hardware_problems: list[str] = field(default_factory=list)
    """Problems the start-up hardware check found, each with a hint for the builder."""
    device_status: dict[str, tuple[bool, str]] = field(default_factory=dict)
    file_warnings: list[str] = field(default_factory=list)
    """Side files of the state directory that were ignored, each naming its file
    (companion.config.sidefiles); Home shows them."""
    recent_intents: list[object] = field(default_factory=list)
    club_waiting: Callable[[], int] | None = None
    """How many finished games wait for the club (docs/club.md); None when the table's
    configuration names no club. Settings shows it."""
    restore_override: Callable[[str, str, PrintedValue, PrintedValue | None], bool] | None = None
    """Give a printed value of the owner's card file back what it held before a
    confirmation the table took back, if it still holds the mistaken one
    (`config.cards.restore_override`); None where nothing is saved for later games."""
