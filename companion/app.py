"""The touchscreen app's composition root: `run(args) -> int`, called by `companion.cli`.

Reads the configuration, opens the display, starts the inputs (real or
simulated), opens the game store and history, and runs the event loop (in
`companion.ui.runner`, since only the UI imports pygame): it blocks on the
intent bus for at most ~20 ms, so an intent wakes it the moment it arrives,
then takes pygame's events, and redraws only when something changed.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion import logs, paths  # noqa: E402
from companion.config.cache import load_config  # noqa: E402
from companion.config.cards import (  # noqa: E402
    confirmed_values,
    load_catalogue,
    load_catalogue_data,
    restore_override,
    save_override,
)
from companion.config.settings import Settings  # noqa: E402
from companion.config.settings import load_settings as load_checked  # noqa: E402
from companion.config.sidefiles import check_tags_file, read_ui_settings  # noqa: E402
from companion.engine import Catalogue, Setup  # noqa: E402
from companion.errors import CompanionError, UsageError  # noqa: E402
from companion.fsio import atomic_write  # noqa: E402
from companion.ui import runner as ui_runner  # noqa: E402
from companion.ui.services import (  # noqa: E402
    GameStore,
    HistorySource,
    PrintedValue,
    Services,
    UISettings,
)

if TYPE_CHECKING:
    from companion.store.session import GameSession

log = logging.getLogger("companion.app")

#: The settings changed on screen, kept in the state directory (the config may be read-only).
UI_SETTINGS_FILE = "ui-settings.json"
DEFAULTS: dict[str, Any] = {
    "language": "en",
    "purchase_form": "quick",
    "display": {"size": [800, 480], "fullscreen": "auto", "rotation": 0},
}


# --- configuration -------------------------------------------------------------------


def load_settings(config_dir: Path, state_dir: Path, checked: Settings | None = None,
                  warnings: list[str] | None = None
                  ) -> tuple[dict[str, Any], dict[str, Any]]:
    """(companion settings, hardware dict); ConfigError for a bad configuration file.

    `checked`: the settings already read and checked (by `load_config`), else read here.
    A bad ui-settings.json is ignored; its warning is appended to `warnings`."""
    settings: dict[str, Any] = json.loads(json.dumps(DEFAULTS))
    if checked is None:
        checked = load_checked(config_dir)
    display = checked.companion.display
    settings.update(language=checked.companion.language,
                    purchase_form=checked.companion.purchase_form,
                    display={"size": [display.width, display.height],
                             "fullscreen": display.fullscreen,
                             "rotation": display.rotation})
    phones = checked.companion.phones
    settings["phones"] = {"bind": phones.bind, "port": phones.port,
                          "wifi_ssid": phones.wifi_ssid, "wifi_password": phones.wifi_password}
    hardware: dict[str, Any] = checked.hardware.as_dict()
    # Checked by companion.yaml's rules (companion.config.sidefiles).
    overlay = read_ui_settings(state_dir, [] if warnings is None else warnings)
    settings["display"].update(overlay.pop("display", {}))
    settings.update(overlay)
    return settings, hardware


def save_ui_settings(state_dir: Path, settings: dict[str, Any]) -> None:
    keep = {k: settings[k] for k in ("language", "purchase_form", "display") if k in settings}
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        atomic_write(state_dir / UI_SETTINGS_FILE, json.dumps(keep, indent=2))
    except OSError as exc:
        raise CompanionError(f"cannot save the settings in {state_dir}: {exc.strerror}") from None


# --- the store, history and inputs -----------------------------------------------------


class _SessionStore:
    """`resume` / `start` of the journal's `GameSession`.

    The store (the journal, the history's SQLite) is imported when a game is first
    resumed or started, not before the first frame: ~7 ms of the start
    (benchmarks/FINDINGS.md, "The start: value types and later imports").

    `club`: a finished game is kept in the club's outbox (companion.yaml names a club),
    and `finished` is called once it is there (the club sender wakes up)."""

    def __init__(self, club: bool = False, finished: Callable[[], None] | None = None) -> None:
        self.club = club
        self.finished = finished

    def _watch(self, session: GameSession) -> GameSession:
        if self.club and self.finished is not None:
            # Every recorded action goes through `commit` (`submit` is prepare + commit).
            commit, wake = session.commit, self.finished

            def commit_and_wake(prepared: Any) -> Any:
                state = commit(prepared)
                if session.finished:
                    wake()
                return state

            session.commit = commit_and_wake  # type: ignore[method-assign]
        return session

    def resume(self, state_dir: Path, catalogue: Catalogue) -> GameSession | None:
        from companion.store.session import GameSession

        session = GameSession.resume(state_dir, catalogue, club=self.club)
        return None if session is None else self._watch(session)

    def start(self, state_dir: Path, catalogue: Catalogue, setup: Setup,
              abandon_current: bool = False) -> GameSession:
        from companion.store.session import GameSession

        return self._watch(GameSession.start(state_dir, catalogue, setup,
                                             abandon_current=abandon_current, club=self.club))


def open_store(club: bool = False, finished: Callable[[], None] | None = None) -> GameStore:
    return _SessionStore(club, finished)


class ClubSender:
    """Sends the finished games waiting in the club's outbox, on a thread of its own, so
    nothing about the club ever waits on the screen (docs/club.md). It wakes when a game
    finishes and every `POLL_S`; after a failed try it waits `BACKOFF_S[n]` (doubling up
    to ten minutes) before the next, so a table without a network costs nothing."""

    POLL_S = 60.0
    BACKOFF_S = (5.0, 10.0, 20.0, 40.0, 80.0, 160.0, 320.0, 600.0)

    def __init__(self, state_dir: Path, url: str, token: str) -> None:
        import threading

        self.state_dir = state_dir
        self.url = url
        self.token = token
        self.problem: str | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="club-sender", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()

    def _loop(self) -> None:
        from companion.store import outbox

        failures = 0
        while not self._stop.is_set():
            try:
                sent, waiting, problem, refused = outbox.send_waiting(
                    self.state_dir, self.url, self.token)
            except Exception:  # noqa: BLE001 - the sender must never stop the table
                log.exception("the club sender failed")
                sent, waiting, problem, refused = 0, 1, "the sender failed", []
            for key, reason in refused:
                log.warning("the club refused game %s: %s", key, reason)
            if sent:
                log.info("sent %d game(s) to the club", sent)
            self.problem = problem
            if problem and waiting:
                log.info("%d game(s) wait for the club: %s", waiting, problem)
                failures += 1
            else:
                failures = 0
            self._wake.wait(self.delay(failures))
            self._wake.clear()

    @classmethod
    def delay(cls, failures: int) -> float:
        """How long to wait before the next try after `failures` failed ones in a row."""
        if failures == 0:
            return cls.POLL_S
        return cls.BACKOFF_S[min(failures - 1, len(cls.BACKOFF_S) - 1)]


class _History:
    """The history, opened afresh for each question (history.db appears with the first game).

    `notes`: what the latest question left out (a damaged row names its game)."""

    #: How long the first question waits for the pinning pass before the screen shows its
    #: progress instead (most histories have nothing to pin: the pass ends at once).
    MOMENT_S = 0.05

    def __init__(self, state_dir: Path, catalogue: Callable[[], Catalogue] | None = None
                 ) -> None:
        self.state_dir = state_dir
        self.notes: list[str] = []
        self.catalogue = catalogue
        self._pinned = catalogue is None
        self._pin_thread: threading.Thread | None = None
        #: (games looked at, of how many) while the pinning pass runs.
        self._progress = (0, 0)

    def pinning(self) -> tuple[int, int] | None:
        """Games of an older version being pinned (docs/record-format.md, "Versioning"):
        (done, of how many) while the pass runs in its own thread, so the screen stays
        live and shows how far it is; None once it is over. The first call starts it."""
        if self._pinned:
            return None
        if self._pin_thread is None:
            self._pin_thread = threading.Thread(target=self._pin, name="pin-history",
                                                daemon=True)
            self._pin_thread.start()
            self._pin_thread.join(self.MOMENT_S)
        if self._pin_thread.is_alive():
            return self._progress
        self._pinned = True
        return None

    def _pin(self) -> None:
        """The pinning pass, once for this history (the games this version archives are of
        format 2); a failure is logged and leaves the rows as they were."""
        from companion.store.pins import pin_history

        def progress(done: int, total: int) -> None:
            self._progress = (done, total)

        try:
            assert self.catalogue is not None
            pin_history(self.state_dir, self.catalogue, progress)
        except CompanionError as exc:
            log.warning("%s", exc.message)
        except Exception:  # noqa: BLE001 - old games left unpinned must not stop the table
            log.exception("pinning the games of an older version failed")

    def _ask(self, method: str, *args: Any, pinned: bool = True) -> Any:
        from companion.store.history import History  # sqlite3: when the history is asked

        if pinned and self.pinning() is not None:
            # A caller that does not wait for the pass itself (History and Statistics
            # show its progress) gets the rows as reopened.
            assert self._pin_thread is not None
            self._pin_thread.join()
            self._pinned = True
        with History(self.state_dir) as history:
            try:
                return getattr(history, method)(*args)
            finally:
                self.notes = list(history.notes)

    def count(self) -> Any:
        return self._ask("count")

    def page(self, first: int, count: int) -> Any:
        return self._ask("page", first, count)

    def game(self, game_id: int) -> Any:
        return self._ask("game", game_id)

    def games(self) -> Any:
        return self._ask("games")

    def player_stats(self) -> Any:
        return self._ask("player_stats")

    def player_totals(self) -> Any:
        return self._ask("player_totals")

    def known_names(self) -> Any:
        return self._ask("known_names", pinned=False)  # names are what pinning never changes


def open_history(state_dir: Path, catalogue: Callable[[], Catalogue] | None = None
                 ) -> HistorySource:
    return _History(state_dir, catalogue)


def make_services(settings: UISettings, state_dir: Path, config_dir: Path, store: GameStore,
                  history: HistorySource | None, catalogue: Catalogue | None = None,
                  save_settings: Callable[[UISettings], None] | None = None) -> Services:
    """The screens' services over the real card files, the catalogue cached until a
    correction. `catalogue`: one already loaded and checked, so it is not loaded again."""
    cache: dict[str, Catalogue] = {} if catalogue is None else {"cat": catalogue}

    def cached_catalogue() -> Catalogue:
        if "cat" not in cache:
            cache["cat"] = load_catalogue(config_dir, state_dir)
        return cache["cat"]

    def override(card_id: str, field: str, value: PrintedValue) -> None:
        save_override(state_dir, card_id, field, value)
        cache.clear()

    def restore(card_id: str, field: str, mistaken: PrintedValue,
                before: PrintedValue | None) -> bool:
        cache.clear()
        return restore_override(state_dir, card_id, field, mistaken, before)

    return Services(
        state_dir=state_dir, config_dir=config_dir, settings=settings, store=store,
        load_catalogue=cached_catalogue,
        load_catalogue_data=lambda: load_catalogue_data(config_dir, state_dir),
        save_override=override, history=history, save_settings=save_settings,
        confirmed_values=lambda: confirmed_values(config_dir, state_dir),
        restore_override=restore,
    )


def _phone_token(state_dir: Path) -> None:
    """The phones' page token (docs/phones.md), made by the app if there is none yet, so
    `serve` (which only reads) can start; its failure never stops the table."""
    from companion.store.phones import ensure_token

    try:
        if state_dir.is_dir():
            ensure_token(state_dir)
    except CompanionError as exc:
        log.warning("%s", exc.message)


def start_inputs(hardware: dict[str, Any], simulate: bool, state_dir: Path,
                 port: str | None = None) -> tuple[Any, Any]:
    """(inputs, bus): the buttons and the card reader, real or simulated, on one intent bus;
    `port`: the reader's port from the command line (`--port`), also with `simulate`."""
    from companion.inputs import IntentBus
    from companion.inputs import start_inputs as start

    bus = IntentBus()
    inputs = start(hardware, bus, simulate=simulate, state_dir=state_dir, reader_port=port)
    return inputs, bus


def reader_port(port: str | None) -> str | None:
    """The `--port` option checked before the window opens: a scanner's port parsed, a
    replay file that exists; any other is a serial port or pyserial URL (checked by the
    reader, which reports a port it cannot open on the screen)."""
    if not port:
        return None
    from companion.inputs.scanner import is_hid_port, parse_hid_port

    if is_hid_port(port):
        try:
            hid = parse_hid_port(port)
        except CompanionError as exc:
            raise UsageError(f"--port: {exc.message}") from None
        if hid.replay and not Path(hid.path).is_file():
            raise UsageError(f"--port {port}: no such file {hid.path!r} (a file of a "
                             "scanner's key events: hardware/READERS.md)")
    return port


def hardware_problems(hardware: dict[str, Any], simulate: bool) -> list[str]:
    """What is wrong with the buttons, reader, display or touchscreen, each with a hint."""
    from companion.inputs.healthcheck import check_hardware

    try:
        return [str(problem) for problem in check_hardware(hardware, simulate=simulate)]
    except CompanionError as exc:
        return [exc.message]


def _sdnotify() -> Any:
    from companion import sdnotify

    return sdnotify


# --- the app ---------------------------------------------------------------------------


def run(args: Any) -> int:
    """Start the touchscreen app; the exit status."""
    stop = ui_runner.StopSignals()  # SIGTERM stops the app, at any moment (issue 12, item 15)
    stop.install()
    stop.on_stop = _sdnotify().stopping
    try:
        return _run(args, stop)
    finally:
        stop.uninstall()


def _run(args: Any, stop: ui_runner.StopSignals) -> int:
    logs.setup_logging("info")  # until the configuration names its level
    ui_runner.init_pygame()
    state_dir = paths.state_dir(getattr(args, "state_dir", None))
    config_dir = paths.config_dir(getattr(args, "config", None))
    simulate = bool(getattr(args, "simulate", False))
    port = reader_port(getattr(args, "port", None))
    each_input = bool(getattr(args, "screenshot_each_input", False))
    if each_input and not getattr(args, "screenshot_dir", None):
        raise UsageError("--screenshot-each-input needs --screenshot-dir DIR (where the "
                         "frames go)")
    #: Side files of the state directory that were ignored: shown on the Home screen.
    file_warnings: list[str] = []
    try:
        # Checked here, used by the screens; from the JSON cache when no YAML file changed.
        checked, catalogue = load_config(config_dir, state_dir, file_warnings)
        settings, hardware = load_settings(config_dir, state_dir, checked, file_warnings)
        check_tags_file(state_dir, file_warnings)
        # To stderr (the journal under systemd), at the configured level.
        logs.setup_logging(checked.companion.log_level)
    except CompanionError as exc:
        log.error("%s", exc.message)
        ui_runner.show_fatal(exc.message, notifier=_sdnotify(), stop=stop)
        ui_runner.quit_pygame()
        raise
    started: list[Any] = []

    def inputs_now() -> tuple[Any, Any]:
        inputs, bus = start_inputs(hardware, simulate, state_dir,
                                   **({"port": port} if port else {}))
        started.append(inputs)
        return inputs, bus

    club = checked.companion.club
    sender = ClubSender(state_dir, club.url, club.token) if club.configured else None
    try:
        services = make_services(
            cast(UISettings, settings), state_dir, config_dir,
            open_store(sender is not None, sender.wake if sender else None),
            open_history(state_dir, lambda: load_catalogue(config_dir, state_dir)), catalogue,
            save_settings=lambda s: save_ui_settings(state_dir, dict(s)))
        runner = ui_runner.Runner(
            services=services,
            inputs=None,
            bus=None,
            start_inputs=inputs_now,  # right after the first frame: gpiozero is slow to import
            simulate=simulate,
            screenshot_dir=getattr(args, "screenshot_dir", None),
            screenshot_each_input=each_input,
            notifier=_sdnotify(),
            problems=lambda: hardware_problems(hardware, simulate),  # after the first frame
            stop=stop,
        )
        runner.ui.services.file_warnings = file_warnings
        if sender is not None:
            from companion.store import outbox

            runner.ui.services.club_waiting = lambda: outbox.count(state_dir)
            sender.start()
        _phone_token(state_dir)
        return runner.run()
    finally:
        if sender is not None:
            sender.stop()
        for inputs in started:
            if inputs is not None:
                inputs.close()
        ui_runner.quit_pygame()
