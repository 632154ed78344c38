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
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion import paths  # noqa: E402
from companion.config.cache import load_config  # noqa: E402
from companion.config.settings import Settings  # noqa: E402
from companion.config.settings import load_settings as load_checked  # noqa: E402
from companion.errors import CompanionError, ConfigError  # noqa: E402
from companion.store.history import History  # noqa: E402
from companion.store.session import GameSession  # noqa: E402

log = logging.getLogger("companion.app")

#: The settings changed on screen, kept in the state directory (the config may be read-only).
UI_SETTINGS_FILE = "ui-settings.json"
DEFAULTS: dict[str, Any] = {
    "language": "en",
    "purchase_form": "quick",
    "display": {"size": [800, 480], "fullscreen": "auto", "rotation": 0},
}


# --- configuration -------------------------------------------------------------------


def load_settings(config_dir: Path, state_dir: Path, checked: Settings | None = None
                  ) -> tuple[dict[str, Any], dict[str, Any]]:
    """(companion settings, hardware dict); ConfigError for a bad file.

    `checked`: the settings already read and checked (by `load_config`), else read here."""
    settings: dict[str, Any] = json.loads(json.dumps(DEFAULTS))
    if checked is None:
        checked = load_checked(config_dir)
    display = checked.companion.display
    settings.update(language=checked.companion.language,
                    purchase_form=checked.companion.purchase_form,
                    display={"size": [display.width, display.height],
                             "fullscreen": display.fullscreen,
                             "rotation": display.rotation})
    hardware: dict[str, Any] = checked.hardware.as_dict()
    overlay = state_dir / UI_SETTINGS_FILE
    if overlay.is_file():
        try:
            saved = json.loads(overlay.read_text(encoding="utf-8"))
            for key in ("language", "purchase_form"):
                if key in saved:
                    settings[key] = saved[key]
            if isinstance(saved.get("display"), dict):
                settings["display"].update(saved["display"])
        except (OSError, ValueError) as exc:
            log.warning("ignoring %s: %s", overlay, exc)
    if settings.get("language") not in ("en", "de", "fr"):
        raise ConfigError(f"{config_dir / 'companion.yaml'}: language must be en, de or fr")
    return settings, hardware


def save_ui_settings(state_dir: Path, settings: dict[str, Any]) -> None:
    keep = {k: settings[k] for k in ("language", "purchase_form", "display") if k in settings}
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        tmp = state_dir / (UI_SETTINGS_FILE + ".tmp")
        tmp.write_text(json.dumps(keep, indent=2), encoding="utf-8")
        os.replace(tmp, state_dir / UI_SETTINGS_FILE)
    except OSError as exc:
        raise CompanionError(f"cannot save the settings in {state_dir}: {exc.strerror}") from None


# --- the store, history and inputs -----------------------------------------------------


class _SessionStore:
    """`resume` / `start` of the journal's `GameSession`."""

    def resume(self, state_dir: Path, catalogue: Any) -> Any:
        return GameSession.resume(state_dir, catalogue)

    def start(self, state_dir: Path, catalogue: Any, setup: Any, abandon_current: bool = False
              ) -> Any:
        return GameSession.start(state_dir, catalogue, setup, abandon_current=abandon_current)


def open_store() -> Any:
    return _SessionStore()


class _History:
    """The history, opened afresh for each question (history.db appears with the first game)."""

    def __init__(self, state_dir: Path) -> None:
        self.state_dir = state_dir

    def _ask(self, method: str) -> Any:
        with History(self.state_dir) as history:
            return getattr(history, method)()

    def games(self) -> Any:
        return self._ask("games")

    def player_stats(self) -> Any:
        return self._ask("player_stats")

    def known_names(self) -> Any:
        return self._ask("known_names")


def open_history(state_dir: Path) -> Any:
    return _History(state_dir)


def start_inputs(hardware: dict[str, Any], simulate: bool, state_dir: Path) -> tuple[Any, Any]:
    """(inputs, bus): the buttons and the card reader, real or simulated, on one intent bus."""
    from companion.inputs import IntentBus
    from companion.inputs import start_inputs as start

    bus = IntentBus()
    inputs = start(hardware, bus, simulate=simulate, state_dir=state_dir)
    return inputs, bus


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
    from companion.ui import runner as ui_runner

    stop = ui_runner.StopSignals()  # SIGTERM stops the app, at any moment (issue 12, item 15)
    stop.install()
    stop.on_stop = _sdnotify().stopping
    try:
        return _run(args, ui_runner, stop)
    finally:
        stop.uninstall()


def _run(args: Any, ui_runner: Any, stop: Any) -> int:
    ui_runner.init_pygame()
    state_dir = paths.state_dir(getattr(args, "state_dir", None))
    config_dir = paths.config_dir(getattr(args, "config", None))
    simulate = bool(getattr(args, "simulate", False))
    try:
        # Checked here, used by the screens; from the JSON cache when no YAML file changed.
        checked, catalogue = load_config(config_dir, state_dir)
        settings, hardware = load_settings(config_dir, state_dir, checked)
    except CompanionError as exc:
        log.error("%s", exc.message)
        ui_runner.show_fatal(exc.message, stop=stop)
        ui_runner.quit_pygame()
        raise
    started: list[Any] = []

    def inputs_now() -> tuple[Any, Any]:
        inputs, bus = start_inputs(hardware, simulate, state_dir)
        started.append(inputs)
        return inputs, bus

    try:
        runner = ui_runner.Runner(
            settings=settings,
            state_dir=state_dir,
            config_dir=config_dir,
            store=open_store(),
            history=open_history(state_dir),
            inputs=None,
            bus=None,
            start_inputs=inputs_now,  # right after the first frame: gpiozero is slow to import
            catalogue=catalogue,
            simulate=simulate,
            screenshot_dir=getattr(args, "screenshot_dir", None),
            save_settings=lambda s: save_ui_settings(state_dir, s),
            notifier=_sdnotify(),
            problems=lambda: hardware_problems(hardware, simulate),  # after the first frame
            stop=stop,
        )
        return runner.run()
    finally:
        for inputs in started:
            if inputs is not None:
                inputs.close()
        ui_runner.quit_pygame()
